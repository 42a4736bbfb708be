//! Staying alive (RULES.md §17): a dying starfinder creature losing Resolve at the end of its
//! turns (HP-SF-2), stabilizing by spending Resolve (HP-SF-3), staying in the fight
//! (HP-SF-4), and saga's second wind (HP-SG-11). Restoring Hit Points stops bleeding (§20).

use crate::rules::HealthEvent;
use crate::rules::engine::error::illegal;
use crate::rules::health::LifeState;
use crate::rules::sequence::turn::take_action;
use crate::rules::unit_component as get;
use crate::rules::{Combat, Executor, Health, Recovery, RuleError, UnitId};
use crate::ruleset::Ruleset;
use bevy::prelude::World;

/// HP-SF-2: at the end of its turn a dying creature loses Resolve; with none left it dies.
/// One that dropped during its own turn first loses Resolve at the end of its next turn.
pub fn end_of_turn(ex: &mut Executor, unit: &UnitId) {
    if ex.get::<LifeState>(unit) != Some(&LifeState::Dying) {
        return;
    }
    let Some(resolve) = ex.ruleset().health.resolve else {
        return;
    };
    if ex.world.resource::<Combat>().dying_grace.contains(unit) {
        ex.emit(HealthEvent::DyingGraceUsed { unit: unit.clone() });
        return;
    }
    let Some(Health::StaminaHitPointsResolve { rp, .. }) = ex.get::<Health>(unit).copied() else {
        return;
    };
    if rp < resolve.dying_rp_per_turn {
        ex.emit(HealthEvent::LifeStateChanged {
            unit: unit.clone(),
            from: LifeState::Dying,
            to: LifeState::Dead,
        });
    } else {
        let left = rp - resolve.dying_rp_per_turn;
        ex.emit(HealthEvent::ResolveSpent {
            unit: unit.clone(),
            amount: resolve.dying_rp_per_turn,
            rp: left,
            reason: "dying".into(),
        });
    }
}

/// HP-SF-3 (c): checks that a dying creature can spend Resolve to stabilize on its turn.
pub fn check_stabilize(world: &World, unit: &UnitId) -> Result<u32, RuleError> {
    let rules = world.resource::<Ruleset>();
    let resolve = rules
        .health
        .resolve
        .ok_or_else(|| RuleError::NotSupported(format!("stabilizing with Resolve is not in {}'s rules", rules.name)))?;
    if get::<LifeState>(world, unit) != Some(&LifeState::Dying) {
        return Err(illegal(format!("{unit} is not dying")));
    }
    let Some(Health::StaminaHitPointsResolve { rp, rp_max, .. }) = get::<Health>(world, unit).copied() else {
        return Err(illegal(format!("{unit} has no Resolve Points")));
    };
    let cost = resolve.stabilize_cost.for_max(rp_max.unwrap_or(0));
    if rp < cost {
        return Err(illegal(format!(
            "stabilizing costs {cost} Resolve Points; {unit} has {rp}"
        )));
    }
    Ok(cost)
}

/// Spends the Resolve and makes the creature stable (unconscious, 0 HP, losing nothing more).
pub fn stabilize(ex: &mut Executor, unit: &UnitId) -> Result<(), RuleError> {
    let cost = check_stabilize(ex.world, unit)?;
    let Some(Health::StaminaHitPointsResolve { rp, .. }) = ex.get::<Health>(unit).copied() else {
        return Ok(());
    };
    ex.emit(HealthEvent::ResolveSpent {
        unit: unit.clone(),
        amount: cost,
        rp: rp - cost,
        reason: "stabilize".into(),
    });
    ex.emit(HealthEvent::LifeStateChanged {
        unit: unit.clone(),
        from: LifeState::Dying,
        to: LifeState::Stable,
    });
    Ok(())
}

/// HP-SF-4: checks that a stable creature at 0 HP may spend Resolve to get back up, at the
/// start of its turn and not in a round it stabilized.
pub fn check_stay_in_the_fight(world: &World, unit: &UnitId) -> Result<(), RuleError> {
    let rules = world.resource::<Ruleset>();
    let resolve = rules
        .health
        .resolve
        .ok_or_else(|| RuleError::NotSupported(format!("staying in the fight is not in {}'s rules", rules.name)))?;
    if get::<LifeState>(world, unit) != Some(&LifeState::Stable) {
        return Err(illegal(format!("{unit} is not stable at 0 HP")));
    }
    let combat = world.resource::<Combat>();
    if combat.acted {
        return Err(illegal("staying in the fight is done at the start of the turn"));
    }
    if combat.stabilized_in_round.get(unit) == Some(&combat.round) {
        return Err(illegal(format!(
            "{unit} stabilized this round and cannot also stay in the fight"
        )));
    }
    match get::<Health>(world, unit) {
        Some(Health::StaminaHitPointsResolve { rp, .. }) if *rp >= resolve.stay_in_fight_rp => Ok(()),
        _ => Err(illegal(format!("{unit} has no Resolve Point to spend"))),
    }
}

