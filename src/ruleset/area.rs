//! Areas of effect as data (RULES.md §19): save-for-half vs the saga attack-roll model,
//! template radius counting, cover against areas, autofire, burst fire, splash and evasion.

use serde::{Deserialize, Serialize};

/// What fraction of the damage a result deals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DamageShare {
    Full,
    Half,
    NoDamage,
}

/// What a saga area attack with a natural 1 does (AREA-SG-1, uncertain U10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum NaturalOneInArea {
    /// Treated as missing every target (half damage if the total still reaches the minimum).
    MissesAll,
    /// Affects no one.
    AffectsNone,
}

/// How a creature in an area is resolved (§19.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum AreaResolution {
    /// starfinder, d20_modern: each creature makes a Reflex save; success gives `on_success`
    /// (usually half; the specific save comes from the item or spell).
    ReflexSave {
        on_success: DamageShare,
        /// A natural 1 on the save always fails, a natural 20 always succeeds (001:334-378).
        natural_1_fails: bool,
        natural_20_succeeds: bool,
    },
    /// saga: one attack roll against each Reflex Defense (AREA-SG-1).
    AttackRoll {
        /// Below this total the attack affects no one (uncertain U10).
        min_total: i32,
        on_hit: DamageShare,
        on_miss: DamageShare,
        /// With cover or improved cover a miss deals this instead (AREA-SG-2).
        on_miss_with_cover: DamageShare,
        /// A natural 20 hits every target in the area (never double damage).
        natural_20_hits_all: bool,
        natural_1: NaturalOneInArea,
    },
}

/// How squares inside a radius are counted (AREA-3, AREA-SG-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum RadiusRule {
    /// From an intersection: a square is inside if the family distance to its far edge,
    /// `1 + D(near-corner offset)`, is at most the radius (starfinder U13: 4/16/32/52
    /// squares; saga `1 + ox + oy`: 4/12).
    FarEdgeFamilyMetric,
}

/// Where cover against an area is judged from (AREA-4, AREA-SG-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum AreaCoverFrom {
    /// The point of origin (intersection) of every area.
    Origin,
    /// saga: bursts and splash from the centre of the area, autofire from the attacker.
    CentreForBurstAttackerForAutofire,
}

/// saga autofire (AREA-SG-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Autofire {
    /// Side of the square area targeted (2 × 2).
    pub area_side_squares: u32,
    pub attack_penalty: i32,
    /// Penalty of a braced autofire-only weapon (2 swift actions).
    pub braced_penalty: i32,
    pub brace_swift_actions: u32,
    pub shots: u32,
}

/// saga Burst Fire feat (AREA-SG-6): single target, not an area attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BurstFire {
    pub attack_penalty: i32,
    pub extra_damage_dice: u32,
    pub shots: u32,
}

/// saga splash weapons (AREA-SG-7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Splash {
    /// "Exceeds" read as "equals or exceeds" (uncertain U11).
    pub ties_hit: bool,
    pub primary_miss: DamageShare,
    pub adjacent_hit: DamageShare,
    pub adjacent_miss: DamageShare,
}

/// saga Evasion talent (AREA-SG-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Evasion {
    pub on_hit: DamageShare,
    pub on_miss: DamageShare,
}

impl DamageShare {
    /// This share of `total` damage (half rounds down, 001:419-421; 004:623).
    pub fn of(self, total: u32) -> u32 {
        match self {
            DamageShare::Full => total,
            DamageShare::Half => total / 2,
            DamageShare::NoDamage => 0,
        }
    }
}

/// §19 for one family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaRules {
    pub resolution: AreaResolution,
    pub radius: RadiusRule,
    pub cover_from: AreaCoverFrom,
    pub autofire: Option<Autofire>,
    pub burst_fire: Option<BurstFire>,
    pub splash: Option<Splash>,
    pub evasion: Option<Evasion>,
}
