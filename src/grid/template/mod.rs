//! Area templates as pure geometry (RULES.md §19.1, AREA-1..AREA-3, WE-44, WE-45): which
//! squares a burst, emanation, spread, cone, line or cylinder from a grid intersection covers
//! on a `Map`, and which squares open ground would give it that this map takes away, and why.
//!
//! Owns the counting rule (`area_distance`), the eight compass directions and the shape
//! algorithms; it must not know about creatures, saves or damage (the rules layer decides
//! who is affected and how) and reads no ruleset beyond the diagonal policy it is handed.
//! Line of effect from the origin is the family-neutral LOE-1 test of `sight.rs` (sample
//! segments, `SightModel::Crossing`), started from a point. docs/areas.md has pictures.

mod line;
mod loe;
mod shaped;
mod spread;
#[cfg(test)]
mod tests;

pub use line::first_line_square;
pub use loe::origin_blocked;
pub use shaped::{ShapeProblem, check_shaped, open_ground_squares};
pub use spread::spread_distances;

use super::segment::Edge;
use super::{Intersection, Map, Square};
use crate::ruleset::DiagonalPolicy;
use serde::{Deserialize, Serialize};

/// The 8 compass directions; N is −y (y grows downward), E is +x. serde: "N","NE","E","SE","S","SW","W","NW".
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

impl Direction8 {
    /// All 8, clockwise from N (the order `index` and `rotate_clockwise` use).
    pub const ALL: [Direction8; 8] = [
        Direction8::N,
        Direction8::NE,
        Direction8::E,
        Direction8::SE,
        Direction8::S,
        Direction8::SW,
        Direction8::W,
        Direction8::NW,
    ];

    /// Position in `ALL`: N = 0, NE = 1, … NW = 7.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// One step in this direction, `(dx, dy)` with y growing downward (N = `(0, -1)`).
    pub const fn step(self) -> (i32, i32) {
        match self {
            Direction8::N => (0, -1),
            Direction8::NE => (1, -1),
            Direction8::E => (1, 0),
            Direction8::SE => (1, 1),
            Direction8::S => (0, 1),
            Direction8::SW => (-1, 1),
            Direction8::W => (-1, 0),
            Direction8::NW => (-1, -1),
        }
    }

    /// The direction of a step `(dx, dy)` with each part in −1..=1, not both 0.
    pub fn from_step(dx: i32, dy: i32) -> Option<Direction8> {
        Direction8::ALL.into_iter().find(|d| d.step() == (dx, dy))
    }

    /// Turned clockwise (as drawn, y down) by `eighths` × 45°; negative turns anticlockwise.
    pub const fn rotate_clockwise(self, eighths: i32) -> Direction8 {
        Direction8::ALL[(self.index() as i32 + eighths).rem_euclid(8) as usize]
    }

    pub const fn opposite(self) -> Direction8 {
        self.rotate_clockwise(4)
    }

    /// NE, SE, SW or NW.
    pub const fn is_diagonal(self) -> bool {
        self.index() % 2 == 1
    }

    /// The upper-case compass name, as serde writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Direction8::N => "N",
            Direction8::NE => "NE",
            Direction8::E => "E",
            Direction8::SE => "SE",
            Direction8::S => "S",
            Direction8::SW => "SW",
            Direction8::W => "W",
            Direction8::NW => "NW",
        }
    }
}

impl std::fmt::Display for Direction8 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Direction8 {
    type Err = String;

    /// A compass name in any case: `n`, `NE`, `sw` …
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Direction8::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("`{s}` is not a direction (N, NE, E, SE, S, SW, W, NW)"))
    }
}

/// The shape of an area (001:3273-3343). Cones and lines carry their direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AreaShape {
    /// Everything in radius with line of effect from the origin; no corners turned.
    Burst,
    /// A burst that lasts: the same squares.
    Emanation,
    /// Turns corners; distance counted along the way travelled.
    Spread,
    /// Everything in radius, ignoring obstructions.
    Cylinder,
    /// A quarter circle in one of 8 directions, with line of effect from the origin.
    Cone(Direction8),
    /// A line in one of 8 directions, stopped by what blocks line of effect.
    Line(Direction8),
}

/// Where and how big an area is. `radius_squares` is the size in feet / 5 (the length of a
/// line or cone).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TemplateSpec {
    pub shape: AreaShape,
    pub origin: Intersection,
    pub radius_squares: u32,
}

/// The squares an area covers on one map. Both lists are sorted by row, then column
/// (`(y, x)`), without duplicates, and hold only squares on the map.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Template {
    pub squares: Vec<Square>,
    pub cut_off: Vec<CutOff>,
}

