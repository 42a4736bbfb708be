//! The 2D camera over the map: fitted to the map inside the free area between the HUD's bars
//! (measured from the laid-out UI, [`HudMargins`]) when a battle opens, when the window is
//! resized and with `Home`; pans with a right- or middle-button drag and with WASD / the arrow
//! keys, zooms with the wheel about the cursor, `C` centres it on the active unit and, unless
//! `Shift+C` turned it off, it follows the unit whose turn starts when that unit is out of view.
//! Decides no rule; the geometry is pure functions with tests below.

use crate::gui::board::map::{BoardSize, space_centre};
use crate::gui::session::{Revision, Session};
use crate::gui::{AppSystems, Screen};
use crate::rules::reactions::threat::space_of;
use crate::rules::{Combat, UnitId};
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::ui::UiGlobalTransform;
use bevy::window::{PrimaryWindow, WindowResized};

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera);
    app.init_resource::<HudMargins>();
    app.init_resource::<CameraFollow>();
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
                zoom_about_cursor.run_if(
                    not(crate::gui::hud::area::wheel_rotates).and_then(not(crate::gui::board::input::cursor_over_hud)),
                ),
                centre_on_active,
                follow_new_turn,
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

/// Room the HUD takes at the top and bottom of the window before its layout is measured (and
/// for the panels that dock against these edges).
pub const HUD_TOP: f32 = 62.0;
pub const HUD_BOTTOM: f32 = 150.0;
/// Width of the side panel on the right (initiative tracker, attack preview).
pub const HUD_RIGHT: f32 = 250.0;
/// A row kept free above the bottom bar for the legend (`hud::legend`), so it never covers
/// the fitted map.
pub const LEGEND_ROOM: f32 = 26.0;
/// Free pixels kept between the fitted map and the HUD.
pub const FIT_PADDING: f32 = 12.0;

pub const MIN_ZOOM: f32 = 0.2;
pub const MAX_ZOOM: f32 = 6.0;

/// Marks a HUD bar that docks against the top or the bottom edge of the window: the map is
/// fitted below every `Top` one and above every `Bottom` one, however tall they wrap.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum HudEdge {
    Top,
    Bottom,
}

/// Marks a side panel placed right under the top bar: its `top` follows the bar's height.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BelowTopBar;

/// The logical pixels the HUD covers at each edge of the window, as last laid out.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct HudMargins {
    pub top: f32,
    /// The bottom bar and the legend's row above it.
    pub bottom: f32,
    pub right: f32,
}

impl Default for HudMargins {
    fn default() -> Self {
        Self {
            top: HUD_TOP,
            bottom: HUD_BOTTOM + LEGEND_ROOM,
            right: HUD_RIGHT,
        }
    }
}

impl HudMargins {
    /// The part of a `window`-sized window (logical pixels, y down) the HUD leaves to the map.
    pub fn free_area(self, window: Vec2) -> Rect {
        let max = Vec2::new(window.x - self.right, window.y - self.bottom);
        Rect::from_corners(Vec2::new(0.0, self.top), max.max(Vec2::new(1.0, self.top + 1.0)))
    }
}

/// Whether a battle's turn start moves the camera to the unit whose turn it is (`Shift+C`).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CameraFollow(pub bool);

impl Default for CameraFollow {
    fn default() -> Self {
        Self(true)
    }
}

/// Whether the view is still the fitted one (nobody panned or zoomed since): then a change of
/// the HUD's size or of the window fits it again.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CameraFitted(pub bool);

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Name::new("Camera"), MainCamera, Camera2d));
}

