//! Race (VEH-5, VEH-6) and stop short (001:4378-4387): a full action moving up to full speed
//! in a straight line at most 45° off the heading after a Piloting check (DC 10 + item level,
//! +5 from a dead stop); failures stall, slow on rough ground or veer off course.

use super::crash;
use super::line::{Line, rough, straight_line};
use super::travel::Leg;
use crate::rules::VehicleEvent;
use crate::rules::vehicle::access;
use crate::rules::vehicle::access::{Vehicle, can_spend, illegal, piloted_by, piloting_modifiers, require_started};
use crate::rules::vehicle::rolls::roll_check;
use crate::rules::vehicle::{RaceMishap, VehicleMove};
use crate::rules::{Executor, RuleError, UnitId};
use crate::ruleset::ActionKind;
use bevy::prelude::World;

/// A checked race line.
pub(crate) struct RacePlan {
    pub vehicle: Vehicle,
    pub line: Line,
    pub max_ft: u32,
    pub dc: i32,
    pub dead_stop: bool,
}

/// VEH-5: the race DC, +5 when the vehicle did not move last round ("dead stop").
pub(crate) fn race_dc(world: &World, v: &Vehicle) -> Result<(i32, bool), RuleError> {
    let r = access::vehicle_rules(world)?;
    let dead_stop = !(v.state.moved_last_round || v.state.moved_this_round || v.state.keeps_going);
    let dc = (r.race_dc_base + v.stats.item_level + if dead_stop { r.dead_stop_dc } else { 0 }) as i32;
    Ok((dc, dead_stop))
}

/// Checks a race (or the line of a ram, `exact: false` for "as far as it goes").
pub(crate) fn check_race(
    world: &World,
    pilot: &UnitId,
    angle: i32,
    distance_ft: Option<u32>,
) -> Result<RacePlan, RuleError> {
    let r = access::vehicle_rules(world)?;
    let v = piloted_by(world, pilot)?;
    require_started(&v)?;
    can_spend(world, ActionKind::Full)?;
    if angle.unsigned_abs() > r.max_heading_angle_deg {
        return Err(illegal(format!(
            "a race line may be at most {}° off the heading (VEH-2)",
            r.max_heading_angle_deg
        )));
    }
    let max_ft = distance_ft.unwrap_or(v.stats.full_ft);
    if max_ft == 0 || max_ft > v.stats.full_ft {
        return Err(illegal(format!("{} races up to {} ft", v.id, v.stats.full_ft)));
    }
    let line = straight_line(world, &v, f64::from(angle), max_ft, &|_| false);
    if let Some(b) = &line.blocked_by
        && distance_ft.is_some()
    {
        return Err(illegal(format!(
            "the race line is blocked after {} ft ({b}); race at most that far",
            line.moved_ft()
        )));
    }
    if line.squares.is_empty() {
        return Err(illegal(format!("{} cannot race that way: nothing is free ahead", v.id)));
    }
    let (dc, dead_stop) = race_dc(world, &v)?;
    Ok(RacePlan {
        vehicle: v,
        line,
        max_ft,
        dc,
        dead_stop,
    })
}

/// The Piloting check of a race; on a failure, the mishap's movement (VEH-5). Returns the
/// check total and whether it succeeded.
pub(crate) fn race_check(
    ex: &mut Executor,
    pilot: &UnitId,
    plan: &RacePlan,
    purpose: &str,
) -> Result<(i32, bool), RuleError> {
    let v = &plan.vehicle;
    let mods = piloting_modifiers(ex.world, pilot, v);
    let check = roll_check(ex, pilot, &v.id, purpose, true, mods, Some(plan.dc))?;
    if check.success {
        return Ok((check.total, true));
    }
    if plan.dead_stop {
        ex.emit(VehicleEvent::RaceMishap {
            vehicle: v.id.clone(),
            mishap: RaceMishap::Stalled,
        });
        return Ok((check.total, false));
    }
    let (angle, max_ft) = moving_mishap(ex, v, &plan.line.squares, plan.max_ft)?;
    let line = straight_line(ex.world, v, angle, max_ft, &|_| false);
    race_along(ex, pilot, v, &line, VehicleMove::Race, plan.max_ft)?;
    Ok((check.total, false))
}

/// A failed race check of a moving vehicle (VEH-5): on rough ground half its speed straight
/// ahead, else full speed off course in a d4 arc. Emits the mishap; returns the line's angle
/// and distance.
pub(crate) fn moving_mishap(
    ex: &mut Executor,
    v: &Vehicle,
    line: &[crate::grid::Square],
    max_ft: u32,
) -> Result<(f64, u32), RuleError> {
    let (angle, max_ft, mishap) = if rough(ex.world, v, line) {
        (0.0, max_ft / 2 / 5 * 5, RaceMishap::HalfSpeed)
    } else {
        let roll = ex.roll(4, format!("{} off-course arc", v.id))?;
        // The 180° in front split into four 45° arcs, left to right; the bisector of each.
        let angle_tenths = [-675, -225, 225, 675][(roll.result.clamp(1, 4) - 1) as usize];
        (
            f64::from(angle_tenths) / 10.0,
            max_ft,
            RaceMishap::OffCourse { roll, angle_tenths },
        )
    };
    ex.emit(VehicleEvent::RaceMishap {
        vehicle: v.id.clone(),
        mishap,
    });
    Ok((angle, max_ft))
}

