//! The action bar's input (issue #6): the keys that pick an action (select its map mode, open
//! its picker or send its intent), Tab for the weapon, T and V for the toggles, Esc back to
//! move mode (`modes`); the maneuver and ready pickers (`pickers`); and "More actions", every
//! other kind the rules list (`more`). The bar's verdicts are
//! `views::bar`'s; `hud::bar` draws it. Decides no rule.

pub mod modes;
pub mod more;
pub mod pickers;

use bevy::prelude::App;

/// The action bar's keys and pickers.
pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_plugins((modes::plugin, pickers::plugin, more::plugin));
}
