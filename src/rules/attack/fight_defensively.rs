//! Fighting defensively as an action of its own (RULES.md §4.3.1, saga 004:485-491): a penalty
//! on the unit's attacks and a dodge bonus to its defense until the start of its next turn,
//! or, when it chooses to make no attacks at all meanwhile, a larger bonus. Fighting
//! defensively as part of an attack (starfinder) is in `attack::action`.
//!
//! Reading of "if you choose to make no attacks": the choice is declared with the action
//! (`no_attacks`). While it lasts the unit makes no attacks: attack commands are refused and
//! it takes no attacks of opportunity (`threat::aoo_refusal`), so it can never hold the larger
//! bonus after attacking. Without the choice it takes the penalty and the smaller bonus even
//! if it then makes no attack, as the seed's first sentence says.

use crate::rules::engine::error::illegal;
use crate::rules::feats::Skill;
use crate::rules::health::conditions::no_attacks_effect;
use crate::rules::sequence::turn::{EffectTerms, start_effect, take_action};
use crate::rules::{Combat, Executor, GameCommand, Profile, RuleError, UnitId};
use crate::ruleset::stacking::BonusType;
use crate::ruleset::{ActionKind, Ruleset};
use bevy::prelude::World;

/// §4.3.1 saga: a unit that chose to make no attacks until its next turn makes none; the
/// attack area's gate on a command's actor (`engine::resolve::actor_refusal`).
pub fn no_attacks_refusal(world: &World, command: &GameCommand) -> Option<RuleError> {
    let unit = command.actor().filter(|_| command.makes_attacks())?;
    let effect = no_attacks_effect(world, unit)?;
    Some(RuleError::IllegalMove(format!(
        "{unit} chose to make no attacks until its next turn ({})",
        effect.name
    )))
}

/// A checked fight-defensively action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefensivePlan {
    pub action: ActionKind,
    /// On the unit's attacks until its next turn (0 with no attacks).
    pub attack: i32,
    pub defense: i32,
    pub defense_type: BonusType,
    /// The skill whose training raised the bonus, if it did.
    pub trained: Option<Skill>,
    pub no_attacks: bool,
}

/// Checks fighting defensively as an action of its own (§4.3.1), with or without the choice
/// to make no attacks until the next turn.
pub fn check_fight_defensively(world: &World, unit: &UnitId, no_attacks: bool) -> Result<DefensivePlan, RuleError> {
    let rules = world.resource::<Ruleset>();
    let fd = rules
        .attack_options
        .fight_defensively
        .ok_or_else(|| RuleError::NotSupported(format!("fighting defensively is not in {}'s rules yet", rules.name)))?;
    let action = fd.action.ok_or_else(|| {
        illegal(format!(
            "in {} fighting defensively is part of an attack: Attack(unit: \"{unit}\", target: ..., defensively: true)",
            rules.name
        ))
    })?;
    let profile =
        crate::rules::unit_component::<Profile>(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let trained = fd.trained.filter(|t| profile.trained.contains(&t.skill));
    let (defense, no_attacks_defense) = match trained {
        Some(t) => (t.defense, t.no_attacks_defense),
        None => (fd.defense, fd.no_attacks_defense),
    };
    let defense = match no_attacks {
        false => defense,
        true => no_attacks_defense.ok_or_else(|| {
            RuleError::NotSupported(format!(
                "fighting defensively without attacking is not in {}'s rules",
                rules.name
            ))
        })?,
    };
    world.resource::<Combat>().can_spend(&rules.actions, action)?;
    Ok(DefensivePlan {
        action,
        attack: if no_attacks { 0 } else { fd.attack },
        defense,
        defense_type: fd.defense_type,
        trained: trained.map(|t| t.skill),
        no_attacks,
    })
}

/// Pays the action and starts the effect, which ends at the start of the unit's next turn
/// (one round from its own count, SEQ-5).
pub fn execute_fight_defensively(ex: &mut Executor, unit: &UnitId, no_attacks: bool) -> Result<(), RuleError> {
    let plan = check_fight_defensively(ex.world, unit, no_attacks)?;
    let trained = plan.trained.map(|s| format!(" (trained in {s:?})")).unwrap_or_default();
    let (name, what) = match plan.no_attacks {
        true => (
            "fighting defensively, no attacks",
            format!("fight defensively{trained}, making no attacks until its next turn"),
        ),
        false => ("fighting defensively", format!("fight defensively{trained}")),
    };
    take_action(ex, unit, plan.action, what);
    let terms = EffectTerms {
        defense: plan.defense,
        defense_type: plan.defense_type,
        attack: plan.attack,
        no_attacks: plan.no_attacks,
        ..EffectTerms::default()
    };
    start_effect(ex, unit, unit, name, 1, terms);
    Ok(())
}
