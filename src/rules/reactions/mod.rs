//! Reactions (§8): who threatens what (`threat`), what provokes an attack of opportunity and
//! its resolution (`opportunity`), what protects from one (`protection`), and, here, whether a
//! reactor takes the one it is offered (AOO-1: "may make"): each unit's standing choice
//! (`SetReactions`) and the reactors a command names as declining (`Decline`). Both are
//! commands, so a replay takes exactly the same attacks.

pub mod commands;
mod events;
use crate::rules::cmd;
pub use events::ReactionEvent;

pub mod opportunity;
pub mod protection;
pub mod threat;

use super::{Executor, GameCommand, RuleError, UnitId, unit_component};
use bevy::prelude::{Component, World};
use serde::{Deserialize, Serialize};

/// How a unit answers the attacks of opportunity it is offered.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ReactionMode {
    /// Takes every one (the default: battles and scripts from before the choice behave so).
    #[default]
    Always,
    /// Takes none.
    Never,
    /// Its player is asked (the GUI asks, then names the declined reactors in a `Decline`);
    /// to the rules it is `Always` unless the command declines it.
    Ask,
}

impl ReactionMode {
    pub const ALL: [ReactionMode; 3] = [ReactionMode::Always, ReactionMode::Ask, ReactionMode::Never];

    pub fn label(self) -> &'static str {
        match self {
            ReactionMode::Always => "always",
            ReactionMode::Never => "never",
            ReactionMode::Ask => "ask",
        }
    }
}

/// `unit`'s reaction mode (`Always` until a `SetReactions` changes it).
pub fn reaction_mode(world: &World, unit: &UnitId) -> ReactionMode {
    unit_component::<ReactionMode>(world, unit).copied().unwrap_or_default()
}

/// Checks a `Decline`: every declining reactor is a unit, the wrapped command is not itself a
/// `Decline`, and the wrapped command is allowed.
pub fn check_decline(world: &World, reactors: &[UnitId], then: &GameCommand) -> Result<(), RuleError> {
    if matches!(then, GameCommand::Decline(cmd::Decline { .. })) {
        return Err(RuleError::IllegalMove("a Decline cannot wrap another Decline".into()));
    }
    if let Some(unknown) = reactors
        .iter()
        .find(|r| !world.resource::<super::UnitIndex>().0.contains_key(*r))
    {
        return Err(RuleError::UnknownUnit(unknown.clone()));
    }
    super::check(world, then)
}

/// Why `reactor` passes up the attack of opportunity it is offered now, if it does: the
/// command declined it, or its mode is `Never`.
pub(crate) fn declined(ex: &Executor, reactor: &UnitId) -> Option<&'static str> {
    if ex.declined.contains(reactor) {
        Some("declined")
    } else if reaction_mode(ex.world, reactor) == ReactionMode::Never {
        Some("never takes attacks of opportunity")
    } else {
        None
    }
}
