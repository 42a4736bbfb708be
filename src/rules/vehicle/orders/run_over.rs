//! Run over (VEH-9, 001:4501-4528): a full action moving up to twice the drive speed over
//! creatures at least two sizes smaller. The collision dice are rolled once; each creature
//! run over takes that damage (Reflex vs collision DC for half), at most once per round per
//! vehicle, and the vehicle takes half the roll for each; it stops if that wrecks it.

use super::drive::check_path;
use super::travel::{Leg, travel};
use crate::grid::{Heading, Square};
use crate::rules::VehicleEvent;
use crate::rules::vehicle::access;
use crate::rules::vehicle::access::{
    Vehicle, aboard, after_hardness, blocker, can_spend, illegal, piloted_by, reflex, require_started, wrecked,
};
use crate::rules::vehicle::rolls::{damage, roll_check, roll_collision};
use crate::rules::vehicle::{CollisionKind, VehicleMove};
use crate::rules::{Executor, Modifier, Placement, Profile, RuleError, UnitId, UnitIndex};
use crate::ruleset::{ActionKind, Size};
use bevy::prelude::World;

/// Whether `unit` is small enough for `v` to pass over it (two size categories smaller).
pub(super) fn small_enough(world: &World, v: &Vehicle, unit: &UnitId, gap: u32) -> bool {
    let size = |u: &UnitId| {
        let e = world.resource::<UnitIndex>().0.get(u)?;
        world.get::<Profile>(*e).map(|p| p.size)
    };
    let rank = |s: Size| Size::ALL.iter().position(|x| *x == s).unwrap_or(0) as u32;
    match (size(&v.id), size(unit)) {
        (Some(big), Some(small)) => rank(big) >= rank(small) + gap,
        _ => false,
    }
}

pub(crate) fn check_run_over(world: &World, pilot: &UnitId, path: &[Square]) -> Result<(Vehicle, Vec<u32>), RuleError> {
    let r = access::vehicle_rules(world)?;
    let v = piloted_by(world, pilot)?;
    require_started(&v)?;
    can_spend(world, ActionKind::Full)?;
    let gap = r.run_over_size_gap;
    let limit = v.stats.drive_ft * r.run_over_drive_multiple;
    let costs = check_path(world, &v, path, limit, &|u| small_enough(world, &v, u, gap))?;
    if let Some(end) = path.last()
        && let Some(b) = blocker(world, &v.id, *end, v.placement.side_squares, &|_| false)
    {
        return Err(illegal(format!("{} cannot end its run over at {end}: {b}", v.id)));
    }
    Ok((v, costs))
}

/// The creatures `v`'s space at `at` newly overlaps that it may still run over this round.
fn victims_at(world: &World, v: &Vehicle, at: Square, gap: u32) -> Vec<UnitId> {
    let now: Vec<Square> = at.footprint(v.placement.side_squares).collect();
    let state = world
        .resource::<UnitIndex>()
        .0
        .get(&v.id)
        .and_then(|e| world.get::<crate::rules::vehicle::VehicleState>(*e))
        .cloned()
        .unwrap_or_default();
    let here = world
        .resource::<UnitIndex>()
        .0
        .get(&v.id)
        .and_then(|e| world.get::<Placement>(*e))
        .copied();
    world
        .resource::<UnitIndex>()
        .0
        .iter()
        .filter(|(u, _)| *u != &v.id && aboard(world, u).is_none_or(|a| a.vehicle != v.id))
        .filter(|(u, _)| !state.run_over_this_round.contains(*u) && small_enough(world, v, u, gap))
        .filter(|(_, e)| {
            world
                .get::<crate::rules::LifeState>(**e)
                .is_none_or(|s| *s != crate::rules::LifeState::Dead)
        })
        .filter(|(_, e)| {
            world.get::<Placement>(**e).is_some_and(|p| {
                p.squares().any(|sq| now.contains(&sq))
                    && here.is_none_or(|h| !p.squares().any(|sq| h.squares().any(|x| x == sq)))
            })
        })
        .map(|(u, _)| u.clone())
        .collect()
}

pub(crate) fn execute_run_over(
    ex: &mut Executor,
    pilot: &UnitId,
    path: &[Square],
    heading: Option<Heading>,
) -> Result<(), RuleError> {
    let (v, costs) = check_run_over(ex.world, pilot, path)?;
    let r = access::vehicle_rules(ex.world)?;
    crate::rules::sequence::turn::take_action(ex, pilot, ActionKind::Full, "run over".into());
    let leg = Leg {
        how: VehicleMove::RunOver,
        pilot: Some(pilot.clone()),
        speed_ft: costs.last().copied().unwrap_or(0),
        heading: heading.unwrap_or(v.state.heading),
        provokes: Some(false),
    };
    let gap = r.run_over_size_gap;
    let mut rolled: Option<(Vec<crate::rules::DieRoll>, u32)> = None;
    let wants = |ex: &Executor, next: Square| !victims_at(ex.world, &v, next, gap).is_empty();
    let mut hook = |ex: &mut Executor, v: &Vehicle, next: Square| -> Result<Option<String>, RuleError> {
        for victim in victims_at(ex.world, v, next, gap) {
            let (dice, amount) = match &rolled {
                Some((_, amount)) => (Vec::new(), *amount),
                None => {
                    let (dice, amount) = roll_collision(ex, v)?;
                    rolled = Some((dice.clone(), amount));
                    (dice, amount)
                }
            };
            let mods = vec![Modifier::new(reflex(ex.world, &victim).unwrap_or(0), "Reflex save")];
            let save = roll_check(
                ex,
                &victim,
                &v.id,
                "Reflex save against being run over",
                false,
                mods,
                Some(v.stats.collision_dc),
            )?;
            let to_victim = if save.success { amount / 2 } else { amount };
            let to_vehicle = after_hardness(ex.world, &v.id, r.ram_self.of_floor(amount));
            ex.emit(VehicleEvent::VehicleCollision {
                vehicle: v.id.clone(),
                target: Some(victim.clone()),
                kind: CollisionKind::RunOver,
                dice,
                rolled: amount,
                save: Some(save),
                target_damage: to_victim,
                vehicle_damage: to_vehicle,
            });
            damage(ex, &victim, to_victim)?;
            damage(ex, &v.id, to_vehicle)?;
            if wrecked(ex.world, &v.id) {
                return Ok(Some("wrecked while running over".into()));
            }
        }
        Ok(None)
    };
    travel(ex, &v, &leg, path, &costs, &wants, Some(&mut hook))?;
    Ok(())
}
