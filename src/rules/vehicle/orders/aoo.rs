//! A moving vehicle and attacks of opportunity (§25.7): a driving or racing vehicle provokes
//! from the enemies threatening a square it leaves (VEH-15, VEH-17), racing with +2 AC
//! against them; the attack targets the vehicle's own AC (VEH-18). Its riders' own provoking
//! actions are `riders::aboard_attack`'s (VEH-16).

use crate::grid::Square;
use crate::rules::ReactionEvent;
use crate::rules::reactions::threat::{aoo_refusal, hostile, weapon_threatens};
use crate::rules::vehicle::VehicleStats;
use crate::rules::{Combat, Executor, Modifier, Profile, RuleError, UnitId, UnitIndex};
use crate::ruleset::{AooTrigger, Ruleset};
use bevy::prelude::World;

/// The enemies that get an attack of opportunity as `vehicle` leaves `left`, in initiative
/// order; none when the family does not list the trigger (§8.2 vehicle rows).
pub(crate) fn provokers(world: &World, vehicle: &UnitId, left: &[Square], racing: bool) -> Vec<UnitId> {
    let trigger = if racing {
        AooTrigger::VehicleRacing
    } else {
        AooTrigger::VehicleDriving
    };
    if !world.resource::<Ruleset>().aoo.triggers.contains(&trigger) {
        return Vec::new();
    }
    let order = &world.resource::<Combat>().order;
    let index = world.resource::<UnitIndex>();
    let mut reactors: Vec<UnitId> = index
        .0
        .iter()
        .filter(|(r, e)| *r != vehicle && world.get::<VehicleStats>(**e).is_none())
        .map(|(r, _)| r)
        .filter(|r| hostile(world, vehicle, r) && aoo_refusal(world, r).is_none())
        .filter(|r| {
            left.iter()
                .any(|sq| crate::rules::reactions::threat::threatens_at(world, r, *sq, 0))
        })
        .filter(|r| !crate::rules::reactions::protection::protected_from_aoo(world, r, vehicle))
        .cloned()
        .collect();
    reactors.sort_by_key(|u| order.iter().position(|e| &e.unit == u).unwrap_or(usize::MAX));
    reactors
}

/// One attack of opportunity against a moving vehicle; racing gives it +2 AC (VEH-17),
/// written as −2 on the attack roll so the event carries it with its source.
pub(crate) fn vehicle_aoo(
    ex: &mut Executor,
    reactor: &UnitId,
    vehicle: &UnitId,
    square_left: Square,
    racing: bool,
) -> Result<(), RuleError> {
    let rules = ex.ruleset().clone();
    let Some(weapon) = ex
        .get::<Profile>(reactor)
        .and_then(|p| crate::rules::attack::melee_weapon(p, |w| weapon_threatens(&rules.threat, w)).cloned())
    else {
        return Ok(());
    };
    let bonus = rules.vehicles.map_or(0, |v| v.racing_aoo_ac_bonus);
    ex.emit(ReactionEvent::AttackOfOpportunity {
        reactor: reactor.clone(),
        target: vehicle.clone(),
        square_left,
        trigger: if racing { "racing vehicle" } else { "driving vehicle" }.to_string(),
    });
    let situation = crate::rules::attack::situation::situation(ex.world, reactor, vehicle, &weapon)?;
    let extra = match racing && bonus != 0 {
        true => vec![Modifier::new(
            -bonus,
            format!("{vehicle} is racing (+{bonus} AC, VEH-17)"),
        )],
        false => Vec::new(),
    };
    crate::rules::attack::resolve_attack(
        ex,
        reactor,
        vehicle,
        &weapon,
        &situation,
        extra,
        "attack of opportunity",
    )?;
    Ok(())
}
