//! The scenario editor's window (issue #8): the map with paint, edge, zone and unit tools, a
//! tool bar, a side panel for the scenario, sides, units, objectives and the live problem list,
//! saving, autosave and play testing. Every change to the scenario is an
//! `editor::EditCommand` given to `editor::Editor::apply` (the headless core, `src/editor/`);
//! the window only turns the mouse and keys into those commands and draws the document.
//!
//! One plugin per file, each system in one of the `state::screen::AppSystems` sets and run
//! only on `Screen::Editor`. The title screen opens it through the front door below
//! ([`open_editor`], [`restore_autosave`], [`autosaves`], [`scenarios_folder`]); the editor
//! imports no other folder of the window's top layer.

pub mod autosave;
pub mod camera;
pub mod dialog;
pub mod fields;
pub mod files;
pub mod playtest;
pub mod problems;
pub mod session;
pub mod sidebar;
pub mod state;
#[cfg(test)]
mod tests;
pub mod text_field;
pub mod toolbar;
pub mod tools;
pub mod ui;
pub mod view;

pub use session::{DocRevision, EditIntent, EditorSession, EditorStatus, open_editor};

use bevy::prelude::*;
use std::path::{Path, PathBuf};

/// Opens the editor on the unsaved work of an earlier session, kept in its autosave `file`,
/// or says why it cannot be read.
pub fn restore_autosave(world: &mut World, file: &Path) -> Result<(), String> {
    let session = files::restore(file)?;
    files::open_restored(world, session);
    Ok(())
}

/// The editing sessions' autosaves in the data directory `data`, newest first, each with a
/// line about it (the title's "Restore unsaved work").
pub fn autosaves(data: &Path) -> Vec<(PathBuf, String)> {
    autosave::autosaves(data)
}

/// Where the player's scenarios are saved (`scenarios/` in the data directory).
pub fn scenarios_folder(data: Option<&Path>) -> PathBuf {
    files::scenarios_folder(data)
}

/// The editor's plugins that need no renderer (the headless tests add these).
pub fn logic_plugin(app: &mut App) {
    app.add_plugins((
        session::plugin,
        ui::plugin,
        text_field::plugin,
        fields::plugin,
        tools::plugin,
        dialog::plugin,
        files::plugin,
        playtest::plugin,
        problems::plugin,
    ));
}

/// All of the editor: its logic, then what is drawn (needs `DefaultPlugins` and the tilemap).
pub fn plugin(app: &mut App) {
    app.add_plugins((
        logic_plugin,
        view::plugin,
        camera::plugin,
        toolbar::plugin,
        sidebar::plugin,
    ));
}
