//! The commands of the combat sequence (§3): what each carries, and how the rules check and execute it.

use crate::rules::{ConditionName, UnitId};
use crate::ruleset::ActionKind;
use serde::{Deserialize, Serialize};

/// The active unit ends its turn (SEQ-1 step 6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndTurn {
    pub unit: UnitId,
}

/// The active unit delays before acting (§3.4, SEQ-8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Delay {
    pub unit: UnitId,
}

/// A delaying unit takes its turn now, right after the turn that just ended (SEQ-8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActNow {
    pub unit: UnitId,
}

/// Every delaying unit keeps waiting; the next turn begins (SEQ-8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proceed;

/// The active unit readies an action of `action` kind against a trigger (§3.5).
/// Costs the family's standard action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ready {
    pub unit: UnitId,
    pub action: ActionKind,
    pub trigger: String,
}

/// A readying unit's trigger happened during another unit's turn: it acts now and takes
/// that unit's place in the order (SEQ-9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireReadied {
    pub unit: UnitId,
}

/// The active unit takes an action the engine does not resolve itself (e.g. opening a
/// door, a skill use): it spends budget and is logged (ACT-1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Act {
    pub unit: UnitId,
    pub action: ActionKind,
    pub description: String,
}

/// Records an effect that lasts `rounds` rounds from now; it ends just before this
/// initiative count `rounds` rounds later (SEQ-5). Costs no action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackEffect {
    pub source: UnitId,
    pub target: UnitId,
    pub name: String,
    pub rounds: u32,
    /// A condition the target has while the effect lasts.
    #[serde(default)]
    pub condition: Option<ConditionName>,
    /// For the bleeding condition (and only for it): the damage the target takes at the
    /// start of each of its turns, a dice expression such as "1d4" (§20).
    #[serde(default)]
    pub damage: Option<String>,
}
