//! Attack rolls that help rather than harm (RULES.md §4.3.1): starfinder covering and
//! harrying fire (001:858-864, 900-905), saga aid another and suppress (004:371-377) and the
//! d20 families' aid another (MNV-SRD-8, docs/d20-maneuvers.md: against AC 10, in melee, the
//! bonus to the ally's attack or to its AC against the foe's next attack). Each
//! is a roll against a fixed defense that deals no damage; a hit gives an ally a bonus, or a
//! foe a penalty, for one attack roll until the roller's next turn. The bonus itself is
//! applied and used up by `situation` and `attack::resolve_attack`.

use crate::grid::{SightModel, line_of_effect_with};
use crate::rules::AttackEvent;
use crate::rules::D20Check;
use crate::rules::Terrain;
use crate::rules::attack::action::check_attack;
use crate::rules::attack::events::{SupportKind, SupportRoll};
use crate::rules::attack::situation::{attacker_conditions, situation};
use crate::rules::attack::stacking::apply_stacking;
use crate::rules::engine::error::illegal;
use crate::rules::health::LifeState;
use crate::rules::reactions::opportunity::provoked_by;
use crate::rules::reactions::threat::{hostile, space_of};
use crate::rules::sequence::turn::{EffectTerms, start_effect, take_action};
use crate::rules::{Combat, Executor, Modifier, Profile, RuleError, SupportBonus, UnitId, Weapon, WeaponKind};
use crate::ruleset::{AooTrigger, Ruleset, SupportFire};
use bevy::prelude::World;

impl SupportKind {
    /// The family's numbers for this kind, if the family has it.
    fn rules(self, rules: &Ruleset) -> Option<SupportFire> {
        let options = &rules.attack_options;
        match self {
            SupportKind::Covering => options.covering_fire,
            SupportKind::Harrying => options.harrying_fire,
            SupportKind::Aid => options.aid_another,
            SupportKind::Suppress => options.suppress,
        }
    }
}

/// One support action as ordered: `target` is the ally covered (covering fire) or the foe;
/// `ally` the ally aided (aid another).
#[derive(Debug, Clone, Copy)]
pub struct SupportOrder<'a> {
    pub kind: SupportKind,
    pub unit: &'a UnitId,
    pub target: &'a UnitId,
    pub ally: Option<&'a UnitId>,
    pub weapon: Option<&'a str>,
    /// d20 aid another: the bonus goes to the ally's defense instead of its attack.
    pub ally_defense: bool,
}

/// A checked support action: the rules, the weapon, the attack modifiers, and whether it
/// is a ranged attack (which may provoke, §8.2).
#[derive(Debug, Clone)]
pub struct SupportPlan {
    pub rules: SupportFire,
    pub weapon: Weapon,
    pub modifiers: Vec<Modifier>,
    pub ranged: bool,
}

