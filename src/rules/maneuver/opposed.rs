//! The d20 SRD's and d20 Modern's combat maneuvers (docs/d20-maneuvers.md, MNV-SRD-1..7):
//! trip, bull rush, disarm and grapple, each an opposed check (Strength checks, opposed
//! attack rolls, grapple checks) after the attacks of opportunity it provokes and, for trip
//! and grapple, a touch attack. Every number that differs between the two families is read
//! from `ManeuverRules::opposed`; starfinder's and saga's maneuvers stay in `maneuver`.

use super::events::ManeuverEvent;
use super::hold::{holds_by, holds_on};
use super::{ManeuverPlan, ManeuverRoll, OpposedCheck, kind_name, m, unarmed};
use crate::rules::attack::action::{check_attack, check_attacker_and_target, in_reach};
use crate::rules::attack::situation::{attacker_conditions, situation};
use crate::rules::attack::stacking::apply_stacking;
use crate::rules::attack::{DefenseUsed, defense_against, melee_weapon, resolve_attack, use_up_support};
use crate::rules::engine::error::illegal;
use crate::rules::feats::Feat;
use crate::rules::health::LifeState;
use crate::rules::reactions::opportunity::{attack_of_opportunity, provoked_by, provoked_now};
use crate::rules::reactions::threat::{elevation_of, space_of};
use crate::rules::sequence::turn::{EffectTerms, start_effect, take_action};
use crate::rules::{Combat, ConditionName, DieRoll, Executor, Health, HealthEvent, Hold, Maneuver, Modifier};
use crate::rules::{Defenses, Profile, RuleError, UnitId, Weapon, WeaponKind, unit_component};
use crate::ruleset::{AooTrigger, DisarmSize, ManeuverKind, OpposedManeuvers, Ruleset, Size, SizeBonus, TouchAttacks};
use bevy::prelude::World;
use serde::{Deserialize, Serialize};

/// Both sides of one opposed check and who won it (MNV-SRD-1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opposed {
    /// What each side rolls, e.g. "Strength check against Dexterity check".
    pub what: String,
    pub ours: OpposedCheck,
    pub theirs: OpposedCheck,
    /// Earlier pairs of rolls that tied with equal tie-breakers and were rolled again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rerolled: Vec<(DieRoll, DieRoll)>,
    /// The side that rolled `ours` won.
    pub won: bool,
}

/// One side of an opposed check before the roll: who, which check, its modifiers and what
/// breaks a tie (an ability score for an ability check, else the total modifier).
struct Side {
    unit: UnitId,
    check: String,
    modifiers: Vec<Modifier>,
    tie_break: i32,
}

fn size_index(size: Size) -> i32 {
    Size::ALL.iter().position(|s| *s == size).unwrap_or(4) as i32
}

/// How many size categories `a` is larger than `b` (negative: smaller).
fn larger_by(a: Size, b: Size) -> i32 {
    size_index(a) - size_index(b)
}

/// MNV-SRD-1: the size modifier of `me` in a Strength check against `foe`.
fn size_modifier(o: &OpposedManeuvers, me: Size, foe: Size) -> Option<Modifier> {
    let value = match o.size {
        SizeBonus::FromMedium => o.size_step * larger_by(me, Size::Medium),
        SizeBonus::LargerGets => o.size_step * larger_by(me, foe).max(0),
    };
    (value != 0).then(|| m(value, format!("{me:?} size")))
}

/// A Strength check (or the better of Dexterity and Strength, `either`) for a trip, bull
/// rush or overrun (MNV-SRD-1), with the size and stability modifiers and `extra`.
fn ability_side(o: &OpposedManeuvers, me: &Profile, unit: &UnitId, foe: &Profile, either: bool, stable: bool) -> Side {
    let (value, score, name) = if either && me.abilities.dex > me.abilities.str {
        (me.abilities.dex, me.scores.dex, "Dexterity")
    } else {
        (me.abilities.str, me.scores.str, "Strength")
    };
    let mut modifiers = vec![m(value, format!("{} modifier", &name[..3]))];
    modifiers.extend(size_modifier(o, me.size, foe.size));
    if stable && me.feats.contains(&Feat::Stable) {
        modifiers.push(m(o.stability_bonus, "stable"));
    }
    Side {
        unit: unit.clone(),
        check: format!("{name} check"),
        modifiers,
        tie_break: score as i32,
    }
}

