//! The `Executor`: runs a command's consequences by emitting events, applying each one as it
//! is emitted so later steps see the updated state.

use crate::rules::{Dice, DieRoll, GameEvent, RuleError, UnitId, UnitIndex, engine::event::apply};
use crate::ruleset::Ruleset;
use bevy::prelude::{Component, Entity, World};

pub struct Executor<'w> {
    pub world: &'w mut World,
    pub events: Vec<GameEvent>,
    /// The reactors the command being executed declined (`GameCommand::Decline`).
    pub declined: Vec<UnitId>,
}

impl<'w> Executor<'w> {
    pub fn new(world: &'w mut World) -> Self {
        Self {
            world,
            events: Vec::new(),
            declined: Vec::new(),
        }
    }

    /// Applies `event` and records it.
    pub fn emit(&mut self, event: impl Into<GameEvent>) {
        let event = event.into();
        apply(self.world, &event);
        self.events.push(event);
    }

    pub fn roll(&mut self, sides: u32, purpose: impl Into<String>) -> Result<DieRoll, RuleError> {
        Ok(self.world.resource_mut::<Dice>().roll(sides, purpose)?)
    }

    pub fn ruleset(&self) -> &Ruleset {
        self.world.resource::<Ruleset>()
    }

    pub fn entity(&self, unit: &UnitId) -> Option<Entity> {
        self.world.resource::<UnitIndex>().0.get(unit).copied()
    }

    pub fn get<T: Component>(&self, unit: &UnitId) -> Option<&T> {
        self.entity(unit).and_then(|e| self.world.get::<T>(e))
    }
}
