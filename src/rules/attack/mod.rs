//! One attack roll and its damage (RULES.md ATK-1, §14.3, §15, §16.1, §21): the d20 with every
//! modifier and its source, combined by the family's stacking rules; the defense the family
//! uses, natural 1 and 20, the family's critical-hit model, damage dice with the family's
//! minimum. Emits `AttackResolved` and, on a hit, the damage through `health::take_damage`.

pub mod commands;
pub mod coup_de_grace;
mod events;
use crate::rules::{HealthEvent, SequenceEvent};
pub use events::AttackEvent;

pub mod action;
pub mod concealment;
pub mod fight_defensively;
pub mod full_attack;
pub mod multiply;
pub mod options;
pub mod preview;
pub mod situation;
pub mod stacking;
pub mod support;

use super::attack::situation::Situation;
use super::attack::stacking::{apply_stacking, saturating_total};
use super::health::{LifeState, take_damage};
use super::{DamageReductionDef, Shields, UnitKind, WeaponKind};
use super::{DamageType, Defenses, DieRoll, Executor, Health, Modifier, Profile, RuleError, UnitId, Weapon};
use crate::ruleset::{
    CriticalDamage, CriticalModel, DamageLayer, DamageReduction, FlatFootedEffect, Ruleset, ShieldRating,
};
use serde::{Deserialize, Serialize};

/// The defense an attack was compared with, and how it was made up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DefenseUsed {
    /// "EAC", "KAC", "AC", "Defense" or "Reflex".
    pub name: String,
    pub value: i32,
    pub modifiers: Vec<Modifier>,
}

/// Damage dealt by one hit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageRoll {
    pub dice: Vec<DieRoll>,
    pub bonus: i32,
    /// How many times the damage was rolled (critical hits) or the factor it was multiplied by.
    pub multiplier: u32,
    pub total: u32,
    pub types: Vec<DamageType>,
    /// The family's minimum damage applied (starfinder: nonlethal).
    pub minimum_applied: bool,
    pub lethal: bool,
    /// The target's shields, when it has any (saga Shield Rating, §16.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shield: Option<ShieldHit>,
    /// Damage reduction that took its share, or an immunity (§16.3, §16.4).
    pub reduced_by: Option<Modifier>,
    /// What reached the target's health after reduction.
    pub dealt: u32,
}

/// What a hit did to the target's Shield Rating (§16.3, 004:879-885).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShieldHit {
    /// The Shield Rating the hit met.
    pub rating: u32,
    /// Damage the shields stopped.
    pub absorbed: u32,
    /// The Shield Rating after the hit: lower when the damage exceeded it.
    pub now: u32,
}

/// Everything an attack roll decided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackRoll {
    pub weapon: String,
    pub roll: DieRoll,
    pub modifiers: Vec<Modifier>,
    pub total: i32,
    pub defense: DefenseUsed,
    pub hit: bool,
    pub critical: bool,
    /// d20_modern-style confirmation roll, when one was made.
    pub confirmation: Option<DieRoll>,
    /// starfinder concealment: the miss chance in percent and the d% rolled for it (§10.2).
    pub miss_chance: Option<(u32, DieRoll)>,
    pub damage: Option<DamageRoll>,
}

