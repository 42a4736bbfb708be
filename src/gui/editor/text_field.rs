//! A one-line text field in plain Bevy UI: a click puts the typing focus in it (`fields` fills
//! in the current value), typed characters (`KeyboardInput`'s text) are appended, Backspace
//! removes the last one, Enter commits and Esc cancels; a click anywhere else commits too
//! (except the Save-as file name, which only Enter uses).
//! While a field has the focus the editor's key shortcuts are off.

use super::super::{AppSystems, Screen};
use super::fields::FieldId;
use super::ui::{TEXT, UiAction};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Focus>();
    app.add_message::<FieldDone>();
    app.add_systems(
        Update,
        (commit_on_click_elsewhere, type_keys)
            .chain()
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Editor)),
    );
}

/// The longest text a field takes (names, descriptions, file names).
pub const MAX_LEN: usize = 400;

/// The field being typed in and its text so far.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct Focus(pub Option<Typing>);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Typing {
    pub field: FieldId,
    pub text: String,
}

impl Focus {
    pub fn is_typing(&self) -> bool {
        self.0.is_some()
    }

    /// The text shown in `field`: what is being typed there, else `value`.
    pub fn shown<'a>(&'a self, field: &FieldId, value: &'a str) -> (&'a str, bool) {
        match &self.0 {
            Some(t) if &t.field == field => (t.text.as_str(), true),
            _ => (value, false),
        }
    }
}

/// Typing in a field ended: `commit` with Enter or a click elsewhere, not with Esc.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct FieldDone {
    pub field: FieldId,
    pub text: String,
    pub commit: bool,
}

/// What one key press does to the text: `Some(true)` commits, `Some(false)` cancels.
pub fn edit(text: &mut String, key: &KeyboardInput) -> Option<bool> {
    if key.state != ButtonState::Pressed {
        return None;
    }
    match &key.logical_key {
        Key::Enter => return Some(true),
        Key::Escape => return Some(false),
        Key::Backspace => {
            text.pop();
        }
        _ => {
            let typed = key.text.as_deref().unwrap_or_default();
            for c in typed.chars().filter(|c| !c.is_control()) {
                if text.chars().count() < MAX_LEN {
                    text.push(c);
                }
            }
        }
    }
    None
}

fn type_keys(mut keys: MessageReader<KeyboardInput>, mut focus: ResMut<Focus>, mut done: MessageWriter<FieldDone>) {
    for key in keys.read() {
        let Some(typing) = focus.0.as_mut() else {
            continue;
        };
        if let Some(commit) = edit(&mut typing.text, key) {
            let typing = focus.0.take().expect("checked");
            done.write(FieldDone {
                field: typing.field,
                text: typing.text,
                commit,
            });
        }
    }
}

/// A click that is not on a text field ends the typing and keeps what was typed.
fn commit_on_click_elsewhere(
    buttons: Res<ButtonInput<MouseButton>>,
    fields: Query<(&Interaction, &UiAction)>,
    mut focus: ResMut<Focus>,
    mut done: MessageWriter<FieldDone>,
) {
    let Some(typing) = focus.0.as_ref() else {
        return;
    };
    if !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    let on_this_field = fields
        .iter()
        .any(|(i, a)| *i == Interaction::Pressed && *a == UiAction::Focus(typing.field.clone()));
    if !on_this_field {
        let typing = focus.0.take().expect("checked");
        // A file name is only used with Enter: a click elsewhere must not save.
        let commit = typing.field != FieldId::SaveAs;
        done.write(FieldDone {
            field: typing.field,
            text: typing.text,
            commit,
        });
    }
}

/// A text field showing `value` (or, when focused, the text being typed and a cursor).
pub fn text_field(field: FieldId, value: &str, focus: &Focus, width: f32) -> impl Bundle + use<> {
    let (text, focused) = focus.shown(&field, value);
    let shown = if focused { format!("{text}|") } else { text.to_string() };
    let background = if focused {
        Color::srgb(0.2, 0.24, 0.34)
    } else {
        Color::srgb(0.05, 0.06, 0.08)
    };
    (
        Name::new(format!("Field {field:?}")),
        Button,
        UiAction::Focus(field),
        Node {
            width: Val::Px(width),
            min_height: Val::Px(20.0),
            padding: UiRect::axes(Val::Px(5.0), Val::Px(2.0)),
            ..default()
        },
        BackgroundColor(background),
        children![(Text::new(shown), TextFont::from_font_size(13.0), TextColor(TEXT))],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(key: Key, text: Option<&str>) -> KeyboardInput {
        KeyboardInput {
            key_code: KeyCode::KeyA,
            logical_key: key,
            state: ButtonState::Pressed,
            text: text.map(Into::into),
            repeat: false,
            window: Entity::PLACEHOLDER,
        }
    }

    #[test]
    fn typing_appends_backspace_removes_enter_commits_and_esc_cancels() {
        let mut text = String::from("Orc");
        assert_eq!(edit(&mut text, &press(Key::Character("s".into()), Some("s"))), None);
        assert_eq!(text, "Orcs");
        assert_eq!(edit(&mut text, &press(Key::Backspace, None)), None);
        assert_eq!(text, "Orc");
        assert_eq!(edit(&mut text, &press(Key::Character("a".into()), Some("\u{1}"))), None);
        assert_eq!(text, "Orc", "a control character (Ctrl+A) types nothing");
        assert_eq!(edit(&mut text, &press(Key::Enter, None)), Some(true));
        assert_eq!(edit(&mut text, &press(Key::Escape, None)), Some(false));
        let mut release = press(Key::Character("x".into()), Some("x"));
        release.state = ButtonState::Released;
        assert_eq!(edit(&mut text, &release), None);
        assert_eq!(text, "Orc");
    }
}
