//! The battle log: every accepted command with the events it produced. Entries are shared
//! between a battle and its forks (reference-counted), so a fork copies no history.

use crate::rules::{GameCommand, GameEvent};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleLog {
    pub entries: Vec<Arc<LoggedCommand>>,
}

impl BattleLog {
    /// The accepted commands, in order (the start of combat has none).
    pub fn commands(&self) -> impl Iterator<Item = &GameCommand> {
        self.entries.iter().filter_map(|e| e.command.as_ref())
    }
}
