//! Save files (RON): the scenario text, the seed, the scripted dice and the accepted commands.
//! Loading replays them, so a save can never disagree with the rules that made it.

use super::Battle;
use super::script::{command_problems, locate, refused_at};
use crate::rules::GameCommand;
use crate::rules::engine::bounds::DIE;
use crate::scenario::spans::{SourceMap, field, index};
use crate::scenario::{Diagnostic, Problem, Templates, load_str, ron_options, syntax_diagnostic, without_bom};
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

/// Rebuilds the battle of a save file's `text` (`label` names the file), every problem a
/// diagnostic at the place in the save it comes from (issue #16 items 10, 11): syntax, the
/// format version, a scripted die or a command's number out of range, the saved scenario's
/// own problems (located inside its string), a command the replay refuses, a state hash that
/// differs.
pub fn load_save(text: &str, label: &str, templates: &Templates) -> Result<Battle, Vec<Diagnostic>> {
    let text = without_bom(text);
    let save: SaveFile = ron_options()
        .from_str(text)
        .map_err(|e| vec![syntax_diagnostic(text, label, &e)])?;
    let source = SourceMap::new(text);
    let at = |path, message: String| vec![Problem::at(path, message).locate(label, &source)];
    if save.version != 1 {
        return Err(at(vec![field("version")], SaveError::Version(save.version).to_string()));
    }
    let mut problems: Vec<Problem> = save
        .dice
        .iter()
        .enumerate()
        .filter(|(_, d)| !DIE.contains(i64::from(**d)))
        .map(|(i, d)| Problem::at(vec![field("dice"), index(i)], DIE.refusal(d)))
        .collect();
    problems.extend(command_problems(&save.commands, &[field("commands")]));
    if !problems.is_empty() {
        return Err(locate(&problems, text, label));
    }
    let spec = load_str(&save.scenario, &save.scenario_file, templates).map_err(|inner| {
        inner
            .iter()
            .map(|d| in_saved_scenario(&save, d, &source, label))
            .collect::<Vec<_>>()
    })?;
    // `Battle::replay`, with each failure located.
    let mut battle = Battle::start(spec, &save.scenario, &save.scenario_file, save.seed, save.dice.clone())
        .map_err(|e| at(vec![field("dice")], format!("the saved battle cannot start: {e}")))?;
    for (i, command) in save.commands.iter().enumerate() {
        battle.submit(command.clone()).map_err(|e| {
            let message = format!("replaying command {} of the save failed: {e}", i + 1);
            vec![refused_at(text, label, &[field("commands")], i, message)]
        })?;
    }
    if let Some(saved) = &save.state_hash {
        let found = battle.state_hash();
        if &found != saved {
            let mismatch = SaveError::Mismatch {
                saved: saved.clone(),
                found,
            };
            return Err(at(vec![field("state_hash")], mismatch.to_string()));
        }
    }
    Ok(battle)
}

/// A problem of the scenario embedded in a save, located at its character inside the
/// `scenario` string of the save.
fn in_saved_scenario(save: &SaveFile, d: &Diagnostic, source: &SourceMap, label: &str) -> Diagnostic {
    // `load_str` counts from after a byte order mark; the string holds it.
    let mut offset = usize::from(save.scenario.starts_with('\u{feff}'));
    for line in without_bom(&save.scenario).split('\n').take(d.line.saturating_sub(1)) {
        offset += line.chars().count() + 1;
    }
    offset += d.col.saturating_sub(1);
    let pos = source.pos_in_string(&[field("scenario")], offset);
    Diagnostic {
        file: label.to_string(),
        line: pos.line,
        col: pos.col,
        message: format!(
            "the saved scenario is not valid ({}:{}:{}): {}",
            d.file, d.line, d.col, d.message
        ),
    }
}
