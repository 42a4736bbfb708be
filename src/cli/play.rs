//! `fivefoot play [FILE]` (and `fivefoot` alone): with the `gui` feature opens the window on the
//! scenario (an invalid one shows its messages in the window), or on the title screen without
//! FILE; without the feature shows the battle headless: the scenario, the initiative order and
//! whose turn it is.

use super::DiceArgs;
use super::open::open_battle;
use crate::history::Battle;
use crate::rules::{Combat, narrate};
use crate::ruleset::Ruleset;
use crate::scenario::{DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, Templates, load_str};
use std::path::PathBuf;
use std::process::ExitCode;

pub fn play(file: Option<PathBuf>) -> ExitCode {
    #[cfg(feature = "gui")]
    {
        match file {
            // Without a file the window opens on the title screen (scenarios, resume, saves).
            None => crate::gui::play_title(),
            Some(_) => crate::gui::play(open(file)),
        }
    }
    #[cfg(not(feature = "gui"))]
    show_headless(open(file))
}

/// The battle of `file`, or of the embedded default scenario; the messages if it cannot start.
pub fn open(file: Option<PathBuf>) -> Result<Battle, String> {
    match file {
        Some(path) => open_battle(&path, &DiceArgs::default()),
        None => load_str(DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, &Templates::shipped())
            .map_err(|d| d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n"))
            .and_then(|spec| {
                let seed = spec.seed.unwrap_or(0);
                Battle::start(spec, DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, seed, Vec::new())
                    .map_err(|e| e.to_string())
            }),
    }
}

/// Prints the scenario, the start of combat and whose turn it is.
#[cfg_attr(feature = "gui", allow(dead_code))]
fn show_headless(battle: Result<Battle, String>) -> ExitCode {
    let battle = match battle {
        Ok(b) => b,
        Err(e) => {
            super::err(e);
            return ExitCode::FAILURE;
        }
    };
    let spec = battle.spec();
    let rules = battle.world().resource::<Ruleset>();
    super::out(format!("{} — {} ({})", spec.name, spec.description, rules.name));
    super::out(format!(
        "{}×{} squares, {} units",
        spec.map.width(),
        spec.map.height(),
        spec.units.len()
    ));
    for event in battle.log().entries.iter().flat_map(|e| &e.events) {
        super::out(format!("  {}", narrate(event, rules)));
    }
    let combat = battle.world().resource::<Combat>();
    if let Some(active) = &combat.active {
        super::out(format!(
            "It is {active}'s turn. The windowed game is not built yet: play with `fivefoot run` scripts (docs/cli.md)."
        ));
    }
    ExitCode::SUCCESS
}
