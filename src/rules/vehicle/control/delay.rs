//! A pilot who delays (VEH-11, 001:4560-4565): the vehicle becomes uncontrolled and keeps
//! acting on the pilot's old initiative count, separate from the pilot, until a pilot takes
//! control of it or it stops or crashes. It gets an entry of its own in the initiative order;
//! its turn is only its uncontrolled move (an object takes no actions, §25.1).

use crate::rules::vehicle::VehicleState;
use crate::rules::vehicle::access::{vehicle, wrecked};
use crate::rules::{Combat, Executor, RuleError, UnitId, UnitIndex};
use crate::rules::{SequenceEvent, VehicleEvent};
use bevy::prelude::World;

/// When `pilot` delays at `count`: each vehicle it pilots is uncontrolled, and one that keeps
/// going takes the pilot's place in the order. A vehicle on autocontrol already counts as
/// uncontrolled (VEH-13): it keeps its autocontrol and takes the pilot's place as well. One on
/// autopilot stays controlled (VEH-14).
///
/// Not in a running vehicle chase (§26): there vehicles move only by pilot actions and chase
/// progress, and pilots take their pilot actions outside the initiative count (001:4718-4720,
/// 4735-4744), so there is no count for an uncontrolled vehicle to keep moving on. A pilot who
/// delays in the chase's combat phase only moves its own count; it keeps control and takes
/// its next pilot turn at its new place in the initiative order (a reading, docs/cli.md `Delay`).
pub(crate) fn on_delay(ex: &mut Executor, pilot: &UnitId, count: i32) -> Result<(), RuleError> {
    if ex.ruleset().vehicles.is_none() || crate::rules::chase::chase_running(ex.world) {
        return Ok(());
    }
    let piloted: Vec<(UnitId, VehicleState)> = {
        let world = &*ex.world;
        world
            .resource::<UnitIndex>()
            .0
            .iter()
            .filter_map(|(u, e)| world.get::<VehicleState>(*e).map(|s| (u.clone(), s.clone())))
            .filter(|(_, s)| s.controlled_by.as_ref() == Some(pilot))
            .collect()
    };
    for (id, state) in piloted {
        if wrecked(ex.world, &id) {
            continue;
        }
        // An engaged autopilot keeps it controlled (VEH-14): it drives on the pilot's new count.
        if !state.autocontrol_engaged && !state.autopilot_engaged {
            ex.emit(VehicleEvent::VehicleControl {
                vehicle: id.clone(),
                pilot: None,
                reason: format!("{pilot} delays (VEH-11)"),
            });
        }
        if state.keeps_going || state.autocontrol_engaged {
            ex.emit(VehicleEvent::VehicleSlotTaken {
                vehicle: id,
                pilot: pilot.clone(),
                count,
            });
        }
    }
    Ok(())
}

/// Whether `unit` is a vehicle with an entry of its own in the initiative order (VEH-11).
pub fn has_own_slot(world: &World, unit: &UnitId) -> bool {
    vehicle(world, unit).is_ok() && world.resource::<Combat>().index_of(unit).is_some()
}

/// Removes `vehicle`'s own entry from the initiative order, if it has one (a pilot took
/// control: it acts on the pilot's count again, 001:4575-4581).
pub(crate) fn end_own_slot(ex: &mut Executor, vehicle_id: &UnitId) {
    if has_own_slot(ex.world, vehicle_id) {
        ex.emit(VehicleEvent::VehicleSlotEnded {
            vehicle: vehicle_id.clone(),
        });
    }
}

/// The rest of a vehicle's own turn, after it rolled on (`at_turn_start`): it ends at once;
/// a vehicle that no longer keeps going, or that someone controls, leaves the order. The
/// sequence then moves on to the next turn.
pub(crate) fn finish_own_turn(ex: &mut Executor, vehicle_id: &UnitId) -> Result<(), RuleError> {
    ex.emit(SequenceEvent::TurnEnded {
        unit: vehicle_id.clone(),
    });
    let v = vehicle(ex.world, vehicle_id)?;
    let on_autocontrol = v.state.autocontrol_engaged;
    let piloted = v.state.controlled_by.is_some() && !on_autocontrol;
    if piloted || !(v.state.keeps_going || on_autocontrol) || wrecked(ex.world, vehicle_id) {
        end_own_slot(ex, vehicle_id);
    }
    Ok(())
}
