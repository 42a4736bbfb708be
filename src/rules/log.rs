//! The battle log: every accepted command with the events it produced, and the message for
//! commands the rules refused.

use super::{GameCommand, GameEvent};
use bevy::prelude::{Message, Resource};
use serde::{Deserialize, Serialize};

/// One accepted command (or, with `command: None`, the start of combat) and its events.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedCommand {
    pub command: Option<GameCommand>,
    pub events: Vec<GameEvent>,
}

impl LoggedCommand {
    /// Whether any die was rolled (such a command cannot be undone: it revealed randomness).
    pub fn rolled_dice(&self) -> bool {
        self.events.iter().any(|e| !e.dice().is_empty())
    }
}

/// Everything that happened in the battle, in order.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleLog {
    pub entries: Vec<LoggedCommand>,
}

/// A command the rules refused, with the reason.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct CommandRejected {
    pub command: GameCommand,
    pub error: super::RuleError,
}
