//! Saving and keeping the user's work: Save (Ctrl+S) writes the file the scenario came from,
//! Save as takes a file name (a bare name goes to the `scenarios/` folder of the data
//! directory, else of the current directory); saving a scenario with problems asks first. After
//! every edit the document is autosaved atomically to the data directory's `editor-autosave/`
//! folder, one file per editing session (`ID.ron`, with the file it belongs to in `ID.path`), so
//! nothing is lost if the window closes and one session never overwrites another's; the title
//! screen offers to restore each. A save or an explicit discard removes the session's autosave.
//! Leaving with unsaved edits asks before discarding them.

use super::session::{DocRevision, EditorSession, EditorStatus, install_editor};
use crate::editor::EditorDoc;
use crate::gui::editor::autosave::{autosave_path, origin_path};
use crate::gui::editor::dialog;
use crate::gui::editor::state::FieldId;
use crate::gui::editor::state::FileIntent;
use crate::gui::editor::state::UiAction;
use crate::gui::editor::state::{Answer, Dialog};
use crate::gui::editor::state::{Focus, Typing};
use crate::gui::saves::DataDir;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::history::write_atomic;
use bevy::prelude::*;
use std::path::{Path, PathBuf};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<FileIntent>();
    app.add_systems(
        Update,
        (read_save_keys, handle_file_buttons)
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Editor)),
    );
    app.add_systems(
        Update,
        (
            run_file_intents,
            autosave
                .after(super::session::apply_edits)
                .run_if(resource_changed::<DocRevision>),
        )
            .chain()
            .in_set(AppSystems::Apply)
            .after(super::session::apply_edits)
            .run_if(in_state(Screen::Editor)),
    );
}

/// Where a bare file name given to Save as goes: `scenarios/` in the data directory, else in
/// the current directory.
pub fn scenarios_folder(data: Option<&Path>) -> PathBuf {
    match data {
        Some(d) => d.join("scenarios"),
        None => PathBuf::from("scenarios"),
    }
}

/// The file a Save-as name means: a bare name in `folder`, a path with a folder as given;
/// `.ron` is added when there is no extension.
pub fn save_path(input: &str, folder: &Path) -> Result<PathBuf, String> {
    let input = input.trim();
    if input.is_empty() {
        return Err("give a file name".into());
    }
    let given = Path::new(input);
    let mut path = if given.is_absolute() || given.components().count() > 1 {
        given.to_path_buf()
    } else {
        folder.join(given)
    };
    if path.extension().is_none() {
        path.set_extension("ron");
    }
    Ok(path)
}

/// Writes the autosave of `session`'s document (atomically).
pub fn write_autosave(data: &Path, session: &EditorSession) -> std::io::Result<()> {
    let doc = session.doc();
    let path = autosave_path(data, &session.autosave_id);
    let origin = doc.path.as_ref().map_or_else(String::new, |p| p.display().to_string());
    write_atomic(&origin_path(&path), origin.as_bytes())?;
    write_atomic(&path, doc.to_ron().as_bytes())
}

/// Removes a session's autosave (after a save, or when the edits are discarded).
pub fn remove_autosave(data: &Path, id: &str) {
    let path = autosave_path(data, id);
    let _ = std::fs::remove_file(origin_path(&path));
    let _ = std::fs::remove_file(path);
}

/// The autosaved document in `file`, marked as holding unsaved edits and keeping its session
/// id (further edits go to the same file), or why it cannot be read.
pub fn restore(file: &Path) -> Result<EditorSession, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut doc = EditorDoc::from_text(&text, &file.display().to_string())
        .map_err(|d| d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n"))?;
    let origin = std::fs::read_to_string(origin_path(file)).unwrap_or_default();
    doc.path = (!origin.trim().is_empty()).then(|| PathBuf::from(origin.trim()));
    let mut session = EditorSession::new(doc);
    session.restored = true;
    if let Some(id) = file.file_stem().and_then(|s| s.to_str()) {
        session.autosave_id = id.to_string();
    }
    Ok(session)
}

fn read_save_keys(keys: Res<ButtonInput<KeyCode>>, focus: Res<Focus>, mut intents: MessageWriter<FileIntent>) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl && !focus.is_typing() && keys.just_pressed(KeyCode::KeyS) {
        intents.write(FileIntent::Save);
    }
}

