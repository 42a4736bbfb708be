//! Covering fire and harrying fire (RULES.md §4.3.1, starfinder 001:858-864, 900-905): a
//! ranged attack roll against a fixed AC that deals no damage; a hit gives an ally a bonus
//! for one attack until the shooter's next turn. The bonus itself is applied and used up by
//! `situation` and `attack::resolve_attack`.

use super::error::illegal;
use super::health::LifeState;
use super::resolve::take_action;
use super::situation::{attacker_conditions, situation};
use super::threat::{hostile, provoked_by, space_of};
use super::{
    Combat, DieRoll, Executor, GameEvent, Modifier, Profile, RuleError, SupportBonus, UnitId, Weapon, WeaponKind,
};
use crate::grid::{SightModel, line_of_effect_with};
use crate::history::Terrain;
use crate::ruleset::{AooTrigger, Ruleset, SupportFire};
use bevy::prelude::World;
use serde::{Deserialize, Serialize};

/// Which kind of support fire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SupportKind {
    /// An ally gains the bonus to its AC against the next attack by a creature in the
    /// shooter's line of effect.
    Covering,
    /// The next ally to attack the foe gains the bonus to that attack roll.
    Harrying,
}

impl SupportKind {
    pub fn name(self) -> &'static str {
        match self {
            SupportKind::Covering => "covering fire",
            SupportKind::Harrying => "harrying fire",
        }
    }
}

/// The roll of one covering or harrying fire.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SupportRoll {
    pub weapon: String,
    pub roll: DieRoll,
    pub modifiers: Vec<Modifier>,
    pub total: i32,
    /// The fixed AC the roll is made against.
    pub armor_class: i32,
    pub hit: bool,
}

/// A checked support fire: the rules, the weapon and the attack modifiers.
#[derive(Debug, Clone)]
pub struct SupportPlan {
    pub rules: SupportFire,
    pub weapon: Weapon,
    pub modifiers: Vec<Modifier>,
}

/// Checks covering fire for `ally` (`Covering`) or harrying fire at the foe `other`
/// (`Harrying`) by `unit` with the named ranged weapon, else its best one.
pub fn check_support(
    world: &World,
    kind: SupportKind,
    unit: &UnitId,
    other: &UnitId,
    weapon: Option<&str>,
) -> Result<SupportPlan, RuleError> {
    let rules = world.resource::<Ruleset>();
    let options = &rules.attack_options;
    let support = match kind {
        SupportKind::Covering => options.covering_fire,
        SupportKind::Harrying => options.harrying_fire,
    }
    .ok_or_else(|| RuleError::NotSupported(format!("{} is not in {}'s rules", kind.name(), rules.name)))?;
    if !world
        .resource::<super::UnitIndex>()
        .0
        .get(unit)
        .and_then(|e| world.get::<LifeState>(*e))
        .copied()
        .unwrap_or_default()
        .can_act()
    {
        return Err(illegal(format!("{unit} cannot act")));
    }
    let other_space = space_of(world, other).ok_or_else(|| RuleError::UnknownUnit(other.clone()))?;
    let profile = world
        .resource::<super::UnitIndex>()
        .0
        .get(unit)
        .and_then(|e| world.get::<Profile>(*e))
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let ranged = |w: &&Weapon| matches!(w.kind, WeaponKind::Ranged | WeaponKind::Thrown);
    let weapon = match weapon {
        Some(name) => profile
            .weapon_named(name)
            .filter(ranged)
            .ok_or_else(|| illegal(format!("{unit} has no ranged weapon named {name}")))?,
        None => profile
            .weapons
            .iter()
            .filter(ranged)
            .max_by_key(|w| w.attack)
            .ok_or_else(|| illegal(format!("{unit} has no ranged weapon for {}", kind.name())))?,
    }
    .clone();
    let mut modifiers = vec![Modifier {
        value: weapon.attack,
        source: format!("{} attack bonus", weapon.name),
    }];
    match kind {
        SupportKind::Covering => {
            if other == unit || hostile(world, unit, other) {
                return Err(illegal(format!("covering fire is for an ally; {other} is not one")));
            }
            modifiers.extend(attacker_conditions(world, unit, &weapon)?.0);
        }
        SupportKind::Harrying => {
            if !hostile(world, unit, other) {
                return Err(illegal(format!("harrying fire is at a foe; {other} is not one")));
            }
            let map = &world.resource::<Terrain>().0;
            let from = space_of(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
            if !line_of_effect_with(map, SightModel::of(&rules.cover), from, other_space) {
                return Err(illegal(format!("{other} is not in {unit}'s line of effect")));
            }
            // A real ranged attack roll at the foe: range, conditions and the like count;
            // the foe's defenses do not, the target number is the fixed AC.
            modifiers.extend(situation(world, unit, other, &weapon)?.attack);
        }
    }
    world.resource::<Combat>().can_spend(&rules.actions, support.action)?;
    Ok(SupportPlan {
        rules: support,
        weapon,
        modifiers,
    })
}

/// Pays the action, resolves the attacks of opportunity a ranged attack provokes (§8.2),
/// rolls against the fixed AC (ATK-1: natural 1 misses, natural 20 hits) and, on a hit,
/// starts the one-attack bonus that lasts until the shooter's next turn.
pub fn execute_support(
    ex: &mut Executor,
    kind: SupportKind,
    unit: &UnitId,
    other: &UnitId,
    weapon: Option<&str>,
) -> Result<(), RuleError> {
    let plan = check_support(ex.world, kind, unit, other, weapon)?;
    take_action(ex, unit, plan.rules.action, format!("{} ({other})", kind.name()));
    let square = space_of(ex.world, unit)
        .map(|s| s.at)
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    for reactor in provoked_by(ex.world, unit, AooTrigger::RangedAttack) {
        super::movement::attack_of_opportunity(ex, &reactor, unit, square, "ranged attack, in")?;
    }
    if !ex.get::<LifeState>(unit).copied().unwrap_or_default().can_act() {
        return Ok(());
    }
    let rules = ex.ruleset().attack;
    let roll = ex.roll(20, format!("{}: {unit} with {}", kind.name(), plan.weapon.name))?;
    let total = roll.result as i32 + plan.modifiers.iter().map(|m| m.value).sum::<i32>();
    let meets = if rules.ties_hit {
        total >= plan.rules.armor_class
    } else {
        total > plan.rules.armor_class
    };
    let hit = roll.result != rules.natural_miss && (roll.result == rules.natural_hit || meets);
    ex.emit(GameEvent::SupportFireResolved {
        unit: unit.clone(),
        kind,
        beneficiary: other.clone(),
        roll: Box::new(SupportRoll {
            weapon: plan.weapon.name.clone(),
            roll,
            modifiers: plan.modifiers,
            total,
            armor_class: plan.rules.armor_class,
            hit,
        }),
    });
    if hit {
        let support = match kind {
            SupportKind::Covering => SupportBonus::Defense(plan.rules.bonus),
            SupportKind::Harrying => SupportBonus::Attack(plan.rules.bonus),
        };
        let combat = ex.world.resource::<Combat>();
        let (round, count, id) = (combat.round, combat.current_count().unwrap_or(0), combat.next_effect_id);
        // SEQ-5: one round from the shooter's count ends it just before its next turn.
        ex.emit(GameEvent::EffectStarted {
            id,
            name: kind.name().to_string(),
            source: unit.clone(),
            target: other.clone(),
            rounds: 1,
            round,
            count,
            condition: None,
            defense: 0,
            support: Some(support),
        });
    }
    Ok(())
}
