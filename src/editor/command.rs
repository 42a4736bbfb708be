//! Edit commands: every change the editor makes to a scenario file, applied to a copy so a
//! refused command changes nothing.

use super::map_edit::{self, MAX_EDIT_SIDE};
use super::{edges, zones};
use crate::grid::{Concealment, Heading, Intersection, Light, Square};
use crate::ruleset::Family;
use crate::scenario::format::{
    AiDef, AiLevel, Control, EdgeKind, Goal, ObjectiveDef, ScenarioFile, SideDef, TerrainKind, UnitDef,
};
use std::collections::BTreeSet;

/// One layer of a square's legend entry; painting one layer keeps the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    Terrain(TerrainKind),
    Light(Light),
    Concealment(Concealment),
}

/// A change to the scenario; `Editor::apply` makes each one undo step.
#[derive(Debug, Clone)]
pub enum EditCommand {
    /// Keeps the top-left corner; new squares are floor. Edges and zone rectangles are
    /// clipped to the new map; units left outside it are reported by validation.
    Resize {
        width: u32,
        height: u32,
    },
    Paint {
        squares: Vec<Square>,
        layer: Layer,
    },
    /// A straight run along grid lines; `None` erases.
    Edge {
        from: Intersection,
        to: Intersection,
        kind: Option<EdgeKind>,
    },
    SetName(String),
    SetDescription(String),
    SetSeed(Option<u64>),
    SetRuleset(String),
    SetHiddenInformation(bool),
    AddSide(SideDef),
    /// A changed id is changed in the units and objectives that name the side.
    EditSide {
        id: String,
        side: SideDef,
    },
    /// Removes the side's units and the objectives of or against it in the same step.
    RemoveSide(String),
    /// `id`, `side` and `at` must be set (template or inline stats).
    PlaceUnit(UnitDef),
    /// A changed id is changed where riders and the chase name the unit.
    EditUnit {
        id: String,
        unit: UnitDef,
    },
    /// A vehicle's riders move with it.
    MoveUnit {
        id: String,
        to: Square,
    },
    RotateVehicle {
        id: String,
        heading: Heading,
    },
    RemoveUnit(String),
    AddObjective(ObjectiveDef),
    EditObjective {
        index: usize,
        objective: ObjectiveDef,
    },
    RemoveObjective(usize),
    /// Creates the zone; a zone left with no squares is removed (objectives naming it are
    /// reported by validation, not deleted).
    PaintZone {
        id: String,
        squares: Vec<Square>,
        on: bool,
    },
}

/// Why a command was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    #[error("the map must be 1..={max} squares on a side (asked for {width}×{height})", max = MAX_EDIT_SIDE)]
    MapSize { width: u32, height: u32 },
    #[error(
        "the map is {width}×{height} squares; the editor edits maps of at most {} on a side (resize it first)",
        crate::scenario::MAX_MAP_SIDE
    )]
    TooLarge { width: u32, height: u32 },
    #[error("the map has no squares to edit")]
    EmptyMap,
    #[error("an edge must run straight along one grid line between two different intersections")]
    EdgeNotStraight,
    #[error("the edge from ({}, {}) to ({}, {}) leaves the map (intersections run from (0, 0) to ({width}, {height}))", from.i, from.j, to.i, to.j)]
    EdgeOffMap {
        from: Intersection,
        to: Intersection,
        width: u32,
        height: u32,
    },
    #[error("unknown ruleset `{0}` (use one of: starfinder, d20_srd, d20_modern, saga)")]
    UnknownRuleset(String),
    #[error("an id may not be empty")]
    EmptyId,
    #[error("there is already a side with id `{0}`")]
    DuplicateSide(String),
    #[error("no side with id `{0}`")]
    NoSide(String),
    #[error("there is already a unit with id `{0}`")]
    DuplicateUnit(String),
    #[error("no unit with id `{0}`")]
    NoUnit(String),
    #[error("a unit needs `{0}` to be placed")]
    UnitMissing(&'static str),
    #[error("square ({}, {}) is off the {width}×{height} map", at.x, at.y)]
    OffMap { at: Square, width: u32, height: u32 },
    #[error("unit `{0}` is not a vehicle (it has no `vehicle` block of its own)")]
    NotAVehicle(String),
    #[error("no objective number {index} (there are {count})")]
    NoObjective { index: usize, count: usize },
    #[error("no zone with id `{0}`")]
    NoZone(String),
}

