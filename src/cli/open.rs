//! Opening what the command line names: a scenario or a save file (`history::open_file`)
//! with the seed and dice the command line gives, and command scripts. Every problem is one line `FILE:LINE:COL: error: ...` (issue #16 item 11).

use super::DiceArgs;
use super::io::CommandLine;
use crate::history::script::parse_script;
use crate::history::{Battle, OpenError, open_file};
use crate::rules::GameCommand;
use crate::rules::engine::bounds::DIE;
use crate::scenario::{Diagnostic, read_text};
use std::path::Path;

/// A failure to print before exiting with code 1: its lines, each `FILE:LINE:COL: error: ...`
/// with control characters escaped, joined by newlines.
pub type Failure = String;

/// `history::open_file` with each error line apart; `--seed`/`--dice` problems are located
/// in `command_line`.
pub fn open_battle_lines(path: &Path, dice: &DiceArgs, command_line: &CommandLine) -> Result<Battle, Vec<String>> {
    check_dice(dice, command_line)?;
    open_file(path, dice.seed, &dice.dice).map_err(|e| match e {
        OpenError::Diagnostics(lines) => lines,
        OpenError::DiceWithSave { .. } => {
            let col = match dice.seed {
                Some(seed) => command_line.col_of(&seed.to_string()),
                None => command_line.col_of_list_item("--dice", 0),
            };
            vec![command_line.error_at(col, e.to_string())]
        }
        // Only scripted dice can stop a valid scenario from starting.
        OpenError::CannotStart(_) => {
            vec![command_line.error_at(command_line.col_of_list_item("--dice", 0), e.to_string())]
        }
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
