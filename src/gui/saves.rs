//! Saves: the autosave written after every accepted command, and the save files the menu,
//! the title and Ctrl+S use. Files live in the user's data directory (`FIVEFOOT_DATA_DIR`,
//! else `$XDG_DATA_HOME/fivefoot`, else `$HOME/.local/share/fivefoot`) and are written
//! atomically (`history::write_atomic`), so a crash or a killed process never leaves a broken
//! save. Loading goes through the CLI's `history::open_file`, which replays the commands and
//! checks the saved state hash. Below the intake (which saves on Ctrl+S) and the screens.

use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session, StatusLine, acting_side};
use crate::history::{Battle, SaveFile, write_atomic};
use crate::rules::Combat;
use bevy::prelude::*;
use std::path::{Path, PathBuf};

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<DataDir>();
    // In `Derive`: after the intake applied the frame's commands (its revision moved).
    app.add_systems(
        Update,
        autosave
            .in_set(AppSystems::Derive)
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

/// A save's file name (without `.ron`) people recognise: the scenario's file stem, the round
/// and the side to act, e.g. `tutorial_relay-round-2-crew`.
pub fn save_stem(battle: &Battle) -> String {
    let scenario = Path::new(battle.scenario_file())
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("battle");
    let round = battle.world().resource::<Combat>().round;
    let side = acting_side(battle).map_or_else(|| "between-turns".to_string(), |s| s.0);
    let name = format!("{scenario}-round-{round}-{side}");
    // Only characters every file system takes.
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// `stem.ron` in `folder`, or `stem-2.ron`, `stem-3.ron`, … when taken.
pub fn unique_path(folder: &Path, stem: &str) -> PathBuf {
    let mut path = folder.join(format!("{stem}.ron"));
    let mut n = 1;
    while path.exists() {
        n += 1;
        path = folder.join(format!("{stem}-{n}.ron"));
    }
    path
}

/// Saves the battle under a new name in the saves folder ([`save_stem`], made unique);
/// returns the file.
pub fn save_new(dir: &Path, battle: &Battle) -> std::io::Result<PathBuf> {
    let path = unique_path(&saves_dir(dir), &save_stem(battle));
    write_save(&path, battle)?;
    Ok(path)
}

/// Before `next` takes the autosave's place: the battle the autosave holds is kept in the
/// saves folder, as `<save stem>-unfinished.ron`, when it is another battle than `next` (or
/// than an earlier moment of it), had begun (a command given) and is not over; an autosave
/// that cannot be read is kept as it is, as `autosave-unreadable.ron`. So starting or loading
/// another battle never loses one left unfinished (the autosave holds only the latest).
/// Returns the file kept, if any.
pub fn keep_unfinished_autosave(dir: &Path, next: &Battle) -> std::io::Result<Option<PathBuf>> {
    let path = autosave_path(dir);
    if !path.exists() {
        return Ok(None);
    }
    let text = std::fs::read(&path)?;
    // The file says whose battle it is; only another one's is rebuilt (to name it and see
    // whether it is over), so resuming a long battle does not replay it twice.
    let was = std::str::from_utf8(&text).ok().and_then(|t| SaveFile::from_ron(t).ok());
    if let Some(was) = &was {
        let now = next.save();
        let same_battle = was.scenario == now.scenario
            && was.seed == now.seed
            && was.dice == now.dice
            && now.commands.starts_with(&was.commands);
        if same_battle || was.commands.is_empty() {
            return Ok(None);
        }
    }
    let stem = match was.map(|_| load_save(&path)) {
        Some(Ok(held)) if held.outcome().over => return Ok(None),
        Some(Ok(held)) => format!("{}-unfinished", save_stem(&held)),
        _ => "autosave-unreadable".to_string(),
    };
    let kept = unique_path(&saves_dir(dir), &stem);
    write_atomic(&kept, &text)?;
    Ok(Some(kept))
}

/// Rebuilds the battle in a save file (the CLI's path), or says why it cannot.
pub fn load_save(path: &Path) -> Result<Battle, String> {
    crate::history::open_file(path, None, &[]).map_err(|e| e.to_string())
}

/// A save in the saves folder, newest first: what it holds ("Ambush at the Relay · round 2 ·
/// Relay Crew to act") and when it was written, with its file name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveEntry {
    pub path: PathBuf,
    pub label: String,
    pub detail: String,
    /// When the file was written ("2026-11-26 14:05", UTC).
    pub date: String,
    /// Whether it can be loaded (else `detail` says why not, starting "unreadable").
    pub readable: bool,
}

/// What a save holds, read by rebuilding its battle: scenario name, round and the side (and
/// unit) to act.
pub fn save_summary(battle: &Battle) -> String {
    let world = battle.world();
    let round = world.resource::<Combat>().round;
    let sides = &world.resource::<crate::history::Sides>().0;
    let side = acting_side(battle).map(|id| {
        sides
            .iter()
            .find(|s| s.id == id)
            .map_or(id.0.clone(), |s| s.name.clone())
    });
    match side {
        Some(side) => format!("{} · round {round} · {side} to act", battle.spec().name),
        None => format!("{} · round {round}", battle.spec().name),
    }
}

/// A file time as "2026-11-26 14:05" (UTC), without a date library: days since the epoch to a
/// civil date (Howard Hinnant's `civil_from_days`).
pub fn format_time(time: std::time::SystemTime) -> String {
    let secs = time.duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    let (hour, minute) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02}")
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

/// What the file at `path` holds ([`save_summary`]), or why it cannot be loaded (the first
/// line of the reason). Rebuilding a battle replays every command, so the answer is kept per
/// file and reused while the file's modification time and size stay the same (issue #18: the
/// load list with many saves opened slowly); a rewritten file is read again. The cache is
/// process-wide because the menus that list saves are built by plain functions.
pub fn summary_of(path: &Path) -> Result<String, String> {
    use std::collections::HashMap;
    use std::sync::{LazyLock, Mutex};
    /// A file's modification time and size: a file that keeps both is taken as unchanged.
    type Stamp = (Option<std::time::SystemTime>, u64);
    type Summaries = HashMap<PathBuf, (Stamp, Result<String, String>)>;
    static CACHE: LazyLock<Mutex<Summaries>> = LazyLock::new(|| Mutex::new(HashMap::new()));
    let meta = std::fs::metadata(path).ok();
    let stamp: Stamp = (
        meta.as_ref().and_then(|m| m.modified().ok()),
        meta.as_ref().map_or(0, |m| m.len()),
    );
    if let Ok(cache) = CACHE.lock()
        && let Some((at, summary)) = cache.get(path)
        && *at == stamp
        && stamp.0.is_some()
    {
        return summary.clone();
    }
    let summary = load_save(path)
        .map(|battle| save_summary(&battle))
        .map_err(|why| why.lines().next().unwrap_or_default().to_string());
    if let Ok(mut cache) = CACHE.lock() {
        cache.insert(path.to_path_buf(), (stamp, summary.clone()));
    }
    summary
}

/// The saves in the data directory's saves folder, newest first, each saying what it holds
/// ([`summary_of`], rebuilt once per version of the file) and dated by its file's time (UTC).
pub fn list_saves(dir: &Path) -> Vec<SaveEntry> {
    ron_files_newest_first(&saves_dir(dir))
        .into_iter()
        .map(|path| {
            let file = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            let date = std::fs::metadata(&path)
                .and_then(|m| m.modified())
                .map_or_else(|_| "date unknown".to_string(), format_time);
            match summary_of(&path) {
                Ok(label) => SaveEntry {
                    label,
                    detail: format!("saved {date} · {file}"),
                    path,
                    date,
                    readable: true,
                },
                Err(why) => SaveEntry {
                    label: file,
                    detail: format!("unreadable: {why}"),
                    path,
                    date,
                    readable: false,
                },
            }
        })
        .collect()
}

/// Writes the autosave after the battle changed.
fn autosave(session: Res<Session>, dir: Res<DataDir>, mut status: ResMut<StatusLine>) {
    let Some(dir) = &dir.0 else { return };
    if let Err(e) = write_save(&autosave_path(dir), &session.battle) {
        status.0 = format!("Autosave failed: {e}");
    }
}

/// A play test from the editor is running: the player's data directory, to go back to (the
/// battle's autosave and saves go to its `playtest` folder meanwhile).
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct PlayTest {
    pub data: Option<PathBuf>,
}

/// A play test begins: saves go to the `playtest` folder of the data directory, so a test
/// never replaces the player's own battle autosave.
pub fn begin_play_test(world: &mut World) {
    let data = world.get_resource::<DataDir>().and_then(|d| d.0.clone());
    world.insert_resource(PlayTest { data: data.clone() });
    world.insert_resource(DataDir(data.map(|d| d.join("playtest"))));
}

/// Ends the play test, if one runs: the data directory is the player's again. Says whether one
/// ran.
pub fn end_play_test(world: &mut World) -> bool {
    let Some(test) = world.remove_resource::<PlayTest>() else {
        return false;
    };
    world.insert_resource(DataDir(test.data));
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::testkit::{temp_dir, tutorial};
    use crate::rules::cmd;
    use crate::rules::{Combat, GameCommand};

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

    /// Nothing a player made is lost: a battle left unfinished in the autosave is kept in the
    /// saves folder before another battle (a new start, another save, an earlier moment of
    /// it) takes the autosave; the same battle resumed, or one not yet begun, is not.
    #[test]
    fn an_unfinished_battle_in_the_autosave_is_kept_before_another_takes_its_place() {
        let dir = temp_dir("keep-unfinished");
        let fresh = tutorial();
        let mut played = tutorial();
        let unit = played.world().resource::<Combat>().active.clone().expect("a turn");
        played
            .submit(GameCommand::EndTurn(cmd::EndTurn { unit }))
            .expect("ends");
        assert_eq!(keep_unfinished_autosave(&dir, &fresh).expect("no autosave"), None);
        // Not begun: nothing to keep.
        write_save(&autosave_path(&dir), &fresh).unwrap();
        assert_eq!(keep_unfinished_autosave(&dir, &played).unwrap(), None);
        // The same battle resumed, or later on: the autosave goes on holding it.
        write_save(&autosave_path(&dir), &played).unwrap();
        assert_eq!(keep_unfinished_autosave(&dir, &played).unwrap(), None);
        // Started over: the played battle is kept, under a name of its own each time.
        let kept = keep_unfinished_autosave(&dir, &fresh).unwrap().expect("kept");
        assert_eq!(kept.parent(), Some(saves_dir(&dir).as_path()));
        assert!(
            kept.file_name().unwrap().to_string_lossy().ends_with("-unfinished.ron"),
            "{kept:?}"
        );
        assert_eq!(load_save(&kept).expect("loads").commands(), played.commands());
        let again = keep_unfinished_autosave(&dir, &fresh).unwrap().expect("kept again");
        assert_ne!(again, kept);
        // An autosave that cannot be read is kept as it is.
        write_atomic(&autosave_path(&dir), b"Save(").unwrap();
        let broken = keep_unfinished_autosave(&dir, &fresh).unwrap().expect("kept");
        assert_eq!(broken.file_name().unwrap(), "autosave-unreadable.ron");
        assert_eq!(std::fs::read(&broken).unwrap(), b"Save(");
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
        assert!(saves.iter().any(|s| s.detail.starts_with("unreadable") && !s.readable));
        let side = acting_side(&battle).expect("a side");
        let name = battle
            .spec()
            .sides
            .iter()
            .find(|s| s.id == side)
            .expect("named")
            .name
            .clone();
        let good: Vec<&SaveEntry> = saves.iter().filter(|s| s.readable).collect();
        assert_eq!(good.len(), 2);
        for entry in good {
            assert_eq!(entry.label, format!("Ambush at the Relay · round 1 · {name} to act"));
            assert!(entry.detail.starts_with("saved 20"), "{}", entry.detail);
        }
        assert!(load_save(&saves_dir(&dir).join("broken.ron")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Issue #18: a save's summary is rebuilt once per version of the file: the same file
    /// gives the kept answer (even once its contents could no longer load), a rewritten one is
    /// read again.
    #[test]
    fn a_saves_summary_is_kept_until_the_file_changes() {
        let dir = temp_dir("summaries");
        let battle = tutorial();
        let path = save_new(&dir, &battle).expect("saved");
        let first = summary_of(&path).expect("readable");
        assert_eq!(first, save_summary(&battle));
        // Same time and size, other bytes: the kept answer shows the cache is used.
        let text = std::fs::read(&path).unwrap();
        let time = std::fs::metadata(&path).unwrap().modified().unwrap();
        let mut garbled = text.clone();
        garbled[0] = b'X';
        std::fs::write(&path, &garbled).unwrap();
        std::fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(time)
            .unwrap();
        assert_eq!(summary_of(&path), Ok(first.clone()), "not replayed again");
        // A rewritten file (another size) is read again.
        std::fs::write(&path, b"Save(").unwrap();
        assert!(summary_of(&path).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Issue #18 item 7: a save is named by scenario, round and side, never a timestamp, and a
    /// second save of the same moment gets its own name.
    #[test]
    fn saves_are_named_by_scenario_round_and_side_and_never_collide() {
        let dir = temp_dir("save-names");
        let mut battle = tutorial();
        let side = acting_side(&battle).expect("a side").0;
        let first = save_new(&dir, &battle).expect("saved");
        assert_eq!(
            first.file_name().and_then(|n| n.to_str()),
            Some(format!("tutorial_relay-round-1-{side}.ron").as_str())
        );
        let second = save_new(&dir, &battle).expect("saved");
        assert_eq!(
            second.file_name().and_then(|n| n.to_str()),
            Some(format!("tutorial_relay-round-1-{side}-2.ron").as_str())
        );
        // Play on to the next round: the name follows.
        let round = |b: &Battle| b.world().resource::<Combat>().round;
        while round(&battle) == 1 {
            let unit = battle.world().resource::<Combat>().active.clone().expect("a turn");
            crate::testing::ok(&mut battle, GameCommand::EndTurn(cmd::EndTurn { unit }));
        }
        assert!(save_stem(&battle).starts_with("tutorial_relay-round-2-"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn file_times_read_as_utc_dates() {
        let at = |secs: u64| format_time(std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs));
        assert_eq!(at(0), "1970-01-01 00:00");
        // 2026-11-26 06:40 UTC and a leap day.
        assert_eq!(at(1_795_675_200), "2026-11-26 06:40");
        assert_eq!(at(951_782_400), "2000-02-29 00:00");
    }
}