/// What a command needs besides the file: the legend characters of the file as opened,
/// which painting never removes.
pub(crate) struct Context<'a> {
    pub kept_legend: &'a BTreeSet<char>,
}

/// Applies `cmd` to `file` (the caller passes a copy and keeps it only on success).
pub(crate) fn apply(file: &mut ScenarioFile, cmd: EditCommand, ctx: &Context) -> Result<(), EditError> {
    match cmd {
        EditCommand::Resize { width, height } => map_edit::resize(file, width, height, ctx.kept_legend),
        EditCommand::Paint { squares, layer } => map_edit::paint(&mut file.map, &squares, layer, ctx.kept_legend),
        EditCommand::Edge { from, to, kind } => edges::set_run(&mut file.map, from, to, kind),
        EditCommand::SetName(name) => {
            file.name = name;
            Ok(())
        }
        EditCommand::SetDescription(text) => {
            file.description = text;
            Ok(())
        }
        EditCommand::SetSeed(seed) => {
            file.seed = seed;
            Ok(())
        }
        EditCommand::SetRuleset(id) => match Family::from_id(&id) {
            Some(_) => {
                file.ruleset = id;
                Ok(())
            }
            None => Err(EditError::UnknownRuleset(id)),
        },
        EditCommand::SetHiddenInformation(on) => {
            file.hidden_information = on;
            Ok(())
        }
        EditCommand::AddSide(side) => {
            check_id(&side.id)?;
            if file.sides.iter().any(|s| s.id == side.id) {
                return Err(EditError::DuplicateSide(side.id));
            }
            file.sides.push(side);
            Ok(())
        }
        EditCommand::EditSide { id, side } => edit_side(file, &id, side),
        EditCommand::RemoveSide(id) => {
            if !file.sides.iter().any(|s| s.id == id) {
                return Err(EditError::NoSide(id));
            }
            file.sides.retain(|s| s.id != id);
            file.units.retain(|u| u.side.as_deref() != Some(id.as_str()));
            file.objectives
                .retain(|o| o.side != id && o.goal != Goal::EliminateSide(id.clone()));
            Ok(())
        }
        EditCommand::PlaceUnit(unit) => {
            check_unit(file, &unit, None)?;
            file.units.push(unit);
            Ok(())
        }
        EditCommand::EditUnit { id, unit } => edit_unit(file, &id, unit),
        EditCommand::MoveUnit { id, to } => move_unit(file, &id, to),
        EditCommand::RotateVehicle { id, heading } => {
            let i = unit_index(file, &id)?;
            match file.units[i].vehicle.as_mut() {
                Some(v) => {
                    v.heading = heading;
                    Ok(())
                }
                None => Err(EditError::NotAVehicle(id)),
            }
        }
        EditCommand::RemoveUnit(id) => {
            let i = unit_index(file, &id)?;
            file.units.remove(i);
            Ok(())
        }
        EditCommand::AddObjective(objective) => {
            file.objectives.push(objective);
            Ok(())
        }
        EditCommand::EditObjective { index, objective } => {
            let count = file.objectives.len();
            let slot = file
                .objectives
                .get_mut(index)
                .ok_or(EditError::NoObjective { index, count })?;
            *slot = objective;
            Ok(())
        }
        EditCommand::RemoveObjective(index) => {
            let count = file.objectives.len();
            if index >= count {
                return Err(EditError::NoObjective { index, count });
            }
            file.objectives.remove(index);
            Ok(())
        }
        EditCommand::PaintZone { id, squares, on } => zones::paint_zone(file, &id, &squares, on),
    }
}

fn check_id(id: &str) -> Result<(), EditError> {
    if id.trim().is_empty() {
        Err(EditError::EmptyId)
    } else {
        Ok(())
    }
}

fn edit_side(file: &mut ScenarioFile, id: &str, side: SideDef) -> Result<(), EditError> {
    let i = file
        .sides
        .iter()
        .position(|s| s.id == id)
        .ok_or_else(|| EditError::NoSide(id.to_string()))?;
    check_id(&side.id)?;
    if side.id != id {
        if file.sides.iter().any(|s| s.id == side.id) {
            return Err(EditError::DuplicateSide(side.id));
        }
        for u in &mut file.units {
            if u.side.as_deref() == Some(id) {
                u.side = Some(side.id.clone());
            }
        }
        for o in &mut file.objectives {
            if o.side == id {
                o.side = side.id.clone();
            }
            if o.goal == Goal::EliminateSide(id.to_string()) {
                o.goal = Goal::EliminateSide(side.id.clone());
            }
        }
    }
    file.sides[i] = side_settings_for_control(side);
    Ok(())
}

