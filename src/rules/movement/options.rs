//! The movement area's options (§4.3.2, §5): the squares a move reaches now (from the reach
//! plan, which agrees with `check` square by square), withdraw and guarded-step destinations
//! for the rules to judge, a charge at each foe (§5.8), standing up and dropping prone.

use crate::grid::Square;
use crate::rules::cmd;
use crate::rules::movement::reach_plan::plan_reach;
use crate::rules::options::aim::{MapPoint, aimed_at};
use crate::rules::options::kind::{AreaOptions, Arms, Choice, OptionKind, any_allowed, checked, foes_of};
use crate::rules::reactions::threat::space_of;
use crate::rules::{GameCommand, MoveMode, UnitId, check};
use bevy::prelude::World;

/// The movement area's part of the options list.
pub struct Options;

impl AreaOptions for Options {
    fn owns(&self, kind: OptionKind) -> bool {
        matches!(
            kind,
            OptionKind::Move
                | OptionKind::Withdraw
                | OptionKind::GuardedStep
                | OptionKind::Charge
                | OptionKind::StandUp
                | OptionKind::DropProne
        )
    }

    fn kinds(&self, _world: &World, _unit: &UnitId) -> Vec<OptionKind> {
        vec![
            OptionKind::Move,
            OptionKind::Withdraw,
            OptionKind::GuardedStep,
            OptionKind::Charge,
            OptionKind::StandUp,
            OptionKind::DropProne,
        ]
    }

    fn none_reason(&self, kind: OptionKind) -> &'static str {
        match kind {
            OptionKind::Move | OptionKind::Withdraw => "no square to move to",
            OptionKind::GuardedStep => "no square to step to",
            OptionKind::Charge => "no enemy to attack",
            _ => "no turn is under way",
        }
    }

    fn commands(&self, world: &World, unit: &UnitId, kind: OptionKind, arms: Arms) -> Vec<GameCommand> {
        let u = || unit.clone();
        let weapon = arms.named();
        match kind {
            OptionKind::Move => move_choices(world, unit).into_iter().map(|c| c.command).collect(),
            OptionKind::Withdraw => withdraw_commands(world, unit),
            OptionKind::GuardedStep => guarded_step_commands(world, unit),
            OptionKind::Charge => foes_of(world, unit)
                .into_iter()
                .map(|target| {
                    GameCommand::Charge(cmd::Charge {
                        unit: u(),
                        target,
                        to: None,
                        weapon: weapon.map(str::to_string),
                    })
                })
                .collect(),
            OptionKind::StandUp => vec![GameCommand::StandUp(cmd::StandUp { unit: u() })],
            OptionKind::DropProne => vec![GameCommand::DropProne(cmd::DropProne { unit: u() })],
            _ => Vec::new(),
        }
    }

    fn choices(&self, world: &World, unit: &UnitId, kind: OptionKind, arms: Arms) -> Vec<Choice> {
        match kind {
            OptionKind::Move => move_choices(world, unit),
            _ => checked(world, self.commands(world, unit, kind, arms)),
        }
    }

    /// A withdraw goes to any square the player points at (the list offers only the farthest
    /// from the foes), on the path the rules plan (§5.9); the other kinds' lists are complete.
    fn aimed(&self, world: &World, unit: &UnitId, kind: OptionKind, arms: Arms, point: &MapPoint) -> Vec<GameCommand> {
        match kind {
            OptionKind::Withdraw => vec![GameCommand::Move(cmd::Move {
                unit: unit.clone(),
                to: point.square,
                path: None,
                mode: MoveMode::Withdraw,
            })],
            _ => self
                .commands(world, unit, kind, arms)
                .into_iter()
                .filter(|c| aimed_at(world, c, point))
                .collect(),
        }
    }

    fn verdict(&self, world: &World, unit: &UnitId, kind: OptionKind, arms: Arms) -> Result<(), String> {
        match kind {
            OptionKind::Move => move_verdict(world, unit),
            _ => any_allowed(world, &self.commands(world, unit, kind, arms), self.none_reason(kind)),
        }
    }
}

/// Each square `unit` can move to now with one command (MOV-1, §5.6), in the smallest band
/// that reaches it: a move, a double move or a run. The reach plan agrees with `check` square
/// by square (`reach_plan` tests), so its squares are allowed without asking again; when no
/// band is open the refusal is the plan's reason.
pub fn move_choices(world: &World, unit: &UnitId) -> Vec<Choice> {
    let modes = [MoveMode::Move, MoveMode::Double, MoveMode::Run];
    let plan = match plan_reach(world, unit, &modes) {
        Ok(plan) => plan,
        Err(e) => {
            return refused_move(world, unit, e.to_string());
        }
    };
    let choices: Vec<Choice> = plan
        .smallest()
        .into_iter()
        .map(|(to, (mode, _))| Choice {
            command: GameCommand::Move(cmd::Move {
                unit: unit.clone(),
                to,
                path: None,
                mode,
            }),
            verdict: Ok(()),
        })
        .collect();
    if let Some(first) = choices.first() {
        // The plan judges squares, not whose turn it is: one move stands for the gates every
        // move shares (the turn, a delay window, the unit's state).
        return match check(world, &first.command) {
            Ok(()) => choices,
            Err(e) => refused_move(world, unit, e.to_string()),
        };
    }
    let why = plan
        .bands
        .iter()
        .find_map(|(_, band)| band.as_ref().err().map(|e| e.to_string()))
        .unwrap_or_else(|| "no square to move to".to_string());
    refused_move(world, unit, why)
}

