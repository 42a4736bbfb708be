//! Points and people of an area attack (RULES.md §18.3 RNG-2, §19.1 AREA-1): where a missed
//! throw lands, distances and line of effect to an intersection, who stands in the squares.

use super::*;

/// RNG-2: the compass direction from `target` toward the centre of `thrower`'s space,
/// snapped to the nearest of the 8 (an exact tie cannot happen off the diagonals; a thrower
/// centred on the point itself counts as east of it).
pub fn toward_thrower(thrower: Space, target: Intersection) -> Direction8 {
    // In half squares, so the centre of any space is a lattice point.
    let dx = (2 * thrower.at.x + thrower.side as i32 - 2 * target.i) as f64;
    let dy = (2 * thrower.at.y + thrower.side as i32 - 2 * target.j) as f64;
    let (ax, ay) = (dx.abs(), dy.abs());
    let diagonal = ax.min(ay) > ax.max(ay) * (std::f64::consts::SQRT_2 - 1.0);
    match (diagonal, dx > 0.0, dy > 0.0) {
        (true, true, false) => Direction8::NE,
        (true, true, true) => Direction8::SE,
        (true, false, true) => Direction8::SW,
        (true, false, false) => Direction8::NW,
        _ if ax >= ay && dx >= 0.0 => Direction8::E,
        _ if ax >= ay => Direction8::W,
        _ if dy > 0.0 => Direction8::S,
        _ => Direction8::N,
    }
}

/// RNG-2 pseudo-code: `landing := T + n * unit_step(rotate(v, (k - 1) * 45°))`.
pub fn scatter_landing(thrower: Space, target: Intersection, d8: u32, d4: u32) -> (Direction8, Intersection) {
    let dir = toward_thrower(thrower, target).rotate_clockwise(d8.saturating_sub(1) as i32);
    let (sx, sy) = dir.step();
    let n = d4 as i32;
    (dir, Intersection::new(target.i + n * sx, target.j + n * sy))
}

/// Distance in squares from a space to an intersection: from the nearest corner of its
/// squares, by the family's diagonal rule (GRID-7 with a point for the second space).
pub fn distance_to_point(space: Space, p: Intersection, diagonal: crate::ruleset::DiagonalPolicy) -> u32 {
    space
        .squares()
        .map(|s| {
            let dx = (s.x - p.i).max(p.i - (s.x + 1)).max(0);
            let dy = (s.y - p.j).max(p.j - (s.y + 1)).max(0);
            diagonal.squares(dx, dy)
        })
        .min()
        .unwrap_or(0)
}

/// Every living unit with a square among `squares` (in any order), in id order.
pub(crate) fn caught(world: &World, squares: &[Square]) -> Vec<UnitId> {
    let squares: std::collections::HashSet<Square> = squares.iter().copied().collect();
    world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| crate::rules::unit_component::<LifeState>(world, u) != Some(&LifeState::Dead))
        .filter(|u| space_of(world, u).is_some_and(|s| s.squares().any(|q| squares.contains(&q))))
        .cloned()
        .collect()
}

pub(super) fn others(world: &World, except: &[&UnitId]) -> Vec<Space> {
    world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| !except.contains(u))
        .filter_map(|u| space_of(world, u))
        .collect()
}

pub(super) fn degree_name(d: CoverDegree) -> String {
    format!("{d:?}").to_lowercase()
}

pub(super) fn profile_of<'w>(world: &'w World, unit: &UnitId) -> Result<&'w Profile, RuleError> {
    crate::rules::unit_component::<Profile>(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))
}

pub(super) fn weapon_of(world: &World, unit: &UnitId, name: &str) -> Result<Weapon, RuleError> {
    profile_of(world, unit)?
        .weapon_named(name)
        .cloned()
        .ok_or_else(|| illegal(format!("{unit} has no weapon named {name}")))
}

pub(super) use crate::rules::health::check_can_act as can_act;
