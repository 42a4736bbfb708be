//! Saves: the autosave written after every accepted command, saves made with Ctrl+S, and the
//! keys for undo (Ctrl+Z), save and the menu (Ctrl+O). Files live in the user's data
//! directory (`FIVEFOOT_DATA_DIR`, else `$XDG_DATA_HOME/fivefoot`, else
//! `$HOME/.local/share/fivefoot`) and are written atomically (`history::write_atomic`), so a
//! crash or a killed process never leaves a broken save. Loading goes through the CLI's
//! `history::open_file`, which replays the commands and checks the saved state hash.

use crate::gui::session::{Intent, Revision, Session, StatusLine, apply_intents};
use crate::gui::{AppSystems, Screen};
use crate::history::{Battle, SaveFile, write_atomic};
use bevy::prelude::*;
use std::path::{Path, PathBuf};

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<DataDir>();
    app.add_systems(
        Update,
        save_keys_to_intent
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Battle)),
    );
    app.add_systems(
        Update,
        autosave
            .after(apply_intents)
            .in_set(AppSystems::Apply)
            .run_if(in_state(Screen::Battle))
            .run_if(resource_changed::<Revision>),
    );
}

/// Where saves go; `None` when no data directory can be found (then nothing is saved and the
/// status line says so). Tests insert their own.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct DataDir(pub Option<PathBuf>);

impl Default for DataDir {
    fn default() -> Self {
        let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
        Self(data_dir(var("FIVEFOOT_DATA_DIR"), var("XDG_DATA_HOME"), var("HOME")))
    }
}

/// The data directory from the override, `XDG_DATA_HOME` and `HOME`, in that order.
pub fn data_dir(over: Option<PathBuf>, xdg: Option<PathBuf>, home: Option<PathBuf>) -> Option<PathBuf> {
    over.or_else(|| xdg.map(|x| x.join("fivefoot")))
        .or_else(|| home.map(|h| h.join(".local/share/fivefoot")))
}

/// The autosave in a data directory.
pub fn autosave_path(dir: &Path) -> PathBuf {
    dir.join("autosave.ron")
}

/// The folder of the saves made with Ctrl+S.
pub fn saves_dir(dir: &Path) -> PathBuf {
    dir.join("saves")
}

/// Writes the battle's save to `path` atomically.
pub fn write_save(path: &Path, battle: &Battle) -> std::io::Result<()> {
    write_atomic(path, battle.save().to_ron().as_bytes())
}

/// Saves the battle under a new name in the saves folder; returns the file.
pub fn save_new(dir: &Path, battle: &Battle) -> std::io::Result<PathBuf> {
    let stem = Path::new(battle.scenario_file())
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("battle")
        .to_string();
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let folder = saves_dir(dir);
    let mut path = folder.join(format!("{stem}-{secs}.ron"));
    let mut n = 1;
    while path.exists() {
        n += 1;
        path = folder.join(format!("{stem}-{secs}-{n}.ron"));
    }
    write_save(&path, battle)?;
    Ok(path)
}

/// Rebuilds the battle in a save file (the CLI's path), or says why it cannot.
pub fn load_save(path: &Path) -> Result<Battle, String> {
    crate::history::open_file(path, None, &[]).map_err(|e| e.to_string())
}

/// A save in the saves folder, newest first, with a line saying what it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveEntry {
    pub path: PathBuf,
    pub label: String,
    pub detail: String,
}

/// The `.ron` files in `dir`, newest first (ties by name, newest name first); none when the
/// folder can't be read. Saves and the editor's autosaves are listed this way.
pub fn ron_files_newest_first(dir: &Path) -> Vec<PathBuf> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = read
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| {
            let time = std::fs::metadata(&p)
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (time, p)
        })
        .collect();
    files.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| b.1.cmp(&a.1)));
    files.into_iter().map(|(_, path)| path).collect()
}

/// The saves in the data directory's saves folder, newest first (by file name's time).
pub fn list_saves(dir: &Path) -> Vec<SaveEntry> {
    ron_files_newest_first(&saves_dir(dir))
        .into_iter()
        .map(|path| {
            let label = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            let detail = match std::fs::read_to_string(&path)
                .map_err(|e| e.to_string())
                .and_then(|t| SaveFile::from_ron(&t).map_err(|e| e.to_string()))
            {
                Ok(save) => format!("{} · {} commands", save.scenario_file, save.commands.len()),
                Err(why) => format!("unreadable: {why}"),
            };
            SaveEntry { path, label, detail }
        })
        .collect()
}

fn save_keys_to_intent(keys: Res<ButtonInput<KeyCode>>, mut intents: MessageWriter<Intent>) {
    if !keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]) {
        return;
    }
    if keys.just_pressed(KeyCode::KeyZ) {
        intents.write(Intent::Undo);
    }
    if keys.just_pressed(KeyCode::KeyS) {
        intents.write(Intent::Save);
    }
    if keys.just_pressed(KeyCode::KeyO) {
        intents.write(Intent::Menu);
    }
}

/// Writes the autosave after the battle changed.
fn autosave(session: Res<Session>, dir: Res<DataDir>, mut status: ResMut<StatusLine>) {
    let Some(dir) = &dir.0 else { return };
    if let Err(e) = write_save(&autosave_path(dir), &session.battle) {
        status.0 = format!("Autosave failed: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::session::tests::tutorial;
    use crate::rules::cmd;
    use crate::rules::{Combat, GameCommand};

    pub(crate) fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("fivefoot-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn the_data_dir_prefers_the_override_then_xdg_then_home() {
        let p = |s: &str| Some(PathBuf::from(s));
        assert_eq!(data_dir(p("/o"), p("/x"), p("/h")), p("/o"));
        assert_eq!(data_dir(None, p("/x"), p("/h")), p("/x/fivefoot"));
        assert_eq!(data_dir(None, None, p("/h")), p("/h/.local/share/fivefoot"));
        assert_eq!(data_dir(None, None, None), None);
    }

    #[test]
    fn an_autosave_is_written_atomically_and_resumes_the_same_battle() {
        let dir = temp_dir("autosave");
        let mut battle = tutorial();
        let unit = battle.world().resource::<Combat>().active.clone().expect("a turn");
        battle
            .submit(GameCommand::EndTurn(cmd::EndTurn { unit }))
            .expect("ends");
        let path = autosave_path(&dir);
        write_save(&path, &battle).expect("written");
        let files: Vec<_> = std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()).collect();
        assert_eq!(files.len(), 1, "no temporary file is left beside the autosave");
        let resumed = load_save(&path).expect("resumes");
        assert_eq!(resumed.state_hash(), battle.state_hash());
        assert_eq!(resumed.commands(), battle.commands());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn saves_are_listed_newest_first_and_broken_ones_say_why() {
        let dir = temp_dir("saves");
        let battle = tutorial();
        let first = save_new(&dir, &battle).expect("saved");
        let second = save_new(&dir, &battle).expect("saved again under a new name");
        assert_ne!(first, second);
        write_atomic(&saves_dir(&dir).join("broken.ron"), b"Save(").unwrap();
        let saves = list_saves(&dir);
        assert_eq!(saves.len(), 3);
        assert!(saves.iter().any(|s| s.detail.starts_with("unreadable")));
        assert!(saves.iter().any(|s| s.detail.ends_with("0 commands")));
        assert!(load_save(&saves_dir(&dir).join("broken.ron")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
