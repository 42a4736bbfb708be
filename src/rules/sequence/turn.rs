//! Spending actions and starting tracked effects (ACT-1, SEQ-5, §3.2): the steps every rule
//! area takes when a command costs an action or leaves an effect behind.

use crate::rules::{Combat, ConditionName, Executor, SequenceEvent, StartFlatFooted, SupportBonus, UnitId};
use crate::ruleset::ActionKind;
use crate::ruleset::stacking::BonusType;

/// What a tracked effect does to its target while it lasts.
#[derive(Debug, Clone, Default)]
pub(crate) struct EffectTerms {
    pub condition: Option<ConditionName>,
    pub defense: i32,
    pub defense_type: BonusType,
    /// To the target's own attack rolls.
    pub attack: i32,
    /// The target makes no attacks at all, not even attacks of opportunity.
    pub no_attacks: bool,
    pub support: Option<SupportBonus>,
    pub hold: Option<crate::rules::Hold>,
    /// Bleeding damage at the start of each of the target's turns (§20).
    pub damage: Option<crate::rules::DiceExpr>,
}

impl EffectTerms {
    pub fn defense(defense: i32) -> Self {
        Self {
            defense,
            ..Self::default()
        }
    }

    pub fn condition(condition: Option<ConditionName>) -> Self {
        Self {
            condition,
            ..Self::default()
        }
    }
}

/// Starts a tracked effect at the current initiative count (SEQ-5).
pub(crate) fn start_effect(
    ex: &mut Executor,
    source: &UnitId,
    target: &UnitId,
    name: &str,
    rounds: u32,
    terms: EffectTerms,
) {
    let EffectTerms {
        condition,
        defense,
        defense_type,
        attack,
        no_attacks,
        support,
        hold,
        damage,
    } = terms;
    let combat = ex.world.resource::<Combat>();
    let (round, count, id) = (combat.round, combat.current_count().unwrap_or(0), combat.next_effect_id);
    ex.emit(SequenceEvent::EffectStarted {
        id,
        name: name.to_string(),
        source: source.clone(),
        target: target.clone(),
        rounds,
        round,
        count,
        condition,
        defense,
        defense_type,
        attack,
        no_attacks,
        support,
        hold,
        damage,
    });
}

/// Spends an action from the active unit's budget; acting ends start-of-combat flat-footedness (§3.2).
pub(crate) fn take_action(ex: &mut Executor, unit: &UnitId, kind: ActionKind, description: String) {
    let rules = ex.ruleset().actions.clone();
    let slot = ex
        .world
        .resource::<Combat>()
        .budget
        .as_ref()
        .and_then(|b| b.can_spend(&rules, kind).ok())
        .unwrap_or(kind);
    ex.emit(SequenceEvent::ActionTaken {
        unit: unit.clone(),
        kind,
        slot,
        description,
    });
    end_start_flat_footed(ex, unit);
}

/// §3.2: a turn taken is acting, so start-of-combat flat-footedness ends with the unit's turn
/// even when it took no action (d20_srd 002:15, d20_modern 003:3 "once a combatant acts";
/// starfinder 001:149-153; saga 004:14, and 004:273 "until your first regular turn"). As
/// `acted_in_combat` already counts the turn (AOO `NotYetActed`), flat-footedness now agrees.
/// Under saga's U1 switch it ends only as a regular turn begins (`sequence::begin_turn`), so a
/// surprise-round turn leaves it.
pub(crate) fn end_start_flat_footed_with_turn(ex: &mut Executor, unit: &UnitId) {
    if ex.get::<StartFlatFooted>(unit).is_none() {
        return;
    }
    if ex.ruleset().variants.saga_flatfooted_until_regular_turn && ex.world.resource::<Combat>().surprise_round {
        return;
    }
    ex.emit(SequenceEvent::FlatFootedEnded { unit: unit.clone() });
}

pub(crate) fn end_start_flat_footed(ex: &mut Executor, unit: &UnitId) {
    if ex.get::<StartFlatFooted>(unit).is_some() && !ex.ruleset().variants.saga_flatfooted_until_regular_turn {
        ex.emit(SequenceEvent::FlatFootedEnded { unit: unit.clone() });
    }
}
