//! Damage as data (RULES.md §16, DMG-1..DMG-6): Strength and level to damage, minimum
//! damage, combining multipliers, damage reduction, shields, the order damage is absorbed,
//! and saga stun and ion damage.

use super::common::Fraction;
use serde::{Deserialize, Serialize};

/// The least a hit deals after penalties (§16.1 "minimum").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MinimumDamage {
    pub amount: u32,
    /// starfinder: the minimum is nonlethal (000:140-142; 001:286-292).
    pub nonlethal: bool,
}

/// How several multipliers on one roll combine (DMG-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum MultiplierCombining {
    /// Each extra ×N adds N−1: ×2 and ×2 = ×3 (WE-26).
    Additive,
}

/// Strength (and level) to damage (§16.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageBonuses {
    /// Strength modifier is added to melee and thrown damage.
    pub str_melee_and_thrown: bool,
    /// Strength modifier is added to non-thrown ranged damage (no family does).
    pub str_ranged: bool,
    /// Two-handed (non-light) melee: this multiple of the Str bonus (d20 3/2, saga 2/1).
    pub two_handed_str: Option<Fraction>,
    /// Off-hand: this multiple of the Str bonus (d20 1/2).
    pub off_hand_str: Option<Fraction>,
    /// saga: + floor(heroic level / 2) to melee and ranged damage (004:90, 94).
    pub half_level: bool,
}

/// Damage reduction (§16.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DamageReduction {
    /// The family has no DR rule in its seed.
    NotAvailable,
    /// starfinder: DR N/x removes N from kinetic (B/P/S) damage only; several sources don't
    /// stack, the best applies (001:2745-2799).
    KineticOnlyBestSource,
    /// saga: DR N ignores the first N of every attack; the value best for the defender
    /// against that attack applies; the listed weapons ignore DR (004:766-776).
    EveryAttackBestForDefender { ignored_by: Vec<String> },
}

/// saga Shield Rating (004:879-885).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShieldRating {
    /// SR drops by this when an attack's damage exceeds it (min 0).
    pub loss_per_exceeding_hit: u32,
    /// Swift actions (same or consecutive rounds) to recharge.
    pub recharge_swift_actions: u32,
    /// Mechanics (droid: Endurance) DC to recharge.
    pub recharge_dc: u32,
    /// SR regained per recharge, up to the maximum.
    pub recharge_amount: u32,
}

/// A layer damage passes through, in order (§16.3 "order of application").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DamageLayer {
    ShieldRating,
    DamageReduction,
    TemporaryHitPoints,
    StaminaPoints,
    HitPoints,
}

/// saga stun or ion damage (DMG-5, DMG-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialDamage {
    /// Fraction of the damage subtracted from HP.
    pub hp_fraction: Fraction,
    /// Condition steps lost when it brings HP to 0.
    pub zero_hp_steps: u32,
    /// Condition steps lost when the full damage is at least the Damage Threshold.
    pub threshold_steps: u32,
    /// stun: blaster stun setting range in squares, no range penalty (004:931).
    pub max_range_squares: Option<u32>,
}

/// §16 for one family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageRules {
    pub minimum: MinimumDamage,
    pub multipliers: MultiplierCombining,
    /// DMG-3: extra damage dice beyond the weapon's are multiplied (d20: never).
    pub extra_dice_multiplied: bool,
    pub bonuses: DamageBonuses,
    pub reduction: DamageReduction,
    /// starfinder: energy resistance per energy type, per attack (001:2810-2831).
    pub energy_resistance: bool,
    pub shields: Option<ShieldRating>,
    pub order: Vec<DamageLayer>,
    /// starfinder: nonlethal damage stops at 0 HP, unconscious and stable (001:1472-1480).
    pub nonlethal_stops_at_zero: bool,
    pub stun: Option<SpecialDamage>,
    pub ion: Option<SpecialDamage>,
}
