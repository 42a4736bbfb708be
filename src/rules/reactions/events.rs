//! The events of attacks of opportunity and reaction settings: their data, how each changes the battle (`apply`) and how it
//! reads in the log (`narrate`).

use crate::grid::Square;
use crate::rules::DieRoll;
use crate::rules::UnitId;
use crate::rules::engine::apply::combat;
use crate::rules::engine::apply::entity;
use crate::ruleset::Ruleset;
use bevy::prelude::World;
use serde::Deserialize;
use serde::Serialize;

/// What happened in attacks of opportunity and reaction settings, with every die rolled and every modifier and its source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum ReactionEvent {
    /// Leaving `square_left` provokes `reactor`, who attacks before the mover leaves (AOO-1).
    AttackOfOpportunity {
        reactor: UnitId,
        target: UnitId,
        square_left: Square,
        trigger: String,
    },
    /// `reactor` was offered an attack of opportunity (as `AttackOfOpportunity` would say) and
    /// passed it up: `reason` is "declined" (the command's `Decline`) or its `Never` setting.
    /// It uses none of its attacks of opportunity for the round.
    AooDeclined {
        reactor: UnitId,
        target: UnitId,
        square_left: Square,
        trigger: String,
        reason: String,
    },
    /// `unit`'s reaction setting is now `mode` (`SetReactions`).
    ReactionsSet {
        unit: UnitId,
        mode: crate::rules::ReactionMode,
    },
}

impl ReactionEvent {
    /// Applies the event to the battle (STYLE 3: with the other areas' `apply`, the only
    /// writer of battle state).
    pub fn apply(&self, world: &mut World) {
        match self {
            // §8.3: each attack of opportunity uses one of the reactor's reactions this round.
            ReactionEvent::AttackOfOpportunity { reactor, .. } => {
                *combat(world).reactions_used.entry(reactor.clone()).or_default() += 1;
            }
            ReactionEvent::AooDeclined { .. } => {}
            ReactionEvent::ReactionsSet { unit, mode } => {
                if let Some(e) = entity(world, unit) {
                    world.entity_mut(e).insert(*mode);
                }
            }
        }
    }

    /// The event in words a player reads in the combat log, with the family's action names.
    pub fn narrate(&self, _rules: &Ruleset) -> String {
        match self {
            ReactionEvent::AttackOfOpportunity {
                reactor,
                target,
                square_left,
                trigger,
            } => {
                format!("{target} provokes an attack of opportunity from {reactor} ({trigger} {square_left})")
            }
            ReactionEvent::AooDeclined {
                reactor,
                target,
                square_left,
                trigger,
                reason,
            } => format!(
                "{reactor} passes up the attack of opportunity {target} provokes ({trigger} {square_left}): {reason}"
            ),
            ReactionEvent::ReactionsSet { unit, mode } => {
                format!("{unit} now takes attacks of opportunity: {}", mode.label())
            }
        }
    }

    /// The dice the event rolled: none.
    pub fn dice(&self) -> Vec<&DieRoll> {
        Vec::new()
    }
}
