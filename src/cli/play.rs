//! `fivefoot play [FILE]` (and `fivefoot` alone): with the `gui` feature opens the window on the
//! scenario (an invalid one shows its messages in the window), or on the title screen without
//! FILE; without the feature shows the battle headless: the scenario, the initiative order and
//! whose turn it is.

use crate::history::Battle;
use crate::rules::{Combat, narrate};
use crate::ruleset::Ruleset;

use std::path::PathBuf;
use std::process::ExitCode;

pub fn play(file: Option<PathBuf>) -> ExitCode {
    #[cfg(feature = "gui")]
    {
        match file {
            // Without a file the window opens on the title screen (scenarios, resume, saves).
            None => crate::gui::play_title(),
            Some(_) => crate::gui::play(crate::history::open_or_default(file.as_deref())),
        }
    }
    #[cfg(not(feature = "gui"))]
    show_headless(crate::history::open_or_default(file.as_deref()))
}

/// `fivefoot edit [FILE]`: the scenario editor on FILE (a file that does not exist yet is a new
/// scenario saved there), or on a new scenario. Needs the windowed build.
pub fn edit(file: Option<PathBuf>) -> ExitCode {
    #[cfg(feature = "gui")]
    {
        match editor_doc(file) {
            Ok(doc) => crate::gui::edit(doc),
            Err(why) => {
                super::err(why);
                ExitCode::FAILURE
            }
        }
    }
    #[cfg(not(feature = "gui"))]
    {
        let _ = file;
        super::err("fivefoot: not supported yet: the scenario editor needs the windowed build (feature `gui`)");
        ExitCode::from(2)
    }
}

/// The document `fivefoot edit` opens: FILE if it exists (an unreadable or syntax-broken one
/// is refused with its messages), a new scenario to be saved at FILE otherwise.
#[cfg_attr(not(feature = "gui"), allow(dead_code))]
pub fn editor_doc(file: Option<PathBuf>) -> Result<crate::editor::EditorDoc, String> {
    let (family, width, height) = crate::editor::NEW_SCENARIO;
    match file {
        Some(path) if path.exists() => crate::editor::EditorDoc::open(&path)
            .map_err(|d| d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")),
        Some(path) => {
            let mut doc = crate::editor::EditorDoc::blank(family, width, height);
            doc.path = Some(path);
            Ok(doc)
        }
        None => Ok(crate::editor::EditorDoc::blank(family, width, height)),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_opens_a_file_a_new_scenario_for_a_missing_file_and_refuses_broken_ron() {
        let blank = editor_doc(None).expect("a new scenario");
        assert_eq!(
            blank.size(),
            (crate::editor::NEW_SCENARIO.1, crate::editor::NEW_SCENARIO.2)
        );
        assert_eq!(blank.path, None);
        let dir = std::env::temp_dir().join(format!("fivefoot-edit-cli-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let missing = dir.join("new.ron");
        let doc = editor_doc(Some(missing.clone())).expect("a new scenario saved there");
        assert_eq!(doc.path, Some(missing));
        let broken = dir.join("broken.ron");
        std::fs::write(&broken, "Scenario(version: 1,").unwrap();
        let why = editor_doc(Some(broken)).expect_err("refused");
        assert!(why.contains("broken.ron"), "{why}");
        let shipped = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/saga_hangar.ron");
        assert_eq!(editor_doc(Some(shipped.clone())).expect("opens").path, Some(shipped));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
