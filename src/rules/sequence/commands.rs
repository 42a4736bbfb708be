//! The commands of the combat sequence (§3): what each carries, and how the rules check and execute it.

use crate::rules::engine::bounds::{Operands, ROUNDS, Step};
use crate::rules::engine::command::{Gates, RuleCommand};
use crate::rules::engine::resolve::{known, no_delay_window};
use crate::rules::sequence::turn::{
    EffectTerms, end_start_flat_footed, end_start_flat_footed_with_turn, start_effect, take_action,
};
use crate::rules::sequence::{advance, begin_turn, new_delay_count};
use crate::rules::{Combat, Executor, RuleError, SequenceEvent};
use crate::rules::{ConditionName, UnitId};
use crate::ruleset::ActionKind;
use crate::ruleset::Ruleset;
use bevy::prelude::World;
use serde::{Deserialize, Serialize};

/// The active unit ends its turn (SEQ-1 step 6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndTurn {
    pub unit: UnitId,
}

impl RuleCommand for EndTurn {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.passive()
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        let _ = world;
        Ok(())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        let unit = &self.unit;
        let interrupted = ex
            .world
            .resource::<Combat>()
            .interruption
            .as_ref()
            .map(|i| i.unit.clone());
        if let Some(resumes) = interrupted {
            // §3.5: ending a readied action hands the turn back, it ends nothing else.
            ex.emit(SequenceEvent::ReadiedActionDone {
                unit: unit.clone(),
                resumes,
            });
            return Ok(());
        }
        crate::rules::health::recovery::end_of_turn(ex, unit);
        crate::rules::maneuver::hold::end_of_turn(ex, unit);
        // VEH-6: a pilot who took no follow-up to last turn's race stops piloting.
        crate::rules::vehicle::at_turn_end(ex, unit)?;
        end_start_flat_footed_with_turn(ex, unit);
        ex.emit(SequenceEvent::TurnEnded { unit: unit.clone() });
        advance(ex, true)
    }
}

/// The active unit delays before acting (§3.4, SEQ-8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Delay {
    pub unit: UnitId,
}

impl RuleCommand for Delay {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.passive().needs_able()
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        let combat = world.resource::<Combat>();
        if combat.interruption.is_some() {
            return Err(RuleError::IllegalMove("a readied action cannot be delayed".into()));
        }
        if combat.acted {
            return Err(RuleError::AlreadyActed {
                unit: self.unit.clone(),
                what: "delay".into(),
            });
        }
        Ok(())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        let unit = &self.unit;
        let count = ex.world.resource::<Combat>().entry(unit).map_or(0, |e| e.count);
        ex.emit(SequenceEvent::Delayed {
            unit: unit.clone(),
            count,
        });
        // VEH-11: its vehicle goes on without it, on this count.
        crate::rules::vehicle::on_delay(ex, unit, count)?;
        advance(ex, false)
    }
}

/// A delaying unit takes its turn now, right after the turn that just ended (SEQ-8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActNow {
    pub unit: UnitId,
}

impl RuleCommand for ActNow {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.passive().any_time()
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        let combat = world.resource::<Combat>();
        if !combat.is_delaying(&self.unit) {
            return Err(RuleError::NotDelaying {
                unit: self.unit.clone(),
            });
        }
        if combat.window.is_none() {
            return Err(RuleError::NoDelayWindow);
        }
        Ok(())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        let combat = ex.world.resource::<Combat>();
        let finisher = combat
            .window
            .as_ref()
            .and_then(|w| combat.entry(&w.after))
            .map_or(0, |e| e.count);
        let new_count = new_delay_count(ex, finisher);
        ex.emit(SequenceEvent::DelayEnded {
            unit: self.unit.clone(),
            new_count,
        });
        begin_turn(ex, self.unit.clone())
    }
}

/// Every delaying unit keeps waiting; the next turn begins (SEQ-8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proceed;

impl RuleCommand for Proceed {
    fn actor(&self) -> Option<&UnitId> {
        None
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.passive().any_time()
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        match world.resource::<Combat>().window.is_some() {
            true => Ok(()),
            false => Err(RuleError::NoDelayWindow),
        }
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        ex.emit(SequenceEvent::DelayWindowClosed);
        advance(ex, false)
    }
}

