//! The sequence's options (§3): readying an action (§3.5), delaying (§3.4), and ending the
//! turn; and the initiative's answers for whoever waits (act now and proceed while units
//! delay, fire readied for a unit with a readied action), which a board offers between turns.

use crate::rules::cmd;
use crate::rules::options::kind::{AreaOptions, Arms, OptionKind};
use crate::rules::{Combat, GameCommand, UnitId};
use crate::ruleset::ActionKind;
use bevy::prelude::World;

/// The kinds of action a unit may ready (§3.5: not a full action).
pub const READY_KINDS: [ActionKind; 3] = [ActionKind::Standard, ActionKind::Move, ActionKind::Swift];

/// The triggers offered when readying (the engine does not watch for them: the readier fires
/// the readied action when one happens, §3.5).
pub const READY_TRIGGERS: [&str; 4] = [
    "an enemy comes within reach",
    "an enemy moves",
    "an enemy attacks",
    "an enemy casts a spell",
];

/// The sequence's part of the options list.
pub struct Options;

impl AreaOptions for Options {
    fn owns(&self, kind: OptionKind) -> bool {
        matches!(
            kind,
            OptionKind::Ready
                | OptionKind::Delay
                | OptionKind::ActNow
                | OptionKind::Proceed
                | OptionKind::FireReadied
                | OptionKind::EndTurn
        )
    }

    fn kinds(&self, _world: &World, _unit: &UnitId) -> Vec<OptionKind> {
        vec![
            OptionKind::Ready,
            OptionKind::Delay,
            OptionKind::ActNow,
            OptionKind::Proceed,
            OptionKind::FireReadied,
            OptionKind::EndTurn,
        ]
    }

    fn none_reason(&self, kind: OptionKind) -> &'static str {
        match kind {
            OptionKind::ActNow | OptionKind::Proceed => "nobody is delaying",
            OptionKind::FireReadied => "nobody has readied an action",
            _ => "no turn is under way",
        }
    }

    /// Act now, proceed and fire readied only when `unit` is delaying or has readied
    /// ([`Options::waiting`] lists everyone's).
    fn commands(&self, world: &World, unit: &UnitId, kind: OptionKind, _arms: Arms) -> Vec<GameCommand> {
        let combat = world.resource::<Combat>();
        let u = || unit.clone();
        match kind {
            OptionKind::ActNow => combat
                .delaying
                .iter()
                .filter(|d| &d.unit == unit)
                .map(|d| GameCommand::ActNow(cmd::ActNow { unit: d.unit.clone() }))
                .collect(),
            OptionKind::FireReadied => combat
                .readied
                .iter()
                .filter(|r| &r.unit == unit)
                .map(|r| GameCommand::FireReadied(cmd::FireReadied { unit: r.unit.clone() }))
                .collect(),
            OptionKind::Proceed => match combat.is_delaying(unit) {
                true => vec![GameCommand::Proceed(cmd::Proceed)],
                false => Vec::new(),
            },
            OptionKind::Ready => READY_KINDS
                .iter()
                .map(|k| {
                    GameCommand::Ready(cmd::Ready {
                        unit: u(),
                        action: *k,
                        trigger: READY_TRIGGERS[0].to_string(),
                    })
                })
                .collect(),
            OptionKind::Delay => vec![GameCommand::Delay(cmd::Delay { unit: u() })],
            OptionKind::EndTurn => vec![GameCommand::EndTurn(cmd::EndTurn { unit: u() })],
            _ => Vec::new(),
        }
    }

    /// Act now and proceed for each delaying unit, fire readied for each unit with a
    /// readied action (§3.4, §3.5), whether or not it is their turn.
    fn waiting(&self, world: &World, kind: OptionKind) -> Vec<GameCommand> {
        let combat = world.resource::<Combat>();
        let waiting: Vec<&UnitId> = match kind {
            OptionKind::ActNow | OptionKind::Proceed => combat.delaying.iter().map(|d| &d.unit).collect(),
            OptionKind::FireReadied => combat.readied.iter().map(|r| &r.unit).collect(),
            _ => Vec::new(),
        };
        let mut list: Vec<GameCommand> = Vec::new();
        for unit in waiting {
            for command in self.commands(world, unit, kind, Arms::Every) {
                // Proceed names nobody: one stands for every delaying unit.
                if !list.contains(&command) {
                    list.push(command);
                }
            }
        }
        list
    }
}
