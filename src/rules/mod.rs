//! The rules core: ECS components, resources and messages of a battle, and the systems that
//! turn `GameCommand`s into `GameEvent`s. No window, asset or render types here.
//!
//! Flow (zemeroth style): a `GameCommand` → `check` (pure, `RuleError` a player can read)
//! → `execute` emits events → `apply` is the only writer of battle state. `process` runs one
//! command; the history of accepted commands is kept by `history::Battle`.

pub mod ability;
mod apply;
pub mod area;
pub mod attack;
pub mod attack_action;
pub mod battlefield;
pub mod bleeding;
pub mod board;
pub mod bounds;
mod budget;
pub mod charge;
pub mod chase;
mod combat;
mod command;
pub mod concealment;
pub mod conditions;
mod dice;
mod error;
mod event;
mod executor;
pub mod feats;
pub mod fight_defensively;
pub mod flight;
pub mod forced;
pub mod fork;
pub mod full_attack;
pub mod health;
pub mod hold;
pub mod items;
pub mod maneuver;
pub mod movement;
pub mod multiply;
mod narrate;
pub mod options;
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
pub use battlefield::{Environment, Terrain};
pub use budget::TurnBudget;
pub use combat::{
    Combat, DelayWindow, DelayingUnit, Hold, InitiativeEntry, Interruption, ReadiedAction, SupportBonus, TrackedEffect,
    UnitIndex, unit_component,
};
pub use command::GameCommand;
pub use dice::{Dice, DiceExpr, DiceExprError, DieRoll, ScriptedDieError};
pub use error::RuleError;
pub use event::{GameEvent, Modifier, OrderEntry};
pub use executor::Executor;
pub use health::LifeState;
pub use maneuver::Maneuver;
pub use movement::MoveMode;
pub use narrate::narrate;
pub use options::{UnitOptions, options};
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
    /// Commands are checked and executed (by `process`, one at a time).
    Resolve,
    /// Views derived from rule state are refreshed (the GUI and the computer read them).
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
    world.init_resource::<items::Ground>();
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
        hold::release_broken(&mut ex);
        result = Ok(());
    }
    let events = std::mem::take(&mut ex.events);
    result?;
    Ok(events)
}
