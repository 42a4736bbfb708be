//! What a vehicle mode shows on the map (RULES.md §25): racing, the 45° arc from the
//! vehicle's front-edge centre, the rules' legal end squares (`rules::vehicle::race_ends`,
//! the `race` query's squares), the line of the angle picked with `[` / `]` (Space races
//! along it) and the Piloting DC with the check's chance (`rules::vehicle::race_odds`); ramming,
//! the hovered unit's odds (`ram_odds`: the Piloting check and the creature's Reflex save to
//! avoid it); driving or running over, the planned path to the hovered square. Also the line
//! under the map in a vehicle mode. Decides no rule.

use crate::grid::{Space, Square};
use crate::gui::board::input::Hover;
use crate::gui::board::map::{TILE, space_centre, square_centre};
use crate::gui::hud::actions::modes::Mode;
use crate::gui::hud::panel::Panel;
use crate::gui::session::{Intent, Revision, Session, StatusLine};
use crate::gui::vehicles::piloting::{VehicleAim, race_command};
use crate::gui::{AppSystems, Screen};
use crate::rules::options::vehicles_at_hand;
use crate::rules::vehicle::{
    CheckOdds, RamOdds, plan_vehicle_path, race_ends, race_line_end, race_odds, race_view, ram_odds, vehicle_view,
};
use crate::rules::{Combat, UnitId, check};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    logic(app);
    app.add_systems(
        Update,
        draw_vehicle_aim
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Battle))
            .run_if(resource_changed::<VehicleAimView>),
    );
}

/// Everything but the drawing (headless tests add only this).
pub fn logic(app: &mut App) {
    app.init_resource::<VehicleAimView>();
    app.add_systems(
        Update,
        (
            aim_keys.in_set(AppSystems::Input),
            derive_vehicle_aim.in_set(AppSystems::Derive),
        )
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

/// The race angle picked with [ and ] (the arrow keys pan the camera), kept in the view.
fn aim_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mode: Res<Mode>,
    panel: Res<Panel>,
    session: Res<Session>,
    mut view: ResMut<VehicleAimView>,
    mut intents: MessageWriter<Intent>,
    mut status: ResMut<StatusLine>,
) {
    if *mode != Mode::Vehicle(VehicleAim::Race) || panel.is_open() {
        return;
    }
    let world = session.battle.world();
    let Some(unit) = world.resource::<Combat>().active.clone() else {
        return;
    };
    let step = if keys.pressed(KeyCode::ShiftLeft) { 5 } else { 1 };
    if keys.just_pressed(KeyCode::BracketRight) {
        view.angle = (view.angle + step).min(45);
    }
    if keys.just_pressed(KeyCode::BracketLeft) {
        view.angle = (view.angle - step).max(-45);
    }
    if keys.just_pressed(KeyCode::Space) {
        // The line's own end: full speed, or the last square before what blocks it (a
        // full-speed race into an obstacle would be a crash the player never asked for).
        let Some(vehicle) = view.vehicle.clone() else {
            return;
        };
        let command = match race_line_end(world, &vehicle, view.angle) {
            Ok(end) => race_command(&unit, end),
            Err(e) => {
                status.0 = format!("Race not possible: {e}");
                return;
            }
        };
        match check(world, &command) {
            Ok(()) => {
                intents.write(Intent::Command(command));
            }
            Err(e) => status.0 = format!("Race not possible: {e}"),
        }
    }
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
            view.ram = hovered
                .and_then(|at| crate::gui::hud::actions::intents::unit_at(world, at, &unit))
                .map(|target| {
                    let odds = ram_odds(world, &unit, &target).map_err(|e| e.to_string());
                    let name = crate::gui::hud::arms::unit_name(world, &target);
                    (target, name, odds)
                });
        }
        _ => {}
    }
}

/// A sprite of the vehicle overlay (redrawn when the view changes).
#[derive(Component)]
struct AimMark;

/// The overlay's colours (the legend shows them): a race's end squares, the picked angle's
/// line, the arc's edges, a drive's path.
pub const END_COLOUR: Color = Color::srgba(0.95, 0.75, 0.2, 0.28);
pub const LINE_COLOUR: Color = Color::srgba(1.0, 0.9, 0.3, 0.55);
pub const ARC_COLOUR: Color = Color::srgba(1.0, 0.84, 0.2, 0.9);
pub const PATH_COLOUR: Color = Color::srgba(0.3, 0.8, 1.0, 0.35);

