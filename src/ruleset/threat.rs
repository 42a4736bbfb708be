//! Reach and threatened squares (RULES.md §6.2, §7, THR-1..THR-5): which creatures and
//! weapons threaten and how reach is measured on the grid.

use serde::{Deserialize, Serialize};

/// How a reach in squares becomes a set of threatened squares (THR-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ReachMetric {
    /// starfinder: the family distance from the nearest own square is at most the reach,
    /// plus, when enabled, the reach-10 diagonal exception (THR-4, 001:1838-1842).
    FamilyDistance { reach_10_diagonal_exception: bool },
    /// saga: reach 1 = adjacent squares (004:869); larger reach uses Chebyshev distance
    /// (not in seeds).
    Chebyshev,
}

/// Things a creature can be armed with that make it threaten (THR-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ThreatWeapon {
    Natural,
    Melee,
    /// saga only (004:657).
    Pistol,
    Carbine,
    FoldedStock,
}

/// Whether unarmed strikes threaten (THR-2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum UnarmedThreat {
    /// starfinder: making unarmed strikes does not threaten (001:1802-1807).
    Never,
    /// saga: only with the named feat (004:645).
    WithFeat(String),
}

/// Reach weapons (starfinder 001:1814-1819, 1836-1837).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReachWeapon {
    /// Typical reach of a reach weapon for Small and Medium wielders.
    pub small_medium_ft: u32,
    /// Large or bigger wielders add this to their natural reach.
    pub large_adds_ft: u32,
    /// Whether a weapon marked `reach_weapon` also strikes (and threatens) within its
    /// wielder's natural reach. starfinder: yes, it "threatens all squares you can reach"
    /// (001:1814-1819). d20 SRD (not in seeds 002, 003): no, "you can't use it against an
    /// adjacent foe", nor a Large wielder within its natural reach, so it threatens a ring.
    pub strikes_within_natural_reach: bool,
}

/// §6.2 and §7 for one family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThreatRules {
    pub metric: ReachMetric,
    /// Weapon kinds that make a creature threaten.
    pub weapons: Vec<ThreatWeapon>,
    pub unarmed: UnarmedThreat,
    /// Reach-0 creatures (Tiny and smaller) threaten squares (starfinder no, 001:1826-1829).
    pub reach_zero_threatens: bool,
    /// Reach-0 creatures must enter the target's square to attack (001:1820-1829; 004:875-877).
    pub reach_zero_enters_square: bool,
    pub reach_weapon: Option<ReachWeapon>,
}
