//! Where the editor keeps unsaved work: each editing session's autosave in the data
//! directory's `editor-autosave/` folder (`ID.ron`, with the file it belongs to in `ID.path`),
//! a new session's id, and the list of autosaves the title screen offers to restore.

use crate::editor::EditorDoc;
use std::path::{Path, PathBuf};

/// The folder of the editor's autosaves in a data directory.
pub fn autosave_dir(data: &Path) -> PathBuf {
    data.join("editor-autosave")
}

/// The autosave of the editing session `id`.
pub fn autosave_path(data: &Path, id: &str) -> PathBuf {
    autosave_dir(data).join(format!("{id}.ron"))
}

/// The file the autosaved document belongs to (empty: a new scenario never saved).
pub fn origin_path(autosave: &Path) -> PathBuf {
    autosave.with_extension("path")
}

/// A new session id: the time, and a number so two sessions of one process differ.
pub fn new_session_id() -> String {
    static COUNT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let millis = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{millis}-{}-{n}", std::process::id())
}

/// The editor autosaves in a data directory, newest first, each with a line saying what it
/// holds.
pub fn autosaves(data: &Path) -> Vec<(PathBuf, String)> {
    crate::gui::saves::ron_files_newest_first(&autosave_dir(data))
        .into_iter()
        .map(|path| {
            let summary = autosave_summary(&path);
            (path, summary)
        })
        .collect()
}

/// One line about an autosave: the scenario's name and its file.
pub fn autosave_summary(file: &Path) -> String {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let origin = std::fs::read_to_string(origin_path(file)).unwrap_or_default();
    let name = EditorDoc::from_text(&text, "autosave").map_or_else(|_| "unreadable".to_string(), |d| d.file.name);
    match origin.trim() {
        "" => format!("{name} · never saved"),
        file => format!("{name} · {file}"),
    }
}
