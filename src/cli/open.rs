//! Opening what the command line names: a scenario or a save file, the seed to use, and
//! command scripts.

use super::DiceArgs;
use crate::history::{Battle, SaveFile};
use crate::rules::GameCommand;
use crate::scenario::{Templates, load_str, read_text, ron_options};
use std::path::Path;

/// A failure to print before exiting with code 1.
pub type Failure = String;

/// Starts the battle of a scenario file, or rebuilds the one in a save file.
pub fn open_battle(path: &Path, dice: &DiceArgs) -> Result<Battle, Failure> {
    let text = read_text(path).map_err(lines)?;
    let label = path.display().to_string();
    let templates = Templates::for_scenario(path);
    if is_save(&text) {
        if dice.seed.is_some() || !dice.dice.is_empty() {
            return Err("--seed and --dice cannot be used with a save file (it has its own dice)".into());
        }
        let save = SaveFile::from_ron(&text).map_err(|e| format!("{label}: {e}"))?;
        return Battle::load(&save, &templates).map_err(|e| format!("{label}: {e}"));
    }
    let spec = load_str(&text, &label, &templates).map_err(lines)?;
    let seed = dice.seed.or(spec.seed).unwrap_or_else(fresh_seed);
    Battle::start(spec, &text, &label, seed, dice.dice.clone()).map_err(|e| format!("{label}: {e}"))
}

/// Reads a RON list of commands.
pub fn read_script(path: &Path) -> Result<Vec<GameCommand>, Failure> {
    let text = read_text(path).map_err(lines)?;
    ron_options().from_str(&text).map_err(|e| {
        format!(
            "{}:{}:{}: error: {}",
            path.display(),
            e.span.start.line,
            e.span.start.col,
            e.code
        )
    })
}

fn lines(diagnostics: Vec<crate::scenario::Diagnostic>) -> Failure {
    diagnostics.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")
}

/// Whether a file's first value is `Save(...)` (after comments and attributes).
fn is_save(text: &str) -> bool {
    text.lines()
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
