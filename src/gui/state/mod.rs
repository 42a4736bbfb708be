//! The window's interaction state, at the bottom of its layers: the battle on screen and its
//! revision, the status line, the player's intents, the map mode and its aims (weapon, target,
//! template, vehicle order), the hover, toggles, the open panel and the reaction prompt, and
//! the screens and system sets. It imports no other window module; `intake` turns the intents
//! into commands, and `board`, `hud`, `vehicles`, `screens` and `editor` read this state and
//! write intents.

pub mod action;
pub mod hover;
pub mod intent;
pub mod keys;
pub mod mode;
pub mod panel;
pub mod prompt;
pub mod screen;
pub mod session;

use bevy::prelude::*;

/// Puts the interaction state in the app: every resource at its default and the messages.
pub fn plugin(app: &mut App) {
    app.add_message::<intent::Intent>();
    app.add_message::<panel::Chosen>();
    app.init_resource::<session::Revision>();
    app.init_resource::<session::StatusLine>();
    app.init_resource::<mode::Mode>();
    app.init_resource::<mode::Toggles>();
    app.init_resource::<mode::WeaponChoice>();
    app.init_resource::<mode::AreaAim>();
    app.init_resource::<mode::SpellChoice>();
    app.init_resource::<mode::TargetPick>();
    app.init_resource::<mode::ShowBands>();
    app.init_resource::<mode::CameraFollow>();
    app.init_resource::<mode::DoubleManeuver>();
    app.init_resource::<hover::Hover>();
    app.init_resource::<hover::HoverCorner>();
    app.init_resource::<panel::Panel>();
    app.init_resource::<panel::Picker>();
    app.init_resource::<prompt::ReactionPrompt>();
}
