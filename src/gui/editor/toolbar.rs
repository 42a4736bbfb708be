//! The editor's tool bar (tools, brush sizes, undo/redo, save, save as, play test, back to the
//! title; below, the chosen tool's options: what to paint, which edge, which zone, which unit)
//! and the status line at the bottom (the message, the hovered square, the file and whether
//! it has unsaved edits).

use super::session::{DocRevision, EditorSession, EditorStatus};
use crate::gui::editor::state::FieldId;
use crate::gui::editor::state::Focus;
use crate::gui::editor::state::UiAction;
use crate::gui::editor::state::{EdgeChoice, PaintChoice, Tool, ToolState};
use crate::gui::editor::text_field::text_field;
use crate::gui::editor::tools::EditorHover;
use crate::gui::editor::ui::{DIM, PANEL, STATUS_HEIGHT, TEXT, TOOLBAR_HEIGHT, button, button_if, label, row};
use crate::gui::state::screen::{AppSystems, Screen};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Editor), spawn_bars);
    app.add_systems(
        Update,
        (draw_toolbar, draw_status)
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Editor))
            .run_if(resource_exists::<EditorSession>),
    );
}

#[derive(Component)]
struct ToolbarNode;

#[derive(Component)]
struct StatusText;

fn spawn_bars(mut commands: Commands) {
    commands.spawn((
        Name::new("Editor tool bar"),
        ToolbarNode,
        DespawnOnExit(Screen::Editor),
        Interaction::default(),
        Node {
            position_type: PositionType::Absolute,
            left: Val::Px(0.0),
            top: Val::Px(0.0),
            width: Val::Percent(100.0),
            height: Val::Px(TOOLBAR_HEIGHT),
            flex_direction: FlexDirection::Column,
            row_gap: Val::Px(3.0),
            padding: UiRect::all(Val::Px(4.0)),
            ..default()
        },
        BackgroundColor(PANEL),
    ));
    commands.spawn((
        Name::new("Editor status line"),
        DespawnOnExit(Screen::Editor),
        Interaction::default(),
        Node {
            position_type: PositionType::Absolute,
            left: Val::Px(0.0),
            bottom: Val::Px(0.0),
            width: Val::Percent(100.0),
            height: Val::Px(STATUS_HEIGHT),
            padding: UiRect::axes(Val::Px(8.0), Val::Px(4.0)),
            ..default()
        },
        BackgroundColor(PANEL),
        children![(StatusText, label("", 13.0, TEXT))],
    ));
}

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn draw_toolbar(
    mut commands: Commands,
    bar: Single<Entity, With<ToolbarNode>>,
    tools: Res<ToolState>,
    focus: Res<Focus>,
    revision: Res<DocRevision>,
    session: Res<EditorSession>,
) {
    if !(tools.is_changed() || focus.is_changed() || revision.is_changed()) {
        return;
    }
    let bar = *bar;
    commands.entity(bar).despawn_related::<Children>();
    commands.entity(bar).with_children(|bar| {
        bar.spawn(row()).with_children(|r| {
            for (tool, name, _) in Tool::ALL {
                r.spawn(button(name, UiAction::Tool(tool), tools.tool == tool));
            }
            r.spawn(label(" size", 13.0, DIM));
            for size in [1, 3, 5] {
                r.spawn(button(size.to_string(), UiAction::BrushSize(size), tools.brush == size));
            }
            r.spawn(label(" ", 13.0, DIM));
            let editor = &session.editor;
            r.spawn(button_if("Undo", UiAction::Undo, editor.can_undo()));
            r.spawn(button_if("Redo", UiAction::Redo, editor.can_redo()));
            r.spawn(button("Save", UiAction::Save, false));
            r.spawn(button("Save as", UiAction::SaveAs, false));
            if focus.0.as_ref().is_some_and(|t| t.field == FieldId::SaveAs) {
                r.spawn(text_field(FieldId::SaveAs, "", &focus, 260.0));
            }
            r.spawn(button("Play test", UiAction::PlayTest, false));
            r.spawn(button("Title", UiAction::Leave, false));
        });
        bar.spawn(row()).with_children(|r| options(r, &tools, &focus, &session));
    });
}

/// The chosen tool's options.
fn options(r: &mut ChildSpawnerCommands, tools: &ToolState, focus: &Focus, session: &EditorSession) {
    match tools.tool {
        Tool::Brush | Tool::Rect | Tool::Fill => {
            for (paint, name) in PaintChoice::ALL {
                r.spawn(button(name, UiAction::Paint(paint), tools.paint == paint));
            }
        }
        Tool::Edge => {
            for (edge, name) in EdgeChoice::ALL {
                r.spawn(button(name, UiAction::Edge(edge), tools.edge == edge));
            }
            r.spawn(label("drag along grid lines", 13.0, DIM));
        }
        Tool::Zone => {
            r.spawn(label("zone", 13.0, DIM));
            r.spawn(text_field(FieldId::Zone, &tools.zone, focus, 120.0));
            r.spawn(button("Add squares", UiAction::ZoneErase(false), !tools.zone_erase));
            r.spawn(button("Remove squares", UiAction::ZoneErase(true), tools.zone_erase));
            for zone in &session.doc().file.zones {
                r.spawn(button(
                    zone.id.clone(),
                    UiAction::UseZone(zone.id.clone()),
                    zone.id == tools.zone,
                ));
            }
        }
        Tool::Select => {
            r.spawn(label(
                "click a unit to select it, drag it to move it; T turns a vehicle, Delete removes",
                13.0,
                DIM,
            ));
        }
        Tool::Place => {
            r.spawn(label(
                match &tools.place {
                    Some(t) => format!("placing {t} (choose in the Units tab)"),
                    None => "placing a custom unit (choose in the Units tab)".to_string(),
                },
                13.0,
                DIM,
            ));
        }
    }
}

fn draw_status(
    mut text: Single<&mut Text, With<StatusText>>,
    status: Res<EditorStatus>,
    hover: Res<EditorHover>,
    session: Res<EditorSession>,
) {
    let doc = session.doc();
    let file = doc
        .path
        .as_ref()
        .map_or_else(|| "new scenario (not saved)".to_string(), |p| p.display().to_string());
    let unsaved = if session.unsaved() { " · unsaved edits" } else { "" };
    let at = hover
        .square
        .map_or_else(String::new, |s| format!(" · square ({}, {})", s.x, s.y));
    let line = format!("{file}{unsaved}{at}   {}", status.0);
    if text.0 != line {
        text.0 = line;
    }
}
