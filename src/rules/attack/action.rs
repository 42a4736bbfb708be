//! The attack actions (RULES.md §4.3.1 single attack and full attack, ATK-1): check that the
//! target can be attacked with the weapon (reach, line of effect, range), resolve the attacks
//! of opportunity a ranged attack provokes (§8.2), then roll with every situational modifier.
//! How many attacks a full attack allows is `full_attack`'s; saga's fighting defensively as
//! an action of its own is `fight_defensively`'s.

use crate::grid::ThreatReach;
use crate::rules::attack::full_attack::full_attack_penalties;
use crate::rules::attack::situation::{Situation, situation, situation_from};
use crate::rules::attack::stacking::apply_stacking;
use crate::rules::attack::{attack_modifiers, defense_against, resolve_attack};
use crate::rules::engine::error::illegal;
use crate::rules::health::LifeState;
use crate::rules::reactions::opportunity::provoked_by;
use crate::rules::reactions::threat::{elevation_of, reaches_square};
use crate::rules::reactions::threat::{has_reach_hole, space_of, striking_reach};
use crate::rules::sequence::turn::{EffectTerms, start_effect, take_action};
use crate::rules::{Combat, Executor, Modifier, Profile, RuleError, UnitId, UnitIndex, Weapon, WeaponKind};
use crate::ruleset::{ActionKind, AooTrigger, CriticalModel, Ruleset, Until};
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

impl AttackPlan {
    /// The plan of an attack with `weapon` in `situation`, with the enemies it provokes
    /// before it is made (§8.2).
    fn with_provoked(world: &World, unit: &UnitId, weapon: Weapon, situation: Situation) -> AttackPlan {
        let provokes = attack_provokes(world, unit, &weapon, situation.ranged)
            .map(|(trigger, _)| provoked_by(world, unit, trigger))
            .unwrap_or_default();
        AttackPlan {
            weapon,
            situation,
            provokes,
        }
    }
}

/// Whether `weapon` (a melee weapon) reaches any square of `target` from `attacker`, at
/// their altitudes (a flier 20 ft up is out of a 5-ft reach, MOV-14). A d20 SRD reach weapon
/// reaches only beyond its wielder's natural reach (§6.2, `threat::weapon_reach`).
pub(crate) fn in_reach(world: &World, attacker: &UnitId, target: &UnitId, weapon: &Weapon, profile: &Profile) -> bool {
    reaches_target(
        world,
        attacker,
        target,
        striking_reach(world.resource::<Ruleset>(), profile, weapon),
    )
}

/// Whether `reach` from `attacker`'s space covers any square of `target`, at their altitudes.
fn reaches_target(world: &World, attacker: &UnitId, target: &UnitId, reach: ThreatReach) -> bool {
    let rules = world.resource::<Ruleset>();
    let (Some(a), Some(t)) = (space_of(world, attacker), space_of(world, target)) else {
        return false;
    };
    let dz = elevation_of(world, attacker).abs_diff(elevation_of(world, target));
    t.squares().any(|q| reaches_square(rules, a, reach, q, dz))
}

/// Why a melee `weapon` cannot strike `target` from where `attacker` stands: out of its
/// reach, or (§6.2, d20 SRD) too close for a reach weapon, which "can't be used against an
/// adjacent foe" (nor, for a Large wielder, a foe within its natural reach).
pub(crate) fn reach_refusal(
    world: &World,
    attacker: &UnitId,
    target: &UnitId,
    weapon: &Weapon,
    profile: &Profile,
) -> Option<String> {
    let rules = world.resource::<Ruleset>();
    let reach = striking_reach(rules, profile, weapon);
    if reaches_target(world, attacker, target, reach) {
        return None;
    }
    if reach.hole() > 0 && reaches_target(world, attacker, target, ThreatReach::within(reach.far())) {
        return Some(format!(
            "{target} is too close for {}: a reach weapon cannot be used against a foe within {attacker}'s natural reach of {} ft, such as an adjacent one (§6.2, {})",
            weapon.name, profile.reach_ft, rules.name
        ));
    }
    Some(format!("{target} is out of reach of {}", weapon.name))
}

