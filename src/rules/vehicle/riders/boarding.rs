//! Boarding and getting off (§25.3, §25.9, 001:4438-4441): a move action from a space next
//! to the vehicle; while it moves, an Acrobatics or Athletics check (the better one) against
//! 5 + its KAC, failing which the creature stays where it is. Riders stand inside the
//! vehicle's space.

use crate::grid::{Space, Square};
use crate::rules::VehicleEvent;
use crate::rules::vehicle::RiderRole;
use crate::rules::vehicle::access;
use crate::rules::vehicle::access::{aboard, blocker, can_spend, illegal, vehicle};
use crate::rules::vehicle::rolls::roll_check;
use crate::rules::{Defenses, Executor, Modifier, Placement, Profile, RuleError, UnitId};
use crate::ruleset::ActionKind;
use bevy::prelude::World;

fn placement(world: &World, unit: &UnitId) -> Result<Placement, RuleError> {
    let e = world
        .resource::<crate::rules::UnitIndex>()
        .0
        .get(unit)
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    world
        .get::<Placement>(*e)
        .copied()
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))
}

/// Whether two spaces touch (share an edge or corner) without overlapping.
fn adjacent(a: Space, b: Space) -> bool {
    let overlap = a.squares().any(|s| b.contains(s));
    let near = a
        .squares()
        .any(|s| b.squares().any(|t| (s.x - t.x).abs() <= 1 && (s.y - t.y).abs() <= 1));
    near && !overlap
}

/// The boarding DC and the check's modifiers, when the vehicle is moving.
fn moving_check(world: &World, unit: &UnitId, vehicle_id: &UnitId) -> Result<Option<(i32, Vec<Modifier>)>, RuleError> {
    let r = access::vehicle_rules(world)?;
    let v = vehicle(world, vehicle_id)?;
    if !v.state.is_moving() {
        return Ok(None);
    }
    let e = world.resource::<crate::rules::UnitIndex>().0[vehicle_id];
    let kac = match world.get::<Profile>(e).map(|p| p.defenses) {
        Some(Defenses::EacKac { kac, .. }) => kac,
        _ => 10,
    };
    let skills = {
        let e = world.resource::<crate::rules::UnitIndex>().0[unit];
        world
            .get::<crate::rules::vehicle::SkillBonuses>(e)
            .copied()
            .unwrap_or_default()
    };
    let (bonus, name) = if skills.acrobatics >= skills.athletics {
        (skills.acrobatics, "Acrobatics")
    } else {
        (skills.athletics, "Athletics")
    };
    Ok(Some((
        r.boarding_dc_base as i32 + kac,
        vec![Modifier::new(bonus, name)],
    )))
}

pub(crate) fn check_board(
    world: &World,
    unit: &UnitId,
    vehicle_id: &UnitId,
    role: RiderRole,
) -> Result<Square, RuleError> {
    let v = vehicle(world, vehicle_id)?;
    if aboard(world, unit).is_some() {
        return Err(illegal(format!("{unit} is already aboard a vehicle")));
    }
    if access::vehicle(world, unit).is_ok() {
        return Err(illegal("a vehicle cannot board another vehicle"));
    }
    let me = placement(world, unit)?;
    if me.side_squares > v.placement.side_squares {
        return Err(illegal(format!("{unit} is too big to ride {vehicle_id}")));
    }
    if !adjacent(
        Space::new(me.at, me.side_squares),
        Space::new(v.placement.at, v.placement.side_squares),
    ) {
        return Err(illegal(format!("{unit} must stand next to {vehicle_id} to board it")));
    }
    if role == RiderRole::Pilot && (v.state.controlled_by.is_some() || v.state.is_moving()) {
        return Err(illegal(format!(
            "{vehicle_id} has a pilot or is moving: board as a passenger, then take control"
        )));
    }
    can_spend(world, ActionKind::Move)?;
    // The square of the vehicle's space nearest the boarder (the seed gives no seating).
    let reach = v.placement.side_squares.saturating_sub(me.side_squares) as i32;
    let clamp = |a: i32, lo: i32| a.clamp(lo, lo + reach);
    Ok(Square::new(
        clamp(me.at.x, v.placement.at.x),
        clamp(me.at.y, v.placement.at.y),
    ))
}

pub(crate) fn execute_board(
    ex: &mut Executor,
    unit: &UnitId,
    vehicle_id: &UnitId,
    role: RiderRole,
) -> Result<(), RuleError> {
    let at = check_board(ex.world, unit, vehicle_id, role)?;
    crate::rules::sequence::turn::take_action(ex, unit, ActionKind::Move, "board".into());
    if let Some((dc, mods)) = moving_check(ex.world, unit, vehicle_id)? {
        let check = roll_check(
            ex,
            unit,
            vehicle_id,
            "check to board a moving vehicle",
            false,
            mods,
            Some(dc),
        )?;
        if !check.success {
            return Ok(());
        }
    }
    ex.emit(VehicleEvent::RiderBoarded {
        unit: unit.clone(),
        vehicle: vehicle_id.clone(),
        role,
        at,
    });
    if role == RiderRole::Pilot {
        ex.emit(VehicleEvent::VehicleControl {
            vehicle: vehicle_id.clone(),
            pilot: Some(unit.clone()),
            reason: "boarded as pilot".into(),
        });
    }
    Ok(())
}

pub(crate) fn check_disembark(world: &World, unit: &UnitId, to: Square) -> Result<UnitId, RuleError> {
    let a = aboard(world, unit).ok_or_else(|| illegal(format!("{unit} is not aboard a vehicle")))?;
    let v = vehicle(world, &a.vehicle)?;
    let me = placement(world, unit)?;
    let there = Space::new(to, me.side_squares);
    if !adjacent(there, Space::new(v.placement.at, v.placement.side_squares)) {
        return Err(illegal(format!("{to} is not next to {}", v.id)));
    }
    if let Some(b) = blocker(world, unit, to, me.side_squares, &|_| false) {
        return Err(illegal(format!("{unit} cannot get off at {to}: {b}")));
    }
    can_spend(world, ActionKind::Move)?;
    Ok(a.vehicle)
}

pub(crate) fn execute_disembark(ex: &mut Executor, unit: &UnitId, to: Square) -> Result<(), RuleError> {
    let vehicle_id = check_disembark(ex.world, unit, to)?;
    crate::rules::sequence::turn::take_action(ex, unit, ActionKind::Move, "disembark".into());
    if let Some((dc, mods)) = moving_check(ex.world, unit, &vehicle_id)? {
        let check = roll_check(
            ex,
            unit,
            &vehicle_id,
            "check to get off a moving vehicle",
            false,
            mods,
            Some(dc),
        )?;
        if !check.success {
            return Ok(());
        }
    }
    if ex
        .get::<crate::rules::vehicle::VehicleState>(&vehicle_id)
        .and_then(|s| s.controlled_by.clone())
        .as_ref()
        == Some(unit)
    {
        ex.emit(VehicleEvent::VehicleControl {
            vehicle: vehicle_id.clone(),
            pilot: None,
            reason: format!("{unit} got off"),
        });
    }
    ex.emit(VehicleEvent::RiderDisembarked {
        unit: unit.clone(),
        vehicle: vehicle_id,
        to,
    });
    Ok(())
}
