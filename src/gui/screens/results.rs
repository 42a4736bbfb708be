//! The end screen: who won, each objective and whether it was met, the sides eliminated.
//! Reached from `states::route_battle` when `Battle::outcome` says the battle is over; the
//! finished battle's autosave is removed so "Resume" is not offered for it. After a play test
//! from the editor, E goes back to the editor.

use crate::gui::editor::playtest::{PlayTest, back_to_editor};
use crate::gui::screens::saves::{DataDir, autosave_path};
use crate::gui::session::Session;
use crate::gui::{AppSystems, Screen};
use crate::history::{Outcome, Sides};
use crate::scenario::Side;
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Results), (spawn_results_screen, remove_autosave));
    app.add_systems(
        Update,
        leave_results
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Results)),
    );
}

/// The lines of the end screen: the headline, then one line per objective and elimination.
pub fn result_lines(outcome: &Outcome, sides: &[Side]) -> (String, Vec<String>) {
    let name = |id: &crate::rules::SideId| {
        sides
            .iter()
            .find(|s| &s.id == id)
            .map_or_else(|| id.0.clone(), |s| s.name.clone())
    };
    let headline = match &outcome.winner {
        Some(side) => format!("{} win", name(side)),
        None if !outcome.escaped.is_empty() => format!("{} got away", name(&outcome.escaped[0])),
        None => "No side is left standing: a draw".to_string(),
    };
    let mut lines: Vec<String> = outcome
        .objectives
        .iter()
        .map(|o| format!("[{}] {}", if o.met { "met" } else { "not met" }, o.text))
        .collect();
    lines.extend(outcome.eliminated.iter().map(|s| format!("{} eliminated", name(s))));
    lines.extend(
        outcome
            .escaped
            .iter()
            .map(|s| format!("{} escaped aboard a vehicle", name(s))),
    );
    (headline, lines)
}

fn spawn_results_screen(mut commands: Commands, session: Res<Session>, play_test: Option<Res<PlayTest>>) {
    let battle = &session.battle;
    let sides = &battle.world().resource::<Sides>().0;
    let outcome = battle.outcome();
    let (headline, lines) = result_lines(&outcome, sides);
    let colour = outcome
        .winner
        .as_ref()
        .and_then(|w| sides.iter().find(|s| &s.id == w))
        .map_or(Color::WHITE, |s| Color::srgb_u8(s.colour[0], s.colour[1], s.colour[2]));
    commands.spawn((
        Name::new("End screen"),
        DespawnOnExit(Screen::Results),
        Node {
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            row_gap: Val::Px(16.0),
            ..default()
        },
        BackgroundColor(Color::srgb(0.06, 0.06, 0.08)),
        children![
            (
                Name::new("Headline"),
                Text::new(headline),
                TextFont::from_font_size(44.0),
                TextColor(colour),
            ),
            (
                Name::new("Objectives"),
                Text::new(lines.join("\n")),
                TextFont::from_font_size(18.0),
                TextColor(Color::WHITE),
            ),
            (
                Name::new("Hint"),
                Text::new(if play_test.is_some() {
                    "E: back to the editor · Enter: back to the title screen · Ctrl+Q: quit"
                } else {
                    "Enter: back to the title screen · Ctrl+Q: quit"
                }),
                TextFont::from_font_size(15.0),
                TextColor(Color::srgb(0.7, 0.7, 0.75)),
            ),
        ],
    ));
}

fn remove_autosave(dir: Res<DataDir>) {
    if let Some(dir) = &dir.0 {
        let _ = std::fs::remove_file(autosave_path(dir));
    }
}

fn leave_results(
    keys: Res<ButtonInput<KeyCode>>,
    play_test: Option<Res<PlayTest>>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    if play_test.is_some() && keys.just_pressed(KeyCode::KeyE) {
        commands.queue(back_to_editor);
    } else if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Escape]) {
        screen.set(Screen::Title);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::editor::EditorSession;
    use crate::gui::editor::playtest::PlayTest;
    use bevy::state::app::StatesPlugin;

    fn results_app(play_test: bool) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.insert_resource(Session::new(crate::gui::session::tests::tutorial()));
        app.insert_resource(DataDir(None));
        app.init_resource::<ButtonInput<KeyCode>>();
        app.init_resource::<crate::gui::editor::EditorStatus>();
        if play_test {
            app.insert_resource(PlayTest { data: None });
            let doc = crate::editor::EditorDoc::blank("starfinder", 4, 4);
            app.insert_resource(EditorSession::new(doc));
        }
        app.insert_state(Screen::Results);
        crate::gui::order_sets(&mut app);
        app.add_plugins(plugin);
        app.update();
        app
    }

    fn press(app: &mut App, key: KeyCode) -> Screen {
        app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(key);
        app.update();
        app.update();
        *app.world().resource::<State<Screen>>().get()
    }

    #[test]
    fn after_a_play_test_e_goes_back_to_the_editor_and_enter_to_the_title() {
        assert_eq!(press(&mut results_app(true), KeyCode::KeyE), Screen::Editor);
        assert_eq!(press(&mut results_app(true), KeyCode::Enter), Screen::Title);
        assert_eq!(
            press(&mut results_app(false), KeyCode::KeyE),
            Screen::Results,
            "no editor to go back to"
        );
    }
}
