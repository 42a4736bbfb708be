//! The windowed game (feature `gui`): a battle map drawn with `bevy_ecs_tilemap`, tokens, the
//! movement overlays and a small HUD. The window only reads rule state, asks the rules what a
//! unit may do (`rules::options`) and sends commands through `history::Battle::submit`, the
//! path the CLI uses; it never decides a rule.
//!
//! In layers, each importing only those below it:
//! - `state` (the interaction state: the session, revision, status line, intents, modes and
//!   aims, panels, the screens and system sets) and `look` (tile geometry, the HUD's margins,
//!   colours, fonts, markers), which import no other window module;
//! - `saves` (the save files), then `intake` (intents become commands), then `views` (what is
//!   derived from the battle and the state for drawing) and `computer` (its turns);
//! - `board`, `hud`, `vehicles`, `screens` and `editor`, which read the state and the views,
//!   write intents, and never import one another;
//! - `idle` and this file, which wire it all: each folder has its own plugin, added here in
//!   one place and order, and every `Update` system sits in one of the `AppSystems` sets,
//!   chained in `state::screen::order_sets`, and runs only on its `Screen`.

pub mod board;
pub mod computer;
pub mod editor;
pub mod hud;
pub mod idle;
pub mod intake;
#[cfg(test)]
mod kinds_tests;
pub mod look;
#[cfg(test)]
mod play_tests;
pub mod saves;
pub mod screens;
pub mod state;
#[cfg(test)]
pub(crate) mod testkit;
pub mod vehicles;
pub mod views;

use crate::gui::state::screen::Screen;
use crate::history::Battle;
use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::render::pipelined_rendering::PipelinedRenderingPlugin;
use bevy::window::WindowResolution;
use std::process::ExitCode;

/// How the window is opened.
#[derive(Debug, Clone)]
pub struct GuiConfig {
    pub title: String,
    pub size: (u32, u32),
    /// For software renderers (Xvfb + llvmpipe in the window test): compile pipelines
    /// synchronously and render on the main thread, so the first frames are complete.
    pub software_render: bool,
}

impl Default for GuiConfig {
    fn default() -> Self {
        Self {
            title: "fivefoot".into(),
            size: (1280, 800),
            software_render: false,
        }
    }
}

/// What the window opens on: a started battle, or the messages of why none could start
/// (an invalid scenario shows the validator's messages on screen).
pub type Launch = Result<Battle, String>;

/// Builds the windowed app for a launch without running it (the window test adds its driver).
pub fn app(launch: Launch, config: &GuiConfig) -> App {
    let mut app = window_app(config);
    match launch {
        Ok(battle) => {
            // The battle, or first the hand-off when a view must be hidden or a save names its side.
            let first = intake::open::install_session(app.world_mut(), battle);
            app.insert_state(first);
        }
        Err(messages) => {
            app.insert_resource(screens::states::LaunchError(messages));
            app.insert_state(Screen::Invalid);
        }
    }
    app.add_plugins(plugin);
    app
}

/// Builds the windowed app on the scenario editor with `doc`.
pub fn editor_app(doc: crate::editor::EditorDoc, config: &GuiConfig) -> App {
    let mut app = window_app(config);
    app.insert_state(Screen::Editor);
    app.add_plugins(plugin);
    // After the plugins: the data directory is known, to mention earlier unsaved work.
    editor::session::install_editor(app.world_mut(), editor::EditorSession::new(doc));
    app
}

/// Builds the windowed app on the title screen.
pub fn title_app(config: &GuiConfig) -> App {
    let mut app = window_app(config);
    app.insert_state(Screen::Title);
    app.add_plugins(plugin);
    app
}

fn window_app(config: &GuiConfig) -> App {
    let mut app = App::new();
    let window = Window {
        title: config.title.clone(),
        resolution: WindowResolution::from(config.size),
        ..default()
    };
    let defaults = DefaultPlugins
        .set(WindowPlugin {
            primary_window: Some(window),
            ..default()
        })
        .set(ImagePlugin::default_nearest());
    if config.software_render {
        app.add_plugins(
            defaults
                .set(RenderPlugin {
                    synchronous_pipeline_compilation: true,
                    ..default()
                })
                .disable::<PipelinedRenderingPlugin>(),
        );
    } else {
        app.add_plugins(defaults);
    }
    app.add_plugins(bevy_ecs_tilemap::TilemapPlugin);
    look::font::install(&mut app);
    app
}

/// The game's plugins and set order; needs `DefaultPlugins` (or a headless stand-in) first.
pub fn plugin(app: &mut App) {
    state::screen::order_sets(app);
    app.add_plugins((
        state::plugin,
        look::plugin,
        saves::plugin,
        intake::plugin,
        views::plugin,
        computer::plugin,
        screens::plugin,
        board::plugin,
        hud::plugin,
        vehicles::plugin,
        editor::plugin,
        idle::plugin,
    ));
}

/// Opens the window on a launch and runs the game until it is closed.
pub fn play(launch: Launch) -> ExitCode {
    run(app(launch, &GuiConfig::default()))
}

/// Opens the window on the scenario editor and runs it until it is closed.
pub fn edit(doc: crate::editor::EditorDoc) -> ExitCode {
    run(editor_app(doc, &GuiConfig::default()))
}

/// Opens the window on the title screen and runs the game until it is closed.
pub fn play_title() -> ExitCode {
    run(title_app(&GuiConfig::default()))
}

fn run(mut app: App) -> ExitCode {
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
