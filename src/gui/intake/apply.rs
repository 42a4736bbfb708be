//! The intake's system: each intent of the frame becomes its rule command (`command`), asked
//! of the reacting players first when it draws an attack of opportunity from a reactor set to
//! ask (`reactions`), and is submitted with `Battle::submit` (the CLI's path); Undo, save and
//! the menu are handled here too. The board takes no orders while the computer plays.

use crate::gui::intake::command::command_for;
use crate::gui::intake::reactions::offer;
use crate::gui::saves::{DataDir, save_new};
use crate::gui::state::intent::Intent;
use crate::gui::state::panel::Panel;
use crate::gui::state::prompt::{Pending, ReactionPrompt};
use crate::gui::state::screen::Screen;
use crate::gui::state::session::{ComputerOpponent, Revision, Session, StatusLine, computer_is_playing};
use bevy::prelude::*;

/// Submits each intent's command; an accepted one bumps the revision, a refused one shows why.
/// Undo, save and the menu are handled here too, with what happened in the status line. A
/// command that draws an attack of opportunity from a reactor set to ask waits for the
/// reacting side's answer (`reactions`).
// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
pub fn apply_intents(
    mut intents: MessageReader<Intent>,
    mut session: ResMut<Session>,
    mut revision: ResMut<Revision>,
    mut status: ResMut<StatusLine>,
    dir: Option<Res<DataDir>>,
    mut screen: ResMut<NextState<Screen>>,
    mut prompt: ResMut<ReactionPrompt>,
    mut panel: ResMut<Panel>,
    computer: Option<Res<ComputerOpponent>>,
) {
    for intent in intents.read() {
        match intent {
            Intent::Undo => {
                match session.battle.undo() {
                    Ok(()) => {
                        revision.0 += 1;
                        status.0 = "Undone: the last command was taken back.".into();
                    }
                    Err(why) => status.0 = format!("Cannot undo: {why}"),
                }
                continue;
            }
            Intent::Save => {
                status.0 = match dir.as_ref().and_then(|d| d.0.as_deref()) {
                    Some(dir) => match save_new(dir, &session.battle) {
                        Ok(path) => format!("Saved to {}", path.display()),
                        Err(e) => format!("Could not save: {e}"),
                    },
                    None => "Could not save: no data directory (set FIVEFOOT_DATA_DIR or HOME)".into(),
                };
                continue;
            }
            Intent::Menu => {
                screen.set(Screen::Title);
                continue;
            }
            // The board's orders are the computer's while it plays (`gui::computer`).
            Intent::MoveTo(_) | Intent::EndTurn | Intent::Act(_)
                if computer.is_some() && computer_is_playing(&session.battle) =>
            {
                status.0 = "The computer is playing this turn: wait, or press Space to skip ahead.".into();
                continue;
            }
            Intent::MoveTo(_) | Intent::EndTurn | Intent::Act(_) | Intent::Command(_) => {}
        }
        let command = match command_for(intent, session.battle.world()) {
            Ok(command) if !matches!(intent, Intent::Command(_)) => {
                let pending = Pending {
                    command,
                    taken: Vec::new(),
                    declined: Vec::new(),
                };
                match offer(&session.battle, pending, &mut prompt, &mut panel) {
                    Some(command) => Ok(command),
                    // Asked: the answer sends it.
                    None => continue,
                }
            }
            other => other,
        };
        let result = command.and_then(|command| session.battle.submit(command).map_err(|e| e.to_string()));
        match result {
            Ok(_) => {
                revision.0 += 1;
                status.0.clear();
            }
            Err(why) => status.0 = format!("Not possible: {why}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Square;
    use crate::gui::testkit::{battle_app, tutorial};
    use crate::rules::{Combat, Placement, UnitIndex};

    fn headless(battle: crate::history::Battle) -> App {
        let mut app = battle_app(battle);
        app.update();
        app
    }

    fn revision(app: &App) -> u64 {
        app.world().resource::<Revision>().0
    }

    fn active(app: &App) -> crate::rules::UnitId {
        let session = app.world().resource::<Session>();
        session
            .battle
            .world()
            .resource::<Combat>()
            .active
            .clone()
            .expect("a turn")
    }

    fn at(app: &App, unit: &crate::rules::UnitId) -> Square {
        let world = app.world().resource::<Session>().battle.world();
        let e = world.resource::<UnitIndex>().0[unit];
        world.get::<Placement>(e).expect("placed").at
    }

    #[test]
    fn intents_are_applied_through_the_battle() {
        let mut app = headless(tutorial());
        let start = revision(&app);
        let unit = active(&app);
        let from = at(&app, &unit);
        let to = Square::new(from.x + 1, from.y);
        app.world_mut().write_message(Intent::MoveTo(to));
        app.update();
        assert_eq!(at(&app, &unit), to);
        assert_eq!(revision(&app), start + 1);
        assert_eq!(app.world().resource::<StatusLine>().0, "");

        app.world_mut().write_message(Intent::MoveTo(Square::new(0, 0)));
        app.update();
        assert_eq!(revision(&app), start + 1, "a refused move changes nothing");
        assert!(app.world().resource::<StatusLine>().0.starts_with("Not possible"));

        app.world_mut().write_message(Intent::EndTurn);
        app.update();
        assert_eq!(revision(&app), start + 2);
        assert_ne!(active(&app), unit, "the next unit's turn");
    }

    #[test]
    fn undo_takes_back_a_move_and_says_why_when_it_cannot() {
        let mut app = headless(tutorial());
        let start = revision(&app);
        let unit = active(&app);
        let from = at(&app, &unit);
        app.world_mut().write_message(Intent::Undo);
        app.update();
        assert_eq!(app.world().resource::<StatusLine>().0, "Cannot undo: nothing to undo");
        assert_eq!(revision(&app), start);

        app.world_mut()
            .write_message(Intent::MoveTo(Square::new(from.x + 1, from.y)));
        app.update();
        app.world_mut().write_message(Intent::Undo);
        app.update();
        assert_eq!(at(&app, &unit), from, "the move is taken back");
        assert_eq!(active(&app), unit);
        assert_eq!(revision(&app), start + 2);
        assert!(app.world().resource::<StatusLine>().0.starts_with("Undone"));
        assert!(app.world().resource::<Session>().battle.commands().is_empty());
    }

    #[test]
    fn saving_without_a_data_directory_says_so() {
        let mut app = headless(tutorial());
        app.world_mut().write_message(Intent::Save);
        app.update();
        assert!(app.world().resource::<StatusLine>().0.starts_with("Could not save"));
    }
}