/// The active unit readies an action of `action` kind against a trigger (§3.5).
/// Costs the family's standard action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ready {
    pub unit: UnitId,
    pub action: ActionKind,
    pub trigger: String,
}

impl RuleCommand for Ready {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.needs_able()
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        let rules = world.resource::<Ruleset>();
        if self.action == ActionKind::Full {
            return Err(RuleError::CannotReady(rules.actions.name_of(self.action).to_string()));
        }
        world
            .resource::<Combat>()
            .can_spend(&rules.actions, ActionKind::Standard)
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        let description = format!("ready: {}", self.trigger);
        take_action(ex, &self.unit, ActionKind::Standard, description);
        ex.emit(SequenceEvent::ActionReadied {
            unit: self.unit.clone(),
            action: self.action,
            trigger: self.trigger.clone(),
        });
        Ok(())
    }
}

/// A readying unit's trigger happened during another unit's turn: it acts now and takes
/// that unit's place in the order (SEQ-9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireReadied {
    pub unit: UnitId,
}

impl RuleCommand for FireReadied {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.any_time()
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        no_delay_window(world)?;
        let (unit, combat) = (&self.unit, world.resource::<Combat>());
        if combat.readied_by(unit).is_none() {
            return Err(RuleError::NothingReadied { unit: unit.clone() });
        }
        if combat.interruption.is_some() {
            return Err(RuleError::IllegalMove(
                "another readied action is taking place; wait until it is done".into(),
            ));
        }
        match &combat.active {
            Some(active) if active == unit => Err(RuleError::ReadiedOnOwnTurn { unit: unit.clone() }),
            Some(_) => Ok(()),
            None => Err(RuleError::NoActiveTurn),
        }
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        let unit = &self.unit;
        let combat = ex.world.resource::<Combat>();
        let action = combat.readied_by(unit).map_or(ActionKind::Standard, |r| r.action);
        let before = combat.active.clone().unwrap_or_else(|| unit.clone());
        let new_count = combat.entry(&before).map_or(0, |e| e.count);
        ex.emit(SequenceEvent::ReadiedActionFired {
            unit: unit.clone(),
            action,
            before,
            new_count,
        });
        end_start_flat_footed(ex, unit);
        Ok(())
    }
}

/// The active unit takes an action the engine does not resolve itself (e.g. opening a
/// door, a skill use): it spends budget and is logged (ACT-1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Act {
    pub unit: UnitId,
    pub action: ActionKind,
    pub description: String,
}

impl RuleCommand for Act {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        world
            .resource::<Combat>()
            .can_spend(&world.resource::<Ruleset>().actions, self.action)
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        take_action(ex, &self.unit, self.action, self.description.clone());
        Ok(())
    }
}

/// Records an effect that lasts `rounds` rounds from now; it ends just before this
/// initiative count `rounds` rounds later (SEQ-5). Costs no action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackEffect {
    pub source: UnitId,
    pub target: UnitId,
    pub name: String,
    pub rounds: u32,
    /// A condition the target has while the effect lasts.
    #[serde(default)]
    pub condition: Option<ConditionName>,
    /// For the bleeding condition (and only for it): the damage the target takes at the
    /// start of each of its turns, a dice expression such as "1d4" (§20).
    #[serde(default)]
    pub damage: Option<String>,
}

impl RuleCommand for TrackEffect {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.source)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.passive().any_time()
    }

    fn operands(&self, out: &mut Operands) {
        out.number(&[Step::Field("rounds")], i64::from(self.rounds), ROUNDS);
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        no_delay_window(world)?;
        known(world, &self.target)?;
        if self.rounds == 0 {
            return Err(RuleError::ZeroDuration);
        }
        crate::rules::health::bleeding::check_effect_damage(world, self.condition, self.damage.as_deref()).map(|_| ())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        let terms = EffectTerms {
            condition: self.condition,
            damage: crate::rules::health::bleeding::check_effect_damage(
                ex.world,
                self.condition,
                self.damage.as_deref(),
            )?,
            ..EffectTerms::default()
        };
        start_effect(ex, &self.source, &self.target, &self.name, self.rounds, terms);
        Ok(())
    }
}
