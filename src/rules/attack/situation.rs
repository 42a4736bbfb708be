//! What the situation adds to one attack (RULES.md §9–§13, §18): cover from the lines
//! (COV-1), concealment (CON-1, §22.2: decided by `concealment`), flanking (FLK-1), prone and
//! helpless (§13), range (§18.1), shooting into melee (§18.2), tracked effects and ability
//! damage (HP-SF-8). Every modifier names its source, and `deciding_lines` gives the lines
//! the cover and the concealment were judged by, for a window to draw. Conditions whose
//! numbers are not modelled yet make the attack "not supported yet" rather than give a wrong
//! number.

use crate::grid::{
    AttackKind, Concealment, ConcealmentLine, CoverDegree, CoverLine, CoverParams, CoverResult, SightModel, Space,
    concealment_decided, cover, flanking_line, line_of_effect_with,
};
use crate::rules::Terrain;
use crate::rules::health::conditions::{
    effect_attack_modifiers, effect_defense_modifiers, effective_conditions, no_attacks_effect,
};
use crate::rules::reactions::threat::{hostile, space_of, threat_now};
use crate::rules::{
    Ability, Combat, ConditionName, Modifier, Profile, RuleError, SupportBonus, UnitId, UnitIndex, Weapon, WeaponKind,
};
use crate::ruleset::stacking::BonusType;
use crate::ruleset::{ConditionModifiers, DamageScope, ModifierSide, RangeModel, Ruleset};
use bevy::prelude::World;
use serde::Serialize;
use std::collections::BTreeSet;

/// Conditions that change attacks, defenses or damage somewhere in §20. One a family does
/// not give numbers for (`Ruleset::conditions`) makes the attack "not supported yet".
const COMBAT_CONDITIONS: [ConditionName; 15] = [
    ConditionName::Blinded,
    ConditionName::Cowering,
    ConditionName::Dazzled,
    ConditionName::Entangled,
    ConditionName::Exhausted,
    ConditionName::Fatigued,
    ConditionName::Frightened,
    ConditionName::Grabbed,
    ConditionName::Grappled,
    ConditionName::OffKilter,
    ConditionName::OffTarget,
    ConditionName::Panicked,
    ConditionName::Pinned,
    ConditionName::Shaken,
    ConditionName::Sickened,
];

/// The situation of one attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Situation {
    pub ranged: bool,
    /// The target is flat-footed (§15, §20).
    pub flat_footed: bool,
    /// Added to each damage roll (conditions such as sickened).
    pub damage: Vec<Modifier>,
    /// Added to the attack roll.
    pub attack: Vec<Modifier>,
    /// Added to the defense.
    pub defense: Vec<Modifier>,
    /// starfinder concealment: the chance in percent that a hit misses (§10.2).
    pub miss_chance: Option<u32>,
    #[serde(serialize_with = "lower_debug")]
    pub cover: CoverDegree,
    #[serde(serialize_with = "lower_debug")]
    pub concealment: Concealment,
    /// What decided the concealment (CON-1: no line of sight, squares, light, ...).
    pub concealment_source: crate::rules::attack::concealment::ConcealmentSource,
    /// The ally the attacker flanks the target with, if any (FLK-1).
    pub flanking_with: Option<UnitId>,
    /// Distance in feet between the spaces (GRID-7).
    pub distance_ft: u32,
    /// Covering and harrying fire effects this attack uses up (§4.3.1).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub support_used: Vec<u32>,
}

/// Writes a plain enum as its lower-case name ("partial", "normal").
fn lower_debug<T: std::fmt::Debug, S: serde::Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format!("{value:?}").to_lowercase())
}

fn m(value: i32, source: impl Into<String>) -> Modifier {
    Modifier::new(value, source)
}

/// §20: the numbers of each combat condition `who` has. One the family gives no numbers for
/// makes the attack "not supported yet".
fn condition_numbers<'r>(
    rules: &'r Ruleset,
    who: &UnitId,
    conds: &BTreeSet<ConditionName>,
) -> Result<Vec<&'r ConditionModifiers>, RuleError> {
    let mut out = Vec::new();
    for c in COMBAT_CONDITIONS.iter().filter(|c| conds.contains(c)) {
        // §20: pinned replaces grappled's penalties.
        if *c == ConditionName::Grappled && conds.contains(&ConditionName::Pinned) {
            continue;
        }
        match rules.conditions.iter().find(|m| m.condition == *c) {
            Some(m) => out.push(m),
            None => {
                return Err(RuleError::NotSupported(format!(
                    "attacks involving a {} unit ({who}): {} gives no numbers for that condition",
                    format!("{c:?}").to_lowercase(),
                    rules.name
                )));
            }
        }
    }
    Ok(out)
}

