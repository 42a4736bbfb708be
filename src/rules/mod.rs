//! The rules core: ECS components, resources and messages of a battle, and the systems that
//! turn `GameCommand`s into `GameEvent`s. No window, asset or render types here.
//!
//! Flow (zemeroth style): a `GameCommand` → `check` (pure, `RuleError` a player can read)
//! → `execute` emits events → `apply` is the only writer of battle state. `process` runs one
//! command; the history of accepted commands is kept by `history::Battle`.

// The engine's plumbing, then one module per rule area.
pub mod engine;

pub mod area;
pub mod attack;
pub mod chase;
pub mod health;
pub mod maneuver;
pub mod movement;
pub mod reactions;
pub mod sequence;
pub mod vehicle;

pub mod battlefield;
pub mod derive;
pub mod feats;
pub mod options;
pub mod sight;

/// Every command's own struct by its name (`cmd::Move`), for building and matching commands:
/// `GameCommand::Move(cmd::Move { unit, to, path: None, mode })`.
pub mod cmd {
    pub use super::area::commands::*;
    pub use super::attack::commands::*;
    pub use super::chase::commands::*;
    pub use super::health::commands::*;
    pub use super::maneuver::commands::*;
    pub use super::movement::commands::*;
    pub use super::reactions::commands::*;
    pub use super::sequence::commands::*;
    pub use super::vehicle::commands::*;
}
mod unit;

pub use area::AreaEvent;
pub use attack::AttackEvent;
pub use battlefield::{Environment, Terrain};
pub use chase::ChaseEvent;
pub use engine::check::{D20Check, d20_chance};
pub use engine::command::GameCommand;
pub use engine::dice::{Dice, DiceExpr, DiceExprError, DieRoll, ScriptedDieError};
pub use engine::error::RuleError;
pub use engine::event::{GameEvent, apply, narrate};
pub use engine::executor::Executor;
pub use engine::modifier::Modifier;
pub use engine::resolve::{check, execute};
pub use health::HealthEvent;
pub use health::LifeState;
pub use maneuver::Maneuver;
pub use maneuver::ManeuverEvent;
pub use movement::MoveMode;
pub use movement::MovementEvent;
pub use options::{UnitOptions, options};
pub use reactions::ReactionEvent;
pub use reactions::ReactionMode;
pub use sequence::budget::TurnBudget;
pub use sequence::combat::{
    Combat, DelayWindow, DelayingUnit, Hold, InitiativeEntry, Interruption, ReadiedAction, SupportBonus, TrackedEffect,
    UnitIndex, unit_component,
};
pub use sequence::start_combat;
pub use sequence::{OrderEntry, SequenceEvent};
pub use unit::{
    Abilities, Ability, AbilityScores, AreaOfEffect, AreaShapeKind, ArmorWeight, Awareness, Bleeding, ConditionName,
    Conditions, DamageReductionDef, DamageType, Defenses, Elevation, Health, JoinsRound, LoadWeight, Placement,
    Profile, RangeBands, Recovery, Saves, Senses, Shields, SideId, Speeds, Spell, SpellEffect, StartFlatFooted, UnitId,
    UnitKind, Weapon, WeaponKind,
};
pub use vehicle::VehicleEvent;

use bevy::prelude::*;

/// System sets of the rules (STYLE 6). Commands are not systems: `process` checks and
/// executes them one at a time.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum RulesSet {
    /// The state derived from the rules is refreshed (`derive::schedule`, run by
    /// `Battle::derive`).
    Derive,
}

/// Puts the rules' resources into a battle's world and registers the component types that
/// queries over units name (`board::board_for` needs them even before any unit has one). The
/// battle itself is spawned by `history::Battle` from a validated scenario.
pub fn init_world(world: &mut World) {
    world.register_component::<LifeState>();
    world.register_component::<Elevation>();
    world.register_component::<Conditions>();
    world.register_component::<Recovery>();
    world.init_resource::<Combat>();
    world.init_resource::<UnitIndex>();
    world.init_resource::<maneuver::items::Ground>();
    world.init_resource::<derive::BattleRevision>();
}

/// Checks `command`, and if allowed executes it: the events it produced, each already
/// applied. A refused command changes nothing. The one error `execute` itself can meet is a
/// scripted die that does not fit its die, after some events may have been applied: callers
/// that keep history (`Battle`) then rebuild the battle from its accepted commands.
pub fn process(world: &mut World, command: &GameCommand) -> Result<Vec<GameEvent>, RuleError> {
    check(world, command)?;
    let mut ex = Executor::new(world);
    let mut result = execute(&mut ex, command);
    if result.is_ok() {
        // §4.4: a grapple or grab ends at once when its holder moves away or goes down.
        maneuver::hold::release_broken(&mut ex);
        result = Ok(());
    }
    let events = std::mem::take(&mut ex.events);
    result?;
    // Derived state (`derive`) made before this command is stale now.
    if let Some(mut revision) = world.get_resource_mut::<derive::BattleRevision>() {
        revision.0 += 1;
    }
    Ok(events)
}
