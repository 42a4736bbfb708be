//! Opening a battle from a file, for the game (title screen, saves) and the command line
//! alike: a scenario starts with a seed, a save rebuilds its battle. Errors are the
//! validator's one-line diagnostics (`FILE:LINE:COL: error: …`).

use super::{Battle, load_save};
use crate::scenario::{
    DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, Diagnostic, Templates, load_str, read_text, without_bom,
};
use std::path::Path;

/// Why a file could not be opened as a battle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpenError {
    /// The file, the scenario or the save is wrong: one line each.
    Diagnostics(Vec<String>),
    /// A seed or scripted dice were given for a save file, which has its own.
    DiceWithSave { file: String },
    /// A valid scenario could not start (only scripted dice can do that).
    CannotStart(String),
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::Diagnostics(lines) => f.write_str(&lines.join("\n")),
            OpenError::DiceWithSave { file } => {
                write!(
                    f,
                    "--seed and --dice cannot be used with the save file {file} (it has its own dice)"
                )
            }
            OpenError::CannotStart(why) => write!(f, "the battle cannot start: {why}"),
        }
    }
}

/// Starts the battle of a scenario file (with `seed`, else the scenario's, else a fresh one,
/// and the scripted `dice`), or rebuilds the one in a save file (which takes neither).
pub fn open_file(path: &Path, seed: Option<u64>, dice: &[u32]) -> Result<Battle, OpenError> {
    let text = read_text(path).map_err(lines)?;
    let label = path.display().to_string();
    let templates = Templates::for_scenario(path);
    if is_save(&text) {
        if seed.is_some() || !dice.is_empty() {
            return Err(OpenError::DiceWithSave { file: label });
        }
        return load_save(&text, &label, &templates).map_err(lines);
    }
    let spec = load_str(&text, &label, &templates).map_err(lines)?;
    let seed = seed.or(spec.seed).unwrap_or_else(fresh_seed);
    Battle::start(spec, &text, &label, seed, dice.to_vec()).map_err(|e| OpenError::CannotStart(e.to_string()))
}

/// The battle of `file` with no dice given, or of the embedded default scenario (the
/// tutorial); the messages, one per line, if it cannot start.
pub fn open_or_default(file: Option<&Path>) -> Result<Battle, String> {
    match file {
        Some(path) => open_file(path, None, &[]).map_err(|e| e.to_string()),
        None => load_str(DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, &Templates::shipped())
            .map_err(|d| d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n"))
            .and_then(|spec| {
                let seed = spec.seed.unwrap_or(0);
                Battle::start(spec, DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, seed, Vec::new())
                    .map_err(|e| e.to_string())
            }),
    }
}

fn lines(diagnostics: Vec<Diagnostic>) -> OpenError {
    OpenError::Diagnostics(diagnostics.iter().map(|d| d.to_string()).collect())
}

/// Whether a file's first value is `Save(...)` (after a byte order mark, comments and
/// attributes).
pub fn is_save(text: &str) -> bool {
    without_bom(text)
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("//") && !l.starts_with("#!"))
        .is_some_and(|l| l.starts_with("Save("))
}

/// A seed for battles whose scenario and command line name none; printed so it can be reused.
fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
