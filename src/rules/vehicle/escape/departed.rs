//! Who left the battle and where a unit stands on it (VEH-21, VEH-22): the units that
//! escaped or that a chase left behind (`LeftBattle`, the only writer of it), a unit's space
//! on the map or, off it, the space it left from, and the vehicles that can still drive. What
//! the chase reads of escapes, apart from the escape check itself, and an escape's log line.

use super::off_map::OffMap;
use crate::grid::Space;
use crate::rules::vehicle::VehicleState;
use crate::rules::vehicle::access::{can_act, riders, wrecked};
use crate::rules::{Placement, UnitId, UnitIndex, unit_component};
use bevy::prelude::{Component, World};
use serde::{Deserialize, Serialize};

/// Why a unit is no longer on the battle map.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeftBattle {
    /// It escaped aboard a vehicle (VEH-22): its side is not beaten, only gone.
    Escaped,
    /// The battle became a chase without it (it was not aboard a vehicle of the chase).
    LeftBehind,
}

/// A hostile creature on foot the escaping vehicle got away from: how far it was and how far
/// it can run (VEH-22).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FootFoe {
    pub unit: UnitId,
    pub distance_ft: u32,
    pub run_ft: u32,
}

/// Whether `unit` left the battle (escaped, or left behind by a chase).
pub fn left_battle(world: &World, unit: &UnitId) -> bool {
    unit_component::<LeftBattle>(world, unit).is_some()
}

/// Whether `unit` is still on the battle map (not escaped, not left behind by a chase, not
/// off the map in a vehicle).
pub fn on_map(world: &World, unit: &UnitId) -> bool {
    unit_component::<LeftBattle>(world, unit).is_none() && unit_component::<Placement>(world, unit).is_some()
}

/// A unit's space on the map, or for a vehicle off the map (VEH-21) the space it left from.
pub fn grid_space(world: &World, unit: &UnitId) -> Option<Space> {
    if unit_component::<LeftBattle>(world, unit).is_some() {
        return None;
    }
    match unit_component::<Placement>(world, unit) {
        Some(p) => Some(Space::new(p.at, p.side_squares)),
        None => unit_component::<OffMap>(world, unit).map(|o| Space::new(o.exit, o.side_squares)),
    }
}

/// Every unit of the battle, in id order.
pub(super) fn units(world: &World) -> Vec<UnitId> {
    world.resource::<UnitIndex>().0.keys().cloned().collect()
}

/// Vehicles in the battle (on the map, or off it for now), not wrecked, with a pilot able to
/// act, in id order.
pub fn piloted_vehicles(world: &World) -> Vec<UnitId> {
    units(world)
        .into_iter()
        .filter(|u| grid_space(world, u).is_some())
        .filter(|u| {
            unit_component::<VehicleState>(world, u)
                .and_then(|s| s.controlled_by.as_ref())
                .is_some_and(|p| can_act(world, p))
                && !wrecked(world, u)
        })
        .collect()
}

/// Takes `units` off the map: no space, no place in the initiative order (the only writer of
/// `LeftBattle`).
pub(crate) fn leave_battle(world: &mut World, units: &[UnitId], why: LeftBattle) {
    for unit in units {
        let Some(e) = world.resource::<UnitIndex>().0.get(unit).copied() else {
            continue;
        };
        world.entity_mut(e).remove::<Placement>().insert(why);
        let mut combat = world.resource_mut::<crate::rules::Combat>();
        if let Some(i) = combat.index_of(unit) {
            combat.order.remove(i);
            if i < combat.next_index {
                combat.next_index -= 1;
            }
        }
        combat.delaying.retain(|d| &d.unit != unit);
        combat.readied.retain(|r| &r.unit != unit);
    }
}

/// A vehicle that left a chase (CHS-10) leaves the battle with everyone aboard: escaped, or
/// left behind (out of the fight, like the foes on foot a chase leaves behind).
pub(crate) fn leave_with_riders(world: &mut World, vehicle: &UnitId, why: LeftBattle) {
    let mut gone = vec![vehicle.clone()];
    gone.extend(riders(world, vehicle));
    leave_battle(world, &gone, why);
}

/// Applies `VehicleEscaped`: the vehicle and everyone aboard leave the map.
pub(crate) fn apply_escape(world: &mut World, vehicle: &UnitId, riders: &[UnitId]) {
    let mut gone = vec![vehicle.clone()];
    gone.extend(riders.iter().cloned());
    leave_battle(world, &gone, LeftBattle::Escaped);
}

/// The log line of `VehicleEscaped`.
pub fn narrate_escape(vehicle: &UnitId, riders: &[UnitId], foes: &[FootFoe]) -> String {
    let aboard = match riders.len() {
        0 => String::new(),
        _ => format!(
            " with {}",
            riders.iter().map(|r| r.0.as_str()).collect::<Vec<_>>().join(", ")
        ),
    };
    format!(
        "{vehicle} escapes{aboard}: beyond the run of {} (VEH-22)",
        reach_list(foes)
    )
}

/// "goblin_1 (130 ft > run 120 ft), …".
pub fn reach_list(foes: &[FootFoe]) -> String {
    foes.iter()
        .map(|f| format!("{} ({} ft > run {} ft)", f.unit, f.distance_ft, f.run_ft))
        .collect::<Vec<_>>()
        .join(", ")
}
