//! The commands of combat maneuvers and items (§4.4): what each carries, and how the rules check and execute it.

use crate::rules::UnitId;
use serde::{Deserialize, Serialize};

/// The active unit attempts a combat maneuver on `target` (§4.4), e.g.
/// `Maneuver(unit: "a", target: "b", maneuver: Reposition(to: (3, 4)))`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Maneuver {
    pub unit: UnitId,
    pub target: UnitId,
    pub maneuver: super::Maneuver,
    /// The weapon for the roll; default: its best melee weapon that reaches.
    #[serde(default)]
    pub weapon: Option<String>,
}

/// saga: a grabbed or grappled unit breaks free of one holder per character level
/// (§4.4); `from` picks which.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BreakFree {
    pub unit: UnitId,
    #[serde(default)]
    pub from: Vec<UnitId>,
}

/// The active unit picks up a weapon lying in or next to its space (§4.3.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PickUp {
    pub unit: UnitId,
    pub weapon: String,
}
