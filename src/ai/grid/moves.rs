//! Where to move: every square the rules' reach plan gives (`reach_plan::plan_reach`: a move,
//! a double move or a run), scored quickly (exposure, approach, objectives, the best strike it
//! opens, the attacks of opportunity of leaving the square the unit stands in); the best few
//! are then planned as real paths (avoiding attacks of opportunity where the level does),
//! checked by the rules, and played on a fork to score them exactly: the attack the unit can
//! make from there (the rules' preview, with flanking, cover, concealment and range), the
//! foes' ranged odds against it there, and the attacks of opportunity its path provokes.

use super::context::{Ctx, gap};
use super::position::{approach, exposure};
use super::strike::{best_attack, reactor_loss};
use crate::ai::eval::WIN;
use crate::ai::odds::AttackOdds;
use crate::ai::paths::Mover;
use crate::ai::sample;
use crate::grid::{Space, Square, flanking_line};
use crate::rules::attack::action::preview_attack_odds;
use crate::rules::movement::plan_move;
use crate::rules::movement::reach_plan::plan_reach;
use crate::rules::reactions::threat::space_of;
use crate::rules::{Combat, GameCommand, MoveMode, Profile, ReactionMode, UnitId, cmd, unit_component};
use bevy::prelude::World;

/// Shooters whose shot at a square is previewed by the rules in the exact score.
const EXACT_SHOOTERS: usize = 6;

/// One square the unit may move to, with the mode that reaches it and that mode's budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dest {
    pub to: Square,
    pub mode: MoveMode,
    /// The most the mode may cost, in squares (the band's farthest square).
    pub budget: u32,
}

/// Every square the unit can move to now with one command, in the smallest band (the reach
/// plan's order), then the withdraw and guarded-step destinations the options list offers.
pub fn destinations(world: &World, ctx: &Ctx, extra_moves: &[(Square, MoveMode)]) -> Vec<Dest> {
    let modes = [MoveMode::Move, MoveMode::Double, MoveMode::Run];
    let Ok(plan) = plan_reach(world, &ctx.me.id, &modes) else {
        return Vec::new();
    };
    let budget = |mode: MoveMode| {
        plan.band(mode)
            .and_then(|b| b.as_ref().ok())
            .map_or(0, |v| v.iter().map(|(_, ft)| *ft).max().unwrap_or(0))
    };
    let square_ft = ctx.rules.grid.square_ft.max(1);
    let mut out: Vec<Dest> = plan
        .smallest()
        .into_iter()
        .filter(|(to, _)| *to != ctx.me.space.at)
        .map(|(to, (mode, _))| Dest {
            to,
            mode,
            budget: budget(mode) / square_ft,
        })
        .collect();
    out.extend(extra_moves.iter().map(|(to, mode)| Dest {
        to: *to,
        mode: *mode,
        budget: u32::from(*mode == MoveMode::GuardedStep),
    }));
    out
}

/// Whether a move in `mode` is one move action, so a standard action may follow it.
fn leaves_an_attack(mode: MoveMode) -> bool {
    matches!(mode, MoveMode::Move | MoveMode::GuardedStep)
}

/// Whether an attack can follow a move this turn (a standard action left after it).
fn attack_follows(world: &World) -> bool {
    world.resource::<Combat>().budget.as_ref().is_some_and(|b| {
        b.standard > 0 && b.move_ > 0 && !b.one_main_action && b.surprise_actions_left.is_none_or(|n| n >= 2)
    })
}

/// The quick score of moving to `dest` (see the module docs).
pub fn quick(ctx: &Ctx, mover: &Mover, dest: &Dest, leaving_cost: f64) -> f64 {
    let space = Space::new(dest.to, ctx.me.space.side);
    let follow = match leaves_an_attack(dest.mode) && attack_follows(ctx.world) {
        true => strike_estimate(ctx, space),
        false => 0.0,
    };
    // A withdraw's start square and a guarded step provoke nobody (§5.9, §4.3.2).
    let leaving = if matches!(dest.mode, MoveMode::Withdraw | MoveMode::GuardedStep) {
        0.0
    } else {
        leaving_cost
    };
    follow - exposure(ctx, space, 0, &[]) + approach(ctx, Some(mover), space) - leaving
}

