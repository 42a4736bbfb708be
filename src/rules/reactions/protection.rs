//! What protects a creature from an attack of opportunity (§8.3 "target protected when"):
//! cover from the reactor (COV-1; starfinder 001:1708-1710, saga 004:744-746) and, where the
//! family says so, total concealment (saga 004:725) as `concealment` (CON-1) decides it.

use crate::grid::{AttackKind, Concealment, CoverDegree, CoverParams, Space, cover};
use crate::rules::Terrain;
use crate::rules::reactions::threat::space_of;
use crate::rules::{UnitId, UnitIndex};
use crate::ruleset::{AooProtection, Ruleset};
use bevy::prelude::World;

/// Whether `target` is protected from `reactor`'s attack of opportunity right now.
pub fn protected_from_aoo(world: &World, reactor: &UnitId, target: &UnitId) -> bool {
    let rules = world.resource::<Ruleset>();
    let (Some(r), Some(t)) = (space_of(world, reactor), space_of(world, target)) else {
        return false;
    };
    rules.aoo.protections.iter().any(|p| match p {
        AooProtection::Cover => has_cover(world, rules, reactor, target, r, t),
        AooProtection::TotalConcealment => totally_concealed(world, reactor, target),
    })
}

/// Cover that blocks attacks of opportunity: any degree but soft cover, which only counts
/// against ranged attacks (§9.3), and an AoO is a melee attack.
fn has_cover(world: &World, rules: &Ruleset, reactor: &UnitId, target: &UnitId, r: Space, t: Space) -> bool {
    if !rules.cover.blocks_aoo {
        return false;
    }
    let map = &world.resource::<Terrain>().0;
    let others: Vec<Space> = world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| *u != reactor && *u != target)
        .filter_map(|u| space_of(world, u))
        .collect();
    let result = cover(map, &CoverParams::from_ruleset(rules), r, t, &others, AttackKind::Melee);
    !matches!(result.degree, CoverDegree::None | CoverDegree::Soft)
}

/// saga: no AoO against a creature with total concealment (004:725), as CON-1 decides it for
/// the reactor's melee attack (`concealment`: a blinded reactor, no line of sight, the
/// target wholly inside totally concealing squares, darkness it cannot see through).
fn totally_concealed(world: &World, reactor: &UnitId, target: &UnitId) -> bool {
    crate::rules::attack::concealment::concealment(world, reactor, reactor, target, AttackKind::Melee)
        .is_ok_and(|c| c.level == Concealment::Total)
}