/// The camera scale and centre that show the whole map in a window of `window` logical pixels
/// inside the area the HUD leaves free.
pub fn fit(board: BoardSize, window: Vec2, margins: HudMargins) -> (f32, Vec2) {
    let free = margins.free_area(window);
    let room = free.size() - Vec2::splat(2.0 * FIT_PADDING);
    // The centre shifts by half the difference of the margins (x left minus right, y bottom
    // minus top).
    fit_rect(
        board.rect(),
        room,
        Vec2::new(-margins.right, margins.bottom - margins.top),
    )
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

/// Where a window point (logical pixels, y down) is in the world, for a camera at `centre`
/// with `scale` world units per pixel.
pub fn screen_to_world(point: Vec2, window: Vec2, centre: Vec2, scale: f32) -> Vec2 {
    let from_middle = point - window / 2.0;
    centre + Vec2::new(from_middle.x, -from_middle.y) * scale
}

/// Where a world point shows in the window (logical pixels, y down).
pub fn world_to_screen(world: Vec2, window: Vec2, centre: Vec2, scale: f32) -> Vec2 {
    let d = (world - centre) / scale;
    window / 2.0 + Vec2::new(d.x, -d.y)
}

/// The camera centre after zooming from `scale` to `new_scale` that keeps the world point under
/// the cursor (window point `cursor`) where it is.
pub fn zoom_about(centre: Vec2, scale: f32, new_scale: f32, cursor: Vec2, window: Vec2) -> Vec2 {
    let anchor = screen_to_world(cursor, window, centre, scale);
    anchor - (screen_to_world(cursor, window, centre, new_scale) - centre)
}

/// The camera centre that shows `target` (world) in the middle of the HUD's free area.
pub fn centre_in_free_area(target: Vec2, window: Vec2, margins: HudMargins, scale: f32) -> Vec2 {
    let free_middle = margins.free_area(window).center();
    target - (screen_to_world(free_middle, window, Vec2::ZERO, scale))
}

/// Where the camera goes when a unit standing at `target` starts its turn: nowhere while the
/// unit shows comfortably inside the free area (a quarter of a square, or of the area, in
/// from its edges), else to centre it there.
pub fn follow_target(target: Vec2, centre: Vec2, scale: f32, window: Vec2, margins: HudMargins) -> Option<Vec2> {
    let free = margins.free_area(window);
    let inset = (crate::gui::board::map::TILE / scale).min(free.width().min(free.height()) / 4.0);
    let comfortable = free.inflate(-inset);
    let at = world_to_screen(target, window, centre, scale);
    (!comfortable.contains(at)).then(|| centre_in_free_area(target, window, margins, scale))
}

/// Puts the camera at `centre` with `scale`.
pub fn place(transform: &mut Transform, projection: &mut Projection, (scale, centre): (f32, Vec2)) {
    transform.translation = centre.extend(transform.translation.z);
    if let Projection::Orthographic(ortho) = projection {
        ortho.scale = scale;
    }
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

fn scale_of(projection: &Projection) -> f32 {
    match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    }
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

/// The most seconds of key panning one frame applies.
pub const MAX_PAN_SECS: f32 = 1.0 / 20.0;

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
    if !dragging(&buttons, &motion) {
        return;
    }
    let (mut transform, projection) = camera.into_inner();
    let scale = scale_of(projection);
    transform.translation.x -= motion.delta.x * scale;
    transform.translation.y += motion.delta.y * scale;
}

fn dragging(buttons: &ButtonInput<MouseButton>, motion: &AccumulatedMouseMotion) -> bool {
    buttons.any_pressed([MouseButton::Right, MouseButton::Middle]) && motion.delta != Vec2::ZERO
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

/// The zoom after `lines` wheel notches (positive zooms in).
pub fn zoomed(scale: f32, lines: f32) -> f32 {
    (scale * 0.88_f32.powf(lines)).clamp(MIN_ZOOM, MAX_ZOOM)
}

/// The wheel's notches this frame, in lines (positive zooms in).
fn wheel_lines(scroll: &AccumulatedMouseScroll) -> f32 {
    match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    }
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

/// The wheel's notches this frame zoom the camera about the cursor at `cursor` (window
/// pixels; the window's middle when it is outside): the point under it stays under it. The
/// battle map and the editor zoom alike.
pub fn zoom_at(
    scroll: &AccumulatedMouseScroll,
    cursor: Option<Vec2>,
    window: Vec2,
    transform: &mut Transform,
    projection: &mut Projection,
) {
    if scroll.delta.y == 0.0 {
        return;
    }
    let Projection::Orthographic(ortho) = projection else {
        return;
    };
    let new_scale = zoomed(ortho.scale, wheel_lines(scroll));
    let centre = transform.translation.truncate();
    let cursor = cursor.unwrap_or(window / 2.0);
    let moved = zoom_about(centre, ortho.scale, new_scale, cursor, window);
    ortho.scale = new_scale;
    transform.translation = moved.extend(transform.translation.z);
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
