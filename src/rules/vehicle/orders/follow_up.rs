//! The turn after a race (VEH-6, 001:4470-4478): the vehicle keeps going, and its pilot's
//! piloting options are exactly race again (full action), drive or stop short (move action,
//! so a standard action is left) or relinquish control (swift action). A turn that ends with
//! none of them taken is the pilot ceasing to actively pilot (001:4559-4560): the vehicle
//! becomes uncontrolled and rolls on at once, on the pilot's count (VEH-11, VEH-12).
//! Engaging autocontrol is a fifth option where the vehicle has it (VEH-13: "after taking a
//! drive or race action").

use crate::rules::VehicleEvent;
use crate::rules::vehicle::access;
use crate::rules::vehicle::access::{aboard, can_act, illegal, vehicle};
use crate::rules::vehicle::control::uncontrolled;
use crate::rules::vehicle::{VehicleOrder, VehicleState};
use crate::rules::{Executor, RuleError, UnitId, UnitIndex};
use bevy::prelude::World;

/// Vehicles `pilot` controls that raced and still keep going (not on autocontrol).
fn raced_by(world: &World, pilot: &UnitId) -> Vec<(UnitId, VehicleState)> {
    world
        .resource::<UnitIndex>()
        .0
        .iter()
        .filter_map(|(u, e)| world.get::<VehicleState>(*e).map(|s| (u.clone(), s.clone())))
        .filter(|(_, s)| s.controlled_by.as_ref() == Some(pilot))
        .collect()
}

/// At the start of `pilot`'s turn: a vehicle it raced last turn that keeps going waits for
/// one of the four options.
pub(crate) fn mark_due(ex: &mut Executor, pilot: &UnitId) -> Result<(), RuleError> {
    if !can_act(ex.world, pilot) {
        return Ok(());
    }
    for (id, s) in raced_by(ex.world, pilot) {
        if s.keeps_going
            && s.last_action == Some(crate::rules::vehicle::PilotAction::Race)
            && !s.autocontrol_engaged
            && !access::wrecked(ex.world, &id)
        {
            ex.emit(VehicleEvent::RaceFollowUpDue {
                vehicle: id,
                pilot: pilot.clone(),
            });
        }
    }
    Ok(())
}

/// The options left to a pilot whose vehicle raced last turn, in words for refusals.
pub fn follow_up_options(vehicle: &UnitId) -> String {
    format!(
        "{vehicle} is still racing from last turn (VEH-6): race again (full action), drive or stop short \
         (move action, keeping a standard action), or relinquish control (swift action)"
    )
}

/// VEH-6: while the follow-up is due, the pilot's other vehicle orders are refused.
pub(crate) fn check_follow_up(world: &World, unit: &UnitId, order: &VehicleOrder) -> Result<(), RuleError> {
    // Engaging autocontrol is allowed "after taking a drive or race action" (VEH-13), and
    // after a race (a full action) that is only possible on this turn.
    let allowed = matches!(
        order,
        VehicleOrder::Race { .. }
            | VehicleOrder::Drive { .. }
            | VehicleOrder::StopShort
            | VehicleOrder::Relinquish
            | VehicleOrder::Autocontrol { engage: true }
    );
    if allowed {
        return Ok(());
    }
    let Some(a) = aboard(world, unit) else { return Ok(()) };
    let Ok(v) = vehicle(world, &a.vehicle) else {
        return Ok(());
    };
    if v.state.race_follow_up_due && v.state.controlled_by.as_ref() == Some(unit) {
        let autocontrol = if v.stats.autocontrol {
            "; or engage its autocontrol (swift action, VEH-13)"
        } else {
            ""
        };
        return Err(illegal(format!(
            "{unit} cannot {} now: {}{autocontrol}",
            order.word(),
            follow_up_options(&v.id)
        )));
    }
    Ok(())
}

/// At the end of `pilot`'s turn: a follow-up still due means the pilot stopped piloting, and
/// the vehicle is uncontrolled. An uncontrolled vehicle on this count that keeps going and
/// has not moved this round (its pilot just stopped piloting or relinquished control) rolls
/// on now, as two slowing drive actions (VEH-11, VEH-12): it does not slow down at once.
pub(crate) fn at_turn_end(ex: &mut Executor, pilot: &UnitId) -> Result<(), RuleError> {
    if ex.ruleset().vehicles.is_none() {
        return Ok(());
    }
    for (id, s) in raced_by(ex.world, pilot) {
        if s.race_follow_up_due {
            ex.emit(VehicleEvent::VehicleControl {
                vehicle: id,
                pilot: None,
                reason: format!(
                    "{pilot} ended the turn without racing, driving, stopping short or relinquishing control (VEH-6)"
                ),
            });
        }
    }
    let index = ex.world.resource::<UnitIndex>().0.clone();
    for (id, e) in index {
        let Some(s) = ex.world.get::<VehicleState>(e).cloned() else {
            continue;
        };
        let left_now = s.controlled_by.is_none() && s.uncontrolled_slot.as_ref() == Some(pilot);
        if left_now && s.keeps_going && !s.moved_this_round && !access::wrecked(ex.world, &id) {
            uncontrolled::move_on(ex, &id, false)?;
        }
    }
    Ok(())
}
