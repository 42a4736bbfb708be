//! Details of the health models (RULES.md §17): HP thresholds, massive damage, starfinder
//! Resolve Points, saga Damage Threshold, condition track, second wind and waking up,
//! starfinder ability damage (HP-SF-8) and bleeding (§20, damage over turns).
//! `models.rs` holds `HealthRules` itself.

use super::actions::ActionKind;
use super::common::Fraction;
use serde::{Deserialize, Serialize};

/// d20 HP states (§17.2, §17.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HpThresholds {
    /// Exactly this HP: disabled.
    pub disabled_at: i32,
    /// From this HP down to above `dead_at`: dying.
    pub dying_at_or_below: i32,
    /// At or below this HP: dead.
    pub dead_at_or_below: i32,
}

/// Instant death from one big hit (§17.5 "massive damage").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum MassiveDamage {
    /// No massive-damage rule (d20_modern: explicitly not in the seed, §17.3).
    None,
    /// starfinder: damage left over after 0 HP ≥ max HP, or one attack ≥ max HP while at
    /// 0 HP, kills (001:1257-1261).
    ExcessAtLeastMaxHp,
    /// saga: a hit ≥ Damage Threshold that reaches 0 HP kills (004:178).
    DamageThreshold,
}

/// Resolve Point cost to stabilize: `clamp(floor(rp_max / divisor), min, max)` (HP-SF-3, U2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StabilizeCost {
    pub divisor: u32,
    pub min: u32,
    pub max: u32,
}

impl StabilizeCost {
    /// WE-49: RP spent to stabilize for a creature with `rp_max` Resolve Points.
    pub fn for_max(self, rp_max: u32) -> u32 {
        (rp_max / self.divisor.max(1)).clamp(self.min, self.max)
    }
}

/// When the starfinder "first HP damage each round" RP loss resets (HP-SF-2, not in seeds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum RoundReset {
    StartOfOwnTurn,
}

/// starfinder Resolve Points and dying (§17.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResolveRules {
    pub stabilize_cost: StabilizeCost,
    /// DC of the Medicine check (first aid) that stabilizes someone else.
    pub stabilize_medicine_dc: u32,
    /// Stay in the fight: RP spent at the start of the turn and HP regained (HP-SF-4).
    pub stay_in_fight_rp: u32,
    pub stay_in_fight_hp: u32,
    /// RP lost at the end of each of a dying creature's turns (HP-SF-2).
    pub dying_rp_per_turn: u32,
    /// A second RP is lost when one source deals more than this fraction of max HP.
    pub heavy_hit_fraction: Fraction,
    pub round_reset: RoundReset,
    /// Monsters and NPCs without RP die at 0 HP (001:1292-1301).
    pub npcs_die_at_zero: bool,
}

/// What a saga Damage Threshold is based on (HP-SG-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ThresholdBase {
    /// Fortitude Defense + the size table's `damage_threshold_bonus` (004:172-176).
    FortitudeDefense,
}

/// saga condition track (§17.4 table, HP-SG-4..HP-SG-7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConditionTrack {
    /// Penalty to Defenses, attacks, ability and skill checks at steps 1, 2, ...
    /// (−1, −2, −5, −10); the step after the last is `helpless`.
    pub step_penalties: Vec<i32>,
    /// At this step the creature also moves at half speed (step 4).
    pub half_speed_step: u32,
    /// Steps lost to a hit ≥ Damage Threshold that leaves HP above 0.
    pub threshold_hit_steps: u32,
    /// Steps lost when HP reach 0 (to helpless).
    pub zero_hp_steps: u32,
    /// Recover: this many swift actions give +1 step; not with a persistent condition.
    pub recover_swift_actions: u32,
    pub recover_steps: u32,
}

impl ConditionTrack {
    /// The helpless step (one past the last penalty step; 5 in saga).
    pub fn helpless_step(&self) -> u32 {
        self.step_penalties.len() as u32 + 1
    }

    /// Penalty at `step` (0 = normal, helpless has no numeric penalty here).
    pub fn penalty(&self, step: u32) -> i32 {
        match step {
            0 => 0,
            s => self.step_penalties.get(s as usize - 1).copied().unwrap_or(0),
        }
    }
}

/// saga Catch a Second Wind (HP-SG-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecondWind {
    pub action: ActionKind,
    /// Allowed only at or below this fraction of max HP.
    pub at_or_below: Fraction,
    /// Heals max(this fraction of max HP, Constitution score).
    pub heal_fraction: Fraction,
    pub at_least_con_score: bool,
    pub per_day: u32,
    pub per_encounter: u32,
    /// Only heroic characters (nonheroic with Extra Second Wind: once a day).
    pub heroic_only: bool,
}

/// saga: waking up from unconsciousness (HP-SG-9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WakeUp {
    /// Rounds before the first Constitution check (1 minute).
    pub after_rounds: u32,
    pub dc: u32,
    /// Failing by this much, or rolling a natural 1, kills (not after a stun knock-out).
    pub death_margin: u32,
    pub natural_1_dies: bool,
    /// Steps regained on success (HP regained = character level).
    pub success_steps: u32,
}

/// starfinder ability damage (HP-SF-8, 001:1497-1584).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AbilityDamageRules {
    /// Each this many points of damage to an ability is −1 to its modifier (2).
    pub points_per_penalty: u32,
    /// Stamina Points lost per character level for each `points_per_penalty` of
    /// Constitution damage, from the maximum and from the current SP (1).
    pub con_sp_per_level: u32,
}

/// Which of several bleeds is "the worst" (§20 Bleeding: only the worst applies).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum WorstBleed {
    /// The highest average damage; a tie goes to the higher maximum, then to the first.
    HighestAverage,
}

/// starfinder bleeding (§20, 001:3845-3851): the listed damage at the start of each of the
/// creature's turns until any effect restores Hit Points to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BleedingRules {
    /// DC of the Medicine check (a standard action) that stops it. The engine has no skill
    /// checks, so it refuses that action rather than guess the roll.
    pub medicine_dc: u32,
    pub worst: WorstBleed,
}
