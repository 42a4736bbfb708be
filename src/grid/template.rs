//! TEMPORARY: replaced by the templates branch at merge.
//!
//! A minimal stand-in for the area templates (RULES.md §19.1, AREA-3) with the contract's
//! signatures: every shape is computed as a burst of `radius_squares` around `origin`
//! (a square at near-corner offset `(ox, oy)` is in when `1 + D(ox, oy) <= r`), with no line
//! of effect, so the rules layer can be written and tested against it.

use super::{Intersection, Map, Square};
use crate::ruleset::DiagonalPolicy;
use serde::{Deserialize, Serialize};

/// The eight compass directions; N is −y, E is +x.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction8 {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

/// The shape of an area (§19.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AreaShape {
    Burst,
    Emanation,
    Spread,
    Cylinder,
    Cone(Direction8),
    Line(Direction8),
}

/// What to lay on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TemplateSpec {
    pub shape: AreaShape,
    pub origin: Intersection,
    pub radius_squares: u32,
}

/// Why a square in reach of the area is not in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CutReason {
    /// Placeholder of the stand-in.
    Blocked,
}

/// A square the area does not reach although it is within the radius.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CutOff {
    pub square: Square,
    pub reason: CutReason,
}

/// The squares an area covers, sorted, on the map only.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Template {
    pub squares: Vec<Square>,
    pub cut_off: Vec<CutOff>,
}

/// AREA-3 `in_radius` for every shape (stand-in).
pub fn template(map: &Map, diagonal: DiagonalPolicy, spec: &TemplateSpec) -> Template {
    let (i, j) = (spec.origin.i, spec.origin.j);
    let r = spec.radius_squares as i32;
    let mut squares = Vec::new();
    for y in j - r..j + r {
        for x in i - r..i + r {
            let ox = if x >= i { x - i } else { i - 1 - x };
            let oy = if y >= j { y - j } else { j - 1 - y };
            let sq = Square::new(x, y);
            if diagonal.squares(ox, oy) < spec.radius_squares && map.contains(sq) {
                squares.push(sq);
            }
        }
    }
    squares.sort();
    Template {
        squares,
        cut_off: Vec::new(),
    }
}
