//! The commands of reactions (§8): what each carries, and how the rules check and execute it.

use crate::rules::GameCommand;
use crate::rules::UnitId;
use crate::rules::engine::bounds::Operands;
use crate::rules::engine::command::{Gates, RuleCommand};
use crate::rules::reactions::ReactionMode;
use crate::rules::{Executor, ReactionEvent, RuleError};
use bevy::prelude::World;
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

impl RuleCommand for Decline {
    fn actor(&self) -> Option<&UnitId> {
        self.then.actor()
    }

    fn gates(&self) -> Gates {
        // Only a wrapper: the command it wraps passes the gates (`check_decline` checks it).
        Gates {
            shared: false,
            ..self.then.gates()
        }
    }

    fn operands(&self, out: &mut Operands) {
        out.within("then", &self.then);
    }

    fn makes_attacks(&self) -> bool {
        self.then.makes_attacks()
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::reactions::check_decline(world, &self.reactors, &self.then)
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        ex.declined = self.reactors.clone();
        let result = crate::rules::execute(ex, &self.then);
        ex.declined.clear();
        result
    }
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

impl RuleCommand for SetReactions {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ACTION.passive().any_time()
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        let _ = world;
        Ok(())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        ex.emit(ReactionEvent::ReactionsSet {
            unit: self.unit.clone(),
            mode: self.mode,
        });
        Ok(())
    }
}
