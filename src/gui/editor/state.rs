//! The editor window's interaction state, at the bottom of its files: the tool and its
//! settings, the side panel's tab, the text field being typed in, the question on screen, the
//! map's size and fit, what a button or a key asks for ([`UiAction`]) and what a file action
//! asks for ([`FileIntent`]). Imports no other file of the editor (nor of the window's other
//! folders); the editor's other files read it and write its messages.

use crate::editor::Layer;
use crate::grid::{Concealment, Light, Square};
use crate::scenario::format::{EdgeKind, TerrainKind};
use bevy::prelude::*;
use std::path::PathBuf;

/// Which value a text field edits.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FieldId {
    Name,
    Description,
    Seed,
    Width,
    Height,
    /// The file name for Save as.
    SaveAs,
    /// The zone the zone tool paints.
    Zone,
    SideName(String),
    SideColour(String),
    /// The objective's zone or number of rounds.
    Objective(usize),
    Unit(String, UnitField),
}

/// A stat of a custom unit's form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnitField {
    Name,
    Size,
    Speed,
    Hp,
    /// The n-th defence the unit has (AC, EAC, KAC, Reflex, ... as its family needs).
    Defense(usize),
    Attack,
    Damage,
}

/// A tab of the side panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tab {
    #[default]
    Scenario,
    Sides,
    Units,
    Objectives,
    Problems,
}

/// The open tab.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SidebarTab(pub Tab);

/// What a left click or drag on the map does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tool {
    #[default]
    Brush,
    Rect,
    Fill,
    Edge,
    Zone,
    Select,
    Place,
}

impl Tool {
    pub const ALL: [(Tool, &'static str, KeyCode); 7] = [
        (Tool::Brush, "Brush (B)", KeyCode::KeyB),
        (Tool::Rect, "Rect (R)", KeyCode::KeyR),
        (Tool::Fill, "Fill (F)", KeyCode::KeyF),
        (Tool::Edge, "Edges (E)", KeyCode::KeyE),
        (Tool::Zone, "Zone (Z)", KeyCode::KeyZ),
        (Tool::Select, "Select/move (V)", KeyCode::KeyV),
        (Tool::Place, "Place unit (P)", KeyCode::KeyP),
    ];
}

/// What the brush, rectangle and fill paint: one layer of a square, keeping the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaintChoice {
    Terrain(TerrainKind),
    Light(Light),
    Concealment(Concealment),
}

impl PaintChoice {
    pub const ALL: [(PaintChoice, &'static str); 13] = [
        (PaintChoice::Terrain(TerrainKind::Floor), "Floor"),
        (PaintChoice::Terrain(TerrainKind::Wall), "Wall"),
        (PaintChoice::Terrain(TerrainKind::Difficult), "Difficult"),
        (PaintChoice::Terrain(TerrainKind::LowObstacle), "Low obstacle"),
        (PaintChoice::Terrain(TerrainKind::Cover), "Cover"),
        (PaintChoice::Terrain(TerrainKind::ImprovedCover), "Impr. cover"),
        (PaintChoice::Light(Light::Bright), "Bright"),
        (PaintChoice::Light(Light::Normal), "Normal light"),
        (PaintChoice::Light(Light::Dim), "Dim"),
        (PaintChoice::Light(Light::Darkness), "Dark"),
        (PaintChoice::Concealment(Concealment::None), "No concealment"),
        (PaintChoice::Concealment(Concealment::Normal), "Concealment"),
        (PaintChoice::Concealment(Concealment::Total), "Total conc."),
    ];

    pub fn layer(self) -> Layer {
        match self {
            PaintChoice::Terrain(t) => Layer::Terrain(t),
            PaintChoice::Light(l) => Layer::Light(l),
            PaintChoice::Concealment(c) => Layer::Concealment(c),
        }
    }
}

/// What the edge tool draws along grid lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EdgeChoice {
    Wall,
    Door,
    OpenDoor,
    Erase,
}

