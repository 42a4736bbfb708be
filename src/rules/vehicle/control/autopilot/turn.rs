//! The autopilot's turn (VEH-14): "an autopilot's actions are dictated by the GM"; the game
//! plays the GM with a fixed, cautious policy so the same battle always plays the same way.
//!
//! At the start of its pilot's turn (the count the vehicle acts on, §25.1) an engaged
//! autopilot takes up to two drive actions (its move action and its standard action taken as
//! a move, as an uncontrolled vehicle's two drives, VEH-12). Each drive goes, by a path
//! `plan_vehicle_path` finds within the drive speed and around every creature (VEH-3), to
//! the reachable square nearest the destination on the grid (ties: the nearest as the crow
//! flies, then the shorter move, then the top-most, then the left-most square), and ends facing the destination along the longer axis. It
//! stops when it is there or no reachable square is nearer. It never races (a race risks a
//! failed check), never rams and never runs over, not even as a war machine: the seed allows
//! a war machine to, but nothing in this simple policy needs it. A vehicle still racing
//! from before it was engaged (VEH-6) is driven on, or, if no drive gets it nearer, the
//! autopilot stops it short with its own Piloting check. The pilot's own actions are not
//! spent. It keeps the vehicle controlled when the pilot is knocked out or delays (VEH-11
//! does not apply) and drives on the pilot's count as before; if nobody sits at the controls
//! any more, it has no count to act on and disengages.

use crate::grid::{Heading, Square};
use crate::rules::VehicleEvent;
use crate::rules::vehicle::access;
use crate::rules::vehicle::access::{Vehicle, vehicle, vehicle_rules, wrecked};
use crate::rules::vehicle::orders::crash;
use crate::rules::vehicle::orders::drive;
use crate::rules::vehicle::orders::hazard::{CRASHED_ON_HAZARD, Driver, travel_facing_hazards};
use crate::rules::vehicle::orders::line::straight_line;
use crate::rules::vehicle::orders::travel::{Leg, travel};
use crate::rules::vehicle::{PilotAction, VehicleMove, VehicleState, plan_vehicle_path, stop_short_distance};
use crate::rules::{Executor, RuleError, UnitId, UnitIndex};
use crate::ruleset::Ruleset;
use bevy::prelude::World;

/// At the start of `unit`'s turn: the autopilots of the vehicles it pilots drive.
pub(crate) fn at_turn_start(ex: &mut Executor, unit: &UnitId) -> Result<(), RuleError> {
    if ex.ruleset().vehicles.is_none() {
        return Ok(());
    }
    let engaged: Vec<(UnitId, VehicleState)> = {
        let world = &*ex.world;
        world
            .resource::<UnitIndex>()
            .0
            .iter()
            .filter_map(|(u, e)| world.get::<VehicleState>(*e).map(|s| (u.clone(), s.clone())))
            .filter(|(_, s)| s.autopilot_engaged)
            .collect()
    };
    for (id, state) in engaged {
        if wrecked(ex.world, &id) {
            continue;
        }
        match &state.controlled_by {
            Some(pilot) if pilot == unit => drive_count(ex, &id, pilot)?,
            None if state.uncontrolled_slot.as_ref() == Some(unit) => ex.emit(VehicleEvent::AutopilotSet {
                vehicle: id,
                engaged: false,
                reason: "nobody is at the controls".into(),
            }),
            _ => {}
        }
    }
    Ok(())
}

/// The autopilot's pilot actions for one count.
fn drive_count(ex: &mut Executor, id: &UnitId, pilot: &UnitId) -> Result<(), RuleError> {
    let Some(dest) = vehicle(ex.world, id)?.state.autopilot_destination else {
        ex.emit(VehicleEvent::AutopilotIdle {
            vehicle: id.clone(),
            reason: "no destination entered".into(),
        });
        return stop_if_racing(ex, id);
    };
    let mut idle = None;
    for _ in 0..vehicle_rules(ex.world)?.uncontrolled_drive_actions {
        let v = vehicle(ex.world, id)?;
        if v.placement.at == dest {
            idle = Some(format!("at its destination {dest}"));
            break;
        }
        let Some(path) = nearer(ex.world, pilot, &v, dest) else {
            idle = Some(format!("cannot get nearer to {dest} without passing through something"));
            break;
        };
        if !drive(ex, &v, &path, dest)? {
            return Ok(());
        }
    }
    if let Some(reason) = idle {
        ex.emit(VehicleEvent::AutopilotIdle {
            vehicle: id.clone(),
            reason,
        });
    }
    stop_if_racing(ex, id)
}

