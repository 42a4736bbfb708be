//! The support actions (RULES.md §4.3.1): covering and harrying fire (starfinder, 001:858-864,
//! 900-905), aid another and suppress (saga, 004:371-377). Each is a roll against the family's
//! fixed defense that deals no damage; a success gives one attack roll a bonus (or a foe's a
//! penalty) before the roller's next turn. What that is worth, in worth units:
//!
//! * harrying fire and aid another: the expected gain of the bonus on the next attack of the
//!   side's unit that will strike the foe before the roller acts again (initiative order; aid
//!   another: the ally it names), nothing if none will;
//! * suppress: the loss the penalty saves the side's unit the foe most likely strikes next
//!   (the nearest it can reach);
//! * covering fire: the loss the bonus saves the ally on the likeliest first attack against it
//!   (the known foe that can reach it and would cost it most);
//!
//! times the chance the roll succeeds, less the attacks of opportunity a ranged roll provokes.
//! The chance is the rules' own: the command is tried on a fork and its `SupportResolved`
//! event gives the roll's modifiers (its total less the die) and the fixed defense; the quick
//! gain above, at a sure success, first decides whether the try is worth making. So a unit
//! helps only where that beats its own attack: aid another when it can hardly hit the foe
//! itself and a stronger ally will strike it this round.

use super::context::{Ctx, gap, shifted};
use crate::ai::knowledge::Fighter;
use crate::ai::odds::{AttackOdds, hit_chance};
use crate::ai::sample;
use crate::ai::value::standing_lost;
use crate::rules::reactions::opportunity::provoked_by;
use crate::rules::{AttackEvent, Combat, GameCommand, GameEvent, UnitId, WeaponKind};
use crate::ruleset::{AooTrigger, SupportFire};

/// The family's terms for the support `command` asks for.
fn terms(ctx: &Ctx, command: &GameCommand) -> Option<SupportFire> {
    let o = &ctx.rules.attack_options;
    match command {
        GameCommand::CoveringFire(_) => o.covering_fire,
        GameCommand::HarryingFire(_) => o.harrying_fire,
        GameCommand::AidAnother(_) => o.aid_another,
        GameCommand::Suppress(_) => o.suppress,
        _ => None,
    }
}

/// What `command` is worth if its roll succeeds (`None`: not a support command, or nothing
/// it could help).
pub fn gain_if_hit(ctx: &Ctx, command: &GameCommand) -> Option<f64> {
    // The size of the bonus (suppress's is written as the penalty it gives).
    let bonus = terms(ctx, command)?.bonus.abs();
    let gain = match command {
        GameCommand::HarryingFire(c) => {
            let foe = foe(ctx, &c.target)?;
            let (_, odds) = next_attacker(ctx, foe, None)?;
            attack_gain(ctx, foe, &odds, bonus)
        }
        GameCommand::AidAnother(c) => {
            let foe = foe(ctx, &c.target)?;
            let (_, odds) = next_attacker(ctx, foe, Some(&c.ally))?;
            attack_gain(ctx, foe, &odds, bonus)
        }
        GameCommand::Suppress(c) => {
            let foe = foe(ctx, &c.target)?;
            ctx.known
                .own
                .iter()
                .filter(|o| o.able() && o.creature())
                .filter_map(|o| Some((gap(foe.space, o.space), o, foe_odds(ctx, foe, o)?)))
                .min_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.id.cmp(&b.1.id)))
                .map(|(_, o, odds)| loss_saved(ctx, o, &odds, bonus))?
        }
        GameCommand::CoveringFire(c) => {
            let ally = ctx
                .known
                .own
                .iter()
                .find(|o| o.id == c.ally && o.able() && o.creature())?;
            ctx.known
                .threats()
                .filter_map(|f| foe_odds(ctx, f, ally))
                .map(|odds| loss_saved(ctx, ally, &odds, bonus))
                .fold(None, |best: Option<f64>, v| Some(best.map_or(v, |b| b.max(v))))?
        }
        _ => return None,
    };
    (gain > 0.0).then_some(gain)
}

/// The worth of `command` (with `gain` its worth on a success): the rules' chance of the roll
/// (tried on a fork) times `gain`, less the attacks of opportunity a ranged roll provokes.
/// `None` if the rules refuse it on the fork.
pub fn worth(ctx: &Ctx, command: &GameCommand, gain: f64) -> Option<f64> {
    let (bonus, defense, weapon) = roll_terms(ctx, command)?;
    let chance = hit_chance(&ctx.rules.attack, bonus, defense);
    let ranged = ctx
        .profile
        .weapon_named(&weapon)
        .is_none_or(|w| matches!(w.kind, WeaponKind::Ranged | WeaponKind::Thrown))
        || matches!(command, GameCommand::CoveringFire(_) | GameCommand::HarryingFire(_));
    let provoked: f64 = match ranged {
        true => provoked_by(ctx.world, &ctx.me.id, AooTrigger::RangedAttack)
            .iter()
            .filter(|r| ctx.known.knows(r))
            .map(|r| super::strike::reactor_loss(ctx, r))
            .sum::<f64>(),
        false => 0.0,
    };
    Some(chance * gain - provoked * ctx.aspects.aoo_weight())
}

