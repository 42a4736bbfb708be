//! The numbers a command may carry (issue #16 items 6, 7, 10): every square, intersection,
//! duration, amount, angle and distance of a `GameCommand`, where it is written in the
//! command, and the range the engine accepts. Scripts and saves check these ranges when they
//! are read (located to `file:line:col` by `history::script`); `check` refuses them again,
//! and refuses every square or intersection off the map, before any geometry runs, so no
//! coordinate from a player ever reaches a line walk, a footprint or a template unchecked.
//!
//! The ranges are generous (documented in docs/scenario-format.md, "Number ranges"); what
//! they guarantee is that sums of a few of them never overflow an `i32`.

use crate::grid::{Intersection, Square};
use crate::rules::Terrain;
use crate::rules::{GameCommand, RuleError};
use bevy::prelude::World;

/// An inclusive range of accepted values, with what the value is (for messages).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    pub min: i64,
    pub max: i64,
    pub what: &'static str,
}

impl Range {
    pub const fn new(min: i64, max: i64, what: &'static str) -> Self {
        Self { min, max, what }
    }

    pub fn contains(&self, value: i64) -> bool {
        (self.min..=self.max).contains(&value)
    }

    /// "`v` is out of range for WHAT (MIN to MAX)".
    pub fn refusal(&self, value: impl std::fmt::Display) -> String {
        format!(
            "{value} is out of range for {} ({} to {})",
            self.what,
            group(self.min),
            group(self.max)
        )
    }
}

/// `1000000` as `1,000,000`, so ranges read at a glance.
fn group(v: i64) -> String {
    let digits = v.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if v < 0 { format!("-{out}") } else { out }
}

/// A square or intersection coordinate in a file (maps are at most 1,024 squares a side;
/// anything beyond this is certainly off every map).
pub const COORDINATE: Range = Range::new(-10_000, 10_000, "a coordinate");
/// Attack, initiative, save, skill and ability modifiers, base attack bonuses, defenses and
/// DCs.
pub const MODIFIER: Range = Range::new(-1_000, 1_000, "a modifier, defense or DC");
/// Hit, Stamina and Resolve Points, damage reduction, hardness, shield rating, damage
/// threshold.
pub const POINTS: Range = Range::new(0, 1_000_000, "points");
/// Speeds, reach, ranges, area sizes, altitude, senses: any distance in feet.
pub const FEET: Range = Range::new(0, 10_000, "a distance in feet");
/// Saga range bands, in squares (10,000 ft).
pub const SQUARES: Range = Range::new(0, 2_000, "a distance in squares");
/// Durations and round numbers.
pub const ROUNDS: Range = Range::new(0, 10_000, "a number of rounds");
/// Levels and item levels.
pub const LEVEL: Range = Range::new(0, 1_000, "a level");
/// Ability scores and ability damage.
pub const SCORE: Range = Range::new(0, 10_000, "an ability score or ability damage");
/// Uses, hands, chase zones and other small counts.
pub const COUNT: Range = Range::new(0, 10_000, "a count");
/// Angles in degrees.
pub const ANGLE: Range = Range::new(-360, 360, "an angle in degrees");
/// A scripted die result (no die has more than 1,000 faces, `DiceExpr`).
pub const DIE: Range = Range::new(1, 1_000, "a scripted die result");
/// Miles per hour (shown only).
pub const MPH: Range = Range::new(0, 100_000, "a speed in miles per hour");
/// The width or height of a zone's rectangle; validation then asks it to fit the map.
pub const MAP_SIDE: Range = Range::new(0, 1_000_000, "a width or height in squares");

/// One step of the way into a command, as it is written (`Move(to: (x, y))` is
/// `[Field("to")]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Field(&'static str),
    Index(usize),
}

/// A number a command carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operand {
    /// A square: on the map, or the command is refused.
    Square(Square),
    /// A grid intersection: on the map's corners (0..=width, 0..=height), or refused.
    Corner(Intersection),
    /// A plain number and its range.
    Number(i64, Range),
}

/// One operand and where it is written in the command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    pub path: Vec<Step>,
    pub operand: Operand,
}

/// Every number `command` carries, in the order written (each command lists its own,
/// `RuleCommand::operands`).
pub fn operands(command: &GameCommand) -> Vec<Located> {
    let mut out = Operands::default();
    command.rule().operands(&mut out);
    out.list
}

/// Where a command lists its operands, each with its way into the command.
#[derive(Debug, Default)]
pub struct Operands {
    prefix: Vec<Step>,
    list: Vec<Located>,
}

impl Operands {
    fn push(&mut self, steps: &[Step], operand: Operand) {
        let mut path = self.prefix.clone();
        path.extend_from_slice(steps);
        self.list.push(Located { path, operand });
    }

