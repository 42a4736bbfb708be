//! Uncontrolled vehicles and autocontrol (VEH-11..VEH-13, WE-53): on its last pilot's
//! initiative slot an uncontrolled vehicle that keeps going moves straight ahead as two drive
//! actions, each at ¾ of the previous speed rounded down to 5 ft, until it stops or crashes;
//! autocontrol instead repeats the last pilot action at the same speed.

use crate::grid::Square;
use crate::rules::VehicleEvent;
use crate::rules::vehicle::access;
use crate::rules::vehicle::access::{Blocker, Vehicle, can_act, vehicle, wrecked};
use crate::rules::vehicle::orders::crash;
use crate::rules::vehicle::orders::follow_up;
use crate::rules::vehicle::orders::hazard::{CRASHED_ON_HAZARD, Driver, travel_facing_hazards};
use crate::rules::vehicle::orders::line::straight_line;
use crate::rules::vehicle::orders::race;
use crate::rules::vehicle::orders::travel::Leg;
use crate::rules::vehicle::{PilotAction, VehicleMove, VehicleState};
use crate::rules::{Executor, RuleError, UnitId, UnitIndex};
use crate::ruleset::{Fraction, Rounding};

/// The next uncontrolled speed (VEH-12): `speed × fraction`, rounded as the family says.
pub fn slowed(speed_ft: u32, fraction: Fraction, rounding: Rounding, square_ft: u32) -> u32 {
    match rounding {
        Rounding::Down => fraction.of_floor(speed_ft),
        Rounding::Up => fraction.of_ceil(speed_ft),
        Rounding::DownToSquare => fraction.of_floor(speed_ft) / square_ft.max(1) * square_ft.max(1),
    }
}

fn vehicles(ex: &Executor) -> Vec<(UnitId, VehicleState)> {
    let index = ex.world.resource::<UnitIndex>();
    index
        .0
        .iter()
        .filter_map(|(u, e)| ex.world.get::<VehicleState>(*e).map(|s| (u.clone(), s.clone())))
        .collect()
}

/// At the start of `unit`'s turn: its vehicles lose control if it cannot act (VEH-11), then
/// vehicles on its slot move uncontrolled or on autocontrol, and a vehicle it raced last turn
/// waits for its follow-up (VEH-6).
pub(crate) fn at_turn_start(ex: &mut Executor, unit: &UnitId) -> Result<(), RuleError> {
    if ex.ruleset().vehicles.is_none() {
        return Ok(());
    }
    for (id, state) in vehicles(ex) {
        // Autocontrol lasts until disengaged or the vehicle cannot move (VEH-13); an engaged
        // autopilot keeps the vehicle controlled in place of its pilot (VEH-14).
        if state.controlled_by.as_ref() == Some(unit)
            && !can_act(ex.world, unit)
            && !state.autocontrol_engaged
            && !state.autopilot_engaged
        {
            ex.emit(VehicleEvent::VehicleControl {
                vehicle: id.clone(),
                pilot: None,
                reason: format!("{unit} cannot act"),
            });
        }
    }
    for (id, state) in vehicles(ex) {
        // On autocontrol it moves on its pilot's count, or on its own if the pilot delayed.
        let slot = state.uncontrolled_slot.as_ref().or(state.controlled_by.as_ref());
        let on_autocontrol = state.autocontrol_engaged && slot == Some(unit);
        // Autocontrol repeats a drive too, after which the vehicle had stopped (VEH-13).
        if !(state.keeps_going || on_autocontrol) || wrecked(ex.world, &id) {
            continue;
        }
        // Its own count starts the round it took it (VEH-11): once a round on that count.
        if &id == unit && state.moved_this_round {
            continue;
        }
        let uncontrolled = state.controlled_by.is_none() && state.uncontrolled_slot.as_ref() == Some(unit);
        if on_autocontrol || uncontrolled {
            move_on(ex, &id, on_autocontrol)?;
        }
    }
    follow_up::mark_due(ex, unit)
}

