//! What the player asked for before the rules are consulted: the [`Intent`]s input writes (a
//! move, the end of the turn, undo, save, the menu, an action, a decided command) and what an
//! action asks for ([`ActIntent`]: an aim at a square or an intersection, a readied action, a
//! careful move, or an action with no aim). `intake::command` turns them into rule commands.

use crate::grid::Square;
use crate::gui::state::action::Action;
use crate::rules::options::{MapPoint, OptionKind};
use crate::rules::{GameCommand, UnitId};
use crate::ruleset::{ActionKind, ManeuverKind};
use bevy::prelude::*;

/// An action intent: what the player asked of the action bar or in attack mode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActIntent {
    /// Attack whoever stands on the square (the `pick`th of `intake::targets::units_at`: a rider or
    /// the vehicle it stands in); `full` for a full attack; `mount`: the weapon is mounted on
    /// that vehicle (VEH-20).
    AttackAt {
        at: Square,
        weapon: Option<String>,
        full: bool,
        mount: Option<UnitId>,
        pick: usize,
    },
    /// Throw or fire an area weapon (the chosen one if it has an area, else the first that
    /// does) at the intersection; a cone or line toward `dir`.
    AreaAt {
        at: crate::grid::Intersection,
        weapon: Option<String>,
        dir: crate::grid::Direction8,
    },
    /// Charge whoever stands on the square (the `pick`th of `intake::targets::units_at`).
    ChargeAt {
        at: Square,
        weapon: Option<String>,
        pick: usize,
    },
    /// Attempt a maneuver on whoever stands on the square (the `pick`th of `intake::targets::units_at`).
    ManeuverAt {
        at: Square,
        kind: ManeuverKind,
        weapon: Option<String>,
        pick: usize,
    },
    /// Ready `action` against `trigger`.
    Ready { action: ActionKind, trigger: String },
    /// Move there on the path with the fewest provocations (`query path --avoid-aoo`).
    MoveAvoiding(Square),
    /// Aim a kind from "More actions" at the point (issue #25): the `pick`th of the commands
    /// the rules allow there (`rules::options::aimed_choices`, with the weapon and, for a
    /// spell, the spell chosen), else the first, whose refusal gives the reason.
    OptionAt {
        kind: OptionKind,
        point: MapPoint,
        weapon: Option<String>,
        spell: Option<String>,
        pick: usize,
    },
    /// This command, picked from a kind's choices: sent like any other action (the reacting
    /// players are asked first).
    Choose(GameCommand),
    /// An action that needs no aim (stand up, total defense, end turn, ...).
    Do(Action),
}

/// What the player asked for, before the rules are consulted.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum Intent {
    /// Move the active unit's space (its top-left square) to this square.
    MoveTo(Square),
    /// End the active unit's turn.
    EndTurn,
    /// Take back the last command if it rolled no dice (Ctrl+Z).
    Undo,
    /// Save the battle under a new name in the data directory (Ctrl+S).
    Save,
    /// Leave for the title menu (Ctrl+O); the autosave keeps the battle.
    Menu,
    /// An action-bar or attack-mode request (`intake::command` says what it stands for).
    Act(ActIntent),
    /// This exact command, already decided (a reaction prompt's outcome, a setting): sent
    /// without asking again.
    Command(GameCommand),
}
