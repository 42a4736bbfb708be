//! One-line text fields on Bevy's `EditableText`: a click puts the typing focus in a field
//! (`fields` fills in the current value), and the field being typed in becomes an
//! `EditableText` with the keyboard focus, so Bevy's text input does the editing (typing, the
//! cursor keys, Home/End, selection, Ctrl+A/C/X/V, Backspace/Delete by character or word, IME).
//! This module keeps [`Focus`] in step with what the field holds and ends the typing: Enter
//! commits, Esc cancels, and a click anywhere else commits too (except the Save-as file name,
//! which only Enter uses). While a field has the focus the editor's key shortcuts are off.

use crate::gui::editor::state::FieldDone;
use crate::gui::editor::state::FieldId;
use crate::gui::editor::state::Focus;
use crate::gui::editor::state::UiAction;
use crate::gui::editor::ui::TEXT;
use crate::gui::state::screen::{AppSystems, Screen};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input_focus::{AutoFocus, InputFocus};
use bevy::prelude::*;
use bevy::text::{EditableText, TextCursorStyle};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Focus>();
    app.add_message::<FieldDone>();
    app.add_systems(
        Update,
        (follow_typed_text, commit_on_click_elsewhere, finish_on_enter_or_escape)
            .chain()
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Editor)),
    );
    app.add_systems(
        Update,
        release_keyboard_focus
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Editor))
            .run_if(resource_changed::<Focus>),
    );
}

/// The longest text a field takes (names, descriptions, file names).
pub const MAX_LEN: usize = 400;

/// The `EditableText` of the field being typed in.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct FieldEditor(pub FieldId);

/// What a key press does to the typing: `Some(true)` commits, `Some(false)` cancels; every
/// other key is the text input's.
pub fn ends_typing(key: &KeyboardInput) -> Option<bool> {
    if key.state != ButtonState::Pressed {
        return None;
    }
    match &key.logical_key {
        Key::Enter => Some(true),
        Key::Escape => Some(false),
        _ => None,
    }
}

/// The focus holds what the field shows, so a commit (and a panel rebuilt while typing) has
/// it. Written past change detection: the panels rebuild when the focus moves, not per key.
fn follow_typed_text(mut focus: ResMut<Focus>, editors: Query<(&FieldEditor, &EditableText)>) {
    let Some(typing) = focus.bypass_change_detection().0.as_mut() else {
        return;
    };
    if let Some((_, editor)) = editors.iter().find(|(f, _)| f.0 == typing.field) {
        let text = editor.value().to_string();
        if text != typing.text {
            typing.text = text;
        }
    }
}

fn finish_on_enter_or_escape(
    mut keys: MessageReader<KeyboardInput>,
    mut focus: ResMut<Focus>,
    mut done: MessageWriter<FieldDone>,
) {
    for key in keys.read() {
        if focus.0.is_none() {
            continue;
        }
        if let Some(commit) = ends_typing(key) {
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

/// When the typing ends, the keyboard goes back to the editor's shortcuts.
fn release_keyboard_focus(focus: Res<Focus>, input_focus: Option<ResMut<InputFocus>>) {
    if let (false, Some(mut input_focus)) = (focus.is_typing(), input_focus)
        && input_focus.get().is_some()
    {
        input_focus.clear();
    }
}

/// A text field showing `value`. In the field being typed in, the text is an `EditableText`
/// holding the text typed so far, which takes the keyboard focus when it is spawned.
pub fn text_field(field: FieldId, value: &str, focus: &Focus, width: f32) -> impl Bundle + use<> {
    let (text, focused) = focus.shown(&field, value);
    let text = text.to_string();
    let background = if focused {
        Color::srgb(0.2, 0.24, 0.34)
    } else {
        Color::srgb(0.05, 0.06, 0.08)
    };
    let name = Name::new(format!("Field {field:?}"));
    let action = UiAction::Focus(field.clone());
    let inside = SpawnWith(move |p: &mut ChildSpawner| {
        if focused {
            p.spawn((
                Name::new("Editable text"),
                FieldEditor(field),
                EditableText {
                    max_characters: Some(MAX_LEN),
                    ..EditableText::new(&text)
                },
                Node {
                    width: Val::Percent(100.0),
                    ..default()
                },
                TextFont::from_font_size(13.0),
                TextColor(TEXT),
                TextLayout::no_wrap(),
                TextCursorStyle {
                    color: TEXT,
                    ..default()
                },
                AutoFocus,
            ));
        } else {
            p.spawn((Text::new(text), TextFont::from_font_size(13.0), TextColor(TEXT)));
        }
    });
    (
        name,
        Button,
        action,
        Node {
            width: Val::Px(width),
            min_height: Val::Px(20.0),
            padding: UiRect::axes(Val::Px(5.0), Val::Px(2.0)),
            ..default()
        },
        BackgroundColor(background),
        Children::spawn(inside),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::editor::state::FieldDone;
    use crate::gui::editor::state::Focus;
    use crate::gui::editor::state::Typing;
    use bevy::state::app::StatesPlugin;

    fn press(key: Key) -> KeyboardInput {
        KeyboardInput {
            key_code: KeyCode::KeyA,
            logical_key: key,
            state: ButtonState::Pressed,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        }
    }

    #[test]
    fn enter_commits_esc_cancels_and_other_keys_are_the_text_inputs() {
        assert_eq!(ends_typing(&press(Key::Enter)), Some(true));
        assert_eq!(ends_typing(&press(Key::Escape)), Some(false));
        assert_eq!(ends_typing(&press(Key::Backspace)), None);
        assert_eq!(ends_typing(&press(Key::Character("s".into()))), None);
        let mut release = press(Key::Enter);
        release.state = ButtonState::Released;
        assert_eq!(ends_typing(&release), None);
    }

    /// What the `EditableText` holds is what Enter commits.
    #[test]
    fn enter_commits_the_text_the_editable_field_holds() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.insert_state(Screen::Editor);
        app.init_resource::<ButtonInput<MouseButton>>();
        app.add_message::<KeyboardInput>();
        crate::gui::state::screen::order_sets(&mut app);
        app.add_plugins(plugin);
        app.world_mut().resource_mut::<Focus>().0 = Some(Typing {
            field: FieldId::Name,
            text: "Ambush".into(),
        });
        let mut editor = EditableText::new("Ambush");
        // Bevy's text input applies the edits; here the text is set as it would leave it.
        editor.editor_mut().set_text("Ambush at dawn");
        app.world_mut().spawn((FieldEditor(FieldId::Name), editor));
        app.update();
        assert_eq!(
            app.world().resource::<Focus>().shown(&FieldId::Name, "").0,
            "Ambush at dawn"
        );
        app.world_mut().write_message(press(Key::Enter));
        app.update();
        let done: Vec<FieldDone> = app.world_mut().resource_mut::<Messages<FieldDone>>().drain().collect();
        assert_eq!(
            done,
            vec![FieldDone {
                field: FieldId::Name,
                text: "Ambush at dawn".into(),
                commit: true
            }]
        );
        assert!(!app.world().resource::<Focus>().is_typing());
    }
}
