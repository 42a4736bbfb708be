//! The action bar's logic (issue #6): its entries and their verdicts from the rules' options
//! list (`entries`), the modes, toggles, chosen weapon and keys (`modes`), the maneuver and
//! ready pickers (`pickers`), and the commands the action intents stand for (`intents`).
//! Decides no rule.

pub mod entries;
pub mod intents;
pub mod modes;
pub mod pickers;
#[cfg(test)]
pub mod testkit;

use bevy::prelude::App;

/// The action bar's plugins (its logic; `hud::bar` draws it).
pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_plugins((entries::plugin, modes::plugin, pickers::plugin));
}
