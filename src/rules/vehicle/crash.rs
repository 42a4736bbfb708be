//! Crashing (VEH-10, 001:4583-4592): a vehicle that runs into an obstacle or another unit
//! takes double its collision damage, and so does what it hit; it stops.

use super::CollisionKind;
use super::access::{after_hardness, damage, roll_collision, vehicle, wrecked};
use crate::rules::{Executor, GameEvent, RuleError, UnitId};

/// `vehicle` crashes into `into` (`None`: a wall or obstacle, whose damage is not tracked).
pub(crate) fn crash(ex: &mut Executor, vehicle_id: &UnitId, into: Option<UnitId>) -> Result<(), RuleError> {
    let rules = super::access::vehicle_rules(ex.world)?;
    let v = vehicle(ex.world, vehicle_id)?;
    let (dice, rolled) = roll_collision(ex, &v)?;
    let doubled = rolled * rules.crash_multiplier;
    let vehicle_damage = after_hardness(ex.world, vehicle_id, doubled);
    let target_damage = into.as_ref().map_or(doubled, |t| after_hardness(ex.world, t, doubled));
    ex.emit(GameEvent::VehicleCollision {
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
    ex.emit(GameEvent::VehicleStopped {
        vehicle: vehicle_id.clone(),
        reason: reason.to_string(),
    });
    Ok(())
}
