//! Commands whose worth the computer samples rather than computes: played on forks with
//! their own dice (`ai::sample`) and scored by how the battle stands after (`eval`) plus where
//! the unit ends up. The rules then decide everything the command does (a charge's path and
//! bonus, where a grenade lands and who saves, a maneuver's check, a vehicle's drive), so
//! nothing of them is modelled twice. Areas are first sorted by a quick count of the foes and
//! allies near the aim point, so only the promising aims are sampled.

use super::context::Ctx;
use super::position::{approach, exposure};
use crate::ai::paths::Mover;
use crate::ai::sample;
use crate::grid::{Direction8, Intersection, Space};
use crate::history::Battle;
use crate::rules::reactions::threat::space_of;
use crate::rules::{GameCommand, Profile, unit_component};

/// Aims sampled per area weapon or spell (the best by the quick count).
pub const AREA_AIMS: usize = 3;

/// What spending one use of a limited spell is worth keeping for a later cast, as a share of
/// an average known foe's worth: a spell with one use left is cast where it takes more than
/// that, not on the first lone foe.
const RESERVE: f64 = 0.75;

/// The sampled score of `command`: the mean change in the side's value over the tries, plus
/// the worth of where the unit stands after, less what a limited spell's use is worth keeping.
pub fn score(ctx: &Ctx, mover: Option<&Mover>, command: &GameCommand) -> Option<f64> {
    let before = ctx.eval.value(ctx.battle);
    let reserve = reserve(ctx, command);
    sample::mean_after(ctx.battle, ctx.known, command, ctx.aspects.samples, |fork: &Battle| {
        let after = ctx.eval.value(fork);
        let place = match space_of(fork.world(), &ctx.me.id) {
            Some(space) if after.abs() < crate::ai::eval::WIN => {
                let exact = super::moves::ranged_exposure(ctx, fork.world());
                approach(ctx, mover, space) - exposure(ctx, space, 0, &exact)
            }
            _ => 0.0,
        };
        after - before + place - reserve
    })
}

/// What one use of the spell `command` casts is worth keeping (0 at will, or with one or no
/// foe left to save it for): `RESERVE` of an average known foe, over the uses left, less as
/// the foes thin (a better cluster needs foes to cluster).
fn reserve(ctx: &Ctx, command: &GameCommand) -> f64 {
    let GameCommand::CastSpell(c) = command else {
        return 0.0;
    };
    let Some(uses) = ctx.profile.spell_named(&c.spell).and_then(|s| s.uses) else {
        return 0.0;
    };
    let foes: Vec<f64> = ctx.known.targets().filter(|f| f.creature()).map(|f| f.worth).collect();
    if uses == 0 || foes.len() < 2 {
        return 0.0;
    }
    let mean = foes.iter().sum::<f64>() / foes.len() as f64;
    let thinning = ((foes.len() - 1) as f64 / 2.0).min(1.0);
    RESERVE * mean * thinning / f64::from(uses)
}

/// A quick count for an area aimed by `command`: the worth of the known foes near the aim
/// point less twice that of the side's own units there (`None` for other commands).
pub fn area_count(ctx: &Ctx, command: &GameCommand) -> Option<f64> {
    let (at, dir, size_ft) = match command {
        GameCommand::AreaAttack(c) => {
            let w = unit_component::<Profile>(ctx.world, &c.unit)?.weapon_named(&c.weapon)?;
            (c.at, c.dir, w.area?.size_ft)
        }
        GameCommand::CastSpell(c) => {
            let s = unit_component::<Profile>(ctx.world, &c.unit)?.spell_named(&c.spell)?;
            (c.at?, c.dir, s.effect.as_ref()?.area.size_ft)
        }
        GameCommand::Autofire(c) => (Intersection::new(c.at.x + 1, c.at.y + 1), None, 10),
        _ => return None,
    };
    let radius = (size_ft / ctx.rules.grid.square_ft.max(1)) as i32;
    // A cone or line: judged around a point half-way along it.
    let (centre, r) = match dir {
        Some(d) => {
            let (dx, dy) = direction(d);
            (
                Intersection::new(at.i + dx * radius / 2, at.j + dy * radius / 2),
                (radius + 1) / 2,
            )
        }
        None => (at, radius),
    };
    let near = |s: Space| {
        let (x0, y0, x1, y1) = (s.at.x, s.at.y, s.at.x + s.side as i32, s.at.y + s.side as i32);
        let dx = (x0 - centre.i).max(centre.i - x1).max(0);
        let dy = (y0 - centre.j).max(centre.j - y1).max(0);
        dx.max(dy) < r.max(1)
    };
    let foes: f64 = ctx.known.targets().filter(|f| near(f.space)).map(|f| f.worth).sum();
    let own: f64 = ctx
        .known
        .own
        .iter()
        .filter(|f| f.able() && near(f.space))
        .map(|f| f.worth)
        .sum();
    Some(foes - 2.0 * own)
}

fn direction(d: Direction8) -> (i32, i32) {
    match d {
        Direction8::N => (0, -1),
        Direction8::NE => (1, -1),
        Direction8::E => (1, 0),
        Direction8::SE => (1, 1),
        Direction8::S => (0, 1),
        Direction8::SW => (-1, 1),
        Direction8::W => (-1, 0),
        Direction8::NW => (-1, -1),
    }
}
