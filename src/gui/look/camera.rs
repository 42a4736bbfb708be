//! The camera over the map: its marker, the room the HUD takes at the window's edges, and the
//! camera's pure maths (fit a rect, pan, zoom about a point, follow a target), shared by the
//! battle's camera (`board::camera`), the editor's and the docked chase view.

use crate::gui::look::tiles::{BoardSize, TILE};
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;

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
    let inset = (TILE / scale).min(free.width().min(free.height()) / 4.0);
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

/// The zoom after `lines` wheel notches (positive zooms in).
pub fn zoomed(scale: f32, lines: f32) -> f32 {
    (scale * 0.88_f32.powf(lines)).clamp(MIN_ZOOM, MAX_ZOOM)
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

pub fn scale_of(projection: &Projection) -> f32 {
    match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    }
}

pub fn dragging(buttons: &ButtonInput<MouseButton>, motion: &AccumulatedMouseMotion) -> bool {
    buttons.any_pressed([MouseButton::Right, MouseButton::Middle]) && motion.delta != Vec2::ZERO
}

/// The wheel's notches this frame, in lines (positive zooms in).
pub fn wheel_lines(scroll: &AccumulatedMouseScroll) -> f32 {
    match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    }
}
