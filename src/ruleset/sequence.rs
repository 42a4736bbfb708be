//! Combat sequence data (RULES.md §3): who starts flat-footed, who rolls initiative before
//! the surprise round, initiative tie-breaks, and how delay changes a count.

use serde::{Deserialize, Serialize};

/// Who starts the combat flat-footed (§3.2 row "starts flat-footed").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlatFootedStart {
    /// starfinder: only surprised (unaware) combatants.
    OnlySurprised,
    /// d20_srd, d20_modern: every combatant.
    Everyone,
    /// saga: everyone, but only if there is a surprise round.
    EveryoneIfSurpriseRound,
}

/// Who rolls initiative before the surprise round (§3.2 last row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InitiativeRollers {
    /// starfinder: every combatant able to act rolls at the start.
    Everyone,
    /// d20 and saga: aware combatants first, the rest after the surprise round.
    AwareFirst,
}

/// Initiative tie-break steps, applied in order (§3.3, SEQ-7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// The higher initiative modifier acts first.
    HigherModifier,
    /// Tied creatures roll d20 against each other, repeating until resolved.
    RollOff,
}

/// The new initiative count of a creature that stops delaying (§3.4, SEQ-8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DelayNewCount {
    /// starfinder: the count of the creature that just finished.
    SameAsFinisher,
    /// saga: one less than that count (004:905: acting after 14 gives 13).
    FinisherMinusOne,
}

/// The combat sequence of one family (§3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SequenceRules {
    pub start_flat_footed: FlatFootedStart,
    pub initiative_rollers: InitiativeRollers,
    /// Dice rolled for an initiative check (d20).
    pub initiative_die: u32,
    pub tie_breaks: Vec<TieBreak>,
    pub delay_new_count: DelayNewCount,
}
