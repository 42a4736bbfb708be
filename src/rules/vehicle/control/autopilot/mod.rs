//! The autopilot's orders (VEH-14, 001:4608-4626): engaging or disengaging it is a swift
//! action, entering a destination a move action. The seed says "you" without naming who may
//! do either; this game reads it as the creature at the controls, the vehicle's pilot (a rider
//! of an uncontrolled vehicle takes control first, a move action). While it is engaged the
//! vehicle is controlled and the autopilot takes the pilot actions (`turn`), so the pilot's
//! own orders that move the vehicle wait until it is disengaged. Its Piloting checks add the
//! autopilot's modifier (Systems), then the vehicle's (Modifiers).

mod turn;

pub(crate) use turn::at_turn_start;

use crate::grid::Square;
use crate::rules::D20Check;
use crate::rules::Terrain;
use crate::rules::VehicleEvent;
use crate::rules::vehicle::VehicleOrder;
use crate::rules::vehicle::access::{Vehicle, aboard, can_spend, illegal, piloted_by, require_started, vehicle};
use crate::rules::vehicle::broken;
use crate::rules::vehicle::rolls::roll_check;
use crate::rules::{Executor, Modifier, RuleError, UnitId};
use crate::ruleset::ActionKind;
use bevy::prelude::World;

/// The vehicle `pilot` controls, if it has an autopilot (VEH-14).
fn with_autopilot(world: &World, pilot: &UnitId) -> Result<Vehicle, RuleError> {
    let v = piloted_by(world, pilot)?;
    if v.stats.autopilot.is_none() {
        return Err(illegal(format!("{} has no autopilot (VEH-14)", v.id)));
    }
    Ok(v)
}

/// Engage (`engage`) or disengage the autopilot: a swift action of the pilot. Engaging needs
/// a started vehicle whose autocontrol is off (the two would both drive it).
pub(crate) fn check_engage(world: &World, pilot: &UnitId, engage: bool) -> Result<UnitId, RuleError> {
    let v = with_autopilot(world, pilot)?;
    if engage == v.state.autopilot_engaged {
        return Err(illegal(format!(
            "{}'s autopilot is already {}",
            v.id,
            if engage { "engaged" } else { "off" }
        )));
    }
    if engage {
        require_started(&v)?;
    }
    if engage && v.state.autocontrol_engaged {
        return Err(illegal(format!(
            "{}'s autocontrol is engaged: disengage it first (VEH-13)",
            v.id
        )));
    }
    can_spend(world, ActionKind::Swift)?;
    Ok(v.id)
}

pub(crate) fn execute_engage(ex: &mut Executor, pilot: &UnitId, engage: bool) -> Result<(), RuleError> {
    let vehicle = check_engage(ex.world, pilot, engage)?;
    crate::rules::sequence::turn::take_action(ex, pilot, ActionKind::Swift, "autopilot".into());
    ex.emit(VehicleEvent::AutopilotSet {
        vehicle,
        engaged: engage,
        reason: format!("{pilot}, a swift action"),
    });
    Ok(())
}

/// Enter `to` as the destination: a move action of the pilot, engaged or not. The vehicle's
/// whole space must fit on the map there (the autopilot may still find it unreachable).
pub(crate) fn check_destination(world: &World, pilot: &UnitId, to: Square) -> Result<UnitId, RuleError> {
    let v = with_autopilot(world, pilot)?;
    let map = &world.resource::<Terrain>().0;
    if to.footprint(v.placement.side_squares).any(|sq| map.cell(sq).is_none()) {
        return Err(illegal(format!("{}'s space does not fit on the map at {to}", v.id)));
    }
    can_spend(world, ActionKind::Move)?;
    Ok(v.id)
}

pub(crate) fn execute_destination(ex: &mut Executor, pilot: &UnitId, to: Square) -> Result<(), RuleError> {
    let vehicle = check_destination(ex.world, pilot, to)?;
    crate::rules::sequence::turn::take_action(ex, pilot, ActionKind::Move, "set autopilot destination".into());
    ex.emit(VehicleEvent::AutopilotDestinationSet {
        vehicle,
        by: pilot.clone(),
        to,
    });
    Ok(())
}

/// While the autopilot drives, the pilot's orders that move the vehicle (or engage
/// autocontrol) wait until it is disengaged.
pub(crate) fn check_not_on_autopilot(world: &World, unit: &UnitId, order: &VehicleOrder) -> Result<(), RuleError> {
    let moves = order.moves_vehicle() || matches!(order, VehicleOrder::Autocontrol { engage: true });
    let Some(a) = aboard(world, unit).filter(|_| moves) else {
        return Ok(());
    };
    match vehicle(world, &a.vehicle) {
        Ok(v) if v.state.autopilot_engaged => Err(illegal(format!(
            "{}'s autopilot is driving it: disengage it first (Autopilot(engage: false), a swift action, VEH-14)",
            v.id
        ))),
        _ => Ok(()),
    }
}

/// The autopilot's Piloting modifiers: its own (Systems) first, then the vehicle's, and a
/// broken vehicle's penalty (VEH-14).
pub(crate) fn piloting_modifiers(world: &World, v: &Vehicle) -> Vec<Modifier> {
    let own = v.stats.autopilot.map_or(0, |a| a.piloting);
    let mut mods = vec![
        Modifier::new(own, format!("{}'s autopilot", v.id)),
        Modifier::new(v.stats.piloting, format!("{}'s Piloting modifier", v.id)),
    ];
    mods.extend(broken::broken_piloting(world, &v.id));
    mods
}

/// A Piloting check the autopilot rolls for `v` (the vehicle is the one rolling).
pub(crate) fn piloting_check(
    ex: &mut Executor,
    v: &Vehicle,
    purpose: &str,
    dc: Option<i32>,
) -> Result<D20Check, RuleError> {
    let mods = piloting_modifiers(ex.world, v);
    roll_check(ex, &v.id, &v.id, &format!("autopilot {purpose}"), true, mods, dc)
}
