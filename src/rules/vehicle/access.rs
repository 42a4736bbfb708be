//! Shared reads of the vehicle rules: the family's vehicle numbers, the vehicle a pilot
//! controls, its riders, whether a space is free for it, a path's cost, the Piloting
//! modifiers, damage after hardness. Reads only; the rolls are `rolls`'.

use super::{Aboard, RiderRole, SkillBonuses, VehicleState, VehicleStats};
use crate::grid::Square;
use crate::rules::Terrain;
use crate::rules::{Combat, LifeState, Modifier, Placement, Profile, RuleError, UnitId, UnitIndex};
use crate::ruleset::{Ruleset, VehicleRules};
use bevy::prelude::World;

/// The family's vehicle rules, or the refusal every vehicle command gives without them.
pub(crate) fn vehicle_rules(world: &World) -> Result<VehicleRules, RuleError> {
    let rules = world.resource::<Ruleset>();
    rules
        .vehicles
        .ok_or_else(|| RuleError::NotSupported(format!("vehicles are not supported in {}", rules.name)))
}

pub(crate) fn illegal(why: impl Into<String>) -> RuleError {
    RuleError::IllegalMove(why.into())
}

fn get<T: bevy::prelude::Component + Clone>(world: &World, unit: &UnitId) -> Option<T> {
    let e = *world.resource::<UnitIndex>().0.get(unit)?;
    world.get::<T>(e).cloned()
}

/// A vehicle as the rules read it in one check; `stats` are as they stand now (a broken
/// vehicle's full speed, MPH and collision DC are already lowered).
#[derive(Debug, Clone)]
pub(crate) struct Vehicle {
    pub id: UnitId,
    pub stats: VehicleStats,
    pub state: VehicleState,
    pub placement: Placement,
}

/// The vehicle `id`, if it is one.
pub(crate) fn vehicle(world: &World, id: &UnitId) -> Result<Vehicle, RuleError> {
    match (
        get::<VehicleStats>(world, id),
        get::<VehicleState>(world, id),
        get::<Placement>(world, id),
    ) {
        // §25.1: a broken vehicle races slower and hits more easily avoided.
        (Some(stats), Some(state), Some(placement)) => Ok(Vehicle {
            id: id.clone(),
            stats: match super::broken::broken(world, id) {
                Some(b) => super::broken::broken_stats(&stats, b),
                None => stats,
            },
            state,
            placement,
        }),
        _ => Err(illegal(format!("{id} is not a vehicle"))),
    }
}

/// Where `unit` rides, if it does.
pub(crate) fn aboard(world: &World, unit: &UnitId) -> Option<Aboard> {
    get::<Aboard>(world, unit)
}

/// Refused unless `v`'s ignition is on: a vehicle moves only once started (a move action,
/// 001:4373-4376).
pub(crate) fn require_started(v: &Vehicle) -> Result<(), RuleError> {
    match v.state.started {
        true => Ok(()),
        false => Err(illegal(format!(
            "{} is not started (start it first, a move action)",
            v.id
        ))),
    }
}

/// The vehicle `pilot` controls now (§25.3: the pilot acts for it).
pub(crate) fn piloted_by(world: &World, pilot: &UnitId) -> Result<Vehicle, RuleError> {
    let a = aboard(world, pilot).ok_or_else(|| illegal(format!("{pilot} is not aboard a vehicle")))?;
    let v = vehicle(world, &a.vehicle)?;
    if a.role != RiderRole::Pilot || v.state.controlled_by.as_ref() != Some(pilot) {
        return Err(illegal(format!("{pilot} does not control {}", v.id)));
    }
    if wrecked(world, &v.id) {
        return Err(illegal(format!("{} is wrecked", v.id)));
    }
    Ok(v)
}

/// At 0 HP a vehicle is wrecked (001:5499-5501).
pub(crate) fn wrecked(world: &World, vehicle: &UnitId) -> bool {
    get::<crate::rules::Health>(world, vehicle).is_some_and(|h| {
        matches!(
            h,
            crate::rules::Health::StaminaHitPointsResolve { hp: 0, .. }
                | crate::rules::Health::DamageThresholdTrack { hp: 0, .. }
        ) || matches!(h, crate::rules::Health::HitPoints { hp, .. } if hp <= 0)
    }) || get::<LifeState>(world, vehicle).is_some_and(|s| s == LifeState::Dead)
}

/// Everyone aboard `vehicle`, in id order.
pub(crate) fn riders(world: &World, vehicle: &UnitId) -> Vec<UnitId> {
    world
        .resource::<UnitIndex>()
        .0
        .iter()
        .filter(|(_, e)| world.get::<Aboard>(**e).is_some_and(|a| &a.vehicle == vehicle))
        .map(|(u, _)| u.clone())
        .collect()
}