/// How far a line from `from` along the unit vector `dir` runs inside `map` (the world
/// rectangle the map covers), at most `max`: the race arc's edges stop at the map's edge.
pub fn length_inside(from: Vec2, dir: Vec2, max: f32, map: Rect) -> f32 {
    let exit = |p: f32, d: f32, lo: f32, hi: f32| match d {
        d if d > 0.0 => (hi - p) / d,
        d if d < 0.0 => (lo - p) / d,
        _ => f32::INFINITY,
    };
    let along = exit(from.x, dir.x, map.min.x, map.max.x).min(exit(from.y, dir.y, map.min.y, map.max.y));
    along.clamp(0.0, max)
}

fn draw_vehicle_aim(
    mut commands: Commands,
    view: Res<VehicleAimView>,
    old: Query<Entity, With<AimMark>>,
    board: Option<Res<crate::gui::board::map::BoardSize>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let mut square = |sq: Square, colour: Color, size: f32, z: f32| {
        commands.spawn((
            Name::new("Vehicle aim"),
            AimMark,
            DespawnOnExit(Screen::Battle),
            Sprite {
                color: colour,
                custom_size: Some(Vec2::splat(size)),
                ..default()
            },
            Transform::from_translation(square_centre(sq).extend(z)),
        ));
    };
    for sq in &view.race_ends {
        square(*sq, END_COLOUR, TILE * 0.9, 3.0);
    }
    for sq in &view.angle_line {
        square(*sq, LINE_COLOUR, TILE * 0.5, 3.1);
    }
    if let Some(Ok(path)) = &view.path {
        for at in path {
            let centre = space_centre(Space::new(*at, view.side));
            commands.spawn((
                Name::new("Vehicle path"),
                AimMark,
                DespawnOnExit(Screen::Battle),
                Sprite {
                    color: PATH_COLOUR,
                    custom_size: Some(Vec2::splat(TILE * view.side as f32 * 0.9)),
                    ..default()
                },
                Transform::from_translation(centre.extend(3.0)),
            ));
        }
    }
    if let Some((front, ahead)) = view.arc {
        // The two 45° edges of the race arc and the picked line, from the front-edge centre.
        let reach = TILE * 12.0;
        let turn = |deg: f32| Vec2::from_angle(-deg.to_radians()).rotate(ahead);
        for (deg, width) in [(-45.0, 2.5), (45.0, 2.5), (view.angle as f32, 4.0)] {
            // A diagonal heading's (1, 1) made the sprite shorter than its offset: unit length.
            let dir = turn(deg).normalize_or_zero();
            let reach = board
                .as_ref()
                .map_or(reach, |b| length_inside(front, dir, reach, b.rect()));
            let d = dir * reach;
            commands.spawn((
                Name::new("Race arc"),
                AimMark,
                DespawnOnExit(Screen::Battle),
                Sprite {
                    color: ARC_COLOUR,
                    custom_size: Some(Vec2::new(reach, width)),
                    ..default()
                },
                Transform::from_translation((front + d / 2.0).extend(9.0))
                    .with_rotation(Quat::from_rotation_z(d.to_angle())),
            ));
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The race arc's edges stop at the map's edge, and never run past `max`.
    #[test]
    fn a_line_is_cut_where_it_leaves_the_map() {
        let map = Rect::new(0.0, -100.0, 200.0, 0.0);
        let from = Vec2::new(150.0, -50.0);
        assert_eq!(length_inside(from, Vec2::X, 500.0, map), 50.0);
        assert_eq!(length_inside(from, -Vec2::X, 100.0, map), 100.0, "capped at max");
        let diagonal = Vec2::new(1.0, 1.0).normalize();
        let cut = length_inside(from, diagonal, 500.0, map);
        assert!((cut - 50.0 * std::f32::consts::SQRT_2).abs() < 1e-3, "{cut}");
        assert_eq!(
            length_inside(Vec2::new(300.0, -50.0), Vec2::X, 500.0, map),
            0.0,
            "outside"
        );
    }
}
