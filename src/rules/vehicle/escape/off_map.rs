//! Leaving the battle map and coming back (VEH-21, 001:4652-4672): a pilot whose vehicle
//! stands at the map's edge drives it off across the edge ahead of it (a move action: a
//! drive); it and its riders are then off the map, where they can do nothing but end their
//! turns; from the next round on the pilot may drive it back in (a move action) with its
//! space touching the edge it left, facing any way. "It normally takes at least 1 round to
//! double back": the vehicle may not come back in the round it left.
//!
//! Readings (the seed leaves the details to the GM): leaving is an explicit pilot order (a race
//! that reaches the edge stops there, as the grid rules do); at the start of the pilot's next
//! turn VEH-22 is judged from the square where it left (`super::grid_space`), so a vehicle
//! that got beyond every foe's run escapes (or starts a chase) instead of coming back.

use super::departed::LeftBattle;
use crate::grid::{Heading, Square};
use crate::rules::VehicleEvent;
use crate::rules::vehicle::VehicleState;
use crate::rules::vehicle::access::{
    Blocker, blocker, can_spend, illegal, piloted_by, require_started, riders, vehicle_rules,
};
use crate::rules::{Combat, Executor, Placement, RuleError, UnitId, UnitIndex, unit_component};
use crate::ruleset::ActionKind;
use bevy::prelude::{Component, World};
use serde::{Deserialize, Serialize};

/// A vehicle off the battle map: where it left, across which edge, in which round, and where
/// its riders sat relative to its top-left square.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OffMap {
    pub edge: Heading,
    pub exit: Square,
    pub side_squares: u32,
    pub round: u32,
    pub riders: Vec<(UnitId, i32, i32, u32)>,
}

/// The off-map vehicle `unit` is, or rides.
pub fn off_map_vehicle(world: &World, unit: &UnitId) -> Option<UnitId> {
    if unit_component::<OffMap>(world, unit).is_some() {
        return Some(unit.clone());
    }
    let v = unit_component::<crate::rules::vehicle::Aboard>(world, unit)?
        .vehicle
        .clone();
    unit_component::<OffMap>(world, &v).map(|_| v)
}

fn no_chase(world: &World) -> Result<(), RuleError> {
    match world.get_resource::<crate::rules::chase::Chase>() {
        Some(c) if c.phase != crate::rules::chase::ChasePhase::Over => Err(illegal(
            "in a vehicle chase, positions are zones (VEH-21 is for the battle map)",
        )),
        _ => Ok(()),
    }
}

/// Whether `pilot` may drive its vehicle off the map now; the vehicle and its edge.
pub(crate) fn check_leave(world: &World, pilot: &UnitId) -> Result<(UnitId, Heading, Square), RuleError> {
    vehicle_rules(world)?;
    no_chase(world)?;
    let v = piloted_by(world, pilot)?;
    require_started(&v)?;
    can_spend(world, ActionKind::Move)?;
    let edge = v.state.heading;
    let (dx, dy) = edge.step();
    let ahead = Square::new(v.placement.at.x + dx, v.placement.at.y + dy);
    match blocker(world, &v.id, ahead, v.placement.side_squares, &|_| false) {
        Some(Blocker::OffMap(_)) => Ok((v.id, edge, v.placement.at)),
        _ => Err(illegal(format!(
            "{} is not at the map's edge ahead of it ({edge}): drive or race there first (VEH-21)",
            v.id
        ))),
    }
}

pub(crate) fn execute_leave(ex: &mut Executor, pilot: &UnitId) -> Result<(), RuleError> {
    let (vehicle, edge, exit) = check_leave(ex.world, pilot)?;
    crate::rules::sequence::turn::take_action(ex, pilot, ActionKind::Move, "drive off the map".into());
    let riders = riders(ex.world, &vehicle);
    ex.emit(VehicleEvent::VehicleLeftMap {
        vehicle,
        pilot: pilot.clone(),
        edge,
        exit,
        riders,
    });
    Ok(())
}

/// Applies `VehicleLeftMap`: the vehicle and its riders lose their squares.
pub(crate) fn apply_leave(world: &mut World, vehicle: &UnitId, edge: Heading, exit: Square, riders: &[UnitId]) {
    let round = world.resource::<Combat>().round;
    let side_squares = unit_component::<Placement>(world, vehicle).map_or(1, |p| p.side_squares);
    let seats: Vec<(UnitId, i32, i32, u32)> = riders
        .iter()
        .filter_map(|r| {
            let p = unit_component::<Placement>(world, r)?;
            Some((r.clone(), p.at.x - exit.x, p.at.y - exit.y, p.side_squares))
        })
        .collect();
    let index = world.resource::<UnitIndex>().0.clone();
    for unit in std::iter::once(vehicle).chain(riders) {
        if let Some(e) = index.get(unit) {
            world.entity_mut(*e).remove::<Placement>();
        }
    }
    if let Some(e) = index.get(vehicle) {
        world.entity_mut(*e).insert(OffMap {
            edge,
            exit,
            side_squares,
            round,
            riders: seats,
        });
        if let Some(mut s) = world.get_mut::<VehicleState>(*e) {
            s.moved_this_round = true;
            // Driving off is a drive: it answers a race's follow-up (VEH-6) and then stops.
            s.keeps_going = false;
            s.race_follow_up_due = false;
        }
    }
}

