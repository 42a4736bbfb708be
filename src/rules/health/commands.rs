//! The commands of health and recovery (§17, §20): what each carries, and how the rules check and execute it.

use crate::rules::{Ability, UnitId};
use serde::{Deserialize, Serialize};

/// An effect deals `amount` damage to `target`'s `ability` (HP-SF-8, starfinder): a
/// poison, a monster's ability. Recorded for `source`; costs no action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageAbility {
    pub source: UnitId,
    pub target: UnitId,
    pub ability: Ability,
    pub amount: u32,
}

/// The active unit stops `target`'s bleeding with a DC 15 Medicine check (§20). Refused as
/// not supported: the engine does not model skill checks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreatBleeding {
    pub unit: UnitId,
    pub target: UnitId,
}

/// A dying unit spends Resolve Points to become stable, on its turn (HP-SF-3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stabilize {
    pub unit: UnitId,
}

/// A stable unit at 0 HP spends 1 Resolve Point at the start of its turn to get up with
/// 1 HP (HP-SF-4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StayInTheFight {
    pub unit: UnitId,
}

/// saga: catch a second wind (HP-SG-11).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SecondWind {
    pub unit: UnitId,
}

/// saga: one swift action toward moving up the condition track (HP-SG-7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recover {
    pub unit: UnitId,
}
