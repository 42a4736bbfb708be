//! Live validation for the editor: the validator's problems located in the written text and
//! given a target to jump to (a square, a unit, a side, an objective or a zone).

use crate::grid::Square;
use crate::scenario::Problem;
use crate::scenario::format::ScenarioFile;
use crate::scenario::spans::Seg;

/// One validation problem: where it is in the written file and what to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditorProblem {
    pub message: String,
    pub line: usize,
    pub col: usize,
    pub target: Option<JumpTarget>,
}

/// What a problem is about, for the GUI to select.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JumpTarget {
    Square(Square),
    Unit(String),
    Side(String),
    Objective(usize),
    Zone(String),
    /// The scenario's own fields (name, ruleset, map size…).
    Scenario,
}

/// The target of a problem at `problem.path` in `file`.
pub(crate) fn target_of(file: &ScenarioFile, problem: &Problem) -> Option<JumpTarget> {
    let field = |s: Option<&Seg>, name: &str| matches!(s, Some(Seg::Field(f)) if f == name);
    let index = |s: Option<&Seg>| match s {
        Some(Seg::Index(i)) => Some(*i),
        _ => None,
    };
    let p = &problem.path;
    let (first, second, third) = (p.first(), p.get(1), p.get(2));
    if field(first, "units") {
        let Some(i) = index(second) else {
            return Some(JumpTarget::Scenario);
        };
        let unit = file.units.get(i)?;
        return match (&unit.id, unit.at) {
            (Some(id), _) => Some(JumpTarget::Unit(id.clone())),
            (None, Some(at)) => Some(JumpTarget::Square(at)),
            (None, None) => None,
        };
    }
    if field(first, "map") {
        if field(second, "rows") {
            let y = index(third)?;
            let x = problem.char_in_string.unwrap_or(0);
            return Some(JumpTarget::Square(Square::new(
                i32::try_from(x).unwrap_or(i32::MAX),
                i32::try_from(y).unwrap_or(i32::MAX),
            )));
        }
        if field(second, "edges") {
            let e = file.map.edges.get(index(third)?)?;
            let (w, h) = super::map_edit::map_size(&file.map);
            let clamp = |v: i32, max: u32| v.clamp(0, (max.max(1) - 1).min(i32::MAX as u32) as i32);
            return Some(JumpTarget::Square(Square::new(clamp(e.from.i, w), clamp(e.from.j, h))));
        }
        return Some(JumpTarget::Scenario);
    }
    if field(first, "sides") {
        return Some(match index(second).and_then(|i| file.sides.get(i)) {
            Some(s) => JumpTarget::Side(s.id.clone()),
            None => JumpTarget::Scenario,
        });
    }
    if field(first, "zones") {
        return Some(match index(second).and_then(|i| file.zones.get(i)) {
            Some(z) => JumpTarget::Zone(z.id.clone()),
            None => JumpTarget::Scenario,
        });
    }
    if field(first, "objectives") {
        return Some(match index(second) {
            Some(i) if i < file.objectives.len() => JumpTarget::Objective(i),
            _ => JumpTarget::Scenario,
        });
    }
    if field(first, "chase") && field(second, "positions") {
        let vehicle = file.chase.as_ref()?.positions.get(index(third)?)?.vehicle.clone();
        if file.units.iter().any(|u| u.id.as_deref() == Some(vehicle.as_str())) {
            return Some(JumpTarget::Unit(vehicle));
        }
    }
    Some(JumpTarget::Scenario)
}
