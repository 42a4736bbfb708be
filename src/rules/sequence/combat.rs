//! Battle-wide sequence state (RULES.md §3): the initiative order, the round, whose turn it
//! is and what is left of it, delaying and readied units, and tracked effects.
//! Only `apply` writes this resource.

use crate::rules::RuleError;
use crate::rules::{ConditionName, DiceExpr, TurnBudget, UnitId};
use crate::ruleset::stacking::BonusType;
use crate::ruleset::{ActionKind, ActionRules};
use bevy::prelude::{Component, Entity, Resource, World};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One place in the initiative order (SEQ-7): kept as an ordered list, never looked up by count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InitiativeEntry {
    pub unit: UnitId,
    pub count: i32,
    pub modifier: i32,
}

/// A unit that delayed (SEQ-8) and has not stepped back in yet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DelayingUnit {
    pub unit: UnitId,
    /// Its count when it delayed.
    pub count: i32,
    pub modifier: i32,
}

/// A readied action waiting for its trigger (§3.5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadiedAction {
    pub unit: UnitId,
    pub action: ActionKind,
    pub trigger: String,
}

/// A readied action taking place during another unit's turn (§3.5): the turn it interrupts,
/// kept to be resumed when the readier is done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Interruption {
    /// The unit whose turn was interrupted.
    pub unit: UnitId,
    pub budget: Option<TurnBudget>,
    pub acted: bool,
    pub diagonals: u32,
}

/// The moment after a turn ends while units are delaying (SEQ-8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DelayWindow {
    /// The unit whose turn just ended; a delayer steps in right after it.
    pub after: UnitId,
}

/// An effect with a duration in rounds (SEQ-5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrackedEffect {
    pub id: u32,
    pub name: String,
    pub source: UnitId,
    pub target: UnitId,
    pub rounds: u32,
    /// Round and initiative count it began on.
    pub round: u32,
    pub count: i32,
    /// A condition the target has while the effect lasts (§20).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<ConditionName>,
    /// Added to the target's defenses while the effect lasts.
    #[serde(default)]
    pub defense: i32,
    /// The bonus type of `defense` (§21: saga fighting defensively is a dodge bonus).
    #[serde(default, skip_serializing_if = "BonusType::is_untyped")]
    pub defense_type: BonusType,
    /// Added to the target's own attack rolls while the effect lasts (saga fighting
    /// defensively, full-attack penalties).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub attack: i32,
    /// The target makes no attacks while it lasts, not even attacks of opportunity (saga
    /// fighting defensively with no attacks).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_attacks: bool,
    /// Covering or harrying fire: a bonus used up by the next attack it applies to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub support: Option<SupportBonus>,
    /// Bleeding: the damage the target takes at the start of each of its turns (§20).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<DiceExpr>,
    /// A grapple or grab the source keeps on the target (§4.4): it ends by its own rule,
    /// never by rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hold: Option<Hold>,
}

/// How long a grapple or grab lasts (§4.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hold {
    /// starfinder grapple: until the end of the grappler's next turn, unless renewed on it
    /// (001:816-819).
    UntilSourceNextTurnEnds,
    /// saga grab and grapple: until the target breaks free (004:497-499).
    UntilBroken,
}

/// What covering or harrying fire, aid another or suppress gives (§4.3.1), for one attack
/// roll until the source's next turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SupportBonus {
    /// Covering fire: to the target's defense against the next attack by a creature in the
    /// source's line of effect.
    Defense(i32),
    /// Harrying fire: to the next attack on the target by an ally of the source.
    Attack(i32),
    /// Aid another: to `ally`'s next attack on the target.
    AllyAttack { ally: UnitId, bonus: i32 },
    /// d20 aid another (MNV-SRD-8): to `ally`'s defense against the target's next attack on it.
    AllyDefense { ally: UnitId, bonus: i32 },
    /// Suppress: to the target's own next attack roll (a penalty).
    OwnAttack(i32),
}

pub(crate) fn is_zero(v: &i32) -> bool {
    *v == 0
}

impl TrackedEffect {
    /// Ends just before the same initiative count `rounds` rounds later (SEQ-5).
    pub fn expires_before(&self, round: u32, count: i32) -> bool {
        if self.hold.is_some() {
            return false;
        }
        let end_round = self.round.saturating_add(self.rounds);
        round > end_round || (round == end_round && count <= self.count)
    }

