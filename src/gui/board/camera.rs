//! The 2D camera over the map: fitted to the map inside the free area between the HUD's bars
//! (measured from the laid-out UI, `look::camera::HudMargins`) when a battle opens, when the window is
//! resized and with `Home`; pans with a right- or middle-button drag and with WASD / the arrow
//! keys, zooms with the wheel about the cursor, `C` centres it on the active unit and, unless
//! `Shift+C` turned it off, it follows the unit whose turn starts when that unit is out of view.
//! Decides no rule; the geometry is pure functions in `look::camera`.

use crate::gui::look::camera::LEGEND_ROOM;
use crate::gui::look::camera::pan;
use crate::gui::look::camera::pan_with_drag;
use crate::gui::look::camera::{
    BelowTopBar, HudEdge, HudMargins, MAX_PAN_SECS, MainCamera, centre_in_free_area, dragging, fit, follow_target,
    place, scale_of, zoom_at,
};
use crate::gui::look::tiles::{BoardSize, space_centre};
use crate::gui::state::hover::cursor_over_hud;
use crate::gui::state::mode::{CameraFollow, wheel_rotates};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session};
use crate::rules::reactions::threat::space_of;
use crate::rules::{Combat, UnitId};
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy::ui::UiGlobalTransform;
use bevy::window::{PrimaryWindow, WindowResized};

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera);
    app.init_resource::<HudMargins>();
    app.init_resource::<CameraFitted>();
    app.add_systems(
        Update,
        (
            measure_hud_margins,
            dock_below_top_bar,
            fit_camera,
            (
                pan_with_keys,
                pan_with_drag_unfitting,
                // In area mode the wheel turns the template instead.
                // Over a panel the wheel is the panel's (the log scrolls, `hud::log`).
                zoom_about_cursor.run_if(not(wheel_rotates).and_then(not(cursor_over_hud))),
                centre_on_active,
                follow_new_turn,
            ),
        )
            .chain()
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Battle)),
    );
}

/// Whether the view is still the fitted one (nobody panned or zoomed since): then a change of
/// the HUD's size or of the window fits it again.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CameraFitted(pub bool);

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Name::new("Camera"), MainCamera, Camera2d));
}

/// The bottom of the lowest `Top` bar and the height above the window's bottom of the highest
/// `Bottom` bar, in logical pixels, from the nodes' laid-out rectangles (physical pixels,
/// centred) and the window's scale factor. The defaults stand until a bar has a size.
pub fn margins_from(
    bars: impl IntoIterator<Item = (HudEdge, Vec2, Vec2)>,
    window: Vec2,
    inverse_scale: f32,
) -> HudMargins {
    let mut margins = HudMargins::default();
    let (mut top, mut bottom) = (None::<f32>, None::<f32>);
    for (edge, centre, size) in bars {
        if size.x <= 0.0 || size.y <= 0.0 {
            continue;
        }
        let (upper, lower) = (
            (centre.y - size.y / 2.0) * inverse_scale,
            (centre.y + size.y / 2.0) * inverse_scale,
        );
        match edge {
            HudEdge::Top => top = Some(top.map_or(lower, |t| t.max(lower))),
            HudEdge::Bottom => bottom = Some(bottom.map_or(window.y - upper, |b| b.max(window.y - upper))),
        }
    }
    if let Some(top) = top {
        margins.top = top;
    }
    if let Some(bottom) = bottom {
        margins.bottom = bottom + LEGEND_ROOM;
    }
    margins
}

fn measure_hud_margins(
    window: Single<&Window, With<PrimaryWindow>>,
    bars: Query<(&HudEdge, &ComputedNode, &UiGlobalTransform, &InheritedVisibility)>,
    mut margins: ResMut<HudMargins>,
) {
    let shown = bars
        .iter()
        .filter(|(_, _, _, visible)| visible.get())
        .map(|(edge, node, at, _)| (*edge, at.translation, node.size()));
    let inverse_scale = bars.iter().next().map_or(1.0, |(_, n, _, _)| n.inverse_scale_factor());
    margins.set_if_neq(margins_from(shown, window.size(), inverse_scale));
}

fn dock_below_top_bar(
    margins: Res<HudMargins>,
    added: Query<(), Added<BelowTopBar>>,
    mut panels: Query<&mut Node, With<BelowTopBar>>,
) {
    if margins.is_changed() || !added.is_empty() {
        for mut node in &mut panels {
            node.top = Val::Px(margins.top);
        }
    }
}