impl EdgeChoice {
    pub const ALL: [(EdgeChoice, &'static str); 4] = [
        (EdgeChoice::Wall, "Thin wall"),
        (EdgeChoice::Door, "Door"),
        (EdgeChoice::OpenDoor, "Open door"),
        (EdgeChoice::Erase, "Erase edge"),
    ];

    pub fn kind(self) -> Option<EdgeKind> {
        match self {
            EdgeChoice::Wall => Some(EdgeKind::Wall),
            EdgeChoice::Door => Some(EdgeKind::Door { open: false }),
            EdgeChoice::OpenDoor => Some(EdgeKind::Door { open: true }),
            EdgeChoice::Erase => None,
        }
    }
}

/// The chosen tool and its settings.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct ToolState {
    pub tool: Tool,
    /// Brush (and zone brush) width: 1, 3 or 5 squares.
    pub brush: u32,
    pub paint: PaintChoice,
    pub edge: EdgeChoice,
    /// The zone the zone tool paints.
    pub zone: String,
    /// The zone tool removes squares instead.
    pub zone_erase: bool,
    /// The template the place tool puts down; `None`: a custom unit with inline stats.
    pub place: Option<String>,
    /// The side placed units join; `None`: the first side.
    pub place_side: Option<String>,
}

impl Default for ToolState {
    fn default() -> Self {
        Self {
            tool: Tool::Brush,
            brush: 1,
            paint: PaintChoice::Terrain(TerrainKind::Wall),
            edge: EdgeChoice::Wall,
            zone: "zone".into(),
            zone_erase: false,
            place: None,
            place_side: None,
        }
    }
}

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

/// The question on screen, if any.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct Dialog(pub Option<Question>);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    pub text: String,
    pub answers: Vec<(String, Answer)>,
}

/// An answer to a question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Save the scenario to this file although it has problems.
    SaveAnyway(PathBuf),
    /// Leave the editor for the title screen, dropping the unsaved edits (and the autosave).
    DiscardAndLeave,
    Cancel,
}

/// What a button does.
#[derive(Component, Message, Debug, Clone, PartialEq)]
pub enum UiAction {
    Tool(Tool),
    BrushSize(u32),
    Paint(PaintChoice),
    Edge(EdgeChoice),
    /// The zone tool adds (`false`) or removes (`true`) squares.
    ZoneErase(bool),
    Undo,
    Redo,
    Save,
    SaveAs,
    PlayTest,
    /// Back to the title screen.
    Leave,
    Tab(Tab),
    /// Put the typing focus in this text field.
    Focus(FieldId),
    Ruleset(String),
    ToggleHidden,
    AddSide,
    RemoveSide(String),
    /// Human ↔ AI.
    SideControl(String),
    /// The computer's next level for an AI side: Easy → Normal → Hard → Easy.
    SideLevel(String),
    SelectUnit(String),
    RemoveUnit(String),
    RotateUnit(String),
    /// The place tool puts this template (`None`: a custom unit with inline stats).
    PlaceTemplate(Option<String>),
    /// The place tool's units join this side.
    PlaceSide(String),
    AddObjective,
    RemoveObjective(usize),
    /// The next kind of goal for this objective.
    ObjectiveGoal(usize),
    /// The next side for this objective.
    ObjectiveSide(usize),
    /// The next side for this objective's "eliminate side" goal to defeat.
    ObjectiveFoe(usize),
    /// The zone tool paints this zone.
    UseZone(String),
    /// Jump to the n-th problem.
    Problem(usize),
    /// An answer in the open dialog.
    Dialog(Answer),
}

/// Asks the camera to fit the whole map (a new document, back from a play test; a resize
/// keeps the view).
#[derive(Resource, Debug, Clone, Copy)]
pub struct FitCamera;

/// The size of the map drawn now.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MapSize {
    pub width: u32,
    pub height: u32,
}

/// Centre the view on this square.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct JumpTo(pub Square);

/// A file operation asked for.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum FileIntent {
    /// Save to the document's own file (or ask for a name when it has none).
    Save,
    /// Save to this file (asks first when the scenario has problems).
    SaveTo(PathBuf),
    /// Back to the title screen (asks first when there are unsaved edits).
    Leave,
    /// Save to this file: the user was warned about its problems and said yes.
    SaveAnyway(PathBuf),
    /// Back to the title screen: the user chose to discard the unsaved edits.
    DiscardAndLeave,
}
