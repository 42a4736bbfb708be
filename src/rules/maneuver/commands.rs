//! The commands of combat maneuvers and items (§4.4): what each carries, and how the rules check and execute it.

use crate::rules::UnitId;
use crate::rules::engine::bounds::{Operands, Step};
use crate::rules::engine::command::{Gates, RuleCommand};
use crate::rules::{Executor, RuleError};
use bevy::prelude::World;
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

impl RuleCommand for Maneuver {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ATTACK
    }

    fn operands(&self, out: &mut Operands) {
        if let super::Maneuver::Reposition { to } = &self.maneuver {
            out.square(&[Step::Field("maneuver"), Step::Field("to")], *to);
        }
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::maneuver::check_maneuver(world, &self.unit, &self.target, &self.maneuver, self.weapon.as_deref())
            .map(|_| ())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::maneuver::execute_maneuver(ex, &self.unit, &self.target, &self.maneuver, self.weapon.as_deref())
    }
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

impl RuleCommand for BreakFree {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::maneuver::hold::check_break_free(world, &self.unit, &self.from).map(|_| ())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::maneuver::hold::execute_break_free(ex, &self.unit, &self.from)
    }
}

/// The active unit picks up a weapon lying in or next to its space (§4.3.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PickUp {
    pub unit: UnitId,
    pub weapon: String,
}

impl RuleCommand for PickUp {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::maneuver::items::check_pick_up(world, &self.unit, &self.weapon).map(|_| ())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::maneuver::items::execute_pick_up(ex, &self.unit, &self.weapon)
    }
}
