//! The attack action (RULES.md §4.3.1 single attack, ATK-1): check that the target can be
//! attacked with the weapon (reach, line of effect, range), resolve the attacks of
//! opportunity a ranged attack provokes (§8.2), then roll with every situational modifier.

use super::attack::{defense_against, resolve_attack};
use super::health::LifeState;
use super::resolve::take_action;
use super::situation::{Situation, situation};
use super::threat::{provoked_by, space_of};
use super::{Combat, Executor, Profile, RuleError, UnitId, UnitIndex, Weapon, WeaponKind};
use crate::grid::threatens_square;
use crate::ruleset::{ActionKind, AooTrigger, CriticalModel, Ruleset};
use bevy::prelude::World;
use serde::Serialize;

/// A checked attack: the weapon and the situation it is made in.
#[derive(Debug, Clone)]
pub struct AttackPlan {
    pub weapon: Weapon,
    pub situation: Situation,
    /// Enemies the attack provokes before it is made (§8.2: ranged attacks in starfinder).
    pub provokes: Vec<UnitId>,
}

fn illegal(why: impl Into<String>) -> RuleError {
    RuleError::IllegalMove(why.into())
}

/// Whether `weapon` (a melee weapon) reaches any square of `target` from `attacker`.
fn in_reach(world: &World, attacker: &UnitId, target: &UnitId, weapon: &Weapon, profile: &Profile) -> bool {
    let rules = world.resource::<Ruleset>();
    let (Some(a), Some(t)) = (space_of(world, attacker), space_of(world, target)) else {
        return false;
    };
    let reach = weapon.reach_ft.unwrap_or(profile.reach_ft) / rules.grid.square_ft.max(1);
    t.squares()
        .any(|q| threatens_square(a, reach.max(1), &rules.threat.metric, rules.grid.diagonal, q))
}

