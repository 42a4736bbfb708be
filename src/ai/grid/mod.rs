//! One decision of a unit on its turn on the grid (or in a chase's combat phase): every
//! command the rules allow it now (`rules::options`, attacks asked for the foes in focus:
//! `candidates`) is a candidate, each scored in worth
//! units as what it gains plus what standing where it leaves the unit is worth, and the best
//! is chosen (ties: the first in the options list's order, so the choice is deterministic).
//! Ending the turn where it stands is the baseline every candidate must beat. After the
//! command is applied the next call scores again on the new state (Wesnoth's RCA loop).

mod candidates;
mod context;
mod moves;
mod position;
mod sampled;
mod strike;
mod support;
mod waiting;

pub use context::{Ctx, gap};
pub use strike::order_odds;

use super::knowledge::Known;
use super::paths::Mover;
use super::policy::Aspects;
use crate::grid::Space;
use crate::history::Battle;
use crate::rules::{GameCommand, UnitId, check, cmd};
use moves::Dest;

/// Destinations whose cover is judged in the quick score (at least; a level that tries more
/// on forks judges three times as many).
const COVER_JUDGED: usize = 40;

/// Support actions tried on a fork per decision: the best by its worth on a success (a fork
/// copies the battle; on the 64×64 bench three forks a decision cost a third of its time).
const SUPPORT_TRIES: usize = 1;

/// A scored candidate.
struct Scored {
    score: f64,
    command: GameCommand,
}

/// The command `me` gives now.
pub fn decide(battle: &Battle, known: &Known, me: &UnitId, aspects: Aspects) -> GameCommand {
    ranked(battle, known, me, aspects)
        .into_iter()
        .next()
        .map(|(_, c)| c)
        .unwrap_or_else(|| GameCommand::EndTurn(cmd::EndTurn { unit: me.clone() }))
}

/// Every candidate of `me` now with its score, best first (ties in the order they were
/// scored: ending the turn, then the options list's order, then moves).
pub fn ranked(battle: &Battle, known: &Known, me: &UnitId, aspects: Aspects) -> Vec<(f64, GameCommand)> {
    match Ctx::new(battle, known, me, aspects) {
        Some(ctx) => ranked_in(&ctx),
        None => vec![(0.0, GameCommand::EndTurn(cmd::EndTurn { unit: me.clone() }))],
    }
}

