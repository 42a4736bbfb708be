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
use crate::gui::state::session::{Revision, Session};
use bevy::prelude::*;

/// The intake's systems: intents applied in `AppSystems::Apply`, the reaction prompt's
/// answers, the rules' derived state made again once the battle changed, and the views
/// refreshed whenever the battle screen is entered.
pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<handoff::HandOff>();
    app.add_systems(OnEnter(Screen::Battle), open::refresh_views);
    app.add_systems(
        Update,
        (
            apply::apply_intents.in_set(AppSystems::Apply),
            derive_rule_state
                .in_set(AppSystems::RuleState)
                .run_if(resource_changed::<Revision>),
        )
            .run_if(in_state(Screen::Battle)),
    );
    app.add_plugins(reactions::plugin);
}

/// The battle changed (a command, an undo, the screen entered): the rules' derived state (what
/// each side sees, the squares each side threatens: `rules::derive`) is made again, once, and
/// the fog, the hand-off, the threat overlay and the card read it (STYLE 4a).
fn derive_rule_state(mut session: ResMut<Session>) {
    session.battle.derive();
}
