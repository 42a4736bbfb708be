//! The commands of attacks and their options (§4.3.1): what each carries, and how the rules check and execute it.

use crate::rules::UnitId;
use serde::{Deserialize, Serialize};

/// The active unit attacks `target` with `weapon` (or its best weapon for the job): a
/// standard action (§4.3.1, ATK-1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    pub unit: UnitId,
    pub target: UnitId,
    #[serde(default)]
    pub weapon: Option<String>,
    /// Fight defensively with it (starfinder: −4 to attack, +2 AC until the next turn).
    #[serde(default)]
    pub defensively: bool,
    /// Fire a weapon mounted on this vehicle, which the unit rides (VEH-20), instead of
    /// one it holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mount: Option<UnitId>,
}

/// The active unit makes a full attack (§4.3.1): one attack per listed target (the same
/// target may repeat), each with the family's full-attack penalties (starfinder: two at
/// −4; saga: extra attacks from two weapons, a double weapon, Double and Triple Attack).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FullAttack {
    pub unit: UnitId,
    pub targets: Vec<UnitId>,
    #[serde(default)]
    pub weapon: Option<String>,
    /// The weapon of each attack, in the order of `targets` (saga two weapons: one
    /// attack with each; a double weapon: named twice). Empty: `weapon` for every attack.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapons: Vec<String>,
    #[serde(default)]
    pub defensively: bool,
}

/// saga: the active unit fights defensively, an action of its own (§4.3.1): −5 on its
/// attacks and a dodge bonus to Reflex until its next turn; with `no_attacks` it makes no
/// attacks at all meanwhile (not even attacks of opportunity) for a larger bonus.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FightDefensively {
    pub unit: UnitId,
    #[serde(default)]
    pub no_attacks: bool,
}

/// The active unit gives `ally` covering fire with a ranged weapon (§4.3.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoveringFire {
    pub unit: UnitId,
    pub ally: UnitId,
    #[serde(default)]
    pub weapon: Option<String>,
}

/// The active unit harries `target` with a ranged weapon for its allies (§4.3.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HarryingFire {
    pub unit: UnitId,
    pub target: UnitId,
    #[serde(default)]
    pub weapon: Option<String>,
}

/// saga: the active unit attacks `target` against Reflex 10 to give `ally` +2 on its
/// next attack roll against it (§4.3.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AidAnother {
    pub unit: UnitId,
    pub target: UnitId,
    pub ally: UnitId,
    #[serde(default)]
    pub weapon: Option<String>,
}

/// saga: the active unit attacks `target` against Reflex 10 to give it −2 on its next
/// attack roll (§4.3.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Suppress {
    pub unit: UnitId,
    pub target: UnitId,
    #[serde(default)]
    pub weapon: Option<String>,
}

/// The active unit takes total defense (§4.3.1): a bonus to its defense and no attacks of
/// opportunity until its next turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TotalDefense {
    pub unit: UnitId,
}
