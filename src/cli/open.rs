//! Opening what the command line names: a scenario or a save file, the seed to use, and
//! command scripts. Every problem is one line `FILE:LINE:COL: error: ...` (issue #16 item 11).

use super::DiceArgs;
use super::io::CommandLine;
use crate::history::script::parse_script;
use crate::history::{Battle, load_save};
use crate::rules::GameCommand;
use crate::rules::bounds::DIE;
use crate::scenario::{Diagnostic, Templates, load_str, read_text, without_bom};
use std::path::Path;

/// A failure to print before exiting with code 1: its lines, each `FILE:LINE:COL: error: ...`
/// with control characters escaped, joined by newlines.
pub type Failure = String;

/// Starts the battle of a scenario file, or rebuilds the one in a save file (the game's way
/// in: no command line to point at).
pub fn open_battle(path: &Path, dice: &DiceArgs) -> Result<Battle, Failure> {
    open_battle_lines(path, dice, &CommandLine::default()).map_err(|lines| lines.join("\n"))
}

/// `open_battle` with each error line apart; `--seed`/`--dice` problems are located in
/// `command_line`.
pub fn open_battle_lines(path: &Path, dice: &DiceArgs, command_line: &CommandLine) -> Result<Battle, Vec<String>> {
    check_dice(dice, command_line)?;
    let text = read_text(path).map_err(lines)?;
    let label = path.display().to_string();
    let templates = Templates::for_scenario(path);
    if is_save(&text) {
        if dice.seed.is_some() || !dice.dice.is_empty() {
            let col = match dice.seed {
                Some(seed) => command_line.col_of(&seed.to_string()),
                None => command_line.col_of_list_item("--dice", 0),
            };
            return Err(vec![command_line.error_at(
                col,
                format!("--seed and --dice cannot be used with the save file {label} (it has its own dice)"),
            )]);
        }
        return load_save(&text, &label, &templates).map_err(lines);
    }
    let spec = load_str(&text, &label, &templates).map_err(lines)?;
    let seed = dice.seed.or(spec.seed).unwrap_or_else(fresh_seed);
    Battle::start(spec, &text, &label, seed, dice.dice.clone()).map_err(|e| {
        // Only scripted dice can stop a valid scenario from starting.
        let col = command_line.col_of_list_item("--dice", 0);
        vec![command_line.error_at(col, format!("the battle cannot start: {e}"))]
    })
}

/// Issue #16 item 10: `--dice` values are results some die can show (1 to 1,000).
fn check_dice(dice: &DiceArgs, command_line: &CommandLine) -> Result<(), Vec<String>> {
    let bad: Vec<String> = dice
        .dice
        .iter()
        .enumerate()
        .filter(|(_, d)| !DIE.contains(i64::from(**d)))
        .map(|(i, d)| {
            command_line.error_at(
                command_line.col_of_list_item("--dice", i),
                format!("--dice: {}", DIE.refusal(d)),
            )
        })
        .collect();
    if bad.is_empty() { Ok(()) } else { Err(bad) }
}

/// Reads a RON list of commands (every number in range).
pub fn read_script(path: &Path) -> Result<(String, Vec<GameCommand>), Vec<String>> {
    let text = read_text(path).map_err(lines)?;
    let commands = parse_script(&text, &path.display().to_string()).map_err(lines)?;
    Ok((text, commands))
}

fn lines(diagnostics: Vec<Diagnostic>) -> Vec<String> {
    diagnostics.iter().map(|d| d.to_string()).collect()
}

/// Whether a file's first value is `Save(...)` (after a byte order mark, comments and
/// attributes).
fn is_save(text: &str) -> bool {
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
