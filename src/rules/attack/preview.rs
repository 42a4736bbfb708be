//! The numbers an attack shows before it is made, beyond one roll's odds (`action::
//! preview_attack`): the damage a hit deals and the damage to expect (§14.3, §16.1-§16.3), and
//! a full attack's attacks each with its penalties and odds (§4.3.1, 001:1071-1082,
//! 004:309-329). Pure: reads the world, rolls nothing; the numbers are those the roll and
//! `roll_damage` would use.

use super::action::{AttackOrder, AttackPreview, plan_attacks, preview_plan};
use super::{damage_multiplier, reduction, through_layers};
use crate::rules::{Modifier, Profile, RuleError, UnitId, Weapon};
use crate::ruleset::{DamageLayer, DiceExpr, Ruleset};
use bevy::prelude::World;
use serde::Serialize;

/// The damage of one attack before it is made.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DamageOdds {
    /// The weapon's dice with every bonus on the damage ("1d6+2").
    pub dice: String,
    /// The mean damage that reaches the target on an ordinary hit, after the family's minimum,
    /// the target's shields and its damage reduction.
    pub on_hit: f64,
    /// The same on a critical hit (the family's critical damage, §14.3).
    pub on_crit: f64,
    /// The target's damage reduction against this weapon, if any (§16.3).
    pub reduced_by: Option<Modifier>,
    /// The damage to expect from the attack: each outcome's mean times its chance.
    pub expected: f64,
}

/// The damage to expect from an attack that hits without a critical with chance `ordinary` and
/// with a critical with chance `critical` (each from 0 to 1), whose mean damage is `on_hit` and
/// `on_crit` (§14.3: a critical replaces the ordinary damage).
pub fn expected_damage(ordinary: f64, critical: f64, on_hit: f64, on_crit: f64) -> f64 {
    ordinary * on_hit + critical * on_crit
}

/// The damage odds of `weapon` (with the situation's `damage_modifiers`) on `target`, whose
/// shields are `shields`, when the attack hits without a critical and with one with the
/// chances `chances` (from 0 to 1). `None` when the rules cannot tell the reduction before the
/// roll (starfinder damage reduction against mixed kinetic and energy damage).
pub fn damage_odds(
    rules: &Ruleset,
    weapon: &Weapon,
    damage_modifiers: &[Modifier],
    target: &Profile,
    shields: Option<u32>,
    chances: (f64, f64),
) -> Option<DamageOdds> {
    let reduced_by = match rules.damage.order.contains(&DamageLayer::DamageReduction) {
        true => reduction(rules, target, weapon).ok()?,
        false => None,
    };
    let bonus = damage_modifiers
        .iter()
        .fold(weapon.damage.bonus, |sum, m| sum.saturating_add(m.value));
    let mean = |critical: bool| mean_dealt(rules, weapon.damage, bonus, critical, shields, reduced_by.as_ref());
    let (on_hit, on_crit) = (mean(false), mean(true));
    let dice = DiceExpr { bonus, ..weapon.damage };
    Some(DamageOdds {
        dice: dice.to_string(),
        on_hit: round2(on_hit),
        on_crit: round2(on_crit),
        reduced_by,
        expected: round2(expected_damage(chances.0, chances.1, on_hit, on_crit)),
    })
}

/// §16.1-§16.3: the mean of what reaches the target from `dice` with `bonus` (the weapon's and
/// the situation's), rolled as an ordinary or a critical hit: every total the dice can make,
/// the family's minimum damage, then its layers. Exact (the totals' distribution), not sampled.
pub fn mean_dealt(
    rules: &Ruleset,
    dice: DiceExpr,
    bonus: i32,
    critical: bool,
    shields: Option<u32>,
    reduction: Option<&Modifier>,
) -> f64 {
    let (times, factor) = damage_multiplier(rules, critical);
    let minimum = rules.damage.minimum.amount;
    dice_totals(dice.count.saturating_mul(times), dice.sides)
        .into_iter()
        .map(|(sum, p)| {
            // As `roll_damage`: the bonus on every roll of the dice, the total times the factor.
            let total = (sum + i64::from(bonus) * i64::from(times)) * i64::from(factor);
            let total = if total < i64::from(minimum) {
                minimum
            } else {
                u32::try_from(total).unwrap_or(u32::MAX)
            };
            f64::from(through_layers(rules, shields, reduction, total).0) * p
        })
        .sum()
}

