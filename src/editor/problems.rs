//! Live validation for the editor: the validator's problems located in the written text and
//! given a target to jump to (a square, a unit, a side, an objective or a zone), and worded
//! for the author of the map (what it is about, by name; the jump shows where).

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

impl EditorProblem {
    /// The problem as the editor lists it: what it is about in the author's words (a unit or
    /// a side by its name, an objective by its number, a square by its position) and the
    /// validator's message. No position in the written text: clicking the problem jumps there.
    pub fn describe(&self, file: &ScenarioFile) -> String {
        let about = match &self.target {
            Some(JumpTarget::Unit(id)) => {
                let name = file
                    .units
                    .iter()
                    .find(|u| u.id.as_deref() == Some(id.as_str()))
                    .and_then(|u| u.name.clone());
                match name {
                    Some(name) if name != *id => Some(format!("{name} ({id})")),
                    // The message already says which unit ("unit `u2` has no `side`").
                    _ if self.message.contains(&format!("`{id}`")) => None,
                    _ => Some(format!("Unit {id}")),
                }
            }
            Some(JumpTarget::Side(id)) => Some(
                file.sides
                    .iter()
                    .find(|s| &s.id == id)
                    .map_or_else(|| format!("Side {id}"), |s| format!("Side {}", s.name)),
            ),
            Some(JumpTarget::Objective(i)) => Some(format!("Objective {}", i + 1)),
            Some(JumpTarget::Zone(id)) => Some(format!("Zone {id}")),
            Some(JumpTarget::Square(sq)) => Some(format!("Square {sq}")),
            Some(JumpTarget::Scenario) | None => None,
        };
        let mut message = self.message.clone();
        if let Some(first) = message.get(..1) {
            message.replace_range(..1, &first.to_uppercase());
        }
        match about {
            Some(about) => format!("{about}: {message}"),
            None => message,
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::format::{SideDef, UnitDef};

    fn problem(message: &str, target: Option<JumpTarget>) -> EditorProblem {
        EditorProblem {
            message: message.into(),
            line: 12,
            col: 7,
            target,
        }
    }

    /// Issue #18 item 12: the list says what a problem is about by name, never where it is in
    /// the RON text.
    #[test]
    fn problems_name_their_unit_side_or_objective_and_no_text_position() {
        let mut file = crate::editor::EditorDoc::blank("saga", 4, 4).file;
        file.sides.push(SideDef {
            id: "rebels".into(),
            name: "Rebel Cell".into(),
            control: crate::scenario::format::Control::Human,
            colour: "#3366ff".into(),
            ai: None,
        });
        file.units.push(UnitDef {
            id: Some("kessa".into()),
            name: Some("Kessa Varn".into()),
            ..UnitDef::default()
        });
        file.units.push(UnitDef {
            id: Some("u2".into()),
            ..UnitDef::default()
        });
        let unit = problem(
            "unit `kessa` stands inside a wall at (1, 1)",
            Some(JumpTarget::Unit("kessa".into())),
        );
        assert_eq!(
            unit.describe(&file),
            "Kessa Varn (kessa): Unit `kessa` stands inside a wall at (1, 1)"
        );
        let plain = problem("unit `u2` has no `side`", Some(JumpTarget::Unit("u2".into())));
        assert_eq!(plain.describe(&file), "Unit `u2` has no `side`", "said once");
        let unnamed = problem("weapon `x` needs a damage type", Some(JumpTarget::Unit("u2".into())));
        assert_eq!(unnamed.describe(&file), "Unit u2: Weapon `x` needs a damage type");
        let side = problem("colour must be #rrggbb", Some(JumpTarget::Side("rebels".into())));
        assert_eq!(side.describe(&file), "Side Rebel Cell: Colour must be #rrggbb");
        let objective = problem("rounds count from 1", Some(JumpTarget::Objective(1)));
        assert_eq!(objective.describe(&file), "Objective 2: Rounds count from 1");
        let whole = problem("a battle needs at least one unit", Some(JumpTarget::Scenario));
        assert_eq!(whole.describe(&file), "A battle needs at least one unit");
        for p in [unit, plain, unnamed, side, objective, whole] {
            assert!(!p.describe(&file).contains("12:7"), "no line:col");
        }
    }
}