/// Checks an attack by `unit` on `target` with the weapon named (else the best melee weapon
/// that reaches, else the best ranged weapon).
pub fn check_attack(
    world: &World,
    unit: &UnitId,
    target: &UnitId,
    weapon: Option<&str>,
) -> Result<AttackPlan, RuleError> {
    let rules = world.resource::<Ruleset>();
    let index = world.resource::<UnitIndex>();
    let e = *index.0.get(unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let te = *index
        .0
        .get(target)
        .ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
    if unit == target {
        return Err(illegal("a unit cannot attack itself"));
    }
    if !world.get::<LifeState>(e).copied().unwrap_or_default().can_act() {
        return Err(illegal(format!("{unit} cannot act")));
    }
    if world.get::<LifeState>(te) == Some(&LifeState::Dead) {
        return Err(illegal(format!("{target} is dead")));
    }
    let profile = world
        .get::<Profile>(e)
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let weapon = match weapon {
        Some(name) => profile
            .weapons
            .iter()
            .find(|w| w.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| illegal(format!("{unit} has no weapon named {name}")))?,
        None => profile
            .weapons
            .iter()
            .filter(|w| matches!(w.kind, WeaponKind::Melee | WeaponKind::Unarmed))
            .filter(|w| in_reach(world, unit, target, w, profile))
            .max_by_key(|w| w.attack)
            .or_else(|| {
                profile
                    .weapons
                    .iter()
                    .filter(|w| matches!(w.kind, WeaponKind::Ranged | WeaponKind::Thrown))
                    .max_by_key(|w| w.attack)
            })
            .ok_or_else(|| illegal(format!("{unit} has no weapon that can attack {target}")))?,
    }
    .clone();
    if matches!(weapon.kind, WeaponKind::Melee | WeaponKind::Unarmed)
        && !in_reach(world, unit, target, &weapon, profile)
    {
        return Err(illegal(format!("{target} is out of reach of {}", weapon.name)));
    }
    let budget = world
        .resource::<Combat>()
        .budget
        .as_ref()
        .ok_or(RuleError::NoActiveTurn)?;
    budget
        .can_spend(&rules.actions, ActionKind::Standard)
        .map_err(RuleError::Budget)?;
    let situation = situation(world, unit, target, &weapon)?;
    let provokes = if situation.ranged {
        provoked_by(world, unit, AooTrigger::RangedAttack)
    } else {
        Vec::new()
    };

    Ok(AttackPlan {
        weapon,
        situation,
        provokes,
    })
}

/// Executes an attack: pays the standard action, resolves the attacks of opportunity it
/// provokes (AOO-1: before it), then the attack if the attacker is still standing.
pub fn execute_attack(
    ex: &mut Executor,
    unit: &UnitId,
    target: &UnitId,
    weapon: Option<&str>,
) -> Result<(), RuleError> {
    let plan = check_attack(ex.world, unit, target, weapon)?;
    take_action(
        ex,
        unit,
        ActionKind::Standard,
        format!("attack {target} with {}", plan.weapon.name),
    );
    let square = space_of(ex.world, unit)
        .map(|s| s.at)
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    for reactor in &plan.provokes {
        super::movement::attack_of_opportunity(ex, reactor, unit, square, "ranged attack, in")?;
        if !ex.get::<LifeState>(unit).copied().unwrap_or_default().can_act() {
            return Ok(());
        }
    }
    let situation = situation(ex.world, unit, target, &plan.weapon)?;
    resolve_attack(ex, unit, target, &plan.weapon, &situation, Vec::new(), "attack")?;
    Ok(())
}

/// What `query attack` answers: the numbers of an attack before it is made.
#[derive(Debug, Clone, Serialize)]
pub struct AttackPreview {
    pub weapon: String,
    #[serde(flatten)]
    pub situation: Situation,
    /// The weapon's bonus and every situational modifier.
    pub attack_bonus: i32,
    pub defense: super::attack::DefenseUsed,
    /// The lowest d20 roll that hits (a natural 20 always hits, a natural 1 always misses).
    pub roll_needed: u32,
    /// Percent chance to hit, after the concealment miss chance.
    pub chance_to_hit: f64,
    /// Percent chance of a critical hit.
    pub chance_to_crit: f64,
    pub provokes: Vec<UnitId>,
}

/// The preview of an attack, with the same checks as the attack itself.
pub fn preview_attack(
    world: &World,
    unit: &UnitId,
    target: &UnitId,
    weapon: Option<&str>,
) -> Result<AttackPreview, RuleError> {
    let plan = check_attack(world, unit, target, weapon)?;
    let rules = world.resource::<Ruleset>();
    let te = world.resource::<UnitIndex>().0[target];
    let profile = world
        .get::<Profile>(te)
        .ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
    let mut defense = defense_against(rules, profile, plan.situation.flat_footed, &plan.weapon.damage_types);
    for m in &plan.situation.defense {
        defense.value += m.value;
        defense.modifiers.push(m.clone());
    }
    let bonus = plan.weapon.attack + plan.situation.attack.iter().map(|m| m.value).sum::<i32>();
    let (miss, hit) = (rules.attack.natural_miss as i32, rules.attack.natural_hit as i32);
    let tie = if rules.attack.ties_hit { 0 } else { 1 };
    let needed = (defense.value - bonus + tie).clamp(miss + 1, hit);
    let p_roll = |n: i32| f64::from(hit - n + 1) / 20.0;
    let keep = 1.0 - f64::from(plan.situation.miss_chance.unwrap_or(0)) / 100.0;
    let p_hit = p_roll(needed) * keep;
    let natural_20_meets = hit + bonus >= defense.value + tie;
    let p_crit = match rules.attack.critical.model {
        CriticalModel::AlwaysOnNatural20 => 0.05,
        CriticalModel::ConfirmByDefense if natural_20_meets => 0.05,
        CriticalModel::ConfirmByDefense => 0.0,
        CriticalModel::ConfirmationRoll => 0.05 * p_roll(needed),
    } * keep;
    Ok(AttackPreview {
        weapon: plan.weapon.name.clone(),
        attack_bonus: bonus,
        defense,
        roll_needed: needed as u32,
        chance_to_hit: (p_hit * 1000.0).round() / 10.0,
        chance_to_crit: (p_crit * 1000.0).round() / 10.0,
        provokes: plan.provokes,
        situation: plan.situation,
    })
}