/// The defense of `target` against damage of `types` (§15 "which defense an attack targets"),
/// with flat-footedness and the `situational` modifiers combined by the family's stacking
/// rules (§21): every modifier is listed, the ones that do not count marked `ignored`.
pub fn defense_against(
    rules: &Ruleset,
    target: &Profile,
    flat_footed: bool,
    types: &[DamageType],
    situational: &[Modifier],
) -> DefenseUsed {
    let energy = |t: &DamageType| {
        matches!(
            t,
            DamageType::Acid
                | DamageType::Cold
                | DamageType::Electricity
                | DamageType::Fire
                | DamageType::Sonic
                | DamageType::Energy
        )
    };
    let (name, value) = match target.defenses {
        // EAC only for attacks that deal only energy damage; KAC otherwise (000:119-125).
        Defenses::EacKac { eac, .. } if !types.is_empty() && types.iter().all(energy) => ("EAC", eac),
        Defenses::EacKac { kac, .. } => ("KAC", kac),
        Defenses::ArmorClass { ac } => ("AC", ac),
        Defenses::Defense { defense } => ("Defense", defense),
        Defenses::ReflexFortitudeWill { reflex, .. } => ("Reflex", reflex),
    };
    let mut modifiers = Vec::new();
    if flat_footed {
        match rules.defense.flat_footed.effect {
            FlatFootedEffect::DefensePenalty { amount } => {
                modifiers.push(Modifier::new(amount, "flat-footed"));
            }
            FlatFootedEffect::LoseDexBonus { .. } if target.abilities.dex > 0 => {
                modifiers.push(Modifier::new(-target.abilities.dex, "flat-footed: no Dex bonus"));
            }
            FlatFootedEffect::LoseDexBonus { .. } => {}
        }
    }
    modifiers.extend(situational.iter().cloned());
    let value = saturating_total([value, apply_stacking(&mut modifiers, &rules.stacking)]);
    DefenseUsed {
        name: name.to_string(),
        value,
        modifiers,
    }
}

/// Every modifier on an attack roll with `weapon`: its own bonus first, then the situation's,
/// then what the action adds (`extra`). Not yet combined (§21 `apply_stacking`).
pub fn attack_modifiers(weapon: &Weapon, situation: &Situation, extra: Vec<Modifier>) -> Vec<Modifier> {
    let mut modifiers = vec![Modifier::new(weapon.attack, format!("{} attack bonus", weapon.name))];
    modifiers.extend(situation.attack.iter().cloned());
    modifiers.extend(extra);
    modifiers
}

/// Rolls an attack with `weapon` by `attacker` against `target`, emits `AttackResolved` and
/// applies the damage. `situation` holds what the battlefield adds (cover, concealment,
/// flanking, ...; `situation::situation`), `extra` what the action adds (a charge's modifier).
pub fn resolve_attack(
    ex: &mut Executor,
    attacker: &UnitId,
    target: &UnitId,
    weapon: &Weapon,
    situation: &Situation,
    extra: Vec<Modifier>,
    context: &str,
) -> Result<AttackRoll, RuleError> {
    let rules = ex.ruleset().clone();
    let target_profile = ex
        .get::<Profile>(target)
        .cloned()
        .ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
    let defense = defense_against(
        &rules,
        &target_profile,
        situation.flat_footed,
        &weapon.damage_types,
        &situation.defense,
    );
    let roll = ex.roll(
        20,
        format!("{context}: {attacker} attacks {target} with {}", weapon.name),
    )?;
    let mut modifiers = attack_modifiers(weapon, situation, extra);
    let bonus = apply_stacking(&mut modifiers, &rules.stacking);
    let total = saturating_total([roll.result as i32, bonus]);
    let natural = roll.result;
    let meets = |t: i32| rules.attack.meets(t, defense.value);
    let mut hit = rules.attack.hits(natural, total, defense.value);
    let mut confirmation = None;
    // §14.3: weapons' expanded threat ranges are not in the stat-block format yet, so only a
    // natural 20 threatens.
    let mut critical = hit
        && natural == rules.attack.natural_hit
        && match rules.attack.critical.model {
            CriticalModel::ConfirmByDefense => meets(total),
            CriticalModel::AlwaysOnNatural20 => true,
            CriticalModel::ConfirmationRoll => {
                let again = ex.roll(20, format!("{context}: critical confirmation for {attacker}"))?;
                let confirmed = meets(again.result as i32 + bonus);
                confirmation = Some(again);
                confirmed
            }
        };
    // §10.2 starfinder: a hit against a concealed target misses on the miss chance.
    let mut miss_chance = None;
    if hit && let Some(pct) = situation.miss_chance {
        let d = ex.roll(100, format!("{context}: concealment miss chance ({pct}%)"))?;
        let missed = d.result <= pct;
        miss_chance = Some((pct, d));
        if missed {
            hit = false;
            critical = false;
        }
    }
    let damage = match hit {
        true => {
            let mut d = roll_damage(ex, &rules, weapon, &situation.damage, critical, context)?;
            reduce_damage(ex, &rules, target, &target_profile, weapon, &mut d)?;
            Some(d)
        }
        false => None,
    };
    let attack = AttackRoll {
        weapon: weapon.name.clone(),
        roll,
        modifiers,
        total,
        defense,
        hit,
        critical,
        confirmation,
        miss_chance,
        damage: damage.clone(),
    };
    ex.emit(AttackEvent::AttackResolved {
        attacker: attacker.clone(),
        target: target.clone(),
        context: context.to_string(),
        attack: Box::new(attack.clone()),
    });
    use_up_support(ex, &situation.support_used);
    if let Some(damage) = damage {
        deal_weapon_damage(ex, &rules, weapon, target, &target_profile, damage.dealt, damage.lethal)?;
    }
    Ok(attack)
}