/// What the attacker's own conditions (§20) and the effects on it (§4.3.1) add to its attack
/// roll and its damage with `weapon`, or why it cannot attack at all.
pub fn attacker_conditions(
    world: &World,
    attacker: &UnitId,
    weapon: &Weapon,
) -> Result<(Vec<Modifier>, Vec<Modifier>), RuleError> {
    let rules = world.resource::<Ruleset>();
    let ranged = matches!(weapon.kind, WeaponKind::Ranged | WeaponKind::Thrown);
    if let Some(effect) = no_attacks_effect(world, attacker) {
        return Err(RuleError::IllegalMove(format!(
            "{attacker} chose to make no attacks until its next turn ({})",
            effect.name
        )));
    }
    let (mut attack, mut damage) = (Vec::new(), Vec::new());
    for c in condition_numbers(rules, attacker, &effective_conditions(world, attacker))? {
        let name = format!("{:?}", c.condition).to_lowercase();
        if c.no_attacks {
            return Err(RuleError::IllegalMove(format!("{attacker} cannot attack while {name}")));
        }
        let natural = weapon.kind == WeaponKind::Unarmed || weapon.light;
        if c.attack != 0 && !(c.except_natural_or_light && natural) {
            attack.push(m(c.attack, name.clone()));
        }
        let scoped = match c.damage_scope {
            Some(DamageScope::Weapon) => true,
            Some(DamageScope::Melee) => !ranged,
            Some(DamageScope::MeleeAndThrown) => !ranged || weapon.kind == WeaponKind::Thrown,
            None => false,
        };
        if c.damage != 0 && scoped {
            damage.push(m(c.damage, name));
        }
    }
    if let Some(penalty) = track_penalty(world, attacker) {
        attack.push(m(penalty, "condition track (attacker)"));
    }
    // HP-SF-8: Strength damage on melee and thrown attack and damage rolls, Dexterity damage
    // on ranged attack rolls.
    let (on_attack, on_damage) = crate::rules::health::ability::attack_penalties(world, attacker, weapon.kind);
    attack.extend(on_attack);
    damage.extend(on_damage);
    // §4.3.1 saga: fighting defensively and full-attack penalties last until its next turn.
    attack.extend(effect_attack_modifiers(world, attacker));
    Ok((attack, damage))
}

/// HP-SG-4: the penalty of `who`'s step down the condition track, if any.
pub fn track_penalty(world: &World, who: &UnitId) -> Option<i32> {
    let track = world.resource::<Ruleset>().health.condition_track.as_ref()?;
    let Some(crate::rules::Health::DamageThresholdTrack { track_step, .. }) =
        crate::rules::unit_component::<crate::rules::Health>(world, who)
    else {
        return None;
    };
    Some(track.penalty(u32::from(*track_step))).filter(|p| *p != 0)
}

/// §18.1: the range penalty of `weapon` at `distance_ft` to `what`, or why it is out of range.
pub(crate) fn range_penalty(
    rules: &Ruleset,
    weapon: &Weapon,
    distance_ft: u32,
    what: &str,
) -> Result<Option<Modifier>, RuleError> {
    match rules.range.model {
        RangeModel::Increments { .. } => {
            let inc = weapon.range_increment_ft.unwrap_or(0).max(1);
            let thrown = weapon.kind == WeaponKind::Thrown;
            let pen = rules
                .range
                .model
                .increment_penalty(distance_ft, inc, thrown)
                .ok_or_else(|| {
                    RuleError::IllegalMove(format!("{what} is beyond the maximum range of {}", weapon.name))
                })?;
            Ok((pen != 0).then(|| m(pen, "range")))
        }
        RangeModel::Bands {
            point_blank,
            short,
            medium,
            long,
        } => {
            let bands = weapon
                .range_bands
                .ok_or_else(|| RuleError::IllegalMove(format!("{} has no range bands", weapon.name)))?;
            let squares = distance_ft / rules.grid.square_ft.max(1);
            let (pen, band) = if squares <= bands.point_blank {
                (point_blank, "point-blank range")
            } else if squares <= bands.short {
                (short, "short range")
            } else if squares <= bands.medium {
                (medium, "medium range")
            } else if squares <= bands.long {
                (long, "long range")
            } else {
                return Err(RuleError::IllegalMove(format!(
                    "{what} is beyond the long range of {}",
                    weapon.name
                )));
            };
            Ok((pen != 0).then(|| m(pen, band)))
        }
    }
}

