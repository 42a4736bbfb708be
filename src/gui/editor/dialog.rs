//! The editor's confirm step: a modal question in the middle of the window (save a scenario
//! that has problems? leave with unsaved edits?) with its answers as buttons; Esc cancels.
//! While it is open the map takes no clicks. `files` asks the questions and acts on the answers.

use crate::gui::editor::state::Answer;
use crate::gui::editor::state::Dialog;
use crate::gui::editor::state::Focus;
use crate::gui::editor::state::Question;
use crate::gui::editor::state::UiAction;
use crate::gui::editor::ui::{PANEL, TEXT, button, label, row};
use crate::gui::state::screen::{AppSystems, Screen};
use bevy::prelude::*;
use std::path::PathBuf;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Dialog>();
    app.add_systems(OnExit(Screen::Editor), close);
    app.add_systems(
        Update,
        cancel_on_escape
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Editor)),
    );
    app.add_systems(
        Update,
        draw.in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Editor))
            .run_if(resource_changed::<Dialog>),
    );
}

/// Asks whether to save a scenario with `problems` problems to `path`.
pub fn save_invalid(path: PathBuf, problems: usize) -> Question {
    Question {
        text: format!(
            "This scenario has {problems} problem(s) (see Problems): it cannot be played until they are fixed.\nSave it to {} anyway?",
            path.display()
        ),
        answers: vec![
            ("Save anyway".into(), Answer::SaveAnyway(path)),
            ("Cancel".into(), Answer::Cancel),
        ],
    }
}

/// Asks whether to drop unsaved edits.
pub fn leave_unsaved() -> Question {
    Question {
        text: "The scenario has unsaved edits. Leave and discard them?\n(Cancel, then Save or Save as, to keep them.)"
            .into(),
        answers: vec![
            ("Discard and leave".into(), Answer::DiscardAndLeave),
            ("Cancel".into(), Answer::Cancel),
        ],
    }
}

fn close(mut dialog: ResMut<Dialog>) {
    dialog.0 = None;
}

fn cancel_on_escape(keys: Res<ButtonInput<KeyCode>>, focus: Res<Focus>, mut dialog: ResMut<Dialog>) {
    if dialog.0.is_some() && !focus.is_typing() && keys.just_pressed(KeyCode::Escape) {
        dialog.0 = None;
    }
}

#[derive(Component)]
struct DialogNode;

fn draw(mut commands: Commands, dialog: Res<Dialog>, old: Query<Entity, With<DialogNode>>) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(question) = &dialog.0 else { return };
    commands
        .spawn((
            Name::new("Editor dialog"),
            DialogNode,
            DespawnOnExit(Screen::Editor),
            GlobalZIndex(20),
            // The backdrop takes the clicks, so nothing under the question can be pressed.
            Interaction::default(),
            bevy::ui::FocusPolicy::Block,
            Node {
                position_type: PositionType::Absolute,
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(Color::BLACK.with_alpha(0.5)),
        ))
        .with_children(|screen| {
            screen
                .spawn((
                    Node {
                        flex_direction: FlexDirection::Column,
                        row_gap: Val::Px(12.0),
                        padding: UiRect::all(Val::Px(18.0)),
                        max_width: Val::Px(640.0),
                        ..default()
                    },
                    BackgroundColor(PANEL),
                ))
                .with_children(|panel| {
                    panel.spawn(label(question.text.clone(), 16.0, TEXT));
                    panel.spawn(row()).with_children(|answers| {
                        for (text, answer) in &question.answers {
                            answers.spawn(button(text.clone(), UiAction::Dialog(answer.clone()), false));
                        }
                    });
                });
        });
}
