//! Who threatens which squares (THR-1, THR-2, §6.2), on the ground and at another height
//! (MOV-14: the horizontal distance and the height difference combine by the family's
//! diagonal rule, an engine default; the seeds give no 3D reach), and which reactors may make
//! an attack of opportunity now (§8.3). Geometry is `grid::threat`; this file decides which
//! creatures and weapons count, from the family's data. What provokes and the attack itself
//! are `opportunity`'s.

use crate::grid::{Space, Square, ThreatReach, threatened_squares, threatens_square};
use crate::rules::health::LifeState;
use crate::rules::health::conditions::{NO_ACTIONS, effective_conditions};
use crate::rules::{
    Combat, ConditionName, Elevation, Placement, Profile, SideId, UnitId, UnitIndex, Weapon, WeaponKind,
};
use crate::ruleset::{AooBlocker, AooLimit, Ruleset, ThreatRules, ThreatWeapon};
use bevy::prelude::World;

/// THR-2: whether wielding `w` makes a creature threaten in this family. A weapon's own
/// `threatens` wins (saga pistols and carbines are written `threatens: true`).
pub fn weapon_threatens(rules: &ThreatRules, w: &Weapon) -> bool {
    if let Some(t) = w.threatens {
        return t;
    }
    match w.kind {
        WeaponKind::Melee => rules
            .weapons
            .iter()
            .any(|k| matches!(k, ThreatWeapon::Melee | ThreatWeapon::Natural)),
        // starfinder: unarmed strikes never threaten; saga: only with a feat, not modelled.
        WeaponKind::Unarmed => false,
        WeaponKind::Ranged | WeaponKind::Thrown => false,
    }
}

/// §6.2: whether `w` is a reach weapon that cannot strike within its wielder's natural reach
/// in this family (d20 SRD: "can't use it against an adjacent foe"; starfinder's reach
/// weapons strike every square they reach, 001:1814-1819). Family data, `threat.reach_weapon`.
pub fn has_reach_hole(rules: &ThreatRules, w: &Weapon) -> bool {
    w.reach_weapon && rules.reach_weapon.is_some_and(|r| !r.strikes_within_natural_reach)
}

/// The squares `w` strikes into for a wielder with `profile` (§6.2): within its reach (its
/// own, else the wielder's natural reach), less the wielder's natural reach for a reach weapon
/// with a hole ([`has_reach_hole`]). Reach 0 is returned as is.
pub fn weapon_reach(rules: &Ruleset, profile: &Profile, w: &Weapon) -> ThreatReach {
    let square = rules.grid.square_ft.max(1);
    let far = w.reach_ft.unwrap_or(profile.reach_ft) / square;
    if has_reach_hole(&rules.threat, w) {
        ThreatReach::ring(far, profile.reach_ft / square)
    } else {
        ThreatReach::within(far)
    }
}

/// The squares a melee `w` strikes into in an attack: [`weapon_reach`], at least the adjacent
/// squares (a reach-0 creature attacks next to it or into its own square).
pub fn striking_reach(rules: &Ruleset, profile: &Profile, w: &Weapon) -> ThreatReach {
    let reach = weapon_reach(rules, profile, w);
    if reach.far() == 0 {
        ThreatReach::within(1)
    } else {
        reach
    }
}

/// The squares a creature threatens, as reaches (THR-2, §6.2): the union of its threatening
/// weapons' [`weapon_reach`] (natural and melee weapons without their own reach use its
/// natural reach; a d20 SRD reach weapon leaves out the natural reach, which another weapon
/// fills). `None` if it does not threaten (no threatening weapon; reach 0 per the family).
pub fn threat_reach(rules: &Ruleset, profile: &Profile) -> Option<ThreatReach> {
    let reach = profile
        .weapons
        .iter()
        .filter(|w| weapon_threatens(&rules.threat, w))
        .map(|w| weapon_reach(rules, profile, w))
        .reduce(ThreatReach::union)?;
    (reach.far() > 0 || rules.threat.reach_zero_threatens).then_some(reach)
}

/// Whether `reach` from `space` covers square `q` on the ground (THR-3, with the reach
/// weapon's hole).
pub fn reach_covers(rules: &Ruleset, space: Space, reach: ThreatReach, q: Square) -> bool {
    reach.threatens(space, &rules.threat.metric, rules.grid.diagonal, q)
}

/// The space a unit occupies.
pub fn space_of(world: &World, unit: &UnitId) -> Option<Space> {
    let e = *world.resource::<UnitIndex>().0.get(unit)?;
    world.get::<Placement>(e).map(|p| Space::new(p.at, p.side_squares))
}

/// Whether `unit` threatens anything right now, and with what reach (THR-1: even off-turn).
pub fn threat_now(world: &World, unit: &UnitId) -> Option<(Space, ThreatReach)> {
    let e = *world.resource::<UnitIndex>().0.get(unit)?;
    if !world.get::<LifeState>(e).copied().unwrap_or_default().can_act() {
        return None;
    }
    let conditions = effective_conditions(world, unit);
    if NO_ACTIONS.iter().any(|c| conditions.contains(c)) {
        return None;
    }
    let reach = threat_reach(world.resource::<Ruleset>(), world.get::<Profile>(e)?)?;
    Some((space_of(world, unit)?, reach))
}

