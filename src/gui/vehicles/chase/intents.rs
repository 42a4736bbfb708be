//! What the player asks of the chase panel (`ChaseIntent`: a pilot action, the double
//! maneuver toggle, end pilot turn, chase progress, a stay toggle, a combat-phase command),
//! from its buttons or the keys G, N and M, and the rule command each stands for, submitted
//! with `Battle::submit` (the CLI's path). Chase progress runs by itself once nothing is left
//! to decide before it (no vehicle would escape, CHS-10).

use crate::gui::state::mode::DoubleManeuver;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{ComputerOpponent, Revision, Session, StatusLine, computer_is_playing};
use crate::gui::vehicles::chase::stay::StayChoice;
use crate::gui::vehicles::chase::view::{ChaseView, acting_pilot};
use crate::rules::chase::{Chase, ChasePhase, ManeuverUse, phase_name, would_escape};
use crate::rules::cmd;
use crate::rules::{GameCommand, UnitId, check};
use crate::ruleset::PilotAction;
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_message::<ChaseIntent>();
    app.init_resource::<StayChoice>();
    app.add_systems(
        Update,
        (
            keys_to_chase.in_set(AppSystems::Input),
            (apply_chase_intents, auto_progress).chain().in_set(AppSystems::Apply),
        )
            .run_if(in_state(Screen::Battle)),
    );
}

/// What the player asked of the chase panel, before the rules are consulted.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum ChaseIntent {
    /// The acting pilot takes this pilot action (as part of a double maneuver when the toggle
    /// is on or the first part was taken).
    Pilot {
        action: PilotAction,
        target: Option<UnitId>,
    },
    /// Switch the double maneuver on or off for the acting pilot's next action.
    ToggleDouble,
    /// The acting pilot ends its pilot-actions turn.
    EndPilotTurn,
    /// Run chase progress; the vehicles of `StayChoice` stay one zone ahead instead of
    /// escaping (CHS-10).
    Progress,
    /// Switch a vehicle's choice to stay in the chase instead of escaping (CHS-10).
    ToggleStay(UnitId),
    /// A combat-phase chase command of the active unit: `Collide` (CHS-17) or `BoardEngaged`
    /// (CHS-16), as listed by `combat::combat_entries`.
    Combat(GameCommand),
}

/// The rule command a chase intent stands for (the one `fivefoot run` would take), or why
/// there is none.
pub fn command_for(intent: &ChaseIntent, world: &World, double: bool) -> Result<GameCommand, String> {
    let chase = world
        .get_resource::<Chase>()
        .ok_or_else(|| "this battle is not a vehicle chase".to_string())?;
    let pilot = || {
        chase.acting().and_then(|e| e.pilot.clone()).ok_or_else(|| {
            format!(
                "no pilot acts now: the chase is in the {} phase",
                phase_name(chase.phase)
            )
        })
    };
    match intent {
        ChaseIntent::Pilot { action, target } => {
            let forced = chase
                .acting()
                .is_some_and(|e| matches!(e.record.maneuver, ManeuverUse::Double { parts: 1 }));
            Ok(GameCommand::PilotAction(cmd::PilotAction {
                unit: pilot()?,
                action: *action,
                target: target.clone(),
                double: double || forced,
            }))
        }
        ChaseIntent::EndPilotTurn => Ok(GameCommand::EndPilotTurn(cmd::EndPilotTurn { unit: pilot()? })),
        ChaseIntent::Progress => Ok(GameCommand::ChaseProgress(cmd::ChaseProgress { stay: Vec::new() })),
        ChaseIntent::Combat(command) => Ok(command.clone()),
        ChaseIntent::ToggleDouble | ChaseIntent::ToggleStay(_) => Err("not a rule command".into()),
    }
}

/// Whether the panel runs chase progress by itself now: the chase is in its progress phase,
/// the rules allow it, and no vehicle would escape (CHS-10's stay-or-go is the only choice
/// left in that phase, `rules::chase::would_escape`).
pub fn progress_is_automatic(world: &World) -> bool {
    world
        .get_resource::<Chase>()
        .is_some_and(|c| c.phase == ChasePhase::Progress)
        && would_escape(world).is_empty()
        && check(
            world,
            &GameCommand::ChaseProgress(cmd::ChaseProgress { stay: Vec::new() }),
        )
        .is_ok()
}

/// Sends `ChaseProgress(stay: [])` (the command a script sends) when nothing is left to
/// decide before it.
fn auto_progress(mut session: ResMut<Session>, mut revision: ResMut<Revision>, mut status: ResMut<StatusLine>) {
    if !progress_is_automatic(session.battle.world()) {
        return;
    }
    match session
        .battle
        .submit(GameCommand::ChaseProgress(cmd::ChaseProgress { stay: Vec::new() }))
    {
        Ok(_) => revision.0 += 1,
        Err(why) => status.0 = format!("Not possible: {why}"),
    }
}

