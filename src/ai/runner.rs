//! Headless play: whole battles computer against computer (`fivefoot simulate`, the mass
//! play test, the strength tables of docs/ai.md). Each command the computer gives goes
//! through `Battle::submit` like a player's; the runner counts refusals (a refusal is a bug
//! of the computer player), checks the invariants after every command, catches panics, and
//! times every decision, summed per unit-turn (the decisions one unit makes from the start
//! of its turn to its end).

use super::invariants::Watch;
use super::policy::Policy;
use super::turn::{Decider, choosing_side, decider, referee_command};
use crate::history::Battle;
use crate::rules::{Combat, GameCommand, SideId, check, cmd};
use crate::scenario::ScenarioSpec;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// How the games are played.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The policy of each side named; the others play `Normal`.
    pub policies: BTreeMap<SideId, Policy>,
    /// A game still going after this round is a draw.
    pub max_rounds: u32,
}

impl Setup {
    pub fn policy(&self, side: &SideId) -> Policy {
        self.policies.get(side).copied().unwrap_or(Policy::Normal)
    }
}

/// One game's result.
#[derive(Debug, Clone, Default)]
pub struct GameReport {
    pub seed: u64,
    pub winner: Option<SideId>,
    /// The game reached the round cap (or ended with no winner: every side gone).
    pub draw: bool,
    pub rounds: u32,
    /// Commands each side gave (the referee's chase progress is not counted).
    pub commands: BTreeMap<SideId, u32>,
    /// The same commands per kind ([`command_kind`]), per side.
    pub kinds: BTreeMap<SideId, BTreeMap<String, u32>>,
    /// Commands the rules refused: `side: command: reason`.
    pub refused: Vec<String>,
    /// Invariants broken, with the command after which they were found.
    pub violations: Vec<String>,
    /// The game could not go on (nobody to act, a turn that never ends, a panic).
    pub stalled: Option<String>,
    pub panicked: bool,
    /// Decision time per unit-turn, per side.
    pub turn_times: BTreeMap<SideId, Vec<Duration>>,
    /// A fingerprint of every command given, in order (FNV-1a over their RON form): two runs
    /// of the same game chose the same commands iff these match (short of a collision). How a
    /// change meant only to make decisions faster shows that it chose nothing else.
    pub transcript: u64,
}

/// A turn lasting more commands than this has gone wrong.
const TURN_COMMANDS: u32 = 60;
/// A game lasting more commands than this per round allowed has gone wrong.
const COMMANDS_PER_ROUND: usize = 400;

/// Plays one game of `spec` with `seed`; panics inside are caught and reported.
pub fn play(spec: &ScenarioSpec, text: &str, file: &str, seed: u64, setup: &Setup) -> GameReport {
    let run = std::panic::AssertUnwindSafe(|| play_unguarded(spec, text, file, seed, setup));
    match std::panic::catch_unwind(run) {
        Ok(report) => report,
        Err(payload) => {
            let why = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a panic".into());
            GameReport {
                seed,
                panicked: true,
                stalled: Some(format!("panicked: {why}")),
                ..GameReport::default()
            }
        }
    }
}

/// Who is deciding: the unit-turn a decision's time is added to.
fn turn_key(battle: &Battle) -> (u32, String) {
    let world = battle.world();
    let round = world.resource::<Combat>().round;
    let who = match decider(world) {
        Decider::Unit(u) => format!("unit {u}"),
        Decider::Pilot(u) => format!("pilot {u}"),
        Decider::DelayWindow(_) => "delay".into(),
        Decider::ChaseProgress(_) => "progress".into(),
        Decider::Nobody => "nobody".into(),
    };
    (round, who)
}

