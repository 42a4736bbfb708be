//! Attacking from a vehicle (VEH-19): everyone aboard takes the vehicle's attack penalty,
//! the larger full-speed one if it moved at full speed during the last round, and none while
//! it is stopped. And the cover a vehicle gives its riders (§25.9), which also keeps a rider
//! from provoking attacks of opportunity from outside it (VEH-16).

use crate::rules::vehicle::access::{aboard, vehicle};
use crate::rules::{Modifier, UnitId};
use bevy::prelude::World;

/// The penalty `attacker` takes for attacking from a vehicle, if it rides one.
pub fn attack_penalty(world: &World, attacker: &UnitId) -> Option<Modifier> {
    let a = aboard(world, attacker)?;
    let v = vehicle(world, &a.vehicle).ok()?;
    let s = &v.state;
    if !(s.moved_this_round || s.moved_last_round || s.keeps_going) {
        return None;
    }
    let (value, why) = match s.full_speed_last_round || s.full_speed_this_round {
        true => (v.stats.full_speed_attack_penalty, "full speed"),
        false => (v.stats.attack_penalty, "moving"),
    };
    (value != 0).then(|| Modifier::new(value, format!("attacking from {} ({why}, VEH-19)", v.id)))
}

/// Whether a unit is left out of the creatures that give cover between `attacker` and
/// `target`: a vehicle one of them rides, and those riding with them or in them (§25.9: the
/// vehicle's own `passenger_cover` stands for it). Asked about every unit on the map for one
/// attack, so the vehicles the two ride are read once, not again for each unit.
pub fn ignored_for_cover<'a>(
    world: &'a World,
    attacker: &'a UnitId,
    target: &'a UnitId,
) -> impl Fn(&UnitId) -> bool + 'a {
    let ride = move |u: &UnitId| aboard(world, u).map(|a| a.vehicle);
    let vehicles: Vec<UnitId> = [ride(attacker), ride(target)].into_iter().flatten().collect();
    move |unit: &UnitId| {
        vehicles.contains(unit) || ride(unit).is_some_and(|v| &v == attacker || &v == target || vehicles.contains(&v))
    }
}

/// The cover a vehicle gives a rider against an attacker outside it (§25.9, 001:5045-5047);
/// an error for total cover, which forbids the attack.
pub fn passenger_cover(
    world: &World,
    attacker: &UnitId,
    target: &UnitId,
) -> Result<Option<Modifier>, crate::rules::RuleError> {
    use crate::grid::CoverDegree;
    use crate::rules::vehicle::PassengerCover;
    let Some(a) = aboard(world, target) else {
        return Ok(None);
    };
    if aboard(world, attacker).is_some_and(|b| b.vehicle == a.vehicle) {
        return Ok(None);
    }
    let Ok(v) = vehicle(world, &a.vehicle) else {
        return Ok(None);
    };
    let degree = match v.stats.passenger_cover {
        PassengerCover::None => return Ok(None),
        PassengerCover::Cover => CoverDegree::Cover,
        PassengerCover::Improved => CoverDegree::Improved,
        PassengerCover::Total => {
            return Err(crate::rules::RuleError::IllegalMove(format!(
                "{target} has total cover inside {}",
                v.id
            )));
        }
    };
    let rules = world.resource::<crate::ruleset::Ruleset>();
    let (ac, _) = crate::grid::cover_bonuses(&rules.cover, degree);
    Ok((ac != 0).then(|| {
        Modifier::typed(
            ac,
            crate::ruleset::stacking::BonusType::Cover,
            format!("riding in {} ({degree:?} cover)", v.id).to_lowercase(),
        )
    }))
}

/// VEH-16: whether `rider`'s vehicle gives it total cover from `reactor` (001:4449-4452),
/// so its own provoking actions (ranged attacks included) provoke no attack from it. A
/// reactor riding the same vehicle is not shut out (§25.9: the cover is against outsiders).
pub(crate) fn sheltered_from(world: &World, rider: &UnitId, reactor: &UnitId) -> bool {
    passenger_cover(world, reactor, rider).is_err()
}
