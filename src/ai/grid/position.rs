//! What standing on a square is worth to the deciding unit at the end of its turn: the
//! damage the foes can be expected to deal it there on their turn (exposure: who reaches it,
//! with full attacks next to it, fewer where its reach makes them provoke), how far it is
//! from where it can strike (melee: walking distance; shooters: their range, not in melee),
//! and the objectives (zones to reach, hold, contest or guard).

use super::context::{Ctx, Threat, gap};
use crate::ai::goals::inside;
use crate::ai::odds::AttackOdds;
use crate::ai::paths::Mover;
use crate::grid::Space;

/// A weight on distances: each move action still to walk to a strike costs this much worth.
const APPROACH: f64 = 0.05;
/// What the strike the unit can make on its next turn from a square counts for now.
const OFFENSE: f64 = 0.5;
/// A foe next to the unit makes a full attack, or attacks after a step.
const NEXT_TO: f64 = 1.3;
/// A foe that must cross the unit's reach to get at it provokes on the way.
const CROSSES_REACH: f64 = 0.75;

/// The deciding unit's exposure on `space`: the worth it can expect to lose to the foes'
/// next turn, with its defense moved by `shift` (total defense) and, when `ranged_odds`
/// gives them, the foes' exact ranged odds (previews from that square).
pub fn exposure(ctx: &Ctx, space: Space, shift: i32, exact: &[(usize, Option<AttackOdds>)]) -> f64 {
    if ctx.aspects.caution <= 0.0 {
        return 0.0;
    }
    let my_reach = ctx.me.melee.as_ref().map_or(0, |(_, r)| *r);
    let total: f64 = ctx
        .threats
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let exact = exact.iter().find(|(k, _)| *k == i).map(|(_, v)| v.as_ref());
            one_threat(ctx, t, space, shift, my_reach, exact) * t.share
        })
        .sum();
    // A wounded unit weighs the same loss more (it is closer to dropping).
    total * ctx.aspects.caution * (1.0 + (1.0 - ctx.me.standing()).max(0.0) * 0.5)
}

fn one_threat(
    ctx: &Ctx,
    t: &Threat,
    space: Space,
    shift: i32,
    my_reach: u32,
    exact: Option<Option<&AttackOdds>>,
) -> f64 {
    let g = gap(t.space, space);
    let width = ctx.world.resource::<crate::rules::Terrain>().0.width();
    let melee = t.melee.as_ref().map_or(0.0, |(reach, odds)| {
        let loss = if shift == 0 {
            t.melee_loss
        } else {
            ctx.loss(odds, shift)
        };
        let strikes = t.strikes(space, width);
        if g <= *reach {
            loss * NEXT_TO
        } else if let Some(strikes) = strikes {
            let crosses = my_reach > *reach;
            match (strikes, g <= 2 * t.speed + reach) {
                (true, _) => loss * if crosses { CROSSES_REACH } else { 1.0 },
                (false, true) => loss * 0.25,
                (false, false) => 0.0,
            }
        } else if g <= t.speed + reach {
            let crosses = my_reach > *reach && g > *reach;
            loss * if crosses { CROSSES_REACH } else { 1.0 }
        } else if g <= 2 * t.speed + reach {
            loss * 0.25
        } else {
            0.0
        }
    });
    let ranged = t.ranged.as_ref().map_or(0.0, |(range, odds)| {
        if let Some(Some(odds)) = exact {
            return ctx.loss(odds, shift);
        }
        if let Some(None) = exact {
            // No line to shoot along from where it stands: it must move first.
            return 0.5 * ctx.loss(odds, shift);
        }
        let loss = if shift == 0 {
            t.ranged_loss
        } else {
            ctx.loss(odds, shift)
        };
        if g <= *range {
            loss
        } else if g <= range + t.speed {
            loss * 0.8
        } else if g <= 3 * range {
            loss * 0.5
        } else {
            0.0
        }
    });
    melee.max(ranged)
}

/// The ranged foes whose cover a quick score looks at (the most dangerous first): enough for
/// a skirmish, few enough to keep a big battle's decision fast.
const COVER_THREATS: usize = 4;

/// The quick estimate of what the terrain between the foes' shooters and `space` saves the
/// deciding unit (COV-1 on the bare map: walls, crates, low walls; creatures left out): a
/// foe with no line of effect must move before it shoots, one with cover against it shoots
/// at the raised defense. The exact figure comes later, from the rules' preview on a fork
/// (`moves::ranged_exposure`); this only lets squares behind cover reach that stage.
pub fn cover_saving(ctx: &Ctx, space: Space) -> f64 {
    use crate::grid::{AttackKind, CoverDegree, CoverParams, cover};
    if ctx.aspects.caution <= 0.0 || !ctx.aspects.tactics {
        return 0.0;
    }
    let map = &ctx.world.resource::<crate::rules::Terrain>().0;
    let params = CoverParams::from_ruleset(ctx.rules);
    let mut shooters: Vec<(f64, &Threat, &AttackOdds)> = ctx
        .threats
        .iter()
        .filter_map(|t| {
            let (range, odds) = t.ranged.as_ref()?;
            (gap(t.space, space) <= 3 * range).then_some((t.ranged_loss * t.share, t, odds))
        })
        .collect();
    shooters.sort_by(|a, b| b.0.total_cmp(&a.0));
    shooters
        .into_iter()
        .take(COVER_THREATS)
        .map(|(loss, t, odds)| {
            let found = cover(map, &params, t.space, space, &[], AttackKind::Ranged);
            match found.degree {
                CoverDegree::Total => 0.5 * loss,
                _ if found.ac_bonus > 0 => (loss - ctx.loss(odds, found.ac_bonus) * t.share).max(0.0),
                _ => 0.0,
            }
        })
        .sum::<f64>()
        * ctx.aspects.caution
}

