//! The running battle and the way into it: input writes an [`Intent`], `apply_intents` turns it
//! into a rule command and submits it with `Battle::submit` (the CLI's path), or undoes, saves
//! or opens the menu. [`open_session`] puts a battle on screen (title, resume, load) and
//! [`undo_verdict`] says whether Undo would be accepted. Owns nothing visual.

use crate::grid::Square;
use crate::gui::board::path::path_preview;
use crate::gui::hud::panel::Panel;
use crate::gui::hud::reactions::{Pending, ReactionPrompt, offer};
use crate::gui::screens::handoff::{HandOff, Moment, to_act_line};
use crate::gui::screens::saves::{DataDir, save_new};
use crate::gui::{AppSystems, Screen};
use crate::history::Battle;
use crate::rules::cmd;
use crate::rules::{Combat, GameCommand, RuleError};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Intent>();
    app.init_resource::<Revision>();
    app.init_resource::<StatusLine>();
    // `apply_intents` may hold a command for a reaction prompt.
    app.init_resource::<ReactionPrompt>();
    app.init_resource::<Panel>();
    app.add_systems(OnEnter(Screen::Battle), refresh_views);
    app.add_systems(
        Update,
        apply_intents.in_set(AppSystems::Apply).run_if(in_state(Screen::Battle)),
    );
}

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
pub fn install_session(world: &mut World, battle: Battle) -> Screen {
    let moment = match battle.commands().is_empty() {
        true => Moment::BattleStart,
        false => Moment::Loaded,
    };
    let to_act = to_act_line(&battle);
    // The autosave is about to hold this battle: one left unfinished there is kept first.
    let kept = world
        .get_resource::<crate::gui::screens::saves::DataDir>()
        .and_then(|d| d.0.clone())
        .map(|dir| crate::gui::screens::saves::keep_unfinished_autosave(&dir, &battle));
    let hand_off = world
        .get_resource_or_insert_with(HandOff::default)
        .battle_opened(&battle, moment);
    // A new battle's board is added afresh, so the camera fits its map (a hand-off, which
    // respawns the same board, keeps the player's view).
    world.remove_resource::<crate::gui::board::map::BoardSize>();
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

/// The board, tokens and HUD were spawned afresh (after a hand-off or a load): bumping the
/// revision makes every view rebuild from the battle.
fn refresh_views(mut revision: ResMut<Revision>) {
    revision.0 += 1;
}

/// The battle on screen: an ordinary resource (a `Battle` is plain data).
#[derive(Resource)]
pub struct Session {
    pub battle: Battle,
}

impl Session {
    pub fn new(battle: Battle) -> Self {
        Self { battle }
    }
}

/// Bumped when the battle changed (a command, an undo) or the battle screen was entered;
/// views rebuild when it changes.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Revision(pub u64);

/// A one-line message for the player: why a command was refused, or what the hover shows.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct StatusLine(pub String);

/// What the player asked for, before the rules are consulted.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum Intent {
    /// Move the active unit's space (its top-left square) to this square.
    MoveTo(Square),
    /// End the active unit's turn.
    EndTurn,
    /// Take back the last command if it rolled no dice (Ctrl+Z).
    Undo,
    /// Save the battle under a new name in the data directory (Ctrl+S).
    Save,
    /// Leave for the title menu (Ctrl+O); the autosave keeps the battle.
    Menu,
    /// An action-bar or attack-mode request (`gui::actions` says what it stands for).
    Act(crate::gui::hud::actions::intents::ActIntent),
    /// This exact command, already decided (a reaction prompt's outcome, a setting): sent
    /// without asking again.
    Command(GameCommand),
}

