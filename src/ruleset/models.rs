//! Which defense values and which health model a family uses (RULES.md §15, §17), with
//! the model details from `defense.rs` and `health.rs`. Scenario validation uses the models
//! to demand exactly the stats they need.

use super::defense::{FlatFooted, SpecialTargets, TouchAttacks};
use super::health::{
    AbilityDamageRules, BleedingRules, ConditionTrack, HpThresholds, MassiveDamage, ResolveRules, SecondWind,
    ThresholdBase, WakeUp,
};
use serde::{Deserialize, Serialize};

/// The defenses a unit has (§15 "defense values").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DefenseModel {
    /// starfinder: EAC and KAC.
    EacKac,
    /// d20_srd: AC.
    ArmorClass,
    /// d20_modern: Defense.
    Defense,
    /// saga: Reflex, Fortitude and Will Defense.
    ReflexFortitudeWill,
}

/// §15 for one family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DefenseRules {
    pub model: DefenseModel,
    /// Every defense starts from this (10 in every family).
    pub base: i32,
    pub flat_footed: FlatFooted,
    /// Dex modifier of a helpless creature (Dex 0 → −5; 001:4206-4208; 004:122, 819).
    pub helpless_dex_modifier: i32,
    pub touch: TouchAttacks,
    /// The family uses saving throws (saga: no, effects attack a Defense, 004:104, 218).
    pub saving_throws: bool,
    pub special_targets: SpecialTargets,
}

/// How damage is tracked (§17.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HealthModel {
    /// starfinder: temporary HP → Stamina Points → Hit Points, Resolve Points for survival.
    StaminaHitPointsResolve,
    /// d20_srd, d20_modern: Hit Points with disabled / dying / dead thresholds.
    HitPointThresholds,
    /// saga: Hit Points, Damage Threshold and the condition track.
    DamageThresholdTrack,
}

/// §17 for one family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HealthRules {
    pub model: HealthModel,
    /// Lowest HP value; `None` where HP may go negative (d20).
    pub hp_floor: Option<i32>,
    /// d20: disabled / dying / dead by HP (`None` elsewhere).
    pub thresholds: Option<HpThresholds>,
    pub massive_damage: MassiveDamage,
    /// starfinder Resolve Points and dying.
    pub resolve: Option<ResolveRules>,
    /// saga Damage Threshold base; the size bonus is in the size table.
    pub damage_threshold: Option<ThresholdBase>,
    pub condition_track: Option<ConditionTrack>,
    pub second_wind: Option<SecondWind>,
    pub wake_up: Option<WakeUp>,
    /// starfinder ability damage (HP-SF-8); `None` where RULES.md gives no ability damage.
    pub ability_damage: Option<AbilityDamageRules>,
    /// starfinder bleeding (§20); `None` where the family has no bleeding condition.
    pub bleeding: Option<BleedingRules>,
}
