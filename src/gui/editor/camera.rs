//! The editor's view of the map: fitted to the map (between the tool bar, the side panel and
//! the status line) when a document opens; pans with a right- or middle-button drag and the
//! arrow keys, zooms with the wheel about the cursor; `JumpTo` centres it on a square (the problem list).

use super::ui::{SIDEBAR_WIDTH, STATUS_HEIGHT, TOOLBAR_HEIGHT};
use crate::gui::editor::state::Focus;
use crate::gui::editor::state::JumpTo;
use crate::gui::editor::state::{FitCamera, MapSize};
use crate::gui::look::camera::{MainCamera, fit_rect, pan, pan_with_drag, place, zoom_at};
use crate::gui::look::tiles::{BoardSize, square_centre};
use crate::gui::state::screen::{AppSystems, Screen};
use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            fit.run_if(resource_exists::<FitCamera>.and_then(resource_exists::<MapSize>)),
            pan_with_keys,
            pan_with_drag,
            zoom_with_wheel,
            jump,
        )
            .chain()
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Editor)),
    );
}

/// The camera scale and centre that show the whole map in a window of `window` logical pixels,
/// between the bars.
pub fn fit_view(size: MapSize, window: Vec2) -> (f32, Vec2) {
    let rect = BoardSize {
        width: size.width,
        height: size.height,
    }
    .rect();
    let room = Vec2::new(
        window.x - SIDEBAR_WIDTH - 30.0,
        window.y - TOOLBAR_HEIGHT - STATUS_HEIGHT - 30.0,
    );
    // The map sits left of the panel and between the bars.
    fit_rect(rect, room, Vec2::new(-SIDEBAR_WIDTH, STATUS_HEIGHT - TOOLBAR_HEIGHT))
}

fn fit(
    mut commands: Commands,
    size: Res<MapSize>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<MainCamera>>,
) {
    let (mut transform, mut projection) = camera.into_inner();
    place(&mut transform, &mut projection, fit_view(*size, window.size()));
    commands.remove_resource::<FitCamera>();
}

/// The arrow keys pan (the letters are the tools' shortcuts); not while typing.
fn pan_with_keys(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Res<Focus>,
    time: Res<Time>,
    camera: Single<(&mut Transform, &Projection), With<MainCamera>>,
) {
    if focus.is_typing() {
        return;
    }
    let mut dir = Vec2::ZERO;
    for (code, d) in [
        (KeyCode::ArrowUp, Vec2::Y),
        (KeyCode::ArrowDown, -Vec2::Y),
        (KeyCode::ArrowLeft, -Vec2::X),
        (KeyCode::ArrowRight, Vec2::X),
    ] {
        if keys.pressed(code) {
            dir += d;
        }
    }
    let (mut transform, projection) = camera.into_inner();
    pan(&mut transform, projection, dir, time.delta_secs());
}

/// The wheel zooms about the cursor, as on the battle map (issue #18): the square under it
/// stays under it.
fn zoom_with_wheel(
    scroll: Res<AccumulatedMouseScroll>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<MainCamera>>,
) {
    // The wheel over the panel is not for the map.
    let over_panel = window
        .cursor_position()
        .is_some_and(|p| super::ui::over_bars(p, window.size()));
    if scroll.delta.y == 0.0 || over_panel {
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
}

fn jump(mut jumps: MessageReader<JumpTo>, mut camera: Single<&mut Transform, With<MainCamera>>) {
    if let Some(JumpTo(sq)) = jumps.read().last() {
        let z = camera.translation.z;
        camera.translation = square_centre(*sq).extend(z);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue #18: the editor's wheel zoom keeps the point under the cursor where it is.
    #[test]
    fn the_wheel_zooms_about_the_cursor() {
        use crate::gui::look::camera::screen_to_world;
        use bevy::input::mouse::MouseScrollUnit;
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        let mut window = Window::default();
        let cursor = Vec2::new(200.0, 150.0);
        window.set_cursor_position(Some(cursor));
        let size = window.size();
        app.world_mut().spawn((window, PrimaryWindow));
        let centre = Vec2::new(320.0, -180.0);
        app.world_mut().spawn((
            MainCamera,
            Transform::from_translation(centre.extend(0.0)),
            Projection::Orthographic(OrthographicProjection::default_2d()),
        ));
        app.insert_resource(AccumulatedMouseScroll {
            unit: MouseScrollUnit::Line,
            delta: Vec2::new(0.0, 2.0),
        });
        app.add_systems(Update, zoom_with_wheel);
        app.update();
        let (transform, projection) = app
            .world_mut()
            .query_filtered::<(&Transform, &Projection), With<MainCamera>>()
            .single(app.world())
            .expect("one camera");
        let Projection::Orthographic(ortho) = projection else {
            panic!("orthographic")
        };
        assert!(ortho.scale < 1.0, "zoomed in");
        let before = screen_to_world(cursor, size, centre, 1.0);
        let after = screen_to_world(cursor, size, transform.translation.truncate(), ortho.scale);
        assert!(before.distance(after) < 0.01, "{before} vs {after}");
    }

    #[test]
    fn fitting_shows_the_whole_map_between_the_bars() {
        let size = MapSize { width: 20, height: 12 };
        let (scale, _) = fit_view(size, Vec2::new(1280.0, 800.0));
        let room = Vec2::new(
            1280.0 - SIDEBAR_WIDTH - 30.0,
            800.0 - TOOLBAR_HEIGHT - STATUS_HEIGHT - 30.0,
        );
        assert!(20.0 * 64.0 / scale <= room.x + 0.01 && 12.0 * 64.0 / scale <= room.y + 0.01);
    }
}
