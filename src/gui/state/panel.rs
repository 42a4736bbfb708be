//! The choice panel's state: the open panel (its kind, title and options, each with its key
//! and, when greyed out, the reason), what an option does, the option chosen, the picker the
//! action bar asked for, and the menu's pages. Whoever opened a panel handles its [`Chosen`].

use crate::gui::state::action::Action;
use crate::gui::state::intent::Intent;

use crate::grid::Heading;
use crate::rules::options::OptionKind;
use crate::rules::vehicle::VehicleEntry;
use crate::rules::{GameCommand, ReactionMode, SideId, UnitId};
use crate::ruleset::{ActionKind, ManeuverKind};
use bevy::prelude::*;
use std::path::PathBuf;

/// What an option of a panel does; the module that opened the panel handles it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// Ready an action of this kind: next, the trigger (`actions`).
    ReadyKind(ActionKind),
    /// Ready `action` against `trigger` (`actions`).
    Ready { action: ActionKind, trigger: String },
    /// Aim this maneuver at a unit on the map (`actions`).
    Maneuver(ManeuverKind),
    /// Send this intent (`menu`: resume, save, undo, quit).
    Intent(Intent),
    /// Open a page of the menu (`menu`).
    Page(Page),
    /// Load this save (`menu`).
    Load(PathBuf),
    /// Set every unit of a side to this reaction mode (`reactions`).
    SideReactions { side: SideId, mode: ReactionMode },
    /// The prompted reactor takes (`true`) or passes up its attack of opportunity (`reactions`).
    React { reactor: UnitId, take: bool },
    /// A vehicle order or the heading after a drive (`piloting`).
    Vehicle(VehicleChoice),
    /// A kind of "More actions" (`more`): aim it, list its choices or send its one command.
    Kind(OptionKind),
    /// Cast this spell (`more`): aim its area, or cast it when it has none.
    Spell(String),
    /// Send this command of a kind's choices (`more`).
    Command(GameCommand),
    /// Close the panel (Esc).
    Close,
}

/// One option: its label, its key, and whether it may be chosen now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PanelOption {
    pub label: String,
    pub key: KeyCode,
    pub choice: Choice,
    pub allowed: Result<(), String>,
}

impl PanelOption {
    pub fn new(label: impl Into<String>, key: KeyCode, choice: Choice) -> Self {
        Self {
            label: label.into(),
            key,
            choice,
            allowed: Ok(()),
        }
    }

    pub fn greyed(mut self, allowed: Result<(), String>) -> Self {
        self.allowed = allowed;
        self
    }
}

/// What a panel is for, so that only its owner handles what is chosen in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PanelKind {
    Ready,
    Maneuver,
    Menu,
    Reaction,
    ReactionSettings,
    Vehicle,
    /// "More actions", its spells and its choices (issue #25).
    More,
}

/// The open panel, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PanelSpec {
    pub kind: PanelKind,
    pub title: String,
    pub options: Vec<PanelOption>,
}

#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct Panel(pub Option<PanelSpec>);

impl Panel {
    pub fn is_open(&self) -> bool {
        self.0.is_some()
    }

    /// The open panel's kind.
    pub fn kind(&self) -> Option<PanelKind> {
        self.0.as_ref().map(|p| p.kind)
    }
}

/// An option was chosen in a panel of `kind`.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct Chosen {
    pub kind: PanelKind,
    pub choice: Choice,
}

/// The option picked by the keys pressed this frame (Esc: close), if it may be chosen; a
/// greyed-out one gives its reason instead.
pub fn pick(spec: &PanelSpec, keys: &ButtonInput<KeyCode>) -> Option<Result<Choice, String>> {
    if let Some(o) = spec.options.iter().find(|o| keys.just_pressed(o.key)) {
        return Some(o.allowed.clone().map(|()| o.choice.clone()));
    }
    keys.just_pressed(KeyCode::Escape).then_some(Ok(Choice::Close))
}

/// A picker asked for by the bar, opened by `open_picker` with the rules' verdicts.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct Picker(pub Option<PanelKind>);

/// A page of the menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    Main,
    Load,
    Reactions,
    /// Not a page: back to the editor from a play test.
    Editor,
    /// Not a page: turns the hand-off screens between human sides on or off.
    HandOffs,
}

/// What is chosen in the vehicle panels: an order of the picker, or the heading after a
/// drive or run over (`None`: keep it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VehicleChoice {
    Entry(VehicleEntry),
    Heading(Option<Heading>),
}

impl Action {
    /// The panel it opens to choose what exactly (the maneuver, the readied action).
    pub fn picker(self) -> Option<PanelKind> {
        match self {
            Action::Maneuver => Some(PanelKind::Maneuver),
            Action::Ready => Some(PanelKind::Ready),
            Action::Vehicle => Some(PanelKind::Vehicle),
            Action::More => Some(PanelKind::More),
            _ => None,
        }
    }
}
