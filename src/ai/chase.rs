//! The computer in a vehicle chase (§26): which pilot action to take, by its chance of
//! success (the rules' DC and modifiers, `chase::pilot_action_terms`) and what success and
//! failure each leave behind (sampled on forks and scored), whether a vehicle that could
//! escape stays, and the chase's pull on a side's value: a side that is outmatched flees
//! (zones ahead of its pursuers, escaping), one that is not pursues (zones closed, engaged).

use super::eval::Evaluator;
use super::goals::Goals;
use super::knowledge::Known;
use super::policy::Aspects;
use super::sample;
use crate::history::Battle;
use crate::rules::chase::options::pilot_action_choices;
use crate::rules::chase::{Chase, ChasePhase, pilot_action_terms};
use crate::rules::{ChaseEvent, GameCommand, GameEvent, SideId, UnitId, check, cmd};
use bevy::prelude::World;

/// What a zone of distance between a vehicle and its nearest adversary is worth.
const ZONE: f64 = 0.8;

/// Whether `side` runs from the chase rather than hunts: its objectives say so (it wins by
/// escaping, or its foes do), else the worth its able units stand for is smaller than its
/// foes'.
pub fn flees(known: &Known, goals: &Goals) -> bool {
    if goals.escape != goals.stop_escape {
        return goals.escape;
    }
    let sum = |fs: &[super::knowledge::Fighter]| -> f64 {
        fs.iter()
            .filter(|f| f.able() && f.creature())
            .map(|f| f.worth * f.standing())
            .sum()
    };
    sum(&known.own) < sum(&known.foes)
}

/// The chase's part of a side's value (0 without a running chase).
pub fn chase_value(world: &World, side: &SideId, flee: bool) -> f64 {
    let Some(chase) = world.get_resource::<Chase>() else {
        return 0.0;
    };
    if chase.phase == ChasePhase::Over {
        return 0.0;
    }
    let mut value = 0.0;
    for own in chase.active().filter(|e| &e.vehicle.side == side) {
        let apart: Vec<u32> = chase
            .adversaries(&own.vehicle.id)
            .filter_map(|e| chase.zones_apart(&own.vehicle.id, &e.vehicle.id))
            .collect();
        let Some(nearest) = apart.iter().copied().min() else {
            continue;
        };
        let engaged = chase
            .adversaries(&own.vehicle.id)
            .any(|e| chase.are_engaged(&own.vehicle.id, &e.vehicle.id));
        value += match flee {
            true => ZONE * f64::from(nearest.min(4)) - 0.5 * f64::from(u8::from(engaged)),
            // A hunter keeps every quarry close: one that gets away ends the hunt for it.
            false => {
                -ZONE * apart.iter().map(|a| f64::from((*a).min(3)).powf(1.5)).sum::<f64>()
                    + 0.5 * f64::from(u8::from(engaged))
            }
        };
        if chase.ahead_of_all_enemies(&own.vehicle.id) && flee {
            value += 0.3;
        }
    }
    value
}

/// The chance the pilot's check for `command` succeeds (1 when it needs none).
pub fn success_chance(world: &World, command: &GameCommand) -> f64 {
    match pilot_action_terms(world, command) {
        Ok((Some(dc), modifiers)) => {
            let bonus: i32 = modifiers.iter().map(|m| m.value).sum();
            (f64::from(21 - (dc - bonus)) / 20.0).clamp(0.0, 1.0)
        }
        Ok((None, _)) => 1.0,
        Err(_) => 0.0,
    }
}

/// Whether the last command on `fork` was a pilot action that succeeded.
fn succeeded(fork: &Battle) -> Option<bool> {
    fork.log().entries.last()?.events.iter().rev().find_map(|e| match e {
        GameEvent::Chase(ChaseEvent::ChasePilotAction { outcome, .. }) => Some(outcome.success),
        _ => None,
    })
}

/// The acting pilot's command: the pilot action (or part of a double maneuver) worth most,
/// weighing success and failure by the check's odds; ending the pilot turn once it has acted
/// and nothing more is worth it.
pub fn pilot_command(
    battle: &Battle,
    known: &Known,
    pilot: &UnitId,
    aspects: Aspects,
    eval: &Evaluator,
) -> GameCommand {
    let world = battle.world();
    let end = GameCommand::EndPilotTurn(cmd::EndPilotTurn { unit: pilot.clone() });
    let mut candidates: Vec<GameCommand> = pilot_action_choices(world, pilot, false);
    if aspects.tactics {
        candidates.extend(pilot_action_choices(world, pilot, true));
    }
    candidates.dedup();
    let acted = world
        .get_resource::<Chase>()
        .and_then(|c| c.acting())
        .is_some_and(|e| e.record.started());
    let now = eval.value(battle);
    // Ending without a pilot action leaves the vehicle uncontrolled (CHS-8): a last resort.
    let mut best = (if acted { now } else { now - 5.0 }, end.clone());
    let tries = aspects.samples.max(2);
    for command in candidates.into_iter().filter(|c| check(world, c).is_ok()) {
        let p = match aspects.tactics {
            true => success_chance(world, &command),
            false => 0.5,
        };
        let salt = sample::salt(&command);
        let (mut won, mut lost) = ((0.0, 0u32), (0.0, 0u32));
        for k in 0..tries {
            let Some(fork) = sample::after(
                battle,
                known,
                std::slice::from_ref(&command),
                sample::seed(battle, salt, u64::from(k)),
            ) else {
                continue;
            };
            let v = eval.value(&fork);
            match succeeded(&fork) {
                Some(false) => {
                    lost.0 += v;
                    lost.1 += 1;
                }
                _ => {
                    won.0 += v;
                    won.1 += 1;
                }
            }
        }
        let mean = |(s, n): (f64, u32)| (n > 0).then(|| s / f64::from(n));
        let value = match (mean(won), mean(lost)) {
            (Some(w), Some(l)) => p * w + (1.0 - p) * l,
            (Some(w), None) => p * w + (1.0 - p) * now,
            (None, Some(l)) => p * now + (1.0 - p) * l,
            (None, None) => continue,
        };
        if value > best.0 + 1e-9 {
            best = (value, command);
        }
    }
    best.1
}

/// Chase progress for `side`: its vehicles that would escape stay when the side hunts.
pub fn progress_command(escaping: &[UnitId], world: &World, side: &SideId, flee: bool) -> GameCommand {
    let stay: Vec<UnitId> = match flee {
        true => Vec::new(),
        false => escaping
            .iter()
            .filter(|v| super::turn::side_of(world, v).as_ref() == Some(side))
            .cloned()
            .collect(),
    };
    GameCommand::ChaseProgress(cmd::ChaseProgress { stay })
}
