//! Save files (RON): the scenario text, the seed, the scripted dice and the accepted commands.
//! Loading replays them, so a save can never disagree with the rules that made it.

use crate::rules::GameCommand;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// What a save file holds. Written `Save(version: 1, ...)`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Save")]
pub struct SaveFile {
    pub version: u32,
    /// The scenario's file name when the battle began (for messages only).
    pub scenario_file: String,
    /// The full scenario text, so the save does not depend on the file still existing.
    pub scenario: String,
    pub seed: u64,
    /// `--dice` values the battle started with.
    #[serde(default)]
    pub dice: Vec<u32>,
    pub commands: Vec<GameCommand>,
    /// The state hash after the last command, checked on load.
    #[serde(default)]
    pub state_hash: Option<String>,
}

/// Why a save could not be loaded.
#[derive(Debug, Error)]
pub enum SaveError {
    #[error("{0}")]
    Syntax(String),
    #[error("save format version {0} is not supported (expected 1)")]
    Version(u32),
    #[error("the saved scenario is no longer valid:\n{0}")]
    Scenario(String),
    #[error("replaying command {index} failed: {reason}")]
    Replay { index: usize, reason: String },
    #[error(
        "the replayed battle differs from the saved one (hash {found}, saved {saved}); a stat-block template may have changed"
    )]
    Mismatch { saved: String, found: String },
    #[error("cannot write the save: {0}")]
    Io(#[from] std::io::Error),
}

impl SaveFile {
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().depth_limit(3).struct_names(true);
        ron::ser::to_string_pretty(self, config).unwrap_or_default()
    }

    pub fn from_ron(text: &str) -> Result<SaveFile, SaveError> {
        let save: SaveFile = crate::scenario::ron_options()
            .from_str(text)
            .map_err(|e| SaveError::Syntax(format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code)))?;
        if save.version != 1 {
            return Err(SaveError::Version(save.version));
        }
        Ok(save)
    }
}
