//! The attack roll and critical hits as data (RULES.md §14, ATK-1): automatic natural
//! results and each family's critical-hit model.

use serde::{Deserialize, Serialize};

/// Which natural rolls threaten a critical hit (§14.3 "threat").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum CriticalThreat {
    /// A natural 20 only.
    Natural20,
    /// A natural 20, or a natural roll inside the weapon's expanded range that hits
    /// (d20_modern, uncertain U8).
    WeaponRange,
}

/// How a threat becomes a critical hit (§14.3 "confirmation").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum CriticalModel {
    /// starfinder: no roll; a critical iff the attack total also meets the target's
    /// EAC/KAC (001:742-753).
    ConfirmByDefense,
    /// d20_modern: a second attack roll with the same modifiers must hit (003:83).
    ConfirmationRoll,
    /// saga: every natural 20 is a critical hit (004:78).
    AlwaysOnNatural20,
}

/// How critical damage is computed (§14.3 "multiplier").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum CriticalDamage {
    /// Roll the damage (with all modifiers) `default_multiplier` times unless the weapon
    /// says otherwise; extra damage dice are rolled again only if `extra_dice_multiplied`.
    RollTimes {
        default_multiplier: u32,
        extra_dice_multiplied: bool,
    },
    /// saga (uncertain U9): multiply the damage total.
    MultiplyTotal { factor: u32 },
}

/// §14.3 for one family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CriticalRules {
    pub threat: CriticalThreat,
    pub model: CriticalModel,
    pub damage: CriticalDamage,
    /// Some targets are immune to critical hits (starfinder: incorporeal, "immune to
    /// crits"); saga: every target, even objects, is subject (004:78).
    pub immunity_exists: bool,
    /// saga: area attacks never deal double damage (004:623).
    pub area_attacks_can_crit: bool,
    /// A coup de grace is an automatic critical hit.
    pub coup_de_grace_crits: bool,
}

/// §14 for one family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackRules {
    /// This natural roll always misses (1 in every family).
    pub natural_miss: u32,
    /// This natural roll always hits (20 in every family).
    pub natural_hit: u32,
    /// A total equal to the defense hits ("equals or exceeds", every family).
    pub ties_hit: bool,
    pub critical: CriticalRules,
}

impl AttackRules {
    /// Whether `total` meets `defense` (ties per `ties_hit`).
    pub fn meets(&self, total: i32, defense: i32) -> bool {
        if self.ties_hit {
            total >= defense
        } else {
            total > defense
        }
    }

    /// ATK-1: a natural miss misses, a natural hit hits, otherwise the total must meet the
    /// defense.
    pub fn hits(&self, natural: u32, total: i32, defense: i32) -> bool {
        natural != self.natural_miss && (natural == self.natural_hit || self.meets(total, defense))
    }
}