/// Every square `unit` threatens now, sorted by (y, x) (THR-3).
pub fn threatened_by(world: &World, unit: &UnitId) -> Vec<crate::grid::Square> {
    let Some((space, reach)) = threat_now(world, unit) else {
        return Vec::new();
    };
    let rules = world.resource::<Ruleset>();
    let map = &world.resource::<crate::rules::Terrain>().0;
    threatened_squares(
        space,
        reach,
        &rules.threat.metric,
        rules.grid.diagonal,
        map.width(),
        map.height(),
    )
}

/// Whether two units are enemies.
pub fn hostile(world: &World, a: &UnitId, b: &UnitId) -> bool {
    let index = world.resource::<UnitIndex>();
    let side = |u: &UnitId| index.0.get(u).and_then(|e| world.get::<SideId>(*e));
    side(a) != side(b)
}

/// AOO-1: how many reactions (attacks of opportunity) `unit` has left this round: the
/// family's limit (`actions.reactions_per_round`, or `aoo.limit`'s count per round) less
/// those used since its last turn began; `None` when the family sets no limit.
pub fn reactions_left(world: &World, unit: &UnitId) -> Option<u8> {
    let rules = world.resource::<Ruleset>();
    let limit = match &rules.aoo.limit {
        AooLimit::UsesReaction => rules.actions.reactions_per_round,
        AooLimit::PerRound { count, .. } => Some(*count),
    }?;
    let used = world
        .resource::<Combat>()
        .reactions_used
        .get(unit)
        .copied()
        .unwrap_or(0);
    Some(limit.saturating_sub(used))
}

/// Why `reactor` cannot make an attack of opportunity right now, or `None` if it can
/// (§8.3 "cannot AoO when"): reactions left, a saga "no attacks" fighting defensively
/// (§4.3.1), flat-footed, the family's blockers.
pub fn aoo_refusal(world: &World, reactor: &UnitId) -> Option<String> {
    let rules = world.resource::<Ruleset>();
    let combat = world.resource::<Combat>();
    if reactions_left(world, reactor) == Some(0) {
        return Some("has no reaction left this round".into());
    }
    // §4.3.1 saga: fighting defensively with no attacks at all, not even AoOs.
    if let Some(effect) = crate::rules::health::conditions::no_attacks_effect(world, reactor) {
        return Some(format!(
            "chose to make no attacks until its next turn ({})",
            effect.name
        ));
    }
    let conditions = effective_conditions(world, reactor);
    let ff = &rules.defense.flat_footed;
    if conditions.contains(&ConditionName::FlatFooted) && (ff.no_aoo || ff.no_reactions) {
        return Some("is flat-footed".into());
    }
    for blocker in &rules.aoo.blockers {
        let blocked = match blocker {
            AooBlocker::Grappled => conditions.contains(&ConditionName::Grappled),
            AooBlocker::Pinned => conditions.contains(&ConditionName::Pinned),
            AooBlocker::Staggered => conditions.contains(&ConditionName::Staggered),
            AooBlocker::Confused => conditions.contains(&ConditionName::Confused),
            AooBlocker::NotYetActed => !combat.acted_in_combat.contains(reactor),
            AooBlocker::TotalDefense => combat
                .effects
                .iter()
                .any(|x| x.name == "total defense" && &x.target == reactor),
            // Units armed only for unarmed strikes do not threaten at all (weapon_threatens).
            AooBlocker::UnarmedOnly => false,
        };
        if blocked {
            return Some(
                format!("cannot make attacks of opportunity while {blocker:?}")
                    .replace("NotYetActed", "it has not acted yet in this combat"),
            );
        }
    }
    if rules.actions.react_only_after_first_action && !combat.acted_in_combat.contains(reactor) {
        return Some("has not acted yet in this combat".into());
    }
    None
}

/// The height of a unit in squares.
pub fn elevation_of(world: &World, unit: &UnitId) -> u32 {
    let index = world.resource::<UnitIndex>();
    index
        .0
        .get(unit)
        .and_then(|e| world.get::<Elevation>(*e))
        .map_or(0, |h| h.0)
}

/// Whether `reactor` threatens square `sq` at height `elevation` (THR-3 on the ground; in
/// the air the horizontal and vertical distances combine by the diagonal rule, engine default).
pub fn threatens_at(world: &World, reactor: &UnitId, sq: Square, elevation: u32) -> bool {
    let Some((space, reach)) = threat_now(world, reactor) else {
        return false;
    };
    let dz = elevation.abs_diff(elevation_of(world, reactor));
    reaches_square(world.resource::<Ruleset>(), space, reach, sq, dz)
}

/// Whether `space` with `reach` reaches square `sq` lying `dz` squares above or below it: on
/// one level the threat pattern (THR-3, THR-4); across levels the family's distance over the
/// horizontal gap and the height (MOV-14). A reach weapon's hole (§6.2, d20 SRD) is measured
/// the same way.
pub fn reaches_square(rules: &Ruleset, space: Space, reach: ThreatReach, sq: Square, dz: u32) -> bool {
    reach.covers(|r| within_3d(rules, space, r, sq, dz))
}

/// Whether `sq`, `dz` squares above or below, lies within `reach` squares of `space`.
fn within_3d(rules: &Ruleset, space: Space, reach: u32, sq: Square, dz: u32) -> bool {
    if dz == 0 {
        return threatens_square(space, reach, &rules.threat.metric, rules.grid.diagonal, sq);
    }
    let dh = if space.contains(sq) {
        0
    } else {
        space.distance(Space::one(sq), rules.grid.diagonal)
    };
    reach > 0 && rules.grid.diagonal.squares(dh as i32, dz as i32) <= reach
}