/// What a unit caught in an area (§19) brings to its defense, whoever attacks: whether it
/// is flat-footed, and its conditions' (§20), effects' (§4.3.1), Dexterity damage's
/// (HP-SF-8) and condition track's (HP-SG-4) modifiers. Cover comes from the area's own
/// lines (AREA-4, AREA-SG-2).
pub fn defense_situation(world: &World, target: &UnitId) -> Result<(bool, Vec<Modifier>), RuleError> {
    let rules = world.resource::<Ruleset>();
    let t_cond = effective_conditions(world, target);
    let t_mods = condition_numbers(rules, target, &t_cond)?;
    let flat_footed = t_cond.contains(&ConditionName::FlatFooted) || t_mods.iter().any(|c| c.flat_footed);
    let mut defense: Vec<Modifier> = t_mods
        .iter()
        .filter(|c| c.defense != 0)
        .map(|c| m(c.defense, format!("{:?}", c.condition).to_lowercase()))
        .collect();
    defense.extend(crate::rules::health::ability::penalty(world, target, Ability::Dex));
    defense.extend(effect_defense_modifiers(world, target));
    if let Some(penalty) = track_penalty(world, target) {
        defense.push(m(penalty, "condition track (target)"));
    }
    Ok((flat_footed, defense))
}

/// What `target`'s conditions (§20: shaken, sickened, entangled, ...), Dexterity damage
/// (HP-SF-8) and helplessness (Dex counts as 0) add to its Reflex saves against an area
/// (AREA-5). A combat condition the family gives no numbers for is "not supported yet".
pub fn reflex_save_modifiers(world: &World, target: &UnitId) -> Result<Vec<Modifier>, RuleError> {
    let rules = world.resource::<Ruleset>();
    let t_cond = effective_conditions(world, target);
    let mut out: Vec<Modifier> = condition_numbers(rules, target, &t_cond)?
        .iter()
        .filter(|c| c.reflex != 0)
        .map(|c| m(c.reflex, format!("{:?}", c.condition).to_lowercase()))
        .collect();
    let dex_damage = crate::rules::health::ability::penalty(world, target, Ability::Dex);
    out.extend(dex_damage.clone());
    if t_cond.contains(&ConditionName::Helpless) || t_cond.contains(&ConditionName::Paralyzed) {
        let dex = crate::rules::unit_component::<Profile>(world, target).map_or(0, |p| p.abilities.dex)
            + dex_damage.as_ref().map_or(0, |d| d.value);
        let helpless_mod = (rules.position.helpless.dex_score as i32 - 10).div_euclid(2);
        out.push(m(helpless_mod - dex, "helpless: Dex counts as 0"));
    }
    Ok(out)
}

/// The spaces of the creatures whose squares obstruct the lines from `attacker` (firing from
/// `origin`'s space: its own, or the vehicle whose mounted weapon it fires, VEH-20) to
/// `target` (COV-1: "a square occupied by a creature other than attacker/target"; §9.3:
/// creatures as cover): every other unit, but the vehicles the attacker or the target ride
/// and their riders, whose cover is the vehicle's passenger cover instead (§25.9,
/// `vehicle::ignored_for_cover`). The attack's situation and the GUI's cover lines both use it.
pub fn cover_blockers(world: &World, attacker: &UnitId, origin: &UnitId, target: &UnitId) -> Vec<Space> {
    let ignored = crate::rules::vehicle::ignored_for_cover(world, attacker, target);
    world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| *u != attacker && *u != origin && *u != target)
        .filter(|u| !ignored(u))
        .filter_map(|u| space_of(world, u))
        .collect()
}

