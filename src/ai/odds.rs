//! The odds the computer scores with, from the rules' own numbers: the chance a d20 attack
//! roll hits (`AttackRules::hits` over the twenty faces), the distribution of a damage roll,
//! and how much health an amount of damage takes (`health::take_damage`). Pure arithmetic on
//! rule data; decides no rule itself.

use crate::rules::attack::action::AttackPreview;
use crate::rules::health::{LifeState, take_damage};
use crate::rules::{DiceExpr, Health};
use crate::ruleset::{AttackRules, CriticalDamage, HealthRules};

/// The chance (0..=1) that a d20 roll plus `bonus` hits `defense` (ATK-1: natural 1 and 20
/// by the family's numbers).
pub fn hit_chance(rules: &AttackRules, bonus: i32, defense: i32) -> f64 {
    let hits = (1..=20u32)
        .filter(|n| rules.hits(*n, bonus.saturating_add(*n as i32), defense))
        .count();
    hits as f64 / 20.0
}

/// A damage roll's distribution: `p[k]` is the chance of exactly `k` damage (a total below 1
/// counts as 1, as the rules deal at least 1 on a hit).
#[derive(Debug, Clone, PartialEq)]
pub struct DamageDist {
    pub p: Vec<f64>,
}

impl DamageDist {
    /// The distribution of `expr` plus `flat` (damage modifiers), with a total below 1
    /// raised to 1. Dice beyond 20 are folded into their mean, to keep the table small.
    pub fn of(expr: &DiceExpr, flat: i32) -> DamageDist {
        let mut table = vec![1.0f64];
        let count = expr.count.min(20);
        let sides = expr.sides.clamp(1, 100) as usize;
        for _ in 0..count {
            let mut next = vec![0.0; table.len() + sides];
            for (k, pk) in table.iter().enumerate() {
                for face in 1..=sides {
                    next[k + face] += pk / sides as f64;
                }
            }
            table = next;
        }
        let folded = if expr.count > count {
            (expr.count - count) as f64 * (expr.sides as f64 + 1.0) / 2.0
        } else {
            0.0
        };
        let shift = i64::from(expr.bonus) + i64::from(flat) + folded.round() as i64;
        let mut p = Vec::new();
        for (k, pk) in table.iter().enumerate() {
            if *pk == 0.0 {
                continue;
            }
            let total = (k as i64 + shift).clamp(1, 100_000) as usize;
            if p.len() <= total {
                p.resize(total + 1, 0.0);
            }
            p[total] += pk;
        }
        DamageDist { p }
    }

    pub fn mean(&self) -> f64 {
        self.p.iter().enumerate().map(|(k, pk)| k as f64 * pk).sum()
    }

    /// The distribution of `factor` times this damage (a critical hit that multiplies).
    pub fn times(&self, factor: u32) -> DamageDist {
        let factor = factor.max(1) as usize;
        let mut p = vec![0.0; (self.p.len().max(1) - 1) * factor + 1];
        for (k, pk) in self.p.iter().enumerate() {
            p[k * factor] += pk;
        }
        DamageDist { p }
    }

    /// `E[f(damage)]`.
    pub fn expect(&self, f: impl Fn(u32) -> f64) -> f64 {
        self.p
            .iter()
            .enumerate()
            .filter(|(_, pk)| **pk > 0.0)
            .map(|(k, pk)| pk * f(k as u32))
            .sum()
    }
}

/// The damage multiplier of a critical hit in the family (its default; a weapon's own
/// multiplier is not modelled in the stat blocks).
pub fn crit_factor(rules: &AttackRules) -> u32 {
    match rules.critical.damage {
        CriticalDamage::RollTimes { default_multiplier, .. } => default_multiplier.max(1),
        CriticalDamage::MultiplyTotal { factor } => factor.max(1),
    }
}