/// The best ranged weapon of `unit`, or the one named.
fn ranged_weapon(world: &World, unit: &UnitId, name: Option<&str>, what: &str) -> Result<Weapon, RuleError> {
    let profile =
        crate::rules::unit_component::<Profile>(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let ranged = |w: &&Weapon| matches!(w.kind, WeaponKind::Ranged | WeaponKind::Thrown);
    let weapon = match name {
        Some(name) => profile
            .weapon_named(name)
            .filter(ranged)
            .ok_or_else(|| illegal(format!("{unit} has no ranged weapon named {name}")))?,
        None => profile
            .weapons
            .iter()
            .filter(ranged)
            .max_by_key(|w| w.attack)
            .ok_or_else(|| illegal(format!("{unit} has no ranged weapon for {what}")))?,
    };
    Ok(weapon.clone())
}

/// Checks a support action and works out its roll's modifiers.
pub fn check_support(world: &World, order: SupportOrder) -> Result<SupportPlan, RuleError> {
    let SupportOrder {
        kind,
        unit,
        target,
        ally,
        weapon,
        ..
    } = order;
    let rules = world.resource::<Ruleset>();
    let support = kind
        .rules(rules)
        .ok_or_else(|| RuleError::NotSupported(format!("{} is not in {}'s rules", kind.name(), rules.name)))?;
    let state = |u: &UnitId| crate::rules::unit_component::<LifeState>(world, u).copied();
    crate::rules::health::check_can_act(world, unit)?;
    if state(target).is_none() {
        return Err(RuleError::UnknownUnit(target.clone()));
    }
    let foe_needed = kind != SupportKind::Covering;
    if foe_needed != hostile(world, unit, target) || target == unit {
        let wanted = if foe_needed { "a foe" } else { "an ally" };
        return Err(illegal(format!("{} is for {wanted}; {target} is not one", kind.name())));
    }
    let weapon_bonus = |w: &Weapon| Modifier::new(w.attack, format!("{} attack bonus", w.name));
    let (weapon, modifiers, ranged) = match kind {
        SupportKind::Covering => {
            // No target creature: only the shooter's own conditions count.
            let weapon = ranged_weapon(world, unit, weapon, kind.name())?;
            let mut modifiers = vec![weapon_bonus(&weapon)];
            modifiers.extend(attacker_conditions(world, unit, &weapon)?.0);
            (weapon, modifiers, true)
        }
        SupportKind::Harrying => {
            let weapon = ranged_weapon(world, unit, weapon, kind.name())?;
            let map = &world.resource::<Terrain>().0;
            let (from, to) = (space_of(world, unit), space_of(world, target));
            let clear = from
                .zip(to)
                .is_some_and(|(f, t)| line_of_effect_with(map, SightModel::of(&rules.cover), f, t));
            if !clear {
                return Err(illegal(format!("{target} is not in {unit}'s line of effect")));
            }
            // A real ranged attack roll at the foe: range, conditions and the like count; the
            // foe's defenses do not, the target number is fixed.
            let mut modifiers = vec![weapon_bonus(&weapon)];
            modifiers.extend(situation(world, unit, target, &weapon)?.attack);
            (weapon, modifiers, true)
        }
        SupportKind::Aid | SupportKind::Suppress => {
            if kind == SupportKind::Aid {
                let ally = ally.ok_or_else(|| illegal("aid another names the ally it helps"))?;
                if state(ally).is_none() {
                    return Err(RuleError::UnknownUnit(ally.clone()));
                }
                if ally == unit || hostile(world, unit, ally) {
                    return Err(illegal(format!("aid another helps an ally; {ally} is not one")));
                }
            }
            // "Make an Attack": everything an attack on the foe needs (reach or range, line
            // of effect) and its attack modifiers; the defense is the fixed one.
            let plan = check_attack(world, unit, target, weapon)?;
            if kind == SupportKind::Aid {
                check_d20_aid(world, &support, order, plan.situation.ranged)?;
            }
            let mut modifiers = vec![weapon_bonus(&plan.weapon)];
            modifiers.extend(plan.situation.attack);
            (plan.weapon, modifiers, plan.situation.ranged)
        }
    };
    world.resource::<Combat>().can_spend(&rules.actions, support.action)?;
    Ok(SupportPlan {
        rules: support,
        weapon,
        modifiers,
        ranged,
    })
}

/// MNV-SRD-8 (d20 aid another): "If you're in position to make a melee attack on an opponent
/// that is engaging a friend in melee combat ...": the roll is a melee attack where the family
/// says so, the foe and the ally threaten one another, and the bonus goes to the ally's AC
/// only where the family offers that choice.
fn check_d20_aid(world: &World, support: &SupportFire, order: SupportOrder, ranged: bool) -> Result<(), RuleError> {
    let (unit, target) = (order.unit, order.target);
    if support.melee_only && ranged {
        return Err(illegal(format!(
            "aid another is a melee attack: {unit} is not in position to make one on {target} (MNV-SRD-8)"
        )));
    }
    if order.ally_defense && !support.ally_defense {
        return Err(illegal(
            "in this family aid another gives only the bonus to the ally's attack",
        ));
    }
    if let (true, Some(ally)) = (support.engaged, order.ally) {
        let threatens = |a: &UnitId, b: &UnitId| {
            space_of(world, b).is_some_and(|s| {
                let height = crate::rules::reactions::threat::elevation_of(world, b);
                s.squares()
                    .any(|sq| crate::rules::reactions::threat::threatens_at(world, a, sq, height))
            })
        };
        if !threatens(target, ally) && !threatens(ally, target) {
            return Err(illegal(format!(
                "{target} is not engaging {ally} in melee: aid another helps a friend in melee (MNV-SRD-8)"
            )));
        }
    }
    Ok(())
}

/// Pays the action, resolves the attacks of opportunity a ranged attack provokes (§8.2),
/// rolls against the fixed defense (ATK-1: natural 1 misses, natural 20 hits) and, on a
/// hit, starts the one-roll effect that lasts until the roller's next turn.
pub fn execute_support(ex: &mut Executor, order: SupportOrder) -> Result<(), RuleError> {
    let plan = check_support(ex.world, order)?;
    let SupportOrder {
        kind,
        unit,
        target,
        ally,
        ally_defense,
        ..
    } = order;
    take_action(ex, unit, plan.rules.action, format!("{} ({target})", kind.name()));
    if plan.ranged {
        let square = space_of(ex.world, unit)
            .map(|s| s.at)
            .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
        for reactor in provoked_by(ex.world, unit, AooTrigger::RangedAttack) {
            crate::rules::reactions::opportunity::attack_of_opportunity(
                ex,
                &reactor,
                unit,
                square,
                "ranged attack, in",
            )?;
        }
        if !ex.get::<LifeState>(unit).copied().unwrap_or_default().can_act() {
            return Ok(());
        }
    }
    let rules = ex.ruleset().attack;
    let roll = ex.roll(20, format!("{}: {unit} with {}", kind.name(), plan.weapon.name))?;
    // §21: the family's stacking rules, as for any attack roll.
    let mut modifiers = plan.modifiers;
    let total = roll.result as i32 + apply_stacking(&mut modifiers, &ex.ruleset().stacking);
    let hit = rules.hits(roll.result, total, plan.rules.defense);
    ex.emit(AttackEvent::SupportResolved {
        unit: unit.clone(),
        kind,
        target: target.clone(),
        ally: ally.cloned(),
        roll: Box::new(SupportRoll {
            weapon: plan.weapon.name.clone(),
            check: D20Check {
                roll,
                modifiers,
                total,
                dc: Some(plan.rules.defense),
                success: hit,
            },
        }),
    });
    if !hit {
        return Ok(());
    }
    let bonus = plan.rules.bonus;
    let support = match (kind, ally) {
        (SupportKind::Covering, _) => SupportBonus::Defense(bonus),
        (SupportKind::Harrying, _) => SupportBonus::Attack(bonus),
        (SupportKind::Aid, Some(ally)) if ally_defense => SupportBonus::AllyDefense {
            ally: ally.clone(),
            bonus,
        },
        (SupportKind::Aid, Some(ally)) => SupportBonus::AllyAttack {
            ally: ally.clone(),
            bonus,
        },
        (SupportKind::Aid, None) => return Err(illegal("aid another names the ally it helps")),
        (SupportKind::Suppress, _) => SupportBonus::OwnAttack(bonus),
    };
    // SEQ-5: one round from the roller's count ends it just before its next turn.
    let terms = EffectTerms {
        support: Some(support),
        ..EffectTerms::default()
    };
    start_effect(ex, unit, target, kind.name(), 1, terms);
    Ok(())
}
