//! The editor's buttons: every clickable thing carries a [`UiAction`]; a press sends that
//! action as a message, and the module that owns it acts (tools, panel, files, dialogs). Also
//! the small builders for buttons, toggles and labels, and the screen regions the map leaves
//! free for the bars.

use crate::gui::editor::state::UiAction;
use crate::gui::state::screen::{AppSystems, Screen};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<UiAction>();
    app.add_systems(
        Update,
        press_buttons.in_set(AppSystems::Input).run_if(in_state(Screen::Editor)),
    );
}

/// Height of the tool bar at the top of the window, in logical pixels.
pub const TOOLBAR_HEIGHT: f32 = 72.0;
/// Width of the side panel on the right.
pub const SIDEBAR_WIDTH: f32 = 340.0;
/// Height of the status line at the bottom.
pub const STATUS_HEIGHT: f32 = 26.0;

/// Whether a cursor at `pos` (logical pixels, origin top-left) in a window `size` is over a bar
/// rather than the map.
pub fn over_bars(pos: Vec2, size: Vec2) -> bool {
    pos.y < TOOLBAR_HEIGHT || pos.x > size.x - SIDEBAR_WIDTH || pos.y > size.y - STATUS_HEIGHT
}

fn press_buttons(
    buttons: Query<(&Interaction, &UiAction), Changed<Interaction>>,
    mut actions: MessageWriter<UiAction>,
) {
    for (interaction, action) in &buttons {
        if *interaction == Interaction::Pressed {
            actions.write(action.clone());
        }
    }
}

pub const TEXT: Color = Color::srgb(0.92, 0.92, 0.95);
pub const DIM: Color = Color::srgb(0.65, 0.66, 0.72);
pub const WARN: Color = Color::srgb(1.0, 0.6, 0.45);
pub const PANEL: Color = Color::srgb(0.1, 0.11, 0.14);
const BUTTON: Color = Color::srgb(0.18, 0.2, 0.26);
const BUTTON_ON: Color = Color::srgb(0.25, 0.4, 0.62);

/// A button with a label; `on` draws it highlighted (the chosen tool, size, ...).
pub fn button(label: impl Into<String>, action: UiAction, on: bool) -> impl Bundle {
    (
        Name::new(format!("Button {action:?}")),
        Button,
        action,
        Node {
            padding: UiRect::axes(Val::Px(7.0), Val::Px(3.0)),
            ..default()
        },
        BackgroundColor(if on { BUTTON_ON } else { BUTTON }),
        children![(Text::new(label.into()), TextFont::from_font_size(13.0), TextColor(TEXT))],
    )
}

/// A button drawn greyed when it would do nothing now (undo with nothing to undo); it still
/// answers a click, with a message saying so.
pub fn button_if(label: impl Into<String>, action: UiAction, enabled: bool) -> impl Bundle {
    (
        Name::new(format!("Button {action:?}")),
        Button,
        action,
        Node {
            padding: UiRect::axes(Val::Px(7.0), Val::Px(3.0)),
            ..default()
        },
        BackgroundColor(BUTTON),
        children![(
            Text::new(label.into()),
            TextFont::from_font_size(13.0),
            TextColor(if enabled { TEXT } else { Color::srgb(0.45, 0.46, 0.5) })
        )],
    )
}

/// A line of text.
pub fn label(text: impl Into<String>, size: f32, colour: Color) -> impl Bundle {
    (
        Text::new(text.into()),
        TextFont::from_font_size(size),
        TextColor(colour),
    )
}

/// A row that lays its children out left to right, wrapping.
pub fn row() -> impl Bundle {
    Node {
        flex_direction: FlexDirection::Row,
        flex_wrap: FlexWrap::Wrap,
        column_gap: Val::Px(4.0),
        row_gap: Val::Px(3.0),
        align_items: AlignItems::Center,
        ..default()
    }
}

/// `#rrggbb` as a colour; grey when it is not one.
pub fn parse_colour(text: &str) -> Color {
    let hex = text.trim_start_matches('#');
    let byte = |i: usize| hex.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok());
    match (hex.len(), byte(0), byte(2), byte(4)) {
        (6, Some(r), Some(g), Some(b)) => Color::srgb_u8(r, g, b),
        _ => Color::srgb(0.6, 0.6, 0.6),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_parse_and_bars_are_not_the_map() {
        assert_eq!(parse_colour("#ff0080"), Color::srgb_u8(255, 0, 128));
        assert_eq!(parse_colour("red"), Color::srgb(0.6, 0.6, 0.6));
        let window = Vec2::new(1280.0, 800.0);
        assert!(over_bars(Vec2::new(100.0, 10.0), window), "the tool bar");
        assert!(over_bars(Vec2::new(1200.0, 300.0), window), "the side panel");
        assert!(!over_bars(Vec2::new(400.0, 400.0), window), "the map");
    }
}