impl Template {
    /// Whether the area covers `sq` (binary search).
    pub fn contains(&self, sq: Square) -> bool {
        self.squares
            .binary_search_by_key(&row_major(sq), |s| row_major(*s))
            .is_ok()
    }

    /// Why `sq` is cut off, if it is.
    pub fn cut_reason(&self, sq: Square) -> Option<&CutReason> {
        self.cut_off
            .binary_search_by_key(&row_major(sq), |c| row_major(c.square))
            .ok()
            .map(|i| &self.cut_off[i].reason)
    }
}

/// A square the shape covers in open ground that this map takes away.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CutOff {
    pub square: Square,
    pub reason: CutReason,
}

/// Why a square of the open-ground shape is not covered. serde: `{ "kind": "solid" }`,
/// `{ "kind": "no_line_of_effect", "blocked_by": {..} }`, …
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CutReason {
    /// The square itself blocks line of effect (a solid wall square): no burst, cone, spread
    /// or line fills it (a cylinder does).
    Solid,
    /// Burst, emanation, cone (AREA-4: total cover from the origin): no sample line from the
    /// origin reaches the square; `blocked_by` stops the line to its centre.
    NoLineOfEffect { blocked_by: Obstacle },
    /// Spread: the shortest way round walls is `path_squares` long, more than the radius.
    PathTooLong { path_squares: u32 },
    /// Spread: no way round at all within `searched_squares` (twice the radius).
    NoPath { searched_squares: u32 },
    /// Line: the line stopped at `at` before reaching the square.
    LineStopped { at: Obstacle },
}

/// What blocks line of effect (LOE-1, GEO-4). serde: `{ "kind": "square", "at": [x, y] }`,
/// `{ "kind": "wall", "from": [i, j], "to": [i, j] }`, `{ "kind": "joint", "at": [i, j] }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Obstacle {
    /// A square that blocks line of effect (`blocks_loe`).
    Square { at: Square },
    /// A thin wall or closed door on the unit grid edge between two intersections.
    Wall { from: Intersection, to: Intersection },
    /// Thin walls meeting at a grid point so that they separate the two sides (GEO-4 joint).
    Joint { at: Intersection },
}

impl Obstacle {
    pub(crate) fn wall(e: Edge) -> Obstacle {
        match e {
            Edge::Vertical { i, j } => Obstacle::Wall {
                from: Intersection::new(i, j),
                to: Intersection::new(i, j + 1),
            },
            Edge::Horizontal { i, j } => Obstacle::Wall {
                from: Intersection::new(i, j),
                to: Intersection::new(i + 1, j),
            },
        }
    }
}

impl std::fmt::Display for Obstacle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Obstacle::Square { at } => write!(f, "the solid square {at}"),
            Obstacle::Wall { from, to } => write!(f, "the wall from ({}, {}) to ({}, {})", from.i, from.j, to.i, to.j),
            Obstacle::Joint { at } => write!(f, "the walls meeting at ({}, {})", at.i, at.j),
        }
    }
}

fn row_major(sq: Square) -> (i32, i32) {
    (sq.y, sq.x)
}

/// The offset of `sq`'s near corner from `origin` (AREA-3): `(ox, oy)`, both ≥ 0.
pub fn near_corner_offset(origin: Intersection, sq: Square) -> (u32, u32) {
    // In i64: any square and origin (issue #16 item 6); the largest offset fits a u32.
    let off = |v: i32, o: i32| {
        let (v, o) = (i64::from(v), i64::from(o));
        (if v >= o { v - o } else { o - 1 - v }) as u32
    };
    (off(sq.x, origin.i), off(sq.y, origin.j))
}

/// AREA-2/AREA-3: the distance in squares from `origin` to `sq`'s far edge, counted from
/// intersection to intersection with the family's diagonal rule, so the first square entered
/// counts 1: `1 + D(ox, oy)` for the near-corner offset `(ox, oy)` (starfinder
/// `D = max + ⌊min/2⌋`, saga `D = ox + oy`). A square is in a radius-`r` area iff this is ≤ r.
pub fn area_distance(diagonal: DiagonalPolicy, origin: Intersection, sq: Square) -> u32 {
    let (ox, oy) = near_corner_offset(origin, sq);
    // Offsets beyond i32 are beyond every radius too.
    let (ox, oy) = (ox.min(i32::MAX as u32) as i32, oy.min(i32::MAX as u32) as i32);
    diagonal.squares(ox, oy).saturating_add(1)
}