/// The roll's modifiers (summed as the rules stack them), its fixed defense and the weapon the
/// rules picked, read from the roll on forks (a fork whose unit an attack of opportunity
/// dropped first has no roll: the next try is read).
fn roll_terms(ctx: &Ctx, command: &GameCommand) -> Option<(i32, i32, String)> {
    let salt = sample::salt(command);
    for k in 0..3 {
        let fork = sample::after(
            ctx.battle,
            ctx.known,
            std::slice::from_ref(command),
            sample::seed(ctx.battle, salt, k),
        )?;
        let entry = fork.log().entries.last()?;
        let roll = entry.events.iter().find_map(|e| match e {
            GameEvent::Attack(AttackEvent::SupportResolved { unit, roll, .. }) if *unit == ctx.me.id => Some(roll),
            _ => None,
        });
        if let Some(roll) = roll {
            let bonus = roll.check.total - roll.check.roll.result as i32;
            return Some((bonus, roll.check.dc?, roll.weapon.clone()));
        }
    }
    None
}

/// The known foe `id`, able to fight.
fn foe<'a>(ctx: &'a Ctx, id: &UnitId) -> Option<&'a Fighter> {
    ctx.known.targets().find(|f| &f.id == id)
}

/// The first of the side's other units (or only `only`) that acts after the deciding unit and
/// before its next turn (initiative order, wrapping into the next round) and can strike `foe`
/// from where it stands (a move and a strike), with the odds of its better weapon on it.
pub fn next_attacker<'a>(ctx: &'a Ctx, foe: &Fighter, only: Option<&UnitId>) -> Option<(&'a Fighter, AttackOdds)> {
    let order: Vec<&UnitId> = ctx.world.resource::<Combat>().order.iter().map(|e| &e.unit).collect();
    let mine = order.iter().position(|u| **u == ctx.me.id)?;
    for k in 1..order.len() {
        let u = order[(mine + k) % order.len()];
        if only.is_some_and(|o| o != u) {
            continue;
        }
        let Some(ally) = ctx.known.own.iter().find(|o| &o.id == u && o.able() && o.creature()) else {
            continue;
        };
        if let Some(odds) = strike_odds(ctx, ally, foe) {
            return Some((ally, odds));
        }
    }
    None
}

/// The odds of `ally`'s better weapon on `foe`, if it can strike it this turn from where it
/// stands (melee after one move, ranged within two range increments).
fn strike_odds(ctx: &Ctx, ally: &Fighter, foe: &Fighter) -> Option<AttackOdds> {
    let g = gap(ally.space, foe.space);
    let melee = ally
        .melee
        .as_ref()
        .filter(|(_, reach)| g <= ally.speed + reach)
        .and_then(|(w, _)| ctx.estimate(w, foe));
    let ranged = ally
        .ranged
        .as_ref()
        .filter(|(_, range)| g <= 2 * range)
        .and_then(|(w, _)| ctx.estimate(w, foe));
    match (melee, ranged) {
        (Some(m), Some(r)) => Some(if m.mean() >= r.mean() { m } else { r }),
        (m, r) => m.or(r),
    }
}

/// The odds of `foe`'s attack on `own` next turn, if it can strike it then.
fn foe_odds(ctx: &Ctx, foe: &Fighter, own: &Fighter) -> Option<AttackOdds> {
    strike_odds(ctx, foe, own)
}

/// The gain of `bonus` on one attack with `odds` on `foe`: the standing it takes the more.
fn attack_gain(ctx: &Ctx, foe: &Fighter, odds: &AttackOdds, bonus: i32) -> f64 {
    let lost = |o: &AttackOdds| standing_lost(&ctx.rules.health, foe.health, foe.state, std::slice::from_ref(o));
    let better = shifted(odds, &ctx.rules.attack, -bonus);
    ctx.priority(foe) * foe.worth * (lost(&better) - lost(odds)).max(0.0)
}

/// The loss `bonus` to `own`'s defense saves it against one attack with `odds`.
fn loss_saved(ctx: &Ctx, own: &Fighter, odds: &AttackOdds, bonus: i32) -> f64 {
    let lost = |o: &AttackOdds| standing_lost(&ctx.rules.health, own.health, own.state, std::slice::from_ref(o));
    let worse = shifted(odds, &ctx.rules.attack, bonus);
    own.worth * (lost(odds) - lost(&worse)).max(0.0)
}
