//! The running battle and the way into it: input writes an [`Intent`], `apply_intents` turns it
//! into a rule command and submits it with `Battle::submit` (the CLI's path). Owns nothing
//! visual.

use super::overlay::path_preview;
use super::{AppSystems, Screen};
use crate::grid::Square;
use crate::history::Battle;
use crate::rules::{Combat, GameCommand, RuleError};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Intent>();
    app.init_resource::<Revision>();
    app.init_resource::<StatusLine>();
    app.add_systems(
        Update,
        apply_intents.in_set(AppSystems::Apply).run_if(in_state(Screen::Battle)),
    );
}

/// The battle on screen. Not `Send` (a `Battle` owns its rules app), so it is a non-send
/// resource and the systems touching it run on the main thread.
pub struct Session {
    pub battle: Battle,
}

impl Session {
    pub fn new(battle: Battle) -> Self {
        Self { battle }
    }
}

/// Counts the commands the battle accepted; views rebuild when it changes.
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
    /// An action-bar or attack-mode request (`gui::actions` says what it stands for).
    Act(super::actions::ActIntent),
}

/// The rule command an intent stands for, or why there is none. The move follows the path
/// the overlay showed (the cheapest one within the smallest band that reaches).
pub fn command_for(intent: &Intent, world: &World) -> Result<GameCommand, String> {
    let unit = world
        .resource::<Combat>()
        .active
        .clone()
        .ok_or_else(|| RuleError::NoActiveTurn.to_string())?;
    match intent {
        Intent::EndTurn => Ok(GameCommand::EndTurn { unit }),
        Intent::Act(act) => super::actions::command_for(act, unit, world),
        Intent::MoveTo(to) => {
            let preview = path_preview(world, &unit, *to).map_err(|e| e.to_string())?;
            Ok(GameCommand::Move {
                unit,
                to: *to,
                path: Some(preview.squares),
                mode: preview.band.mode(),
            })
        }
    }
}

/// Submits each intent's command; an accepted one bumps the revision, a refused one shows why.
pub fn apply_intents(
    mut intents: MessageReader<Intent>,
    mut session: NonSendMut<Session>,
    mut revision: ResMut<Revision>,
    mut status: ResMut<StatusLine>,
) {
    for intent in intents.read() {
        let result = command_for(intent, session.battle.world())
            .and_then(|command| session.battle.submit(command).map_err(|e| e.to_string()));
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

    pub(crate) fn tutorial() -> Battle {
        let spec = load_str(DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, &Templates::shipped()).expect("valid");
        let seed = spec.seed.unwrap_or(0);
        Battle::start(spec, DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME, seed, Vec::new()).expect("starts")
    }

    fn headless(battle: Battle) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.insert_non_send(Session::new(battle));
        app.insert_state(Screen::Battle);
        app.configure_sets(Update, (AppSystems::Input, AppSystems::Apply).chain());
        app.add_plugins(plugin);
        app
    }

    fn active(app: &App) -> crate::rules::UnitId {
        let session = app.world().non_send::<Session>();
        session
            .battle
            .world()
            .resource::<Combat>()
            .active
            .clone()
            .expect("a turn")
    }

    fn at(app: &App, unit: &crate::rules::UnitId) -> Square {
        let world = app.world().non_send::<Session>().battle.world();
        let e = world.resource::<UnitIndex>().0[unit];
        world.get::<Placement>(e).expect("placed").at
    }

    #[test]
    fn end_turn_intent_is_an_end_turn_command_for_the_active_unit() {
        let battle = tutorial();
        let unit = battle.world().resource::<Combat>().active.clone().expect("a turn");
        assert_eq!(
            command_for(&Intent::EndTurn, battle.world()),
            Ok(GameCommand::EndTurn { unit })
        );
    }

    #[test]
    fn move_intent_carries_the_previewed_path_and_band() {
        let battle = tutorial();
        let world = battle.world();
        let unit = world.resource::<Combat>().active.clone().expect("a turn");
        let from = crate::rules::threat::space_of(world, &unit).expect("placed").at;
        let to = Square::new(from.x + 1, from.y);
        let preview = path_preview(world, &unit, to).expect("one step is legal");
        assert_eq!(
            command_for(&Intent::MoveTo(to), world),
            Ok(GameCommand::Move {
                unit,
                to,
                path: Some(preview.squares),
                mode: crate::rules::MoveMode::Move
            })
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
        let unit = active(&app);
        let from = at(&app, &unit);
        let to = Square::new(from.x + 1, from.y);
        app.world_mut().write_message(Intent::MoveTo(to));
        app.update();
        assert_eq!(at(&app, &unit), to);
        assert_eq!(app.world().resource::<Revision>().0, 1);
        assert_eq!(app.world().resource::<StatusLine>().0, "");

        app.world_mut().write_message(Intent::MoveTo(Square::new(0, 0)));
        app.update();
        assert_eq!(
            app.world().resource::<Revision>().0,
            1,
            "a refused move changes nothing"
        );
        assert!(app.world().resource::<StatusLine>().0.starts_with("Not possible"));

        app.world_mut().write_message(Intent::EndTurn);
        app.update();
        assert_eq!(app.world().resource::<Revision>().0, 2);
        assert_ne!(active(&app), unit, "the next unit's turn");
    }
}