    /// A square, written at `steps`.
    pub fn square(&mut self, steps: &[Step], sq: Square) {
        self.push(steps, Operand::Square(sq));
    }

    /// A grid intersection, written at `steps`.
    pub fn corner(&mut self, steps: &[Step], p: Intersection) {
        self.push(steps, Operand::Corner(p));
    }

    /// A number and its range, written at `steps`.
    pub fn number(&mut self, steps: &[Step], value: i64, range: Range) {
        self.push(steps, Operand::Number(value, range));
    }

    /// Each square of the list in field `name`.
    pub fn squares(&mut self, name: &'static str, list: &[Square]) {
        for (k, sq) in list.iter().enumerate() {
            self.square(&[Step::Field(name), Step::Index(k)], *sq);
        }
    }

    /// The operands of `command`, written in field `name` of this one.
    pub fn within(&mut self, name: &'static str, command: &GameCommand) {
        self.prefix.push(Step::Field(name));
        command.rule().operands(self);
        self.prefix.pop();
    }
}

/// What is wrong with one operand regardless of the map: a coordinate or number outside its
/// range (`None` if it is in range), and for a square or intersection which of its two
/// coordinates (0 or 1).
pub fn out_of_range(operand: &Operand) -> Option<(Option<usize>, String)> {
    let coordinates = match operand {
        Operand::Square(s) => [s.x, s.y],
        Operand::Corner(p) => [p.i, p.j],
        Operand::Number(v, range) => return (!range.contains(*v)).then(|| (None, range.refusal(*v))),
    };
    coordinates
        .into_iter()
        .enumerate()
        .find(|(_, c)| !COORDINATE.contains(i64::from(*c)))
        .map(|(k, c)| (Some(k), COORDINATE.refusal(c)))
}

/// Refuses a command with a number out of range, a square off the map or an intersection off
/// the map's corners (issue #16 items 6, 7, 10). Runs before any other check, so geometry
/// only ever sees squares on the map.
pub fn refuse_out_of_bounds(world: &World, command: &GameCommand) -> Result<(), RuleError> {
    for located in operands(command) {
        if let Some((_, why)) = out_of_range(&located.operand) {
            return Err(RuleError::IllegalMove(why));
        }
        match located.operand {
            Operand::Square(s) => square_on_map(world, s)?,
            Operand::Corner(p) => corner_on_map(world, p)?,
            Operand::Number(..) => {}
        }
    }
    Ok(())
}

/// Refuses a square off the battle's map (issue #16 item 7), before any geometry.
pub fn square_on_map(world: &World, sq: Square) -> Result<(), RuleError> {
    match world.get_resource::<Terrain>() {
        Some(Terrain(map)) if !map.contains(sq) => Err(RuleError::IllegalMove(format!(
            "the square {sq} is off the map ({}×{} squares)",
            map.width(),
            map.height()
        ))),
        _ => Ok(()),
    }
}

/// Refuses an intersection that is not a corner of a square of the battle's map (issue #16
/// item 7).
pub fn corner_on_map(world: &World, p: Intersection) -> Result<(), RuleError> {
    match world.get_resource::<Terrain>() {
        Some(Terrain(map))
            if !(0..=i64::from(map.width())).contains(&i64::from(p.i))
                || !(0..=i64::from(map.height())).contains(&i64::from(p.j)) =>
        {
            Err(RuleError::IllegalMove(format!(
                "the intersection ({}, {}) is off the map (its corners run from (0, 0) to ({}, {}))",
                p.i,
                p.j,
                map.width(),
                map.height()
            )))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_with_thousands_separators() {
        assert_eq!(
            ROUNDS.refusal(4_294_967_295u32),
            "4294967295 is out of range for a number of rounds (0 to 10,000)"
        );
        assert_eq!(group(-1_000), "-1,000");
        assert_eq!(group(100), "100");
    }

    #[test]
    fn operands_of_a_declined_move_are_found_inside_then() {
        let command: GameCommand =
            ron::from_str(r#"Decline(reactors: [], then: Move(unit: "a", to: (1, 2), path: Some([(1, 1), (1, 2)])))"#)
                .unwrap();
        let found = operands(&command);
        assert_eq!(found.len(), 3);
        assert_eq!(found[0].path, vec![Step::Field("then"), Step::Field("to")]);
        assert_eq!(
            found[2].path,
            vec![Step::Field("then"), Step::Field("path"), Step::Index(1)]
        );
    }

    #[test]
    fn item10_track_effect_rounds_beyond_10000_are_out_of_range() {
        let command: GameCommand =
            ron::from_str(r#"TrackEffect(source: "a", target: "b", name: "x", rounds: 4294967295)"#).unwrap();
        let found = operands(&command);
        assert!(out_of_range(&found[0].operand).unwrap().1.contains("out of range"));
    }
}