/// Submits each chase intent's command through `Battle::submit` (the CLI's path); the toggle
/// only changes the panel.
fn apply_chase_intents(
    mut intents: MessageReader<ChaseIntent>,
    mut session: ResMut<Session>,
    mut double: ResMut<DoubleManeuver>,
    mut stay: ResMut<StayChoice>,
    mut revision: ResMut<Revision>,
    mut status: ResMut<StatusLine>,
    computer: Option<Res<ComputerOpponent>>,
) {
    for intent in intents.read() {
        let pilot = acting_pilot(session.battle.world());
        match intent {
            ChaseIntent::ToggleDouble => {
                double.pilot = if double.on_for(pilot.as_ref()) { None } else { pilot };
                continue;
            }
            ChaseIntent::ToggleStay(vehicle) => {
                stay.toggle(vehicle);
                continue;
            }
            // The acting pilot's or the stay's choice is the computer's while it plays it.
            _ if computer.is_some() && computer_is_playing(&session.battle) => {
                status.0 = "The computer is playing this turn: wait, or press Space to skip ahead.".into();
                continue;
            }
            _ => {}
        }
        let on = double.on_for(pilot.as_ref());
        let result = command_for(intent, session.battle.world(), on)
            .map(|command| match command {
                GameCommand::ChaseProgress(cmd::ChaseProgress { .. }) => {
                    GameCommand::ChaseProgress(cmd::ChaseProgress {
                        stay: stay.vehicles.clone(),
                    })
                }
                other => other,
            })
            .and_then(|command| session.battle.submit(command).map_err(|e| e.to_string()));
        match result {
            Ok(_) => {
                if *intent == ChaseIntent::Progress {
                    stay.vehicles.clear();
                }
                revision.0 += 1;
                status.0.clear();
            }
            Err(why) => status.0 = format!("Not possible: {why}"),
        }
    }
}

fn keys_to_chase(keys: Res<ButtonInput<KeyCode>>, view: Res<ChaseView>, mut intents: MessageWriter<ChaseIntent>) {
    if view.board.is_none() {
        return;
    }
    for (key, intent) in [
        (KeyCode::KeyG, ChaseIntent::Progress),
        (KeyCode::KeyN, ChaseIntent::EndPilotTurn),
        (KeyCode::KeyM, ChaseIntent::ToggleDouble),
    ] {
        if keys.just_pressed(key) {
            intents.write(intent);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::testkit::{redliner, tap_key};
    use crate::gui::vehicles::chase::chase_app as headless;
    use crate::gui::vehicles::chase::panel::ChaseButton;
    use crate::rules::chase::Departure;

    fn id(s: &str) -> UnitId {
        UnitId(s.into())
    }

    fn last_command(app: &App) -> Option<GameCommand> {
        app.world().resource::<Session>().battle.commands().last().cloned()
    }

    /// The whole path headless: the panel's buttons are spawned from the menu, M switches the
    /// double maneuver on, pressing the speed up button sends the command `fivefoot run`
    /// takes, then chase progress runs by itself once every pilot is done (nobody escapes).
    #[test]
    fn choosing_an_action_sends_the_cli_command() {
        let mut app = headless(redliner(&[18, 5, 12, 2]));
        assert!(app.world().resource::<ChaseView>().board.is_some());
        tap_key(&mut app, KeyCode::KeyM);
        app.update();
        let speed_up = app
            .world_mut()
            .query::<(Entity, &ChaseButton)>()
            .iter(app.world())
            .find(|(_, b)| {
                b.intent
                    == ChaseIntent::Pilot {
                        action: PilotAction::SpeedUp,
                        target: None,
                    }
            })
            .map(|(e, _)| e)
            .expect("a speed up button");
        app.world_mut().entity_mut(speed_up).insert(Interaction::Pressed);
        app.update();
        assert_eq!(
            last_command(&app),
            Some(GameCommand::PilotAction(cmd::PilotAction {
                unit: id("buddy"),
                action: PilotAction::SpeedUp,
                target: None,
                double: true
            }))
        );
        // The second part is a double maneuver without the toggle.
        app.world_mut().write_message(ChaseIntent::Pilot {
            action: PilotAction::Trick,
            target: None,
        });
        app.update();
        assert!(matches!(
            last_command(&app),
            Some(GameCommand::PilotAction(cmd::PilotAction { double: true, .. }))
        ));
        for _ in 0..2 {
            app.world_mut().write_message(ChaseIntent::Pilot {
                action: PilotAction::SpeedUp,
                target: None,
            });
            app.update();
            assert_eq!(app.world().resource::<StatusLine>().0, "");
        }
        // Nobody would escape, so chase progress ran by itself, as the script's command.
        assert_eq!(
            last_command(&app),
            Some(GameCommand::ChaseProgress(cmd::ChaseProgress { stay: vec![] }))
        );
        let board = app.world().resource::<ChaseView>().board.clone().expect("a chase");
        assert_eq!(board.phase, ChasePhase::Combat);
        assert_eq!(
            board.off_board,
            vec![("Basic enercycle 2".to_string(), Departure::LeftBehind)]
        );
    }
}
