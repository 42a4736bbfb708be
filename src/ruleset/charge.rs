//! The charge action as data (RULES.md §5.8, MOV-7, MOV-19): action type, distance,
//! path restrictions and the attack and defense modifiers.

use super::actions::ActionKind;
use super::common::Until;
use super::stacking::BonusType;
use serde::{Deserialize, Serialize};

/// How difficult terrain on the charge path is treated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ChargeTerrain {
    /// starfinder: any square on the line that slows movement forbids the charge (001:1039-1041).
    Forbidden,
    /// saga: crossing it costs double as usual (004:463).
    DoubleCost,
}

/// Which squares a charge path is tested against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ChargePath {
    /// starfinder MOV-19 (uncertain U16): the footprint swept from start to the closest
    /// attack space; every step must reduce the distance to the target.
    SweptFootprint,
    /// saga: a straight line laid out per `grid.straight_line` (004:463).
    StraightLine,
}

/// What the charger may still do after the charge attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum AfterCharge {
    /// starfinder: no further movement (001:1045-1050).
    NoFurtherMovement,
    /// saga: no further actions that turn; earlier ones were allowed (004:463).
    NoFurtherActions,
}

/// §5.8 for one family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChargeRules {
    pub action: ActionKind,
    /// Minimum distance in squares (2 = 10 ft in both families).
    pub min_squares: u32,
    /// Maximum distance as a multiple of speed (starfinder 2, saga 1).
    pub max_speed_multiple: u32,
    /// Modifier to the charge attack roll (starfinder −2, saga +2 competence).
    pub attack_mod: i32,
    /// Its bonus type (§21: saga competence).
    pub attack_type: BonusType,
    /// Modifier to the charger's AC / Reflex Defense (−2 in both), lasting `defense_until`.
    pub defense_mod: i32,
    pub defense_until: Until,
    pub path: ChargePath,
    pub difficult_terrain: ChargeTerrain,
    /// A creature on the path blocks the charge even if it is an ally (starfinder yes).
    pub allies_block: bool,
    /// Helpless creatures on the path may be passed (starfinder 001:1041-1042).
    pub pass_helpless: bool,
    /// saga: Low Objects on the path forbid the charge.
    pub low_objects_block: bool,
    /// starfinder: line of sight to the target at the start of the turn (001:1043-1044).
    pub needs_sight_at_turn_start: bool,
    pub after_attack: AfterCharge,
    /// starfinder: with BAB at least this, drawing a weapon is part of the charge.
    pub draw_weapon_min_bab: Option<i32>,
    /// saga: no Tumble during a charge.
    pub tumble_allowed: bool,
    /// d20 SRD partial charge: a unit restricted to one standard or move action this turn
    /// (the surprise round, a condition such as staggered) may still charge, as a standard
    /// action, moving at most its speed.
    #[serde(default)]
    pub partial_charge: bool,
}
