//! A command held for the reacting players' answers (attacks of opportunity from reactors set
//! to ask; `intake::reactions` asks them one at a time).

use crate::rules::{GameCommand, UnitId};
use bevy::prelude::*;

/// A command waiting for the reacting players' answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    pub command: GameCommand,
    pub taken: Vec<UnitId>,
    pub declined: Vec<UnitId>,
}

#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct ReactionPrompt(pub Option<Pending>);
