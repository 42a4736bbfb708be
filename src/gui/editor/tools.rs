//! The map tools and their keys: paint a layer (terrain kind, light level, concealment) with a
//! brush of 1, 3 or 5 squares, a rectangle or a flood fill; draw walls and doors along grid
//! lines; paint zones; select, drag (move), turn and delete units; place units from templates
//! or as custom units. A drag is one stroke and one undo step: the squares are gathered while
//! the button is held and become one `EditCommand` when it is released. Ctrl+Z / Ctrl+Y undo
//! and redo. The squares come from the core's `brush_squares`, `rect_squares`, `flood_fill`.

use super::session::{EditIntent, EditorSession, EditorStatus, Selection};
use crate::editor::{EditCommand, brush_squares, custom_unit, flood_fill, next_unit_id, rect_squares};
use crate::grid::{Heading, Intersection, Square};
use crate::gui::editor::state::Dialog;
use crate::gui::editor::state::Focus;
use crate::gui::editor::state::Tool;
use crate::gui::editor::state::ToolState;
use crate::gui::editor::state::UiAction;
use crate::gui::editor::ui::over_bars;
use crate::gui::look::camera::MainCamera;
use crate::gui::look::tiles::BoardSize;
use crate::gui::look::tiles::{hovered_corner, hovered_square};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::scenario::format::UnitDef;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use std::collections::BTreeSet;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ToolState>();
    app.init_resource::<EditorHover>();
    app.init_resource::<Stroke>();
    app.add_systems(
        Update,
        (track_hover, handle_tool_keys, handle_tool_buttons, use_pointer)
            .chain()
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Editor)),
    );
}

/// The square and the grid corner under the cursor, when it is over the map.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct EditorHover {
    pub square: Option<Square>,
    pub corner: Option<Intersection>,
}

/// A drag in progress: the squares gathered so far, where it started, the unit being dragged.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct Stroke {
    pub active: bool,
    pub squares: BTreeSet<Square>,
    pub anchor: Option<Square>,
    pub corner: Option<Intersection>,
    pub unit: Option<String>,
}

fn board(session: &EditorSession) -> BoardSize {
    let (width, height) = session.doc().size();
    BoardSize { width, height }
}

fn track_hover(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    session: Res<EditorSession>,
    dialog: Res<Dialog>,
    mut hover: ResMut<EditorHover>,
) {
    let (camera, transform) = *camera;
    let cursor = window.cursor_position();
    let world = cursor.and_then(|p| camera.viewport_to_world_2d(transform, p).ok());
    let over_ui = dialog.0.is_some() || cursor.is_some_and(|p| over_bars(p, window.size()));
    let now = EditorHover {
        square: hovered_square(world, board(&session), over_ui),
        corner: hovered_corner(world, board(&session), over_ui),
    };
    hover.set_if_neq(now);
}

/// The end of a straight run of grid lines from `from` towards `to`: along the axis the
/// cursor moved further on (edges are straight runs).
pub fn straight_run(from: Intersection, to: Intersection) -> Intersection {
    if (to.i - from.i).abs() >= (to.j - from.j).abs() {
        Intersection::new(to.i, from.j)
    } else {
        Intersection::new(from.i, to.j)
    }
}

/// The unit a click on `sq` grabs: the last one drawn whose space covers it.
pub fn unit_at(session: &EditorSession, sq: Square) -> Option<String> {
    session
        .units
        .iter()
        .rev()
        .find(|u| {
            let n = u.squares as i32;
            sq.x >= u.at.x && sq.y >= u.at.y && sq.x < u.at.x + n && sq.y < u.at.y + n
        })
        .map(|u| u.id.clone())
}

/// The unit the place tool puts on `at`, or why it cannot.
pub fn unit_to_place(session: &EditorSession, tools: &ToolState, at: Square) -> Result<UnitDef, String> {
    let file = &session.doc().file;
    let side = tools
        .place_side
        .clone()
        .filter(|s| file.sides.iter().any(|d| &d.id == s))
        .or_else(|| file.sides.first().map(|s| s.id.clone()))
        .ok_or("add a side first (Sides tab)")?;
    Ok(match &tools.place {
        Some(template) => UnitDef {
            id: Some(next_unit_id(file, template)),
            template: Some(template.clone()),
            side: Some(side),
            at: Some(at),
            ..UnitDef::default()
        },
        None => custom_unit(&file.ruleset, &next_unit_id(file, "unit"), &side, at),
    })
}

