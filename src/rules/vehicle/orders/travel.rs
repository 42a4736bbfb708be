//! Moving a vehicle with everyone aboard along checked steps (§25.3-25.6): attacks of
//! opportunity at each square it leaves (VEH-15, VEH-17: +2 AC while racing), and a hook for
//! what happens on entering a square (run over). Emits `VehicleMoved` in legs, split where a
//! reaction or collision interrupts, so every event sees the vehicle where it is.

use super::aoo;
use crate::grid::{Heading, Square};
use crate::rules::VehicleEvent;
use crate::rules::vehicle::VehicleMove;
use crate::rules::vehicle::access::{Vehicle, riders, wrecked};
use crate::rules::{Executor, RuleError, UnitId};

/// How the vehicle moves this time.
pub(crate) struct Leg {
    pub how: VehicleMove,
    pub pilot: Option<UnitId>,
    /// The speed of the action (VEH-12 slows from it).
    pub speed_ft: u32,
    /// The heading at the end (unchanged for straight-line moves).
    pub heading: Heading,
    /// `Some(racing)` when leaving threatened squares provokes (VEH-15, VEH-17).
    pub provokes: Option<bool>,
}

/// How the trip ended: `stopped` says why it ended early.
pub(crate) struct Trip {
    pub stopped: Option<String>,
}

/// Called before the vehicle enters a square; returns whether it goes on.
pub(crate) type Hook<'a> = &'a mut dyn FnMut(&mut Executor, &Vehicle, Square) -> Result<Option<String>, RuleError>;

/// Walks `squares` (with cumulative `costs_ft`). `wants_hook(next)` says whether `hook`
/// acts before entering `next` (the leg so far is emitted first).
pub(crate) fn travel(
    ex: &mut Executor,
    v: &Vehicle,
    leg: &Leg,
    squares: &[Square],
    costs_ft: &[u32],
    wants_hook: &dyn Fn(&Executor, Square) -> bool,
    hook: Option<Hook>,
) -> Result<Trip, RuleError> {
    let side = v.placement.side_squares;
    let mut hook = hook;
    let mut from = v.placement.at;
    let mut at = from;
    let mut done: Vec<Square> = Vec::new();
    let mut moved_ft = 0;
    let mut flushed_ft = 0;
    let mut stopped = None;
    let flush = |ex: &mut Executor,
                 from: &mut Square,
                 done: &mut Vec<Square>,
                 moved: u32,
                 flushed: &mut u32,
                 last: bool,
                 stopped: Option<String>| {
        if done.is_empty() && !last {
            return;
        }
        let heading = if last { leg.heading } else { current_heading(ex, &v.id) };
        ex.emit(VehicleEvent::VehicleMoved {
            vehicle: v.id.clone(),
            pilot: leg.pilot.clone(),
            how: leg.how,
            from: *from,
            path: std::mem::take(done),
            moved_ft: moved - *flushed,
            speed_ft: leg.speed_ft,
            heading,
            riders: riders(ex.world, &v.id),
            stopped,
        });
        *flushed = moved;
        if let Some(sq) = ex
            .world
            .resource::<crate::rules::UnitIndex>()
            .0
            .get(&v.id)
            .and_then(|e| ex.world.get::<crate::rules::Placement>(*e))
        {
            *from = sq.at;
        }
    };
    for (next, cost) in squares.iter().zip(costs_ft) {
        let left: Vec<Square> = at
            .footprint(side)
            .filter(|sq| !next.footprint(side).any(|n| n == *sq))
            .collect();
        let reactors = match leg.provokes {
            Some(racing) => aoo::provokers(ex.world, &v.id, &left, racing),
            None => Vec::new(),
        };
        if !reactors.is_empty() || (hook.is_some() && wants_hook(ex, *next)) {
            flush(ex, &mut from, &mut done, moved_ft, &mut flushed_ft, false, None);
        }
        for reactor in reactors {
            aoo::vehicle_aoo(ex, &reactor, &v.id, at, leg.provokes == Some(true))?;
        }
        if wrecked(ex.world, &v.id) {
            stopped = Some("wrecked".to_string());
            break;
        }
        if let Some(h) = hook.as_mut()
            && wants_hook(ex, *next)
            && let Some(why) = h(ex, v, *next)?
        {
            stopped = Some(why);
            break;
        }
        done.push(*next);
        at = *next;
        moved_ft = *cost;
    }
    flush(
        ex,
        &mut from,
        &mut done,
        moved_ft,
        &mut flushed_ft,
        true,
        stopped.clone(),
    );
    Ok(Trip { stopped })
}

fn current_heading(ex: &Executor, vehicle: &UnitId) -> Heading {
    ex.get::<crate::rules::vehicle::VehicleState>(vehicle)
        .map_or(Heading::N, |s| s.heading)
}
