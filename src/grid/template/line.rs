//! Lines (RULES.md §19.1, 001:3316-3321): from a corner in one of 8 directions to the
//! limit of the area or the first barrier that blocks line of effect.
//!
//! Width (the reading documented in docs/areas.md): a line is one square wide.
//! * Diagonal: the segment from the origin crosses the interiors of the squares along the
//!   diagonal and only touches the squares beside it at corners, which do not count
//!   (AREA table: "squares merely touched at a corner are NOT included"). So a NE line covers
//!   the squares whose corners it joins, and nothing else.
//! * Orthogonal: the segment runs along a grid line between two rows (or columns) of squares
//!   and enters neither; the line covers the row on its right-hand side as drawn (facing E,
//!   the row below; facing S, the column to the west), as if drawn half a square over. The
//!   user picks which row by picking the corner (a line east from the top-right corner of its
//!   square runs along its own row). Rotating the map rotates the line; mirroring it does not
//!   (the mirror image of a right-hand row is a left-hand one).
//!
//! Blocking: the line stops before the first square that blocks line of effect or the first
//! thin wall it crosses going from one square's centre to the next (GEO-4; on a diagonal that
//! is a joint whose walls separate the two squares). A wall along the side of the row, or a
//! wall end, does not stop it; two solid squares touching at the corner it passes do not
//! either (LOE-1 needs the interior crossed, as for `loe_1_corner_pinch`).

use super::loe::{first_obstacle, view};
use super::{CutOff, CutReason, Direction8, Obstacle, Template, in_radius, row_major};
use crate::grid::segment::Segment;
use crate::grid::{Intersection, Map, Square};
use crate::ruleset::DiagonalPolicy;

/// The first square of a line from `origin` towards `dir` (see the module docs).
pub fn first_line_square(origin: Intersection, dir: Direction8) -> Square {
    let (dx, dy) = dir.step();
    // Diagonal: the square in that quadrant. Orthogonal: half a square ahead and half a
    // square to the right-hand side, whose direction is (−dy, dx) with y down.
    let (sx, sy) = if dir.is_diagonal() {
        (dx, dy)
    } else {
        (dx - dy, dy + dx)
    };
    Square::new(
        origin.i + if sx > 0 { 0 } else { -1 },
        origin.j + if sy > 0 { 0 } else { -1 },
    )
}

pub(super) fn line(map: &Map, diagonal: DiagonalPolicy, origin: Intersection, r: u32, dir: Direction8) -> Template {
    let terrain = view(map);
    let (dx, dy) = dir.step();
    let solid = |sq: Square| map.cell(sq).is_some_and(|c| c.blocks_loe);
    let mut t = Template::default();
    let mut stopped: Option<Obstacle> = None;
    let mut prev: Option<Square> = None;
    let mut sq = first_line_square(origin, dir);
    let (w, h) = (map.width() as i32, map.height() as i32);
    let past_the_map =
        |s: Square| (dx > 0 && s.x >= w) || (dx < 0 && s.x < 0) || (dy > 0 && s.y >= h) || (dy < 0 && s.y < 0);
    while !past_the_map(sq) && in_radius(diagonal, origin, sq, r) {
        if !map.contains(sq) {
            // An origin off the map: the line may still come onto it.
            (prev, sq) = (Some(sq), Square::new(sq.x + dx, sq.y + dy));
            continue;
        }
        if stopped.is_none() {
            stopped = match prev {
                Some(p) => first_obstacle(&terrain, &Segment::centres(p, sq)),
                None => solid(sq).then_some(Obstacle::Square { at: sq }),
            };
        }
        match stopped {
            None => t.squares.push(sq),
            Some(at) => t.cut_off.push(CutOff {
                square: sq,
                reason: if solid(sq) {
                    CutReason::Solid
                } else {
                    CutReason::LineStopped { at }
                },
            }),
        }
        prev = Some(sq);
        sq = Square::new(sq.x + dx, sq.y + dy);
    }
    t.squares.sort_by_key(|s| row_major(*s));
    t.cut_off.sort_by_key(|c| row_major(c.square));
    t
}
