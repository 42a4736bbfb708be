//! Play test: the document on screen becomes a battle the way the title screen starts one
//! (`load_str` on `doc.to_ron()`, then `Battle::start`), and "Back to editor" (the in-game
//! menu, the results screen) returns to the editor with the document as it was (it stays in
//! the world meanwhile). While testing, the battle's autosave and saves go to a `playtest`
//! folder of the data directory, so a test never replaces the player's own battle autosave.

use super::super::{AppSystems, Screen};
use super::session::{EditorSession, EditorStatus};
use super::ui::UiAction;
use crate::gui::screens::saves::DataDir;
use crate::gui::session::open_session;
use crate::history::Battle;
use crate::scenario::load_str;
use bevy::prelude::*;
use std::path::PathBuf;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        start_play_test_on_button
            .in_set(AppSystems::Apply)
            .run_if(in_state(Screen::Editor)),
    );
}

/// A play test is running: where the battle came from and the data directory to go back to.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct PlayTest {
    pub data: Option<PathBuf>,
}

/// Whether the battle on screen is a play test from the editor.
pub fn testing(world: &World) -> bool {
    world.contains_resource::<PlayTest>() && world.contains_resource::<EditorSession>()
}

/// The battle the document stands for, or the validator's messages.
pub fn battle_of(session: &EditorSession) -> Result<Battle, String> {
    let doc = session.doc();
    let text = doc.to_ron();
    let label = doc
        .path
        .as_ref()
        .map_or_else(|| "new scenario".to_string(), |p| p.display().to_string());
    let spec = load_str(&text, &label, &session.templates)
        .map_err(|d| d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n"))?;
    // A scenario without a seed gets new dice each test, as each `fivefoot play` does.
    let seed = spec.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    Battle::start(spec, &text, &label, seed, Vec::new()).map_err(|e| e.to_string())
}

fn start_play_test_on_button(mut actions: MessageReader<UiAction>, mut commands: Commands) {
    if actions.read().any(|a| *a == UiAction::PlayTest) {
        commands.queue(start);
    }
}

/// Starts the play test, or says in the status line why the scenario cannot be played.
pub fn start(world: &mut World) {
    let Some(session) = world.get_resource::<EditorSession>() else {
        return;
    };
    let problems = session.problems.len();
    match battle_of(session) {
        Ok(battle) => {
            let data = world.get_resource::<DataDir>().and_then(|d| d.0.clone());
            world.insert_resource(PlayTest { data: data.clone() });
            world.insert_resource(DataDir(data.map(|d| d.join("playtest"))));
            open_session(world, battle);
        }
        Err(why) => {
            let first = why.lines().next().unwrap_or_default().to_string();
            world.resource_mut::<EditorStatus>().0 =
                format!("Cannot play test: {problems} problem(s); the first: {first}");
        }
    }
}

/// Ends the play test: the data directory is the player's again.
fn finish(world: &mut World) -> bool {
    let Some(test) = world.remove_resource::<PlayTest>() else {
        return false;
    };
    world.insert_resource(DataDir(test.data));
    true
}

/// Back to the editor from a play test ("Back to editor" in the menu or the results screen).
pub fn back_to_editor(world: &mut World) {
    if finish(world) && world.contains_resource::<EditorSession>() {
        world.resource_mut::<EditorStatus>().0 = "Back from the play test.".into();
        world.resource_mut::<NextState<Screen>>().set(Screen::Editor);
    }
}

/// On the title screen a play test is over (its editor document is kept in the autosave when
/// it had unsaved edits).
pub fn end_on_title(world: &mut World) {
    finish(world);
}
