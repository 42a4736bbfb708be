//! The vehicle rules' rolls and their damage: a d20 check (Piloting, a save) emitted with
//! every modifier as a `VehicleCheck`, a vehicle's collision dice (VEH-8..VEH-10), and damage
//! dealt through the target's health model. The steps of the orders that change the battle;
//! the reads they share are `access`'.

use crate::rules::vehicle::access::Vehicle;
use crate::rules::{D20Check, DieRoll, Executor, GameEvent, Modifier, RuleError, UnitId, VehicleEvent};

/// Rolls a d20 check with `modifiers` against `dc` and emits it.
pub(crate) fn roll_check(
    ex: &mut Executor,
    unit: &UnitId,
    vehicle: &UnitId,
    purpose: &str,
    piloting: bool,
    modifiers: Vec<Modifier>,
    dc: Option<i32>,
) -> Result<D20Check, RuleError> {
    let roll = ex.roll(20, format!("{unit}'s {purpose}"))?;
    let check = D20Check::against(roll, modifiers, dc);
    ex.emit(GameEvent::Vehicle(VehicleEvent::VehicleCheck {
        unit: unit.clone(),
        vehicle: vehicle.clone(),
        purpose: purpose.to_string(),
        piloting,
        check: check.clone(),
    }));
    Ok(check)
}

/// Rolls a vehicle's collision damage once (VEH-8..VEH-10).
pub(crate) fn roll_collision(ex: &mut Executor, v: &Vehicle) -> Result<(Vec<DieRoll>, u32), RuleError> {
    let c = v.stats.collision;
    let mut dice = Vec::new();
    let mut sum = i64::from(c.bonus);
    for _ in 0..c.count {
        let d = ex.roll(c.sides, format!("{} collision damage", v.id))?;
        sum += i64::from(d.result);
        dice.push(d);
    }
    Ok((dice, sum.max(0) as u32))
}

/// Deals `amount` damage to `unit` through its health model (lethal).
pub(crate) fn damage(ex: &mut Executor, unit: &UnitId, amount: u32) -> Result<(), RuleError> {
    if amount == 0 {
        return Ok(());
    }
    let rules = ex.ruleset().clone();
    crate::rules::attack::deal_damage(ex, &rules, unit, amount, true)
}