/// The name Save as starts from: the document's file name, else one from its name.
pub fn suggested_name(doc: &EditorDoc) -> String {
    match &doc.path {
        Some(p) => p.display().to_string(),
        None => {
            let stem: String = doc
                .file
                .name
                .to_lowercase()
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect();
            format!("{}.ron", stem.trim_matches('_'))
        }
    }
}

fn handle_file_buttons(
    mut actions: MessageReader<UiAction>,
    session: Res<EditorSession>,
    mut focus: ResMut<Focus>,
    mut dialog: ResMut<Dialog>,
    mut intents: MessageWriter<FileIntent>,
) {
    for action in actions.read() {
        match action {
            UiAction::Save => {
                intents.write(FileIntent::Save);
            }
            UiAction::SaveAs => {
                focus.0 = Some(Typing {
                    field: FieldId::SaveAs,
                    text: suggested_name(session.doc()),
                });
            }
            UiAction::Leave => {
                intents.write(FileIntent::Leave);
            }
            UiAction::Dialog(Answer::SaveAnyway(path)) => {
                dialog.0 = None;
                intents.write(FileIntent::SaveAnyway(path.clone()));
            }
            UiAction::Dialog(Answer::DiscardAndLeave) => {
                dialog.0 = None;
                intents.write(FileIntent::DiscardAndLeave);
            }
            UiAction::Dialog(Answer::Cancel) => dialog.0 = None,
            _ => {}
        }
    }
}

/// Saves `session` to `path`, creating its folder; the autosave is no longer needed.
pub fn save(session: &mut EditorSession, path: &Path, data: Option<&Path>) -> std::io::Result<()> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    session.editor.save_as(path)?;
    session.restored = false;
    session.templates = crate::scenario::Templates::for_scenario(path);
    session.choices.0.clear();
    session.revalidate();
    if let Some(data) = data {
        remove_autosave(data, &session.autosave_id);
    }
    Ok(())
}

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn run_file_intents(
    mut intents: MessageReader<FileIntent>,
    mut session: ResMut<EditorSession>,
    data: Res<DataDir>,
    mut dialog: ResMut<Dialog>,
    mut focus: ResMut<Focus>,
    mut status: ResMut<EditorStatus>,
    mut screen: ResMut<NextState<Screen>>,
    mut revision: ResMut<DocRevision>,
) {
    let data = data.0.as_deref();
    for intent in intents.read() {
        let (path, confirmed) = match intent {
            FileIntent::Save => match session.doc().path.clone() {
                Some(path) => (path, false),
                None => {
                    focus.0 = Some(Typing {
                        field: FieldId::SaveAs,
                        text: suggested_name(session.doc()),
                    });
                    status.0 = "Type a file name for the scenario and press Enter.".into();
                    continue;
                }
            },
            FileIntent::SaveTo(path) => (path.clone(), false),
            FileIntent::SaveAnyway(path) => (path.clone(), true),
            FileIntent::Leave | FileIntent::DiscardAndLeave => {
                if *intent == FileIntent::Leave && session.unsaved() {
                    dialog.0 = Some(dialog::leave_unsaved());
                    continue;
                }
                if let Some(data) = data {
                    remove_autosave(data, &session.autosave_id);
                }
                screen.set(Screen::Title);
                continue;
            }
        };
        if !confirmed && !session.problems.is_empty() {
            dialog.0 = Some(dialog::save_invalid(path, session.problems.len()));
            continue;
        }
        status.0 = match save(&mut session, &path, data) {
            Ok(()) => {
                revision.0 += 1;
                format!("Saved to {}", path.display())
            }
            Err(e) => format!("Could not save to {}: {e}", path.display()),
        };
    }
}

/// Writes the autosave after an edit (only while there are unsaved edits).
fn autosave(session: Res<EditorSession>, data: Res<DataDir>, mut status: ResMut<EditorStatus>) {
    let Some(data) = &data.0 else { return };
    if !session.unsaved() {
        return;
    }
    if let Err(e) = write_autosave(data, &session) {
        status.0 = format!("Autosave failed: {e}");
    }
}

/// Opens the autosaved document in the editor.
pub fn open_restored(world: &mut World, session: EditorSession) {
    install_editor(world, session);
    NextState::set_if_neq(&mut world.resource_mut::<NextState<Screen>>(), Screen::Editor);
}
