//! The hard level: it weighs, beyond what Normal weighs, what its candidates lead to. Normal's
//! scores (with the hard level's wider search and the foes' strike zones from their reach
//! plans) rank the candidates; the best few are then judged further. In a battle it can play
//! out (`playout`: all it knows, at most `playout::MOST_UNITS` units) each is played on forks
//! through the rest of the round. Otherwise (hidden information, a big battle) each is tried
//! on a fork (a move is played there, so the side's units stand where the candidate leaves
//! them) and every foe the side knows picks its most damaging attack on the side's units
//! next turn (`side_loss`): a candidate that leaves an ally open to a foe's full attack, or
//! that drops the foe that threatened most, is judged by that. Deterministic: a move is tried
//! with the reactors it provokes holding back, an attack by its odds, no die decides that
//! ranking; the play-outs roll dice seeded from the battle.

use super::grid::{self, Ctx, gap};
use super::knowledge::{Fighter, Known, own_units};
use super::odds::AttackOdds;
use super::playout;
use super::policy::Aspects;
use super::sample;
use super::value::{drop_chance, standing_lost};
use crate::history::Battle;
use crate::rules::{GameCommand, ReactionMode, UnitId, cmd};

/// How much of the side's expected loss to the foes' reply a candidate is charged.
const REPLY: f64 = 0.3;

/// The hard level's command for `me`.
pub fn decide(battle: &Battle, known: &Known, me: &UnitId, aspects: Aspects) -> GameCommand {
    let end = || GameCommand::EndTurn(cmd::EndTurn { unit: me.clone() });
    // One context for the ranking and the look-ahead: it is the costly part of a decision on
    // a big map (each foe's reach plan), and the same for both.
    let Some(ctx) = Ctx::new(battle, known, me, aspects) else {
        return end();
    };
    let ranked = grid::ranked_in(&ctx);
    let first = ranked.first().map(|(_, c)| c.clone()).unwrap_or_else(end);
    if ranked.len() <= 1 || aspects.lookahead == 0 {
        return first;
    }
    if let Some(played) = playout::choose(battle, known, me, &ranked, aspects.lookahead) {
        return played;
    }
    let now = side_loss(&ctx, &known.own);
    let mut best: Option<(f64, GameCommand)> = None;
    for (score, command) in ranked.into_iter().take(aspects.lookahead) {
        let Some(after) = reply_after(&ctx, &command, &now) else {
            continue;
        };
        let value = score - REPLY * after;
        if best.as_ref().is_none_or(|(b, _)| value > *b + 1e-9) {
            best = Some((value, command));
        }
    }
    best.map(|(_, c)| c).unwrap_or(first)
}

/// The side's loss to the foes' reply, per foe, once `command` is played.
fn reply_after(ctx: &Ctx, command: &GameCommand, now: &[(UnitId, f64)]) -> Option<f64> {
    let total = |list: &[(UnitId, f64)]| list.iter().map(|(_, v)| v).sum::<f64>();
    match command {
        GameCommand::Move(_) => {
            // Tried on a fork, with the reactors it provokes holding back: where the side's
            // units stand after it is what the foes reply to.
            let mut fork = sample::fork(
                ctx.battle,
                ctx.known,
                sample::seed(ctx.battle, sample::salt(command), 0),
            );
            for foe in &ctx.known.foes {
                let hold = GameCommand::SetReactions(cmd::SetReactions {
                    unit: foe.id.clone(),
                    mode: ReactionMode::Never,
                });
                fork.submit(hold).ok()?;
            }
            fork.submit(command.clone()).ok()?;
            let own = own_units(fork.world(), &ctx.known.side);
            Some(total(&side_loss(ctx, &own)))
        }
        GameCommand::Attack(_) | GameCommand::FullAttack(_) => {
            // A foe the attack drops makes no reply.
            let (target, odds) = attack_odds(ctx, command)?;
            let foe = ctx.known.foes.iter().find(|f| f.id == target)?;
            let dropped = drop_chance(&ctx.rules.health, foe.health, foe.state, &odds);
            Some(
                now.iter()
                    .map(|(f, v)| if *f == target { v * (1.0 - dropped) } else { *v })
                    .sum(),
            )
        }
        _ => Some(total(now)),
    }
}

/// The target and the odds of each attack of an `Attack` or `FullAttack`.
fn attack_odds(ctx: &Ctx, command: &GameCommand) -> Option<(UnitId, Vec<AttackOdds>)> {
    let order = crate::rules::attack::commands::attack_order(command)?;
    let target = order.targets.first()?.clone();
    Some((target, grid::order_odds(ctx.world, order)?))
}

/// The foes' best reply to the side standing as `own`: each known foe's most damaging attack
/// on a unit of the side it can strike next turn (melee where its reach plan gets it, ranged
/// within twice its short range), in worth, per foe.
fn side_loss(ctx: &Ctx, own: &[Fighter]) -> Vec<(UnitId, f64)> {
    let width = ctx.world.resource::<crate::rules::Terrain>().0.width();
    ctx.threats
        .iter()
        .map(|t| {
            let Some(foe) = ctx.known.foes.iter().find(|f| f.id == t.foe) else {
                return (t.foe.clone(), 0.0);
            };
            let best =
                own.iter()
                    .filter(|u| u.able() && u.creature())
                    .map(|u| {
                        let g = gap(t.space, u.space);
                        let melee = foe.melee.as_ref().filter(|(_, reach)| {
                            g <= *reach || t.strikes(u.space, width).unwrap_or(g <= t.speed + reach)
                        });
                        let ranged = foe.ranged.as_ref().filter(|(_, range)| g <= 2 * range);
                        let loss = |w: &crate::rules::Weapon, times: usize| {
                            ctx.estimate(w, u).map_or(0.0, |o| {
                                u.worth * standing_lost(&ctx.rules.health, u.health, u.state, &vec![o; times])
                            })
                        };
                        let m = melee.map_or(0.0, |(w, reach)| loss(w, if g <= *reach { 2 } else { 1 }));
                        let r = ranged.map_or(0.0, |(w, _)| loss(w, 1));
                        m.max(r)
                    })
                    .fold(0.0, f64::max);
            (t.foe.clone(), best)
        })
        .collect()
}
