//! The commands of vehicles on the grid (§25): what each carries, and how the rules check and execute it.

use crate::rules::UnitId;
use crate::rules::engine::bounds::{Operands, Step};
use crate::rules::engine::command::RuleCommand;
use crate::rules::{Executor, RuleError};
use bevy::prelude::World;
use serde::{Deserialize, Serialize};

/// A vehicle action of the active unit (starfinder §25): piloting, taking or giving up
/// control, boarding and getting off, e.g. `Vehicle(unit: "buddy", order: Race(angle: 0))`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Vehicle {
    pub unit: UnitId,
    pub order: crate::rules::vehicle::VehicleOrder,
}

impl RuleCommand for Vehicle {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn operands(&self, out: &mut Operands) {
        self.order.operands(out);
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::vehicle::check_order(world, &self.unit, &self.order)
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::vehicle::execute_order(ex, &self.unit, &self.order)
    }
}

/// VEH-21: the pilot `unit` drives its vehicle off the battle map across the edge ahead of
/// it (a move action); the vehicle and its riders are off the map until it comes back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaveMap {
    pub unit: UnitId,
}

impl RuleCommand for LeaveMap {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::vehicle::escape::check_leave(world, &self.unit).map(|_| ())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::vehicle::escape::execute_leave(ex, &self.unit)
    }
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

impl RuleCommand for ReturnToMap {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn operands(&self, out: &mut Operands) {
        out.square(&[Step::Field("at")], self.at);
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::vehicle::escape::check_return(world, &self.unit, self.at).map(|_| ())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::vehicle::escape::execute_return(ex, &self.unit, self.at, self.heading)
    }
}