/// Rolls an opposed check: the higher total wins; a tie goes to the higher tie-breaker, and
/// if those are equal too both roll again (MNV-SRD-1).
fn roll_opposed(ex: &mut Executor, what: &str, ours: Side, theirs: Side) -> Result<Opposed, RuleError> {
    let stacking = ex.ruleset().stacking.clone();
    let mut rerolled = Vec::new();
    let check = |ex: &mut Executor, side: &Side| -> Result<OpposedCheck, RuleError> {
        let roll = ex.roll(20, format!("{what}: {} ({})", side.unit, side.check))?;
        let mut modifiers = side.modifiers.clone();
        let total = roll.result as i32 + apply_stacking(&mut modifiers, &stacking);
        Ok(OpposedCheck {
            unit: side.unit.clone(),
            roll,
            modifiers,
            total,
        })
    };
    // A pair of natural rolls can tie forever only with scripted dice; give up then.
    for _ in 0..100 {
        let (a, b) = (check(ex, &ours)?, check(ex, &theirs)?);
        let won = match a.total.cmp(&b.total) {
            std::cmp::Ordering::Equal => match ours.tie_break.cmp(&theirs.tie_break) {
                std::cmp::Ordering::Equal => {
                    rerolled.push((a.roll, b.roll));
                    continue;
                }
                order => order.is_gt(),
            },
            order => order.is_gt(),
        };
        return Ok(Opposed {
            what: format!("{} against {}", ours.check, theirs.check),
            ours: a,
            theirs: b,
            rerolled,
            won,
        });
    }
    Err(illegal(format!("{what}: the opposed check tied 100 times")))
}

/// The family's opposed-maneuver numbers.
fn numbers(world: &World) -> Option<OpposedManeuvers> {
    world.resource::<Ruleset>().maneuvers.as_ref()?.opposed.clone()
}

/// MNV-SRD-2, MNV-SRD-5: a touch attack's defense. The d20 SRD's touch AC leaves out armor,
/// shield and natural armor: stat blocks give only the total AC, so it is 10 + Dex + size
/// (they carry no deflection or dodge bonuses either). d20 Modern keeps the class bonus,
/// which stat blocks do not give apart, so its touch attacks are not supported yet.
fn touch_defense(
    world: &World,
    target: &UnitId,
    flat_footed: bool,
    situational: &[Modifier],
) -> Result<DefenseUsed, RuleError> {
    let rules = world.resource::<Ruleset>();
    let profile = unit_component::<Profile>(world, target).ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
    if rules.defense.touch != TouchAttacks::IgnoreArmorShieldNatural {
        return Err(RuleError::NotSupported(format!(
            "touch attacks in {}'s rules need the target's Defense without its equipment bonus, \
             which stat blocks do not give yet (docs/d20-maneuvers.md)",
            rules.name
        )));
    }
    let size = rules.sizes.row(profile.size).defense_mod;
    let touch = rules.defense.base + profile.abilities.dex + size;
    let bare = Profile {
        defenses: Defenses::ArmorClass { ac: touch },
        ..profile.clone()
    };
    let mut used = defense_against(rules, &bare, flat_footed, &[], situational);
    used.name = format!("touch AC (10 + Dex {:+} + size {:+})", profile.abilities.dex, size);
    Ok(used)
}

/// MNV-SRD-1: trip, bull rush and overrun work only on a creature at most one size larger.
fn check_size(
    o: &OpposedManeuvers,
    kind: ManeuverKind,
    me: &Profile,
    target: &UnitId,
    foe: &Profile,
) -> Result<(), RuleError> {
    if larger_by(foe.size, me.size) > o.max_larger_sizes as i32 {
        return Err(illegal(format!(
            "{target} is too big: a {} works on creatures at most {} size category larger (MNV-SRD-1)",
            kind_name(kind),
            o.max_larger_sizes
        )));
    }
    Ok(())
}

/// The unarmed strike a trip or grapple is made with: the named one, else the stat block's
/// best, else BAB + Str (MNV-SRD-2: "an unarmed melee touch attack").
fn unarmed_strike(
    world: &World,
    unit: &UnitId,
    target: &UnitId,
    profile: &Profile,
    named: Option<&str>,
    kind: ManeuverKind,
) -> Result<Weapon, RuleError> {
    let weapon = match named {
        Some(name) => profile
            .weapon_named(name)
            .filter(|w| w.kind == WeaponKind::Unarmed)
            .cloned()
            .ok_or_else(|| {
                illegal(format!(
                    "a {} is an unarmed touch attack: {name} is not an unarmed strike (stat blocks cannot mark trip weapons yet)",
                    kind_name(kind)
                ))
            })?,
        None => unarmed(profile),
    };
    if !in_reach(world, unit, target, &weapon, profile) {
        return Err(illegal(format!("{target} is out of reach of an unarmed attack")));
    }
    Ok(weapon)
}