/// Fits the map when a battle's board is new, `Home` is pressed, the window is resized, or the
/// HUD's bars changed size while the view was still the fitted one.
fn fit_camera(
    board: Option<Res<BoardSize>>,
    margins: Res<HudMargins>,
    keys: Res<ButtonInput<KeyCode>>,
    mut resized: MessageReader<WindowResized>,
    mut fitted: ResMut<CameraFitted>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<MainCamera>>,
) {
    let Some(board) = board else { return };
    let resized = resized.read().count() > 0;
    let again = board.is_added() || keys.just_pressed(KeyCode::Home) || resized || (margins.is_changed() && fitted.0);
    if !again {
        return;
    }
    let (mut transform, mut projection) = camera.into_inner();
    place(&mut transform, &mut projection, fit(*board, window.size(), *margins));
    fitted.0 = true;
}

fn pan_with_keys(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    mut fitted: ResMut<CameraFitted>,
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
    if dir == Vec2::ZERO {
        return;
    }
    fitted.0 = false;
    let (mut transform, projection) = camera.into_inner();
    // The first frame after an idle wait (`idle`) may be long ago: no jump across the map.
    pan(&mut transform, projection, dir, time.delta_secs().min(MAX_PAN_SECS));
}

/// The battle's drag: the view is no longer the fitted one.
fn pan_with_drag_unfitting(
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    mut fitted: ResMut<CameraFitted>,
    camera: Single<(&mut Transform, &Projection), With<MainCamera>>,
) {
    if dragging(&buttons, &motion) {
        fitted.0 = false;
    }
    pan_with_drag(buttons, motion, camera);
}

/// The battle's wheel zoom keeps the square under the cursor under the cursor.
fn zoom_about_cursor(
    scroll: Res<AccumulatedMouseScroll>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut fitted: ResMut<CameraFitted>,
    camera: Single<(&mut Transform, &mut Projection), With<MainCamera>>,
) {
    if scroll.delta.y == 0.0 {
        return;
    }
    let (mut transform, mut projection) = camera.into_inner();
    zoom_at(
        &scroll,
        window.cursor_position(),
        window.size(),
        &mut transform,
        &mut projection,
    );
    fitted.0 = false;
}

/// Where the active unit stands (world), if it is on the map.
fn active_at(session: &Session) -> Option<(UnitId, Vec2)> {
    let world = session.battle.world();
    let unit = world.resource::<Combat>().active.clone()?;
    let space = space_of(world, &unit)?;
    Some((unit, space_centre(space)))
}

/// `C` centres the view on the active unit; `Shift+C` turns following the turns on or off.
fn centre_on_active(
    keys: Res<ButtonInput<KeyCode>>,
    session: Res<Session>,
    margins: Res<HudMargins>,
    mut follow: ResMut<CameraFollow>,
    mut fitted: ResMut<CameraFitted>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &Projection), With<MainCamera>>,
) {
    if !keys.just_pressed(KeyCode::KeyC) || keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]) {
        return;
    }
    if keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]) {
        follow.0 = !follow.0;
        return;
    }
    let Some((_, at)) = active_at(&session) else {
        return;
    };
    let (mut transform, projection) = camera.into_inner();
    let centre = centre_in_free_area(at, window.size(), *margins, scale_of(projection));
    transform.translation = centre.extend(transform.translation.z);
    fitted.0 = false;
}

