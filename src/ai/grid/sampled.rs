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

/// The sampled score of `command`: the mean change in the side's value over the tries, plus
/// the worth of where the unit stands after.
pub fn score(ctx: &Ctx, mover: Option<&Mover>, command: &GameCommand) -> Option<f64> {
    let before = ctx.eval.value(ctx.battle);
    sample::mean_after(ctx.battle, ctx.known, command, ctx.aspects.samples, |fork: &Battle| {
        let after = ctx.eval.value(fork);
        let place = match space_of(fork.world(), &ctx.me.id) {
            Some(space) if after.abs() < crate::ai::eval::WIN => {
                let exact = super::moves::ranged_exposure(ctx, fork.world());
                approach(ctx, mover, space) - exposure(ctx, space, 0, &exact)
            }
            _ => 0.0,
        };
        after - before + place
    })
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