/// AREA-3 `in_radius(O, sq, r)`.
pub fn in_radius(diagonal: DiagonalPolicy, origin: Intersection, sq: Square, radius_squares: u32) -> bool {
    area_distance(diagonal, origin, sq) <= radius_squares
}

/// Whether `sq`'s centre lies within ±45° of `dir` as seen from `origin`, boundary included
/// (the quarter circle of a cone, 001:3273-3277). Exact: with the centre offset `c` in half
/// squares and `d = dir.step()`, the angle is at most 45° iff `c·d ≥ |c × d|`.
pub fn in_cone(origin: Intersection, dir: Direction8, sq: Square) -> bool {
    let (cx, cy) = (
        2 * (sq.x as i64 - origin.i as i64) + 1,
        2 * (sq.y as i64 - origin.j as i64) + 1,
    );
    let (dx, dy) = dir.step();
    let (dx, dy) = (dx as i64, dy as i64);
    cx * dx + cy * dy >= (cx * dy - cy * dx).abs()
}

/// The squares on the map whose far edge lies within `radius_squares` of `origin`, row by
/// row: every square an area of that size could cover in open ground.
pub(crate) fn radius_squares_on(
    map: &Map,
    diagonal: DiagonalPolicy,
    origin: Intersection,
    r: u32,
) -> impl Iterator<Item = Square> + '_ {
    let r = r as i64;
    let (i, j) = (origin.i as i64, origin.j as i64);
    let clip = |lo: i64, hi: i64, n: u32| (lo.max(0), hi.min(n as i64 - 1));
    let (x0, x1) = clip(i - r, i + r - 1, map.width());
    let (y0, y1) = clip(j - r, j + r - 1, map.height());
    (y0..=y1)
        .flat_map(move |y| (x0..=x1).map(move |x| Square::new(x as i32, y as i32)))
        .filter(move |&sq| in_radius(diagonal, origin, sq, r as u32))
}

/// The area `spec` covers on `map` (RULES.md §19.1), with the family's `diagonal` rule:
///
/// * Burst, Emanation: `in_radius` and line of effect from the origin (LOE-1 from a point:
///   some sample line from the origin to the square's centre or inset corners is clear).
/// * Spread: flood fill from the 4 squares around the origin; a square's cost is the path
///   length in squares (diagonal rule with its 1-2-1-2 parity, no diagonal past a corner of a
///   blocking or hard-corner square or a thin wall, never through what blocks line of
///   effect); cost ≤ radius.
/// * Cone: `in_radius`, the centre within ±45° of the direction (boundary included), and line
///   of effect from the origin.
/// * Line: one square wide, from the origin in the direction, up to the radius; stops at the
///   first square or thin wall that blocks line of effect (see `line.rs` for the width).
/// * Cylinder: `in_radius`, ignoring obstructions.
///
/// `radius_squares` 0 covers nothing.
pub fn template(map: &Map, diagonal: DiagonalPolicy, spec: &TemplateSpec) -> Template {
    let (origin, r) = (spec.origin, spec.radius_squares);
    if r == 0 {
        return Template::default();
    }
    match spec.shape {
        AreaShape::Burst | AreaShape::Emanation => sighted(map, diagonal, origin, r, None),
        AreaShape::Cone(dir) => sighted(map, diagonal, origin, r, Some(dir)),
        AreaShape::Cylinder => Template {
            squares: radius_squares_on(map, diagonal, origin, r).collect(),
            cut_off: Vec::new(),
        },
        AreaShape::Spread => spread::spread(map, diagonal, origin, r),
        AreaShape::Line(dir) => line::line(map, diagonal, origin, r, dir),
    }
}

/// Bursts, emanations and cones: the open-ground shape filtered by line of effect.
fn sighted(map: &Map, diagonal: DiagonalPolicy, origin: Intersection, r: u32, cone: Option<Direction8>) -> Template {
    let mut t = Template::default();
    let view = loe::view(map);
    let obstructions = loe::Obstructions::around(&view, map, origin, r);
    for sq in radius_squares_on(map, diagonal, origin, r) {
        if cone.is_some_and(|d| !in_cone(origin, d, sq)) {
            continue;
        }
        if map.cell(sq).is_some_and(|c| c.blocks_loe) {
            t.cut_off.push(CutOff {
                square: sq,
                reason: CutReason::Solid,
            });
            continue;
        }
        if obstructions.clear(origin, sq) {
            t.squares.push(sq);
            continue;
        }
        match loe::blocked_in(&view, origin, sq) {
            None => t.squares.push(sq),
            Some(blocked_by) => t.cut_off.push(CutOff {
                square: sq,
                reason: CutReason::NoLineOfEffect { blocked_by },
            }),
        }
    }
    t
}