/// COV-1 between the spaces `a` (the attacker's, or `origin`'s whose mounted weapon it fires)
/// and `t` (the target's), with the creatures in the way ([`cover_blockers`]): the one cover
/// test of an attack's situation and of its deciding lines.
fn cover_of(
    world: &World,
    attacker: &UnitId,
    origin: &UnitId,
    target: &UnitId,
    a: Space,
    t: Space,
    kind: AttackKind,
) -> CoverResult {
    let map = &world.resource::<Terrain>().0;
    let others = cover_blockers(world, attacker, origin, target);
    cover(
        map,
        &CoverParams::from_ruleset(world.resource::<Ruleset>()),
        a,
        t,
        &others,
        kind,
    )
}

/// The lines that decided an attack's cover and concealment, for a window to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct DecidingLines {
    /// From the attacker's deciding corner to the corners of the target's deciding square
    /// (COV-1).
    pub cover: Vec<CoverLine>,
    /// The four lines of the attacker's least concealed choice when the lines give the
    /// target concealment (CON-1); empty when they do not (light may still conceal it:
    /// `Situation::concealment_source`).
    pub concealment: Vec<ConcealmentLine>,
}

/// The lines [`situation_from`] judges cover (COV-1) and concealment on the lines (CON-1)
/// by, for `attacker` making a `kind` attack on `target` from `origin`'s space (its own, or
/// the vehicle whose mounted weapon it fires, VEH-20); `None` when either has no space. Given
/// whether or not the attack is allowed (the window draws them beside the preview's refusal
/// too).
pub fn deciding_lines(
    world: &World,
    attacker: &UnitId,
    origin: &UnitId,
    target: &UnitId,
    kind: AttackKind,
) -> Option<DecidingLines> {
    let (a, t) = (space_of(world, origin)?, space_of(world, target)?);
    let cover = cover_of(world, attacker, origin, target, a, t, kind).lines;
    let map = &world.resource::<Terrain>().0;
    let rules = world.resource::<Ruleset>();
    // The line test `concealment_between` makes (light is judged apart, per viewer).
    let (level, lines) = concealment_decided(map, &rules.concealment, a, t, |_| Concealment::None);
    let concealment = match level {
        Concealment::None => Vec::new(),
        _ => lines,
    };
    Some(DecidingLines { cover, concealment })
}

/// The situation of `attacker` attacking `target` with `weapon` now, or why it cannot attack.
pub fn situation(world: &World, attacker: &UnitId, target: &UnitId, weapon: &Weapon) -> Result<Situation, RuleError> {
    situation_from(world, attacker, attacker, target, weapon)
}

