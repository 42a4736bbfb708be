//! Coup de grace (§4.3.1): a full action against a helpless foe that hits and crits without an
//! attack roll; a foe that survives the damage saves with Fortitude or dies (starfinder
//! 001:1056-1063, d20 SRD), or, in saga, dies if the blow takes it to 0 HP or finds it
//! unconscious or disabled (004:303-307). The family's terms are `attack_options.coup_de_grace`.

use super::{AttackEvent, reduce_damage, roll_damage};
use crate::rules::attack::action::{attack_provokes, check_attacker_and_target, in_reach};
use crate::rules::attack::situation::situation;
use crate::rules::engine::error::illegal;
use crate::rules::health::LifeState;
use crate::rules::health::conditions::effective_conditions;
use crate::rules::reactions::opportunity::provoked_by;
use crate::rules::reactions::threat::space_of;
use crate::rules::sequence::turn::take_action;
use crate::rules::{
    ConditionName, D20Check, Executor, Health, HealthEvent, Modifier, Profile, RuleError, UnitId, UnitKind, Weapon,
    WeaponKind,
};
use crate::ruleset::{AooTrigger, AreaResolution, CoupDeGrace, CoupDeGraceDc, CoupDeGraceWeapons, Ruleset};
use bevy::prelude::World;

/// What an allowed coup de grace will do: the weapon and the family's terms.
#[derive(Debug, Clone)]
pub struct CoupDeGracePlan {
    pub weapon: Weapon,
    pub terms: CoupDeGrace,
    /// Who gets an attack of opportunity before the blow (AOO-1): the family's coup de grace
    /// trigger and, with a ranged or untrained unarmed weapon, that attack's.
    pub provokes: Vec<UnitId>,
}

fn terms(rules: &Ruleset) -> Result<CoupDeGrace, RuleError> {
    rules
        .attack_options
        .coup_de_grace
        .ok_or_else(|| RuleError::NotSupported(format!("a coup de grace is not in {}'s rules yet", rules.name)))
}

/// Whether `unit` may deliver a coup de grace to `target` with the weapon named (else its best
/// melee weapon that may, else its best ranged one): the family's action, a helpless target,
/// a weapon that may deliver it from where `unit` stands.
pub fn check_coup_de_grace(
    world: &World,
    unit: &UnitId,
    target: &UnitId,
    weapon: Option<&str>,
) -> Result<CoupDeGracePlan, RuleError> {
    let rules = world.resource::<Ruleset>();
    let terms = terms(rules)?;
    world
        .resource::<crate::rules::Combat>()
        .can_spend(&rules.actions, terms.action)?;
    let (e, te) = check_attacker_and_target(world, unit, target)?;
    let target_profile = world
        .get::<Profile>(te)
        .ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
    if terms.creatures_only && matches!(target_profile.kind, UnitKind::Vehicle | UnitKind::Object) {
        return Err(illegal(format!(
            "a coup de grace cannot be delivered against a vehicle or an object such as {target} (004:307)"
        )));
    }
    let conditions = effective_conditions(world, target);
    let helpless = conditions.contains(&ConditionName::Helpless) || conditions.contains(&ConditionName::Paralyzed);
    if !helpless || !rules.position.helpless.coup_de_grace {
        return Err(illegal(format!(
            "{target} is not helpless: a coup de grace needs a helpless foe"
        )));
    }
    let profile = world
        .get::<Profile>(e)
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let next_to = match (space_of(world, unit), space_of(world, target)) {
        (Some(a), Some(t)) => a.adjacent(t),
        _ => false,
    };
    let may = |w: &Weapon| match (terms.weapons, w.kind) {
        (CoupDeGraceWeapons::AnyAdjacent, _) => next_to,
        (CoupDeGraceWeapons::MeleeOrAdjacentRanged, WeaponKind::Melee | WeaponKind::Unarmed) => {
            in_reach(world, unit, target, w, profile)
        }
        (CoupDeGraceWeapons::MeleeOrAdjacentRanged, _) => next_to,
    };
    let weapon = match weapon {
        Some(name) => {
            let w = profile
                .weapon_named(name)
                .ok_or_else(|| illegal(format!("{unit} has no weapon named {name}")))?;
            if !may(w) {
                return Err(illegal(match terms.weapons {
                    CoupDeGraceWeapons::AnyAdjacent => format!("a coup de grace needs {target} adjacent to {unit}"),
                    CoupDeGraceWeapons::MeleeOrAdjacentRanged => format!(
                        "{} cannot deliver a coup de grace to {target}: a melee weapon that reaches it, or a ranged one from next to it",
                        w.name
                    ),
                }));
            }
            w
        }
        None if terms.weapons == CoupDeGraceWeapons::AnyAdjacent && !next_to => {
            return Err(illegal(format!("a coup de grace needs {target} adjacent to {unit}")));
        }
        None => profile
            .weapons
            .iter()
            .filter(|w| w.area.is_none())
            .filter(|w| may(w))
            .max_by_key(|w| (matches!(w.kind, WeaponKind::Melee | WeaponKind::Unarmed), w.attack))
            .ok_or_else(|| illegal(format!("{unit} has no weapon that can deliver a coup de grace to {target}")))?,
    }
    .clone();
    let ranged = matches!(weapon.kind, WeaponKind::Ranged | WeaponKind::Thrown);
    let mut provokes = provoked_by(world, unit, AooTrigger::CoupDeGrace);
    if let Some((trigger, _)) = attack_provokes(world, unit, &weapon, ranged) {
        provokes.extend(provoked_by(world, unit, trigger));
    }
    provokes.dedup();
    Ok(CoupDeGracePlan {
        weapon,
        terms,
        provokes,
    })
}

