//! Attacks of opportunity as data (RULES.md §8, AOO-1): triggers, exemptions, limits and
//! what stops one. Flat-footed reactors are covered by `defense.flat_footed`.

use serde::{Deserialize, Serialize};

/// When an accepted AoO resolves relative to its trigger (AOO-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum AooTiming {
    BeforeTrigger,
}

/// How many AoOs a creature may make (§8.3 "limit").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum AooLimit {
    /// starfinder: an AoO spends the creature's reaction (`actions.reactions_per_round`).
    UsesReaction,
    /// saga: `count` per round; the named feat allows more, but never more than one per
    /// provoking action; moving any number of squares is one provoking action (004:679, 685).
    PerRound { count: u8, more_with_feat: Option<String> },
}

/// Events that provoke (§8.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum AooTrigger {
    LeaveThreatenedSquare,
    RangedAttack,
    CastSpell,
    SpellLikeAbility,
    Aim,
    LoadWeapon,
    PickUpItem,
    RetrieveStoredItem,
    UnarmedAttackWithoutFeat,
    EnterOpponentSquare,
    DistractingSkillUse,
    FailedDisarm,
    MinimumMovement,
    Run,
    VehicleDriving,
    VehicleRacing,
    BoardVehicle,
    /// Delivering a coup de grace (d20 SRD: it provokes from threatening foes).
    CoupDeGrace,
}

/// Movement that does not provoke when leaving threatened squares (§8.2 first row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum AooExemption {
    GuardedStep,
    /// See `movement.withdraw.protection` for which squares.
    Withdraw,
    SuccessfulTumble,
    /// saga: involuntary movement (Bantha Rush, Move Object) never provokes.
    Involuntary,
}

/// Reactor states that forbid an AoO, besides flat-footed (§8.3 "cannot AoO when").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum AooBlocker {
    TotalDefense,
    Grappled,
    Pinned,
    Staggered,
    /// Except against the creature it is already committed to attacking.
    Confused,
    /// Only making unarmed strikes (does not threaten).
    UnarmedOnly,
    /// Has not yet acted in this combat (001:1100).
    NotYetActed,
}

/// Target states that protect it from an AoO (§8.3 "target protected when").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum AooProtection {
    Cover,
    TotalConcealment,
}

/// §8 for one family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AooRules {
    pub timing: AooTiming,
    pub limit: AooLimit,
    pub triggers: Vec<AooTrigger>,
    pub exemptions: Vec<AooExemption>,
    pub blockers: Vec<AooBlocker>,
    pub protections: Vec<AooProtection>,
    /// starfinder: the AoO takes no full-attack penalty even after a full attack (001:1155-1160).
    pub ignores_full_attack_penalty: bool,
}
