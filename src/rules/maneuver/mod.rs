//! Combat maneuvers that move or restrain on the grid (RULES.md §4.4): starfinder's bull
//! rush, trip, reposition, grapple and disarm (a melee attack roll against KAC + 8, the
//! effect growing with every 5 it beats that by), and saga's disarm, grab and grapple.
//! Over 600 lines: every maneuver shares one check and one opposed roll; the per-maneuver
//! effects are the arms of one match. The d20 families' maneuvers, opposed checks rather than
//! a roll against a defense, live in `opposed` (docs/d20-maneuvers.md).

pub mod commands;
mod events;
pub mod options;
use crate::rules::HealthEvent;
pub use events::ManeuverEvent;

pub mod forced;
pub mod hold;
pub mod items;
pub mod opposed;

use super::attack::action::attack_provokes;
use super::attack::action::{check_attack, check_attacker_and_target, in_reach};
use super::attack::situation::{Situation, situation};
use super::attack::stacking::apply_stacking;
use super::attack::{DefenseUsed, defense_against, use_up_support};
use super::engine::error::illegal;
use super::feats::Feat;
use super::health::LifeState;
use super::maneuver::forced::{nearest_direction, push, shortest_way, walk};
use super::maneuver::hold::{end as end_hold, holds_by, holds_on, melee_reach_squares, reaches};
use super::reactions::opportunity::provoked_by;
use super::reactions::threat::{aoo_refusal, space_of};
use super::{Combat, ConditionName, DieRoll, Executor, Hold, Modifier, Profile, RuleError, UnitId};
use super::{DiceExpr, Weapon, WeaponKind, unit_component};
use crate::grid::{Space, Square};
use crate::rules::Environment;
use crate::rules::sequence::turn::{EffectTerms, start_effect, take_action};
use crate::ruleset::{Gravity, ManeuverKind, ManeuverRules, Ruleset};
use bevy::prelude::World;
use serde::{Deserialize, Serialize};

/// What a maneuver command asks for (§4.4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Maneuver {
    /// Push the target straight away from the attacker (001:778-781).
    BullRush,
    /// Knock the target prone (in the air: 10 ft down; in zero gravity: off-kilter,
    /// 001:847-851).
    Trip,
    /// Move the target toward `to` (the top-left square of its new space), staying within
    /// the attacker's reach (001:826-835).
    Reposition { to: Square },
    /// Grapple (starfinder: pinned on KAC + 13; saga: opposed grapple checks, needs a
    /// grappling feat). Grappling one's own grappler is starfinder's escape (001:806-809).
    Grapple,
    /// Knock `item` (default: the target's best weapon) out of its hands; `catch` takes it
    /// with a free hand (starfinder, 001:797-800). In saga an unarmed disarm takes it.
    Disarm {
        #[serde(default)]
        item: Option<String>,
        #[serde(default)]
        catch: bool,
    },
    /// saga grab: an unarmed attack at −5 that holds the target in place (004:493-499).
    Grab,
    /// d20 overrun (MNV-SRD-6): not supported yet.
    Overrun,
    /// d20 sunder (MNV-SRD-7): not supported yet.
    Sunder,
}

impl Maneuver {
    pub fn kind(&self) -> ManeuverKind {
        match self {
            Maneuver::BullRush => ManeuverKind::BullRush,
            Maneuver::Trip => ManeuverKind::Trip,
            Maneuver::Reposition { .. } => ManeuverKind::Reposition,
            Maneuver::Grapple => ManeuverKind::Grapple,
            Maneuver::Disarm { .. } => ManeuverKind::Disarm,
            Maneuver::Grab => ManeuverKind::Grab,
            Maneuver::Overrun => ManeuverKind::Overrun,
            Maneuver::Sunder => ManeuverKind::Sunder,
        }
    }
}

