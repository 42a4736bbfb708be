//! The intake: the layer above the interaction state that turns the player's intents into rule
//! commands and submits them (`apply`), with what a command stands for (`command`), the
//! planned move (`plan`), who is aimed at (`targets`), the reacting players' answers
//! (`reactions`), the way a battle goes on screen (`open`) and the hand-off's memory
//! (`handoff`). Imports only `state`, `saves` and `look` of the window; the views, the board,
//! the HUD, the vehicles' and the screens' folders sit above it.

pub mod apply;
pub mod command;
pub mod handoff;
pub mod open;
pub mod plan;
pub mod reactions;
pub mod targets;
pub mod withheld;

use crate::gui::state::screen::{AppSystems, Screen};
use bevy::prelude::*;

/// The intake's systems: intents applied in `AppSystems::Apply`, the reaction prompt's
/// answers, and the views refreshed whenever the battle screen is entered.
pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<handoff::HandOff>();
    app.add_systems(OnEnter(Screen::Battle), open::refresh_views);
    app.add_systems(
        Update,
        apply::apply_intents
            .in_set(AppSystems::Apply)
            .run_if(in_state(Screen::Battle)),
    );
    app.add_plugins(reactions::plugin);
}
