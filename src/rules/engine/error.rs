//! `RuleError`: why a command is not allowed, in words a player can read.

use crate::rules::{ScriptedDieError, UnitId};
use thiserror::Error;

/// A command the rules refuse. Checking never changes the battle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    #[error("there is no unit `{0}` in this battle")]
    UnknownUnit(UnitId),
    #[error("it is {active}'s turn, not {unit}'s")]
    NotYourTurn { unit: UnitId, active: UnitId },
    #[error("{unit} is not in the initiative order yet (joins in round {round})")]
    NotInCombat { unit: UnitId, round: u32 },
    #[error("{unit} has already acted this turn, so it can no longer {what}")]
    AlreadyActed { unit: UnitId, what: String },
    #[error("{0}")]
    Budget(String),
    #[error("{0}")]
    IllegalMove(String),
    #[error("no unit is taking a turn right now")]
    NoActiveTurn,
    #[error("{unit} is not delaying")]
    NotDelaying { unit: UnitId },
    #[error("a delaying unit can act only right after a turn ends, before the next unit acts")]
    NoDelayWindow,
    #[error("waiting for the delaying units to act or pass ({waiting}): use ActNow or Proceed")]
    DelayWindowOpen { waiting: String },
    #[error("{unit} has no readied action")]
    NothingReadied { unit: UnitId },
    #[error("{unit} cannot fire its readied action on its own turn")]
    ReadiedOnOwnTurn { unit: UnitId },
    #[error("{0} cannot be readied in this rule family")]
    CannotReady(String),
    #[error("an effect must last at least 1 round")]
    ZeroDuration,
    #[error("the battle is over")]
    BattleOver,
    #[error("{0}")]
    Dice(#[from] ScriptedDieError),
    #[error("not supported yet: {0}")]
    NotSupported(String),
}

/// A command the rules forbid here and now, with the reason a player reads.
pub(crate) fn illegal(why: impl Into<String>) -> RuleError {
    RuleError::IllegalMove(why.into())
}
