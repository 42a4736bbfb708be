//! Autocontrol's checks (VEH-13, 001:4594-4607): the vehicle counts as uncontrolled, and
//! each round repeats the last pilot action straight ahead at the same heading, distance and
//! speed; every Piloting check it needs (a race, a hazard) uses the result of the pilot's
//! most recent Piloting check instead of a roll.

use crate::rules::VehicleEvent;
use crate::rules::vehicle::VehicleOrder;
use crate::rules::vehicle::access::{aboard, illegal, vehicle};
use crate::rules::{Executor, RuleError, UnitId};
use bevy::prelude::World;

/// A check of the autocontrol against `dc` with the pilot's most recent Piloting result;
/// no result yet fails. Emits the check; returns whether it succeeded.
pub(crate) fn fixed_check(ex: &mut Executor, vehicle_id: &UnitId, purpose: &str, dc: i32) -> bool {
    let result = vehicle(ex.world, vehicle_id)
        .ok()
        .and_then(|v| v.state.last_piloting_result);
    let success = result.is_some_and(|r| r >= dc);
    ex.emit(VehicleEvent::AutocontrolCheck {
        vehicle: vehicle_id.clone(),
        purpose: purpose.to_string(),
        result,
        dc,
        success,
    });
    success
}

/// VEH-13: while autocontrol drives, the pilot's orders that move the vehicle wait until it
/// is disengaged (a swift action).
pub(crate) fn check_not_on_autocontrol(world: &World, unit: &UnitId, order: &VehicleOrder) -> Result<(), RuleError> {
    let moves = order.moves_vehicle();
    let Some(a) = aboard(world, unit).filter(|_| moves) else {
        return Ok(());
    };
    match vehicle(world, &a.vehicle) {
        Ok(v) if v.state.autocontrol_engaged && v.state.controlled_by.as_ref() == Some(unit) => Err(illegal(format!(
            "{}'s autocontrol is driving it: disengage it first (Autocontrol(engage: false), a swift action, VEH-13)",
            v.id
        ))),
        _ => Ok(()),
    }
}