/// [`ranked`] in a decision's context already built (the hard level weighs the same
/// candidates further in it).
pub fn ranked_in(ctx: &Ctx) -> Vec<(f64, GameCommand)> {
    let (battle, known, me, aspects) = (ctx.battle, ctx.known, &ctx.me.id, ctx.aspects);
    let end = GameCommand::EndTurn(cmd::EndTurn { unit: me.clone() });
    let world = battle.world();
    if !ctx.me.able() {
        return vec![(0.0, recovery(ctx).unwrap_or(end))];
    }
    let nearest = nearest_target(ctx);
    let allowed = candidates::allowed(ctx, world, me, |c| weighed(ctx, c, nearest.as_ref()));
    let mut mover = Mover::new(world, me, known);
    let here = ctx.me.space;
    // The foes' shots at the unit where it stands, as the rules preview them (cover,
    // concealment, range): every candidate that leaves it here is scored with them.
    let exact = moves::ranged_exposure(ctx, world);
    let stay = position::approach(ctx, mover.as_ref(), here) - position::exposure(ctx, here, 0, &exact);
    let mut scored: Vec<Scored> = vec![Scored {
        score: stay,
        command: end,
    }];
    let mut consider = |score: Option<f64>, command: &GameCommand| {
        if let Some(score) = score {
            scored.push(Scored {
                score,
                command: command.clone(),
            });
        }
    };
    // Destinations the reach plan does not list: withdraws and guarded steps.
    let mut extra_moves: Vec<(crate::grid::Square, crate::rules::MoveMode)> = Vec::new();
    let mut sampled: Vec<(f64, GameCommand)> = Vec::new();
    // Support actions with their worth on a success, tried exactly once the rest is scored.
    let mut supports: Vec<(f64, GameCommand)> = Vec::new();
    // The odds of the unit's melee strikes on each foe in its reach now (for delaying).
    let mut melee_now: Vec<(UnitId, Vec<crate::ai::odds::AttackOdds>)> = Vec::new();
    let mut delay: Option<GameCommand> = None;
    // Every candidate passed `weighed` (the level's filter: known, in focus, what the level
    // uses), so the arms below only score.
    for (command, assessed) in &allowed {
        // An attack's worth from the rules' check of it that let it in (`candidates`).
        let worth = |c: &GameCommand| match assessed {
            Some(a) => strike::worth(ctx, c, a),
            None => strike::command_worth(ctx, world, c),
        };
        if let Some(a) = assessed {
            note_melee(ctx, command, a, &mut melee_now);
        }
        match command {
            // Withdraws, and (§4.3.2) guarded steps, which leave a threatened square without
            // provoking: the only moves `weighed` lets through.
            GameCommand::Move(m) => extra_moves.push((m.to, m.mode)),
            GameCommand::Attack(a) => {
                consider(worth(command).map(|v| v + stay), command);
                if aspects.tactics && a.mount.is_none() {
                    defensive_attack(ctx, world, a, (here, &exact), stay, &mut consider);
                }
            }
            GameCommand::FullAttack(_) => consider(worth(command).map(|v| v + stay), command),
            GameCommand::TotalDefense(_) => {
                let bonus = ctx.rules.attack_options.total_defense.map_or(0, |t| t.defense);
                let score =
                    position::approach(ctx, mover.as_ref(), here) - position::exposure(ctx, here, bonus, &exact);
                consider(Some(score - 0.01), command);
            }
            GameCommand::FightDefensively(f) => {
                let Some(d) = ctx.rules.attack_options.fight_defensively else {
                    continue;
                };
                let bonus = match f.no_attacks {
                    true => d.no_attacks_defense.unwrap_or(d.defense),
                    false => d.defense,
                };
                let score =
                    position::approach(ctx, mover.as_ref(), here) - position::exposure(ctx, here, bonus, &exact);
                consider(Some(score - 0.01), command);
            }
            GameCommand::Charge(c) => {
                let estimate = ctx
                    .strikes
                    .iter()
                    .find(|s| s.target == c.target)
                    .and_then(|s| s.melee.as_ref())
                    .map_or(0.0, |(_, v)| *v);
                sampled.push((estimate, command.clone()));
            }
            GameCommand::Maneuver(_) => sampled.push((0.0, command.clone())),
            // A sure kill is worth trying first: the rules roll its damage and the save.
            GameCommand::CoupDeGrace(_) => sampled.push((f64::MAX, command.clone())),
            GameCommand::AidAnother(_)
            | GameCommand::CoveringFire(_)
            | GameCommand::HarryingFire(_)
            | GameCommand::Suppress(_) => {
                if let Some(gain) = support::gain_if_hit(ctx, command) {
                    supports.push((gain, command.clone()));
                }
            }
            GameCommand::Ready(_) => {
                let gain = waiting::ready_gain(ctx, mover.as_ref());
                if gain > 0.0 {
                    consider(Some(stay + gain), command);
                }
            }
            GameCommand::Delay(_) => delay = Some(command.clone()),
            // Ranked by how many the aim catches (a spell with no aim: 0).
            GameCommand::AreaAttack(_) | GameCommand::CastSpell(_) | GameCommand::Autofire(_) => {
                let count = sampled::area_count(ctx, command).filter(|c| *c > 0.0);
                sampled.push((count.unwrap_or(0.0), command.clone()));
            }
            GameCommand::SecondWind(_)
            | GameCommand::Recover(_)
            | GameCommand::StandUp(_)
            | GameCommand::BreakFree(_)
            | GameCommand::Vehicle(_)
            | GameCommand::LeaveMap(_)
            | GameCommand::ReturnToMap(_)
            | GameCommand::Collide(_)
            | GameCommand::BoardEngaged(_) => sampled.push((0.0, command.clone())),
            _ => {}
        }
    }
    for command in pick_sampled(sampled) {
        consider(sampled::score(ctx, mover.as_ref(), &command), &command);
    }
    if let Some(mover) = mover.as_mut() {
        for (score, command) in best_moves(ctx, mover, &extra_moves) {
            consider(Some(score), &command);
        }
    }
    // Delay (§3.4): the best strike now, with the flank the ally acting next can set up.
    if let Some(command) = delay {
        let gain = waiting::delay_gain(ctx, &melee_now);
        if gain > 0.0 {
            let best_strike = scored
                .iter()
                .filter(|s| matches!(s.command, GameCommand::Attack(_) | GameCommand::FullAttack(_)))
                .map(|s| s.score)
                .fold(f64::MIN, f64::max);
            scored.push(Scored {
                score: best_strike + gain,
                command,
            });
        }
    }
    // Support actions: tried on a fork (the rules' roll) only when a sure success would beat
    // the best candidate so far, the most promising first.
    supports.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (gain, command) in supports.into_iter().take(SUPPORT_TRIES) {
        let best = scored.iter().map(|s| s.score).fold(f64::MIN, f64::max);
        if stay + gain <= best {
            break;
        }
        if let Some(v) = support::worth(ctx, &command, gain) {
            scored.push(Scored {
                score: v + stay,
                command,
            });
        }
    }
    // Best first; a stable sort keeps the scoring order among equals.
    scored.sort_by(|a, b| b.score.total_cmp(&a.score));
    scored.into_iter().map(|s| (s.score, s.command)).collect()
}