/// §16.3: `d` passes through the family's damage layers in its order on its way to
/// `target` (shields, damage reduction and immunities); `d.dealt` is what is left.
pub(crate) fn reduce_damage(
    ex: &Executor,
    rules: &Ruleset,
    target: &UnitId,
    target_profile: &Profile,
    weapon: &Weapon,
    d: &mut DamageRoll,
) -> Result<(), RuleError> {
    let shields = ex.get::<Shields>(target).map(|s| s.0);
    // The reduction is asked for only when the family has the layer (it may be "not
    // supported" in a family without it).
    let reduction = match rules.damage.order.contains(&DamageLayer::DamageReduction) {
        true => reduction(rules, target_profile, weapon)?,
        false => None,
    };
    let (dealt, shield) = through_layers(rules, shields, reduction.as_ref(), d.dealt);
    d.dealt = dealt;
    d.shield = shield;
    d.reduced_by = reduction;
    Ok(())
}

/// §16.3: what of `amount` passes the family's damage layers, in the family's order: the
/// target's Shield Rating `shields` (saga) and the damage reduction `reduction` that applies.
/// Pure: `reduce_damage` runs a rolled hit through it, the previews every possible total.
pub(crate) fn through_layers(
    rules: &Ruleset,
    shields: Option<u32>,
    reduction: Option<&Modifier>,
    amount: u32,
) -> (u32, Option<ShieldHit>) {
    let (mut dealt, mut shield) = (amount, None);
    for layer in &rules.damage.order {
        match layer {
            DamageLayer::ShieldRating => {
                if let (Some(rating), Some(sr)) = (shields, rules.damage.shields) {
                    let hit = shield_hit(&sr, rating, dealt);
                    dealt -= hit.absorbed;
                    shield = Some(hit);
                }
            }
            // §16.3 damage reduction, §16.4 immunity to stun and ion.
            DamageLayer::DamageReduction => {
                if let Some(r) = reduction {
                    dealt = dealt.saturating_sub(r.value.max(0) as u32);
                }
            }
            _ => {}
        }
    }
    (dealt, shield)
}

/// What reached `target` from a hit with `weapon` goes to its health: saga stun and ion
/// damage by their own rules, everything else through the family's health model.
pub(crate) fn deal_weapon_damage(
    ex: &mut Executor,
    rules: &Ruleset,
    weapon: &Weapon,
    target: &UnitId,
    target_profile: &Profile,
    dealt: u32,
    lethal: bool,
) -> Result<(), RuleError> {
    match special_kind(rules, weapon) {
        Some((special, name)) => deal_special(ex, rules, &special, name, target, target_profile, dealt),
        None => deal_damage(ex, rules, target, dealt, lethal),
    }
}

