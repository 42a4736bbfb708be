//! Waiting as a choice (RULES.md §3.4, §3.5): readying an attack for a foe that must come to
//! the unit, and delaying so that the ally acting next sets up a flank first. Both are scored
//! in worth units against everything else the unit may do; neither is weighed while a readied
//! action interrupts another turn.
//!
//! * Ready (§3.5, SEQ-9): with no foe in its reach now, a melee unit that stands where a foe
//!   must step into its reach to strike it (the foe's reach no longer than its own, near enough
//!   to walk up and strike this coming turn), and that cannot walk to a strike itself this turn
//!   (else it goes: two sides that each wait for the other fight nothing), readies its standard action for "an enemy comes
//!   within reach": worth the chance that foe comes for it (one over the side's units it could
//!   go for) times the unit's strike on it, on top of standing where it is. The computer fires
//!   the readied action as soon as a foe it sees stands in its reach during that foe's turn
//!   (`ai::turn::readied_to_fire`), so the foe is struck before it strikes.
//! * Delay (§3.4, SEQ-8): a unit next to a foe it does not flank, whose next unit in the
//!   initiative order is an ally that can walk this turn to a square flanking that foe with it
//!   (FLK-1, the rules' reach plan of the ally and `grid::flanking_line`), delays: the ally
//!   acts first and its attack is flanked either way, and the unit then strikes with the
//!   flanking bonus. Worth its best strike on that foe with the family's flanking bonus less
//!   without it, at the chance the ally takes the square. It delays at most once a round and
//!   steps in at the first delay window (`ai::next_command`), so a battle never waits on it.

use super::context::{Ctx, gap, shifted};
use crate::ai::odds::AttackOdds;
use crate::ai::paths::Mover;
use crate::ai::value::standing_lost;
use crate::grid::{Space, flanking_line};
use crate::rules::movement::reach_plan::plan_reach;
use crate::rules::{Combat, GameEvent, MoveMode, SequenceEvent, UnitId};

/// The chance the ally acting next takes the flanking square it can reach (it weighs its own
/// choices; the computer's allies take a flank when one is open, FLK-1).
const ALLY_FLANKS: f64 = 0.75;

/// Whether the unit may weigh waiting now: no readied action under way.
pub fn may_wait(ctx: &Ctx) -> bool {
    ctx.world.resource::<Combat>().interruption.is_none()
}

/// Whether readying is worth asking about at all (cheap): a melee unit with no foe in its
/// reach now.
pub fn may_ready(ctx: &Ctx) -> bool {
    may_wait(ctx)
        && ctx
            .me
            .melee
            .as_ref()
            .is_some_and(|(_, reach)| !ctx.strikes.iter().any(|s| gap(ctx.me.space, s.space) <= *reach))
}

/// What readying a strike for "an enemy comes within reach" adds to standing where the unit
/// stands now (0: no foe will step into its reach to strike it, or one is in it already).
pub fn ready_gain(ctx: &Ctx, mover: Option<&Mover>) -> f64 {
    if !may_ready(ctx) {
        return 0.0;
    }
    let Some((_, reach)) = ctx.me.melee.as_ref() else {
        return 0.0;
    };
    let here = ctx.me.space;
    // A unit that can walk to a strike this turn goes and strikes: two units that each wait
    // for the other would make a battle nobody fights (AI-NOTES, Engaging).
    let walk = mover
        .and_then(|m| ctx.fields(m).engage.as_ref())
        .and_then(|f| f.squares(here.at));
    if walk.is_some_and(|d| d <= f64::from(ctx.me.speed)) {
        return 0.0;
    }
    let width = ctx.world.resource::<crate::rules::Terrain>().0.width();
    let mut best = 0.0f64;
    for t in &ctx.threats {
        let Some((foe_reach, _)) = &t.melee else { continue };
        let shooter = ctx.known.foes.iter().any(|f| f.id == t.foe && f.shooter());
        // It must come into the unit's reach to strike it, and it can this turn.
        let comes = *foe_reach <= *reach
            && !shooter
            && t.strikes(here, width)
                .unwrap_or_else(|| gap(t.space, here) <= t.speed + foe_reach);
        if !comes {
            continue;
        }
        let strike = ctx
            .strikes
            .iter()
            .find(|s| s.target == t.foe)
            .and_then(|s| s.melee.as_ref())
            .map_or(0.0, |(_, v)| *v);
        best = best.max(t.share * strike);
    }
    best
}