/// The side as the file writes it for its control: a side a human plays carries no `ai`
/// settings (the validator refuses them there), so switching a side back to `Human` drops
/// them; a computer side keeps its level.
fn side_settings_for_control(side: SideDef) -> SideDef {
    match side.control {
        Control::Human => SideDef { ai: None, ..side },
        Control::Ai => side,
    }
}

/// `side` switched to the other control: `Human` to `Ai` (at `level`, or the file's default
/// `Normal` when `None`, which leaves `ai` out), `Ai` to `Human` (without `ai` settings).
pub fn switch_control(side: &SideDef, level: Option<AiLevel>) -> SideDef {
    let side = side.clone();
    match side.control {
        Control::Human => SideDef {
            control: Control::Ai,
            ai: level.map(|level| AiDef { level }),
            ..side
        },
        Control::Ai => side_settings_for_control(SideDef {
            control: Control::Human,
            ..side
        }),
    }
}

fn unit_index(file: &ScenarioFile, id: &str) -> Result<usize, EditError> {
    file.units
        .iter()
        .position(|u| u.id.as_deref() == Some(id))
        .ok_or_else(|| EditError::NoUnit(id.to_string()))
}

fn on_map(file: &ScenarioFile, at: Square) -> Result<(), EditError> {
    let (width, height) = map_edit::map_size(&file.map);
    if at.x < 0 || at.y < 0 || at.x as i64 >= width as i64 || at.y as i64 >= height as i64 {
        return Err(EditError::OffMap { at, width, height });
    }
    Ok(())
}

/// The checks a placed or edited unit must pass (`replacing`: the index of the unit it
/// replaces); its id.
fn check_unit(file: &ScenarioFile, unit: &UnitDef, replacing: Option<usize>) -> Result<String, EditError> {
    let id = unit.id.clone().ok_or(EditError::UnitMissing("id"))?;
    check_id(&id)?;
    let side = unit.side.clone().ok_or(EditError::UnitMissing("side"))?;
    let at = unit.at.ok_or(EditError::UnitMissing("at"))?;
    if file
        .units
        .iter()
        .enumerate()
        .any(|(i, u)| Some(i) != replacing && u.id.as_deref() == Some(id.as_str()))
    {
        return Err(EditError::DuplicateUnit(id));
    }
    // An edit that keeps the side and square is not refused for them, so a unit the file
    // already has off the map or on a missing side can still be edited (validation says why).
    let before = replacing.and_then(|i| file.units.get(i));
    if before.is_none_or(|u| u.side.as_deref() != Some(side.as_str())) && !file.sides.iter().any(|s| s.id == side) {
        return Err(EditError::NoSide(side));
    }
    if before.is_none_or(|u| u.at != Some(at)) {
        on_map(file, at)?;
    }
    Ok(id)
}

fn edit_unit(file: &mut ScenarioFile, id: &str, unit: UnitDef) -> Result<(), EditError> {
    let i = unit_index(file, id)?;
    let new_id = check_unit(file, &unit, Some(i))?;
    if new_id != id {
        for u in &mut file.units {
            if let Some(a) = u.aboard.as_mut()
                && a.vehicle == id
            {
                a.vehicle = new_id.clone();
            }
        }
        if let Some(chase) = file.chase.as_mut() {
            for p in &mut chase.positions {
                if p.vehicle == id {
                    p.vehicle = new_id.clone();
                }
            }
        }
    }
    file.units[i] = unit;
    Ok(())
}

fn move_unit(file: &mut ScenarioFile, id: &str, to: Square) -> Result<(), EditError> {
    let i = unit_index(file, id)?;
    on_map(file, to)?;
    let from = file.units[i].at.unwrap_or(to);
    let (dx, dy) = (to.x.saturating_sub(from.x), to.y.saturating_sub(from.y));
    file.units[i].at = Some(to);
    // §25.9: riders stand inside their vehicle's space, so they move with it.
    for u in &mut file.units {
        if u.aboard.as_ref().is_some_and(|a| a.vehicle == id)
            && let Some(at) = u.at.as_mut()
        {
            *at = Square::new(at.x.saturating_add(dx), at.y.saturating_add(dy));
        }
    }
    Ok(())
}