/// Checks a d20 maneuver (MNV-SRD-1..7): what it is made with, whom it may target, and the
/// touch attack's defense. Overrun and sunder answer "not supported yet".
pub(super) fn check(
    world: &World,
    unit: &UnitId,
    target: &UnitId,
    maneuver: &Maneuver,
    named: Option<&str>,
) -> Result<ManeuverPlan, RuleError> {
    let rules = world.resource::<Ruleset>();
    let o = numbers(world).ok_or_else(|| RuleError::NotSupported("opposed maneuvers".into()))?;
    let kind = maneuver.kind();
    match kind {
        ManeuverKind::Overrun => {
            return Err(RuleError::NotSupported(
                "overrun is not supported yet: it is made during a move, through the defender's space (MNV-SRD-6)"
                    .into(),
            ));
        }
        ManeuverKind::Sunder => {
            return Err(RuleError::NotSupported(o.no_sunder.clone().unwrap_or_else(|| {
                "sunder is not supported yet: stat blocks give no weapon hardness or hit points (MNV-SRD-7)".into()
            })));
        }
        ManeuverKind::BullRush if o.astray_pct == 0 => {
            return Err(RuleError::NotSupported(format!(
                "bull rush in {}'s rules is an attack made during a move action, which is not supported yet (MNV-SRD-3)",
                rules.name
            )));
        }
        _ => {}
    }
    check_attacker_and_target(world, unit, target)?;
    let profile = unit_component::<Profile>(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let foe = unit_component::<Profile>(world, target).ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
    if let Some(h) = holds_on(world, unit).first() {
        // The actions open to a grappler (pin, damage, move, ...) are not supported yet;
        // the escape is `BreakFree`.
        return Err(illegal(format!(
            "{unit} is grappling {}: it can only try to escape (break free) (MNV-SRD-5)",
            h.source
        )));
    }
    let mut disarmed = None;
    let weapon = match maneuver {
        Maneuver::Trip => {
            check_size(&o, kind, profile, target, foe)?;
            let prone =
                crate::rules::health::conditions::effective_conditions(world, target).contains(&ConditionName::Prone);
            if prone {
                return Err(illegal(format!("{target} is already prone")));
            }
            if elevation_of(world, target) > 0 {
                return Err(RuleError::NotSupported(
                    "tripping a creature in the air is not in the d20 SRD's trip rules (MNV-SRD-2)".into(),
                ));
            }
            unarmed_strike(world, unit, target, profile, named, kind)?
        }
        Maneuver::Grapple => {
            if let Some(h) = holds_by(world, unit).first() {
                return Err(illegal(format!("{unit} already grapples {}", h.target)));
            }
            if !holds_on(world, target).is_empty() {
                return Err(RuleError::NotSupported(format!(
                    "{target} is already grappling: joining a grapple is not supported yet (MNV-SRD-5)"
                )));
            }
            let w = unarmed_strike(world, unit, target, profile, named, kind)?;
            let listed = profile.weapons.iter().any(|w| w.kind == WeaponKind::Unarmed);
            if !listed && profile.size != Size::Medium {
                return Err(RuleError::NotSupported(format!(
                    "{unit} is {:?}: give its unarmed strike in its stat block, the hold deals its damage (MNV-SRD-5)",
                    profile.size
                )));
            }
            w
        }
        Maneuver::BullRush => {
            check_size(&o, kind, profile, target, foe)?;
            let (a, t) = (space_of(world, unit), space_of(world, target));
            if !a.zip(t).is_some_and(|(a, t)| a.adjacent(t)) {
                return Err(illegal(format!(
                    "a bull rush moves into {target}'s space: {unit} must stand next to it (MNV-SRD-3)"
                )));
            }
            unarmed(profile)
        }
        Maneuver::Disarm { item, catch } => {
            if *catch {
                return Err(illegal(
                    "in the d20 rules only an unarmed disarm takes the weapon: leave out catch (MNV-SRD-4)",
                ));
            }
            let plan = check_attack(world, unit, target, named)?;
            if plan.situation.ranged {
                return Err(illegal(format!(
                    "a disarm is a melee attack: {target} is not within reach of {}",
                    plan.weapon.name
                )));
            }
            let held = |w: &&Weapon| w.kind != WeaponKind::Unarmed;
            let w = match item {
                Some(name) => foe
                    .weapon_named(name)
                    .filter(held)
                    .ok_or_else(|| illegal(format!("{target} holds no {name} that can be knocked away")))?,
                None => foe
                    .weapons
                    .iter()
                    .filter(held)
                    .max_by_key(|w| w.attack)
                    .ok_or_else(|| illegal(format!("{target} holds no weapon to disarm")))?,
            };
            if w.kind != WeaponKind::Melee && o.disarm.non_melee_item.is_none() {
                return Err(RuleError::NotSupported(format!(
                    "disarming the wielder of a ranged weapon in {}'s rules is not supported yet (MNV-SRD-4)",
                    rules.name
                )));
            }
            disarmed = Some(w.clone());
            plan.weapon
        }
        Maneuver::Reposition { .. } | Maneuver::Grab | Maneuver::Overrun | Maneuver::Sunder => {
            return Err(RuleError::NotSupported(format!(
                "{} is not in {}'s rules",
                kind_name(kind),
                rules.name
            )));
        }
    };
    let situation = situation(world, unit, target, &weapon)?;
    let defense = match kind {
        ManeuverKind::Trip | ManeuverKind::Grapple => {
            touch_defense(world, target, situation.flat_footed, &situation.defense)?
        }
        _ => DefenseUsed {
            name: "opposed check".into(),
            value: 0,
            modifiers: Vec::new(),
        },
    };
    Ok(ManeuverPlan {
        kind,
        weapon,
        situation,
        extra: Vec::new(),
        defense,
        disarmed,
        escape_from: None,
        way: None,
    })
}

fn has(world: &World, unit: &UnitId, feat: Feat) -> bool {
    unit_component::<Profile>(world, unit).is_some_and(|p| p.feats.contains(&feat))
}

fn profile(ex: &Executor, unit: &UnitId) -> Result<Profile, RuleError> {
    ex.get::<Profile>(unit)
        .cloned()
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))
}