/// The rule command an intent stands for, or why there is none. The move follows the path
/// the overlay showed (the cheapest one within the smallest band that reaches).
pub fn command_for(intent: &Intent, world: &World) -> Result<GameCommand, String> {
    match intent {
        Intent::Command(command) => return Ok(command.clone()),
        // Act now, proceed and fire readied have no active unit to wait for.
        Intent::Act(act) => {
            return crate::gui::hud::actions::intents::command_for(
                act,
                world.resource::<Combat>().active.clone(),
                world,
            );
        }
        _ => {}
    }
    let unit = world
        .resource::<Combat>()
        .active
        .clone()
        .ok_or_else(|| RuleError::NoActiveTurn.to_string())?;
    match intent {
        Intent::Undo | Intent::Save | Intent::Menu => Err("not a rule command".into()),
        Intent::EndTurn => Ok(GameCommand::EndTurn(cmd::EndTurn { unit })),
        Intent::Act(_) | Intent::Command(_) => unreachable!("handled above"),
        Intent::MoveTo(to) => {
            let preview = path_preview(world, &unit, *to).map_err(|e| e.to_string())?;
            Ok(GameCommand::Move(cmd::Move {
                unit,
                to: *to,
                path: Some(preview.squares),
                mode: preview.mode,
            }))
        }
    }
}

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
    computer: Option<Res<crate::gui::computer::ComputerTurn>>,
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
                if computer.is_some() && crate::gui::computer::computer_is_playing(&session.battle) =>
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
pub(crate) mod tests {
    use super::*;
    use crate::rules::{Placement, UnitIndex};
    use crate::scenario::{DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, Templates, load_str};
    use bevy::state::app::StatesPlugin;

    /// Starting another battle over one left unfinished in the autosave keeps that one in the
    /// saves folder, and the status line says where.
    #[test]
    fn starting_another_battle_keeps_the_unfinished_one_and_says_so() {
        use crate::gui::screens::saves::{DataDir, autosave_path, saves_dir, write_save};
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

    /// The tutorial played hot-seat (both sides by people), as the tests of the board's
    /// commands, hand-offs and prompts drive it.
    pub(crate) fn tutorial() -> Battle {
        let text = crate::testing::hot_seat(DEFAULT_SCENARIO);
        let spec = load_str(&text, DEFAULT_SCENARIO_NAME, &Templates::shipped()).expect("valid");
        let seed = spec.seed.unwrap_or(0);
        Battle::start(spec, &text, DEFAULT_SCENARIO_NAME, seed, Vec::new()).expect("starts")
    }

    /// The tutorial as shipped: the computer plays the scavengers.
    pub(crate) fn tutorial_vs_computer() -> Battle {
        let spec = load_str(DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, &Templates::shipped()).expect("valid");
        let seed = spec.seed.unwrap_or(0);
        Battle::start(spec, DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, seed, Vec::new()).expect("starts")
    }

    fn headless(battle: Battle) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.insert_resource(Session::new(battle));
        app.insert_state(Screen::Battle);
        crate::gui::order_sets(&mut app);
        app.insert_resource(DataDir(None));
        app.add_plugins(plugin);
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
    fn end_turn_intent_is_an_end_turn_command_for_the_active_unit() {
        let battle = tutorial();
        let unit = battle.world().resource::<Combat>().active.clone().expect("a turn");
        assert_eq!(
            command_for(&Intent::EndTurn, battle.world()),
            Ok(GameCommand::EndTurn(cmd::EndTurn { unit }))
        );
    }

    #[test]
    fn move_intent_carries_the_previewed_path_and_band() {
        let battle = tutorial();
        let world = battle.world();
        let unit = world.resource::<Combat>().active.clone().expect("a turn");
        let from = crate::rules::reactions::threat::space_of(world, &unit)
            .expect("placed")
            .at;
        let to = Square::new(from.x + 1, from.y);
        let preview = path_preview(world, &unit, to).expect("one step is legal");
        assert_eq!(
            command_for(&Intent::MoveTo(to), world),
            Ok(GameCommand::Move(cmd::Move {
                unit,
                to,
                path: Some(preview.squares),
                mode: crate::rules::MoveMode::Move
            }))
        );
    }

    #[test]
    fn move_into_a_wall_is_refused_with_the_rules_reason() {
        let battle = tutorial();
        let why = command_for(&Intent::MoveTo(Square::new(0, 0)), battle.world()).expect_err("a wall");
        assert!(!why.is_empty());
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