    /// SEQ-5: the rounds the effect still lasts at `round` and initiative `count` (`None`
    /// between turns), counting the round it ends in: 1 means it ends before this round's
    /// (or the next round's first) turn at its count. `None` for a hold, which ends by its
    /// own rule. Consistent with [`Self::expires_before`]: 0 exactly when it has expired.
    pub fn rounds_left(&self, round: u32, count: Option<i32>) -> Option<u32> {
        if self.hold.is_some() {
            return None;
        }
        let end_round = self.round.saturating_add(self.rounds);
        // Before its count in this round, the count is still to come once more.
        let count_ahead = count.is_none_or(|c| c > self.count);
        Some(end_round.saturating_sub(round) + u32::from(count_ahead && round <= end_round))
    }
}

/// The combat sequence resource.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    /// Round number; 0 is the surprise round.
    pub round: u32,
    /// The current round is the surprise round.
    pub surprise_round: bool,
    pub order: Vec<InitiativeEntry>,
    /// The unit whose turn it is (`None` between rounds and in a delay window).
    pub active: Option<UnitId>,
    /// Index in `order` where the search for the next turn continues.
    pub next_index: usize,
    pub budget: Option<TurnBudget>,
    /// The active unit has spent an action or readied (it can no longer delay).
    pub acted: bool,
    pub delaying: Vec<DelayingUnit>,
    pub window: Option<DelayWindow>,
    pub readied: Vec<ReadiedAction>,
    pub effects: Vec<TrackedEffect>,
    pub next_effect_id: u32,
    /// Diagonal steps the active unit has made this turn (MOV-4: the 1-2-1-2 counter).
    pub diagonals: u32,
    /// The active flier's direction (0 = north, clockwise in 45° steps; MOV-14).
    pub fly_heading: Option<u8>,
    /// Reactions (and attacks of opportunity) each unit has used since its last turn began.
    pub reactions_used: BTreeMap<UnitId, u8>,
    /// Dying units that dropped during their own turn: their first Resolve loss waits for the
    /// end of their next turn (HP-SF-2).
    #[serde(default)]
    pub dying_grace: std::collections::BTreeSet<UnitId>,
    /// The round each unit last stabilized in (HP-SF-4: not also staying in the fight).
    #[serde(default)]
    pub stabilized_in_round: BTreeMap<UnitId, u32>,
    /// Set while a readied action interrupts another unit's turn (§3.5).
    #[serde(default)]
    pub interruption: Option<Interruption>,
    /// Units that have acted in this combat (starfinder: no reaction before that, 001:1100).
    pub acted_in_combat: std::collections::BTreeSet<UnitId>,
}

/// The component `T` of `unit`, if the unit exists and has one.
pub fn unit_component<'w, T: Component>(world: &'w World, unit: &UnitId) -> Option<&'w T> {
    let e = *world.resource::<UnitIndex>().0.get(unit)?;
    world.get::<T>(e)
}

impl Combat {
    /// Whether the active unit's budget still allows an action of `kind` (§3.6).
    pub fn can_spend(&self, rules: &ActionRules, kind: ActionKind) -> Result<(), RuleError> {
        let budget = self.budget.as_ref().ok_or(RuleError::NoActiveTurn)?;
        budget.can_spend(rules, kind).map(|_| ()).map_err(RuleError::Budget)
    }

    pub fn index_of(&self, unit: &UnitId) -> Option<usize> {
        self.order.iter().position(|e| &e.unit == unit)
    }

    pub fn entry(&self, unit: &UnitId) -> Option<&InitiativeEntry> {
        self.order.iter().find(|e| &e.unit == unit)
    }

    /// The initiative count the battle is at: the active unit's, or in a delay window the
    /// count of the unit that just finished.
    pub fn current_count(&self) -> Option<i32> {
        let unit = self.active.as_ref().or(self.window.as_ref().map(|w| &w.after))?;
        self.entry(unit).map(|e| e.count)
    }

    pub fn is_delaying(&self, unit: &UnitId) -> bool {
        self.delaying.iter().any(|d| &d.unit == unit)
    }

    pub fn readied_by(&self, unit: &UnitId) -> Option<&ReadiedAction> {
        self.readied.iter().find(|r| &r.unit == unit)
    }
}

/// Units by id, for O(log n) lookups from commands and events.
#[derive(Resource, Debug, Clone, Default)]
pub struct UnitIndex(pub BTreeMap<UnitId, Entity>);