/// §4.3.1: covering and harrying fire, aid another and suppress last for one attack roll;
/// ends the effects (`Situation::support_used`) that roll drew on.
pub(crate) fn use_up_support(ex: &mut Executor, used: &[u32]) {
    for id in used {
        let effect = ex
            .world
            .resource::<super::Combat>()
            .effects
            .iter()
            .find(|e| e.id == *id)
            .cloned();
        if let Some(effect) = effect {
            ex.emit(SequenceEvent::EffectEnded {
                id: effect.id,
                name: effect.name,
                target: effect.target,
            });
        }
    }
}

/// §14.3: how a hit's damage is multiplied: (times the dice and bonus are rolled, factor the
/// total is multiplied by) — (1, 1) for an ordinary hit; a critical per the family.
pub(crate) fn damage_multiplier(rules: &Ruleset, critical: bool) -> (u32, u32) {
    match (critical, rules.attack.critical.damage) {
        (false, _) => (1, 1),
        (true, CriticalDamage::RollTimes { default_multiplier, .. }) => (default_multiplier.max(1), 1),
        (true, CriticalDamage::MultiplyTotal { factor }) => (1, factor.max(1)),
    }
}

/// §16.1–16.2: the weapon's dice (with their bonus) rolled once, or per the critical model.
pub(crate) fn roll_damage(
    ex: &mut Executor,
    rules: &Ruleset,
    weapon: &Weapon,
    modifiers: &[Modifier],
    critical: bool,
    context: &str,
) -> Result<DamageRoll, RuleError> {
    let bonus = saturating_total(std::iter::once(weapon.damage.bonus).chain(modifiers.iter().map(|m| m.value)));
    let (times, factor) = damage_multiplier(rules, critical);
    let mut dice = Vec::new();
    let mut sum: i64 = 0;
    for _ in 0..times {
        for _ in 0..weapon.damage.count {
            let d = ex.roll(weapon.damage.sides, format!("{context}: {} damage", weapon.name))?;
            sum += d.result as i64;
            dice.push(d);
        }
        sum += bonus as i64;
    }
    sum *= factor as i64;
    let minimum = rules.damage.minimum;
    let minimum_applied = sum < minimum.amount as i64;
    let total = if minimum_applied {
        minimum.amount
    } else {
        u32::try_from(sum).unwrap_or(u32::MAX)
    };
    Ok(DamageRoll {
        dice,
        bonus,
        multiplier: times.max(factor),
        total,
        types: weapon.damage_types.clone(),
        minimum_applied,
        lethal: !(minimum_applied && minimum.nonlethal),
        shield: None,
        reduced_by: None,
        dealt: total,
    })
}

/// §16.3 saga Shield Rating: it stops damage up to its rating, and drops when a hit's
/// damage exceeds it (never below 0). Shields that are down stop nothing.
fn shield_hit(rules: &ShieldRating, rating: u32, damage: u32) -> ShieldHit {
    let now = if damage > rating {
        rating.saturating_sub(rules.loss_per_exceeding_hit)
    } else {
        rating
    };
    ShieldHit {
        rating,
        absorbed: damage.min(rating),
        now,
    }
}

/// The damage reduction that applies to a hit by `weapon` on `target` (§16.3), or an
/// immunity expressed as a reduction of everything.
pub(crate) fn reduction(rules: &Ruleset, target: &Profile, weapon: &Weapon) -> Result<Option<Modifier>, RuleError> {
    if target.dr.is_empty() {
        return Ok(None);
    }
    let kinetic = |t: &DamageType| matches!(t, DamageType::Bludgeoning | DamageType::Piercing | DamageType::Slashing);
    let applies = |dr: &&DamageReductionDef| !weapon.damage_types.iter().any(|t| dr.bypass.contains(t));
    let best = |list: &[DamageReductionDef]| list.iter().filter(applies).map(|d| d.amount).max();
    let amount = match &rules.damage.reduction {
        DamageReduction::NotAvailable => {
            return Err(RuleError::NotSupported(format!(
                "damage reduction is not in {}'s rules",
                rules.name
            )));
        }
        // starfinder: only kinetic damage, the best single source (001:2745-2799).
        DamageReduction::KineticOnlyBestSource => {
            if !weapon.damage_types.iter().any(kinetic) {
                return Ok(None);
            }
            if !weapon.damage_types.iter().all(kinetic) {
                return Err(RuleError::NotSupported(
                    "damage reduction against mixed kinetic and energy damage: how the damage splits is not in the seeds"
                        .into(),
                ));
            }
            best(&target.dr)
        }
        // saga: every attack, the value best for the defender; some weapons ignore it (004:766-776).
        DamageReduction::EveryAttackBestForDefender { ignored_by } => {
            if ignored_by
                .iter()
                .any(|w| weapon.name.to_lowercase().contains(&w.to_lowercase()))
            {
                return Ok(None);
            }
            best(&target.dr)
        }
    };
    Ok(amount
        .filter(|a| *a > 0)
        .map(|a| Modifier::new(a as i32, format!("damage reduction {a}"))))
}

