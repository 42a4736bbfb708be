//! The way between the screens (`state::screen::Screen`): `route_battle`, which leaves the
//! battle for the hand-off or the end screen after the battle changed; the screen that shows
//! why a scenario could not be opened, which never crashes the game; and Ctrl+Q, which quits.

use crate::gui::intake::handoff::HandOff;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Invalid), spawn_invalid_screen);
    app.add_systems(Update, quit_on_keys.in_set(AppSystems::Input));
    app.add_systems(
        Update,
        route_battle
            .in_set(AppSystems::Derive)
            .run_if(in_state(Screen::Battle))
            .run_if(resource_changed::<Revision>),
    );
}

/// After the battle changed: the end screen when it is over, else the hand-off when the turn
/// passed to another human side.
fn route_battle(session: Res<Session>, mut hand_off: ResMut<HandOff>, mut screen: ResMut<NextState<Screen>>) {
    if session.battle.outcome().over {
        screen.set(Screen::Results);
    } else if hand_off.turn_seen(&session.battle) {
        screen.set(Screen::Handoff);
    }
}

/// Why no battle could start: the validator's messages, one a line.
#[derive(Resource, Debug, Clone)]
pub struct LaunchError(pub String);

fn spawn_invalid_screen(mut commands: Commands, error: Res<LaunchError>) {
    commands.spawn((
        Name::new("Invalid scenario screen"),
        DespawnOnExit(Screen::Invalid),
        Node {
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(Val::Px(32.0)),
            row_gap: Val::Px(16.0),
            ..default()
        },
        BackgroundColor(Color::srgb(0.1, 0.1, 0.13)),
        children![
            (
                Name::new("Title"),
                Text::new("This scenario cannot be played"),
                TextFont::from_font_size(28.0),
                TextColor(Color::srgb(1.0, 0.55, 0.45)),
            ),
            (
                Name::new("Messages"),
                Text::new(error.0.clone()),
                TextFont::from_font_size(16.0),
                TextColor(Color::WHITE),
            ),
            (
                Name::new("Hint"),
                Text::new(
                    "Fix the file and open it again (`fivefoot validate FILE` prints the same). Esc or Ctrl+Q quits."
                ),
                TextFont::from_font_size(15.0),
                TextColor(Color::srgb(0.7, 0.7, 0.75)),
            ),
        ],
    ));
}

