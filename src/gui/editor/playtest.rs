//! Play test: the document on screen becomes a battle the way the title screen starts one
//! (`load_str` on `doc.to_ron()`, then `Battle::start`), and "Back to editor" (the in-game
//! menu, the results screen: `intake::open::back_to_editor`) returns to the editor with the
//! document as it was (it stays in the world meanwhile), which says so. While testing, the
//! battle's autosave and saves go to a `playtest` folder of the data directory
//! (`saves::PlayTest`), so a test never replaces the player's own battle autosave.

use super::session::{EditorSession, EditorStatus};
use crate::gui::editor::state::UiAction;
use crate::gui::intake::open::open_session;
use crate::gui::saves::begin_play_test;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::history::Battle;
use crate::scenario::load_str;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        start_play_test_on_button
            .in_set(AppSystems::Apply)
            .run_if(in_state(Screen::Editor)),
    );
    // Back from the battle or its end screen (never from the title, which ends a play test).
    for from in [Screen::Battle, Screen::Results] {
        app.add_systems(
            OnTransition {
                exited: from,
                entered: Screen::Editor,
            },
            say_back_from_the_play_test,
        );
    }
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
            begin_play_test(world);
            open_session(world, battle);
        }
        Err(why) => {
            let first = why.lines().next().unwrap_or_default().to_string();
            world.resource_mut::<EditorStatus>().0 =
                format!("Cannot play test: {problems} problem(s); the first: {first}");
        }
    }
}

fn say_back_from_the_play_test(status: Option<ResMut<EditorStatus>>) {
    if let Some(mut status) = status {
        status.0 = "Back from the play test.".into();
    }
}