fn can_act(ex: &Executor, unit: &UnitId) -> bool {
    ex.get::<LifeState>(unit).copied().unwrap_or_default().can_act()
}

/// The foes that get an attack of opportunity on `unit` where it stands now.
fn threatening_foes(world: &World, unit: &UnitId) -> Vec<UnitId> {
    provoked_by(world, unit, AooTrigger::LeaveThreatenedSquare)
}

/// Resolves attacks of opportunity on `meant` by `reactors`; with `astray` (bull rush, MNV-SRD-3)
/// each one by anyone but `other` goes to `other` instead on a d% roll of `astray` or less.
/// Returns whether `meant` took damage.
fn provoke(
    ex: &mut Executor,
    reactors: &[UnitId],
    meant: &UnitId,
    other: &UnitId,
    astray: u32,
    why: &str,
) -> Result<bool, RuleError> {
    let before = ex.get::<Health>(meant).copied();
    for reactor in reactors {
        let mut victim = meant.clone();
        if astray > 0 && reactor != other {
            let roll = ex.roll(100, format!("{why}: does {reactor}'s attack go astray ({astray}%)"))?;
            if roll.result <= astray {
                victim = other.clone();
            }
            ex.emit(ManeuverEvent::AttackAstray {
                reactor: reactor.clone(),
                meant: meant.clone(),
                hits: victim.clone(),
                chance: astray,
                roll,
            });
        }
        let square = space_of(ex.world, &victim).map_or(crate::grid::Square::new(0, 0), |s| s.at);
        attack_of_opportunity(ex, reactor, &victim, square, why)?;
    }
    Ok(ex.get::<Health>(meant).copied() != before)
}

/// Executes a d20 maneuver (MNV-SRD-2..5): the action, the attacks of opportunity, the touch
/// attack where there is one, the opposed check, and what follows a win or a loss.
pub(super) fn execute(
    ex: &mut Executor,
    unit: &UnitId,
    target: &UnitId,
    maneuver: &Maneuver,
    named: Option<&str>,
) -> Result<(), RuleError> {
    let plan = check(ex.world, unit, target, maneuver, named)?;
    let o = numbers(ex.world).ok_or_else(|| RuleError::NotSupported("opposed maneuvers".into()))?;
    let action = ex
        .ruleset()
        .maneuvers
        .as_ref()
        .map_or(crate::ruleset::ActionKind::Standard, |r| r.action);
    let name = kind_name(plan.kind);
    take_action(ex, unit, action, format!("{name} {target}"));
    // The attacks of opportunity it provokes, before it is made.
    let (improved, fails_on_damage) = match plan.kind {
        ManeuverKind::Trip => (Feat::ImprovedTrip, false),
        ManeuverKind::Disarm => (Feat::ImprovedDisarm, o.disarm.fails_on_aoo_damage),
        ManeuverKind::Grapple => (Feat::ImprovedGrapple, o.grapple.fails_on_aoo_damage),
        _ => (Feat::ImprovedBullRush, false),
    };
    let improved = has(ex.world, unit, improved);
    let foes = threatening_foes(ex.world, unit);
    let damaged = if plan.kind == ManeuverKind::BullRush {
        // MNV-SRD-3: moving into the defender's space provokes from every foe that threatens
        // the attacker (Improved Bull Rush: not from the defender).
        let reactors: Vec<UnitId> = foes.into_iter().filter(|r| !(improved && r == target)).collect();
        provoke(ex, &reactors, unit, target, o.astray_pct, "bull rush, at")?
    } else if !improved && foes.contains(target) {
        provoke(
            ex,
            std::slice::from_ref(target),
            unit,
            target,
            0,
            &format!("{name} attempt, at"),
        )?
    } else {
        false
    };
    if !can_act(ex, unit) {
        return Ok(());
    }
    if damaged && fails_on_damage {
        ex.emit(ManeuverEvent::ManeuverSpoiled {
            unit: unit.clone(),
            target: target.clone(),
            maneuver: plan.kind,
            reason: "the attack of opportunity dealt damage".into(),
        });
        return Ok(());
    }
    match maneuver {
        Maneuver::Trip => trip(ex, unit, target, &plan, &o, improved),
        Maneuver::Grapple => grapple(ex, unit, target, &plan, &o, improved),
        Maneuver::BullRush => bull_rush(ex, unit, target, &o, improved),
        Maneuver::Disarm { .. } => disarm(ex, unit, target, &plan, &o, improved),
        _ => Ok(()),
    }
}

