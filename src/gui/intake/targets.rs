//! Who an aim at a square means (issue #7): the units standing there other than the one
//! aiming, a rider before the vehicle it stands in (a rider stands inside its vehicle's
//! space: the rider by default, the switch key then the vehicle), and their display names.
//! Decides no rule.

use crate::grid::Square;
use crate::rules::reactions::threat::space_of;
use crate::rules::vehicle::vehicle_view;
use crate::rules::{Profile, UnitId, UnitIndex, unit_component};
use bevy::prelude::*;

/// A unit's display name, else its id.
pub fn unit_name(world: &World, unit: &UnitId) -> String {
    unit_component::<Profile>(world, unit).map_or_else(|| unit.to_string(), |p| p.name.clone())
}

/// Every unit other than `me` whose space holds `at`, the riders and other creatures first and
/// vehicles after, each group by id (a stable order to switch through).
pub fn units_at(world: &World, at: Square, me: &UnitId) -> Vec<UnitId> {
    let mut here: Vec<UnitId> = world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| *u != me)
        .filter(|u| space_of(world, u).is_some_and(|s| s.contains(at)))
        .cloned()
        .collect();
    here.sort_by_key(|u| (vehicle_view(world, u).is_ok(), u.clone()));
    here
}

/// The unit aimed at on `at`: the `pick`th of [`units_at`], wrapping round.
pub fn unit_picked(world: &World, at: Square, me: &UnitId, pick: usize) -> Option<UnitId> {
    let here = units_at(world, at, me);
    (!here.is_empty()).then(|| here[pick % here.len()].clone())
}

/// The hint for a square shared by several units: who else is there and the key.
pub fn switch_hint(world: &World, at: Square, me: &UnitId, pick: usize) -> Option<String> {
    let here = units_at(world, at, me);
    if here.len() < 2 {
        return None;
    }
    let next = &here[(pick + 1) % here.len()];
    Some(format!(
        "{} shares this square: X targets {} instead",
        here.iter()
            .filter(|u| *u != &here[pick % here.len()])
            .map(|u| unit_name(world, u))
            .collect::<Vec<_>>()
            .join(", "),
        unit_name(world, next)
    ))
}

/// The unit other than `me` whose space holds `at`: a rider before the vehicle it stands in
/// ([`units_at`]'s first).
pub fn unit_at(world: &World, at: Square, me: &UnitId) -> Option<UnitId> {
    unit_picked(world, at, me, 0)
}