/// The path of one drive to the reachable square nearest `dest` and nearer than where the
/// vehicle is, if there is one (see the module comment for the ties).
fn nearer(world: &World, pilot: &UnitId, v: &Vehicle, dest: Square) -> Option<Vec<Square>> {
    let rules = world.resource::<Ruleset>();
    let reach = (v.stats.drive_ft / rules.grid.square_ft.max(1)) as i32;
    let dist = |a: Square, b: Square| rules.grid.diagonal.squares(b.x - a.x, b.y - a.y);
    let at = v.placement.at;
    let here = dist(at, dest);
    let mut candidates = Vec::new();
    for dy in -reach..=reach {
        for dx in -reach..=reach {
            let c = Square::new(at.x + dx, at.y + dy);
            let (to_dest, moved) = (dist(c, dest), dist(at, c));
            if to_dest < here && moved as i32 <= reach {
                let straight = (dest.x - c.x).pow(2) + (dest.y - c.y).pow(2);
                candidates.push((to_dest, straight, moved, c.y, c.x));
            }
        }
    }
    candidates.sort_unstable();
    candidates
        .into_iter()
        .find_map(|(_, _, _, y, x)| plan_vehicle_path(world, pilot, Square::new(x, y), false).ok())
}

/// The heading from `a` toward `b` along the longer axis (east or west on a tie).
fn toward(a: Square, b: Square) -> Option<Heading> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    match (dx, dy) {
        (0, 0) => None,
        _ if dx.abs() >= dy.abs() => Some(if dx > 0 { Heading::E } else { Heading::W }),
        _ => Some(if dy > 0 { Heading::S } else { Heading::N }),
    }
}

/// One drive action along `path` (VEH-3); returns whether the vehicle may drive on.
fn drive(ex: &mut Executor, v: &Vehicle, path: &[Square], dest: Square) -> Result<bool, RuleError> {
    let costs = drive::check_path(ex.world, v, path, v.stats.drive_ft, &|_| false)?;
    let end = path.last().copied().unwrap_or(v.placement.at);
    let before = path.len().checked_sub(2).map_or(v.placement.at, |i| path[i]);
    let heading = toward(end, dest)
        .or_else(|| toward(before, end))
        .unwrap_or(v.state.heading);
    let leg = Leg {
        how: VehicleMove::Autopilot,
        pilot: None,
        speed_ft: costs.last().copied().unwrap_or(0),
        heading,
        provokes: Some(false),
    };
    let trip = travel(ex, v, &leg, path, &costs, &|_, _| false, None)?;
    Ok(trip.stopped.is_none() && !wrecked(ex.world, &v.id))
}

/// A vehicle still racing from before the autopilot was engaged, and not driven this count,
/// stops short (001:4378-4387) with the autopilot's Piloting check (VEH-14).
fn stop_if_racing(ex: &mut Executor, id: &UnitId) -> Result<(), RuleError> {
    let v = vehicle(ex.world, id)?;
    if !v.state.keeps_going || v.state.last_action != Some(PilotAction::Race) || wrecked(ex.world, id) {
        return Ok(());
    }
    let r = vehicle_rules(ex.world)?;
    let check = super::piloting_check(ex, &v, "Piloting check to stop short", None)?;
    let still = stop_short_distance(v.state.last_action_speed_ft, check.total, r.stop_short_step_ft);
    if still > 0 {
        let line = straight_line(ex.world, &v, 0.0, still, &|_| false);
        let leg = Leg {
            how: VehicleMove::StopShort,
            pilot: None,
            speed_ft: still,
            heading: v.state.heading,
            provokes: Some(true),
        };
        // As a pilot's stop short: a failed hazard check or a wall at the end crashes.
        let trip = travel_facing_hazards(ex, &v, &leg, &line, &Driver::Autopilot)?;
        let hit_wall = trip.stopped.is_none() && matches!(line.blocked_by, Some(access::Blocker::Obstacle(_)));
        if trip.stopped.as_deref() == Some(CRASHED_ON_HAZARD) || hit_wall {
            return crash::crash(ex, id, None);
        }
    }
    if !wrecked(ex.world, id) {
        ex.emit(VehicleEvent::VehicleStopped {
            vehicle: id.clone(),
            reason: format!("the autopilot stopped it short after {still} ft"),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// VEH-14: the autopilot faces its destination along the longer axis.
    #[test]
    fn veh_14_heading_toward_destination() {
        let o = Square::new(5, 5);
        assert_eq!(toward(o, Square::new(9, 6)), Some(Heading::E));
        assert_eq!(toward(o, Square::new(4, 1)), Some(Heading::N));
        assert_eq!(toward(o, Square::new(2, 8)), Some(Heading::W));
        assert_eq!(toward(o, Square::new(5, 7)), Some(Heading::S));
        assert_eq!(toward(o, o), None);
    }
}
