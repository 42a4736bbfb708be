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
    /// d20 SRD overrun (MNV-SRD-6): not resolved yet.
    Overrun,
    /// d20 SRD sunder (MNV-SRD-7): not resolved yet.
    Sunder,
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
    /// d20 SRD and d20 Modern: touch attacks and opposed checks (docs/d20-maneuvers.md).
    #[serde(default)]
    pub opposed: Option<OpposedManeuvers>,
}

/// How size changes a combatant's side of an opposed check (MNV-SRD-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SizeBonus {
    /// d20 SRD: each combatant gets `step` per size category above Medium, or minus `step`
    /// per category below ("a +4 bonus for every size category he is larger than Medium").
    FromMedium,
    /// d20 Modern: "the larger combatant gets a bonus ... of +4 per difference in size
    /// category".
    LargerGets,
}

/// Whose size a disarm compares (MNV-SRD-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DisarmSize {
    /// d20 SRD: "If the combatants are of different sizes, the larger combatant gets ...".
    Combatants,
    /// d20 Modern: "If the weapons are different sizes, the opponent with the larger weapon
    /// gets ..."; a weapon's size is its wielder's, one smaller if light, one larger if
    /// wielded in two hands.
    Weapons,
}

/// d20 disarm (MNV-SRD-4): opposed attack rolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpposedDisarm {
    /// To the wielder of a two-handed weapon (+4).
    pub two_handed_bonus: i32,
    /// d20 Modern: only the target gets the two-handed bonus.
    pub two_handed_target_only: bool,
    /// To the wielder of a light weapon, unarmed strikes included (d20 SRD −4; d20 Modern none).
    pub light_penalty: Option<i32>,
    /// Per size category of difference, to the larger side (+4).
    pub size_step: i32,
    pub size_of: DisarmSize,
    /// To the target when the item is not a melee weapon (d20 SRD −4); `None`: disarming a
    /// ranged weapon is not supported yet.
    pub non_melee_item: Option<i32>,
    /// A damaging attack of opportunity makes the attempt fail (d20 SRD).
    pub fails_on_aoo_damage: bool,
    /// A failed disarm lets the target try to disarm the attacker at once.
    pub disarm_back: bool,
}

/// d20 grapple (MNV-SRD-5): a touch attack to grab, then opposed grapple checks (BAB + Str +
/// the size table's `grapple_mod`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpposedGrapple {
    /// The hold fails against a target more than this many size categories larger (d20 SRD
    /// 1: "two or more size categories larger" loses; d20 Modern 2).
    pub hold_max_larger_sizes: u32,
    /// A damaging attack of opportunity makes the attempt fail.
    pub fails_on_aoo_damage: bool,
    /// The unarmed strike a hold deals when the stat block lists none, for a Medium
    /// creature (1d3, nonlethal).
    pub unarmed_damage: super::DiceExpr,
}

/// d20 SRD and d20 Modern combat maneuvers (docs/d20-maneuvers.md, MNV-SRD-1..8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpposedManeuvers {
    pub size: SizeBonus,
    /// The size bonus per category in Strength checks (4).
    pub size_step: i32,
    /// To a defender that is "exceptionally stable" (the `Stable` trait): +4.
    pub stability_bonus: i32,
    /// Trip, bull rush and overrun work on creatures at most this many sizes larger (1).
    pub max_larger_sizes: u32,
    /// The Improved feats' bonus on the maneuver's check (+4).
    pub improved_bonus: i32,
    /// A failed trip lets the defender try to trip the attacker at once (MNV-SRD-2).
    pub trip_back: bool,
    pub disarm: OpposedDisarm,
    pub grapple: OpposedGrapple,
    /// Bull rush: the chance an attack of opportunity meant for one of the two goes to the
    /// other (25%).
    pub astray_pct: u32,
    /// Why sunder is not resolved in this family (d20 Modern has none).
    pub no_sunder: Option<String>,
}
