//! The commands of reactions (§8): what each carries, and how the rules check and execute it.

use crate::rules::GameCommand;
use crate::rules::UnitId;
use crate::rules::reactions::ReactionMode;
use serde::{Deserialize, Serialize};

/// `then`, with the attacks of opportunity it provokes from `reactors` passed up (AOO-1:
/// a reactor "may" attack): e.g. `Decline(reactors: ["gorn"], then: Move(unit: "vex",
/// to: (3, 4)))`. Each declined one is logged as `aoo_declined`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Decline {
    pub reactors: Vec<UnitId>,
    pub then: Box<GameCommand>,
}

/// Sets how `unit` answers the attacks of opportunity it is offered from now on: `Always`
/// (the default), `Never`, or `Ask` (the GUI asks its player). Costs no action; given at
/// any time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetReactions {
    pub unit: UnitId,
    pub mode: ReactionMode,
}