/// Spends the Resolve: 1 HP, conscious, acting normally this turn.
pub fn stay_in_the_fight(ex: &mut Executor, unit: &UnitId) -> Result<(), RuleError> {
    check_stay_in_the_fight(ex.world, unit)?;
    let Some(resolve) = ex.ruleset().health.resolve else {
        return Ok(());
    };
    let Some(Health::StaminaHitPointsResolve {
        sp,
        sp_max,
        hp,
        hp_max,
        rp,
        rp_max,
    }) = ex.get::<Health>(unit).copied()
    else {
        return Ok(());
    };
    let rp = rp - resolve.stay_in_fight_rp;
    ex.emit(HealthEvent::ResolveSpent {
        unit: unit.clone(),
        amount: resolve.stay_in_fight_rp,
        rp,
        reason: "stay in the fight".into(),
    });
    let health = Health::StaminaHitPointsResolve {
        sp,
        sp_max,
        hp: hp + resolve.stay_in_fight_hp,
        hp_max,
        rp,
        rp_max,
    };
    healed(ex, unit, resolve.stay_in_fight_hp, health);
    ex.emit(HealthEvent::LifeStateChanged {
        unit: unit.clone(),
        from: LifeState::Stable,
        to: LifeState::Fine,
    });
    Ok(())
}

/// HP-SG-11: checks a second wind: heroic, at or below half HP, not yet this encounter or
/// beyond the day's allowance; returns the HP it heals.
pub fn check_second_wind(world: &World, unit: &UnitId) -> Result<u32, RuleError> {
    let rules = world.resource::<Ruleset>();
    let sw = rules
        .health
        .second_wind
        .ok_or_else(|| RuleError::NotSupported(format!("the second wind is not in {}'s rules", rules.name)))?;
    let Some(Health::DamageThresholdTrack { hp, hp_max, heroic, .. }) = get::<Health>(world, unit).copied() else {
        return Err(illegal(format!("{unit} has no damage threshold track")));
    };
    if sw.heroic_only && !heroic {
        return Err(illegal(format!(
            "only heroic characters catch a second wind; {unit} is not heroic"
        )));
    }
    crate::rules::health::check_can_act(world, unit)?;
    let used = get::<Recovery>(world, unit).copied().unwrap_or_default();
    if used.second_wind_this_encounter && sw.per_encounter <= 1 {
        return Err(illegal(format!(
            "{unit} already caught its second wind in this encounter"
        )));
    }
    if used.second_winds_today >= sw.per_day {
        return Err(illegal(format!("{unit} has no second wind left today")));
    }
    if hp > sw.at_or_below.of_floor(hp_max) {
        return Err(illegal(format!(
            "a second wind needs {} HP or fewer; {unit} has {hp}",
            sw.at_or_below.of_floor(hp_max)
        )));
    }
    world.resource::<Combat>().can_spend(&rules.actions, sw.action)?;
    let heal = sw.heal_fraction.of_floor(hp_max);
    Ok(if sw.at_least_con_score {
        heal.max(used.con_score)
    } else {
        heal
    })
}

/// Catches a second wind: the family's action, then the healing (never above maximum).
pub fn second_wind(ex: &mut Executor, unit: &UnitId) -> Result<(), RuleError> {
    let heal = check_second_wind(ex.world, unit)?;
    let Some(sw) = ex.ruleset().health.second_wind else {
        return Ok(());
    };
    take_action(ex, unit, sw.action, "second wind".into());
    let Some(Health::DamageThresholdTrack {
        hp,
        hp_max,
        damage_threshold,
        track_step,
        heroic,
    }) = ex.get::<Health>(unit).copied()
    else {
        return Ok(());
    };
    let amount = heal.min(hp_max - hp);
    let health = Health::DamageThresholdTrack {
        hp: hp + amount,
        hp_max,
        damage_threshold,
        track_step,
        heroic,
    };
    healed(ex, unit, amount, health);
    ex.emit(HealthEvent::SecondWindCaught { unit: unit.clone() });
    Ok(())
}

/// Emits the healing; Hit Points restored stop any bleeding (§20, 001:3848-3850).
fn healed(ex: &mut Executor, unit: &UnitId, amount: u32, health: Health) {
    ex.emit(HealthEvent::Healed {
        unit: unit.clone(),
        amount,
        health,
    });
    if amount > 0 {
        crate::rules::health::bleeding::stop_after_healing(ex, unit);
    }
}
