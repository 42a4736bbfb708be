//! What every area's `apply` shares: the combat resource to write, a unit's entity, its
//! initiative modifier. Applying an event (`event::apply`, each area's events' `apply`) is the
//! only place battle state changes.

use crate::rules::{Combat, Profile, UnitId, UnitIndex};
use bevy::prelude::World;

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