/// Moves along a straight line as a race; a wall at its end, or a hazard on the way whose
/// check fails, is a crash (VEH-10, VEH-5). Returns whether it got to the end of the line
/// (a ram fails otherwise: "if you fail any Piloting check during the movement").
pub(crate) fn race_along(
    ex: &mut Executor,
    pilot: &UnitId,
    v: &Vehicle,
    line: &Line,
    how: VehicleMove,
    speed_ft: u32,
) -> Result<bool, RuleError> {
    let leg = Leg {
        how,
        pilot: Some(pilot.clone()),
        speed_ft,
        heading: v.state.heading,
        provokes: Some(true),
    };
    let trip = super::hazard::travel_facing_hazards(ex, v, &leg, line, &super::hazard::Driver::Pilot(pilot.clone()))?;
    if trip.stopped.as_deref() == Some(super::hazard::CRASHED_ON_HAZARD) {
        crash::crash(ex, &v.id, None)?;
        return Ok(false);
    }
    if trip.stopped.is_none()
        && let Some(access::Blocker::Obstacle(_)) = &line.blocked_by
    {
        crash::crash(ex, &v.id, None)?;
    }
    Ok(trip.stopped.is_none())
}

pub(crate) fn execute_race(
    ex: &mut Executor,
    pilot: &UnitId,
    angle: i32,
    distance_ft: Option<u32>,
) -> Result<(), RuleError> {
    let plan = check_race(ex.world, pilot, angle, distance_ft)?;
    crate::rules::sequence::turn::take_action(ex, pilot, ActionKind::Full, "race".into());
    let (_, ok) = race_check(ex, pilot, &plan, "Piloting check to race")?;
    if ok {
        let v = plan.vehicle.clone();
        race_along(ex, pilot, &v, &plan.line, VehicleMove::Race, plan.max_ft)?;
    }
    Ok(())
}

/// Stop short: only after a race (001:4378-4387).
pub(crate) fn check_stop_short(world: &World, pilot: &UnitId) -> Result<Vehicle, RuleError> {
    let v = piloted_by(world, pilot)?;
    if !v.state.keeps_going || v.state.last_action != Some(crate::rules::vehicle::PilotAction::Race) {
        return Err(illegal(format!(
            "{} did not race; it stops after a drive without any action",
            v.id
        )));
    }
    can_spend(world, ActionKind::Move)?;
    Ok(v)
}

/// The distance still travelled: the racing speed less the Piloting result rounded down to
/// 5 ft (WE-34: a result of 17 takes 15 ft off). The racing speed is the last race's
/// distance, which is the full speed unless the pilot raced a shorter line (RULES.md §25.3
/// reads "as if it kept racing").
pub fn stop_short_distance(racing_ft: u32, result: i32, step_ft: u32) -> u32 {
    let step = step_ft.max(1);
    let cut = (result.max(0) as u32) / step * step;
    racing_ft.saturating_sub(cut)
}

pub(crate) fn execute_stop_short(ex: &mut Executor, pilot: &UnitId) -> Result<(), RuleError> {
    let v = check_stop_short(ex.world, pilot)?;
    let r = access::vehicle_rules(ex.world)?;
    crate::rules::sequence::turn::take_action(ex, pilot, ActionKind::Move, "stop short".into());
    let mods = piloting_modifiers(ex.world, pilot, &v);
    let check = roll_check(ex, pilot, &v.id, "Piloting check to stop short", true, mods, None)?;
    let still = stop_short_distance(v.state.last_action_speed_ft, check.total, r.stop_short_step_ft);
    if still > 0 {
        let line = straight_line(ex.world, &v, 0.0, still, &|_| false);
        race_along(ex, pilot, &v, &line, VehicleMove::StopShort, still)?;
    }
    if !access::wrecked(ex.world, &v.id) {
        ex.emit(VehicleEvent::VehicleStopped {
            vehicle: v.id.clone(),
            reason: format!("stopped short after {still} ft"),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WE-34: a Piloting result of 17 takes 15 ft off the distance still travelled.
    #[test]
    fn we_34_stop_short_reduces_by_result_floored_to_5_ft() {
        assert_eq!(stop_short_distance(500, 17, 5), 485);
        assert_eq!(stop_short_distance(30, 17, 5), 15);
        assert_eq!(stop_short_distance(10, 17, 5), 0);
        assert_eq!(stop_short_distance(500, -3, 5), 500);
    }
}