/// When a new unit's turn starts and it is out of comfortable view, the camera moves to it
/// (unless following is off).
// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn follow_new_turn(
    session: Res<Session>,
    revision: Res<Revision>,
    follow: Res<CameraFollow>,
    margins: Res<HudMargins>,
    mut last: Local<Option<UnitId>>,
    mut fitted: ResMut<CameraFitted>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &Projection), With<MainCamera>>,
) {
    if !revision.is_changed() {
        return;
    }
    let active = active_at(&session);
    let new_turn = active.as_ref().map(|(u, _)| u) != last.as_ref();
    *last = active.as_ref().map(|(u, _)| u.clone());
    let Some((_, at)) = active.filter(|_| new_turn && follow.0) else {
        return;
    };
    let (mut transform, projection) = camera.into_inner();
    let centre = transform.translation.truncate();
    if let Some(to) = follow_target(at, centre, scale_of(projection), window.size(), *margins) {
        transform.translation = to.extend(transform.translation.z);
        fitted.0 = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::look::camera::HUD_RIGHT;
    use crate::gui::look::camera::LEGEND_ROOM;
    use crate::gui::look::camera::MAX_ZOOM;
    use crate::gui::look::camera::MIN_ZOOM;
    use crate::gui::look::camera::screen_to_world;
    use crate::gui::look::camera::world_to_screen;
    use crate::gui::look::camera::zoom_about;
    use crate::gui::look::camera::zoomed;

    const WINDOW: Vec2 = Vec2::new(1280.0, 800.0);

    #[test]
    fn fitting_shows_the_whole_map_inside_the_free_area() {
        let board = BoardSize { width: 14, height: 8 };
        for window in [WINDOW, Vec2::new(1024.0, 768.0)] {
            for margins in [
                HudMargins::default(),
                HudMargins {
                    top: 110.0,
                    bottom: 200.0,
                    right: 250.0,
                },
            ] {
                let (scale, centre) = fit(board, window, margins);
                let rect = board.rect();
                let free = margins.free_area(window);
                for corner in [rect.min, rect.max] {
                    let at = world_to_screen(corner, window, centre, scale);
                    assert!(
                        free.inflate(0.01).contains(at),
                        "{corner} shows at {at}, outside {free:?} ({window}, {margins:?})"
                    );
                }
            }
        }
    }

    #[test]
    fn the_margins_come_from_the_laid_out_bars() {
        let window = Vec2::new(1024.0, 768.0);
        // A top bar 90 px tall (wrapped to three rows), a bottom bar 150 px tall, at scale 2.
        let bars = [
            (HudEdge::Top, Vec2::new(1024.0, 90.0), Vec2::new(2048.0, 180.0)),
            (
                HudEdge::Bottom,
                Vec2::new(1024.0, 2.0 * 768.0 - 150.0),
                Vec2::new(2048.0, 300.0),
            ),
        ];
        let m = margins_from(bars, window, 0.5);
        assert_eq!(m.top, 90.0);
        assert_eq!(m.bottom, 150.0 + LEGEND_ROOM);
        assert_eq!(m.right, HUD_RIGHT);
        // Hidden or not laid out yet: the defaults stand.
        assert_eq!(margins_from([], window, 1.0), HudMargins::default());
        let empty = [(HudEdge::Top, Vec2::ZERO, Vec2::ZERO)];
        assert_eq!(margins_from(empty, window, 1.0), HudMargins::default());
    }

    #[test]
    fn zooming_keeps_the_point_under_the_cursor() {
        let centre = Vec2::new(300.0, -200.0);
        let cursor = Vec2::new(100.0, 650.0);
        let before = screen_to_world(cursor, WINDOW, centre, 1.5);
        let new_scale = zoomed(1.5, 2.0);
        let moved = zoom_about(centre, 1.5, new_scale, cursor, WINDOW);
        let after = screen_to_world(cursor, WINDOW, moved, new_scale);
        assert!((before - after).length() < 1e-3, "{before} vs {after}");
        // At the window's middle the centre does not move.
        let still = zoom_about(centre, 1.5, new_scale, WINDOW / 2.0, WINDOW);
        assert!((still - centre).length() < 1e-3);
    }

    #[test]
    fn screen_and_world_round_trip() {
        let centre = Vec2::new(64.0, -128.0);
        let p = Vec2::new(900.0, 100.0);
        let w = screen_to_world(p, WINDOW, centre, 0.7);
        assert!((world_to_screen(w, WINDOW, centre, 0.7) - p).length() < 1e-3);
        assert_eq!(screen_to_world(WINDOW / 2.0, WINDOW, centre, 3.0), centre);
    }

    /// A unit in view stays put; one off screen, or hidden under the side panel, is brought
    /// to the middle of the free area.
    #[test]
    fn the_camera_follows_a_new_turn_only_when_the_unit_is_out_of_view() {
        let margins = HudMargins::default();
        let centre = Vec2::ZERO;
        let free = margins.free_area(WINDOW);
        let in_view = screen_to_world(free.center(), WINDOW, centre, 1.0);
        assert_eq!(follow_target(in_view, centre, 1.0, WINDOW, margins), None);
        let under_panel = screen_to_world(Vec2::new(WINDOW.x - 100.0, 400.0), WINDOW, centre, 1.0);
        let far = Vec2::new(5000.0, -3000.0);
        for target in [under_panel, far] {
            let to = follow_target(target, centre, 1.0, WINDOW, margins).expect("moves");
            let at = world_to_screen(target, WINDOW, to, 1.0);
            assert!((at - free.center()).length() < 1e-3, "{at} vs {}", free.center());
        }
    }

    #[test]
    fn the_wheel_zooms_within_limits() {
        assert!(zoomed(1.0, 1.0) < 1.0);
        assert!(zoomed(1.0, -1.0) > 1.0);
        assert_eq!(zoomed(1.0, -100.0), MAX_ZOOM);
        assert_eq!(zoomed(1.0, 100.0), MIN_ZOOM);
    }
}
