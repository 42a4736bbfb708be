//! Vehicles on screen (RULES.md §25, §26): their hulls on the board, the vehicle orders given
//! from the board (`piloting`) and what their aim draws and its keys (`aim_view`), the
//! autopilot keys, and the vehicle chase panel (`chase`). The orders and their verdicts are
//! the rules' options list's. Reads the interaction state and the views, writes intents;
//! imports no other folder of the window's top layer.

pub mod aim_view;
pub mod autopilot;
pub mod chase;
pub mod hulls;
pub mod piloting;

use bevy::prelude::App;

/// The vehicles' plugins.
pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_plugins((
        hulls::plugin,
        aim_view::plugin,
        piloting::plugin,
        autopilot::plugin,
        chase::plugin,
    ));
}