/// Every sum of `count` dice with `sides` sides and its probability (none: 0, certainly).
fn dice_totals(count: u32, sides: u32) -> Vec<(i64, f64)> {
    let mut ways = vec![1.0f64];
    if sides > 0 {
        for _ in 0..count {
            let mut next = vec![0.0; ways.len() + sides as usize];
            for (sum, w) in ways.iter().enumerate() {
                for face in 1..=sides as usize {
                    next[sum + face] += w / f64::from(sides);
                }
            }
            ways = next;
        }
    }
    ways.into_iter()
        .enumerate()
        .filter(|(_, p)| *p > 0.0)
        .map(|(sum, p)| (sum as i64, p))
        .collect()
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// A full attack before it is made (§4.3.1): each attack's preview with the action's penalties
/// among its modifiers, in order.
#[derive(Debug, Clone, Serialize)]
pub struct FullAttackPreview {
    pub attacks: Vec<AttackPreview>,
    /// The penalties on every attack (starfinder: −4 full attack, 001:1071-1082; saga: one per
    /// source of an extra attack, 004:309-329).
    pub penalties: Vec<Modifier>,
    /// Where the attacks beyond the first come from (saga: "two weapons", "Double Attack").
    pub sources: Vec<String>,
    /// The damage to expect from all the attacks together.
    pub expected_damage: f64,
}

/// The preview of a full attack by `unit` with one attack on each of `targets` (a target may
/// repeat), with `weapon` for all or `weapons` one per attack, with the same checks as
/// `FullAttack` except the action budget (a preview answers "what if" at any time).
pub fn preview_full_attack(
    world: &World,
    unit: &UnitId,
    targets: &[UnitId],
    weapon: Option<&str>,
    weapons: &[String],
) -> Result<FullAttackPreview, RuleError> {
    let order = AttackOrder {
        unit,
        targets,
        weapon,
        weapons,
        full: true,
        defensively: false,
        mount: None,
    };
    let (plans, terms) = plan_attacks(world, order, false)?;
    // The penalties on the action's own attacks (starfinder), or those lasting until the next
    // turn, which the action's attacks take too (saga, 004:311).
    let penalties: Vec<Modifier> = terms.extra.iter().chain(&terms.lasting).cloned().collect();
    let attacks = targets
        .iter()
        .zip(plans)
        .map(|(target, plan)| preview_plan(world, target, plan, penalties.clone()))
        .collect::<Result<Vec<_>, _>>()?;
    let expected = attacks.iter().map(AttackPreview::expected_damage).sum();
    Ok(FullAttackPreview {
        attacks,
        penalties,
        sources: terms.sources,
        expected_damage: round2(expected),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{Family, load_embedded};

    fn rules(f: Family) -> Ruleset {
        load_embedded(f).expect("built in")
    }

    fn dice(text: &str) -> DiceExpr {
        DiceExpr::parse(text).expect("dice")
    }

    #[test]
    fn dice_totals_are_the_convolution_of_the_faces() {
        let two = dice_totals(2, 6);
        assert_eq!(two.len(), 11);
        assert_eq!(two[0], (2, 1.0 / 36.0));
        assert!((two[5].1 - 6.0 / 36.0).abs() < 1e-12, "7 comes six ways");
        assert_eq!(dice_totals(0, 6), vec![(0, 1.0)]);
    }

    /// §16.1: 1d6 means 3.5; starfinder's critical rolls it twice (001:746-750): 7; saga's
    /// doubles the total (U9): 2d6+2 → 9 → 18.
    #[test]
    fn dmg_1_the_mean_of_a_hit_and_of_a_critical() {
        let sf = rules(Family::Starfinder);
        assert_eq!(mean_dealt(&sf, dice("1d6"), 0, false, None, None), 3.5);
        assert_eq!(mean_dealt(&sf, dice("1d6"), 0, true, None, None), 7.0);
        let saga = rules(Family::Saga);
        assert_eq!(mean_dealt(&saga, dice("2d6"), 2, false, None, None), 9.0);
        assert_eq!(mean_dealt(&saga, dice("2d6"), 2, true, None, None), 18.0);
    }

    /// §16.1: the family's minimum lifts low totals — 1d4−3 in starfinder (minimum 1): the
    /// faces give 1, 1, 1, 1, so 1; §16.3: DR 2 takes 2 off each total, never below 0 — 1d6
    /// gives 0, 0, 1, 2, 3, 4: 10/6.
    #[test]
    fn dmg_1_the_minimum_and_damage_reduction_shape_the_mean() {
        let sf = rules(Family::Starfinder);
        assert_eq!(sf.damage.minimum.amount, 1);
        assert_eq!(mean_dealt(&sf, dice("1d4"), -3, false, None, None), 1.0);
        let dr = Modifier::new(2, "damage reduction 2");
        let m = mean_dealt(&sf, dice("1d6"), 0, false, None, Some(&dr));
        assert!((m - 10.0 / 6.0).abs() < 1e-12, "{m}");
    }

    /// saga Shield Rating 5 stops up to 5 of each hit (§16.3, 004:879-885): 2d6 → the totals
    /// above 5 lose 5, of the rest nothing gets through: Σ max(t−5, 0)·p = (5 + 12 + 15 + 16 +
    /// 15 + 12 + 7)/36 = 82/36.
    #[test]
    fn dmg_3_shields_take_their_share_of_each_total() {
        let saga = rules(Family::Saga);
        let m = mean_dealt(&saga, dice("2d6"), 0, false, Some(5), None);
        let by_hand: f64 = (2..=12)
            .map(|t: i32| {
                let ways = 6 - (t - 7).abs();
                f64::from((t - 5).max(0) * ways) / 36.0
            })
            .sum();
        assert!((by_hand - 82.0 / 36.0).abs() < 1e-12);
        assert!((m - by_hand).abs() < 1e-12, "{m}");
    }

    /// The expectation: 50 % to hit of which 5 % crits, 1d8+2 (6.5, crit 13 in starfinder):
    /// 0.45 × 6.5 + 0.05 × 13 = 3.575.
    #[test]
    fn atk_1_expected_damage_weighs_each_outcome_by_its_chance() {
        assert!((expected_damage(0.45, 0.05, 6.5, 13.0) - 3.575).abs() < 1e-12);
        assert_eq!(expected_damage(0.0, 0.0, 6.5, 13.0), 0.0);
    }
}

/// A support action before it is made (§4.3.1: covering and harrying fire, 001:858-864,
/// 900-905; aid another and suppress, 004:371-377): the roll's modifiers, the fixed defense it
/// must meet, the chance to meet it (ATK-1: a natural 1 misses, a natural 20 hits) and what a
/// hit gives: the bonus (or, for suppress, the penalty) for one roll until the roller's next
/// turn.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SupportPreview {
    /// The action's name ("covering fire", "aid another", …).
    pub kind: &'static str,
    pub weapon: String,
    pub attack: Vec<Modifier>,
    pub attack_bonus: i32,
    pub defense: i32,
    /// In percent.
    pub chance: f64,
    /// The bonus or penalty a hit gives, as the family writes it.
    pub effect: i32,
    /// The unit covered (covering fire), helped (aid another) or hindered (the others).
    pub target: UnitId,
    /// The ally aided (aid another).
    pub ally: Option<UnitId>,
    /// d20 aid another: the bonus goes to the ally's defense against the foe.
    pub ally_defense: bool,
    /// Who gets an attack of opportunity first (a ranged roll while threatened, §8.2).
    pub provokes: Vec<UnitId>,
}

/// The support order a command gives, if it is one of the support actions.
pub fn support_order(command: &crate::rules::GameCommand) -> Option<super::support::SupportOrder<'_>> {
    use super::events::SupportKind;
    use super::support::SupportOrder;
    use crate::rules::GameCommand;
    fn order<'a>(
        kind: SupportKind,
        unit: &'a UnitId,
        target: &'a UnitId,
        ally: Option<&'a UnitId>,
        weapon: &'a Option<String>,
    ) -> SupportOrder<'a> {
        SupportOrder {
            kind,
            unit,
            target,
            ally,
            weapon: weapon.as_deref(),
            ally_defense: false,
        }
    }
    Some(match command {
        GameCommand::CoveringFire(c) => order(SupportKind::Covering, &c.unit, &c.ally, None, &c.weapon),
        GameCommand::HarryingFire(h) => order(SupportKind::Harrying, &h.unit, &h.target, None, &h.weapon),
        GameCommand::AidAnother(a) => SupportOrder {
            ally_defense: a.defense,
            ..order(SupportKind::Aid, &a.unit, &a.target, Some(&a.ally), &a.weapon)
        },
        GameCommand::Suppress(s) => order(SupportKind::Suppress, &s.unit, &s.target, None, &s.weapon),
        _ => return None,
    })
}

/// The preview of a support action: the same check and numbers as its roll
/// (`support::execute_support`), rolling nothing.
pub fn preview_support(world: &World, order: super::support::SupportOrder) -> Result<SupportPreview, RuleError> {
    let plan = super::support::check_support(world, order)?;
    let rules = world.resource::<Ruleset>();
    let mut attack = plan.modifiers.clone();
    let bonus = super::stacking::apply_stacking(&mut attack, &rules.stacking);
    let defense = plan.rules.defense;
    let hits = (1..=20u32)
        .filter(|&d| rules.attack.hits(d, (d as i32).saturating_add(bonus), defense))
        .count();
    Ok(SupportPreview {
        kind: order.kind.name(),
        weapon: plan.weapon.name.clone(),
        attack,
        attack_bonus: bonus,
        defense,
        chance: (hits as f64 / 20.0 * 1000.0).round() / 10.0,
        effect: plan.rules.bonus,
        target: order.target.clone(),
        ally: order.ally.cloned(),
        ally_defense: order.ally_defense,
        provokes: match plan.ranged {
            true => crate::rules::reactions::opportunity::provoked_by(
                world,
                order.unit,
                crate::ruleset::AooTrigger::RangedAttack,
            ),
            false => Vec::new(),
        },
    })
}