/// saga stun or ion damage, if `weapon` deals it (DMG-5, DMG-6).
fn special_kind(rules: &Ruleset, weapon: &Weapon) -> Option<(crate::ruleset::SpecialDamage, &'static str)> {
    if weapon.damage_types.contains(&DamageType::Stun) {
        return rules.damage.stun.map(|s| (s, "stun"));
    }
    if weapon.damage_types.contains(&DamageType::Ion) {
        return rules.damage.ion.map(|s| (s, "ion"));
    }
    None
}

/// Stun: only creatures are affected at all; ion: everyone loses the HP, but only droids,
/// vehicles, objects and cyborgs move down the track (DMG-5, DMG-6).
fn deal_special(
    ex: &mut Executor,
    rules: &Ruleset,
    special: &crate::ruleset::SpecialDamage,
    name: &str,
    target: &UnitId,
    profile: &Profile,
    amount: u32,
) -> Result<(), RuleError> {
    let living = matches!(profile.kind, UnitKind::Creature | UnitKind::Cyborg);
    let (affected, track) = match name {
        "stun" => (living, true),
        _ => (true, profile.kind != UnitKind::Creature),
    };
    if !affected {
        ex.emit(HealthEvent::DamageIgnored {
            unit: target.clone(),
            reason: format!("{:?}s are immune to {name} damage", profile.kind).to_lowercase(),
        });
        return Ok(());
    }
    emit_damage(ex, target, amount, false, |health, state| {
        super::health::take_special(&rules.health, special, health, state, amount, track)
    })
}

/// Applies damage to `target` through the family's health model and emits what changed.
pub fn deal_damage(
    ex: &mut Executor,
    rules: &Ruleset,
    target: &UnitId,
    amount: u32,
    lethal: bool,
) -> Result<(), RuleError> {
    emit_damage(ex, target, amount, lethal, |health, state| {
        take_damage(&rules.health, health, state, amount, lethal)
    })
}

/// Runs one health-model step on `target` and emits the damage and any change of life state.
fn emit_damage(
    ex: &mut Executor,
    target: &UnitId,
    amount: u32,
    lethal: bool,
    model: impl FnOnce(Health, LifeState) -> super::health::DamageResult,
) -> Result<(), RuleError> {
    let health = *ex
        .get::<Health>(target)
        .ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
    let state = ex.get::<LifeState>(target).copied().unwrap_or_default();
    let result = model(health, state);
    ex.emit(HealthEvent::DamageTaken {
        unit: target.clone(),
        amount,
        lethal,
        health: result.health,
        track_steps: result.track_steps,
    });
    if result.state != state {
        ex.emit(HealthEvent::LifeStateChanged {
            unit: target.clone(),
            from: state,
            to: result.state,
        });
    }
    Ok(())
}

/// The weapon a unit uses for attacks of opportunity: its best melee weapon that threatens.
pub fn melee_weapon(profile: &Profile, threatens: impl Fn(&Weapon) -> bool) -> Option<&Weapon> {
    profile
        .weapons
        .iter()
        .filter(|w| matches!(w.kind, WeaponKind::Melee | WeaponKind::Unarmed | WeaponKind::Ranged) && threatens(w))
        .max_by_key(|w| w.attack)
}
