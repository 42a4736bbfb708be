//! The broken condition of a vehicle (§25.1, 001:3866-3885): an item that has taken damage
//! in excess of half its total Hit Points is broken; a broken vehicle has a penalty to its
//! AC and collision DC, a lower Piloting modifier, and its full speed and MPH are halved (the
//! family's numbers, `VehicleRules::broken`). At 0 HP it is wrecked (`access::wrecked`).

use super::VehicleStats;
use crate::rules::{Health, Modifier, UnitId, UnitIndex};
use crate::ruleset::{BrokenVehicle, Ruleset};
use bevy::prelude::World;

/// Whether an item with `hp` of `hp_max` Hit Points left is broken: the damage taken,
/// `hp_max − hp`, exceeds half of `hp_max` (001:3866-3867; it is whole again at half or
/// more, 001:3898-3900). A 40-HP vehicle is broken at 19 HP, not at 20.
pub fn is_broken(hp: i64, hp_max: i64) -> bool {
    2 * (hp_max - hp) > hp_max
}

/// Hit Points left and the maximum, in any health model.
fn hit_points(h: &Health) -> (i64, i64) {
    match *h {
        Health::StaminaHitPointsResolve { hp, hp_max, .. } | Health::DamageThresholdTrack { hp, hp_max, .. } => {
            (i64::from(hp), i64::from(hp_max))
        }
        Health::HitPoints { hp, hp_max } => (i64::from(hp), i64::from(hp_max)),
    }
}

/// The broken-vehicle numbers that apply to `vehicle` now, if it is a broken vehicle.
pub(crate) fn broken(world: &World, vehicle: &UnitId) -> Option<BrokenVehicle> {
    let e = *world.resource::<UnitIndex>().0.get(vehicle)?;
    world.get::<VehicleStats>(e)?;
    let (hp, hp_max) = hit_points(world.get::<Health>(e)?);
    let numbers = world.resource::<Ruleset>().vehicles?.broken;
    is_broken(hp, hp_max).then_some(numbers)
}

/// `stats` as a broken vehicle has them: full speed and MPH scaled, collision DC lowered.
/// Its Piloting modifier stays as printed; the penalty is a modifier of its own.
pub(crate) fn broken_stats(stats: &VehicleStats, b: BrokenVehicle) -> VehicleStats {
    let mut s = stats.clone();
    s.full_ft = b.speed.of_floor(stats.full_ft);
    s.mph = stats.mph.map(|m| b.speed.of_floor(m));
    s.collision_dc += b.collision_dc;
    s
}

/// The AC penalty of a broken vehicle `target` (001:3882-3883), as a defense modifier.
pub fn broken_ac(world: &World, target: &UnitId) -> Option<Modifier> {
    broken(world, target).map(|b| Modifier::new(b.ac, format!("{target} is broken")))
}

/// The Piloting penalty of a broken vehicle (001:3883-3884).
pub(crate) fn broken_piloting(world: &World, vehicle: &UnitId) -> Option<Modifier> {
    broken(world, vehicle).map(|b| Modifier::new(b.piloting, format!("{vehicle} is broken")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §25.1 broken: damage in excess of half the Hit Points; exactly half is not broken.
    #[test]
    fn veh_broken_threshold_is_damage_over_half() {
        assert!(!is_broken(20, 40));
        assert!(is_broken(19, 40));
        assert!(!is_broken(23, 45), "22 damage is not more than 22.5");
        assert!(is_broken(22, 45));
        assert!(is_broken(0, 40));
    }
}