/// The situation of `attacker` attacking `target` with `weapon` fired from `origin`'s space:
/// its own, or the vehicle whose mounted weapon it fires (VEH-20: range and lines from there).
pub fn situation_from(
    world: &World,
    attacker: &UnitId,
    origin: &UnitId,
    target: &UnitId,
    weapon: &Weapon,
) -> Result<Situation, RuleError> {
    let rules = world.resource::<Ruleset>();
    let map = &world.resource::<Terrain>().0;
    let a = space_of(world, origin).ok_or_else(|| RuleError::UnknownUnit(origin.clone()))?;
    let t = space_of(world, target).ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
    let a_cond = effective_conditions(world, attacker);
    let t_cond = effective_conditions(world, target);
    let ranged = matches!(weapon.kind, WeaponKind::Ranged | WeaponKind::Thrown);
    let (attack_from_conditions, damage) = attacker_conditions(world, attacker, weapon)?;
    let t_mods = condition_numbers(rules, target, &t_cond)?;
    let flat_footed = t_cond.contains(&ConditionName::FlatFooted) || t_mods.iter().any(|c| c.flat_footed);
    let kind = if ranged { AttackKind::Ranged } else { AttackKind::Melee };
    // §26.5: between vehicles in a chase, range comes from zones and the chase adds its terms.
    let chase = crate::rules::chase::attack_terms(world, attacker, target, weapon, ranged)?;
    let distance = chase
        .as_ref()
        .map_or(a.distance(t, rules.grid.diagonal) * rules.grid.square_ft, |c| {
            c.distance_ft
        });
    let mut attack = attack_from_conditions;
    // VEH-19: attacking from a moving vehicle.
    attack.extend(crate::rules::vehicle::attack_penalty(world, attacker));
    let mut defense: Vec<Modifier> = t_mods
        .iter()
        .filter(|c| c.defense != 0)
        .map(|c| m(c.defense, format!("{:?}", c.condition).to_lowercase()))
        .collect();
    // HP-SF-8: Dexterity damage lowers AC (EAC and KAC alike).
    let dex_damage = crate::rules::health::ability::penalty(world, target, Ability::Dex);
    defense.extend(dex_damage.clone());

    // LOE-1 / COV-1: total cover means no attack; other cover adds to the defense.
    let model = SightModel::of(&rules.cover);
    if !line_of_effect_with(map, model, a, t) {
        return Err(RuleError::IllegalMove(format!(
            "{target} has total cover from {attacker}: no line of effect"
        )));
    }
    let covered = cover_of(world, attacker, origin, target, a, t, kind);
    // §25.9: a rider has the cover its vehicle gives.
    defense.extend(crate::rules::vehicle::passenger_cover(world, attacker, target)?);
    // §25.1: a broken vehicle is easier to hit.
    defense.extend(crate::rules::vehicle::broken_ac(world, target));
    if covered.degree == CoverDegree::Total {
        return Err(RuleError::IllegalMove(format!(
            "{target} has total cover from {attacker}"
        )));
    }
    if covered.ac_bonus != 0 {
        let label = match covered.degree {
            CoverDegree::Cover => "cover".to_string(),
            other => format!("{other:?} cover").to_lowercase(),
        };
        defense.push(Modifier::typed(covered.ac_bonus, BonusType::Cover, label));
    }

    // CON-1 (with §10.3, §22.2): the one decision, `concealment::concealment_between`.
    let concealed = crate::rules::attack::concealment::concealment_between(world, attacker, a, t, kind, distance);
    let (miss_chance, concealment_penalty) =
        crate::rules::attack::concealment::concealment_effect(rules, concealed.level);
    attack.extend(concealment_penalty);

    // FLK-1: melee only; both the attacker and an ally must threaten the target.
    let mut flanking_with = None;
    if !ranged && threat_now(world, attacker).is_some() {
        let index = world.resource::<UnitIndex>();
        for ally in index
            .0
            .keys()
            .filter(|u| *u != attacker && *u != target && !hostile(world, attacker, u))
        {
            let Some((space, reach)) = threat_now(world, ally) else {
                continue;
            };
            // A d20 SRD reach weapon's hole counts: an ally with only a longspear next to the
            // target does not threaten it (§6.2).
            let threatens = t
                .squares()
                .any(|q| crate::rules::reactions::threat::reach_covers(rules, space, reach, q));
            if threatens && flanking_line(a, space, t).is_some() {
                flanking_with = Some(ally.clone());
                break;
            }
        }
        if flanking_with.is_some() {
            attack.push(Modifier::typed(
                rules.flanking.attack_bonus,
                BonusType::Flanking,
                "flanking",
            ));
        }
    }

    // §13 prone and helpless.
    let p = &rules.position;
    if a_cond.contains(&ConditionName::Prone) && !ranged {
        attack.push(m(p.prone.prone_attacker_melee, "attacker prone"));
    }
    if t_cond.contains(&ConditionName::Prone) {
        let v = if ranged {
            p.prone.vs_prone_ranged
        } else {
            p.prone.vs_prone_melee
        };
        match p.prone.side {
            ModifierSide::AttackRoll => attack.push(m(v, "target prone")),
            ModifierSide::TargetDefense => defense.push(m(v, "target prone")),
        }
    }
    let helpless = t_cond.contains(&ConditionName::Helpless) || t_cond.contains(&ConditionName::Paralyzed);
    if helpless {
        let bonus = if ranged {
            p.helpless.ranged_attack_bonus
        } else {
            p.helpless.melee_attack_bonus
        };
        if bonus != 0 {
            attack.push(m(bonus, "target helpless"));
        }
        // Dexterity counts as the helpless score: its modifier replaces the unit's own (as
        // lowered by Dexterity damage, already counted above).
        let dex = crate::rules::unit_component::<Profile>(world, target).map_or(0, |p| p.abilities.dex)
            + dex_damage.as_ref().map_or(0, |d| d.value);
        let helpless_mod = (p.helpless.dex_score as i32 - 10).div_euclid(2);
        defense.push(m(helpless_mod - dex, "helpless: Dex counts as 0"));
    }

    // §18.1 range.
    if ranged {
        attack.extend(range_penalty(rules, weapon, distance, &target.to_string())?);
        // §18.2 saga: shooting at a target adjacent to one of your allies.
        if let Some(s) = &p.shooting_into_melee {
            let index = world.resource::<UnitIndex>();
            let into_melee = index
                .0
                .keys()
                .filter(|u| *u != attacker && !hostile(world, attacker, u))
                .any(|ally| {
                    space_of(world, ally).is_some_and(|sp| sp.adjacent(t) && threat_now(world, ally).is_some())
                });
            if into_melee {
                attack.push(m(s.penalty, "shooting into melee"));
            }
        }
    }
    if let Some(c) = chase {
        attack.extend(c.attack);
        defense.extend(c.defense);
    }
    defense.extend(effect_defense_modifiers(world, target));
    // HP-SG-4: a step down the condition track is a penalty to all defenses (the attacker's
    // own is in `attacker_conditions`).
    if let Some(penalty) = track_penalty(world, target) {
        defense.push(m(penalty, "condition track (target)"));
    }
    // §4.3.1: covering fire on the target, harrying fire and aid another against it, a
    // suppressed attacker; each lasts one attack roll.
    let mut support_used = Vec::new();
    for effect in world.resource::<Combat>().effects.iter() {
        let Some(support) = &effect.support else { continue };
        let source = &effect.source;
        let on_target = &effect.target == target && source != attacker;
        let options = &rules.attack_options;
        let (list, value, option, why) = match support {
            SupportBonus::Defense(bonus)
                if on_target && space_of(world, source).is_some_and(|s| line_of_effect_with(map, model, s, a)) =>
            {
                (&mut defense, *bonus, options.covering_fire, "covering fire from")
            }
            SupportBonus::Attack(bonus) if on_target && !hostile(world, attacker, source) => {
                (&mut attack, *bonus, options.harrying_fire, "harrying fire from")
            }
            SupportBonus::AllyAttack { ally, bonus } if on_target && ally == attacker => {
                (&mut attack, *bonus, options.aid_another, "aid another from")
            }
            // MNV-SRD-8: the foe's next attack on the aided ally.
            SupportBonus::AllyDefense { ally, bonus } if &effect.target == attacker && ally == target => {
                (&mut defense, *bonus, options.aid_another, "aid another from")
            }
            SupportBonus::OwnAttack(penalty) if &effect.target == attacker => {
                (&mut attack, *penalty, options.suppress, "suppressed by")
            }
            _ => continue,
        };
        let kind = option.map_or(BonusType::Untyped, |o| o.bonus_type);
        list.push(Modifier::typed(value, kind, format!("{why} {source}")).of_effect(effect.name.clone()));
        support_used.push(effect.id);
    }
    Ok(Situation {
        ranged,
        flat_footed,
        damage,
        attack,
        defense,
        miss_chance,
        cover: covered.degree,
        concealment: concealed.level,
        concealment_source: concealed.source,
        flanking_with,
        distance_ft: distance,
        support_used,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::attack::concealment::ConcealmentSource;
    use crate::rules::unit_component;

    const BUGGY_RAID: &str = include_str!("../../../scenarios/starfinder_buggy_raid.ron");

    fn id(s: &str) -> UnitId {
        UnitId(s.into())
    }

    /// The squares of the blockers, sorted (spaces have no order of their own).
    fn blockers(world: &World, attacker: &str, origin: &str, target: &str) -> Vec<(i32, i32, u32)> {
        let mut spaces: Vec<(i32, i32, u32)> = cover_blockers(world, &id(attacker), &id(origin), &id(target))
            .into_iter()
            .map(|s| (s.at.x, s.at.y, s.side))
            .collect();
        spaces.sort();
        spaces
    }

    fn spaces_of(world: &World, units: &[&str]) -> Vec<(i32, i32, u32)> {
        let mut spaces: Vec<(i32, i32, u32)> = units
            .iter()
            .map(|u| space_of(world, &id(u)).expect("placed"))
            .map(|s| (s.at.x, s.at.y, s.side))
            .collect();
        spaces.sort();
        spaces
    }

    /// COV-1, §9.3: between two goblins every other creature may give cover, the buggy and its
    /// three riders too (neither goblin rides it).
    #[test]
    fn cov_1_every_other_creature_is_a_blocker() {
        let b = crate::testing::battle(BUGGY_RAID, &[]);
        let w = b.world();
        assert_eq!(
            blockers(w, "goblin_1", "goblin_1", "goblin_2"),
            spaces_of(
                w,
                &[
                    "buggy", "buddy", "sssazza", "merris", "goblin_3", "goblin_4", "goblin_5", "goblin_6", "goblin_7",
                    "goblin_8"
                ]
            )
        );
    }

    /// §25.9: against a rider, its vehicle and the other riders stand for the passenger cover
    /// and block no line; a rider firing its vehicle's mounted weapon (VEH-20) shoots from the
    /// vehicle's space, which blocks nothing either.
    #[test]
    fn cov_1_a_riders_vehicle_and_fellow_riders_are_no_blockers() {
        let b = crate::testing::battle(BUGGY_RAID, &[]);
        let w = b.world();
        let goblins_but = |skip: &str| {
            let others: Vec<&str> = [
                "goblin_1", "goblin_2", "goblin_3", "goblin_4", "goblin_5", "goblin_6", "goblin_7", "goblin_8",
            ]
            .into_iter()
            .filter(|g| *g != skip)
            .collect();
            spaces_of(w, &others)
        };
        assert_eq!(blockers(w, "goblin_1", "goblin_1", "buddy"), goblins_but("goblin_1"));
        assert_eq!(blockers(w, "sssazza", "buggy", "goblin_1"), goblins_but("goblin_1"));
        assert_eq!(blockers(w, "sssazza", "sssazza", "goblin_2"), goblins_but("goblin_2"));
    }

    /// COV-1, CON-1: the deciding lines are the ones the situation judged by: cover lines
    /// when the target has cover, concealment lines exactly when the lines conceal it, and
    /// lines even when the attack is refused.
    #[test]
    fn cov_1_con_1_deciding_lines_follow_the_situation() {
        let text = |row: &str| {
            format!(
                r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (rows: ["{row}"], legend: {{ '.': (terrain: Floor), 'c': (terrain: Cover), '#': (terrain: Wall),
        's': (terrain: Floor, concealment: Normal) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [(id: "a1", side: "a", at: (0, 0), initiative: 5, speed: (land: 30), defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
             weapons: [(name: "Pistol", kind: Ranged, attack: 4, damage: "1d6", damage_types: [Fire], range_increment: 30)]),
            (id: "b1", side: "b", at: (5, 0), initiative: 1, speed: (land: 30), defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3))])"##
            )
        };
        let lines = |row: &str| {
            let b = crate::testing::battle(&text(row), &[]);
            let w = b.world();
            let (a1, b1) = (id("a1"), id("b1"));
            let pistol = unit_component::<Profile>(w, &a1).expect("a1").weapons[0].clone();
            let judged = situation(w, &a1, &b1, &pistol).map(|s| (s.cover, s.concealment_source));
            (
                deciding_lines(w, &a1, &a1, &b1, AttackKind::Ranged).expect("both placed"),
                judged,
            )
        };
        let (open, judged) = lines("......");
        assert!(open.concealment.is_empty());
        assert_eq!(judged, Ok((CoverDegree::None, ConcealmentSource::None)));
        let (covered, judged) = lines("....c.");
        assert!(!covered.cover.is_empty());
        assert!(covered.concealment.is_empty());
        assert_eq!(judged, Ok((CoverDegree::Cover, ConcealmentSource::None)));
        let (smoke, judged) = lines("..s...");
        assert_eq!(smoke.concealment.len(), 4);
        assert_eq!(judged, Ok((CoverDegree::None, ConcealmentSource::Squares)));
        let (walled, judged) = lines("...#..");
        assert!(walled.concealment.is_empty());
        assert!(
            judged.is_err(),
            "total cover refuses the attack, and the lines are still given"
        );
    }
}
