//! Firing a vehicle's mounted weapons (VEH-20, 001:4637-4650): a rider fires one of the
//! vehicle's own `weapons` like a ranged weapon, from the vehicle's space, with the vehicle's
//! attack penalty (VEH-19). A gunner may fire any of them; the pilot only those tied to the
//! controls (`pilot_operable`), and never after racing or another full action in its turn
//! (the action budget has no standard action left then); a passenger fires none.

use crate::rules::vehicle::RiderRole;
use crate::rules::vehicle::access::{aboard, illegal, vehicle, vehicle_rules};
use crate::rules::{Profile, RuleError, UnitId, Weapon, WeaponKind};
use bevy::prelude::World;

/// The mounted weapon of `mount` that `unit` may fire at `target`: the one named, else the
/// best ranged one its role may fire; or why it may not.
pub(crate) fn mounted_weapon(
    world: &World,
    unit: &UnitId,
    mount: &UnitId,
    weapon: Option<&str>,
) -> Result<Weapon, RuleError> {
    vehicle_rules(world)?;
    let v = vehicle(world, mount)?;
    let role = match aboard(world, unit) {
        Some(a) if &a.vehicle == mount => a.role,
        _ => {
            return Err(illegal(format!(
                "{unit} is not aboard {mount}: only its riders fire its weapons"
            )));
        }
    };
    let may_fire = |w: &Weapon| match role {
        RiderRole::Gunner => true,
        RiderRole::Pilot => v.stats.pilot_operable.contains(&w.name),
        RiderRole::Passenger => false,
    };
    let profile =
        crate::rules::unit_component::<Profile>(world, mount).ok_or_else(|| RuleError::UnknownUnit(mount.clone()))?;
    let ranged = |w: &&Weapon| matches!(w.kind, WeaponKind::Ranged);
    let chosen = match weapon {
        Some(name) => profile
            .weapons
            .iter()
            .find(|w| w.name == name)
            .ok_or_else(|| illegal(format!("{mount} has no mounted weapon named {name}")))?,
        None => profile
            .weapons
            .iter()
            .filter(ranged)
            .filter(|w| may_fire(w))
            .max_by_key(|w| w.attack)
            .ok_or_else(|| illegal(format!("{mount} has no mounted weapon {unit} may fire")))?,
    };
    if !ranged(&chosen) {
        return Err(illegal(format!(
            "{} is not a ranged weapon: only mounted guns fire (VEH-20)",
            chosen.name
        )));
    }
    if !may_fire(chosen) {
        let why = match role {
            RiderRole::Pilot => "it is not tied to the controls, so it needs a gunner",
            _ => "a passenger fires no mounted weapon; a gunner does",
        };
        return Err(illegal(format!("{unit} cannot fire {}: {why} (VEH-20)", chosen.name)));
    }
    Ok(chosen.clone())
}

/// A full attack that names a weapon mounted on the vehicle `unit` rides, and none of its
/// own of that name: firing mounted weapons in a full attack is not supported yet (a single
/// `Attack` with `mount` fires them, VEH-20).
pub(crate) fn full_attack_with_mount(world: &World, unit: &UnitId, named: &[&str]) -> Option<RuleError> {
    let mount = aboard(world, unit)?.vehicle;
    let own = crate::rules::unit_component::<Profile>(world, unit)?;
    let mounted = crate::rules::unit_component::<Profile>(world, &mount)?;
    let name = named
        .iter()
        .find(|n| own.weapon_named(n).is_none() && mounted.weapons.iter().any(|w| w.name == **n))?;
    Some(RuleError::NotSupported(format!(
        "a full attack with {mount}'s mounted {name} is not supported yet; fire it with a single \
         Attack(..., mount: Some(\"{mount}\")) (VEH-20)"
    )))
}
