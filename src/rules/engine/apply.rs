//! `apply`: the only place battle state changes. Each event is applied exactly as it was
//! recorded, so replaying a log rebuilds the same state (zemeroth's execute/apply split).

use crate::rules::{Combat, GameEvent, Profile, UnitId, UnitIndex};
use bevy::prelude::World;

/// Applies one event to the world.
pub fn apply(world: &mut World, event: &GameEvent) {
    match event {
        GameEvent::Sequence(e) => e.apply(world),
        GameEvent::Movement(e) => e.apply(world),
        GameEvent::Attack(e) => e.apply(world),
        GameEvent::Reaction(e) => e.apply(world),
        GameEvent::Area(e) => e.apply(world),
        GameEvent::Health(e) => e.apply(world),
        GameEvent::Maneuver(e) => e.apply(world),
        GameEvent::Vehicle(e) => e.apply(world),
        GameEvent::Chase(e) => e.apply(world),
    }
}

pub(crate) fn combat(world: &mut World) -> bevy::prelude::Mut<'_, Combat> {
    world.resource_mut::<Combat>()
}

pub(crate) fn entity(world: &World, unit: &UnitId) -> Option<bevy::prelude::Entity> {
    world.resource::<UnitIndex>().0.get(unit).copied()
}

pub(crate) fn modifier(world: &World, unit: &UnitId) -> i32 {
    entity(world, unit)
        .and_then(|e| world.get::<Profile>(e))
        .map_or(0, |p| p.initiative)
}