/// The sampled candidates worth their tries: per kind of command, the best few by their
/// quick estimate (areas: by the foes and allies near the aim).
fn pick_sampled(mut list: Vec<(f64, GameCommand)>) -> Vec<GameCommand> {
    let kind = |c: &GameCommand| std::mem::discriminant(c);
    list.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut out: Vec<GameCommand> = Vec::new();
    let mut per_kind: Vec<(std::mem::Discriminant<GameCommand>, usize)> = Vec::new();
    for (_, command) in list {
        let limit = match command {
            GameCommand::AreaAttack(_) | GameCommand::CastSpell(_) | GameCommand::Autofire(_) => sampled::AREA_AIMS,
            GameCommand::Charge(_) | GameCommand::Maneuver(_) | GameCommand::CoupDeGrace(_) => 2,
            _ => usize::MAX,
        };
        let k = kind(&command);
        let n = match per_kind.iter_mut().find(|(d, _)| *d == k) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                per_kind.push((k, 1));
                1
            }
        };
        if n <= limit {
            out.push(command);
        }
    }
    out
}

/// The moves worth making: every destination scored quickly, the best few (per the level)
/// scored exactly on a fork; a level that tries none on forks takes the quick best with the
/// rules' own path.
fn best_moves(
    ctx: &Ctx,
    mover: &mut Mover,
    extra_moves: &[(crate::grid::Square, crate::rules::MoveMode)],
) -> Vec<(f64, GameCommand)> {
    let world = ctx.world;
    let dests = moves::destinations(world, ctx, extra_moves);
    if dests.is_empty() {
        return Vec::new();
    }
    let leaving = moves::leaving_cost(ctx, mover);
    let mut quick: Vec<(f64, Dest)> = dests
        .iter()
        .map(|d| (moves::quick(ctx, mover, d, leaving), *d))
        .collect();
    quick.sort_by(|a, b| b.0.total_cmp(&a.0));
    // The cover the terrain gives a square is costly to judge: only the most promising
    // squares are judged, and re-ranked with it, before the best go on to the exact score.
    let judged = quick
        .len()
        .min(COVER_JUDGED.max(ctx.aspects.destinations.saturating_mul(3)));
    for (score, dest) in quick.iter_mut().take(judged) {
        *score += position::cover_saving(ctx, crate::grid::Space::new(dest.to, ctx.me.space.side));
    }
    quick[..judged].sort_by(|a, b| b.0.total_cmp(&a.0));
    if ctx.aspects.destinations == 0 {
        return quick
            .into_iter()
            .take(4)
            .map(|(score, d)| {
                let command = GameCommand::Move(cmd::Move {
                    unit: ctx.me.id.clone(),
                    to: d.to,
                    path: None,
                    mode: d.mode,
                });
                (score, command)
            })
            .filter(|(_, c)| check(world, c).is_ok())
            .take(1)
            .collect();
    }
    quick
        .into_iter()
        .take(ctx.aspects.destinations)
        .filter_map(|(_, dest)| moves::exact(ctx, mover, &dest))
        .collect()
}

