//! Command resolution: a pure `check` that says whether a command is allowed and why not,
//! and `execute`, which emits the command's events (ACT-1, SEQ-5, SEQ-8, SEQ-9, §3.5).

use crate::rules::{Combat, Executor, GameCommand, RuleError, UnitId, UnitIndex};
// The sequence's steps, where every area finds them.
pub(crate) use crate::rules::sequence::turn::{
    EffectTerms, end_start_flat_footed, end_start_flat_footed_with_turn, start_effect, take_action,
};
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
/// more than a verdict (`attack_action::check_previewing`) runs it, then its area's own.
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
    command.rule().execute(ex)
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

/// The refusals a command meets before its own rule is looked at: the chase's phases (CHS-4,
/// CHS-14), a vehicle off the map (VEH-21), and whether its actor may do anything now (§20
/// no actions, HP-SF-2, riding §25.9, pinned, no attacks §4.3.1). `check` runs it first; the
/// planners that answer for a command not given yet (`movement::move_basics` for `query
/// path`, `query reach` and the GUI's reach overlay; `charge::check_charge`) run it too, so
/// they never offer what the command would refuse.
pub(crate) fn actor_refusal(world: &World, command: &GameCommand) -> Result<(), RuleError> {
    // §26: a chase gates the grid commands by its phase (CHS-4, CHS-14).
    if let Some(refusal) = crate::rules::chase::refuse_in_chase(world, command) {
        return Err(refusal);
    }
    // VEH-21: the riders of a vehicle off the map only wait for it to come back.
    if let Some(refusal) = crate::rules::vehicle::escape::off_map_refusal(world, command) {
        return Err(refusal);
    }
    if let Some(unit) = command.actor() {
        known(world, unit)?;
        // §20: stunned, dazed, paralyzed, asleep or helpless units take no actions (dying
        // and stable units' own recovery commands are handled by their checks).
        let gates = command.gates();
        if gates.acts
            && let Some(c) = crate::rules::health::conditions::effective_conditions(world, unit)
                .into_iter()
                .find(|c| crate::rules::health::conditions::NO_ACTIONS.contains(c))
            && crate::rules::unit_component::<crate::rules::health::LifeState>(world, unit).is_none_or(|s| s.can_act())
        {
            return Err(RuleError::IllegalMove(format!(
                "{unit} cannot act while {}",
                format!("{c:?}").to_lowercase()
            )));
        }
        // HP-SF-2: a dying (or unconscious, or dead) unit takes no actions, not even those
        // that roll nothing; its own recovery commands are checked by their own rules.
        if gates.needs_able {
            crate::rules::health::check_can_act(world, unit)?;
        }
        // §25.9: riders move with their vehicle; walking needs getting off first.
        if gates.walks
            && let Some(vehicle) = crate::rules::vehicle::riding(world, unit)
        {
            return Err(RuleError::IllegalMove(format!(
                "{unit} is aboard {vehicle}: get off first (Vehicle order Disembark)"
            )));
        }
        if gates.acts
            && let Some(refusal) = crate::rules::maneuver::hold::pinned_refusal(world, unit, command)
        {
            return Err(refusal);
        }
        // §4.3.1 saga: a unit that chose to make no attacks until its next turn.
        if command.makes_attacks()
            && let Some(effect) = crate::rules::health::conditions::no_attacks_effect(world, unit)
        {
            return Err(RuleError::IllegalMove(format!(
                "{unit} chose to make no attacks until its next turn ({})",
                effect.name
            )));
        }
    }
    Ok(())
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
