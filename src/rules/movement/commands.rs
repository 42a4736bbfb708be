//! The commands of movement (§5): what each carries, and how the rules check and execute it.

use crate::grid::Square;
use crate::rules::UnitId;
use crate::rules::engine::bounds::{Operands, Step};
use crate::rules::engine::command::{Gates, RuleCommand};
use crate::rules::movement::MoveMode;
use crate::rules::movement::flight::FlyStep;
use crate::rules::{Executor, RuleError};
use bevy::prelude::World;
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

impl RuleCommand for Move {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.walks()
    }

    fn operands(&self, out: &mut Operands) {
        out.square(&[Step::Field("to")], self.to);
        out.squares("path", self.path.as_deref().unwrap_or_default());
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::movement::check_move(world, &self.unit, self.to, self.path.as_deref(), self.mode).map(|_| ())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::movement::execute_move(ex, &self.unit, self.to, self.path.as_deref(), self.mode)
    }
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

impl RuleCommand for Charge {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ATTACK.walks()
    }

    fn operands(&self, out: &mut Operands) {
        if let Some(to) = self.to {
            out.square(&[Step::Field("to")], to);
        }
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::movement::charge::check_charge(world, &self.unit, &self.target, self.to, self.weapon.as_deref())
            .map(|_| ())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::movement::charge::execute_charge(ex, &self.unit, &self.target, self.to, self.weapon.as_deref())
    }
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

impl RuleCommand for Fly {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.walks()
    }

    fn operands(&self, out: &mut Operands) {
        for (k, step) in self.route.iter().enumerate() {
            if let FlyStep::To(sq) = step {
                out.square(&[Step::Field("route"), Step::Index(k)], *sq);
            }
        }
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::movement::flight::check_fly(world, &self.unit, &self.route, self.double).map(|_| ())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::movement::flight::execute_fly(ex, &self.unit, &self.route, self.double)
    }
}

/// The active unit stands up from prone (move action; §4.3.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandUp {
    pub unit: UnitId,
}

impl RuleCommand for StandUp {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.needs_able()
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::movement::check_posture(world, &self.unit, false)
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::movement::execute_posture(ex, &self.unit, false)
    }
}

/// The active unit drops prone (swift action in starfinder, saga; §4.3.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DropProne {
    pub unit: UnitId,
}

impl RuleCommand for DropProne {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.needs_able()
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::movement::check_posture(world, &self.unit, true)
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::movement::execute_posture(ex, &self.unit, true)
    }
}