/// What keeps a vehicle's space out of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Blocker {
    OffMap(Square),
    Obstacle(Square),
    Unit(UnitId),
}

impl std::fmt::Display for Blocker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Blocker::OffMap(sq) => write!(f, "{sq} is off the map"),
            Blocker::Obstacle(sq) => write!(f, "a wall or solid object at {sq}"),
            Blocker::Unit(u) => write!(f, "{u} is in the way"),
        }
    }
}

/// The first thing that keeps `vehicle`'s space (side `side`) out of `at`: the map edge, a
/// wall or solid object, or another unit that is not aboard it and not `ignore`d (§25.3: a
/// vehicle may not pass through creatures, even allies). The dead do not block.
pub(crate) fn blocker(
    world: &World,
    vehicle: &UnitId,
    at: Square,
    side: u32,
    ignore: &dyn Fn(&UnitId) -> bool,
) -> Option<Blocker> {
    let map = &world.resource::<Terrain>().0;
    for sq in at.footprint(side) {
        match map.cell(sq) {
            None => return Some(Blocker::OffMap(sq)),
            Some(c) if c.blocks_movement => return Some(Blocker::Obstacle(sq)),
            Some(_) => {}
        }
    }
    let space: Vec<Square> = at.footprint(side).collect();
    for (u, e) in world.resource::<UnitIndex>().0.iter() {
        if u == vehicle
            || ignore(u)
            || world.get::<Aboard>(*e).is_some_and(|a| &a.vehicle == vehicle)
            || world.get::<LifeState>(*e).is_some_and(|s| *s == LifeState::Dead)
        {
            continue;
        }
        if let Some(p) = world.get::<Placement>(*e)
            && p.squares().any(|sq| space.contains(&sq))
        {
            // A rider of another vehicle is inside it: what is in the way is that vehicle.
            let what = world.get::<Aboard>(*e).map_or_else(|| u.clone(), |a| a.vehicle.clone());
            if ignore(&what) {
                continue;
            }
            return Some(Blocker::Unit(what));
        }
    }
    None
}

/// Distance of a free path of king steps from `from` in feet, with the family's diagonal
/// count carried along the path (1-2-1-2 in starfinder).
pub(crate) fn path_cost_ft(rules: &Ruleset, from: Square, path: &[Square]) -> Result<u32, RuleError> {
    let mut at = from;
    let mut straight = 0u32;
    let mut diagonal = 0u32;
    for next in path {
        let (dx, dy) = (next.x - at.x, next.y - at.y);
        if dx.abs() > 1 || dy.abs() > 1 || (dx, dy) == (0, 0) {
            return Err(illegal(format!("{next} is not one step from {at}")));
        }
        if dx != 0 && dy != 0 {
            diagonal += 1;
        } else {
            straight += 1;
        }
        at = *next;
    }
    Ok(rules
        .grid
        .diagonal
        .squares(diagonal as i32, (straight + diagonal) as i32)
        * rules.grid.square_ft)
}

/// The pilot's Piloting modifiers for `vehicle`: its skill and the vehicle's modifier.
pub(crate) fn piloting_modifiers(world: &World, pilot: &UnitId, v: &Vehicle) -> Vec<Modifier> {
    let skill = get::<SkillBonuses>(world, pilot).unwrap_or_default().piloting;
    let mut mods = vec![
        Modifier::new(skill, format!("{pilot}'s Piloting")),
        Modifier::new(v.stats.piloting, format!("{}'s Piloting modifier", v.id)),
    ];
    mods.extend(super::broken::broken_piloting(world, &v.id));
    mods
}

/// Damage to a vehicle after its hardness.
pub(crate) fn after_hardness(world: &World, vehicle: &UnitId, amount: u32) -> u32 {
    let hardness = get::<VehicleStats>(world, vehicle).map_or(0, |s| s.hardness);
    amount.saturating_sub(hardness)
}

/// Whether `unit` can act (pilots knocked out lose control, VEH-11).
pub(crate) fn can_act(world: &World, unit: &UnitId) -> bool {
    get::<LifeState>(world, unit).unwrap_or_default().can_act()
        && !crate::rules::health::conditions::effective_conditions(world, unit)
            .iter()
            .any(|c| crate::rules::health::conditions::NO_ACTIONS.contains(c))
}

/// The acting unit's budget allows `kind`.
pub(crate) fn can_spend(world: &World, kind: crate::ruleset::ActionKind) -> Result<(), RuleError> {
    world
        .resource::<Combat>()
        .can_spend(&world.resource::<Ruleset>().actions, kind)
}

/// The reflex save bonus of a creature, if its stat block has saves.
pub(crate) fn reflex(world: &World, unit: &UnitId) -> Option<i32> {
    get::<Profile>(world, unit).and_then(|p| p.saves).map(|s| s.reflex)
}