/// What the deciding unit on `space` can do next turn (its offense: the best strike it could
/// make from there, a full attack where it already reaches, less for each move it needs
/// first, by walking distance where known), how a shooter stands (in range, not in melee),
/// the objectives' pull, and, with nothing in sight, the way to unexplored squares.
pub fn approach(ctx: &Ctx, mover: Option<&Mover>, space: Space) -> f64 {
    let speed = f64::from(ctx.me.speed.max(1));
    let fields = mover.map(|m| ctx.fields(m));
    let moves_of = |d: Option<f64>| d.map_or(12.0, |d| (d / speed).min(12.0));
    let engage_moves = fields
        .and_then(|f| f.engage.as_ref())
        .map(|field| moves_of(field.squares(space.at)));
    let mut best = 0.0f64;
    let mut nearest_moves = 12.0f64;
    for s in &ctx.strikes {
        let g = gap(space, s.space);
        if let Some((reach, v)) = &s.melee {
            let moves = if g <= *reach {
                0.0
            } else {
                let by_gap = f64::from(g - reach) / speed;
                engage_moves.map_or(by_gap, |m| m.max(by_gap))
            };
            nearest_moves = nearest_moves.min(moves);
            best = best.max(v * reach_factor(moves, NEXT_TO));
        }
        if let Some((range, v)) = &s.ranged {
            let moves = f64::from(g.saturating_sub(*range)) / speed;
            nearest_moves = nearest_moves.min(moves);
            best = best.max(v * reach_factor(moves, 1.0));
        }
    }
    let mut value = OFFENSE * best - APPROACH * nearest_moves.min(12.0);
    if ctx.me.shooter() {
        let threatened = ctx
            .threats
            .iter()
            .any(|t| t.melee.as_ref().is_some_and(|(reach, _)| gap(t.space, space) <= *reach));
        if threatened {
            value -= 0.1 * ctx.me.worth;
        }
    }
    if let Some(field) = fields.and_then(|f| f.explore.as_ref()) {
        value -= APPROACH * moves_of(field.squares(space.at));
    }
    value + objectives(ctx, fields, space)
}

/// A strike `moves` move actions away is worth this share of one made at once (`now`: the
/// share where no move is needed, a full attack's worth more for a melee unit).
fn reach_factor(moves: f64, now: f64) -> f64 {
    if moves <= 0.0 {
        now
    } else if moves <= 1.0 {
        0.8
    } else {
        (0.8 - 0.25 * (moves - 1.0)).max(0.0)
    }
}

/// The objectives' pull on `space`.
fn objectives(ctx: &Ctx, fields: Option<&super::context::Fields>, space: Space) -> f64 {
    if !ctx.me.creature() {
        return 0.0;
    }
    let speed = f64::from(ctx.me.speed.max(1));
    let mut value = 0.0;
    let others_in = |zone: &Vec<crate::grid::Square>| {
        ctx.known
            .own
            .iter()
            .any(|o| o.id != ctx.me.id && o.able() && inside(o.space, zone))
    };
    let distance = |k: usize, zone: &Vec<crate::grid::Square>| match fields.and_then(|f| f.zones.get(k)) {
        Some(field) => field.squares(space.at).map_or(12.0, |d| (d / speed).min(12.0)),
        None => crate::ai::goals::zone_gap(space, zone).map_or(12.0, |g| (f64::from(g) / speed).min(12.0)),
    };
    for (k, zone) in ctx.goals.stand_in().enumerate() {
        let reach_zone = k < ctx.goals.reach.len();
        if inside(space, zone) {
            value += if reach_zone {
                crate::ai::eval::WIN
            } else if others_in(zone) {
                0.2
            } else {
                1.5
            };
        } else if reach_zone {
            value -= 2.0 * distance(k, zone);
        } else if !others_in(zone) {
            value -= 0.3 * distance(k, zone);
        }
    }
    for (k, zone) in ctx.goals.guard.iter().enumerate() {
        let d = match fields.and_then(|f| f.guard.get(k)) {
            Some(field) => field.squares(space.at).map_or(12.0, |d| (d / speed).min(12.0)),
            None => crate::ai::goals::zone_gap(space, zone).map_or(12.0, |g| (f64::from(g) / speed).min(12.0)),
        };
        value -= 0.1 * d;
    }
    value
}
