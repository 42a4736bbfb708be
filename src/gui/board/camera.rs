//! The 2D camera over the map: fitted to the map when a battle opens; pans with a right- or
//! middle-button drag and with WASD / the arrow keys, zooms with the wheel, and `C` centres it
//! on the active unit.

use crate::gui::board::map::{BoardSize, space_centre};
use crate::gui::session::Session;
use crate::gui::{AppSystems, Screen};
use crate::rules::Combat;
use crate::rules::threat::space_of;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera);
    app.add_systems(
        Update,
        (
            fit_camera.run_if(resource_added::<BoardSize>),
            (
                pan_with_keys,
                pan_with_drag,
                // In area mode the wheel turns the template instead.
                // Over the log the wheel scrolls it (`hud::log`).
                zoom_with_wheel.run_if(
                    not(crate::gui::hud::area::wheel_rotates).and_then(not(crate::gui::hud::log::wheel_over_log)),
                ),
                centre_on_active,
            ),
        )
            .chain()
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Battle)),
    );
}

/// The camera that looks at the map.
#[derive(Component)]
pub struct MainCamera;

/// Room the HUD takes at the top and bottom of the window, kept free when fitting the map.
pub const HUD_TOP: f32 = 62.0;
pub const HUD_BOTTOM: f32 = 150.0;
/// Width of the side panel on the right (initiative tracker, attack preview).
pub const HUD_RIGHT: f32 = 250.0;

pub const MIN_ZOOM: f32 = 0.2;
pub const MAX_ZOOM: f32 = 6.0;

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Name::new("Camera"), MainCamera, Camera2d));
}

/// The camera scale and centre that show the whole map in a window of `window` logical pixels
/// with the HUD's margins free.
pub fn fit(board: BoardSize, window: Vec2) -> (f32, Vec2) {
    let room = Vec2::new(window.x - HUD_RIGHT - 40.0, window.y - HUD_TOP - HUD_BOTTOM - 20.0);
    // The map sits between the HUD bars and left of the side panel.
    fit_rect(board.rect(), room, Vec2::new(-HUD_RIGHT, HUD_BOTTOM - HUD_TOP))
}

/// The scale and centre that fit `rect` (world units) into `room` logical pixels, with the
/// centre shifted by half of `offset` (the difference between the margins on the two sides:
/// x left minus right, y bottom minus top). Shared by the battle's and the editor's views.
pub fn fit_rect(rect: Rect, room: Vec2, offset: Vec2) -> (f32, Vec2) {
    let room = room.max(Vec2::splat(64.0));
    let scale = (rect.width() / room.x)
        .max(rect.height() / room.y)
        .clamp(MIN_ZOOM, MAX_ZOOM);
    (scale, rect.center() - offset / 2.0 * scale)
}

/// Puts the camera at `centre` with `scale`.
pub fn place(transform: &mut Transform, projection: &mut Projection, (scale, centre): (f32, Vec2)) {
    transform.translation = centre.extend(transform.translation.z);
    if let Projection::Orthographic(ortho) = projection {
        ortho.scale = scale;
    }
}

fn fit_camera(
    board: Res<BoardSize>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<MainCamera>>,
) {
    let (mut transform, mut projection) = camera.into_inner();
    place(&mut transform, &mut projection, fit(*board, window.size()));
}

fn scale_of(projection: &Projection) -> f32 {
    match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    }
}

fn pan_with_keys(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    camera: Single<(&mut Transform, &Projection), With<MainCamera>>,
) {
    // Ctrl+S saves, Ctrl+W/A/D are shortcuts too: a held Ctrl means the keys are not for panning.
    if keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]) {
        return;
    }
    let mut dir = Vec2::ZERO;
    for (codes, d) in [
        ([KeyCode::KeyW, KeyCode::ArrowUp], Vec2::Y),
        ([KeyCode::KeyS, KeyCode::ArrowDown], -Vec2::Y),
        ([KeyCode::KeyA, KeyCode::ArrowLeft], -Vec2::X),
        ([KeyCode::KeyD, KeyCode::ArrowRight], Vec2::X),
    ] {
        if keys.any_pressed(codes) {
            dir += d;
        }
    }
    let (mut transform, projection) = camera.into_inner();
    pan(&mut transform, projection, dir, time.delta_secs());
}

/// Moves the camera in direction `dir` for `secs` seconds of key panning (the speed follows
/// the zoom, so a held key crosses the same share of the screen at any zoom).
pub fn pan(transform: &mut Transform, projection: &Projection, dir: Vec2, secs: f32) {
    if dir != Vec2::ZERO {
        let step = dir.normalize() * 700.0 * scale_of(projection) * secs;
        transform.translation += step.extend(0.0);
    }
}

/// A right- or middle-button drag pans the map (the battle and the editor).
pub fn pan_with_drag(
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    camera: Single<(&mut Transform, &Projection), With<MainCamera>>,
) {
    if !buttons.any_pressed([MouseButton::Right, MouseButton::Middle]) || motion.delta == Vec2::ZERO {
        return;
    }
    let (mut transform, projection) = camera.into_inner();
    let scale = scale_of(projection);
    transform.translation.x -= motion.delta.x * scale;
    transform.translation.y += motion.delta.y * scale;
}

/// The zoom after `lines` wheel notches (positive zooms in).
pub fn zoomed(scale: f32, lines: f32) -> f32 {
    (scale * 0.88_f32.powf(lines)).clamp(MIN_ZOOM, MAX_ZOOM)
}

fn zoom_with_wheel(scroll: Res<AccumulatedMouseScroll>, mut projection: Single<&mut Projection, With<MainCamera>>) {
    zoom(&scroll, &mut projection);
}

/// The wheel's notches this frame zoom the camera (the battle and the editor).
pub fn zoom(scroll: &AccumulatedMouseScroll, projection: &mut Projection) {
    if scroll.delta.y == 0.0 {
        return;
    }
    let lines = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    if let Projection::Orthographic(ortho) = projection {
        ortho.scale = zoomed(ortho.scale, lines);
    }
}

fn centre_on_active(
    keys: Res<ButtonInput<KeyCode>>,
    session: Res<Session>,
    mut camera: Single<&mut Transform, With<MainCamera>>,
) {
    if !keys.just_pressed(KeyCode::KeyC) {
        return;
    }
    let world = session.battle.world();
    let Some(space) = world
        .resource::<Combat>()
        .active
        .as_ref()
        .and_then(|u| space_of(world, u))
    else {
        return;
    };
    let z = camera.translation.z;
    camera.translation = space_centre(space).extend(z);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitting_shows_the_whole_map() {
        let board = BoardSize { width: 14, height: 8 };
        let (scale, centre) = fit(board, Vec2::new(1280.0, 800.0));
        let rect = board.rect();
        let room = Vec2::new(1280.0 - HUD_RIGHT - 40.0, 800.0 - HUD_TOP - HUD_BOTTOM - 20.0);
        assert!(rect.width() / scale <= room.x + 0.01 && rect.height() / scale <= room.y + 0.01);
        // The map sits left of the side panel: half the panel's width further right.
        assert!((centre.x - rect.center().x - HUD_RIGHT / 2.0 * scale).abs() < 0.01);
    }

    #[test]
    fn the_wheel_zooms_within_limits() {
        assert!(zoomed(1.0, 1.0) < 1.0);
        assert!(zoomed(1.0, -1.0) > 1.0);
        assert_eq!(zoomed(1.0, -100.0), MAX_ZOOM);
        assert_eq!(zoomed(1.0, 100.0), MIN_ZOOM);
    }
}
