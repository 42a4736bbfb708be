//! Copying a battle's world: every unit component and battle resource the rules keep, listed
//! once here, so a command can be tried on an independent copy (issue #15: forks in O(state),
//! not a replay of the history). Owns the list of forked types; callers add their own.

use crate::rules::Bleeding;
use crate::rules::chase::Chase;
use crate::rules::derive::{BattleRevision, SideThreats, SideViews};
use crate::rules::health::LifeState;
use crate::rules::health::ability::AbilityDamage;
use crate::rules::maneuver::items::Ground;
use crate::rules::movement::board::BaseStates;
use crate::rules::reactions::ReactionMode;
use crate::rules::vehicle::escape::LeftBattle;
use crate::rules::vehicle::escape::OffMap;
use crate::rules::vehicle::{Aboard, SkillBonuses, VehicleState, VehicleStats};
use crate::rules::{
    Awareness, Combat, Conditions, Dice, Elevation, Environment, Health, JoinsRound, Placement, Profile, Recovery,
    Shields, SideId, StartFlatFooted, Terrain, UnitId, UnitIndex,
};
use crate::ruleset::Ruleset;
use bevy::ecs::component::Component;
use bevy::prelude::{Entity, Name, Resource, World};
use std::any::TypeId;
use std::collections::HashMap;

type CopyComponent = fn(&World, Entity, &mut World, Entity);
type CopyResource = fn(&World, &mut World);
type Register = fn(&mut World);

/// The types a fork copies: unit components by type, and resources.
#[derive(Default)]
pub struct Forker {
    components: HashMap<TypeId, (CopyComponent, &'static str)>,
    registers: Vec<Register>,
    resources: Vec<CopyResource>,
}

impl Forker {
    /// The rules' own components and resources.
    pub fn rules() -> Self {
        let mut f = Forker::default();
        f.component::<UnitId>()
            .component::<SideId>()
            .component::<Name>()
            .component::<Placement>()
            .component::<Profile>()
            .component::<Health>()
            .component::<Conditions>()
            .component::<Elevation>()
            .component::<LifeState>()
            .component::<Recovery>()
            .component::<Awareness>()
            .component::<Shields>()
            .component::<Bleeding>()
            .component::<JoinsRound>()
            .component::<StartFlatFooted>()
            .component::<AbilityDamage>()
            .component::<ReactionMode>()
            .component::<VehicleStats>()
            .component::<VehicleState>()
            .component::<Aboard>()
            .component::<SkillBonuses>()
            .component::<LeftBattle>()
            .component::<OffMap>();
        f.resource::<Ruleset>()
            .resource::<Terrain>()
            .resource::<BaseStates>()
            .resource::<Environment>()
            .resource::<Dice>()
            .resource::<Combat>()
            .resource::<Ground>()
            .resource::<Chase>()
            .resource::<BattleRevision>()
            .resource::<SideViews>()
            .resource::<SideThreats>();
        f
    }

    /// Adds a unit component type (cloned when a unit has it).
    pub fn component<T: Component + Clone>(&mut self) -> &mut Self {
        fn copy<T: Component + Clone>(src: &World, from: Entity, dst: &mut World, to: Entity) {
            if let Some(c) = src.get::<T>(from) {
                dst.entity_mut(to).insert(c.clone());
            }
        }
        fn register<T: Component>(world: &mut World) {
            world.register_component::<T>();
        }
        self.components
            .insert(TypeId::of::<T>(), (copy::<T>, std::any::type_name::<T>()));
        self.registers.push(register::<T>);
        self
    }

    /// Adds a resource type (cloned when the world has it).
    pub fn resource<T: Resource + Clone>(&mut self) -> &mut Self {
        fn copy<T: Resource + Clone>(src: &World, dst: &mut World) {
            if let Some(r) = src.get_resource::<T>() {
                dst.insert_resource(r.clone());
            }
        }
        self.resources.push(copy::<T>);
        self
    }

    /// A new world with the same units (in the same order) and resources as `src`; the unit
    /// index points at the copies. Every component a unit has must be listed: one that is not
    /// is a bug in this list, caught in tests (debug builds panic).
    pub fn fork(&self, src: &World) -> World {
        let mut dst = World::new();
        for register in &self.registers {
            register(&mut dst);
        }
        for copy in &self.resources {
            copy(src, &mut dst);
        }
        let mut units: Vec<(&UnitId, Entity)> = src.resource::<UnitIndex>().0.iter().map(|(u, e)| (u, *e)).collect();
        // Spawn in the original order, so the copies line up as the originals do.
        units.sort_by_key(|(_, e)| *e);
        let mut index = UnitIndex::default();
        for (unit, from) in units {
            let to = dst.spawn_empty().id();
            if let Ok(infos) = src.inspect_entity(from) {
                for info in infos {
                    match info.type_id().and_then(|t| self.components.get(&t)) {
                        Some((copy, _)) => copy(src, from, &mut dst, to),
                        None => debug_assert!(false, "fork: component {} is not in the fork list", info.name()),
                    }
                }
            }
            index.0.insert(unit.clone(), to);
        }
        dst.insert_resource(index);
        dst
    }

    /// The names of the listed component types (for messages and tests).
    pub fn component_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.components.values().map(|(_, name)| *name)
    }
}