/// What every attack roll needs of its two parties: both exist, they differ, the attacker
/// can act and the target is not dead. Returns their entities.
pub(crate) fn check_attacker_and_target(
    world: &World,
    unit: &UnitId,
    target: &UnitId,
) -> Result<(bevy::prelude::Entity, bevy::prelude::Entity), RuleError> {
    let index = world.resource::<UnitIndex>();
    let e = *index.0.get(unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let te = *index
        .0
        .get(target)
        .ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
    if unit == target {
        return Err(illegal("a unit cannot attack itself"));
    }
    crate::rules::health::check_can_act(world, unit)?;
    if world.get::<LifeState>(te) == Some(&LifeState::Dead) {
        return Err(illegal(format!("{target} is dead")));
    }
    Ok((e, te))
}

/// Checks an attack by `unit` on `target` with the weapon named (else the best melee weapon
/// that reaches, else the best ranged weapon).
pub fn check_attack(
    world: &World,
    unit: &UnitId,
    target: &UnitId,
    weapon: Option<&str>,
) -> Result<AttackPlan, RuleError> {
    let plan = check_attack_alone(world, unit, target, weapon)?;
    Ok(AttackPlan::with_provoked(world, unit, plan.weapon, plan.situation))
}

/// [`check_attack`] without looking for the units the attack provokes (`provokes` empty).
fn check_attack_alone(
    world: &World,
    unit: &UnitId,
    target: &UnitId,
    weapon: Option<&str>,
) -> Result<AttackPlan, RuleError> {
    let (e, _) = check_attacker_and_target(world, unit, target)?;
    let profile = world
        .get::<Profile>(e)
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let weapon = match weapon {
        Some(name) => profile
            .weapon_named(name)
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
            .ok_or_else(|| {
                // §6.2: a foe too close for its reach weapon is told so.
                let rules = world.resource::<Ruleset>();
                let best = profile
                    .weapons
                    .iter()
                    .filter(|w| w.kind == WeaponKind::Melee && has_reach_hole(&rules.threat, w))
                    .max_by_key(|w| w.attack);
                illegal(
                    best.and_then(|w| reach_refusal(world, unit, target, w, profile))
                        .unwrap_or_else(|| format!("{unit} has no weapon that can attack {target}")),
                )
            })?,
    }
    .clone();
    if matches!(weapon.kind, WeaponKind::Melee | WeaponKind::Unarmed)
        && let Some(why) = reach_refusal(world, unit, target, &weapon, profile)
    {
        return Err(illegal(why));
    }
    let situation = situation(world, unit, target, &weapon)?;
    let provokes = Vec::new();
    Ok(AttackPlan {
        weapon,
        situation,
        provokes,
    })
}

/// Checks `unit` firing a weapon mounted on `mount` at `target` (VEH-20): the weapon its role
/// may fire, range and cover lines from the vehicle's space, the rider's own conditions and
/// the vehicle's attack penalty (VEH-19). Like any ranged attack it provokes (VEH-16).
fn check_mounted_attack(
    world: &World,
    unit: &UnitId,
    mount: &UnitId,
    target: &UnitId,
    weapon: Option<&str>,
) -> Result<AttackPlan, RuleError> {
    check_attacker_and_target(world, unit, target)?;
    let weapon = crate::rules::vehicle::mounted_weapon(world, unit, mount, weapon)?;
    let situation = situation_from(world, unit, mount, target, &weapon)?;
    Ok(AttackPlan::with_provoked(world, unit, weapon, situation))
}

/// What an attack with `weapon` provokes before it is made, and how the log says it (§8.2):
/// a ranged attack (starfinder, 001:1121-1123); an unarmed attack by a unit without
/// Martial Arts I (saga, 004:669). Whether anyone reacts is the family's trigger list.
pub(crate) fn attack_provokes(
    world: &World,
    unit: &UnitId,
    weapon: &Weapon,
    ranged: bool,
) -> Option<(AooTrigger, &'static str)> {
    if ranged {
        return Some((AooTrigger::RangedAttack, "ranged attack, in"));
    }
    let trained = crate::rules::unit_component::<Profile>(world, unit)
        .is_some_and(|p| p.feats.contains(&crate::rules::feats::Feat::MartialArts1));
    (weapon.kind == WeaponKind::Unarmed && !trained)
        .then_some((AooTrigger::UnarmedAttackWithoutFeat, "unarmed attack, in"))
}

/// One attack command: a single attack or a full attack.
#[derive(Debug, Clone, Copy)]
pub struct AttackOrder<'a> {
    pub unit: &'a UnitId,
    /// One attack per entry (a target may repeat in a full attack).
    pub targets: &'a [UnitId],
    /// The weapon of every attack, else the best for each target.
    pub weapon: Option<&'a str>,
    /// A full attack's weapon per attack, in the order of `targets`; empty: `weapon` for all.
    pub weapons: &'a [String],
    pub full: bool,
    /// Fight defensively as part of the attack (starfinder).
    pub defensively: bool,
    /// The vehicle whose mounted weapon a single attack fires (VEH-20).
    pub mount: Option<&'a UnitId>,
}