/// A name for messages: "bull rush", "grab".
pub fn kind_name(kind: ManeuverKind) -> &'static str {
    match kind {
        ManeuverKind::BullRush => "bull rush",
        ManeuverKind::Trip => "trip",
        ManeuverKind::Reposition => "reposition",
        ManeuverKind::Grapple => "grapple",
        ManeuverKind::Disarm => "disarm",
        ManeuverKind::Grab => "grab",
        ManeuverKind::Overrun => "overrun",
        ManeuverKind::Sunder => "sunder",
    }
}

/// One side's check in an opposed roll: saga's grapple checks (004:505-513), the d20
/// families' Strength checks, opposed attack rolls and grapple checks (MNV-SRD-1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpposedCheck {
    pub unit: UnitId,
    pub roll: DieRoll,
    pub modifiers: Vec<Modifier>,
    pub total: i32,
}

/// Everything a maneuver's roll decided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManeuverRoll {
    pub weapon: String,
    pub roll: DieRoll,
    pub modifiers: Vec<Modifier>,
    pub total: i32,
    pub defense: DefenseUsed,
    /// The attack roll hit (natural 1 and 20 as for any attack roll).
    pub hit: bool,
    /// How far the total beat (or missed) the defense: starfinder's "per 5 by which you
    /// exceed".
    pub margin: i32,
    /// starfinder concealment: the miss chance and its d% (§10.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub miss_chance: Option<(u32, DieRoll)>,
    /// saga grapple: the attacker's and the target's grapple checks (the attacker wins ties).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opposed: Option<Box<(OpposedCheck, OpposedCheck)>>,
    /// The maneuver worked.
    pub success: bool,
}

/// A checked maneuver.
#[derive(Debug, Clone)]
pub struct ManeuverPlan {
    pub kind: ManeuverKind,
    pub weapon: Weapon,
    pub situation: Situation,
    /// What the maneuver adds to the roll (a grab's −5, Improved Disarm, extra hands).
    pub extra: Vec<Modifier>,
    pub defense: DefenseUsed,
    /// The weapon a disarm knocks away.
    pub disarmed: Option<Weapon>,
    /// The unit's holder, when a starfinder grapple is an escape.
    pub escape_from: Option<UnitId>,
    /// A reposition's way to its destination.
    pub way: Option<Vec<Square>>,
}

fn rules_of(world: &World) -> Result<(&Ruleset, &ManeuverRules), RuleError> {
    let rules = world.resource::<Ruleset>();
    let m = rules
        .maneuvers
        .as_ref()
        .ok_or_else(|| RuleError::NotSupported(format!("combat maneuvers are not in {}'s rules", rules.name)))?;
    Ok((rules, m))
}

/// saga's unarmed attack (004:60-62, 944: as melee, BAB + Str) when the stat block lists none.
fn unarmed(profile: &Profile) -> Weapon {
    profile
        .weapons
        .iter()
        .filter(|w| w.kind == WeaponKind::Unarmed)
        .max_by_key(|w| w.attack)
        .cloned()
        .unwrap_or_else(|| Weapon {
            name: "unarmed".into(),
            kind: WeaponKind::Unarmed,
            attack: profile.bab + profile.abilities.str,
            damage: DiceExpr {
                count: 0,
                sides: 0,
                bonus: 0,
            },
            damage_types: vec![],
            reach_ft: None,
            reach_weapon: false,
            range_increment_ft: None,
            range_bands: None,
            threatens: None,
            hands: 1,
            light: true,
            double: false,
            area: None,
            save_dc: None,
            autofire: false,
            autofire_only: false,
            splash: false,
        })
}

fn m(value: i32, source: impl Into<String>) -> Modifier {
    Modifier::new(value, source)
}

