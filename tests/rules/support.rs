//! Small readers of battle state shared by the tests.

use fivefoot::history::Battle;
use fivefoot::rules::attack::AttackRoll;
use fivefoot::rules::{AttackEvent, SequenceEvent, cmd};
use fivefoot::rules::{Combat, GameCommand, GameEvent, UnitId};
use fivefoot::ruleset::ActionKind;

pub fn order(battle: &Battle) -> Vec<(String, i32)> {
    battle
        .world()
        .resource::<Combat>()
        .order
        .iter()
        .map(|e| (e.unit.0.clone(), e.count))
        .collect()
}

pub fn active(battle: &Battle) -> Option<String> {
    battle.world().resource::<Combat>().active.as_ref().map(|u| u.0.clone())
}

pub fn round(battle: &Battle) -> u32 {
    battle.world().resource::<Combat>().round
}

pub fn end_turn(unit: &str) -> GameCommand {
    GameCommand::EndTurn(cmd::EndTurn {
        unit: UnitId::from(unit),
    })
}

pub fn act(unit: &str, action: ActionKind) -> GameCommand {
    GameCommand::Act(cmd::Act {
        unit: UnitId::from(unit),
        action,
        description: "test".into(),
    })
}

pub fn turns_started(events: &[GameEvent]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Sequence(SequenceEvent::TurnStarted { unit, .. }) => Some(unit.0.clone()),
            _ => None,
        })
        .collect()
}

pub fn all_events(battle: &Battle) -> Vec<GameEvent> {
    battle.log().entries.iter().flat_map(|e| e.events.clone()).collect()
}

/// The attack rolls among `events`, in order.
pub fn attack_rolls(events: &[GameEvent]) -> Vec<AttackRoll> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Attack(AttackEvent::AttackResolved { attack, .. }) => Some((**attack).clone()),
            _ => None,
        })
        .collect()
}
