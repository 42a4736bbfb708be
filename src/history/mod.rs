//! Battles as history: a `Battle` is a validated scenario + seed + scripted dice + the list
//! of accepted commands. Saves store exactly that; loading, undo and replay rebuild the
//! world and replay the commands (weasel's "rebuild and replay").

mod battle;
mod chase_spawn;
mod files;
mod objectives;
mod save;
pub mod script;
mod snapshot;
mod spawn;

pub use battle::{Battle, BattleError};
pub use files::write_atomic;
pub use objectives::{ObjectiveStatus, ObjectiveTracker, Outcome, outcome};
pub use save::{SaveError, SaveFile, load_save};
pub use snapshot::{BattleSnapshot, UnitSnapshot, state_hash};
pub use spawn::{Environment, ScenarioInfo, Sides, Terrain};
