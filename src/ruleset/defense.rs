//! Details of the defense model (RULES.md §15): flat-footed, helpless, touch attacks,
//! saves and special target defenses. `models.rs` holds `DefenseRules` itself.

use serde::{Deserialize, Serialize};

/// What flat-footed does to the defense (§13, §15 "flat-footed / no Dex").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum FlatFootedEffect {
    /// starfinder: a flat modifier to AC (−2, 001:4239-4240).
    DefensePenalty { amount: i32 },
    /// d20 and saga: the Dex bonus to the defense is lost.
    LoseDexBonus {
        /// d20_srd: dodge bonuses are lost too (002:96).
        lose_dodge: bool,
        /// A Dex penalty still applies (saga 004:122; d20 "bonus" wording).
        keep_dex_penalty: bool,
        /// d20_modern: the class bonus still applies (003:98, 102).
        keep_class_bonus: bool,
    },
}

/// §15 flat-footed row plus the action limits flat-footed brings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlatFooted {
    pub effect: FlatFootedEffect,
    /// No reactions at all (starfinder 001:4237-4240; d20_srd "unable to react", 002:15).
    pub no_reactions: bool,
    /// No attacks of opportunity (saga 004:681, and implied by `no_reactions`).
    pub no_aoo: bool,
    /// saga: no Free Actions (004:48).
    pub no_free_actions: bool,
}

/// What a touch attack targets (§15 "which defense an attack targets").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum TouchAttacks {
    /// starfinder: EAC unless stated (001:3683-3685).
    TargetEac,
    /// d20_srd: AC without armor, shield and natural armor bonuses (002:98).
    IgnoreArmorShieldNatural,
    /// d20_modern: Defense without the equipment bonus (003:128-130).
    IgnoreEquipment,
    /// saga: no touch attacks in the seed.
    NotAvailable,
}

/// Fixed defenses of special targets (§15 "special targets").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialTargets {
    /// starfinder: a grid intersection has AC 5 (001:704-708).
    pub grid_intersection: Option<i32>,
    /// starfinder: covering and harrying fire target AC 15 (001:858-861, 900-903).
    pub covering_fire: Option<i32>,
    /// saga: aid another and suppress target Reflex 10 (004:373, 377).
    pub aid_or_suppress: Option<i32>,
    /// saga: an unattended immobile object has Reflex 5 + size modifier (004:381).
    pub unattended_object_base: Option<i32>,
    /// saga: a held object has Reflex 10 + size modifier + holder's Reflex (004:387).
    pub held_object_base: Option<i32>,
    /// starfinder: combat maneuvers target KAC + 8 (001:775).
    pub maneuver_bonus: Option<i32>,
}
