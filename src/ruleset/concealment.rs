//! Concealment as data (RULES.md §10, CON-1): the miss-chance vs attack-penalty model and
//! its numbers, how lines are tested and what total concealment forbids.

use serde::{Deserialize, Serialize};

/// What concealment does to an attack (§10.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ConcealmentModel {
    /// starfinder: a hit misses if the defender's d% is at most the percentage
    /// (001:1592-1593, 1621-1633).
    MissChance { normal_pct: u32, total_pct: u32 },
    /// saga: a penalty on the attack roll, no miss chance (004:713, 725).
    AttackPenalty { normal: i32, total: i32 },
}

/// Perception penalties for noticing concealed creatures (saga 004:715, 727).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerceptionPenalty {
    pub normal: i32,
    pub total: i32,
}

/// §10 for one family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConcealmentRules {
    pub model: ConcealmentModel,
    /// Lines touching a concealing square's border count, and the attacker's and target's
    /// own squares count (§10.1; saga uncertain, same default).
    pub lines_count_border_and_end_squares: bool,
    /// Against an adjacent melee target, concealment needs every target square inside a
    /// concealing effect (001:1611-1613; 004:711).
    pub adjacent_melee_needs_whole_space: bool,
    /// saga: no AoO against a totally concealed creature, even if its square is known (004:725).
    pub total_blocks_aoo: bool,
    pub perception: Option<PerceptionPenalty>,
}
