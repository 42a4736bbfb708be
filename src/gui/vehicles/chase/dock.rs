//! Keeps the battle map visible under the chase panel (issue #7): while the battle is a
//! chase, the panel is docked under the top bar and the camera is refitted so the whole map
//! sits in the room left between the panel, the side panel and the bottom bar; when the chase
//! panel goes away the camera is fitted to the full room again. The room is the one the HUD's
//! measured bars leave (`look::camera::HudMargins`) under the panel as laid out. Refitting happens
//! only when the panel appears or disappears, or the bars or the panel change height while it
//! is docked, so the player's own pan and zoom are kept otherwise.

use crate::gui::look::camera::fit;
use crate::gui::look::camera::{HudMargins, MainCamera};
use crate::gui::look::tiles::BoardSize;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::vehicles::chase::panel::{CHASE_PANEL, ChasePanel};
use crate::gui::vehicles::chase::view::ChaseView;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<ChaseDock>();
    app.add_systems(OnExit(Screen::Battle), |mut dock: ResMut<ChaseDock>| {
        dock.docked = false
    });
    app.add_systems(
        Update,
        dock_camera.in_set(AppSystems::Draw).run_if(in_state(Screen::Battle)),
    );
}

/// Whether the camera is fitted under the chase panel now.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ChaseDock {
    pub docked: bool,
}

/// The camera scale and centre that show the whole map in a window of `window` logical pixels
/// with the HUD's measured `margins` free and `panel` more pixels taken under the top bar.
pub fn fit_under(board: BoardSize, window: Vec2, margins: HudMargins, panel: f32) -> (f32, Vec2) {
    let under = HudMargins {
        top: margins.top + panel,
        ..margins
    };
    fit(board, window, under)
}

/// The height the docked map keeps free for the chase panel: the panel as laid out (its
/// buttons wrap to more rows in a narrow window), or [`CHASE_PANEL`] before it is laid out.
pub fn docked_panel_height(measured: f32) -> f32 {
    if measured > 0.0 { measured } else { CHASE_PANEL }
}

