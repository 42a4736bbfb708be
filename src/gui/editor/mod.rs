//! The scenario editor's window (issue #8): the map with paint, edge, zone and unit tools, a
//! tool bar, a side panel for the scenario, sides, units, objectives and the live problem list,
//! saving, autosave and play testing. Every change to the scenario is an
//! `editor::EditCommand` given to `editor::Editor::apply` (the headless core, `src/editor/`);
//! the window only turns the mouse and keys into those commands and draws the document.
//!
//! One plugin per file, each system in one of the [`super::AppSystems`] sets and run only on
//! [`super::Screen::Editor`].

pub mod camera;
pub mod dialog;
pub mod fields;
pub mod files;
pub mod playtest;
pub mod problems;
pub mod session;
pub mod sidebar;
#[cfg(test)]
mod tests;
pub mod text_field;
pub mod toolbar;
pub mod tools;
pub mod ui;
pub mod view;

pub use session::{DocRevision, EditIntent, EditorSession, EditorStatus, open_editor};

use bevy::prelude::*;

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