/// Delivers it: the action, the attacks of opportunity it or its weapon provokes (AOO-1:
/// first), the critical damage with no attack roll, then the target's death by the family's
/// terms.
pub fn execute_coup_de_grace(
    ex: &mut Executor,
    unit: &UnitId,
    target: &UnitId,
    weapon: Option<&str>,
) -> Result<(), RuleError> {
    let plan = check_coup_de_grace(ex.world, unit, target, weapon)?;
    let rules = ex.ruleset().clone();
    take_action(ex, unit, plan.terms.action, format!("coup de grace on {target}"));
    let square = space_of(ex.world, unit)
        .map(|s| s.at)
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    for reactor in &plan.provokes {
        crate::rules::reactions::opportunity::attack_of_opportunity(ex, reactor, unit, square, "coup de grace, in")?;
    }
    if !ex.get::<LifeState>(unit).copied().unwrap_or_default().can_act() {
        return Ok(());
    }
    let before = ex.get::<LifeState>(target).copied().unwrap_or_default();
    let target_profile = ex
        .get::<Profile>(target)
        .cloned()
        .ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
    let situation = situation(ex.world, unit, target, &plan.weapon)?;
    let critical = rules.attack.critical.coup_de_grace_crits;
    let context = "coup de grace";
    let mut damage = roll_damage(ex, &rules, &plan.weapon, &situation.damage, critical, context)?;
    reduce_damage(ex, &rules, target, &target_profile, &plan.weapon, &mut damage)?;
    let dealt = damage.dealt;
    ex.emit(AttackEvent::CoupDeGraceDelivered {
        attacker: unit.clone(),
        target: target.clone(),
        weapon: plan.weapon.name.clone(),
        critical,
        damage: Box::new(damage.clone()),
    });
    super::deal_weapon_damage(ex, &rules, &plan.weapon, target, &target_profile, dealt, damage.lethal)?;
    let now = ex.get::<LifeState>(target).copied().unwrap_or_default();
    if now == LifeState::Dead {
        return Ok(());
    }
    let dies = if plan.terms.kills_down {
        // 004:305: brought to 0 HP, or hit while unconscious or disabled.
        let at_zero = ex.get::<Health>(target).is_some_and(|h| match *h {
            Health::StaminaHitPointsResolve { hp, .. } | Health::DamageThresholdTrack { hp, .. } => hp == 0,
            Health::HitPoints { hp, .. } => hp <= 0,
        });
        at_zero || matches!(before, LifeState::Unconscious | LifeState::Disabled)
    } else if let Some(save) = plan.terms.save {
        let level = ex.get::<Profile>(unit).map_or(0, |p| p.level as i32);
        let dc = save.base.saturating_add(match save.plus {
            CoupDeGraceDc::AttackerLevel => level,
            CoupDeGraceDc::DamageDealt => dealt.min(i32::MAX as u32) as i32,
        });
        !fortitude_save(ex, &rules, target, &target_profile, dc)?
    } else {
        false
    };
    if dies {
        ex.emit(HealthEvent::LifeStateChanged {
            unit: target.clone(),
            from: now,
            to: LifeState::Dead,
        });
    }
    Ok(())
}

/// The target's Fortitude save against dying (the family's natural 1 and 20 rules for saves,
/// as for Reflex saves against areas); emitted as `coup_de_grace_save`.
fn fortitude_save(
    ex: &mut Executor,
    rules: &Ruleset,
    target: &UnitId,
    profile: &Profile,
    dc: i32,
) -> Result<bool, RuleError> {
    let saves = profile
        .saves
        .ok_or_else(|| illegal(format!("{target} has no saving throws in its stat block")))?;
    let roll = ex.roll(20, format!("coup de grace: {target}'s Fortitude save against death"))?;
    let natural = roll.result;
    let mut check = D20Check::against(roll, vec![Modifier::new(saves.fortitude, "Fortitude save")], Some(dc));
    if let AreaResolution::ReflexSave {
        natural_1_fails,
        natural_20_succeeds,
        ..
    } = rules.area.resolution
    {
        match natural {
            1 if natural_1_fails => check.success = false,
            20 if natural_20_succeeds => check.success = true,
            _ => {}
        }
    }
    let success = check.success;
    ex.emit(AttackEvent::CoupDeGraceSave {
        unit: target.clone(),
        check,
    });
    Ok(success)
}
