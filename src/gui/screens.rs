//! The screens as states: the battle, and the screen that shows why a scenario could not be
//! opened (the validator's messages), which never crashes the game. The title screen, hand-off
//! and results screens join here.

use super::AppSystems;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Invalid), spawn_invalid_screen);
    app.add_systems(Update, quit_on_keys.in_set(AppSystems::Input));
}

/// The screen the window shows.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// The battle map.
    #[default]
    Battle,
    /// The scenario could not be opened: its messages, and how to leave.
    Invalid,
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