fn quit_on_keys(keys: Res<ButtonInput<KeyCode>>, screen: Res<State<Screen>>, mut exit: MessageWriter<AppExit>) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let escape = *screen.get() == Screen::Invalid && keys.just_pressed(KeyCode::Escape);
    if escape || (ctrl && keys.just_pressed(KeyCode::KeyQ)) {
        exit.write(AppExit::Success);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::saves::DataDir;
    use crate::gui::state::intent::Intent;
    use crate::gui::state::session::acting_side;
    use crate::gui::testkit::tutorial;
    use crate::history::Battle;
    use crate::rules::SideId;
    use crate::rules::cmd;
    use crate::scenario::{DEFAULT_SCENARIO, Templates, load_str};
    use bevy::state::app::StatesPlugin;

    fn headless(battle: Battle, hand_off: bool) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.insert_state(Screen::Title);
        app.insert_resource(DataDir(None));
        app.init_resource::<ButtonInput<KeyCode>>();
        app.init_resource::<ButtonInput<MouseButton>>();
        app.add_message::<AppExit>();
        crate::gui::state::screen::order_sets(&mut app);
        app.add_plugins((
            plugin,
            crate::gui::testkit::session_plugin,
            crate::gui::saves::plugin,
            crate::gui::screens::handoff::plugin,
        ));
        app.world_mut().resource_mut::<HandOff>().enabled = hand_off;
        crate::gui::intake::open::open_session(app.world_mut(), battle);
        app.update();
        app
    }

    fn screen(app: &App) -> Screen {
        *app.world().resource::<State<Screen>>().get()
    }

    fn active_side(app: &App) -> Option<SideId> {
        acting_side(&app.world().resource::<Session>().battle)
    }

    fn end_turn(app: &mut App) {
        app.world_mut().write_message(Intent::EndTurn);
        app.update();
        app.update();
    }

    #[test]
    fn the_board_is_handed_off_only_between_different_sides() {
        let mut app = headless(tutorial(), true);
        assert_eq!(screen(&app), Screen::Battle, "no hand-off before the first turn");
        let mut hand_offs = 0;
        for _ in 0..8 {
            let before = active_side(&app);
            end_turn(&mut app);
            let after = active_side(&app);
            if before != after {
                hand_offs += 1;
                assert_eq!(screen(&app), Screen::Handoff, "{before:?} -> {after:?}");
                assert_eq!(app.world().resource::<HandOff>().to, after);
                crate::gui::testkit::tap_key(&mut app, KeyCode::Enter);
                app.update();
            }
            assert_eq!(screen(&app), Screen::Battle);
        }
        assert!(hand_offs > 0, "the tutorial's turns pass between its two sides");
    }

    /// §26: in the Redliner chase's pilot-actions phase, ending a crew pilot's turn when a
    /// Redliner pilot acts next shows the hand-off to the Redliners (the grid's initiative is
    /// not who acts then).
    #[test]
    fn in_a_chases_pilot_actions_the_board_is_handed_to_the_next_pilots_side() {
        use crate::rules::chase::Chase;
        const REDLINER: &str = include_str!("../../../scenarios/starfinder_redliner_chase.ron");
        // Both sides played by people: the hand-off is between human sides.
        let redliner = crate::testing::hot_seat(REDLINER);
        let battle = crate::testing::battle(&redliner, &[16, 6, 12, 18, 11, 10]);
        let mut app = headless(battle, true);
        let mut seen = Vec::new();
        for _ in 0..4 {
            let Some((pilot, side)) = ({
                let battle = &app.world().resource::<Session>().battle;
                let pilot = battle
                    .world()
                    .resource::<Chase>()
                    .acting()
                    .and_then(|e| e.pilot.clone());
                pilot.zip(active_side(&app))
            }) else {
                break;
            };
            let before = seen.last().cloned();
            seen.push(side.clone());
            if before.as_ref().is_some_and(|b| *b != side) {
                assert_eq!(screen(&app), Screen::Handoff, "{before:?} -> {side:?}");
                assert_eq!(app.world().resource::<HandOff>().to, Some(side.clone()));
                crate::gui::testkit::tap_key(&mut app, KeyCode::Enter);
                app.update();
            }
            assert_eq!(screen(&app), Screen::Battle);
            app.world_mut()
                .write_message(Intent::Command(crate::rules::GameCommand::EndPilotTurn(
                    cmd::EndPilotTurn { unit: pilot },
                )));
            app.update();
            app.update();
        }
        assert!(
            seen.windows(2).any(|w| w[0] != w[1]),
            "the pilots' sides alternate: {seen:?}"
        );
    }

    /// Issue #18 item 6: with hidden information the board is handed to the first side at the
    /// start (its view must be hidden from the other player), and between sides without the
    /// players asking; without it and unasked, never.
    #[test]
    fn hidden_information_hands_the_board_off_from_the_start_and_otherwise_only_when_asked() {
        const KEEP: &str = include_str!("../../../scenarios/d20_srd_ruined_keep.ron");
        // Both sides played by people (the shipped keep gives the orcs to the computer).
        let keep = crate::testing::battle(&crate::testing::hot_seat(KEEP), &[]);
        assert!(keep.spec().hidden_information);
        let mut app = headless(keep, false);
        assert_eq!(screen(&app), Screen::Handoff, "the first side's view is hidden first");
        let hand_off = app.world().resource::<HandOff>().clone();
        assert_eq!(hand_off.to, active_side(&app));
        assert!(hand_off.reason.is_some_and(|r| r.ends_with("begins")));
        assert!(hand_off.recap.is_empty(), "nothing happened before the start");
        crate::gui::testkit::tap_key(&mut app, KeyCode::Enter);
        app.update();
        assert_eq!(screen(&app), Screen::Battle);
        let mut passed = false;
        for _ in 0..8 {
            let before = active_side(&app);
            end_turn(&mut app);
            if screen(&app) == Screen::Handoff {
                assert_ne!(before, active_side(&app));
                passed = true;
                break;
            }
        }
        assert!(passed, "the turn passed to the other side behind a hand-off");

        let mut app = headless(tutorial(), false);
        for _ in 0..8 {
            end_turn(&mut app);
            assert_eq!(screen(&app), Screen::Battle, "nothing hidden, nobody asked");
        }
    }

    #[test]
    fn a_met_objective_opens_the_end_screen() {
        let text = DEFAULT_SCENARIO.replace(r#"goal: EliminateSide("goblins")"#, "goal: SurviveRounds(1)");
        let spec = load_str(&text, "survive.ron", &Templates::shipped()).expect("valid");
        let battle = Battle::start(spec, &text, "survive.ron", 7, Vec::new()).expect("starts");
        let mut app = headless(battle, false);
        for _ in 0..20 {
            if screen(&app) == Screen::Results {
                break;
            }
            end_turn(&mut app);
        }
        assert_eq!(screen(&app), Screen::Results);
        let outcome = app.world().resource::<Session>().battle.outcome();
        assert_eq!(outcome.winner, Some(SideId("crew".into())));
        let sides = &app.world().resource::<Session>().battle.spec().sides.clone();
        let (headline, lines) = crate::gui::screens::results::result_lines(&outcome, sides);
        assert_eq!(headline, "Relay Crew win");
        assert_eq!(lines[0], "[met] Relay Crew: survive 1 round");
    }
}