/// Starfinder's fighting defensively as part of an attack (`Attack(defensively: true)`): the
/// attack at its penalty, the unit harder to hit until its next turn.
fn defensive_attack(
    ctx: &Ctx,
    world: &bevy::prelude::World,
    a: &cmd::Attack,
    (here, exact): (Space, &[(usize, Option<crate::ai::odds::AttackOdds>)]),
    stay: f64,
    consider: &mut impl FnMut(Option<f64>, &GameCommand),
) {
    let Some(d) = ctx
        .rules
        .attack_options
        .fight_defensively
        .filter(|d| d.action.is_none())
    else {
        return;
    };
    let command = GameCommand::Attack(cmd::Attack {
        defensively: true,
        ..a.clone()
    });
    // Checked by the rules with its odds in one pass (refused: not considered).
    let Some(assessed) = strike::assess(world, &command) else {
        return;
    };
    let gained = position::exposure(ctx, here, 0, exact) - position::exposure(ctx, here, d.defense, exact);
    consider(
        strike::worth(ctx, &command, &assessed).map(|v| v + stay + gained),
        &command,
    );
}

/// Whether the loop of [`ranked`] scores `command`: only these are worth the rules' verdict,
/// and the loop scores every command it lets through (it does not judge them again).
fn weighed(ctx: &Ctx, command: &GameCommand, nearest: Option<&UnitId>) -> bool {
    if !about_known(ctx, command) || !in_focus(ctx, command) {
        return false;
    }
    let tactics = ctx.aspects.tactics;
    match command {
        GameCommand::Move(m) => match m.mode {
            crate::rules::MoveMode::Withdraw => tactics,
            crate::rules::MoveMode::GuardedStep => ctx.aspects.avoid_aoo,
            _ => false,
        },
        GameCommand::Attack(a) => tactics || (a.weapon.is_none() && Some(&a.target) == nearest),
        GameCommand::FullAttack(a) => tactics || (a.weapon.is_none() && a.targets.first() == nearest),
        GameCommand::TotalDefense(_) | GameCommand::FightDefensively(_) => tactics,
        GameCommand::Charge(c) => tactics || Some(&c.target) == nearest,
        GameCommand::Maneuver(m) => {
            tactics
                && ctx.strikes.iter().any(|s| {
                    s.target == m.target
                        && ctx
                            .me
                            .melee
                            .as_ref()
                            .is_some_and(|(_, r)| gap(ctx.me.space, s.space) <= *r)
                })
        }
        GameCommand::AreaAttack(_) | GameCommand::CastSpell(_) | GameCommand::Autofire(_) => {
            tactics
                && (sampled::area_count(ctx, command).is_some_and(|c| c > 0.0)
                    || matches!(command, GameCommand::CastSpell(c) if c.at.is_none()))
        }
        GameCommand::CoupDeGrace(_) => tactics,
        GameCommand::AidAnother(_)
        | GameCommand::CoveringFire(_)
        | GameCommand::HarryingFire(_)
        | GameCommand::Suppress(_) => tactics && support::gain_if_hit(ctx, command).is_some(),
        // One readied action: a strike for the foe that steps into the unit's reach.
        GameCommand::Ready(r) => {
            tactics
                && r.action == crate::ruleset::ActionKind::Standard
                && r.trigger == crate::rules::sequence::options::READY_TRIGGERS[0]
                && waiting::may_ready(ctx)
        }
        GameCommand::Delay(_) => tactics && waiting::may_wait(ctx),
        GameCommand::SecondWind(_)
        | GameCommand::Recover(_)
        | GameCommand::StandUp(_)
        | GameCommand::BreakFree(_)
        | GameCommand::Vehicle(_)
        | GameCommand::LeaveMap(_)
        | GameCommand::ReturnToMap(_)
        | GameCommand::Collide(_)
        | GameCommand::BoardEngaged(_) => true,
        _ => false,
    }
}

/// Notes the odds of a melee `Attack` or `FullAttack` on one foe (for delaying).
fn note_melee(
    ctx: &Ctx,
    command: &GameCommand,
    assessed: &strike::Assessed,
    out: &mut Vec<(UnitId, Vec<crate::ai::odds::AttackOdds>)>,
) {
    let (target, weapon) = match command {
        GameCommand::Attack(a) if a.mount.is_none() && !a.defensively => (&a.target, a.weapon.as_deref()),
        GameCommand::FullAttack(a) if a.targets.len() == 1 && !a.defensively => (&a.targets[0], a.weapon.as_deref()),
        _ => return,
    };
    let melee = match weapon {
        Some(name) => ctx.profile.weapon_named(name).map(|w| w.kind),
        None => ctx.me.melee.as_ref().map(|(w, _)| w.kind),
    };
    if !matches!(
        melee,
        Some(crate::rules::WeaponKind::Melee | crate::rules::WeaponKind::Unarmed)
    ) || !ctx.in_focus(target)
    {
        return;
    }
    let mean: f64 = assessed.odds.iter().map(|o| o.mean()).sum();
    match out.iter_mut().find(|(t, _)| t == target) {
        Some((_, odds)) if odds.iter().map(|o| o.mean()).sum::<f64>() >= mean => {}
        Some((_, odds)) => *odds = assessed.odds.clone(),
        None => out.push((target.clone(), assessed.odds.clone())),
    }
}