/// The heading after `heading`, clockwise.
pub fn turned(heading: Heading) -> Heading {
    let i = Heading::ALL.iter().position(|h| *h == heading).unwrap_or(0);
    Heading::ALL[(i + 1) % 4]
}

/// The command that turns the unit `id` a quarter clockwise, if it is a vehicle.
pub fn rotate_command(session: &EditorSession, id: &str) -> Result<EditCommand, String> {
    let unit = session
        .units
        .iter()
        .find(|u| u.id == id)
        .ok_or_else(|| format!("no unit `{id}`"))?;
    let heading = unit
        .heading
        .ok_or_else(|| format!("`{id}` is not a vehicle; only vehicles have a heading"))?;
    Ok(EditCommand::RotateVehicle {
        id: id.to_string(),
        heading: turned(heading),
    })
}

/// The command a finished stroke stands for (`None`: nothing to do).
pub fn finish_stroke(
    stroke: &Stroke,
    tools: &ToolState,
    session: &EditorSession,
    hover: EditorHover,
) -> Option<EditCommand> {
    let squares: Vec<Square> = stroke.squares.iter().copied().collect();
    match tools.tool {
        Tool::Brush | Tool::Rect if !squares.is_empty() => Some(EditCommand::Paint {
            squares,
            layer: tools.paint.layer(),
        }),
        Tool::Zone if !squares.is_empty() => Some(EditCommand::PaintZone {
            id: tools.zone.clone(),
            squares,
            on: !tools.zone_erase,
        }),
        Tool::Edge => {
            let from = stroke.corner?;
            let to = straight_run(from, hover.corner?);
            (to != from).then(|| EditCommand::Edge {
                from,
                to,
                kind: tools.edge.kind(),
            })
        }
        Tool::Select => {
            let id = stroke.unit.clone()?;
            let to = hover.square?;
            let from = session.units.iter().find(|u| u.id == id)?.at;
            (to != from).then_some(EditCommand::MoveUnit { id, to })
        }
        _ => None,
    }
}

/// Left button on the map: start, extend and finish strokes; clicks for fill, select, place.
// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
pub fn use_pointer(
    buttons: Res<ButtonInput<MouseButton>>,
    hover: Res<EditorHover>,
    tools: Res<ToolState>,
    session: Res<EditorSession>,
    dialog: Res<Dialog>,
    mut stroke: ResMut<Stroke>,
    mut selection: ResMut<Selection>,
    mut status: ResMut<EditorStatus>,
    mut edits: MessageWriter<EditIntent>,
) {
    let map = session.doc().size();
    if buttons.just_pressed(MouseButton::Left)
        && dialog.0.is_none()
        && let Some(sq) = hover.square
    {
        *stroke = Stroke::default();
        match tools.tool {
            Tool::Brush | Tool::Zone => {
                stroke.active = true;
                stroke.squares.extend(brush_squares(sq, tools.brush, map));
            }
            Tool::Rect => {
                stroke.active = true;
                stroke.anchor = Some(sq);
                stroke.squares.insert(sq);
            }
            Tool::Edge => {
                stroke.active = hover.corner.is_some();
                stroke.corner = hover.corner;
            }
            Tool::Fill => {
                edits.write(EditIntent::apply(EditCommand::Paint {
                    squares: flood_fill(session.doc(), sq),
                    layer: tools.paint.layer(),
                }));
            }
            Tool::Select => match unit_at(&session, sq) {
                Some(id) => {
                    stroke.active = true;
                    stroke.unit = Some(id.clone());
                    *selection = Selection::Unit(id);
                }
                None => *selection = Selection::Square(sq),
            },
            Tool::Place => match unit_to_place(&session, &tools, sq) {
                Ok(unit) => {
                    if let Some(id) = &unit.id {
                        *selection = Selection::Unit(id.clone());
                    }
                    edits.write(EditIntent::apply(EditCommand::PlaceUnit(unit)));
                }
                Err(why) => status.0 = format!("Cannot place a unit: {why}"),
            },
        }
        return;
    }
    if !stroke.active {
        return;
    }
    if buttons.pressed(MouseButton::Left) {
        if let Some(sq) = hover.square {
            match tools.tool {
                Tool::Brush | Tool::Zone => stroke.squares.extend(brush_squares(sq, tools.brush, map)),
                Tool::Rect => {
                    let anchor = stroke.anchor.unwrap_or(sq);
                    stroke.squares = rect_squares(anchor, sq, map).into_iter().collect();
                }
                _ => {}
            }
        }
        return;
    }
    // Released (or the press was lost): the stroke becomes one edit.
    if let Some(command) = finish_stroke(&stroke, &tools, &session, *hover) {
        edits.write(EditIntent::apply(command));
    }
    *stroke = Stroke::default();
}