/// The verdict on moving (the one [`move_choices`] gives: allowed when a band reaches a
/// square, else the first band's refusal), planning the bands one at a time and only until
/// one reaches a square: the run band, the costly one (a priced line to every square of its
/// box), is planned only when neither a move nor a double move goes anywhere.
fn move_verdict(world: &World, unit: &UnitId) -> Result<(), String> {
    let mut first = None;
    for mode in [MoveMode::Move, MoveMode::Double, MoveMode::Run] {
        let plan = plan_reach(world, unit, &[mode]).map_err(|e| e.to_string())?;
        if let Some((to, (mode, _))) = plan.smallest().into_iter().next() {
            // As in `move_choices`: one move stands for the gates every move shares.
            let command = GameCommand::Move(cmd::Move {
                unit: unit.clone(),
                to,
                path: None,
                mode,
            });
            return check(world, &command).map_err(|e| e.to_string());
        }
        if let Some((_, Err(e))) = plan.bands.first() {
            first.get_or_insert_with(|| e.to_string());
        }
    }
    Err(first.unwrap_or_else(|| "no square to move to".to_string()))
}

/// One move one square over, refused with `why` (so the list says why the unit cannot move).
fn refused_move(world: &World, unit: &UnitId, why: String) -> Vec<Choice> {
    let Some(me) = space_of(world, unit) else {
        return Vec::new();
    };
    vec![Choice {
        command: GameCommand::Move(cmd::Move {
            unit: unit.clone(),
            to: Square::new(me.at.x.saturating_add(1), me.at.y),
            path: None,
            mode: MoveMode::Move,
        }),
        verdict: Err(why),
    }]
}

/// The guarded step (starfinder, §4.3.2, 001:943-946) or the d20 families' 5-ft step (the same
/// rule by the engine's default, RULES.md §27.1): one `Move` in `GuardedStep` mode to each of
/// the eight squares around the unit, for the rules to judge (diagonals, difficult terrain,
/// walls). None where the family has no such step (saga: moving one square is a Move Action).
fn guarded_step_commands(world: &World, unit: &UnitId) -> Vec<GameCommand> {
    if world
        .resource::<crate::ruleset::Ruleset>()
        .movement
        .guarded_step
        .is_none()
    {
        return Vec::new();
    }
    let Some(me) = space_of(world, unit) else {
        return Vec::new();
    };
    let around = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];
    around
        .iter()
        .map(|(dx, dy)| {
            GameCommand::Move(cmd::Move {
                unit: unit.clone(),
                to: Square::new(me.at.x + dx, me.at.y + dy),
                path: None,
                mode: MoveMode::GuardedStep,
            })
        })
        .collect()
}

/// How many withdraw destinations the list offers: each is checked with a path search, so
/// the list keeps the ones farthest from the foes.
const WITHDRAW_TRIES: usize = 12;

/// Withdraw (§5.9): the squares of the double-move band farthest from the unit's foes, the
/// first [`WITHDRAW_TRIES`], each a `Move` in withdraw mode for the rules to judge (the
/// protection depends on the path, so the reach plan cannot list them).
fn withdraw_commands(world: &World, unit: &UnitId) -> Vec<GameCommand> {
    let Ok(plan) = plan_reach(world, unit, &[MoveMode::Double]) else {
        return Vec::new();
    };
    let Some(Ok(band)) = plan.band(MoveMode::Double) else {
        return Vec::new();
    };
    let foes: Vec<crate::grid::Space> = foes_of(world, unit).iter().filter_map(|f| space_of(world, f)).collect();
    let nearest_foe = |sq: Square| {
        foes.iter()
            .map(|f| (f.at.x - sq.x).abs().max((f.at.y - sq.y).abs()))
            .min()
            .unwrap_or(0)
    };
    let mut squares: Vec<Square> = band.iter().map(|(sq, _)| *sq).collect();
    squares.sort_by_key(|sq| (std::cmp::Reverse(nearest_foe(*sq)), sq.y, sq.x));
    squares
        .into_iter()
        .take(WITHDRAW_TRIES)
        .map(|to| {
            GameCommand::Move(cmd::Move {
                unit: unit.clone(),
                to,
                path: None,
                mode: MoveMode::Withdraw,
            })
        })
        .collect()
}
