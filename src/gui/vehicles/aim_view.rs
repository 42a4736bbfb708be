//! What a vehicle mode draws on the map (RULES.md §25, from `views::vehicle_aim`): racing, the
//! 45° arc from the vehicle's front-edge centre with its edges stopping at the map's edge, the
//! legal end squares and the line of the angle picked with `[` / `]` (Space races along it:
//! the keys are here); ramming and driving, the hovered unit's ring and the planned path.
//! Decides no rule.

use crate::grid::{Space, Square};
use crate::gui::look::palette::{ARC_COLOUR, END_COLOUR, LINE_COLOUR, PATH_COLOUR};
use crate::gui::look::tiles::{TILE, space_centre, square_centre};
use crate::gui::state::intent::Intent;
use crate::gui::state::mode::{Mode, VehicleAim};
use crate::gui::state::panel::Panel;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Session, StatusLine};
use crate::gui::vehicles::piloting::race_command;
use crate::gui::views::vehicle_aim::VehicleAimView;
use crate::rules::vehicle::race_line_end;
use crate::rules::{Combat, check};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            aim_keys.in_set(AppSystems::Input),
            draw_vehicle_aim
                .in_set(AppSystems::Draw)
                .run_if(resource_changed::<VehicleAimView>),
        )
            .run_if(in_state(Screen::Battle)),
    );
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

/// A sprite of the vehicle overlay (redrawn when the view changes).
#[derive(Component)]
struct AimMark;

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
    board: Option<Res<crate::gui::look::tiles::BoardSize>>,
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
