//! Who threatens which squares (THR-1, THR-2, §6.2) and who may make an attack of
//! opportunity against whom (§8.3). Geometry is `grid::threat`; this file decides which
//! creatures and weapons count, from the family's data.

use crate::grid::{Space, Square, ThreatReach, threatened_squares};
use crate::rules::health::LifeState;
use crate::rules::health::conditions::{NO_ACTIONS, effective_conditions};
use crate::rules::{Combat, ConditionName, Placement, Profile, SideId, UnitId, UnitIndex, Weapon, WeaponKind};
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

/// AOO-1 for an action (§8.2): the enemies that get an attack of opportunity when `actor`
/// takes an action that `trigger` names, from the square it stands in. Empty when the family
/// does not list the trigger; cover and total concealment protect as for movement (§8.3),
/// and a rider its vehicle gives total cover provokes none (VEH-16).
pub fn provoked_by(world: &World, actor: &UnitId, trigger: crate::ruleset::AooTrigger) -> Vec<UnitId> {
    let rules = world.resource::<Ruleset>();
    if !rules.aoo.triggers.contains(&trigger) {
        return Vec::new();
    }
    let Some(space) = space_of(world, actor) else {
        return Vec::new();
    };
    let elevation = crate::rules::movement::flight::elevation_of(world, actor);
    let order = &world.resource::<Combat>().order;
    let index = &world.resource::<UnitIndex>().0;
    // `hostile`, with the actor's side read once and each unit's from its entity.
    let mine = index.get(actor).and_then(|e| world.get::<SideId>(*e));
    let mut reactors: Vec<UnitId> = index
        .iter()
        .filter(|(r, e)| *r != actor && world.get::<SideId>(**e) != mine)
        .map(|(r, _)| r)
        .filter(|r| aoo_refusal(world, r).is_none())
        .filter(|r| {
            space
                .squares()
                .any(|sq| crate::rules::movement::flight::threatens_at(world, r, sq, elevation))
        })
        .filter(|r| !crate::rules::attack::protection::protected_from_aoo(world, r, actor))
        .filter(|r| !crate::rules::vehicle::sheltered_from(world, actor, r))
        .filter(|r| chase_lets_reach(world, r, actor))
        .cloned()
        .collect();
    reactors.sort_by_key(|u| order.iter().position(|e| &e.unit == u).unwrap_or(usize::MAX));
    reactors
}

/// CHS-15: in a running chase positions are zones, not squares, so a reactor threatens the
/// actor only if the chase lets its best threatening melee weapon reach it (a reach weapon
/// across engaged vehicles); outside a chase, always.
fn chase_lets_reach(world: &World, reactor: &UnitId, actor: &UnitId) -> bool {
    if !crate::rules::chase::chase_running(world) {
        return true;
    }
    let rules = world.resource::<Ruleset>();
    crate::rules::unit_component::<Profile>(world, reactor)
        .and_then(|p| crate::rules::attack::melee_weapon(p, |w| weapon_threatens(&rules.threat, w)))
        .is_some_and(|w| crate::rules::attack::situation::situation(world, reactor, actor, w).is_ok())
}