/// Where a world point appears in the window (logical pixels, y down) for a camera at
/// `centre` with `scale`.
pub fn on_screen(point: Vec2, centre: Vec2, scale: f32, window: Vec2) -> Vec2 {
    Vec2::new(
        window.x / 2.0 + (point.x - centre.x) / scale,
        window.y / 2.0 - (point.y - centre.y) / scale,
    )
}

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn dock_camera(
    view: Res<ChaseView>,
    board: Option<Res<BoardSize>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    camera: Option<Single<(&mut Transform, &mut Projection), With<MainCamera>>>,
    margins: Option<Res<HudMargins>>,
    panels: Query<&ComputedNode, With<ChasePanel>>,
    mut used: Local<f32>,
    mut dock: ResMut<ChaseDock>,
) {
    let want = view.board.is_some();
    let measured = panels
        .iter()
        .map(|c| c.size().y * c.inverse_scale_factor())
        .fold(0.0, f32::max);
    let panel = if want { docked_panel_height(measured) } else { 0.0 };
    // Docked, a bar that changes height (the top bar wrapping, the panel's buttons wrapping in
    // a narrow window) moves the room: refit.
    let moved = want && margins.as_ref().is_some_and(|m| m.is_changed());
    let grew = want && dock.docked && (panel - *used).abs() > 1.0;
    if want == dock.docked && !moved && !grew {
        return;
    }
    let (Some(board), Some(window), Some(camera)) = (board, window, camera) else {
        return;
    };
    let margins = margins.map_or_else(HudMargins::default, |m| *m);
    let (scale, centre) = fit_under(*board, window.size(), margins, panel);
    *used = panel;
    let (mut transform, mut projection) = camera.into_inner();
    transform.translation = centre.extend(transform.translation.z);
    if let Projection::Orthographic(ortho) = &mut *projection {
        ortho.scale = scale;
    }
    dock.docked = want;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::testkit::redliner;
    use crate::gui::vehicles::chase::chase_app as headless;
    use crate::rules::cmd;

    /// The map fitted under the chase panel lies wholly below the panel, above the bottom
    /// bar and left of the side panel.
    /// The map fitted under the chase panel lies wholly below the panel, above the bottom
    /// bar and left of the side panel, with the HUD's measured margins (issue #18: a top bar
    /// wrapped to two rows pushes it down too).
    #[test]
    fn the_docked_map_is_below_the_chase_panel() {
        let window = Vec2::new(1280.0, 800.0);
        let wrapped = HudMargins {
            top: 104.0,
            ..HudMargins::default()
        };
        // The wrapped bar leaves less room: a 12 x 30 map would need more than the largest
        // zoom there, so that case tries 12 x 24.
        for (margins, tall) in [(HudMargins::default(), 30), (wrapped, 24)] {
            for board in [
                BoardSize { width: 16, height: 10 },
                BoardSize { width: 64, height: 10 },
                BoardSize {
                    width: 12,
                    height: tall,
                },
            ] {
                let (scale, centre) = fit_under(board, window, margins, CHASE_PANEL);
                let rect = board.rect();
                let top_left = on_screen(Vec2::new(rect.min.x, rect.max.y), centre, scale, window);
                let bottom_right = on_screen(Vec2::new(rect.max.x, rect.min.y), centre, scale, window);
                assert!(
                    top_left.y >= margins.top + CHASE_PANEL - 0.01,
                    "{board:?}: top {top_left}"
                );
                assert!(
                    bottom_right.y <= window.y - margins.bottom + 0.01,
                    "{board:?}: bottom {bottom_right}"
                );
                assert!(
                    top_left.x >= -0.01 && bottom_right.x <= window.x - margins.right + 0.01,
                    "{board:?}"
                );
            }
        }
        // Without the panel the same map may use the rows the panel took.
        let board = BoardSize { width: 16, height: 10 };
        let (scale, centre) = fit_under(board, window, HudMargins::default(), 0.0);
        let top = on_screen(Vec2::new(0.0, board.rect().max.y), centre, scale, window).y;
        assert!(top < HudMargins::default().top + CHASE_PANEL, "{top}");
    }

    fn with_window_and_camera(app: &mut App, board: BoardSize) {
        app.world_mut().spawn((Window::default(), PrimaryWindow));
        app.world_mut().spawn((
            MainCamera,
            Transform::default(),
            Projection::Orthographic(OrthographicProjection::default_2d()),
        ));
        app.insert_resource(board);
        app.add_plugins(plugin);
        app.update();
    }

    /// VEH-22 in the GUI: the Getaway starts on the grid with no chase panel; once the buggy
    /// has raced away and the goblins' turns are over, the battle is a chase, the panel shows
    /// it and the camera docks under it.
    #[test]
    fn veh_22_a_grid_battle_that_becomes_a_chase_shows_the_panel() {
        use crate::rules::GameCommand;
        use crate::rules::vehicle::VehicleOrder;
        const GETAWAY: &str = include_str!("../../../../scenarios/starfinder_getaway.ron");
        let mut app = headless(crate::testing::battle(GETAWAY, &[18, 5, 4, 3, 1, 10]));
        with_window_and_camera(&mut app, BoardSize { width: 64, height: 10 });
        assert!(app.world().resource::<ChaseView>().board.is_none());
        assert!(!app.world().resource::<ChaseDock>().docked);
        let id = |s: &str| crate::rules::UnitId(s.into());
        let mut commands = vec![GameCommand::Vehicle(cmd::Vehicle {
            unit: id("buddy"),
            order: VehicleOrder::Race {
                angle: 0,
                distance_ft: None,
            },
        })];
        for unit in ["buddy", "goblin_1", "goblin_2", "goblin_rider", "sssazza"] {
            commands.push(GameCommand::EndTurn(cmd::EndTurn { unit: id(unit) }));
        }
        for command in commands {
            let mut session = app.world_mut().resource_mut::<crate::gui::state::session::Session>();
            crate::testing::ok(&mut session.battle, command);
            app.world_mut().resource_mut::<crate::gui::state::session::Revision>().0 += 1;
            app.update();
        }
        let board = app
            .world()
            .resource::<ChaseView>()
            .board
            .clone()
            .expect("the chase panel");
        assert_eq!(
            board.phase_line,
            "Chase round 2 | pilot actions: Buddy pilots the Exploration buggy"
        );
        assert!(app.world().resource::<ChaseDock>().docked);
    }

    /// Issue #18: a chase panel laid out taller than its minimum (its buttons wrapped at
    /// 1024 px) is the room kept free; before layout the minimum is.
    #[test]
    fn the_docked_map_keeps_the_panels_measured_height_free() {
        assert_eq!(docked_panel_height(0.0), CHASE_PANEL);
        assert_eq!(docked_panel_height(360.0), 360.0);
        let window = Vec2::new(1024.0, 768.0);
        let board = BoardSize { width: 16, height: 10 };
        let (scale, centre) = fit_under(board, window, HudMargins::default(), docked_panel_height(360.0));
        let top = on_screen(Vec2::new(0.0, board.rect().max.y), centre, scale, window).y;
        assert!(top >= HudMargins::default().top + 360.0 - 0.01, "{top}");
    }

    /// Headless app: with a chase on, the camera is refitted under the panel once.
    #[test]
    fn a_chase_docks_the_camera_under_its_panel() {
        let mut app = headless(redliner(&[]));
        let board = BoardSize { width: 16, height: 10 };
        with_window_and_camera(&mut app, board);
        let size = Window::default().size();
        assert!(app.world().resource::<ChaseDock>().docked);
        let (scale, centre) = fit_under(board, size, HudMargins::default(), CHASE_PANEL);
        let (transform, projection) = app
            .world_mut()
            .query_filtered::<(&Transform, &Projection), With<MainCamera>>()
            .single(app.world())
            .expect("one camera");
        assert_eq!(transform.translation.truncate(), centre);
        assert!(matches!(projection, Projection::Orthographic(o) if o.scale == scale));
    }
}
