//! Racing hazards (VEH-5, 001:4424-4432): a vehicle racing through difficult terrain or over
//! low obstacles (it has no special gear in this game) faces a Piloting check on reaching
//! each one, DC `hazard_dc_base` + item level (the seed's "usually"). A failure, or an
//! uncontrolled vehicle, crashes (the seed lets the GM pick a crash or a spin-out; a
//! spin-out has no rules in the seed, so the game crashes, VEH-10). Autocontrol checks with
//! the pilot's most recent Piloting result (VEH-13).

use crate::grid::Square;
use crate::rules::Terrain;
use crate::rules::VehicleEvent;
use crate::rules::vehicle::access;
use crate::rules::vehicle::access::{Vehicle, piloting_modifiers};
use crate::rules::vehicle::control::autocontrol;
use crate::rules::vehicle::control::autopilot;
use crate::rules::vehicle::rolls::roll_check;
use crate::rules::{Executor, RuleError, UnitId};
use bevy::prelude::World;

/// Who makes the hazard check.
#[derive(Debug, Clone)]
pub(crate) enum Driver {
    /// The pilot rolls Piloting.
    Pilot(UnitId),
    /// Autocontrol uses the pilot's most recent Piloting result.
    Autocontrol,
    /// The autopilot rolls with its own and the vehicle's modifiers (VEH-14).
    Autopilot,
    /// Nobody: it crashes.
    Nobody,
}

/// The `stopped` reason of a trip ended by a failed hazard, which then crashes.
pub(crate) const CRASHED_ON_HAZARD: &str = "lost control on a hazard";

fn hazard_in(world: &World, at: Square, side: u32) -> Option<Square> {
    let map = &world.resource::<Terrain>().0;
    at.footprint(side)
        .find(|sq| map.cell(*sq).is_some_and(|c| c.difficult || c.low))
}

/// For each step of `squares` (top-left squares, from `from`), the hazard square its space
/// reaches there when the space before held none: the moments a hazard is encountered.
pub(crate) fn encounters(world: &World, from: Square, side: u32, squares: &[Square]) -> Vec<(Square, Square)> {
    let mut out = Vec::new();
    let mut before = hazard_in(world, from, side);
    for next in squares {
        let now = hazard_in(world, *next, side);
        if let (None, Some(h)) = (before, now) {
            out.push((*next, h));
        }
        before = now;
    }
    out
}

/// The check on reaching the hazard at `hazard`; `None` if the vehicle goes on, else why it
/// stops (and then crashes).
pub(crate) fn face(
    ex: &mut Executor,
    v: &Vehicle,
    driver: &Driver,
    hazard: Square,
) -> Result<Option<String>, RuleError> {
    let rules = access::vehicle_rules(ex.world)?;
    ex.emit(VehicleEvent::RaceHazard {
        vehicle: v.id.clone(),
        at: hazard,
    });
    let dc = (rules.hazard_dc_base + v.stats.item_level) as i32;
    let passed = match driver {
        Driver::Pilot(p) => {
            let mods = piloting_modifiers(ex.world, p, v);
            roll_check(
                ex,
                p,
                &v.id,
                "Piloting check for racing into a hazard",
                true,
                mods,
                Some(dc),
            )?
            .success
        }
        Driver::Autocontrol => autocontrol::fixed_check(ex, &v.id, "hazard check", dc),
        Driver::Autopilot => {
            autopilot::piloting_check(ex, v, "Piloting check for racing into a hazard", Some(dc))?.success
        }
        Driver::Nobody => false,
    };
    Ok((!passed).then(|| CRASHED_ON_HAZARD.to_string()))
}

/// `travel` along a straight `line`, facing each hazard it reaches with `driver`'s check.
pub(crate) fn travel_facing_hazards(
    ex: &mut Executor,
    v: &Vehicle,
    leg: &super::travel::Leg,
    line: &super::line::Line,
    driver: &Driver,
) -> Result<super::travel::Trip, RuleError> {
    let found = encounters(ex.world, v.placement.at, v.placement.side_squares, &line.squares);
    let wants = |_: &Executor, next: Square| found.iter().any(|(s, _)| *s == next);
    let mut hook = |ex: &mut Executor, v: &Vehicle, next: Square| match found.iter().find(|(s, _)| *s == next) {
        Some((_, h)) => face(ex, v, driver, *h),
        None => Ok(None),
    };
    super::travel::travel(ex, v, leg, &line.squares, &line.costs_ft, &wants, Some(&mut hook))
}