/// Tool shortcuts, undo/redo, delete and turn for the selected unit, Esc to drop the
/// selection; off while typing.
// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn handle_tool_keys(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Res<Focus>,
    dialog: Res<Dialog>,
    session: Res<EditorSession>,
    mut selection: ResMut<Selection>,
    mut tools: ResMut<ToolState>,
    mut status: ResMut<EditorStatus>,
    mut edits: MessageWriter<EditIntent>,
) {
    if focus.is_typing() || dialog.0.is_some() {
        return;
    }
    if keys.just_pressed(KeyCode::Escape) {
        *selection = Selection::None;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if ctrl {
        if keys.just_pressed(KeyCode::KeyZ) && !shift {
            edits.write(EditIntent::Undo);
        }
        if keys.just_pressed(KeyCode::KeyY) || (keys.just_pressed(KeyCode::KeyZ) && shift) {
            edits.write(EditIntent::Redo);
        }
        return;
    }
    for (tool, _, key) in Tool::ALL {
        if keys.just_pressed(key) {
            tools.tool = tool;
        }
    }
    for (key, size) in [(KeyCode::Digit1, 1), (KeyCode::Digit3, 3), (KeyCode::Digit5, 5)] {
        if keys.just_pressed(key) {
            tools.brush = size;
        }
    }
    let Selection::Unit(id) = &*selection else {
        return;
    };
    if keys.any_just_pressed([KeyCode::Delete, KeyCode::Backspace]) {
        edits.write(EditIntent::apply(EditCommand::RemoveUnit(id.clone())));
    }
    if keys.just_pressed(KeyCode::KeyT) {
        match rotate_command(&session, id) {
            Ok(command) => {
                edits.write(EditIntent::apply(command));
            }
            Err(why) => status.0 = format!("Cannot turn: {why}"),
        }
    }
}

/// The tool bar's buttons and the panel's unit buttons.
fn handle_tool_buttons(
    mut actions: MessageReader<UiAction>,
    session: Res<EditorSession>,
    mut tools: ResMut<ToolState>,
    mut selection: ResMut<Selection>,
    mut status: ResMut<EditorStatus>,
    mut edits: MessageWriter<EditIntent>,
) {
    for action in actions.read() {
        match action {
            UiAction::Tool(tool) => tools.tool = *tool,
            UiAction::BrushSize(size) => tools.brush = *size,
            UiAction::Paint(paint) => {
                tools.paint = *paint;
                if !matches!(tools.tool, Tool::Brush | Tool::Rect | Tool::Fill) {
                    tools.tool = Tool::Brush;
                }
            }
            UiAction::Edge(edge) => {
                tools.edge = *edge;
                tools.tool = Tool::Edge;
            }
            UiAction::ZoneErase(erase) => {
                tools.zone_erase = *erase;
                tools.tool = Tool::Zone;
            }
            UiAction::UseZone(zone) => {
                tools.zone = zone.clone();
                tools.tool = Tool::Zone;
            }
            UiAction::Undo => {
                edits.write(EditIntent::Undo);
            }
            UiAction::Redo => {
                edits.write(EditIntent::Redo);
            }
            UiAction::PlaceTemplate(template) => {
                tools.place = template.clone();
                tools.tool = Tool::Place;
            }
            UiAction::PlaceSide(side) => tools.place_side = Some(side.clone()),
            UiAction::SelectUnit(id) => *selection = Selection::Unit(id.clone()),
            UiAction::RemoveUnit(id) => {
                edits.write(EditIntent::apply(EditCommand::RemoveUnit(id.clone())));
            }
            UiAction::RotateUnit(id) => match rotate_command(&session, id) {
                Ok(command) => {
                    edits.write(EditIntent::apply(command));
                }
                Err(why) => status.0 = format!("Cannot turn: {why}"),
            },
            _ => {}
        }
    }
}
