//! Command resolution: a pure `check` that says whether a command is allowed and why not,
//! and `execute`, which emits the command's events (ACT-1, SEQ-5, SEQ-8, SEQ-9, §3.5).

use crate::rules::{Combat, Executor, GameCommand, RuleError, UnitId, UnitIndex};
use bevy::prelude::World;

/// Whether `command` is allowed now. Never changes the battle. The engine's shared gates
/// run first (numbers and squares in range, then the actor's: `actor_refusal`, its own turn),
/// then the command's area decides (`RuleCommand::check`).
pub fn check(world: &World, command: &GameCommand) -> Result<(), RuleError> {
    shared_refusal(world, command)?;
    command.rule().check(world)
}

/// The part of [`check`] before the command's area looks at it: numbers and squares in
/// range, then the engine's shared gates (`actor_refusal`, its own turn). A check that gives
/// more than a verdict (`attack::action::check_previewing`) runs it, then its area's own.
pub(crate) fn shared_refusal(world: &World, command: &GameCommand) -> Result<(), RuleError> {
    // Issue #16 items 6, 7, 10: numbers out of range and squares off the map are refused
    // before any geometry sees them.
    crate::rules::engine::bounds::refuse_out_of_bounds(world, command)?;
    let gates = command.gates();
    if gates.shared {
        actor_refusal(world, command)?;
        // A command the active unit gives on its own turn: no delay window may be open, and
        // it must be that unit's turn.
        if gates.own_turn
            && let Some(unit) = command.actor()
        {
            no_delay_window(world)?;
            is_active(world.resource::<Combat>(), unit)?;
        }
    }
    Ok(())
}

/// Runs an allowed command: emits (and applies) its events. Call `check` first.
pub fn execute(ex: &mut Executor, command: &GameCommand) -> Result<(), RuleError> {
    command.rule().execute(ex)?;
    match command.gates().carries_off {
        true => crate::rules::sequence::end_turn_if_departed(ex),
        false => Ok(()),
    }
}

/// Refused while a delay window is open: the delaying units act or pass first (SEQ-8).
pub(crate) fn no_delay_window(world: &World) -> Result<(), RuleError> {
    let combat = world.resource::<Combat>();
    match combat.window.is_some() {
        true => Err(RuleError::DelayWindowOpen {
            waiting: combat
                .delaying
                .iter()
                .map(|d| d.unit.0.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        }),
        false => Ok(()),
    }
}

/// One area's refusal of a command before the command's own rule is looked at, if it
/// refuses.
type Gate = fn(&World, &GameCommand) -> Option<RuleError>;

/// The areas' gates, in the order they refuse (a player reads the first refusal): the
/// chase's phases (CHS-4, CHS-14), a vehicle off the map (VEH-21), an unknown actor, an actor
/// that may do nothing now (§20 no actions, HP-SF-2), walking aboard a vehicle (§25.9),
/// pinned (§20), no attacks chosen (§4.3.1).
const ACTOR_GATES: [Gate; 7] = [
    crate::rules::chase::refuse_in_chase,
    crate::rules::vehicle::escape::off_map_refusal,
    unknown_actor,
    crate::rules::health::actor_refusal,
    crate::rules::vehicle::riding_refusal,
    crate::rules::maneuver::hold::pinned_refusal,
    crate::rules::attack::fight_defensively::no_attacks_refusal,
];

/// The refusals a command meets before its own rule is looked at: each area's gate
/// (`ACTOR_GATES`). `check` runs it first; the planners that answer for a command not given
/// yet (`movement::move_basics` for `query path`, `query reach` and the GUI's reach overlay;
/// `charge::check_charge`) run it too, so they never offer what the command would refuse.
pub(crate) fn actor_refusal(world: &World, command: &GameCommand) -> Result<(), RuleError> {
    match ACTOR_GATES.iter().find_map(|gate| gate(world, command)) {
        Some(refusal) => Err(refusal),
        None => Ok(()),
    }
}

/// The engine's own gate: a command by a unit that is not in the battle.
fn unknown_actor(world: &World, command: &GameCommand) -> Option<RuleError> {
    known(world, command.actor()?).err()
}

pub(crate) fn known(world: &World, unit: &UnitId) -> Result<(), RuleError> {
    match world.resource::<UnitIndex>().0.contains_key(unit) {
        true => Ok(()),
        false => Err(RuleError::UnknownUnit(unit.clone())),
    }
}

pub(crate) fn is_active(combat: &Combat, unit: &UnitId) -> Result<(), RuleError> {
    match &combat.active {
        Some(active) if active == unit => Ok(()),
        Some(active) => Err(RuleError::NotYourTurn {
            unit: unit.clone(),
            active: active.clone(),
        }),
        None => Err(RuleError::NoActiveTurn),
    }
}
