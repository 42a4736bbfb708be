//! The hot-seat hand-off's screen: it hides the board ("Pass to Scavengers", in that side's
//! colour, the round and who is to act, and a "while you were away" recap of the other sides'
//! log lines, withheld ones withheld) until the next player clicks or presses Enter or Space.
//! When it shows and what it says are the hand-off's memory's (`intake::handoff`).

use crate::gui::intake::handoff::{HandOff, to_act_line};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::Session;
use crate::history::Sides;
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Handoff), spawn_hand_off_screen);
    app.add_systems(
        Update,
        continue_after_hand_off
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Handoff)),
    );
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

fn spawn_hand_off_screen(mut commands: Commands, hand_off: Res<HandOff>, session: Res<Session>) {
    let battle = &session.battle;
    let sides = &battle.world().resource::<Sides>().0;
    let side = hand_off.to.as_ref().and_then(|to| sides.iter().find(|s| &s.id == to));
    let (name, colour) = side.map_or(("the next player".to_string(), Color::WHITE), |s| {
        (s.name.clone(), Color::srgb_u8(s.colour[0], s.colour[1], s.colour[2]))
    });
    let grey = Color::srgb(0.75, 0.75, 0.8);
    let screen = commands
        .spawn((
            Name::new("Hand-off screen"),
            DespawnOnExit(Screen::Handoff),
            Button,
            Node {
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                row_gap: Val::Px(18.0),
                padding: UiRect::all(Val::Px(24.0)),
                ..default()
            },
            BackgroundColor(Color::srgb(0.05, 0.05, 0.07)),
        ))
        .id();
    let mut line = |name: &str, text: String, size: f32, colour: Color| {
        commands.spawn((
            Name::new(name.to_string()),
            Text::new(text),
            TextFont::from_font_size(size),
            TextColor(colour),
            TextLayout::justify(Justify::Center),
            ChildOf(screen),
        ));
    };
    if let Some(reason) = &hand_off.reason {
        line("Reason", reason.clone(), 20.0, grey);
    }
    line("Pass to", format!("Pass to {name}"), 48.0, colour);
    line("To act", capitalised(&to_act_line(battle)), 20.0, grey);
    if !hand_off.recap.is_empty() {
        line(
            "Recap",
            format!("While you were away:\n{}", hand_off.recap.join("\n")),
            15.0,
            Color::srgb(0.85, 0.87, 0.9),
        );
    }
    line(
        "Hint",
        format!("{name}: click or press Enter when you are at the screen."),
        18.0,
        grey,
    );
}

fn continue_after_hand_off(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut screen: ResMut<NextState<Screen>>,
) {
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space])
        || buttons.just_pressed(MouseButton::Left)
    {
        screen.set(Screen::Battle);
    }
}
