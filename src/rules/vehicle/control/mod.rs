//! Who controls a vehicle (§25.3, VEH-11..VEH-14): starting it, taking and giving up control
//! and autocontrol (here); autocontrol's checks (`autocontrol`), the autopilot's orders and
//! turn (`autopilot`), the uncontrolled vehicle that keeps going (`uncontrolled`) and the
//! pilot who delays (`delay`).

pub(super) mod autocontrol;
pub(super) mod autopilot;
pub(super) mod delay;
pub(super) mod uncontrolled;

use crate::rules::VehicleEvent;
use crate::rules::vehicle::access;
use crate::rules::vehicle::access::{aboard, can_act, can_spend, illegal, piloted_by, vehicle};
use crate::rules::{Executor, RuleError, UnitId};
use crate::ruleset::ActionKind;
use bevy::prelude::World;

pub(crate) fn check_start(world: &World, pilot: &UnitId) -> Result<UnitId, RuleError> {
    let v = piloted_by(world, pilot)?;
    if v.state.started {
        return Err(illegal(format!("{} is already running", v.id)));
    }
    can_spend(world, ActionKind::Move)?;
    Ok(v.id)
}

pub(crate) fn execute_start(ex: &mut Executor, pilot: &UnitId) -> Result<(), RuleError> {
    let vehicle = check_start(ex.world, pilot)?;
    crate::rules::sequence::turn::take_action(ex, pilot, ActionKind::Move, "start vehicle".into());
    ex.emit(VehicleEvent::VehicleStarted {
        pilot: pilot.clone(),
        vehicle,
    });
    Ok(())
}

/// Take control (001:4389-4392): aboard, and nobody able is piloting it; the vehicle does
/// not move during this action.
pub(crate) fn check_take_control(world: &World, unit: &UnitId, vehicle_id: &UnitId) -> Result<(), RuleError> {
    let v = vehicle(world, vehicle_id)?;
    if aboard(world, unit).is_none_or(|a| &a.vehicle != vehicle_id) {
        return Err(illegal(format!("{unit} is not aboard {vehicle_id} (board it first)")));
    }
    if let Some(p) = &v.state.controlled_by
        && can_act(world, p)
    {
        return Err(illegal(format!("{p} is piloting {vehicle_id}")));
    }
    if access::wrecked(world, vehicle_id) {
        return Err(illegal(format!("{vehicle_id} is wrecked")));
    }
    can_spend(world, ActionKind::Move)
}

pub(crate) fn execute_take_control(ex: &mut Executor, unit: &UnitId, vehicle_id: &UnitId) -> Result<(), RuleError> {
    check_take_control(ex.world, unit, vehicle_id)?;
    crate::rules::sequence::turn::take_action(ex, unit, ActionKind::Move, "take control".into());
    if ex
        .get::<crate::rules::vehicle::VehicleState>(vehicle_id)
        .is_some_and(|s| s.autocontrol_engaged)
    {
        ex.emit(VehicleEvent::AutocontrolSet {
            vehicle: vehicle_id.clone(),
            engaged: false,
        });
    }
    ex.emit(VehicleEvent::VehicleControl {
        vehicle: vehicle_id.clone(),
        pilot: Some(unit.clone()),
        reason: "took control".into(),
    });
    // VEH-11: it acts on the new pilot's count from now on.
    delay::end_own_slot(ex, vehicle_id);
    Ok(())
}

pub(crate) fn check_relinquish(world: &World, pilot: &UnitId) -> Result<UnitId, RuleError> {
    let v = piloted_by(world, pilot)?;
    can_spend(world, ActionKind::Swift)?;
    Ok(v.id)
}

pub(crate) fn execute_relinquish(ex: &mut Executor, pilot: &UnitId) -> Result<(), RuleError> {
    let vehicle = check_relinquish(ex.world, pilot)?;
    crate::rules::sequence::turn::take_action(ex, pilot, ActionKind::Swift, "relinquish control".into());
    // VEH-14: the autopilot acts on its pilot's count; with nobody at the controls it has
    // none, so it disengages (see `autopilot::turn`).
    if ex
        .get::<crate::rules::vehicle::VehicleState>(&vehicle)
        .is_some_and(|s| s.autopilot_engaged)
    {
        ex.emit(VehicleEvent::AutopilotSet {
            vehicle: vehicle.clone(),
            engaged: false,
            reason: format!("{pilot} relinquished control"),
        });
    }
    ex.emit(VehicleEvent::VehicleControl {
        vehicle,
        pilot: None,
        reason: format!("{pilot} relinquished control"),
    });
    Ok(())
}

/// VEH-13: engage right after a drive or race (this round), disengage any time.
pub(crate) fn check_autocontrol(world: &World, pilot: &UnitId, engage: bool) -> Result<UnitId, RuleError> {
    let v = piloted_by(world, pilot)?;
    if !v.stats.autocontrol {
        return Err(illegal(format!("{} has no autocontrol system", v.id)));
    }
    if engage == v.state.autocontrol_engaged {
        return Err(illegal(format!(
            "{}'s autocontrol is already {}",
            v.id,
            if engage { "engaged" } else { "off" }
        )));
    }
    // Right after a drive (this turn) or a race (this turn or, since a race is a full
    // action, on the next turn while the vehicle keeps going).
    let after_pilot_action = v.state.last_action.is_some() && (v.state.moved_this_round || v.state.keeps_going);
    if engage && !after_pilot_action {
        return Err(illegal("autocontrol engages only right after a drive or race"));
    }
    can_spend(world, ActionKind::Swift)?;
    Ok(v.id)
}

pub(crate) fn execute_autocontrol(ex: &mut Executor, pilot: &UnitId, engage: bool) -> Result<(), RuleError> {
    let vehicle = check_autocontrol(ex.world, pilot, engage)?;
    let follow_up = access::vehicle(ex.world, &vehicle)?.state.race_follow_up_due;
    crate::rules::sequence::turn::take_action(ex, pilot, ActionKind::Swift, "autocontrol".into());
    ex.emit(VehicleEvent::AutocontrolSet {
        vehicle: vehicle.clone(),
        engaged: engage,
    });
    // Engaged the turn after a race (VEH-6), it repeats the race this round already.
    if engage && follow_up {
        uncontrolled::move_on(ex, &vehicle, true)?;
    }
    // Disengaged, the pilot drives it again on the pilot's own count (VEH-11).
    if !engage {
        delay::end_own_slot(ex, &vehicle);
    }
    Ok(())
}
