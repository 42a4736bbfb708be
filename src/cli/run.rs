//! `fivefoot run SCENARIO --script FILE`: plays the commands, prints the log and the final
//! state (text, or JSON with `--json`); stops at the first refused command (exit 1).

use super::DiceArgs;
use super::open::{open_battle, read_script};
use crate::history::{Battle, BattleSnapshot, write_atomic};
use crate::rules::{GameCommand, narrate};
use crate::ruleset::Ruleset;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub fn run(scenario: &Path, script: &Path, dice: &DiceArgs, as_json: bool, save: Option<PathBuf>) -> ExitCode {
    let (mut battle, commands) = match open_battle(scenario, dice).and_then(|b| Ok((b, read_script(script)?))) {
        Ok(v) => v,
        Err(e) => {
            super::err(e);
            return ExitCode::FAILURE;
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
        super::err(format!("{}: cannot write the save: {e}", path.display()));
        return ExitCode::FAILURE;
    }
    if as_json {
        super::out(run_json(&battle, rejected.as_ref()));
    } else {
        print_text(&battle, already, rejected.as_ref());
    }
    if rejected.is_some() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The JSON document of `run --json` (docs/cli.md).
pub fn run_json(battle: &Battle, rejected: Option<&(usize, GameCommand, String)>) -> String {
    let doc = json!({
        "format": 1,
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

fn print_text(battle: &Battle, from: usize, rejected: Option<&(usize, GameCommand, String)>) {
    let rules = battle.world().resource::<Ruleset>();
    super::out(format!(
        "{} ({}), seed {}",
        battle.spec().name,
        battle.spec().family,
        battle.seed()
    ));
    for (i, entry) in battle.log().entries.iter().enumerate() {
        if i >= from || i == 0 {
            if let Some(command) = &entry.command {
                super::out(format!("> {}", ron::to_string(command).unwrap_or_default()));
            }
            for event in &entry.events {
                super::out(format!("  {}", narrate(event, rules)));
            }
        }
    }
    if let Some((index, command, reason)) = rejected {
        super::err(format!(
            "error: command {} `{}` was refused: {reason}",
            index + 1,
            ron::to_string(command).unwrap_or_default()
        ));
    }
    super::out(format!("state hash {}", battle.state_hash()));
}
