//! Puts a validated scenario into a world: the ruleset, map, dice and sides as resources,
//! one entity per unit.

use crate::rules::vehicle::{RiderRole, VehicleState};
use crate::rules::{Awareness, Dice, Elevation, Environment, JoinsRound, SideId, Terrain, UnitIndex};
use crate::scenario::{ScenarioSpec, Side};
use bevy::prelude::{Name, Resource, World};

/// The sides of the battle, in scenario order.
#[derive(Resource, Debug, Clone)]
pub struct Sides(pub Vec<Side>);

/// Name, description and rule family of the running scenario.
#[derive(Resource, Debug, Clone)]
pub struct ScenarioInfo {
    pub name: String,
    pub description: String,
}

/// Inserts the scenario's resources and spawns its units.
pub fn spawn_scenario(world: &mut World, spec: &ScenarioSpec, dice: Dice) {
    world.insert_resource(spec.ruleset.clone());
    world.insert_resource(Terrain(spec.map.clone()));
    world.insert_resource(crate::rules::movement::board::BaseStates::of(&spec.map, &spec.ruleset));
    world.insert_resource(Environment { gravity: spec.gravity });
    world.insert_resource(Sides(spec.sides.clone()));
    world.insert_resource(ScenarioInfo {
        name: spec.name.clone(),
        description: spec.description.clone(),
    });
    world.insert_resource(dice);
    let mut index = UnitIndex::default();
    for unit in &spec.units {
        let mut entity = world.spawn((
            Name::new(unit.profile.name.clone()),
            unit.id.clone(),
            SideId(unit.side.0.clone()),
            unit.placement,
            unit.profile.clone(),
            unit.health,
            unit.conditions.clone(),
            Elevation(unit.elevation),
            crate::rules::LifeState::Fine,
            crate::rules::Recovery {
                con_score: unit.con_score,
                ..Default::default()
            },
            Awareness { aware: unit.aware },
        ));
        if unit.profile.shield_rating > 0 {
            entity.insert(crate::rules::Shields(unit.profile.shield_rating));
        }
        if let Some(damage) = unit.bleeding {
            entity.insert(crate::rules::Bleeding(damage));
        }
        if let Some(round) = unit.joins_round {
            entity.insert(JoinsRound(round));
        }
        if let Some(v) = &unit.vehicle {
            // §25.1: a crewed vehicle starts with its ignition fired, under its pilot.
            let pilot = spec.units.iter().find(|r| {
                r.aboard
                    .as_ref()
                    .is_some_and(|a| a.vehicle == unit.id && a.role == RiderRole::Pilot)
            });
            entity.insert((
                v.stats.clone(),
                VehicleState {
                    heading: v.heading,
                    started: pilot.is_some(),
                    controlled_by: pilot.map(|p| p.id.clone()),
                    ..Default::default()
                },
            ));
        }
        if let Some(aboard) = &unit.aboard {
            entity.insert(aboard.clone());
        }
        if let Some(skills) = unit.skills {
            entity.insert(skills);
        }
        index.0.insert(unit.id.clone(), entity.id());
    }
    world.insert_resource(index);
    if let Some(chase) = &spec.chase {
        world.insert_resource(super::chase_spawn::chase_of(spec, chase));
    }
}
