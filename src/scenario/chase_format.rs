//! The `chase:` block of the scenario format as written by hand (RULES.md §26): a scenario
//! that starts as a vehicle chase, its zones, where each vehicle starts, and the environment.
//! Nothing here is trusted; `validate_chase` checks it. Documented in `docs/scenario-format.md`.

use crate::ruleset::{HazardEffect, HazardTrigger};
use serde::{Deserialize, Serialize};

/// `chase: Some((zones: 5, positions: [(vehicle: "buggy", zone: 3)], ...))`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Chase")]
pub struct ChaseDef {
    /// Zones drawn on the board, numbered 1 (rearmost) to `zones`.
    pub zones: u32,
    /// Every vehicle in the chase and its starting zone.
    pub positions: Vec<ChasePositionDef>,
    /// A sample environment of the ruleset (`"desert"`, `"highway"`, ...), whose features
    /// `features` places.
    #[serde(default)]
    pub environment: Option<String>,
    #[serde(default)]
    pub features: Vec<ChaseFeatureDef>,
    #[serde(default)]
    pub hazards: Vec<ChaseHazardDef>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Position")]
pub struct ChasePositionDef {
    pub vehicle: String,
    pub zone: i32,
}

/// A feature of the environment in one zone, or in the whole chase (`zone: None`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Feature")]
pub struct ChaseFeatureDef {
    pub name: String,
    #[serde(default)]
    pub zone: Option<i32>,
}

/// An active hazard: `(name: "falling rocks", zone: 4, cr: "1", effect: damage, trigger: first_entrant)`,
/// or one that attacks after chase progress: `(name: "megashark", zone: 5, cr: "2", trigger: rearmost)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Hazard")]
pub struct ChaseHazardDef {
    pub name: String,
    pub zone: i32,
    /// Challenge rating as written: `"1/2"`, `"3"` (Table 8-4).
    pub cr: String,
    #[serde(default)]
    pub effect: HazardEffect,
    #[serde(default)]
    pub trigger: HazardTrigger,
    /// `rearmost` and `random` hazards: the chase progresses they attack after (angry beasts:
    /// 2); left out, until the chase ends.
    #[serde(default)]
    pub rounds: Option<u32>,
}
