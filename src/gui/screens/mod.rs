//! The screens around the battle and the way between them: the routing after each command
//! and the screen for an invalid scenario (`states`), the title screen (`title`) and its
//! menu's entries (`title_menu`), the setup step before a battle (`setup`: who plays each
//! side), the in-game menu, the hot-seat hand-off's screen, the end screen and the tutorial's
//! tips. Reads the interaction state and the views, writes intents; imports no other folder of
//! the window's top layer.

pub mod handoff;
pub mod menu;
pub mod results;
pub mod setup;
pub mod states;
pub mod title;
pub mod title_menu;
pub mod tutorial;

use bevy::prelude::App;

/// The screens' plugins.
pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_plugins((
        states::plugin,
        title::plugin,
        handoff::plugin,
        results::plugin,
        tutorial::plugin,
        menu::plugin,
        setup::plugin,
    ));
}
