//! Attacks of opportunity (§8, AOO-1): what provokes them — leaving squares enemies threaten
//! (`provoked_now`, asked before each step of a move) or an action the family lists
//! (`provoked_by`) — who reacts (the enemies that threaten the square, can react
//! (`threat::aoo_refusal`) and are not kept off by cover or concealment (`protection`), in
//! initiative order), and the resolution: the reactor's weapon and its attack, or its
//! declining (`declined`). Called from every area whose actions provoke (movement, attacks,
//! areas, maneuvers, chases); reactions resolve here, inside the action (STYLE 4).

use super::ReactionEvent;
use super::protection::protected_from_aoo;
use super::threat::{
    aoo_refusal, elevation_of, reaches_square, space_of, threatens_at, weapon_reach, weapon_threatens,
};
use crate::grid::Square;
use crate::rules::attack::situation::situation;
use crate::rules::attack::{melee_weapon, resolve_attack};
use crate::rules::chase::chase_running;
use crate::rules::movement::board::board_for;
use crate::rules::vehicle::sheltered_from;
use crate::rules::{Combat, Executor, Profile, RuleError, SideId, Terrain, UnitId, UnitIndex, Weapon, unit_component};
use crate::ruleset::{AooTrigger, Ruleset};
use bevy::prelude::World;

/// The enemies that get an attack of opportunity when `mover` leaves `left` now (§8.3):
/// they threaten one of those squares, can react, and the mover is not protected from them.
pub(crate) fn provoked_now(world: &World, mover: &UnitId, left: &[Square]) -> Vec<UnitId> {
    let layers = board_for(world, mover);
    let map = &world.resource::<Terrain>().0;
    let mask = left
        .iter()
        .filter(|sq| map.contains(**sq))
        .fold(0u64, |m, sq| m | layers.threat_at(world, *sq));
    layers
        .reactors_in(mask)
        .into_iter()
        .filter(|r| !protected_from_aoo(world, r, mover))
        .collect()
}

/// One attack of opportunity: the reactor's best threatening melee weapon that reaches the
/// square (§8.3; a d20 SRD reach weapon does not reach next to its wielder, §6.2, so a
/// longspear-and-dagger fighter strikes an adjacent foe with the dagger).
pub(crate) fn attack_of_opportunity(
    ex: &mut Executor,
    reactor: &UnitId,
    target: &UnitId,
    square_left: Square,
    trigger: &str,
) -> Result<(), RuleError> {
    let rules = ex.ruleset().clone();
    let Some(weapon) = aoo_weapon(ex.world, &rules, reactor, target, square_left) else {
        return Ok(());
    };
    if let Some(reason) = super::declined(ex, reactor) {
        ex.emit(ReactionEvent::AooDeclined {
            reactor: reactor.clone(),
            target: target.clone(),
            square_left,
            trigger: trigger.to_string(),
            reason: reason.to_string(),
        });
        return Ok(());
    }
    ex.emit(ReactionEvent::AttackOfOpportunity {
        reactor: reactor.clone(),
        target: target.clone(),
        square_left,
        trigger: trigger.to_string(),
    });
    let situation = situation(ex.world, reactor, target, &weapon)?;
    resolve_attack(
        ex,
        reactor,
        target,
        &weapon,
        &situation,
        Vec::new(),
        "attack of opportunity",
    )?;
    Ok(())
}

/// The weapon `reactor` makes an attack of opportunity with at `target` in `sq`: its best
/// threatening melee weapon that reaches `sq` at their heights, else its best threatening one.
fn aoo_weapon(world: &World, rules: &Ruleset, reactor: &UnitId, target: &UnitId, sq: Square) -> Option<Weapon> {
    let profile = unit_component::<Profile>(world, reactor)?;
    let space = space_of(world, reactor);
    let dz = elevation_of(world, reactor).abs_diff(elevation_of(world, target));
    let reaches = |w: &Weapon| space.is_some_and(|s| reaches_square(rules, s, weapon_reach(rules, profile, w), sq, dz));
    melee_weapon(profile, |w| weapon_threatens(&rules.threat, w) && reaches(w))
        .or_else(|| melee_weapon(profile, |w| weapon_threatens(&rules.threat, w)))
        .cloned()
}

/// AOO-1 for an action (§8.2): the enemies that get an attack of opportunity when `actor`
/// takes an action that `trigger` names, from the square it stands in. Empty when the family
/// does not list the trigger; cover and total concealment protect as for movement (§8.3),
/// and a rider its vehicle gives total cover provokes none (VEH-16).
pub fn provoked_by(world: &World, actor: &UnitId, trigger: AooTrigger) -> Vec<UnitId> {
    let rules = world.resource::<Ruleset>();
    if !rules.aoo.triggers.contains(&trigger) {
        return Vec::new();
    }
    let Some(space) = space_of(world, actor) else {
        return Vec::new();
    };
    let elevation = elevation_of(world, actor);
    let order = &world.resource::<Combat>().order;
    let index = &world.resource::<UnitIndex>().0;
    // `hostile`, with the actor's side read once and each unit's from its entity.
    let mine = index.get(actor).and_then(|e| world.get::<SideId>(*e));
    let mut reactors: Vec<UnitId> = index
        .iter()
        .filter(|(r, e)| *r != actor && world.get::<SideId>(**e) != mine)
        .map(|(r, _)| r)
        .filter(|r| aoo_refusal(world, r).is_none())
        .filter(|r| space.squares().any(|sq| threatens_at(world, r, sq, elevation)))
        .filter(|r| !protected_from_aoo(world, r, actor))
        .filter(|r| !sheltered_from(world, actor, r))
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
    if !chase_running(world) {
        return true;
    }
    let rules = world.resource::<Ruleset>();
    unit_component::<Profile>(world, reactor)
        .and_then(|p| melee_weapon(p, |w| weapon_threatens(&rules.threat, w)))
        .is_some_and(|w| situation(world, reactor, actor, w).is_ok())
}