/// The nearest foe the side knows (Easy strikes only at it).
fn nearest_target(ctx: &Ctx) -> Option<UnitId> {
    ctx.strikes
        .iter()
        .min_by_key(|s| (gap(ctx.me.space, s.space), s.target.clone()))
        .map(|s| s.target.clone())
}

/// Whether the foe an attack, charge, maneuver, coup de grace or support action names is one
/// scored exactly (`Ctx::focus`); other commands always are.
fn in_focus(ctx: &Ctx, command: &GameCommand) -> bool {
    match command {
        GameCommand::Attack(c) => ctx.in_focus(&c.target),
        GameCommand::FullAttack(c) => c.targets.iter().all(|t| ctx.in_focus(t)),
        GameCommand::Charge(c) => ctx.in_focus(&c.target),
        GameCommand::Maneuver(c) => ctx.in_focus(&c.target),
        GameCommand::CoupDeGrace(c) => ctx.in_focus(&c.target),
        GameCommand::HarryingFire(c) => ctx.in_focus(&c.target),
        GameCommand::Suppress(c) => ctx.in_focus(&c.target),
        GameCommand::AidAnother(c) => ctx.in_focus(&c.target),
        _ => true,
    }
}

/// Whether every unit `command` names (target, ally) is one the side may take into account.
fn about_known(ctx: &Ctx, command: &GameCommand) -> bool {
    let known = |u: &UnitId| ctx.known.knows(u);
    match command {
        GameCommand::Attack(c) => known(&c.target),
        GameCommand::FullAttack(c) => c.targets.iter().all(known),
        GameCommand::Charge(c) => known(&c.target),
        GameCommand::Maneuver(c) => known(&c.target),
        GameCommand::HarryingFire(c) => known(&c.target),
        GameCommand::Suppress(c) => known(&c.target),
        GameCommand::AidAnother(c) => known(&c.target),
        GameCommand::AreaAttack(c) => c.dir.is_some() || corner_of_known(ctx, c.at),
        GameCommand::CastSpell(c) => c.dir.is_some() || c.at.is_none_or(|at| corner_of_known(ctx, at)),
        GameCommand::Autofire(c) => ctx.known.targets().any(|f| {
            let (dx, dy) = (f.space.at.x - c.at.x, f.space.at.y - c.at.y);
            (0..=1).contains(&dx) && (0..=1).contains(&dy)
        }),
        GameCommand::Vehicle(v) => match &v.order {
            crate::rules::vehicle::VehicleOrder::Ram { target, .. } => known(target),
            _ => true,
        },
        _ => true,
    }
}

/// Whether `at` is a corner of a known foe's space (where the options list aims bursts).
fn corner_of_known(ctx: &Ctx, at: crate::grid::Intersection) -> bool {
    ctx.known.targets().any(|f| {
        let s = f.space.side as i32;
        [(0, 0), (s, 0), (0, s), (s, s)]
            .iter()
            .any(|(dx, dy)| at.i == f.space.at.x + dx && at.j == f.space.at.y + dy)
    })
}

/// What a unit that cannot act does on its turn: the rules' own recovery where it has one
/// (stabilize, stay in the fight, recover), else nothing.
fn recovery(ctx: &Ctx) -> Option<GameCommand> {
    let me = ctx.me.id.clone();
    [
        GameCommand::StayInTheFight(cmd::StayInTheFight { unit: me.clone() }),
        GameCommand::Stabilize(cmd::Stabilize { unit: me.clone() }),
        GameCommand::Recover(cmd::Recover { unit: me }),
    ]
    .into_iter()
    .find(|c| check(ctx.world, c).is_ok())
}
