//! The windowed game (feature `gui`): a battle map drawn with `bevy_ecs_tilemap`, tokens, the
//! movement overlays and a small HUD. The GUI only reads rule state, asks the rules what a
//! unit may do (`rules::options`) and sends commands through `history::Battle::submit`, the
//! path the CLI uses; it never decides a rule.
//!
//! Folders by concern: `board` (the map and what is drawn on it), `hud` (the bars, panels and
//! previews over it), `vehicles` (vehicle orders and the chase), `screens` (title, setup, menu,
//! saves, hand-off, results) and `editor`; `session` is the running battle, `computer` plays
//! the computer's sides in it. One plugin per file; the
//! plugins are wired here, in one place and order, and every `Update` system sits in one of
//! the [`AppSystems`] sets, chained here, and runs only on its [`Screen`].

pub mod board;
pub mod computer;
pub mod editor;
pub mod font;
pub mod hud;
pub mod idle;
pub mod screens;
pub mod session;
#[cfg(test)]
mod test_input;
pub mod vehicles;

pub use screens::states::Screen;
pub use session::{Intent, Revision, Session};

use crate::history::Battle;
use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::render::pipelined_rendering::PipelinedRenderingPlugin;
use bevy::window::WindowResolution;
use std::process::ExitCode;

/// The order of a frame's work (STYLE 6): input writes intents, intents become commands,
/// views derived from the battle are refreshed, then drawn.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Mouse and keyboard become `Hover` and `Intent`s; the camera moves.
    Input,
    /// Intents become rule commands submitted to the battle.
    Apply,
    /// Caches derived from the battle (reach bands, the planned path) are refreshed.
    Derive,
    /// Tiles, tokens, overlays and the HUD follow the derived state.
    Draw,
}

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
            let first = session::install_session(app.world_mut(), battle);
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
    font::install(&mut app);
    app
}

/// The one place the system sets are ordered: input, then applying it, then deriving views,
/// then drawing. Headless test apps call it too.
pub fn order_sets(app: &mut App) {
    app.configure_sets(
        Update,
        (
            AppSystems::Input,
            AppSystems::Apply,
            AppSystems::Derive,
            AppSystems::Draw,
        )
            .chain(),
    );
}

/// The game's plugins and set order; needs `DefaultPlugins` (or a headless stand-in) first.
pub fn plugin(app: &mut App) {
    order_sets(app);
    // Screens and the battle session, then what is drawn on the battle screen.
    app.add_plugins((
        screens::states::plugin,
        session::plugin,
        screens::saves::plugin,
        screens::title::plugin,
        screens::handoff::plugin,
        screens::results::plugin,
        screens::tutorial::plugin,
    ));
    app.add_plugins((
        board::map::plugin,
        board::tokens::plugin,
        board::overlay::plugin,
        board::path::plugin,
        board::camera::plugin,
        board::input::plugin,
        hud::bar::plugin,
        hud::status::plugin,
        hud::actions::plugin,
        hud::attack::plugin,
        hud::arms::plugin,
        hud::area::plugin,
        hud::initiative::plugin,
    ));
    app.add_plugins((
        board::animation::plugin,
        board::visibility::plugin,
        vehicles::hulls::plugin,
        vehicles::aim_view::plugin,
        vehicles::piloting::plugin,
    ));
    // Issue #18 items 1-2: the battle log panel, the unit card and the results on the map.
    app.add_plugins((hud::log::plugin, hud::card::plugin, board::feedback::plugin));
    app.add_plugins((hud::panel::plugin, screens::menu::plugin, hud::reactions::plugin));
    // Issue #18: the map legend, and no redraws while idle.
    app.add_plugins((hud::legend::plugin, idle::plugin));
    // The vehicle chase panel (only shown when the battle is a chase).
    app.add_plugins((
        vehicles::chase::panel::plugin,
        vehicles::chase::intents::plugin,
        vehicles::chase::view::plugin,
    ));
    // The scenario editor (its own screen).
    app.add_plugins(editor::plugin);
    app.add_plugins(vehicles::chase::dock::plugin);
    app.add_plugins(vehicles::chase::edge::plugin);
    // VEH-14: `U` / `I` autopilot keys.
    app.add_plugins(vehicles::autopilot::plugin);
    // The computer's turns (issue #17) and the setup step before a battle.
    app.add_plugins((computer::plugin, screens::setup::plugin));
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
