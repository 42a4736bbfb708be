//! `fivefoot run SCENARIO --script FILE`: plays the commands, prints the log and the final
//! state (text, or JSON with `--json`); stops at the first refused command (exit 1).

use super::DiceArgs;
use super::io::{CommandLine, FAILURE, Io};
use super::open::{open_battle_lines, read_script};
use crate::history::script::refused_at;
use crate::history::{Battle, BattleSnapshot, write_atomic};
use crate::rules::{GameCommand, narrate};
use crate::ruleset::Ruleset;
use crate::scenario::one_line;
use serde_json::json;
use std::path::{Path, PathBuf};

pub fn run(
    scenario: &Path,
    script: &Path,
    dice: &DiceArgs,
    as_json: bool,
    save: Option<PathBuf>,
    command_line: &CommandLine,
    io: &mut Io,
) -> u8 {
    let opened = open_battle_lines(scenario, dice, command_line).and_then(|b| Ok((b, read_script(script)?)));
    let (mut battle, (script_text, commands)) = match opened {
        Ok(v) => v,
        Err(lines) => {
            io.errors(&lines);
            return FAILURE;
        }
    };
    let already = battle.log().entries.len();
    let mut rejected = None;
    for (index, command) in commands.into_iter().enumerate() {
        if let Err(e) = battle.submit(command.clone()) {
            rejected = Some((index, command, e.to_string()));
            break;
        }
    }
    if let Some(path) = save
        && let Err(e) = write_atomic(&path, battle.save().to_ron().as_bytes())
    {
        io.error(format!("{}:1:1: error: cannot write the save: {e}", path.display()));
        return FAILURE;
    }
    if as_json {
        io.out(run_json(&battle, rejected.as_ref()));
    } else {
        print_text(&battle, already, io);
    }
    match rejected {
        Some((index, command, reason)) => {
            // Issue #16 item 11: where the command is written in the script.
            let message = format!(
                "command {} `{}` was refused: {reason}",
                index + 1,
                ron::to_string(&command).unwrap_or_default()
            );
            io.error(refused_at(
                &script_text,
                &script.display().to_string(),
                &[],
                index,
                message,
            ));
            FAILURE
        }
        None => 0,
    }
}

/// The JSON document of `run --json` (docs/cli.md).
pub fn run_json(battle: &Battle, rejected: Option<&(usize, GameCommand, String)>) -> String {
    let doc = json!({
        "format": 2,
        "scenario": battle.scenario_file(),
        "ruleset": battle.spec().family.id(),
        "seed": battle.seed(),
        "log": battle.log().entries,
        "rejected": rejected.map(|(index, command, reason)| json!({
            "index": index,
            "command": command,
            "reason": reason,
        })),
        "state": BattleSnapshot::of(battle.world()),
        "state_hash": battle.state_hash(),
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

/// The text log. Names and descriptions a user wrote are echoed with control characters
/// escaped (issue #16 item 11), so each entry stays one line; other text prints as it is.
fn print_text(battle: &Battle, from: usize, io: &mut Io) {
    let rules = battle.world().resource::<Ruleset>();
    io.out(format!(
        "{} ({}), seed {}",
        one_line(&battle.spec().name),
        battle.spec().family,
        battle.seed()
    ));
    for (i, entry) in battle.log().entries.iter().enumerate() {
        if i >= from || i == 0 {
            if let Some(command) = &entry.command {
                io.out(format!("> {}", ron::to_string(command).unwrap_or_default()));
            }
            for event in &entry.events {
                io.out(format!("  {}", one_line(&narrate(event, rules))));
            }
        }
    }
    io.out(format!("state hash {}", battle.state_hash()));
}