/// The expected loss to attacks of opportunity for leaving the squares the unit stands in.
pub fn leaving_cost(ctx: &Ctx, mover: &Mover) -> f64 {
    let mask = mover.threat_here(ctx.world);
    mover
        .reactors(mask)
        .iter()
        .filter(|r| ctx.known.knows(r))
        .map(|r| reactor_loss(ctx, r))
        .sum::<f64>()
        * ctx.aspects.aoo_weight()
}

/// The best strike the unit could make from `space`, estimated: melee where it reaches (more
/// with an ally opposite, FLK-1), ranged where in range.
fn strike_estimate(ctx: &Ctx, space: Space) -> f64 {
    let allies: Vec<Space> = ctx
        .known
        .own
        .iter()
        .filter(|o| o.id != ctx.me.id && o.able() && o.melee.is_some())
        .map(|o| o.space)
        .collect();
    ctx.strikes
        .iter()
        .map(|s| {
            let g = gap(space, s.space);
            let melee = s.melee.as_ref().map_or(0.0, |(reach, v)| {
                if g > *reach {
                    return 0.0;
                }
                let flanked = ctx.aspects.tactics
                    && allies
                        .iter()
                        .any(|a| gap(*a, s.space) <= 1 && flanking_line(space, *a, s.space).is_some());
                v * if flanked { 1.3 } else { 1.0 }
            });
            let ranged = s.ranged.as_ref().map_or(0.0, |(range, v)| {
                if g <= *range {
                    *v
                } else if g <= 2 * range {
                    v * 0.7
                } else {
                    0.0
                }
            });
            melee.max(ranged)
        })
        .fold(0.0, f64::max)
}

