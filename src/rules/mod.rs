//! The rules core: ECS components, resources and messages of a battle, and the systems that
//! turn `GameCommand`s into `GameEvent`s. No window, asset or render types here.
//!
//! Flow (zemeroth style): `CommandRequested` → `check` (pure, `RuleError` a player can read)
//! → `execute` emits events → `apply` is the only writer of battle state. Every accepted
//! command and its events go into the `BattleLog`.

pub mod ability;
mod apply;
pub mod area;
pub mod attack;
pub mod attack_action;
pub mod bleeding;
pub mod board;
pub mod bounds;
mod budget;
pub mod charge;
pub mod chase;
mod combat;
mod command;
pub mod conditions;
mod dice;
mod error;
mod event;
mod executor;
pub mod feats;
pub mod fight_defensively;
pub mod flight;
pub mod forced;
pub mod full_attack;
pub mod health;
pub mod hold;
pub mod items;
mod log;
pub mod maneuver;
pub mod movement;
pub mod multiply;
mod narrate;
mod protection;
pub mod reach_plan;
pub mod reactions;
pub mod recover;
pub mod recovery;
mod resolve;
mod sequence;
pub mod situation;
pub mod speed;
pub mod spell;
pub mod stacking;
pub mod support;
pub mod threat;
mod unit;
pub mod vehicle;

pub use apply::apply;
pub use budget::TurnBudget;
pub use combat::{
    Combat, DelayWindow, DelayingUnit, Hold, InitiativeEntry, Interruption, ReadiedAction, SupportBonus, TrackedEffect,
    UnitIndex, unit_component,
};
pub use command::{CommandRequested, GameCommand};
pub use dice::{Dice, DiceExpr, DiceExprError, DieRoll, ScriptedDieError};
pub use error::RuleError;
pub use event::{GameEvent, Modifier, OrderEntry};
pub use executor::Executor;
pub use health::LifeState;
pub use log::{BattleLog, CommandRejected, LoggedCommand};
pub use maneuver::Maneuver;
pub use movement::MoveMode;
pub use narrate::narrate;
pub use reactions::ReactionMode;
pub use resolve::{check, execute};
pub use sequence::start_combat;
pub use unit::{
    Abilities, Ability, AbilityScores, ArmorWeight, Awareness, ConditionName, Conditions, DamageReductionDef,
    DamageType, Defenses, Elevation, Health, JoinsRound, LoadWeight, Placement, Profile, RangeBands, Recovery, Saves,
    Senses, Shields, SideId, Speeds, StartFlatFooted, UnitId, UnitKind, Weapon, WeaponKind,
};

use bevy::prelude::*;

/// System sets of the rules, chained once here (STYLE 6).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum RulesSet {
    /// Commands are checked and executed.
    Resolve,
    /// Views derived from rule state are refreshed (GUI overlays read them).
    Derive,
}

/// Adds the rules' messages, resources and systems. The battle itself is spawned by
/// `battle::Battle` from a validated scenario.
pub fn plugin(app: &mut App) {
    // Queries over units (`board::board_for`) need every component type registered, even
    // those no unit has yet.
    let world = app.world_mut();
    world.register_component::<LifeState>();
    world.register_component::<Elevation>();
    world.register_component::<Conditions>();
    world.register_component::<Recovery>();
    app.add_message::<CommandRequested>()
        .add_message::<GameEvent>()
        .add_message::<CommandRejected>()
        .init_resource::<Combat>()
        .init_resource::<UnitIndex>()
        .init_resource::<BattleLog>()
        .init_resource::<items::Ground>()
        .configure_sets(Update, (RulesSet::Resolve, RulesSet::Derive).chain())
        .add_systems(Update, resolve_commands.in_set(RulesSet::Resolve));
}

/// Checks and executes every requested command in arrival order; writes the events (or the
/// rejection) as messages and records accepted commands in the battle log.
pub fn resolve_commands(world: &mut World) {
    let requested: Vec<GameCommand> = world
        .resource_mut::<Messages<CommandRequested>>()
        .drain()
        .map(|m| m.0)
        .collect();
    for command in requested {
        match process(world, &command) {
            Ok(events) => {
                for event in events {
                    world.write_message(event);
                }
            }
            Err(error) => {
                world.write_message(CommandRejected { command, error });
            }
        }
    }
}

/// Checks `command`, and if allowed executes it and logs it. A refused command changes
/// nothing. The one error `execute` itself can meet is a scripted die that does not fit its
/// die, after some events may have been applied: callers that keep history (`Battle`) then
/// rebuild the battle from its accepted commands.
pub fn process(world: &mut World, command: &GameCommand) -> Result<Vec<GameEvent>, RuleError> {
    check(world, command)?;
    let mut ex = Executor::new(world);
    let mut result = execute(&mut ex, command);
    if result.is_ok() {
        // §4.4: a grapple or grab ends at once when its holder moves away or goes down.
        hold::release_broken(&mut ex);
        result = Ok(());
    }
    let events = std::mem::take(&mut ex.events);
    result?;
    world.resource_mut::<BattleLog>().entries.push(LoggedCommand {
        command: Some(command.clone()),
        events: events.clone(),
    });
    Ok(events)
}
