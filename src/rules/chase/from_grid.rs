//! A grid battle turning into a chase (VEH-22 → §26): which vehicles take part, the zones
//! derived from where they stood on the map, and the chase board built from them when the
//! `ChaseBegan` event is applied.
//!
//! Mapping (not in seeds; CHS-2 only says one zone apart ≈ 200 ft): the escaping vehicle is
//! put in zone `ESCAPEE_ZONE` (the middle of a 7-zone strip, like the sample chase); every
//! other vehicle in the chase goes `round(distance / zone_apart_ft)` zones behind it, where the
//! distance is between the two spaces on the grid, and a pursuer at least one zone behind
//! (the escapee got beyond the foes, so the nearest pursuer is one zone back at the closest).
//! The chase holds the escapee, the pursuers and the escapee's allied vehicles with a pilot
//! able to act; everyone not aboard one of them is left out of the battle.

use super::state::Chase;
use crate::rules::vehicle::escape::{OffMap, grid_space};
use crate::rules::vehicle::{Aboard, VehicleState, VehicleStats};
use crate::rules::{Combat, Defenses, Profile, RuleError, SideId, UnitId, UnitIndex, unit_component};
use crate::ruleset::Ruleset;
use bevy::prelude::World;

/// The escaping vehicle's zone on the new board.
pub const ESCAPEE_ZONE: i32 = 4;
/// Zones drawn on the new board.
pub const BOARD_ZONES: u32 = 7;

/// The vehicles of the chase and their zones, in id order: `escapee`, the `pursuers`, and the
/// escapee's side's other vehicles whose pilot can act.
pub fn zones_from_grid(world: &World, escapee: &UnitId, pursuers: &[UnitId]) -> Result<Vec<(UnitId, i32)>, RuleError> {
    let zone_ft = super::grid::chase_rules(world)?.zone_apart_ft.max(1);
    let rules = world.resource::<Ruleset>();
    let side = unit_component::<SideId>(world, escapee).cloned();
    let Some(from) = grid_space(world, escapee) else {
        return Ok(Vec::new());
    };
    let allies = crate::rules::vehicle::escape::piloted_vehicles(world)
        .into_iter()
        .filter(|v| v != escapee && unit_component::<SideId>(world, v) == side.as_ref());
    let mut zones: Vec<(UnitId, i32)> = vec![(escapee.clone(), ESCAPEE_ZONE)];
    for v in pursuers.iter().cloned().chain(allies) {
        let Some(at) = grid_space(world, &v) else { continue };
        let ft = from.distance(at, rules.grid.diagonal) * rules.grid.square_ft;
        // Round half up: 100 ft and more is one zone, 300 ft and more two.
        let behind = ((ft + zone_ft / 2) / zone_ft) as i32;
        let hostile = pursuers.contains(&v);
        zones.push((v, ESCAPEE_ZONE - if hostile { behind.max(1) } else { behind }));
    }
    zones.sort();
    zones.dedup_by(|a, b| a.0 == b.0);
    Ok(zones)
}

/// Units still on the map that are neither a vehicle of the chase nor aboard one.
pub fn left_out_of_chase(world: &World, zones: &[(UnitId, i32)]) -> Vec<UnitId> {
    let in_chase = |u: &UnitId| zones.iter().any(|(v, _)| v == u);
    world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| !crate::rules::vehicle::escape::left_battle(world, u))
        .filter(|u| !in_chase(u) && !unit_component::<Aboard>(world, u).is_some_and(|a| in_chase(&a.vehicle)))
        .cloned()
        .collect()
}

/// The chase-rules view of a grid vehicle.
fn chase_vehicle(world: &World, id: &UnitId) -> Option<super::ChaseVehicle> {
    let stats = unit_component::<VehicleStats>(world, id)?;
    let profile = unit_component::<Profile>(world, id)?;
    let (eac, kac) = match profile.defenses {
        Defenses::EacKac { eac, kac } => (eac, kac),
        // Vehicles are starfinder's, where every unit has EAC and KAC (validated).
        _ => return None,
    };
    Some(super::ChaseVehicle {
        id: id.clone(),
        name: profile.name.clone(),
        side: unit_component::<SideId>(world, id)?.clone(),
        item_level: stats.item_level,
        kac,
        eac,
        full_speed_ft: stats.full_ft,
        piloting: stats.piloting,
        attack_penalty: stats.attack_penalty,
        collision: stats.collision,
    })
}

/// Applies `ChaseBegan`: the board in the current round's pilot-actions phase, pilots in
/// initiative order (CHS-4: "keep the order from the grid fight"), and the units left out
/// off the map.
pub(crate) fn begin_from_grid(world: &mut World, zones: &[(UnitId, i32)], left_out: &[UnitId]) {
    let order: Vec<UnitId> = world
        .resource::<Combat>()
        .order
        .iter()
        .map(|e| e.unit.clone())
        .collect();
    let rank = |pilot: &Option<UnitId>| {
        pilot
            .as_ref()
            .and_then(|p| order.iter().position(|u| u == p))
            .unwrap_or(usize::MAX)
    };
    let mut vehicles: Vec<_> = zones
        .iter()
        .filter_map(|(id, zone)| {
            let pilot = unit_component::<VehicleState>(world, id).and_then(|s| s.controlled_by.clone());
            Some((chase_vehicle(world, id)?, pilot, *zone))
        })
        .collect();
    vehicles.sort_by_key(|(_, pilot, _)| rank(pilot));
    // A chase vehicle that was off the map (VEH-21) is back where it left: the chase is
    // played off the grid, but its riders keep squares for the rules that read them.
    for (id, _) in zones {
        let off = unit_component::<OffMap>(world, id).cloned();
        let heading = unit_component::<VehicleState>(world, id).map(|s| s.heading);
        if let (Some(off), Some(heading)) = (off, heading) {
            let seats = crate::rules::vehicle::escape::seats(&off, off.exit);
            crate::rules::vehicle::escape::apply_return(world, id, off.exit, heading, &seats);
        }
    }
    // Positions are zones from now on: no vehicle keeps going on the grid (VEH-6, VEH-12).
    let index = world.resource::<UnitIndex>().0.clone();
    for (id, _) in zones {
        if let Some(mut s) = index.get(id).and_then(|e| world.get_mut::<VehicleState>(*e)) {
            s.keeps_going = false;
            s.race_follow_up_due = false;
        }
    }
    let mut board = Chase::new(BOARD_ZONES, vehicles);
    board.round = world.resource::<Combat>().round;
    world.insert_resource(board);
    crate::rules::vehicle::escape::leave_battle(world, left_out, crate::rules::vehicle::escape::LeftBattle::LeftBehind);
}
