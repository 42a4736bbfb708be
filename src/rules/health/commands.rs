//! The commands of health and recovery (§17, §20): what each carries, and how the rules check and execute it.

use crate::rules::engine::bounds::{Operands, SCORE, Step};
use crate::rules::engine::command::{Gates, RuleCommand};
use crate::rules::engine::resolve::{known, no_delay_window};
use crate::rules::{Ability, UnitId};
use crate::rules::{Executor, RuleError};
use bevy::prelude::World;
use serde::{Deserialize, Serialize};

/// An effect deals `amount` damage to `target`'s `ability` (HP-SF-8, starfinder): a
/// poison, a monster's ability. Recorded for `source`; costs no action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageAbility {
    pub source: UnitId,
    pub target: UnitId,
    pub ability: Ability,
    pub amount: u32,
}

impl RuleCommand for DamageAbility {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.source)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.passive().any_time()
    }

    fn operands(&self, out: &mut Operands) {
        out.number(&[Step::Field("amount")], i64::from(self.amount), SCORE);
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        no_delay_window(world)?;
        known(world, &self.target)?;
        crate::rules::health::ability::check_damage_ability(world, &self.target, self.amount).map(|_| ())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::health::ability::damage_ability(ex, &self.source, &self.target, self.ability, self.amount)
    }
}

/// The active unit stops `target`'s bleeding with a DC 15 Medicine check (§20). Refused as
/// not supported: the engine does not model skill checks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreatBleeding {
    pub unit: UnitId,
    pub target: UnitId,
}

impl RuleCommand for TreatBleeding {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        known(world, &self.target)?;
        crate::rules::health::bleeding::check_treat_bleeding(world, &self.target)
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::health::bleeding::check_treat_bleeding(ex.world, &self.target)
    }
}

/// A dying unit spends Resolve Points to become stable, on its turn (HP-SF-3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stabilize {
    pub unit: UnitId,
}

impl RuleCommand for Stabilize {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.passive()
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::health::recovery::check_stabilize(world, &self.unit).map(|_| ())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::health::recovery::stabilize(ex, &self.unit)
    }
}

/// A stable unit at 0 HP spends 1 Resolve Point at the start of its turn to get up with
/// 1 HP (HP-SF-4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StayInTheFight {
    pub unit: UnitId,
}

impl RuleCommand for StayInTheFight {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.passive()
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::health::recovery::check_stay_in_the_fight(world, &self.unit)
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::health::recovery::stay_in_the_fight(ex, &self.unit)
    }
}

/// saga: catch a second wind (HP-SG-11).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecondWind {
    pub unit: UnitId,
}

impl RuleCommand for SecondWind {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::health::recovery::check_second_wind(world, &self.unit).map(|_| ())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::health::recovery::second_wind(ex, &self.unit)
    }
}

/// saga: one swift action toward moving up the condition track (HP-SG-7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recover {
    pub unit: UnitId,
}

impl RuleCommand for Recover {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::health::recover::check_recover(world, &self.unit).map(|_| ())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::health::recover::recover(ex, &self.unit)
    }
}
