//! Crashing (VEH-10, 001:4583-4592): a vehicle that runs into an obstacle or another unit
//! takes double its collision damage, and so does what it hit; it stops. The pilot of a
//! controlled vehicle in its way may dodge it as if rammed.

use crate::rules::VehicleEvent;
use crate::rules::vehicle::CollisionKind;
use crate::rules::vehicle::access;
use crate::rules::vehicle::access::{after_hardness, can_act, piloting_modifiers, vehicle, wrecked};
use crate::rules::vehicle::control::autopilot;
use crate::rules::vehicle::rolls::{damage, roll_check, roll_collision};
use crate::rules::{Executor, RuleError, UnitId};

/// `vehicle` crashes into `into` (`None`: a wall or obstacle, whose damage is not tracked).
pub(crate) fn crash(ex: &mut Executor, vehicle_id: &UnitId, into: Option<UnitId>) -> Result<(), RuleError> {
    let rules = access::vehicle_rules(ex.world)?;
    let v = vehicle(ex.world, vehicle_id)?;
    let (dice, rolled) = roll_collision(ex, &v)?;
    let doubled = rolled * rules.crash_multiplier;
    let vehicle_damage = after_hardness(ex.world, vehicle_id, doubled);
    let target_damage = into.as_ref().map_or(doubled, |t| after_hardness(ex.world, t, doubled));
    ex.emit(VehicleEvent::VehicleCollision {
        vehicle: vehicle_id.clone(),
        target: into.clone(),
        kind: CollisionKind::Crash,
        dice,
        rolled,
        save: None,
        target_damage,
        vehicle_damage,
    });
    damage(ex, vehicle_id, vehicle_damage)?;
    if let Some(t) = &into {
        damage(ex, t, target_damage)?;
    }
    let reason = if wrecked(ex.world, vehicle_id) {
        "wrecked in a crash"
    } else {
        "crashed"
    };
    ex.emit(VehicleEvent::VehicleStopped {
        vehicle: vehicle_id.clone(),
        reason: reason.to_string(),
    });
    Ok(())
}

/// The Piloting result a pilot must exceed to dodge the uncontrolled `vehicle` (VEH-10 "as
/// if being rammed", where the attacker wins ties): its last Piloting result, or 10 + its
/// item level when it has none (RULES.md U20).
pub fn dodge_to_beat(last_piloting_result: Option<i32>, base: u32, item_level: u32) -> i32 {
    last_piloting_result.unwrap_or((base + item_level) as i32)
}

/// VEH-10: the uncontrolled `moving` vehicle runs into `hit`. If `hit` is a vehicle whose
/// pilot can act (not on autocontrol, which counts as uncontrolled), that pilot makes a
/// Piloting check as if rammed, or its engaged autopilot does (VEH-14); returns whether it
/// dodged.
pub(crate) fn dodges(ex: &mut Executor, moving: &UnitId, hit: &UnitId) -> Result<bool, RuleError> {
    let Ok(target) = vehicle(ex.world, hit) else {
        return Ok(false);
    };
    let rules = access::vehicle_rules(ex.world)?;
    let m = vehicle(ex.world, moving)?;
    let beat = dodge_to_beat(m.state.last_piloting_result, rules.race_dc_base, m.stats.item_level);
    let purpose = format!("Piloting check to avoid the uncontrolled {moving} (must exceed {beat})");
    // VEH-14: an engaged autopilot controls the vehicle and makes its Piloting checks.
    if target.state.autopilot_engaged {
        return Ok(autopilot::piloting_check(ex, &target, &purpose, Some(beat + 1))?.success);
    }
    let Some(pilot) = target
        .state
        .controlled_by
        .clone()
        .filter(|p| can_act(ex.world, p) && !target.state.autocontrol_engaged)
    else {
        return Ok(false);
    };
    let mods = piloting_modifiers(ex.world, &pilot, &target);
    let check = roll_check(ex, &pilot, hit, &purpose, true, mods, Some(beat + 1))?;
    Ok(check.success)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// VEH-10 (U20): the uncontrolled vehicle's last Piloting result, else 10 + item level.
    #[test]
    fn veh_10_dodge_dc_is_last_piloting_result_or_10_plus_item_level() {
        assert_eq!(dodge_to_beat(Some(23), 10, 4), 23);
        assert_eq!(dodge_to_beat(None, 10, 4), 14);
    }
}