/// A trip's or grapple's touch attack, rolled (MNV-SRD-2, MNV-SRD-5).
struct Touch {
    roll: DieRoll,
    modifiers: Vec<Modifier>,
    total: i32,
    hit: bool,
    miss_chance: Option<(u32, DieRoll)>,
}

/// Rolls the touch attack of a trip or grapple against the plan's touch AC (concealment's
/// miss chance included) and uses up the support bonuses it took; the caller emits it once
/// the opposed check that follows has told the whole outcome.
fn touch_attack(ex: &mut Executor, unit: &UnitId, target: &UnitId, plan: &ManeuverPlan) -> Result<Touch, RuleError> {
    let name = kind_name(plan.kind);
    let rules = ex.ruleset().clone();
    let roll = ex.roll(20, format!("{name}: {unit} touches {target} with {}", plan.weapon.name))?;
    let mut modifiers = vec![m(plan.weapon.attack, format!("{} attack bonus", plan.weapon.name))];
    modifiers.extend(plan.situation.attack.iter().cloned());
    let total = roll.result as i32 + apply_stacking(&mut modifiers, &rules.stacking);
    let mut hit = rules.attack.hits(roll.result, total, plan.defense.value);
    let mut miss_chance = None;
    if hit && let Some(pct) = plan.situation.miss_chance {
        let d = ex.roll(100, format!("{name}: concealment miss chance ({pct}%)"))?;
        hit = d.result > pct;
        miss_chance = Some((pct, d));
    }
    use_up_support(ex, &plan.situation.support_used);
    Ok(Touch {
        roll,
        modifiers,
        total,
        hit,
        miss_chance,
    })
}

fn resolved(ex: &mut Executor, unit: &UnitId, target: &UnitId, plan: &ManeuverPlan, touch: Touch, success: bool) {
    let Touch {
        roll,
        modifiers,
        total,
        hit,
        miss_chance,
    } = touch;
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
            margin: total - plan.defense.value,
            miss_chance,
            opposed: None,
            success,
        }),
    });
}

fn emit_opposed(
    ex: &mut Executor,
    unit: &UnitId,
    target: &UnitId,
    kind: ManeuverKind,
    counter: bool,
    opposed: Opposed,
) {
    ex.emit(ManeuverEvent::OpposedResolved {
        unit: unit.clone(),
        target: target.clone(),
        maneuver: kind,
        counter,
        opposed: Box::new(opposed),
    });
}

fn knock_prone(ex: &mut Executor, unit: &UnitId) {
    ex.emit(HealthEvent::ConditionChanged {
        unit: unit.clone(),
        condition: ConditionName::Prone,
        gained: true,
    });
}

/// MNV-SRD-2 trip: an unarmed melee touch attack, then the attacker's Strength check against
/// the defender's Dexterity or Strength check; the winner trips the loser ("If you lose, the
/// defender may immediately react ... to try to trip you"). With Improved Trip the attacker
/// gets +4 and a melee attack on the tripped foe.
fn trip(
    ex: &mut Executor,
    unit: &UnitId,
    target: &UnitId,
    plan: &ManeuverPlan,
    o: &OpposedManeuvers,
    improved: bool,
) -> Result<(), RuleError> {
    let touch = touch_attack(ex, unit, target, plan)?;
    if !touch.hit {
        resolved(ex, unit, target, plan, touch, false);
        return Ok(());
    }
    let (me, foe) = (profile(ex, unit)?, profile(ex, target)?);
    let mut ours = ability_side(o, &me, unit, &foe, false, false);
    if improved && o.improved_bonus != 0 {
        ours.modifiers.push(m(o.improved_bonus, "Improved Trip"));
    }
    let theirs = ability_side(o, &foe, target, &me, true, true);
    let opposed = roll_opposed(ex, "trip", ours, theirs)?;
    let won = opposed.won;
    resolved(ex, unit, target, plan, touch, won);
    emit_opposed(ex, unit, target, ManeuverKind::Trip, false, opposed);
    if won {
        knock_prone(ex, target);
        if improved {
            // Improved Trip: "you immediately get a melee attack against that opponent as if
            // you hadn't used your attack for the trip attempt".
            let reach = |w: &Weapon| in_reach(ex.world, unit, target, w, &me);
            if let Some(w) = melee_weapon(&me, |w| w.kind != WeaponKind::Ranged && reach(w)).cloned() {
                let s = situation(ex.world, unit, target, &w)?;
                resolve_attack(ex, unit, target, &w, &s, Vec::new(), "Improved Trip")?;
            }
        }
        return Ok(());
    }
    if o.trip_back && can_act(ex, target) {
        let ours = ability_side(o, &foe, target, &me, false, false);
        let theirs = ability_side(o, &me, unit, &foe, true, true);
        let back = roll_opposed(ex, "trip back", ours, theirs)?;
        let won = back.won;
        emit_opposed(ex, target, unit, ManeuverKind::Trip, true, back);
        if won {
            knock_prone(ex, unit);
        }
    }
    Ok(())
}

