//! The commands of the vehicle chase (§26): what each carries, and how the rules check and execute it.

use crate::rules::UnitId;
use crate::rules::engine::command::{Gates, RuleCommand};
use crate::rules::{Executor, RuleError};
use bevy::prelude::World;
use serde::{Deserialize, Serialize};

/// Chase (§26.3): the pilot `unit` takes a pilot action in the pilot actions phase;
/// `double: true` marks each part of a double maneuver (a full action).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PilotAction {
    pub unit: UnitId,
    pub action: crate::ruleset::PilotAction,
    #[serde(default)]
    pub target: Option<UnitId>,
    #[serde(default)]
    pub double: bool,
}

impl RuleCommand for PilotAction {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.any_time()
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        super::game::check_pilot_action(world, self)
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        super::game::execute_pilot_action(ex, self)
    }
}

/// Chase: the pilot ends its pilot-actions turn (forfeiting a double maneuver's second
/// part; with no pilot action taken the vehicle is uncontrolled, CHS-8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndPilotTurn {
    pub unit: UnitId,
}

impl RuleCommand for EndPilotTurn {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.passive().any_time()
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        super::game::check_end_pilot_turn(world, self)
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        super::game::execute_end_pilot_turn(ex, self)
    }
}

/// Chase (§26.4): runs the chase progress phase once every pilot has acted; `stay` lists
/// vehicles that would escape but stay one zone ahead instead (CHS-10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChaseProgress {
    #[serde(default)]
    pub stay: Vec<UnitId>,
}

impl RuleCommand for ChaseProgress {
    fn actor(&self) -> Option<&UnitId> {
        None
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.carries_off()
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        super::game::check_chase_progress(world, self)
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        super::game::execute_chase_progress(ex, self)
    }
}

/// Chase (CHS-17): the pilot `unit` smashes its vehicle into the engaged `target` vehicle
/// (a standard action in the combat phase).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Collide {
    pub unit: UnitId,
    pub target: UnitId,
}

impl RuleCommand for Collide {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        super::game::check_collide(world, self)
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        super::game::execute_collide(ex, self)
    }
}

/// Chase (CHS-16): the passenger `unit` climbs from its vehicle onto `vehicle`, engaged
/// with it, in the combat phase: a move action that provokes attacks of opportunity, then
/// Acrobatics or Athletics (`skill`; the better of the two when left out) against 5 + the
/// vehicle's KAC.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardEngaged {
    pub unit: UnitId,
    pub vehicle: UnitId,
    #[serde(default)]
    pub skill: Option<crate::rules::chase::BoardingSkill>,
}

impl RuleCommand for BoardEngaged {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.carries_off()
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        super::game::check_board_engaged(world, self)
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        super::game::execute_board_engaged(ex, self)
    }
}
