//! Combat maneuvers of a family as data (RULES.md §4.4): which maneuvers exist, the action
//! they take and every number of their rolls. `None` where the family's seed has none.

use super::actions::ActionKind;
use serde::{Deserialize, Serialize};

/// A combat maneuver that moves or restrains on the grid (§4.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ManeuverKind {
    BullRush,
    Trip,
    Reposition,
    Grapple,
    Disarm,
    /// saga grab (004:493-499).
    Grab,
}

/// starfinder: a melee attack roll against KAC + `defense_bonus`; the effect grows by one
/// step for every `excess_step` the result beats it by (001:771-851).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackVsKac {
    /// Added to the target's KAC (+8).
    pub defense_bonus: i32,
    /// Per this much excess, 5 ft more of bull rush or reposition, a round more of a dirty
    /// trick (5).
    pub excess_step: i32,
    /// A grapple whose result reaches KAC + this pins instead (+13).
    pub pin_bonus: i32,
    /// Feet a bull rush pushes and a reposition moves before any excess (5).
    pub base_distance_ft: u32,
    /// Feet a tripped flier descends (10, 001:848-849).
    pub trip_descent_ft: u32,
}

/// saga disarm (004:465-483): a melee attack against Reflex Defense + `defense_bonus`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DisarmRules {
    /// The defender's bonus to Reflex Defense during the disarm (+10).
    pub defense_bonus: i32,
    /// Per hand beyond the first the defender holds the weapon with (−5).
    pub per_extra_hand: i32,
    /// Improved Disarm's bonus (+5).
    pub improved_bonus: i32,
}

/// saga grab and grapple (004:493-513): an unarmed attack with no damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GrabRules {
    /// The grab's attack penalty (−5); a grapple attack takes none.
    pub grab_penalty: i32,
    /// How many size categories larger than the attacker the target may be (1).
    pub max_larger_sizes: u32,
    /// Breaking free, which clears one grabber per character level (standard).
    pub break_free: ActionKind,
}

/// §4.4 for one family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManeuverRules {
    /// The action each maneuver takes.
    pub action: ActionKind,
    /// The maneuvers the family has.
    pub kinds: Vec<ManeuverKind>,
    /// Picking a disarmed weapon back up: manipulating an item (§4.3.2).
    pub pick_up: ActionKind,
    /// starfinder's roll against KAC + 8.
    #[serde(default)]
    pub against_kac: Option<AttackVsKac>,
    #[serde(default)]
    pub disarm: Option<DisarmRules>,
    #[serde(default)]
    pub grab: Option<GrabRules>,
}
