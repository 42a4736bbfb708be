//! Flanking as data (RULES.md §12, FLK-1): the bonus and who may flank.

use serde::{Deserialize, Serialize};

/// How "on the opposite side" is tested (FLK-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum FlankTest {
    /// The line between the two flankers' centres passes through opposite borders or
    /// opposite corners of the opponent's space (001:1745-1748).
    CentreLine,
}

/// §12 for one family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlankingRules {
    /// Bonus on the attack roll; never more than this (+2 in both families).
    pub attack_bonus: i32,
    /// Melee attacks only (saga: none for ranged, 004:805-807).
    pub melee_only: bool,
    /// The partner must threaten the opponent (starfinder 001:1739-1743).
    pub partner_must_threaten: bool,
    pub test: FlankTest,
    /// Reach-0 creatures can flank (starfinder no, 001:1744).
    pub reach_zero_can_flank: bool,
    /// A multi-square flanker qualifies if any of its squares does (001:1749-1750).
    pub any_square_of_large_flanker: bool,
}