/// Where everyone aboard sits when the vehicle's top-left square is `at`.
pub(crate) fn seats(off: &OffMap, at: Square) -> Vec<(UnitId, Square)> {
    off.riders
        .iter()
        .map(|(u, dx, dy, _)| (u.clone(), Square::new(at.x + dx, at.y + dy)))
        .collect()
}

/// Whether `pilot` may bring its vehicle back with its top-left square at `at`.
pub(crate) fn check_return(world: &World, pilot: &UnitId, at: Square) -> Result<(UnitId, OffMap), RuleError> {
    vehicle_rules(world)?;
    no_chase(world)?;
    let vehicle = off_map_vehicle(world, pilot).ok_or_else(|| illegal(format!("{pilot} is not off the map")))?;
    let off = unit_component::<OffMap>(world, &vehicle).cloned().expect("off the map");
    let controls =
        unit_component::<VehicleState>(world, &vehicle).and_then(|s| s.controlled_by.as_ref()) == Some(pilot);
    if !controls {
        return Err(illegal(format!("{pilot} does not control {vehicle}")));
    }
    if world.resource::<Combat>().round <= off.round {
        return Err(illegal(format!(
            "{vehicle} left the map this round: doubling back takes at least 1 round (VEH-21)"
        )));
    }
    can_spend(world, ActionKind::Move)?;
    if let Some(b) = blocker(world, &vehicle, at, off.side_squares, &|_| false) {
        return Err(illegal(format!("{vehicle} cannot come back at {at}: {b}")));
    }
    let (dx, dy) = off.edge.step();
    let beyond = Square::new(at.x + dx, at.y + dy);
    if !matches!(
        blocker(world, &vehicle, beyond, off.side_squares, &|_| false),
        Some(Blocker::OffMap(_))
    ) {
        return Err(illegal(format!(
            "{vehicle} comes back across the {} edge it left: its space must touch that edge (VEH-21)",
            off.edge
        )));
    }
    Ok((vehicle, off))
}

pub(crate) fn execute_return(ex: &mut Executor, pilot: &UnitId, at: Square, heading: Heading) -> Result<(), RuleError> {
    let (vehicle, off) = check_return(ex.world, pilot, at)?;
    crate::rules::sequence::turn::take_action(ex, pilot, ActionKind::Move, "drive back onto the map".into());
    ex.emit(VehicleEvent::VehicleReturned {
        vehicle,
        pilot: pilot.clone(),
        at,
        heading,
        riders: seats(&off, at),
    });
    Ok(())
}

/// Applies `VehicleReturned`: the vehicle and its riders are back on their squares.
pub(crate) fn apply_return(
    world: &mut World,
    vehicle: &UnitId,
    at: Square,
    heading: Heading,
    riders: &[(UnitId, Square)],
) {
    let index = world.resource::<UnitIndex>().0.clone();
    let Some(e) = index.get(vehicle).copied() else { return };
    let Some(off) = world.get::<OffMap>(e).cloned() else {
        return;
    };
    world.entity_mut(e).remove::<OffMap>().insert(Placement {
        at,
        side_squares: off.side_squares,
    });
    if let Some(mut s) = world.get_mut::<VehicleState>(e) {
        s.heading = heading;
        s.moved_this_round = true;
    }
    for (rider, sq) in riders {
        let side_squares = off.riders.iter().find(|r| &r.0 == rider).map_or(1, |r| r.3);
        if let Some(r) = index.get(rider) {
            world.entity_mut(*r).insert(Placement { at: *sq, side_squares });
        }
    }
}

/// Off the map a vehicle's riders only wait: they may end their turns, delay, set their
/// reactions, and the pilot may bring the vehicle back (VEH-21).
pub fn off_map_refusal(world: &World, command: &crate::rules::GameCommand) -> Option<RuleError> {
    use crate::rules::GameCommand as C;
    let unit = command.actor()?;
    let vehicle = off_map_vehicle(world, unit)?;
    if unit_component::<LeftBattle>(world, &vehicle).is_some() {
        return None;
    }
    let waiting = matches!(
        command,
        C::EndTurn { .. }
            | C::Delay { .. }
            | C::ActNow { .. }
            | C::SetReactions { .. }
            | C::TrackEffect { .. }
            | C::DamageAbility { .. }
            | C::ReturnToMap { .. }
    );
    (!waiting).then(|| {
        illegal(format!(
            "{unit} is off the map aboard {vehicle}: only its pilot's ReturnToMap brings it back (VEH-21)"
        ))
    })
}
