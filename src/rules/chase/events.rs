//! The events of vehicle chases: their data, how each changes the battle (`apply`) and how it
//! reads in the log (`narrate`).

use crate::rules::DieRoll;
use crate::rules::UnitId;
use crate::ruleset::Ruleset;
use bevy::prelude::World;
use serde::Deserialize;
use serde::Serialize;

/// What happened in vehicle chases, with every die rolled and every modifier and its source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum ChaseEvent {
    /// Chase (§26.3): a pilot action and its check.
    ChasePilotAction {
        pilot: UnitId,
        outcome: crate::rules::chase::PilotOutcome,
    },
    /// Chase: a pilot's turn in the pilot actions phase is over.
    ChasePilotTurnEnded {
        pilot: UnitId,
        vehicle: UnitId,
        uncontrolled: bool,
    },
    /// Chase (§26.4): the chase progress phase: moves, hazards, departures, the end.
    ChaseProgressed {
        outcome: crate::rules::chase::ProgressOutcome,
    },
    /// Chase (CHS-17): a collision between engaged vehicles.
    ChaseCollision {
        pilot: UnitId,
        outcome: crate::rules::chase::CollisionOutcome,
    },
    /// Chase (CHS-16): a passenger's boarding attempt from vehicle `from` onto `to`.
    ChaseBoarding {
        unit: UnitId,
        from: UnitId,
        to: UnitId,
        skill: crate::rules::chase::BoardingSkill,
        outcome: crate::rules::chase::BoardingOutcome,
    },
    /// CHS-16 with VEH-22: a rider that fell off its vehicle in a chase is on foot, and a
    /// chase leaves creatures on foot behind: it leaves the battle.
    ChaseLeftBehind { unit: UnitId },
    /// VEH-22, §26: as `VehicleEscaped`, but the foes have piloted vehicles: the battle
    /// becomes a chase with these vehicles in these zones; `left_out` leave the battle.
    ChaseBegan {
        escapee: UnitId,
        foes: Vec<crate::rules::vehicle::escape::FootFoe>,
        zones: Vec<(UnitId, i32)>,
        left_out: Vec<UnitId>,
    },
}

impl ChaseEvent {
    /// Applies the event to the battle (STYLE 3: with the other areas' `apply`, the only
    /// writer of battle state).
    pub fn apply(&self, world: &mut World) {
        super::game::apply_chase_event(world, self);
    }

    /// The event in words a player reads in the combat log.
    pub fn narrate(&self, _rules: &Ruleset) -> String {
        super::game::narrate_chase(self)
    }

    /// The dice the event rolled (undo is allowed only for commands that rolled none).
    pub fn dice(&self) -> Vec<&DieRoll> {
        match self {
            ChaseEvent::ChasePilotAction { outcome, .. } => {
                let mut dice: Vec<&DieRoll> = outcome.check.iter().map(|c| &c.roll).collect();
                for h in &outcome.hazards {
                    dice.push(&h.roll);
                    dice.extend(h.damage_dice.iter());
                }
                dice
            }
            ChaseEvent::ChaseProgressed { outcome } => outcome
                .hazards
                .iter()
                .chain(&outcome.followers)
                .flat_map(|h| {
                    h.pick
                        .iter()
                        .chain(std::iter::once(&h.roll))
                        .chain(h.damage_dice.iter())
                })
                .collect(),
            ChaseEvent::ChaseCollision { outcome, .. } => std::iter::once(&outcome.check.roll)
                .chain(outcome.damage_dice.iter())
                .collect(),
            ChaseEvent::ChaseBoarding { outcome, .. } => std::iter::once(&outcome.check.roll)
                .chain(outcome.fall_dice.iter())
                .collect(),
            _ => Vec::new(),
        }
    }
}
