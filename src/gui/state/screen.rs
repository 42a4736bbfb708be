//! The screens as states and the frame's system sets: which screen the window shows, and the
//! order of a frame's work (input, applying it, deriving views, drawing), chained once in
//! [`order_sets`].

use bevy::prelude::*;

/// The screen the window shows.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// Scenarios, resume, saves, quit.
    #[default]
    Title,
    /// Before a battle: who plays each side (`setup`).
    Setup,
    /// The battle map.
    Battle,
    /// The board is hidden while it passes to the next side's player.
    Handoff,
    /// The battle is over: who won, which objectives were met.
    Results,
    /// The scenario could not be opened: its messages, and how to leave.
    Invalid,
    /// The scenario editor (`gui::editor`).
    Editor,
}

/// The order of a frame's work (STYLE 6): input writes intents, intents become commands, the
/// rules' derived state follows the battle, views derived from it are refreshed, then drawn.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Mouse and keyboard become `Hover` and `Intent`s; the camera moves.
    Input,
    /// Intents become rule commands submitted to the battle.
    Apply,
    /// The rules' derived state (what each side sees, the squares each side threatens:
    /// `rules::derive`) is brought up to date once the battle changed, before any view reads
    /// it.
    RuleState,
    /// Caches derived from the battle (reach bands, the planned path) are refreshed.
    Derive,
    /// Tiles, tokens, overlays and the HUD follow the derived state.
    Draw,
}

/// Within [`AppSystems::Draw`]: the tokens follow the battle (`board::tokens`); what is drawn
/// on or about a token (its slide, the results over it, the fog, a vehicle's hull) runs after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SyncTokens;

/// Within [`AppSystems::Input`]: the open choice panel takes its keys (`hud::panel`), the Esc
/// menu's key is read after it (`screens::menu`), and the action bar's keys come last
/// ([`ActionKeys`], `hud::actions`), so one key press opens or answers one thing.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PanelKeys;

/// The action bar's keys (see [`PanelKeys`]).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ActionKeys;

/// The one place the system sets are ordered: input, then applying it, then the rules'
/// derived state, then deriving views, then drawing. Headless test apps call it too.
pub fn order_sets(app: &mut App) {
    app.configure_sets(
        Update,
        (
            AppSystems::Input,
            AppSystems::Apply,
            AppSystems::RuleState,
            AppSystems::Derive,
            AppSystems::Draw,
        )
            .chain(),
    );
}
