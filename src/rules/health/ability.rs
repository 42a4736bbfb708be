//! Ability damage (RULES.md HP-SF-8, starfinder 001:1497-1584): the damage a unit has taken
//! to each ability, the `DamageAbility` effect that adds to it, and the penalty it puts on
//! the rolls that use the ability. Only `apply` writes `AbilityDamage`; attack rolls, damage,
//! defenses and initiative read the penalties from here (`situation`, `sequence`).
//!
//! The engine rolls no saving throws and no skill or ability checks, so the Constitution
//! (Fortitude), Dexterity (Reflex) and Wisdom (Will) penalties are shown on the unit for a
//! referee, not applied. Ability drain, negative levels, the key ability's Resolve loss and
//! Dex-based weapon damage (operative weapons) are not modelled.

use crate::rules::HealthEvent;
use crate::rules::engine::error::illegal;
use crate::rules::health::LifeState;
use crate::rules::{
    Ability, ConditionName, Conditions, Executor, Health, Modifier, Profile, RuleError, UnitId, WeaponKind,
    unit_component,
};
use crate::ruleset::{AbilityDamageRules, Ruleset};
use bevy::prelude::{Component, World};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Damage taken to each ability (HP-SF-8); never above the ability's score.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AbilityDamage(pub BTreeMap<Ability, u32>);

impl AbilityDamage {
    pub fn of(&self, ability: Ability) -> u32 {
        self.0.get(&ability).copied().unwrap_or(0)
    }
}

/// HP-SF-8: −1 to the modifier for every `points_per_penalty` points of damage.
pub fn penalty_for(rules: &AbilityDamageRules, damage: u32) -> i32 {
    -((damage / rules.points_per_penalty.max(1)) as i32)
}

/// What the penalty of each ability changes, in the seed's words (001:1532-1541).
pub fn affects(ability: Ability) -> &'static str {
    match ability {
        Ability::Str => "melee and thrown attack and damage rolls",
        Ability::Dex => "AC, ranged attack rolls, initiative and Reflex saves",
        Ability::Con => "Fortitude saves and Stamina Points",
        Ability::Wis => "Will saves",
        Ability::Int | Ability::Cha => "checks based on it",
    }
}

/// The penalty `unit`'s damage to `ability` puts on its modifier now, as a modifier named
/// for its source ("Strength damage"); `None` when there is none.
pub fn penalty(world: &World, unit: &UnitId, ability: Ability) -> Option<Modifier> {
    let rules = world.resource::<Ruleset>().health.ability_damage?;
    let damage = unit_component::<AbilityDamage>(world, unit)?.of(ability);
    let value = penalty_for(&rules, damage);
    (value != 0).then(|| Modifier::new(value, format!("{} damage", ability.name())))
}

/// The ability an attack roll with a weapon of `kind` relies on: Strength for melee and
/// thrown weapons, Dexterity for ranged ones (001:1533-1538, "usually").
pub fn attack_ability(kind: WeaponKind) -> Ability {
    match kind {
        WeaponKind::Melee | WeaponKind::Unarmed | WeaponKind::Thrown => Ability::Str,
        WeaponKind::Ranged => Ability::Dex,
    }
}

/// Ability-damage penalties on an attack roll and on the weapon's damage (HP-SF-8: Str to
/// melee and thrown attack and damage, Dex to ranged attack rolls).
pub fn attack_penalties(world: &World, attacker: &UnitId, kind: WeaponKind) -> (Option<Modifier>, Option<Modifier>) {
    let ability = attack_ability(kind);
    let attack = penalty(world, attacker, ability);
    let damage = match ability {
        Ability::Str => attack.clone(),
        _ => None,
    };
    (attack, damage)
}

/// Checks a `DamageAbility` effect: the family must have ability damage, the amount must be
/// at least 1 and the target not dead.
pub fn check_damage_ability(world: &World, target: &UnitId, amount: u32) -> Result<AbilityDamageRules, RuleError> {
    let rules = world.resource::<Ruleset>();
    let ad = rules.health.ability_damage.ok_or_else(|| {
        RuleError::NotSupported(format!(
            "ability damage is not in {}'s rules (RULES.md gives it for starfinder only, HP-SF-8)",
            rules.name
        ))
    })?;
    let state = unit_component::<LifeState>(world, target).ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
    if *state == LifeState::Dead {
        return Err(illegal(format!("{target} is dead")));
    }
    if amount == 0 {
        return Err(illegal("ability damage must be at least 1"));
    }
    Ok(ad)
}

/// HP-SF-8: adds the damage (a total never above the score: "you cease taking damage to
/// that ability score"); Constitution damage costs level × 1 Stamina Points (maximum and
/// current) per 2 points; damage equal to the score knocks the unit out, or for
/// Constitution kills it.
pub fn damage_ability(
    ex: &mut Executor,
    source: &UnitId,
    target: &UnitId,
    ability: Ability,
    amount: u32,
) -> Result<(), RuleError> {
    let rules = check_damage_ability(ex.world, target, amount)?;
    let profile = ex
        .get::<Profile>(target)
        .cloned()
        .ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
    let score = profile.scores.of(ability);
    let before = ex.get::<AbilityDamage>(target).map_or(0, |d| d.of(ability));
    let total = before.saturating_add(amount).min(score);
    ex.emit(HealthEvent::AbilityDamaged {
        unit: target.clone(),
        source: source.clone(),
        ability,
        amount,
        total,
        score,
        penalty: penalty_for(&rules, total),
    });
    let steps = (total / rules.points_per_penalty) - (before / rules.points_per_penalty);
    if ability == Ability::Con
        && steps > 0
        && let Some(Health::StaminaHitPointsResolve {
            sp,
            sp_max,
            hp,
            hp_max,
            rp,
            rp_max,
        }) = ex.get::<Health>(target).copied()
    {
        let lost = profile.level * rules.con_sp_per_level * steps;
        let new_max = sp_max.saturating_sub(lost);
        // The Stamina is lost, not dealt as damage: it never spills into Hit Points.
        let new_sp = sp.saturating_sub(lost).min(new_max);
        ex.emit(HealthEvent::StaminaDrained {
            unit: target.clone(),
            sp_lost: sp - new_sp,
            sp_max_lost: sp_max - new_max,
            health: Health::StaminaHitPointsResolve {
                sp: new_sp,
                sp_max: new_max,
                hp,
                hp_max,
                rp,
                rp_max,
            },
            reason: format!("{total} Constitution damage"),
        });
    }
    if total >= score && before < score {
        knock_out(ex, target, ability);
    }
    Ok(())
}

/// HP-SF-8, HP-SF-6: damage equal to the score: Constitution kills; any other ability
/// leaves the unit unconscious (and so helpless, §20) while the damage lasts, which in a
/// battle is to its end (it heals 1 a day).
fn knock_out(ex: &mut Executor, target: &UnitId, ability: Ability) {
    let state = ex.get::<LifeState>(target).copied().unwrap_or_default();
    if ability == Ability::Con {
        if state != LifeState::Dead {
            ex.emit(HealthEvent::LifeStateChanged {
                unit: target.clone(),
                from: state,
                to: LifeState::Dead,
            });
        }
        return;
    }
    for condition in [ConditionName::Unconscious, ConditionName::Helpless] {
        let has = ex.get::<Conditions>(target).is_some_and(|c| c.0.contains(&condition));
        if !has {
            ex.emit(HealthEvent::ConditionChanged {
                unit: target.clone(),
                condition,
                gained: true,
            });
        }
    }
}