/// The exact score of moving to `dest` and the command that does it, or `None` when no
/// path the side believes in is allowed by the rules.
pub fn exact(ctx: &Ctx, mover: &mut Mover, dest: &Dest) -> Option<(f64, GameCommand)> {
    let world = ctx.world;
    let me = &ctx.me.id;
    let (path, provoked) = match dest.mode {
        // Withdraw (§5.9) protects only the start square: the rest of the path is planned
        // around the threat the side knows of like any move (up to double speed), and the
        // rules say whom that path provokes (the unseen are dropped below).
        MoveMode::Withdraw => {
            let plan = mover.plan_withdraw(world, dest.to, 2 * ctx.me.speed)?;
            let ruled = plan_move(world, me, dest.to, Some(&plan.squares), MoveMode::Withdraw, false).ok()?;
            let reactors: Vec<_> = ruled.provokes.iter().map(|(_, _, r)| r.clone()).collect();
            (Some(plan.squares), reactors)
        }
        // One square: the rules' own step, and whom it provokes (by the family's data, nobody).
        MoveMode::GuardedStep => {
            let ruled = plan_move(world, me, dest.to, None, MoveMode::GuardedStep, false).ok()?;
            let reactors: Vec<_> = ruled.provokes.iter().map(|(_, _, r)| r.clone()).collect();
            (None, reactors)
        }
        _ => {
            let plan = mover.plan(world, dest.to, dest.budget, ctx.aspects.avoid_aoo)?;
            let reactors = mover.reactors(plan.provoked);
            (Some(plan.squares), reactors)
        }
    };
    let command = GameCommand::Move(cmd::Move {
        unit: me.clone(),
        to: dest.to,
        path,
        mode: dest.mode,
    });
    let known_only = |reactors: Vec<UnitId>| {
        let mut known: Vec<UnitId> = reactors.into_iter().filter(|r| ctx.known.knows(r)).collect();
        known.sort();
        known.dedup();
        known
    };
    let hold = |fork: &mut crate::history::Battle, reactors: &[UnitId]| {
        reactors.iter().try_for_each(|r| {
            let hold = GameCommand::SetReactions(cmd::SetReactions {
                unit: r.clone(),
                mode: ReactionMode::Never,
            });
            fork.submit(hold).map(|_| ()).ok()
        })
    };
    let provoked = known_only(provoked);
    // Played on a fork with the provoked reactors holding back: where the unit ends, not
    // whether it is hit on the way (that is the cost below). The rules' check of the move is
    // the fork's (`submit` checks before it plays, and a refused command changes nothing).
    let mut fork = sample::fork(
        ctx.battle,
        ctx.known,
        sample::seed(ctx.battle, sample::salt(&command), 0),
    );
    hold(&mut fork, &provoked)?;
    let (command, provoked) = match fork.submit(command.clone()) {
        Ok(_) => (command, provoked),
        Err(_) => {
            // The planner's path may break a rule of the mode it does not model (a run
            // crosses no difficult terrain and keeps to its line): the rules' own path to the
            // square, with whom it provokes, where they allow one.
            let ruled = plan_move(world, me, dest.to, None, dest.mode, false).ok()?;
            let provoked = known_only(ruled.provokes.iter().map(|(_, _, r)| r.clone()).collect());
            let command = GameCommand::Move(cmd::Move {
                unit: me.clone(),
                to: dest.to,
                path: None,
                mode: dest.mode,
            });
            hold(&mut fork, &provoked)?;
            fork.submit(command.clone()).ok()?;
            (command, provoked)
        }
    };
    let outcome = fork.outcome();
    if outcome.over && outcome.winner.as_ref() == Some(&ctx.known.side) {
        return Some((WIN, command));
    }
    let fw = fork.world();
    let space = space_of(fw, me)?;
    let follow = match leaves_an_attack(dest.mode) {
        true => best_attack(ctx, fw, me),
        false => 0.0,
    };
    let exact = ranged_exposure(ctx, fw);
    let aoo: f64 = provoked.iter().map(|r| reactor_loss(ctx, r)).sum::<f64>() * ctx.aspects.aoo_weight();
    let score = follow - exposure(ctx, space, 0, &exact) + approach(ctx, Some(mover), space) - aoo;
    Some((score, command))
}

/// The foes' ranged odds against the deciding unit where it stands in `world`, from the
/// rules' preview (cover, concealment, range): per threat index, the odds of one shot, or
/// `None` when the foe has no shot from where it stands.
pub fn ranged_exposure(ctx: &Ctx, world: &World) -> Vec<(usize, Option<AttackOdds>)> {
    if !ctx.aspects.tactics {
        return Vec::new();
    }
    let here = space_of(world, &ctx.me.id);
    let mut shooters: Vec<(usize, &super::context::Threat)> = ctx
        .threats
        .iter()
        .enumerate()
        .filter(|(_, t)| {
            t.ranged
                .as_ref()
                .is_some_and(|(range, _)| here.is_none_or(|h| gap(t.space, h) <= 3 * range))
        })
        .collect();
    // The most dangerous shooters are previewed; the others keep the estimate by distance.
    shooters.sort_by(|a, b| (b.1.ranged_loss * b.1.share).total_cmp(&(a.1.ranged_loss * a.1.share)));
    shooters.truncate(EXACT_SHOOTERS);
    shooters
        .into_iter()
        .filter_map(|(i, t)| {
            let (_, est) = t.ranged.as_ref()?;
            let weapon = unit_component::<Profile>(world, &t.foe)?
                .weapons
                .iter()
                .find(|w| {
                    w.area.is_none()
                        && matches!(
                            w.kind,
                            crate::rules::WeaponKind::Ranged | crate::rules::WeaponKind::Thrown
                        )
                })?
                .clone();
            let _ = est;
            match preview_attack_odds(world, &t.foe, &ctx.me.id, Some(&weapon.name)) {
                Ok(p) => Some((
                    i,
                    Some(AttackOdds::of_preview(&ctx.rules.attack, &p, &weapon.damage, 0)),
                )),
                Err(_) => Some((i, None)),
            }
        })
        .collect()
}
