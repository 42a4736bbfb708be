//! The computer player (issue #17): plays a side the scenario gives it (`control: Ai`), or
//! any side in `fivefoot simulate`, one command at a time. Each call looks at the battle as
//! it is now, scores what the rules allow (`rules::options`) with the rules' own numbers
//! (attack previews, the movement planner, threat, sight, pilot-action DCs), and returns the
//! best command, checked by the rules (`rules::check`); after it is applied the next call
//! scores again (Wesnoth's evaluate → execute → re-evaluate). With hidden information the
//! side decides only from what it sees (`knowledge`). Same battle, same choice: no unseeded
//! randomness, no hash-map order, ties broken by a fixed order. How it decides, the levels
//! and what it cannot do yet: docs/ai.md.
//!
//! Above `rules` and `history` in the layering: it reads battles and builds ordinary
//! `GameCommand`s; nothing below it knows it exists.

mod baseline;
mod chase;
pub mod eval;
mod fields;
pub mod goals;
mod grid;
pub mod invariants;
pub mod knowledge;
mod lookahead;
pub mod odds;
mod paths;
mod playout;
mod policy;
pub mod runner;
mod sample;
mod turn;
mod value;

pub use crate::scenario::format::AiLevel as Level;
pub use policy::{Aspects, Policy};
pub use turn::{
    Decider, acting_side, choosing_side, computer_level, computer_to_act, decider, readied_to_fire, referee_command,
    side_of,
};

use crate::history::Battle;
use crate::rules::{GameCommand, SideId, check, cmd};
use eval::Evaluator;
use knowledge::Known;

/// The command `side` gives now at `level`, or `None` when the battle does not wait for that
/// side (another side's turn, nobody's, or the battle is over). One command at a time: call
/// again after it is applied.
pub fn next_command(battle: &Battle, side: &SideId, level: Level) -> Option<GameCommand> {
    next_command_with(battle, side, Policy::from(level))
}

/// [`next_command`] with any policy, the baseline included.
pub fn next_command_with(battle: &Battle, side: &SideId, policy: Policy) -> Option<GameCommand> {
    // A readied action of the side fires in the middle of a foe's turn (§3.5); the baseline
    // never readies, so it never has one.
    if policy != Policy::Baseline
        && let Some(fire) = readied_to_fire(battle, side)
    {
        return Some(fire);
    }
    if acting_side(battle).as_ref() != Some(side) {
        return None;
    }
    command_with(battle, side, policy, policy.aspects())
}

/// [`next_command_with`] weighing with `aspects` rather than the policy's own (the hard
/// level's play-outs play on with a quicker Normal).
fn command_with(battle: &Battle, side: &SideId, policy: Policy, aspects: Aspects) -> Option<GameCommand> {
    let world = battle.world();
    let known = Known::of(battle, side);
    let command = match decider(world) {
        Decider::Unit(unit) => match policy {
            Policy::Baseline => baseline::decide(battle, &known, &unit),
            Policy::Hard => lookahead::decide(battle, &known, &unit, aspects),
            _ => grid::decide(battle, &known, &unit, aspects),
        },
        Decider::Pilot(pilot) => {
            let eval = Evaluator::of(battle, &known);
            chase::pilot_command(battle, &known, &pilot, aspects, &eval)
        }
        Decider::DelayWindow(delaying) => match delaying.iter().find(|u| side_of(world, u).as_ref() == Some(side)) {
            // A unit of the side delays only to let the ally acting next go first (`grid`), so
            // it steps in at the first window: the battle never waits on it.
            Some(unit) => GameCommand::ActNow(cmd::ActNow { unit: unit.clone() }),
            None => GameCommand::Proceed(cmd::Proceed),
        },
        Decider::ChaseProgress(escaping) => {
            let goals = goals::Goals::of(battle.spec(), side);
            chase::progress_command(&escaping, world, side, chase::flees(&known, &goals))
        }
        Decider::Nobody => return None,
    };
    Some(legal_or_fallback(battle, command))
}

/// The active unit's candidates as `side` at `policy` scores them now, best first, for a
/// player (or a developer) to see why the computer chose what it did. Empty unless the
/// battle waits for a unit of `side` on its turn.
pub fn scored_candidates(battle: &Battle, side: &SideId, policy: Policy) -> Vec<(f64, GameCommand)> {
    match decider(battle.world()) {
        Decider::Unit(unit) if side_of(battle.world(), &unit).as_ref() == Some(side) => {
            grid::ranked(battle, &Known::of(battle, side), &unit, policy.aspects())
        }
        _ => Vec::new(),
    }
}

/// `command` if the rules allow it, else the plainest command that ends what the side is
/// doing (a refusal here is a bug of the computer player; the fallback keeps the battle
/// going and the runner counts it).
fn legal_or_fallback(battle: &Battle, command: GameCommand) -> GameCommand {
    let world = battle.world();
    if check(world, &command).is_ok() {
        return command;
    }
    let fallback = match decider(world) {
        Decider::Unit(unit) => Some(GameCommand::EndTurn(cmd::EndTurn { unit })),
        Decider::Pilot(unit) => Some(GameCommand::EndPilotTurn(cmd::EndPilotTurn { unit })),
        Decider::DelayWindow(_) => Some(GameCommand::Proceed(cmd::Proceed)),
        Decider::ChaseProgress(_) => Some(GameCommand::ChaseProgress(cmd::ChaseProgress { stay: Vec::new() })),
        Decider::Nobody => None,
    };
    fallback.filter(|f| check(world, f).is_ok()).unwrap_or(command)
}
