//! Battles as history: a `Battle` is a validated scenario + seed + scripted dice + the list
//! of accepted commands. Saves store exactly that; loading, undo and replay rebuild the
//! world and replay the commands (weasel's "rebuild and replay").

mod battle;
mod card;
mod chase_spawn;
mod files;
mod log;
mod objectives;
mod open;
mod save;
pub mod script;
mod snapshot;
mod spawn;
mod stats;

pub use crate::rules::{Environment, Terrain};
pub use battle::{Battle, BattleError};
pub use card::{DefenseFact, EffectFact, Lasts, SpeedFact, UnitCard, WeaponFact};
pub use files::write_atomic;
pub use log::{BattleLog, LoggedCommand};
pub use objectives::{ObjectiveStatus, ObjectiveTracker, Outcome, outcome};
pub use open::{OpenError, is_save, open_file, open_or_default};
pub use save::{SaveError, SaveFile, load_save};
pub use snapshot::{BattleSnapshot, UnitSnapshot, state_hash};
pub use spawn::{ScenarioInfo, Sides};
pub use stats::{BattleStats, UnitStats, battle_stats};
