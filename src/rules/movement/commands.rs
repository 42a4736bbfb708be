//! The commands of movement (§5): what each carries, and how the rules check and execute it.

use crate::grid::Square;
use crate::rules::UnitId;
use crate::rules::flight::FlyStep;
use crate::rules::movement::MoveMode;
use serde::{Deserialize, Serialize};

/// The active unit moves to `to` (§5): along `path` (each next top-left square, `to` last)
/// or, without one, along the cheapest legal path the planner finds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move {
    pub unit: UnitId,
    pub to: Square,
    #[serde(default)]
    pub path: Option<Vec<Square>>,
    #[serde(default)]
    pub mode: MoveMode,
}

/// The active unit charges `target` (§5.8, MOV-19): a straight move to the closest square
/// from which it can attack (`to` picks among equally close ones), then one melee attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Charge {
    pub unit: UnitId,
    pub target: UnitId,
    #[serde(default)]
    pub to: Option<Square>,
    #[serde(default)]
    pub weapon: Option<String>,
}

/// The active unit flies along `route` (MOV-14): `To((x, y))` steps, `Up` and `Down`;
/// with one move action, or two with `double`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fly {
    pub unit: UnitId,
    pub route: Vec<FlyStep>,
    #[serde(default)]
    pub double: bool,
}

/// The active unit stands up from prone (move action; §4.3.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandUp {
    pub unit: UnitId,
}

/// The active unit drops prone (swift action in starfinder, saga; §4.3.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DropProne {
    pub unit: UnitId,
}
