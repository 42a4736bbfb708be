//! What a vehicle mode shows on the map (RULES.md §25): racing, the 45° arc from the
//! vehicle's front-edge centre, the rules' legal end squares (`rules::vehicle::race_ends`,
//! the `race` query's squares), the line of the angle picked with `[` / `]` and the Piloting
//! DC with the check's chance (`rules::vehicle::race_odds`); ramming, the hovered unit's odds
//! (`ram_odds`: the Piloting check and the creature's Reflex save to avoid it); driving or
//! running over, the planned path to the hovered square. Also the line under the map in a
//! vehicle mode. `vehicles::aim_view` draws it and takes the angle's keys; decides no rule.

use crate::grid::Square;
use crate::gui::intake::targets::{unit_at, unit_name};
use crate::gui::look::tiles::TILE;
use crate::gui::state::hover::Hover;
use crate::gui::state::mode::{Mode, VehicleAim};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session};
use crate::rules::vehicle::options::vehicles_at_hand;
use crate::rules::vehicle::{
    CheckOdds, RamOdds, plan_vehicle_path, race_ends, race_odds, race_view, ram_odds, vehicle_view,
};
use crate::rules::{Combat, UnitId};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<VehicleAimView>();
    app.add_systems(
        Update,
        derive_vehicle_aim
            .in_set(AppSystems::Derive)
            .run_if(in_state(Screen::Battle)),
    );
}

/// What the vehicle mode shows: the race's end squares, arc and DC; the planned path.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct VehicleAimView {
    pub key: Option<(Revision, Option<VehicleAim>, Option<Square>, i32)>,
    /// The vehicle aimed with.
    pub vehicle: Option<UnitId>,
    /// Race mode: the squares a race may end on (the `race` query's end squares).
    pub race_ends: Vec<Square>,
    /// Race mode: the DC and whether it is from a dead stop.
    pub race_dc: Option<(i32, bool)>,
    /// Race and ram modes: the Piloting check's odds (VEH-5).
    pub race_odds: Option<CheckOdds>,
    /// Ram mode: the hovered unit, its display name and the ram's odds on it, or why there
    /// are none.
    pub ram: Option<(UnitId, String, Result<RamOdds, String>)>,
    /// Race mode: the front-edge centre (world) and the heading's direction, for the arc.
    pub arc: Option<(Vec2, Vec2)>,
    /// Race mode: the angle picked with the keys, and the line's squares at it.
    pub angle: i32,
    pub angle_line: Vec<Square>,
    /// Drive or run over: the planned squares of the hovered destination, or why not.
    pub path: Option<Result<Vec<Square>, String>>,
    /// The vehicle's side, for drawing footprints.
    pub side: u32,
}

fn derive_vehicle_aim(
    session: Res<Session>,
    revision: Res<Revision>,
    mode: Res<Mode>,
    hover: Res<Hover>,
    mut view: ResMut<VehicleAimView>,
) {
    let aim = match *mode {
        Mode::Vehicle(aim) => Some(aim),
        _ => None,
    };
    let hovered = hover
        .0
        .filter(|_| matches!(aim, Some(VehicleAim::Drive | VehicleAim::RunOver | VehicleAim::Ram)));
    let key = Some((*revision, aim, hovered, view.angle));
    if view.key == key {
        return;
    }
    let angle = view.angle;
    *view = VehicleAimView {
        key,
        angle,
        ..default()
    };
    let world = session.battle.world();
    let Some(unit) = world.resource::<Combat>().active.clone() else {
        return;
    };
    let Some(aim) = aim else { return };
    let Some(vehicle) = vehicles_at_hand(world, &unit).into_iter().next() else {
        return;
    };
    let Ok(v) = vehicle_view(world, &vehicle) else { return };
    view.side = v.space;
    view.vehicle = Some(vehicle.clone());
    match aim {
        VehicleAim::Race => {
            if let Ok(r) = race_view(world, &vehicle) {
                view.race_dc = Some((r.dc, r.dead_stop));
                view.race_ends = r.end_squares;
            }
            view.race_odds = race_odds(world, &unit).ok().map(|(odds, _)| odds);
            let (hx, hy) = v.heading.front_centre_halves(v.at, v.space);
            let front = Vec2::new(
                hx as f32 * TILE / 2.0 - TILE / 2.0,
                -(hy as f32) * TILE / 2.0 + TILE / 2.0,
            );
            let (dx, dy) = v.heading.step();
            view.arc = Some((front, Vec2::new(dx as f32, -(dy as f32))));
            view.angle_line = race_ends(world, &vehicle)
                .map(|ends| ends.into_iter().filter(|e| e.angle == angle).map(|e| e.at).collect())
                .unwrap_or_default();
        }
        VehicleAim::Drive | VehicleAim::RunOver => {
            view.path = hovered
                .map(|to| plan_vehicle_path(world, &unit, to, aim == VehicleAim::RunOver).map_err(|e| e.to_string()));
        }
        VehicleAim::Ram => {
            view.race_odds = race_odds(world, &unit).ok().map(|(odds, _)| odds);
            view.ram = hovered.and_then(|at| unit_at(world, at, &unit)).map(|target| {
                let odds = ram_odds(world, &unit, &target).map_err(|e| e.to_string());
                let name = unit_name(world, &target);
                (target, name, odds)
            });
        }
        _ => {}
    }
}

/// The line under the map in a vehicle mode: what to click and, racing, the DC.
pub fn aim_line(aim: VehicleAim, view: &VehicleAimView) -> String {
    // ", +8: 55% to succeed": the check's bonus and chance (VEH-5).
    let odds = view
        .race_odds
        .as_ref()
        .map_or_else(String::new, |o| format!(", {:+}: {:.0}% to succeed", o.bonus, o.chance));
    match (aim, view.race_dc) {
        (VehicleAim::Race, Some((dc, dead_stop))) => format!(
            "Race: Piloting DC {dc}{}{odds} | angle {}° | {} end squares | click one, or [ / ] then Space",
            if dead_stop { " (dead stop)" } else { "" },
            view.angle,
            view.race_ends.len()
        ),
        (VehicleAim::Ram, _) => match &view.ram {
            Some((_, target, Ok(ram))) => {
                let avoid = match &ram.target_reflex {
                    Some(r) => format!(
                        " | {target}'s Reflex {:+} vs DC {}: {:.0}% to avoid it",
                        r.bonus, r.dc, r.chance
                    ),
                    None => format!(" | {target} avoids it only by beating the Piloting result"),
                };
                format!(
                    "Ram {target}: Piloting DC {}, {:+}: {:.0}% to succeed{avoid} | click to ram",
                    ram.piloting.dc, ram.piloting.bonus, ram.piloting.chance
                )
            }
            Some((_, target, Err(why))) => format!("Cannot ram {target}: {why}"),
            None => format!(
                "{}{}",
                aim.label(),
                if odds.is_empty() {
                    ""
                } else {
                    " | hover a unit for the odds"
                }
            ),
        },
        (VehicleAim::Drive | VehicleAim::RunOver, _) => match &view.path {
            Some(Ok(p)) => format!("{} squares | click, then pick the heading", p.len()),
            Some(Err(why)) => format!("Cannot go there: {why}"),
            None => "Hover where the vehicle's top-left square goes".into(),
        },
        _ => aim.label().to_string(),
    }
}