/// The outcome odds of one attack: miss, plain hit, critical hit, and the damage of a hit.
#[derive(Debug, Clone, PartialEq)]
pub struct AttackOdds {
    /// Chance of any hit (critical hits included).
    pub hit: f64,
    /// Chance of a critical hit.
    pub crit: f64,
    pub damage: DamageDist,
    pub crit_factor: u32,
}

impl AttackOdds {
    /// The odds of an attack the rules previewed, with `shift` added to its attack bonus (a
    /// full attack's penalty): the preview's chance to hit and crit, moved by the shift.
    pub fn of_preview(rules: &AttackRules, preview: &AttackPreview, damage: &DiceExpr, shift: i32) -> AttackOdds {
        let flat: i32 = preview.situation.damage.iter().map(|m| m.value).sum();
        let keep = 1.0 - f64::from(preview.situation.miss_chance.unwrap_or(0)) / 100.0;
        let (hit, crit) = if shift == 0 {
            (preview.chance_to_hit / 100.0, preview.chance_to_crit / 100.0)
        } else {
            let base = hit_chance(rules, preview.attack_bonus, preview.defense.value);
            let moved = hit_chance(rules, preview.attack_bonus + shift, preview.defense.value);
            let crit = match base > 0.0 {
                true => preview.chance_to_crit / 100.0 * (moved / base).min(1.0),
                false => 0.0,
            };
            (moved * keep, crit)
        };
        AttackOdds {
            hit,
            crit: crit.min(hit),
            damage: DamageDist::of(damage, flat),
            crit_factor: crit_factor(rules),
        }
    }

    /// Odds from a bare bonus and defense (no situation): for attacks not yet possible, such
    /// as a foe's next turn or an attack of opportunity somewhere else.
    pub fn estimate(rules: &AttackRules, bonus: i32, defense: i32, damage: &DiceExpr) -> AttackOdds {
        let hit = hit_chance(rules, bonus, defense);
        AttackOdds {
            hit,
            crit: (0.05f64).min(hit),
            damage: DamageDist::of(damage, 0),
            crit_factor: crit_factor(rules),
        }
    }

    /// Expected damage.
    pub fn mean(&self) -> f64 {
        let m = self.damage.mean();
        (self.hit - self.crit) * m + self.crit * m * f64::from(self.crit_factor)
    }

    /// `E[f(damage)]` over miss (0 damage, `f` not called), hit and critical hit.
    pub fn expect(&self, f: impl Fn(u32) -> f64) -> f64 {
        let plain = self.damage.expect(&f);
        let crit = match self.crit > 0.0 {
            true => self.damage.times(self.crit_factor).expect(&f),
            false => 0.0,
        };
        (self.hit - self.crit) * plain + self.crit * crit
    }
}

/// How much a unit's state is worth keeping, as a fraction of its worth: 0 once it cannot
/// act, else half for standing plus half its share of health left (a unit fights as well
/// wounded as whole, so dropping it is most of the value).
pub fn standing(health: &Health, state: LifeState) -> f64 {
    if !state.can_act() {
        return 0.0;
    }
    let (left, max) = health_left(health);
    0.5 + 0.5 * (left as f64 / max.max(1) as f64).clamp(0.0, 1.0)
}

/// Health left before dropping, and its maximum, in the family's points.
pub fn health_left(health: &Health) -> (i64, i64) {
    match *health {
        Health::StaminaHitPointsResolve {
            sp, sp_max, hp, hp_max, ..
        } => (i64::from(sp) + i64::from(hp), i64::from(sp_max) + i64::from(hp_max)),
        Health::HitPoints { hp, hp_max } => (i64::from(hp).max(0), i64::from(hp_max)),
        Health::DamageThresholdTrack { hp, hp_max, .. } => (i64::from(hp), i64::from(hp_max)),
    }
}

/// The standing a unit keeps after taking `amount` damage from one attack (the rules'
/// `take_damage`).
pub fn standing_after(rules: &HealthRules, health: &Health, state: LifeState, amount: u32) -> f64 {
    let after = take_damage(rules, *health, state, amount, true);
    standing(&after.health, after.state)
}