/// Checks a maneuver by `unit` on `target` (§4.4).
pub fn check_maneuver(
    world: &World,
    unit: &UnitId,
    target: &UnitId,
    maneuver: &Maneuver,
    weapon: Option<&str>,
) -> Result<ManeuverPlan, RuleError> {
    let (rules, mrules) = rules_of(world)?;
    let kind = maneuver.kind();
    if matches!(kind, ManeuverKind::Overrun | ManeuverKind::Sunder) && !mrules.kinds.contains(&kind) {
        return Err(RuleError::NotSupported(format!(
            "{} in {}'s rules is not supported yet",
            kind_name(kind),
            rules.name
        )));
    }
    if !mrules.kinds.contains(&kind) {
        return Err(RuleError::NotSupported(format!(
            "{} is not in {}'s rules",
            kind_name(kind),
            rules.name
        )));
    }
    world.resource::<Combat>().can_spend(&rules.actions, mrules.action)?;
    if mrules.opposed.is_some() {
        return opposed::check(world, unit, target, maneuver, weapon);
    }
    let profile = unit_component::<Profile>(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let target_profile =
        unit_component::<Profile>(world, target).ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
    let saga_unarmed = matches!(kind, ManeuverKind::Grab | ManeuverKind::Grapple) && mrules.grab.is_some();
    // The roll: a melee attack (saga grab and grapple: an unarmed attack; saga disarm may be
    // ranged with the Ranged Disarm talent).
    let (weapon, situation) = if saga_unarmed {
        let w = match weapon {
            Some(name) => profile
                .weapon_named(name)
                .filter(|w| w.kind == WeaponKind::Unarmed)
                .cloned()
                .ok_or_else(|| illegal(format!("a {} is an unarmed attack: {name} is not one", kind_name(kind))))?,
            None => unarmed(profile),
        };
        check_attacker_and_target(world, unit, target)?;
        if !in_reach(world, unit, target, &w, profile) {
            return Err(illegal(format!("{target} is out of reach of an unarmed attack")));
        }
        let s = situation(world, unit, target, &w)?;
        (w, s)
    } else {
        let plan = check_attack(world, unit, target, weapon)?;
        let ranged_disarm = kind == ManeuverKind::Disarm && profile.feats.contains(&Feat::RangedDisarm);
        if plan.situation.ranged && !ranged_disarm {
            return Err(illegal(format!(
                "a {} is a melee attack: {target} is not within reach of {}",
                kind_name(kind),
                plan.weapon.name
            )));
        }
        (plan.weapon, plan.situation)
    };
    let mut extra = Vec::new();
    let mut disarmed = None;
    let mut escape_from = None;
    let mut way = None;
    let size_order = |s| crate::ruleset::Size::ALL.iter().position(|x| *x == s).unwrap_or(0) as i32;
    match maneuver {
        Maneuver::Grapple | Maneuver::Grab => {
            let holder_of_me = holds_on(world, unit).into_iter().find(|h| &h.source == target);
            let mine = holds_by(world, unit);
            if let Some(other) = mine.iter().find(|h| &h.target != target) {
                return Err(illegal(format!(
                    "{unit} already holds {}: it can hold only one creature at a time (§4.4)",
                    other.target
                )));
            }
            if let Some(grab) = mrules.grab {
                if size_order(target_profile.size) > size_order(profile.size) + grab.max_larger_sizes as i32 {
                    return Err(illegal(format!(
                        "{target} is too big: a {} works on creatures at most {} size larger (§4.4)",
                        kind_name(kind),
                        grab.max_larger_sizes
                    )));
                }
                if kind == ManeuverKind::Grab {
                    extra.push(m(grab.grab_penalty, "grab"));
                    if !mine.is_empty() {
                        return Err(illegal(format!("{unit} already holds {target}")));
                    }
                } else {
                    if !profile.feats.iter().any(|f| f.is_grappling()) {
                        return Err(illegal(format!(
                            "{unit} needs a grappling feat (Pin, Crush, Trip or Throw) to grapple (004:501-503)"
                        )));
                    }
                    if mine.iter().any(|h| h.condition == Some(ConditionName::Grappled)) {
                        return Err(illegal(format!("{unit} already grapples {target}")));
                    }
                }
            } else if let Some(h) = holder_of_me {
                // starfinder escape: grappled's −2 does not count against the grappler
                // (001:4194-4203 "except those to grapple back or escape").
                escape_from = Some(h.source.clone());
            }
        }
        Maneuver::Disarm { item, catch } => {
            let held = |w: &&Weapon| w.kind != WeaponKind::Unarmed;
            let w = match item {
                Some(name) => target_profile
                    .weapon_named(name)
                    .filter(held)
                    .ok_or_else(|| illegal(format!("{target} holds no {name} that can be knocked away")))?,
                None => target_profile
                    .weapons
                    .iter()
                    .filter(held)
                    .max_by_key(|w| w.attack)
                    .ok_or_else(|| illegal(format!("{target} holds no weapon to disarm")))?,
            };
            if let Some(d) = mrules.disarm {
                if *catch {
                    return Err(illegal(format!(
                        "in {}'s rules only an unarmed disarm takes the weapon (004:471-473)",
                        rules.name
                    )));
                }
                if w.hands > 1 {
                    extra.push(m(
                        d.per_extra_hand * (w.hands as i32 - 1),
                        format!("{} held in {} hands", w.name, w.hands),
                    ));
                }
                if profile.feats.contains(&Feat::ImprovedDisarm) {
                    extra.push(m(d.improved_bonus, "Improved Disarm"));
                }
            }
            disarmed = Some(w.clone());
        }
        Maneuver::Reposition { to } => {
            let at = space_of(world, target).ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
            if *to == at.at {
                return Err(illegal(format!("{target} is already at {to}")));
            }
            way = Some(reposition_way(world, unit, target, *to)?);
        }
        Maneuver::Trip => {
            let prone = super::health::conditions::effective_conditions(world, target).contains(&ConditionName::Prone);
            if prone && crate::rules::reactions::threat::elevation_of(world, target) == 0 {
                return Err(illegal(format!("{target} is already prone")));
            }
        }
        Maneuver::BullRush | Maneuver::Overrun | Maneuver::Sunder => {}
    }
    let mut attack = situation.attack.clone();
    if escape_from.is_some() {
        attack.retain(|x| x.source != "grappled");
    }
    let situation = Situation { attack, ..situation };
    // The defense: starfinder KAC + 8, saga Reflex (+10 against a disarm).
    let types: &[super::DamageType] = match mrules.against_kac {
        Some(_) => &[],
        None => &weapon.damage_types,
    };
    let mut defense = defense_against(rules, target_profile, situation.flat_footed, types, &situation.defense);
    let bonus = match (mrules.against_kac, mrules.disarm, kind) {
        (Some(k), _, _) => Some(m(k.defense_bonus, "combat maneuver")),
        (None, Some(d), ManeuverKind::Disarm) => Some(m(d.defense_bonus, "against a disarm")),
        _ => None,
    };
    if let Some(b) = bonus {
        defense.value += b.value;
        defense.modifiers.push(b);
    }
    Ok(ManeuverPlan {
        kind,
        weapon,
        situation,
        extra,
        defense,
        disarmed,
        escape_from,
        way,
    })
}

/// The way a reposition moves `target` to `to`, every position within `unit`'s reach
/// (001:826-831 "cannot move the target past an obstacle"); how far it gets along it
/// depends on the roll.
fn reposition_way(world: &World, unit: &UnitId, target: &UnitId, to: Square) -> Result<Vec<Square>, RuleError> {
    let rules = world.resource::<Ruleset>();
    let layers = super::movement::board::board_for(world, target);
    let board = layers.board(world);
    let start = space_of(world, target).ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
    let attacker = space_of(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let reach = unit_component::<Profile>(world, unit).map_or(1, |p| melee_reach_squares(rules, p));
    let in_reach = |at: Square| reaches(rules, attacker, reach, Space::new(at, start.side));
    shortest_way(&board, start.at, to, rules.grid.square_ft, u32::MAX / 4, in_reach)
        .map(|(way, _)| way)
        .ok_or_else(|| {
        illegal(format!(
            "{target} cannot be moved to {to}: every square on the way must be free and within {unit}'s reach (001:826-831)"
        ))
    })
}

/// Feet of movement a starfinder bull rush or reposition gets from `margin` (001:778-781,
/// 826-831): the base distance, and as much again per full `excess_step`.
fn distance_ft(mrules: &ManeuverRules, margin: i32) -> u32 {
    let Some(k) = mrules.against_kac else {
        return 0;
    };
    let steps = (margin.max(0) / k.excess_step.max(1)) as u32;
    k.base_distance_ft * (1 + steps)
}

/// One grapple check: d20 + BAB + the better of Str and Dex + the size's grapple modifier
/// (004:505-513).
fn grapple_check(ex: &mut Executor, unit: &UnitId) -> Result<OpposedCheck, RuleError> {
    let rules = ex.ruleset().clone();
    let profile = ex
        .get::<Profile>(unit)
        .cloned()
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let roll = ex.roll(20, format!("grapple check: {unit}"))?;
    let (ability, name) = if profile.abilities.dex > profile.abilities.str {
        (profile.abilities.dex, "Dex")
    } else {
        (profile.abilities.str, "Str")
    };
    let modifiers = vec![
        m(profile.bab, "base attack bonus"),
        m(ability, name),
        m(
            rules.sizes.row(profile.size).grapple_mod,
            format!("{:?} size", profile.size),
        ),
    ];
    let total = roll.result as i32 + modifiers.iter().map(|x| x.value).sum::<i32>();
    Ok(OpposedCheck {
        unit: unit.clone(),
        roll,
        modifiers,
        total,
    })
}

/// Executes a maneuver: the action, the roll, then its effect on a success.
pub fn execute_maneuver(
    ex: &mut Executor,
    unit: &UnitId,
    target: &UnitId,
    maneuver: &Maneuver,
    weapon: Option<&str>,
) -> Result<(), RuleError> {
    let plan = check_maneuver(ex.world, unit, target, maneuver, weapon)?;
    if ex.ruleset().maneuvers.as_ref().is_some_and(|r| r.opposed.is_some()) {
        return opposed::execute(ex, unit, target, maneuver, weapon);
    }
    let (rules, mrules) = {
        let (r, m) = rules_of(ex.world)?;
        (r.clone(), m.clone())
    };
    let name = kind_name(plan.kind);
    take_action(ex, unit, mrules.action, format!("{name} {target}"));
    // saga: an unarmed attack provokes without Martial Arts I (004:669), before it is made.
    // A maneuver is a melee roll, so the ranged trigger never applies here.
    if let Some((trigger, why)) = attack_provokes(ex.world, unit, &plan.weapon, false) {
        let square = space_of(ex.world, unit).map_or(Square::new(0, 0), |s| s.at);
        for reactor in provoked_by(ex.world, unit, trigger) {
            crate::rules::reactions::opportunity::attack_of_opportunity(ex, &reactor, unit, square, why)?;
        }
        if !ex.get::<LifeState>(unit).copied().unwrap_or_default().can_act() {
            return Ok(());
        }
    }
    let roll = ex.roll(20, format!("{name}: {unit} against {target} with {}", plan.weapon.name))?;
    let mut modifiers = vec![m(plan.weapon.attack, format!("{} attack bonus", plan.weapon.name))];
    modifiers.extend(plan.situation.attack.iter().cloned());
    modifiers.extend(plan.extra.iter().cloned());
    let total = roll.result as i32 + apply_stacking(&mut modifiers, &rules.stacking);
    let mut hit = rules.attack.hits(roll.result, total, plan.defense.value);
    let mut miss_chance = None;
    if hit && let Some(pct) = plan.situation.miss_chance {
        let d = ex.roll(100, format!("{name}: concealment miss chance ({pct}%)"))?;
        hit = d.result > pct;
        miss_chance = Some((pct, d));
    }
    let mut opposed = None;
    let mut success = hit;
    if hit && plan.kind == ManeuverKind::Grapple && mrules.grab.is_some() {
        let mine = grapple_check(ex, unit)?;
        let theirs = grapple_check(ex, target)?;
        success = mine.total >= theirs.total;
        opposed = Some(Box::new((mine, theirs)));
    }
    let margin = total - plan.defense.value;
    ex.emit(ManeuverEvent::ManeuverResolved {
        unit: unit.clone(),
        target: target.clone(),
        maneuver: plan.kind,
        roll: Box::new(ManeuverRoll {
            weapon: plan.weapon.name.clone(),
            roll,
            modifiers,
            total,
            defense: plan.defense.clone(),
            hit,
            margin,
            miss_chance,
            opposed,
            success,
        }),
    });
    use_up_support(ex, &plan.situation.support_used);
    if !success {
        return failed(ex, unit, target, &plan, &mrules);
    }
    match maneuver {
        Maneuver::BullRush => {
            let (a, t) = (
                space_of(ex.world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?,
                space_of(ex.world, target).ok_or_else(|| RuleError::UnknownUnit(target.clone()))?,
            );
            // Centres in half squares, so spaces of any size compare exactly.
            let centre = |s: Space| (2 * s.at.x + s.side as i32, 2 * s.at.y + s.side as i32);
            let ((ax, ay), (tx, ty)) = (centre(a), centre(t));
            let dir = nearest_direction(tx - ax, ty - ay);
            let distance = distance_ft(&mrules, margin);
            let result = {
                let layers = super::movement::board::board_for(ex.world, target);
                push(&layers.board(ex.world), t.at, dir, distance, rules.grid.square_ft)
            };
            ex.emit(ManeuverEvent::ForcedMove {
                unit: target.clone(),
                by: unit.clone(),
                path: result.path,
                elevation: None,
                moved_ft: result.moved_ft,
                stopped: result.stopped,
            });
        }
        Maneuver::Reposition { to } => {
            let distance = distance_ft(&mrules, margin);
            let way = plan.way.clone().unwrap_or_default();

            let from = space_of(ex.world, target).map_or(*to, |s| s.at);
            let (path, moved_ft) = {
                let layers = super::movement::board::board_for(ex.world, target);
                walk(&layers.board(ex.world), from, &way, distance, rules.grid.square_ft)
            };
            let stopped = (path.last() != Some(to)).then(|| format!("{distance} ft is as far as this reposition goes"));
            ex.emit(ManeuverEvent::ForcedMove {
                unit: target.clone(),
                by: unit.clone(),
                path,
                elevation: None,
                moved_ft,
                stopped,
            });
        }
        Maneuver::Trip => trip(ex, unit, target)?,
        Maneuver::Grapple | Maneuver::Grab => {
            let pinned = mrules
                .against_kac
                .is_some_and(|k| total >= plan.defense.value - k.defense_bonus + k.pin_bonus);
            // A new hold replaces the one it renews, and an escape ends the hold escaped.
            for old in holds_by(ex.world, unit).into_iter().filter(|h| &h.target == target) {
                end_hold(ex, &old);
            }
            if let Some(holder) = &plan.escape_from {
                for old in holds_on(ex.world, unit).into_iter().filter(|h| &h.source == holder) {
                    end_hold(ex, &old);
                }
            }
            let (condition, hold) = match (plan.kind, mrules.grab.is_some(), pinned) {
                (ManeuverKind::Grab, _, _) => (ConditionName::Grabbed, Hold::UntilBroken),
                (_, true, _) => (ConditionName::Grappled, Hold::UntilBroken),
                (_, false, true) => (ConditionName::Pinned, Hold::UntilSourceNextTurnEnds),
                (_, false, false) => (ConditionName::Grappled, Hold::UntilSourceNextTurnEnds),
            };
            let label = format!("{condition:?} by {unit}").to_lowercase();
            start_effect(
                ex,
                unit,
                target,
                &label,
                1,
                EffectTerms {
                    condition: Some(condition),
                    hold: Some(hold),
                    ..EffectTerms::default()
                },
            );
        }
        Maneuver::Disarm { catch, .. } => {
            let Some(w) = plan.disarmed.clone() else {
                return Ok(());
            };
            let at = space_of(ex.world, target).map_or(Square::new(0, 0), |s| s.at);
            let taken = match mrules.disarm {
                Some(_) => plan.weapon.kind == WeaponKind::Unarmed,
                None => *catch,
            };
            ex.emit(ManeuverEvent::WeaponDropped {
                unit: target.clone(),
                weapon: Box::new(w),
                at,
                taken_by: taken.then(|| unit.clone()),
            });
        }
        Maneuver::Overrun | Maneuver::Sunder => {}
    }
    Ok(())
}

/// saga: a failed disarm gives the opponent an immediate attack of opportunity, unless the
/// attacker has Improved Disarm or disarmed with a ranged attack (004:475-483).
fn failed(
    ex: &mut Executor,
    unit: &UnitId,
    target: &UnitId,
    plan: &ManeuverPlan,
    mrules: &ManeuverRules,
) -> Result<(), RuleError> {
    let profile = ex.get::<Profile>(unit).cloned();
    let spared = plan.situation.ranged || profile.is_some_and(|p| p.feats.contains(&Feat::ImprovedDisarm));
    if plan.kind == ManeuverKind::Disarm
        && mrules.disarm.is_some()
        && !spared
        && ex
            .ruleset()
            .aoo
            .triggers
            .contains(&crate::ruleset::AooTrigger::FailedDisarm)
        && aoo_refusal(ex.world, target).is_none()
    {
        let at = space_of(ex.world, unit).map_or(Square::new(0, 0), |s| s.at);
        crate::rules::reactions::opportunity::attack_of_opportunity(ex, target, unit, at, "failed disarm, at")?;
    }
    Ok(())
}

/// Trip (001:847-851): prone on the ground; a flier drops 10 ft and is prone if that lands
/// it; in zero gravity the target is off-kilter instead.
fn trip(ex: &mut Executor, unit: &UnitId, target: &UnitId) -> Result<(), RuleError> {
    let zero_g = ex
        .world
        .get_resource::<Environment>()
        .is_some_and(|e| e.gravity == Gravity::Zero);
    if zero_g {
        ex.emit(HealthEvent::ConditionChanged {
            unit: target.clone(),
            condition: ConditionName::OffKilter,
            gained: true,
        });
        return Ok(());
    }
    let elevation = crate::rules::reactions::threat::elevation_of(ex.world, target);
    if elevation > 0 {
        let rules = ex.ruleset();
        let square_ft = rules.grid.square_ft.max(1);
        let descent_ft = rules
            .maneuvers
            .as_ref()
            .and_then(|m| m.against_kac)
            .map_or(0, |k| k.trip_descent_ft);
        let now = elevation.saturating_sub(descent_ft / square_ft);
        ex.emit(ManeuverEvent::ForcedMove {
            unit: target.clone(),
            by: unit.clone(),
            path: Vec::new(),
            elevation: Some(now),
            moved_ft: (elevation - now) * square_ft,
            stopped: None,
        });
        if now > 0 {
            return Ok(());
        }
    }
    ex.emit(HealthEvent::ConditionChanged {
        unit: target.clone(),
        condition: ConditionName::Prone,
        gained: true,
    });
    Ok(())
}
