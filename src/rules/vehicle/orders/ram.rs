//! Ram (VEH-8, 001:4488-4511, WE-54): a race-line move into one creature or object. A
//! creature saves (Reflex vs collision DC) to avoid it; a vehicle's pilot avoids it only by
//! beating the rammer's Piloting result (ties go to the attacker). A hit deals double the
//! collision roll to the target and half of it to the rammer.

use super::line::straight_line;
use super::race::{RacePlan, check_race, race_along, race_check, race_dc};
use crate::rules::D20Check;
use crate::rules::VehicleEvent;
use crate::rules::vehicle::access;
use crate::rules::vehicle::access::{
    Blocker, aboard, after_hardness, can_act, illegal, piloting_modifiers, reflex, vehicle, wrecked,
};
use crate::rules::vehicle::control::autocontrol;
use crate::rules::vehicle::control::autopilot;
use crate::rules::vehicle::rolls::{damage, roll_check, roll_collision};
use crate::rules::vehicle::{CollisionKind, VehicleMove};
use crate::rules::{Executor, Modifier, RuleError, UnitId};
use crate::ruleset::{ActionKind, Fraction};
use bevy::prelude::World;

/// The damage of a ram hit from one collision roll: (to the target, to the rammer) before
/// hardness (WE-54: 14 → 28 and 7).
pub fn ram_damage(rolled: u32, target_multiplier: u32, ram_self: Fraction) -> (u32, u32) {
    (rolled * target_multiplier, ram_self.of_floor(rolled))
}

/// Whether a defending pilot's Piloting result avoids a ram: it must exceed the rammer's.
pub fn ram_avoided_by_pilot(defender_total: i32, rammer_total: i32) -> bool {
    defender_total > rammer_total
}

pub(crate) fn check_ram(world: &World, pilot: &UnitId, target: &UnitId, angle: i32) -> Result<RacePlan, RuleError> {
    let mut plan = check_race(world, pilot, angle, None)?;
    let v = &plan.vehicle;
    if target == &v.id || aboard(world, target).is_some_and(|a| a.vehicle == v.id) {
        return Err(illegal(format!("{} cannot ram itself or its riders", v.id)));
    }
    let line = straight_line(world, v, f64::from(angle), v.stats.full_ft, &|_| false);
    let hits = match &line.blocked_by {
        Some(Blocker::Unit(u)) => {
            u == target
                || aboard(world, u).is_some_and(|a| &a.vehicle == target)
                || aboard(world, target).is_some_and(|a| &a.vehicle == u)
        }
        _ => false,
    };
    if !hits {
        return Err(illegal(format!(
            "{target} is not the first thing on {}'s race line at {angle}° within {} ft",
            v.id, v.stats.full_ft
        )));
    }
    plan.dc = race_dc(world, v)?.0;
    plan.line = line;
    Ok(plan)
}

pub(crate) fn execute_ram(ex: &mut Executor, pilot: &UnitId, target: &UnitId, angle: i32) -> Result<(), RuleError> {
    let plan = check_ram(ex.world, pilot, target, angle)?;
    let rules = access::vehicle_rules(ex.world)?;
    crate::rules::sequence::turn::take_action(ex, pilot, ActionKind::Full, "ram".into());
    let (total, ok) = race_check(ex, pilot, &plan, "Piloting check to ram")?;
    if !ok {
        return Ok(());
    }
    let v = plan.vehicle.clone();
    let arrived = race_along(ex, pilot, &v, &plan.line, VehicleMove::Ram, v.stats.full_ft)?;
    if !arrived || wrecked(ex.world, &v.id) {
        return Ok(());
    }
    let (dice, rolled) = roll_collision(ex, &v)?;
    let (save, avoided) = ram_defense(ex, &v.stats, target, total)?;
    let (to_target, to_self) = match avoided {
        true => (0, 0),
        false => ram_damage(rolled, rules.ram_target_multiplier, rules.ram_self),
    };
    let target_damage = after_hardness(ex.world, target, to_target);
    let vehicle_damage = after_hardness(ex.world, &v.id, to_self);
    ex.emit(VehicleEvent::VehicleCollision {
        vehicle: v.id.clone(),
        target: Some(target.clone()),
        kind: CollisionKind::Ram,
        dice,
        rolled,
        save,
        target_damage,
        vehicle_damage,
    });
    damage(ex, target, target_damage)?;
    damage(ex, &v.id, vehicle_damage)?;
    Ok(())
}

/// The target's chance to avoid the ram, and whether it did: a vehicle's able pilot makes a
/// Piloting check that must exceed the rammer's result (on autocontrol, the pilot's most
/// recent Piloting result stands for the check, VEH-13; an engaged autopilot rolls its own,
/// VEH-14); a creature a Reflex save against the
/// collision DC; an uncontrolled vehicle or object none.
fn ram_defense(
    ex: &mut Executor,
    rammer: &crate::rules::vehicle::VehicleStats,
    target: &UnitId,
    rammer_total: i32,
) -> Result<(Option<D20Check>, bool), RuleError> {
    let rolled = |c: D20Check| {
        let avoided = c.success;
        (Some(c), avoided)
    };
    if let Ok(tv) = vehicle(ex.world, target) {
        if tv.state.autocontrol_engaged {
            let purpose = format!("Piloting check to avoid the ram (must exceed {rammer_total})");
            let avoided = autocontrol::fixed_check(ex, target, &purpose, rammer_total + 1);
            return Ok((None, avoided));
        }
        // VEH-14: an engaged autopilot controls the vehicle and makes its Piloting checks.
        if tv.state.autopilot_engaged {
            let purpose = format!("Piloting check to avoid the ram (must exceed {rammer_total})");
            let check = autopilot::piloting_check(ex, &tv, &purpose, Some(rammer_total + 1))?;
            return Ok(rolled(check));
        }
        let Some(p) = tv.state.controlled_by.clone().filter(|p| can_act(ex.world, p)) else {
            return Ok((None, false));
        };
        let mods = piloting_modifiers(ex.world, &p, &tv);
        let purpose = format!("Piloting check to avoid the ram (must exceed {rammer_total})");
        // Ties go to the attacker: the defender needs one more than the rammer's result.
        let check = roll_check(ex, &p, target, &purpose, true, mods, Some(rammer_total + 1))?;
        debug_assert_eq!(check.success, ram_avoided_by_pilot(check.total, rammer_total));
        return Ok(rolled(check));
    }
    if ex
        .get::<crate::rules::Profile>(target)
        .is_some_and(|p| p.kind == crate::rules::UnitKind::Object)
    {
        return Ok((None, false));
    }
    let bonus = reflex(ex.world, target).unwrap_or(0);
    let mods = vec![Modifier::new(bonus, "Reflex save")];
    let check = roll_check(
        ex,
        target,
        target,
        "Reflex save against the ram",
        false,
        mods,
        Some(rammer.collision_dc),
    )?;
    Ok(rolled(check))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WE-54: collision roll 14 → the target takes 28, the rammer 7.
    #[test]
    fn we_54_ram_double_to_target_half_to_rammer() {
        assert_eq!(ram_damage(14, 2, Fraction::new(1, 2)), (28, 7));
        assert_eq!(ram_damage(15, 2, Fraction::new(1, 2)), (30, 7));
    }

    /// WE-54: the defending pilot must exceed the rammer's Piloting result.
    #[test]
    fn we_54_ram_ties_go_to_the_attacker() {
        assert!(!ram_avoided_by_pilot(20, 20));
        assert!(ram_avoided_by_pilot(21, 20));
    }
}