/// The vehicle `id` keeps going on its own (VEH-12): two drive actions straight ahead, each
/// at the family's fraction of the previous speed, until it stops or crashes; on autocontrol
/// (VEH-13) it repeats the last pilot action at the same speed instead.
pub(crate) fn move_on(ex: &mut Executor, id: &UnitId, on_autocontrol: bool) -> Result<(), RuleError> {
    let rules = access::vehicle_rules(ex.world)?;
    let square_ft = ex.ruleset().grid.square_ft;
    let state = vehicle(ex.world, id)?.state;
    let times = match (on_autocontrol, state.last_action) {
        (true, Some(PilotAction::Race)) => 1,
        _ => rules.uncontrolled_drive_actions,
    };
    let mut speed = state.last_action_speed_ft;
    let mut angle = 0.0;
    if on_autocontrol && state.last_action == Some(PilotAction::Race) {
        // The repeated race needs its check, made with the pilot's last result (VEH-13);
        // the vehicle is moving, so there is no dead-stop increase.
        let v = vehicle(ex.world, id)?;
        let dc = (rules.race_dc_base + v.stats.item_level) as i32;
        if !super::autocontrol::fixed_check(ex, id, "race check", dc) {
            let ahead = straight_line(ex.world, &v, 0.0, speed, &|_| false);
            (angle, speed) = race::moving_mishap(ex, &v, &ahead.squares, speed)?;
        }
    }
    let driver = if on_autocontrol {
        Driver::Autocontrol
    } else {
        Driver::Nobody
    };
    for _ in 0..times {
        if !on_autocontrol {
            speed = slowed(speed, rules.uncontrolled_speed, rules.uncontrolled_rounding, square_ft);
        }
        if speed == 0 {
            ex.emit(VehicleEvent::VehicleStopped {
                vehicle: id.clone(),
                reason: "slowed to a stop".into(),
            });
            break;
        }
        let how = if on_autocontrol {
            VehicleMove::Autocontrol
        } else {
            VehicleMove::Uncontrolled
        };
        if !roll_on(ex, &vehicle(ex.world, id)?, how, speed, angle, &driver)? {
            break;
        }
    }
    Ok(())
}

/// One straight move at `speed_ft`; returns whether the vehicle can go on (no crash, not
/// off the map). A controlled vehicle in the way may dodge it (VEH-10); then it rolls on
/// past it with the distance left, never ending inside it.
fn roll_on(
    ex: &mut Executor,
    v: &Vehicle,
    how: VehicleMove,
    speed_ft: u32,
    angle: f64,
    driver: &Driver,
) -> Result<bool, RuleError> {
    let mut avoided: Vec<UnitId> = Vec::new();
    let mut left = speed_ft;
    loop {
        let v = vehicle(ex.world, &v.id)?;
        let mut line = straight_line(ex.world, &v, angle, left, &|u| avoided.contains(u));
        let inside_avoided = |ex: &Executor, at: Square| {
            avoided.iter().any(|a| {
                ex.get::<crate::rules::Placement>(a).is_some_and(|p| {
                    at.footprint(v.placement.side_squares)
                        .any(|sq| p.squares().any(|q| q == sq))
                })
            })
        };
        while line.squares.last().is_some_and(|at| inside_avoided(ex, *at)) {
            line.squares.pop();
            line.costs_ft.pop();
            line.blocked_by = None;
        }
        let leg = Leg {
            how,
            pilot: None,
            speed_ft,
            heading: v.state.heading,
            provokes: Some(false),
        };
        // VEH-5: an uncontrolled vehicle that reaches a hazard crashes; autocontrol checks.
        let trip = travel_facing_hazards(ex, &v, &leg, &line, driver)?;
        if trip.stopped.as_deref() == Some(CRASHED_ON_HAZARD) {
            return crash::crash(ex, &v.id, None).map(|_| false);
        }
        if trip.stopped.is_some() {
            return Ok(false);
        }
        left = left.saturating_sub(line.moved_ft());
        match line.blocked_by {
            Some(Blocker::Obstacle(_)) => return crash::crash(ex, &v.id, None).map(|_| false),
            Some(Blocker::Unit(u)) => {
                if crash::dodges(ex, &v.id, &u)? {
                    avoided.push(u);
                    continue;
                }
                return crash::crash(ex, &v.id, Some(u)).map(|_| false);
            }
            Some(Blocker::OffMap(_)) => {
                ex.emit(VehicleEvent::VehicleStopped {
                    vehicle: v.id.clone(),
                    reason: "reached the edge of the battle map (VEH-21)".into(),
                });
                return Ok(false);
            }
            None => return Ok(true),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WE-53: 400 ft → 300 → 225 → 165 → 120 (¾ each, floored to 5 ft).
    #[test]
    fn we_53_uncontrolled_slowdown_floors_to_5_ft() {
        let mut s = 400;
        let mut seen = Vec::new();
        for _ in 0..4 {
            s = slowed(s, Fraction::new(3, 4), Rounding::DownToSquare, 5);
            seen.push(s);
        }
        assert_eq!(seen, [300, 225, 165, 120]);
    }
}