/// Whether `me` delayed already this round (it then acts when it steps in).
fn delayed_this_round(ctx: &Ctx) -> bool {
    for entry in ctx.battle.log().entries.iter().rev() {
        for e in &entry.events {
            match e {
                GameEvent::Sequence(SequenceEvent::RoundStarted { .. }) => return false,
                GameEvent::Sequence(SequenceEvent::Delayed { unit, .. }) if *unit == ctx.me.id => return true,
                _ => {}
            }
        }
    }
    false
}

/// What delaying adds to the unit's best strike on a foe next to it (`strikes`: each foe's id
/// and the odds of the unit's strikes on it now, as the rules preview them): the flanking bonus
/// on them once the ally acting next has taken the flanking square. 0 when that does not hold.
pub fn delay_gain(ctx: &Ctx, strikes: &[(UnitId, Vec<AttackOdds>)]) -> f64 {
    let combat = ctx.world.resource::<Combat>();
    if combat.acted || !may_wait(ctx) || strikes.is_empty() {
        return 0.0;
    }
    // The unit that acts next this round: an ally able to strike in melee.
    let Some(mine) = combat.index_of(&ctx.me.id) else {
        return 0.0;
    };
    let Some(next) = combat.order.get(mine + 1).map(|e| &e.unit) else {
        return 0.0;
    };
    let Some(ally) = ctx
        .known
        .own
        .iter()
        .find(|o| &o.id == next && o.id != ctx.me.id && o.able() && o.creature() && o.melee.is_some())
    else {
        return 0.0;
    };
    if delayed_this_round(ctx) {
        return 0.0;
    }
    let bonus = ctx.rules.flanking.attack_bonus;
    let ally_reach = ally.melee.as_ref().map_or(1, |(_, r)| *r);
    let mut plan = None;
    let mut best = 0.0f64;
    for (target, odds) in strikes {
        let Some(foe) = ctx.known.targets().find(|f| &f.id == target) else {
            continue;
        };
        // Already flanked: nothing to wait for.
        let flanked = ctx.known.own.iter().any(|o| {
            o.id != ctx.me.id
                && o.able()
                && o.melee.as_ref().is_some_and(|(_, r)| gap(o.space, foe.space) <= *r)
                && flanking_line(ctx.me.space, o.space, foe.space).is_some()
        });
        if flanked {
            continue;
        }
        let plan = plan.get_or_insert_with(|| plan_reach(ctx.world, &ally.id, &[MoveMode::Move]).ok());
        let Some(Some(Ok(band))) = plan.as_ref().map(|p| p.band(MoveMode::Move)) else {
            return 0.0;
        };
        let opens = std::iter::once(ally.space.at)
            .chain(band.iter().map(|(sq, _)| *sq))
            .map(|sq| Space::new(sq, ally.space.side))
            .any(|s| gap(s, foe.space) <= ally_reach && flanking_line(ctx.me.space, s, foe.space).is_some());
        if !opens {
            continue;
        }
        let lost = |list: &[AttackOdds]| standing_lost(&ctx.rules.health, foe.health, foe.state, list);
        let flanking: Vec<AttackOdds> = odds.iter().map(|o| shifted(o, &ctx.rules.attack, -bonus)).collect();
        let gain = ctx.priority(foe) * foe.worth * (lost(&flanking) - lost(odds)).max(0.0);
        best = best.max(ALLY_FLANKS * gain);
    }
    best
}