/// MNV-SRD-3 bull rush: opposed Strength checks; a win pushes the defender back 5 ft (the
/// attacker does not move with it, so no further), and the defender provokes for being
/// moved from everyone but the attacker, each such attack going astray to the attacker on
/// the family's chance. A loss leaves the attacker where it stood.
fn bull_rush(
    ex: &mut Executor,
    unit: &UnitId,
    target: &UnitId,
    o: &OpposedManeuvers,
    improved: bool,
) -> Result<(), RuleError> {
    let (me, foe) = (profile(ex, unit)?, profile(ex, target)?);
    let mut ours = ability_side(o, &me, unit, &foe, false, false);
    if improved && o.improved_bonus != 0 {
        ours.modifiers.push(m(o.improved_bonus, "Improved Bull Rush"));
    }
    let theirs = ability_side(o, &foe, target, &me, false, true);
    let opposed = roll_opposed(ex, "bull rush", ours, theirs)?;
    let won = opposed.won;
    emit_opposed(ex, unit, target, ManeuverKind::BullRush, false, opposed);
    if !won {
        return Ok(());
    }
    let rules = ex.ruleset().clone();
    let (a, t) = (
        space_of(ex.world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?,
        space_of(ex.world, target).ok_or_else(|| RuleError::UnknownUnit(target.clone()))?,
    );
    let centre = |s: crate::grid::Space| (2 * s.at.x + s.side as i32, 2 * s.at.y + s.side as i32);
    let ((ax, ay), (tx, ty)) = (centre(a), centre(t));
    let dir = super::forced::nearest_direction(tx - ax, ty - ay);
    let result = {
        let layers = crate::rules::movement::board::board_for(ex.world, target);
        super::forced::push(
            &layers.board(ex.world),
            t.at,
            dir,
            rules.grid.square_ft,
            rules.grid.square_ft,
        )
    };
    if !result.path.is_empty() {
        let left: Vec<crate::grid::Square> = t.squares().collect();
        let reactors: Vec<UnitId> = provoked_now(ex.world, target, &left)
            .into_iter()
            .filter(|r| r != unit)
            .collect();
        provoke(ex, &reactors, target, unit, o.astray_pct, "moved by a bull rush, from")?;
    }
    if !can_act(ex, target) && ex.get::<LifeState>(target) == Some(&LifeState::Dead) {
        return Ok(());
    }
    ex.emit(ManeuverEvent::ForcedMove {
        unit: target.clone(),
        by: unit.clone(),
        path: result.path,
        elevation: None,
        moved_ft: result.moved_ft,
        stopped: result.stopped,
    });
    Ok(())
}

/// One side of a disarm's opposed attack roll (MNV-SRD-4) with `weapon`, against a foe of
/// `foe_size` holding `foe_weapon`.
fn disarm_side(
    ex: &Executor,
    o: &OpposedManeuvers,
    unit: &UnitId,
    me: &Profile,
    weapon: &Weapon,
    foe: (&Profile, &Weapon),
    defending: bool,
) -> Result<Side, RuleError> {
    let d = o.disarm;
    let rules = ex.ruleset();
    let mut modifiers = Vec::new();
    if weapon.kind == WeaponKind::Melee || weapon.kind == WeaponKind::Unarmed {
        modifiers.push(m(weapon.attack, format!("{} attack bonus", weapon.name)));
    } else {
        // A ranged weapon held in melee: the holder's melee attack bonus (BAB + Str + size).
        modifiers.push(m(me.bab, "base attack bonus"));
        modifiers.push(m(me.abilities.str, "Str modifier"));
        modifiers.push(m(rules.sizes.row(me.size).attack_mod, format!("{:?} size", me.size)));
        if let Some(p) = d.non_melee_item {
            modifiers.push(m(p, format!("{} is not a melee weapon", weapon.name)));
        }
    }
    modifiers.extend(attacker_conditions(ex.world, unit, weapon)?.0);
    let two_handed = weapon.hands > 1 && (defending || !d.two_handed_target_only);
    if two_handed {
        modifiers.push(m(d.two_handed_bonus, format!("{} in two hands", weapon.name)));
    }
    let light = weapon.light || weapon.kind == WeaponKind::Unarmed;
    if let (true, Some(p)) = (light, d.light_penalty) {
        modifiers.push(m(p, format!("{} is light", weapon.name)));
    }
    let (foe, foe_weapon) = foe;
    let bigger = match d.size_of {
        DisarmSize::Combatants => larger_by(me.size, foe.size),
        DisarmSize::Weapons => weapon_size(me, weapon) - weapon_size(foe, foe_weapon),
    };
    if bigger > 0 {
        let what = match d.size_of {
            DisarmSize::Combatants => "larger combatant",
            DisarmSize::Weapons => "larger weapon",
        };
        modifiers.push(m(d.size_step * bigger, format!("{what} by {bigger}")));
    }
    let tie_break = modifiers.iter().map(|x| x.value).sum();
    Ok(Side {
        unit: unit.clone(),
        check: format!("attack roll with {}", weapon.name),
        modifiers,
        tie_break,
    })
}

/// d20 Modern: a weapon's size category, its wielder's one smaller when light and one larger
/// when wielded in two hands (docs/d20-maneuvers.md).
fn weapon_size(wielder: &Profile, weapon: &Weapon) -> i32 {
    let light = weapon.light || weapon.kind == WeaponKind::Unarmed;
    size_index(wielder.size) - i32::from(light) + i32::from(weapon.hands > 1)
}

/// MNV-SRD-4 disarm: opposed attack rolls; a win knocks the weapon to the ground in the
/// defender's square (an unarmed attacker takes it); a loss lets the defender try to disarm
/// the attacker at once, which provokes nothing (Improved Disarm: no such try).
fn disarm(
    ex: &mut Executor,
    unit: &UnitId,
    target: &UnitId,
    plan: &ManeuverPlan,
    o: &OpposedManeuvers,
    improved: bool,
) -> Result<(), RuleError> {
    let Some(item) = plan.disarmed.clone() else {
        return Ok(());
    };
    let (me, foe) = (profile(ex, unit)?, profile(ex, target)?);
    let mut ours = disarm_side(ex, o, unit, &me, &plan.weapon, (&foe, &item), false)?;
    if improved && o.improved_bonus != 0 {
        ours.modifiers.push(m(o.improved_bonus, "Improved Disarm"));
    }
    let theirs = disarm_side(ex, o, target, &foe, &item, (&me, &plan.weapon), true)?;
    let opposed = roll_opposed(ex, "disarm", ours, theirs)?;
    let won = opposed.won;
    emit_opposed(ex, unit, target, ManeuverKind::Disarm, false, opposed);
    if won {
        drop_weapon(
            ex,
            target,
            item,
            (plan.weapon.kind == WeaponKind::Unarmed).then_some(unit),
        );
        return Ok(());
    }
    if !o.disarm.disarm_back || improved || plan.weapon.kind == WeaponKind::Unarmed || !can_act(ex, target) {
        return Ok(());
    }
    // The defender disarms back with a melee weapon (the item if it is one).
    let with = if item.kind == WeaponKind::Melee {
        item
    } else {
        melee_weapon(&foe, |w| w.kind != WeaponKind::Ranged)
            .cloned()
            .unwrap_or_else(|| unarmed(&foe))
    };
    let ours = disarm_side(ex, o, target, &foe, &with, (&me, &plan.weapon), false)?;
    let theirs = disarm_side(ex, o, unit, &me, &plan.weapon, (&foe, &with), true)?;
    let back = roll_opposed(ex, "disarm back", ours, theirs)?;
    let won = back.won;
    emit_opposed(ex, target, unit, ManeuverKind::Disarm, true, back);
    if won {
        drop_weapon(
            ex,
            unit,
            plan.weapon.clone(),
            (with.kind == WeaponKind::Unarmed).then_some(target),
        );
    }
    Ok(())
}

fn drop_weapon(ex: &mut Executor, unit: &UnitId, weapon: Weapon, taker: Option<&UnitId>) {
    let at = space_of(ex.world, unit).map_or(crate::grid::Square::new(0, 0), |s| s.at);
    ex.emit(ManeuverEvent::WeaponDropped {
        unit: unit.clone(),
        weapon: Box::new(weapon),
        at,
        taken_by: taker.cloned(),
    });
}

/// A grapple check's side (MNV-SRD-5): BAB + Str + the special size modifier (+ Improved
/// Grapple's bonus); ties go to the higher grapple modifier.
fn grapple_side(ex: &Executor, o: &OpposedManeuvers, unit: &UnitId) -> Result<Side, RuleError> {
    let p = profile(ex, unit)?;
    let rules = ex.ruleset();
    let mut modifiers = vec![
        m(p.bab, "base attack bonus"),
        m(p.abilities.str, "Str modifier"),
        m(
            rules.sizes.row(p.size).grapple_mod,
            format!("{:?} size (grapple)", p.size),
        ),
    ];
    if p.feats.contains(&Feat::ImprovedGrapple) && o.improved_bonus != 0 {
        modifiers.push(m(o.improved_bonus, "Improved Grapple"));
    }
    let tie_break = modifiers.iter().map(|x| x.value).sum();
    Ok(Side {
        unit: unit.clone(),
        check: "grapple check".into(),
        modifiers,
        tie_break,
    })
}

/// MNV-SRD-5 start a grapple: a melee touch attack to grab, then opposed grapple checks to
/// hold (lost at once against a target too many sizes larger); a hold deals unarmed-strike
/// damage (nonlethal) and leaves both grappling one another until one escapes.
fn grapple(
    ex: &mut Executor,
    unit: &UnitId,
    target: &UnitId,
    plan: &ManeuverPlan,
    o: &OpposedManeuvers,
    _improved: bool,
) -> Result<(), RuleError> {
    let touch = touch_attack(ex, unit, target, plan)?;
    if !touch.hit {
        resolved(ex, unit, target, plan, touch, false);
        return Ok(());
    }
    let (me, foe) = (profile(ex, unit)?, profile(ex, target)?);
    if larger_by(foe.size, me.size) > o.grapple.hold_max_larger_sizes as i32 {
        resolved(ex, unit, target, plan, touch, false);
        ex.emit(ManeuverEvent::ManeuverSpoiled {
            unit: unit.clone(),
            target: target.clone(),
            maneuver: ManeuverKind::Grapple,
            reason: format!(
                "{target} is more than {} size categories larger: the hold fails",
                o.grapple.hold_max_larger_sizes
            ),
        });
        return Ok(());
    }
    let (ours, theirs) = (grapple_side(ex, o, unit)?, grapple_side(ex, o, target)?);
    let opposed = roll_opposed(ex, "grapple", ours, theirs)?;
    let won = opposed.won;
    resolved(ex, unit, target, plan, touch, won);
    emit_opposed(ex, unit, target, ManeuverKind::Grapple, false, opposed);
    if !won {
        return Ok(());
    }
    // "you deal damage to the target as if with an unarmed strike": the stat block's, else
    // the family's Medium unarmed strike + Str; unarmed strikes deal nonlethal damage.
    let rules = ex.ruleset().clone();
    let strike = me
        .weapons
        .iter()
        .filter(|w| w.kind == WeaponKind::Unarmed)
        .max_by_key(|w| w.attack)
        .cloned()
        .unwrap_or_else(|| Weapon {
            damage: o.grapple.unarmed_damage,
            ..unarmed(&me)
        });
    let bonus: Vec<Modifier> = if me.weapons.iter().any(|w| w.kind == WeaponKind::Unarmed) {
        Vec::new()
    } else {
        vec![m(me.abilities.str, "Str modifier")]
    };
    let mut damage = crate::rules::attack::roll_damage(ex, &rules, &strike, &bonus, false, "grapple hold")?;
    damage.lethal = false;
    let amount = damage.total;
    ex.emit(ManeuverEvent::HoldDamage {
        unit: unit.clone(),
        target: target.clone(),
        weapon: strike.name.clone(),
        damage: Box::new(damage),
    });
    crate::rules::attack::deal_damage(ex, &rules, target, amount, false)?;
    // Both are grappling: each holds the other until one escapes or the hold breaks.
    for (source, held) in [(unit, target), (target, unit)] {
        let label = format!("grappling {}", if source == unit { target } else { unit });
        start_effect(
            ex,
            source,
            held,
            &label,
            1,
            EffectTerms {
                condition: Some(ConditionName::Grappled),
                hold: Some(Hold::UntilBroken),
                ..EffectTerms::default()
            },
        );
    }
    Ok(())
}

/// MNV-SRD-5 escape: "You can escape a grapple by winning an opposed grapple check in place
/// of making an attack." Checks that `unit` grapples exactly one creature (escaping several
/// at once is not supported yet).
pub(super) fn check_escape(world: &World, unit: &UnitId) -> Result<UnitId, RuleError> {
    let rules = world.resource::<Ruleset>();
    let action = rules
        .maneuvers
        .as_ref()
        .map_or(crate::ruleset::ActionKind::Standard, |r| r.action);
    world.resource::<Combat>().can_spend(&rules.actions, action)?;
    let mut holders: Vec<UnitId> = holds_on(world, unit).into_iter().map(|h| h.source).collect();
    holders.dedup();
    match holders.as_slice() {
        [] => Err(illegal(format!("{unit} is not grappled"))),
        [one] => Ok(one.clone()),
        _ => Err(RuleError::NotSupported(
            "escaping several grapplers at once is not supported yet (MNV-SRD-5)".into(),
        )),
    }
}

/// Escapes: the action, the opposed grapple checks, and on a win every hold between the two ends.
pub(super) fn execute_escape(ex: &mut Executor, unit: &UnitId) -> Result<(), RuleError> {
    let holder = check_escape(ex.world, unit)?;
    let o = numbers(ex.world).ok_or_else(|| RuleError::NotSupported("opposed maneuvers".into()))?;
    let action = ex
        .ruleset()
        .maneuvers
        .as_ref()
        .map_or(crate::ruleset::ActionKind::Standard, |r| r.action);
    take_action(ex, unit, action, format!("escape {holder}'s grapple"));
    let (ours, theirs) = (grapple_side(ex, &o, unit)?, grapple_side(ex, &o, &holder)?);
    let opposed = roll_opposed(ex, "escape a grapple", ours, theirs)?;
    let won = opposed.won;
    emit_opposed(ex, unit, &holder, ManeuverKind::Grapple, false, opposed);
    if won {
        let pair = |h: &crate::rules::TrackedEffect| {
            (&h.source == unit && h.target == holder) || (h.source == holder && &h.target == unit)
        };
        let holds: Vec<_> = ex
            .world
            .resource::<Combat>()
            .effects
            .iter()
            .filter(|e| e.hold.is_some() && pair(e))
            .cloned()
            .collect();
        for h in holds {
            super::hold::end(ex, &h);
        }
    }
    Ok(())
}
