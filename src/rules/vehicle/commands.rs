//! The commands of vehicles on the grid (§25): what each carries, and how the rules check and execute it.

use crate::rules::UnitId;
use serde::{Deserialize, Serialize};

/// A vehicle action of the active unit (starfinder §25): piloting, taking or giving up
/// control, boarding and getting off, e.g. `Vehicle(unit: "buddy", order: Race(angle: 0))`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Vehicle {
    pub unit: UnitId,
    pub order: crate::rules::vehicle::VehicleOrder,
}

/// VEH-21: the pilot `unit` drives its vehicle off the battle map across the edge ahead of
/// it (a move action); the vehicle and its riders are off the map until it comes back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaveMap {
    pub unit: UnitId,
}

/// VEH-21: the pilot `unit` drives its vehicle back onto the map (a move action, from the
/// round after it left): its top-left square at `at`, its space touching the edge it left,
/// facing `heading`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReturnToMap {
    pub unit: UnitId,
    pub at: crate::grid::Square,
    pub heading: crate::grid::Heading,
}
