//! The withdraw action as data (RULES.md §5.9): action type, distance and which leaving
//! moves are protected from attacks of opportunity.

use super::actions::ActionKind;
use super::common::Fraction;
use serde::{Deserialize, Serialize};

/// Which part of a withdraw does not provoke (§5.9 "protection").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum WithdrawProtection {
    /// starfinder: the starting square counts as unthreatened by opponents you can see;
    /// unseen ones still get an AoO (001:1085-1095).
    StartSquareVsSeen,
    /// saga: the first `squares` of movement must leave every opponent's threatened area
    /// by the shortest route; otherwise no withdraw (004:551-557).
    FirstSquaresMustClear { squares: u32 },
}

/// §5.9 for one family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WithdrawRules {
    pub action: ActionKind,
    /// Maximum distance as a fraction of speed (starfinder 2/1, saga 1/2).
    pub max_distance: Fraction,
    pub protection: WithdrawProtection,
    /// starfinder: no withdraw while blinded without another precise sense (001:1089-1091).
    pub blinded_allowed: bool,
}
