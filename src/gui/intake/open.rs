//! The way a battle goes on screen: [`open_session`] puts a battle on screen (title, resume,
//! load, a play test) with the hand-off's memory started and any unfinished battle in the
//! autosave kept first; [`undo_verdict`] says whether Undo would be accepted. Owns nothing
//! visual.

use crate::gui::intake::handoff::{HandOff, Moment, to_act_line};
use crate::gui::look::tiles::BoardSize;
use crate::gui::saves::{DataDir, end_play_test, keep_unfinished_autosave};
use crate::gui::state::screen::Screen;
use crate::gui::state::session::{Revision, Session, StatusLine};
use crate::history::Battle;
use bevy::prelude::*;

/// Puts `battle` on screen in place of any other: the board is rebuilt for its map (also when
/// the battle screen is already showing: a loaded save), and the hand-off screen shows first
/// when `HandOff` says so (hidden information at the start; a loaded save's side to act).
pub fn open_session(world: &mut World, battle: Battle) {
    let first = install_session(world, battle);
    // `set`, not `set_if_neq`: from the battle screen to itself rebuilds the board.
    world.resource_mut::<NextState<Screen>>().set(first);
}

/// Puts `battle` in the world (the session, the hand-off's memory, a clear status line) without
/// changing the screen; returns the screen to show first: the hand-off or the battle. A battle
/// with commands is a loaded save (the status line names who is to act), one without is a
/// start.
pub fn install_session(world: &mut World, mut battle: Battle) -> Screen {
    // The hand-off reads what each side sees from the rules' derived state.
    battle.derive();
    let moment = match battle.commands().is_empty() {
        true => Moment::BattleStart,
        false => Moment::Loaded,
    };
    let to_act = to_act_line(&battle);
    // The autosave is about to hold this battle: one left unfinished there is kept first.
    let kept = world
        .get_resource::<DataDir>()
        .and_then(|d| d.0.clone())
        .map(|dir| keep_unfinished_autosave(&dir, &battle));
    let hand_off = world
        .get_resource_or_insert_with(HandOff::default)
        .battle_opened(&battle, moment);
    // A new battle's board is added afresh, so the camera fits its map (a hand-off, which
    // respawns the same board, keeps the player's view).
    world.remove_resource::<BoardSize>();
    world.insert_resource(Session::new(battle));
    let status = &mut world.get_resource_or_insert_with(StatusLine::default).0;
    status.clear();
    if moment == Moment::Loaded {
        *status = format!("Save loaded: {to_act}.");
    }
    match kept {
        Some(Ok(Some(file))) => {
            let name = file
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            let said = match status.is_empty() {
                true => String::new(),
                false => format!("{status} "),
            };
            *status = format!("{said}The unfinished battle is kept in your saves as {name}.");
        }
        Some(Err(e)) => *status = format!("Could not keep the unfinished battle from the autosave: {e}"),
        _ => {}
    }
    match hand_off {
        true => Screen::Handoff,
        false => Screen::Battle,
    }
}

/// Whether Undo would be accepted now, or why not ("Cannot undo: …", as the refusal reads):
/// the menu greys its Undo with it.
pub fn undo_verdict(battle: &Battle) -> Result<(), String> {
    battle.undo_refusal().map_err(|why| format!("Cannot undo: {why}"))
}

/// Back to the editor from a play test ("Back to editor" in the menu or the end screen): the
/// data directory is the player's again and the editor, still holding the document, shows.
pub fn back_to_editor(world: &mut World) {
    if end_play_test(world) {
        world.resource_mut::<NextState<Screen>>().set(Screen::Editor);
    }
}

/// The board, tokens and HUD were spawned afresh (after a hand-off or a load): bumping the
/// revision makes every view rebuild from the battle.
pub(super) fn refresh_views(mut revision: ResMut<Revision>) {
    revision.0 += 1;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::testkit::tutorial;
    use crate::rules::{GameCommand, cmd};

    /// Starting another battle over one left unfinished in the autosave keeps that one in the
    /// saves folder, and the status line says where.
    #[test]
    fn starting_another_battle_keeps_the_unfinished_one_and_says_so() {
        use crate::gui::saves::autosave_path;
        use crate::gui::saves::{DataDir, saves_dir, write_save};
        let dir = std::env::temp_dir().join(format!("fivefoot-install-keep-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut played = tutorial();
        let unit = played
            .world()
            .resource::<crate::rules::Combat>()
            .active
            .clone()
            .expect("a turn");
        played
            .submit(GameCommand::EndTurn(cmd::EndTurn { unit }))
            .expect("ends");
        write_save(&autosave_path(&dir), &played).unwrap();
        let mut world = World::new();
        world.insert_resource(DataDir(Some(dir.clone())));
        install_session(&mut world, tutorial());
        let status = world.resource::<StatusLine>().0.clone();
        assert!(
            status.contains("unfinished battle is kept in your saves as"),
            "{status}"
        );
        let kept: Vec<_> = std::fs::read_dir(saves_dir(&dir))
            .unwrap()
            .filter_map(|e| e.ok())
            .collect();
        assert_eq!(kept.len(), 1);
        assert!(status.contains(&*kept[0].file_name().to_string_lossy()), "{status}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