fn play_unguarded(spec: &ScenarioSpec, text: &str, file: &str, seed: u64, setup: &Setup) -> GameReport {
    let mut report = GameReport {
        seed,
        transcript: FNV_OFFSET,
        ..GameReport::default()
    };
    let mut battle = match Battle::start(spec.clone(), text, file, seed, Vec::new()) {
        Ok(b) => b,
        Err(e) => {
            report.stalled = Some(format!("the battle cannot start: {e}"));
            return report;
        }
    };
    let mut watch = Watch::default();
    watch.violations(&battle);
    let mut turn: Option<((u32, String), SideId, Duration, u32)> = None;
    let mut total = 0usize;
    loop {
        let outcome = battle.outcome();
        let round = battle.world().resource::<Combat>().round;
        report.rounds = round;
        if outcome.over {
            report.winner = outcome.winner.clone();
            report.draw = outcome.winner.is_none();
            break;
        }
        if round > setup.max_rounds {
            report.draw = true;
            break;
        }
        total += 1;
        if total > COMMANDS_PER_ROUND * (round as usize + 2) {
            report.stalled = Some(format!("more than {total} commands by round {round}"));
            break;
        }
        let key = turn_key(&battle);
        let side = choosing_side(&battle);
        let started = Instant::now();
        let command = match &side {
            Some(side) => super::next_command_with(&battle, side, setup.policy(side)),
            None => referee_command(&battle),
        };
        let took = started.elapsed();
        let Some(command) = command else {
            report.stalled = Some(format!("nobody acts at {key:?}"));
            break;
        };
        if let Some(side) = &side {
            match &mut turn {
                Some((k, s, t, n)) if *k == key && s == side => {
                    *t += took;
                    *n += 1;
                    if *n > TURN_COMMANDS {
                        report.stalled = Some(format!("{key:?} gave more than {TURN_COMMANDS} commands"));
                        break;
                    }
                }
                _ => {
                    if let Some((_, s, t, _)) = turn.take() {
                        report.turn_times.entry(s).or_default().push(t);
                    }
                    turn = Some((key.clone(), side.clone(), took, 1));
                }
            }
            *report.commands.entry(side.clone()).or_default() += 1;
            *report
                .kinds
                .entry(side.clone())
                .or_default()
                .entry(command_kind(&command))
                .or_default() += 1;
        }
        let text = ron::to_string(&command).unwrap_or_default();
        report.transcript = fingerprint(report.transcript, &text);
        if let Err(why) = battle.submit(command) {
            let who = side.as_ref().map_or("referee".to_string(), |s| s.0.clone());
            report.refused.push(format!("{who}: {text}: {why}"));
            if !fall_back(&mut battle) {
                report.stalled = Some(format!("refused and no way on: {text}"));
                break;
            }
        }
        for v in watch.violations(&battle) {
            report.violations.push(format!("round {round}, after {text}: {v}"));
        }
        if report.violations.len() > 20 {
            report.stalled = Some("too many invariant violations".into());
            break;
        }
    }
    if let Some((_, s, t, _)) = turn.take() {
        report.turn_times.entry(s).or_default().push(t);
    }
    report
}

/// The kind of a command, for counting: its name in snake case (`full_attack`,
/// `harrying_fire`, `fire_readied`), a move by its mode where the mode is a kind of its own
/// (`withdraw`, `guarded_step`; every other move is `move`).
pub fn command_kind(command: &GameCommand) -> String {
    use crate::rules::MoveMode;
    if let GameCommand::Move(m) = command {
        return match m.mode {
            MoveMode::Withdraw => "withdraw",
            MoveMode::GuardedStep => "guarded_step",
            _ => "move",
        }
        .to_string();
    }
    let text = ron::to_string(command).unwrap_or_default();
    let name = text.split(['(', ' ']).next().unwrap_or_default();
    let mut out = String::with_capacity(name.len() + 4);
    for (i, ch) in name.chars().enumerate() {
        if ch.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(ch.to_ascii_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// `hash` (FNV-1a) extended with `text` and a separator, so that commands cannot run into
/// each other.
fn fingerprint(hash: u64, text: &str) -> u64 {
    text.bytes()
        .chain(std::iter::once(b'\n'))
        .fold(hash, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// After a refused command: end what the decider is doing, if the rules allow that.
fn fall_back(battle: &mut Battle) -> bool {
    let world = battle.world();
    let command = match decider(world) {
        Decider::Unit(unit) => GameCommand::EndTurn(cmd::EndTurn { unit }),
        Decider::Pilot(unit) => GameCommand::EndPilotTurn(cmd::EndPilotTurn { unit }),
        Decider::DelayWindow(_) => GameCommand::Proceed(cmd::Proceed),
        Decider::ChaseProgress(_) => GameCommand::ChaseProgress(cmd::ChaseProgress { stay: Vec::new() }),
        Decider::Nobody => return false,
    };
    check(world, &command).is_ok() && battle.submit(command).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{MoveMode, UnitId};

    /// The kinds `simulate` counts (docs/cli.md): a command's name in snake case, a move by its
    /// mode where the mode is a kind of its own.
    #[test]
    fn command_kinds_are_snake_case_names_and_moves_by_mode() {
        let unit = UnitId::from("hero");
        let kind = |c: GameCommand| command_kind(&c);
        assert_eq!(
            kind(GameCommand::EndTurn(cmd::EndTurn { unit: unit.clone() })),
            "end_turn"
        );
        assert_eq!(
            kind(GameCommand::FireReadied(cmd::FireReadied { unit: unit.clone() })),
            "fire_readied"
        );
        assert_eq!(kind(GameCommand::Proceed(cmd::Proceed)), "proceed");
        let step = |mode| {
            GameCommand::Move(cmd::Move {
                unit: unit.clone(),
                to: crate::grid::Square::new(1, 1),
                path: None,
                mode,
            })
        };
        assert_eq!(kind(step(MoveMode::Withdraw)), "withdraw");
        assert_eq!(kind(step(MoveMode::GuardedStep)), "guarded_step");
        assert_eq!(kind(step(MoveMode::Double)), "move");
    }
}