/// What the action adds to its attacks in this family.
#[derive(Debug, Clone)]
pub struct AttackTerms {
    pub action: ActionKind,
    /// On the action's own attacks (starfinder full attack and fighting defensively).
    pub extra: Vec<Modifier>,
    /// On every attack the unit makes until the start of its next turn, as tracked effects
    /// (saga full-attack penalties, 004:311).
    pub lasting: Vec<Modifier>,
    /// For the log: the action and where extra attacks come from.
    pub description: String,
    /// Where a full attack's attacks beyond the first come from (saga: "two weapons").
    pub sources: Vec<String>,
}

/// Checks an attack or a full attack (§4.3.1): the family has it, the action can be paid, each
/// attack can be made with its weapon, and (full attack) the unit may make that many attacks.
pub fn check_attacks(world: &World, order: AttackOrder) -> Result<(Vec<AttackPlan>, AttackTerms), RuleError> {
    plan_attacks(world, order, true)
}

/// `check_attacks`, with the action budget checked only when `budget` (a preview answers
/// "what if" at any time, `preview::preview_full_attack`).
pub(crate) fn plan_attacks(
    world: &World,
    order: AttackOrder,
    budget: bool,
) -> Result<(Vec<AttackPlan>, AttackTerms), RuleError> {
    let AttackOrder {
        unit,
        targets,
        weapon,
        weapons,
        full,
        defensively,
        mount,
    } = order;
    let rules = world.resource::<Ruleset>();
    let options = rules.attack_options;
    let unsupported = |what: &str| RuleError::NotSupported(format!("{what} is not in {}'s rules yet", rules.name));
    let full_rules = match full {
        true => Some(options.full_attack.ok_or_else(|| unsupported("a full attack"))?),
        false if targets.len() != 1 => return Err(illegal("an attack has one target")),
        false => None,
    };
    if !weapons.is_empty() {
        if weapon.is_some() {
            return Err(illegal(
                "name either one weapon for every attack or a weapon per attack, not both",
            ));
        }
        if weapons.len() != targets.len() {
            return Err(illegal(format!(
                "{} weapons named for {} attacks: name one per target",
                weapons.len(),
                targets.len()
            )));
        }
    }
    let mut extra = Vec::new();
    if defensively {
        let d = options
            .fight_defensively
            .ok_or_else(|| unsupported("fighting defensively"))?;
        if d.action.is_some() {
            return Err(illegal(format!(
                "in {} fighting defensively is an action of its own: FightDefensively(unit: \"{unit}\")",
                rules.name
            )));
        }
        extra.push(Modifier::new(d.attack, "fighting defensively"));
    }
    // VEH-20: mounted weapons fire in single attacks only, so far.
    if full {
        let named: Vec<&str> = weapons.iter().map(String::as_str).chain(weapon).collect();
        if let Some(refusal) = crate::rules::vehicle::full_attack_with_mount(world, unit, &named) {
            return Err(refusal);
        }
    }
    let action = full_rules.map_or(ActionKind::Standard, |f| f.action);
    if budget {
        world.resource::<Combat>().can_spend(&rules.actions, action)?;
    }
    let named = |i: usize| weapons.get(i).map(String::as_str).or(weapon);
    let mut plans: Vec<AttackPlan> = Vec::with_capacity(targets.len());
    for (i, t) in targets.iter().enumerate() {
        // A full attack often repeats a target with the same weapon: the same check, made once.
        let same = (0..i).find(|&k| &targets[k] == t && named(k) == named(i));
        plans.push(match same {
            Some(k) => plans[k].clone(),
            None => match mount {
                Some(v) => check_mounted_attack(world, unit, v, t, named(i))?,
                None => check_attack(world, unit, t, named(i))?,
            },
        });
    }
    // Each target named once ("full attack on ashok", not "on ashok, ashok"): the attack
    // events that follow say how many attacks each takes.
    let mut names: Vec<&str> = Vec::new();
    for t in targets.iter().map(|t| t.0.as_str()) {
        if !names.contains(&t) {
            names.push(t);
        }
    }
    let mut terms = AttackTerms {
        action,
        extra: Vec::new(),
        lasting: Vec::new(),
        description: format!("attack {}", names.join(", ")),
        sources: Vec::new(),
    };
    if let Some(f) = full_rules {
        let profile =
            crate::rules::unit_component::<Profile>(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
        let used: Vec<Weapon> = plans.iter().map(|p| p.weapon.clone()).collect();
        let p = full_attack_penalties(&f, unit, profile, &used)?;
        terms.description = match p.sources.is_empty() {
            true => format!("full attack on {}", names.join(", ")),
            false => format!("full attack on {} ({})", names.join(", "), p.sources.join(", ")),
        };
        terms.sources = p.sources;
        match f.penalties_until {
            Until::StartOfNextTurn => terms.lasting = p.penalties,
            Until::EndOfTurn => terms.extra = p.penalties,
        }
    }
    terms.extra.extend(extra);
    Ok((plans, terms))
}

/// Executes an attack or a full attack: pays the action, starts the penalties that last until
/// the next turn (so the action's own attacks take them too), then for each target resolves
/// the attacks of opportunity it provokes (AOO-1: before it) and the attack, while the
/// attacker still stands. Fighting defensively raises its defense until its next turn.
pub fn execute_attacks(ex: &mut Executor, order: AttackOrder) -> Result<(), RuleError> {
    let AttackOrder {
        unit,
        targets,
        full,
        defensively,
        mount,
        ..
    } = order;
    let (plans, terms) = check_attacks(ex.world, order)?;
    take_action(ex, unit, terms.action, terms.description.clone());
    for m in &terms.lasting {
        let effect = EffectTerms {
            attack: m.value,
            ..EffectTerms::default()
        };
        start_effect(ex, unit, unit, &m.source, 1, effect);
    }
    for (target, plan) in targets.iter().zip(plans) {
        let square = space_of(ex.world, unit)
            .map(|s| s.at)
            .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
        if let Some((trigger, why)) = attack_provokes(ex.world, unit, &plan.weapon, plan.situation.ranged) {
            for reactor in &provoked_by(ex.world, unit, trigger) {
                crate::rules::reactions::opportunity::attack_of_opportunity(ex, reactor, unit, square, why)?;
            }
        }
        if !ex.get::<LifeState>(unit).copied().unwrap_or_default().can_act() {
            break;
        }
        if ex.get::<LifeState>(target) == Some(&LifeState::Dead) {
            continue; // the first attack of a full attack may already have killed it
        }
        let origin = mount.unwrap_or(unit);
        let situation = situation_from(ex.world, unit, origin, target, &plan.weapon)?;
        let context = if full { "full attack" } else { "attack" };
        if plan.weapon.splash {
            // AREA-SG-7: the roll also splashes everyone next to the target.
            crate::rules::area::resolve_splash(
                ex,
                unit,
                target,
                &plan.weapon,
                &situation,
                terms.extra.clone(),
                context,
            )?;
        } else {
            resolve_attack(ex, unit, target, &plan.weapon, &situation, terms.extra.clone(), context)?;
        }
    }
    if defensively && let Some(d) = ex.ruleset().attack_options.fight_defensively {
        let effect = EffectTerms {
            defense: d.defense,
            defense_type: d.defense_type,
            ..EffectTerms::default()
        };
        start_effect(ex, unit, unit, "fighting defensively", 1, effect);
    }
    Ok(())
}

/// Checks total defense (§4.3.1).
pub fn check_total_defense(world: &World) -> Result<(), RuleError> {
    let rules = world.resource::<Ruleset>();
    let t = rules
        .attack_options
        .total_defense
        .ok_or_else(|| RuleError::NotSupported(format!("total defense is not in {}'s rules yet", rules.name)))?;
    world.resource::<Combat>().can_spend(&rules.actions, t.action)
}

/// Total defense: the defense bonus until the start of the unit's next turn; it makes no
/// attacks of opportunity meanwhile (the `total defense` effect is an AoO blocker, §8.3).
pub fn execute_total_defense(ex: &mut Executor, unit: &UnitId) -> Result<(), RuleError> {
    check_total_defense(ex.world)?;
    let Some(t) = ex.ruleset().attack_options.total_defense else {
        return Ok(());
    };
    take_action(ex, unit, t.action, "total defense".into());
    start_effect(ex, unit, unit, "total defense", 1, EffectTerms::defense(t.defense));
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
    pub defense: crate::rules::attack::DefenseUsed,
    /// The lowest d20 roll that hits (a natural 20 always hits, a natural 1 always misses).
    pub roll_needed: u32,
    /// Percent chance to hit, after the concealment miss chance.
    pub chance_to_hit: f64,
    /// Percent chance of a critical hit.
    pub chance_to_crit: f64,
    pub provokes: Vec<UnitId>,
    /// The damage a hit would deal and the damage to expect (`preview::DamageOdds`); `None`
    /// when the rules cannot say before the roll (damage reduction against mixed damage).
    pub damage_odds: Option<super::preview::DamageOdds>,
}

impl AttackPreview {
    /// The damage to expect from this attack, given its odds (0 when the rules cannot say).
    pub fn expected_damage(&self) -> f64 {
        self.damage_odds.as_ref().map_or(0.0, |d| d.expected)
    }
}

/// The preview of an attack, with the same checks as the attack itself.
pub fn preview_attack(
    world: &World,
    unit: &UnitId,
    target: &UnitId,
    weapon: Option<&str>,
) -> Result<AttackPreview, RuleError> {
    // A preview answers "what if" at any time, so the action budget is not checked here.
    let plan = check_attack(world, unit, target, weapon)?;
    preview_plan(world, target, plan, Vec::new())
}

/// [`preview_attack`] with `provokes` empty, refused exactly when it is: for the computer's
/// guesses at the foes' shots, where finding the reactors is most of the cost on a big map.
pub fn preview_attack_odds(
    world: &World,
    unit: &UnitId,
    target: &UnitId,
    weapon: Option<&str>,
) -> Result<AttackPreview, RuleError> {
    let plan = check_attack_alone(world, unit, target, weapon)?;
    preview_plan(world, target, plan, Vec::new())
}

/// An attack command (`Attack` or `FullAttack`, ATK-1, §4.3.1) checked as `check` checks it,
/// with what the check found: each attack's preview (as [`preview_attack`] or
/// [`preview_mounted_attack`] gives it, without the action's own terms) and the action's
/// terms. One pass of the rules where a caller that weighs the attacks it may make (the
/// computer player) would otherwise check the command and then preview each attack again.
pub fn check_previewing(
    world: &World,
    command: &crate::rules::GameCommand,
) -> Result<(Vec<AttackPreview>, AttackTerms), RuleError> {
    let order = super::commands::attack_order(command).ok_or_else(|| illegal("not an attack command"))?;
    crate::rules::engine::resolve::shared_refusal(world, command)?;
    let (plans, terms) = check_attacks(world, order)?;
    let previews = order
        .targets
        .iter()
        .zip(plans)
        .map(|(target, plan)| preview_plan(world, target, plan, Vec::new()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((previews, terms))
}

/// The preview of `unit` firing a weapon mounted on the vehicle `mount` (VEH-20), with the
/// same checks as `Attack { mount: Some(..) }`.
pub fn preview_mounted_attack(
    world: &World,
    unit: &UnitId,
    mount: &UnitId,
    target: &UnitId,
    weapon: Option<&str>,
) -> Result<AttackPreview, RuleError> {
    let plan = check_mounted_attack(world, unit, mount, target, weapon)?;
    preview_plan(world, target, plan, Vec::new())
}

/// The preview of one checked attack on `target`, with what the action adds (`extra`: a full
/// attack's penalties) among its modifiers.
pub(crate) fn preview_plan(
    world: &World,
    target: &UnitId,
    plan: AttackPlan,
    extra: Vec<Modifier>,
) -> Result<AttackPreview, RuleError> {
    let rules = world.resource::<Ruleset>();
    let te = world.resource::<UnitIndex>().0[target];
    let profile = world
        .get::<Profile>(te)
        .ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
    let defense = defense_against(
        rules,
        profile,
        plan.situation.flat_footed,
        &plan.weapon.damage_types,
        &plan.situation.defense,
    );
    // §21: the same stacking as the roll itself; the weapon's bonus is reported apart.
    let mut situation = plan.situation;
    let mut mods = attack_modifiers(&plan.weapon, &situation, extra);
    let bonus = apply_stacking(&mut mods, &rules.stacking);
    situation.attack = mods.split_off(1);
    let (miss, hit) = (rules.attack.natural_miss as i32, rules.attack.natural_hit as i32);
    let tie = if rules.attack.ties_hit { 0 } else { 1 };
    let needed = (i64::from(defense.value) - i64::from(bonus) + i64::from(tie))
        .clamp(i64::from(miss) + 1, i64::from(hit)) as i32;
    let p_roll = |n: i32| f64::from(hit - n + 1) / 20.0;
    let keep = 1.0 - f64::from(situation.miss_chance.unwrap_or(0)) / 100.0;
    let p_hit = p_roll(needed) * keep;
    let natural_20_meets = i64::from(hit) + i64::from(bonus) >= i64::from(defense.value) + i64::from(tie);
    let p_crit = match rules.attack.critical.model {
        CriticalModel::AlwaysOnNatural20 => 0.05,
        CriticalModel::ConfirmByDefense if natural_20_meets => 0.05,
        CriticalModel::ConfirmByDefense => 0.0,
        CriticalModel::ConfirmationRoll => 0.05 * p_roll(needed),
    } * keep;
    let shields = world.get::<crate::rules::Shields>(te).map(|s| s.0);
    let damage_odds = super::preview::damage_odds(
        rules,
        &plan.weapon,
        &situation.damage,
        profile,
        shields,
        (p_hit - p_crit, p_crit),
    );
    Ok(AttackPreview {
        damage_odds,
        weapon: plan.weapon.name.clone(),
        attack_bonus: bonus,
        defense,
        roll_needed: needed as u32,
        chance_to_hit: (p_hit * 1000.0).round() / 10.0,
        chance_to_crit: (p_crit * 1000.0).round() / 10.0,
        provokes: plan.provokes,
        situation,
    })
}
