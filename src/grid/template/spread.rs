//! Spreads (RULES.md §19.1, 001:3313-3315, 3334-3340): an area that turns corners, its
//! distance counted along the way it actually travels, around walls and not through them.
//!
//! Dijkstra from the 4 squares around the origin (each at distance 1, AREA-3) over
//! (square, 1-2-1-2 parity) with a three-bucket ring queue, as steps cost 1 or 2 squares.
//! Steps never enter a square or cross an edge that blocks line of effect, and a diagonal step
//! never squeezes past a corner: not when a square beside it blocks line of effect or is a
//! hard corner, nor when a thin wall touches the corner point it passes (the strict MOV-10
//! reading). Flags of the searched window are read once into a flat array.

use super::{CutOff, CutReason, Template, radius_squares_on};
use crate::grid::lines::{SquareFlags, bits};
use crate::grid::{Intersection, Map, Square};
use crate::ruleset::DiagonalPolicy;

/// Local flag bit: the square is a hard corner (`Cell::hard_corner`).
const HARD: u16 = 1 << 15;

const UNREACHED: u32 = u32::MAX;

/// Path distances from an origin over a window of the map.
struct Field {
    /// The searched squares: columns `x0..x0 + w`, rows `y0..y0 + h` (on the map).
    x0: i32,
    y0: i32,
    w: i32,
    h: i32,
    /// Flags of the window grown by one square on every side, row-major.
    flags: Vec<u16>,
    /// 2 with the 1-2-1-2 parity in the state, else 1.
    parities: usize,
    /// Per (window square, parity): the cheapest cost found, or `UNREACHED`.
    dist: Vec<u32>,
}

impl Field {
    /// The window of squares a path of at most `limit` squares from `origin` can reach.
    fn new(map: &Map, diagonal: DiagonalPolicy, origin: Intersection, limit: u32) -> Option<Self> {
        let l = limit as i64;
        let (i, j) = (origin.i as i64, origin.j as i64);
        let (x0, x1) = ((i - l).max(0), (i + l - 1).min(map.width() as i64 - 1));
        let (y0, y1) = ((j - l).max(0), (j + l - 1).min(map.height() as i64 - 1));
        if x0 > x1 || y0 > y1 {
            return None;
        }
        let (x0, y0, w, h) = (x0 as i32, y0 as i32, (x1 - x0 + 1) as i32, (y1 - y0 + 1) as i32);
        let terrain = super::loe::view(map);
        let mut flags = Vec::with_capacity(((w + 2) * (h + 2)) as usize);
        for y in y0 - 1..y0 + h + 1 {
            for x in x0 - 1..x0 + w + 1 {
                let sq = Square::new(x, y);
                let hard = map.cell(sq).is_some_and(|c| c.hard_corner);
                flags.push(terrain.flags(sq) | if hard { HARD } else { 0 });
            }
        }
        let parities = match diagonal {
            DiagonalPolicy::Alternating => 2,
            DiagonalPolicy::EveryDiagonalTwo => 1,
        };
        Some(Self {
            x0,
            y0,
            w,
            h,
            flags,
            parities,
            dist: vec![UNREACHED; (w * h) as usize * parities],
        })
    }

    /// Flags of a square of the window or its one-square border.
    #[inline]
    fn flag(&self, x: i32, y: i32) -> u16 {
        self.flags[((y - self.y0 + 1) * (self.w + 2) + (x - self.x0 + 1)) as usize]
    }

    #[inline]
    fn slot(&self, x: i32, y: i32) -> Option<usize> {
        let (c, r) = (x - self.x0, y - self.y0);
        (c >= 0 && r >= 0 && c < self.w && r < self.h).then(|| (r * self.w + c) as usize)
    }

    /// Cheapest cost to `sq` over both parities, if reached.
    fn cost(&self, sq: Square) -> Option<u32> {
        let s = self.slot(sq.x, sq.y)?;
        let best = (0..self.parities).map(|p| self.dist[s * self.parities + p]).min()?;
        (best != UNREACHED).then_some(best)
    }

    /// Runs the search to `limit` squares from the 4 squares around `origin`.
    fn search(&mut self, diagonal: DiagonalPolicy, origin: Intersection, limit: u32) {
        // Ring of buckets for costs c, c + 1, c + 2 (a step costs at most 2).
        let mut ring: [Vec<(usize, u8)>; 3] = Default::default();
        for (x, y) in [(-1, -1), (0, -1), (-1, 0), (0, 0)] {
            let (x, y) = (origin.i + x, origin.j + y);
            if let Some(s) = self.slot(x, y)
                && self.flag(x, y) & bits::LOE == 0
            {
                self.dist[s * self.parities] = 1;
                ring[1].push((s, 0));
            }
        }
        let mut cost = 1u32;
        let mut pending = ring[1].len();
        while pending > 0 && cost <= limit {
            let bucket = std::mem::take(&mut ring[cost as usize % 3]);
            pending -= bucket.len();
            for &(s, parity) in &bucket {
                if self.dist[s * self.parities + parity as usize] != cost {
                    continue;
                }
                let (x, y) = (self.x0 + s as i32 % self.w, self.y0 + s as i32 / self.w);
                for (dx, dy) in crate::grid::path::DIRS {
                    let Some((step, next_parity)) = self.step(diagonal, x, y, dx, dy, parity) else {
                        continue;
                    };
                    let next = cost + step;
                    if next > limit {
                        continue;
                    }
                    let Some(t) = self.slot(x + dx, y + dy) else { continue };
                    let k = t * self.parities + next_parity as usize;
                    if next < self.dist[k] {
                        self.dist[k] = next;
                        ring[next as usize % 3].push((t, next_parity));
                        pending += 1;
                    }
                }
            }
            // Reuse the bucket's allocation.
            let mut bucket = bucket;
            bucket.clear();
            ring[cost as usize % 3] = bucket;
            cost += 1;
        }
    }

    /// The cost and the parity after a step from `(x, y)` by `(dx, dy)`, or `None` where a
    /// spread cannot go: off the window, into a square or across an edge that blocks line
    /// of effect, or diagonally past a blocking or hard corner or a wall touching the corner.
    #[inline]
    fn step(&self, diagonal: DiagonalPolicy, x: i32, y: i32, dx: i32, dy: i32, parity: u8) -> Option<(u32, u8)> {
        let (tx, ty) = (x + dx, y + dy);
        self.slot(tx, ty)?;
        if self.flag(tx, ty) & bits::LOE != 0 {
            return None;
        }
        if dx == 0 || dy == 0 {
            let wall = match (dx, dy) {
                (1, _) => self.flag(tx, ty) & bits::WALL_LEFT,
                (-1, _) => self.flag(x, y) & bits::WALL_LEFT,
                (_, 1) => self.flag(tx, ty) & bits::WALL_TOP,
                _ => self.flag(x, y) & bits::WALL_TOP,
            };
            return (wall == 0).then_some((1, parity));
        }
        // The corner point passed is the top-left corner of square (px, py); a thin wall
        // touching it is one of that square's EDGES bits.
        let (px, py) = (x + i32::from(dx > 0), y + i32::from(dy > 0));
        if self.flag(px, py) & bits::EDGES != 0
            || self.flag(tx, y) & (bits::LOE | HARD) != 0
            || self.flag(x, ty) & (bits::LOE | HARD) != 0
        {
            return None;
        }
        Some(match diagonal {
            DiagonalPolicy::Alternating => (1 + u32::from(parity), 1 - parity),
            DiagonalPolicy::EveryDiagonalTwo => (2, 0),
        })
    }
}

/// The search of `spread_distances`, or `None` when no square of the map is that close.
fn searched(map: &Map, diagonal: DiagonalPolicy, origin: Intersection, limit: u32) -> Option<Field> {
    let mut field = Field::new(map, diagonal, origin, limit)?;
    field.search(diagonal, origin, limit);
    Some(field)
}

/// The spread template (see `template`): squares in radius reached by a path of at most `r`
/// squares. When the map takes some away, the search runs again to `2r` so that cut-off
/// squares can say how long the way round is.
pub(super) fn spread(map: &Map, diagonal: DiagonalPolicy, origin: Intersection, r: u32) -> Template {
    let limit = r.saturating_mul(2);
    let Some(mut field) = searched(map, diagonal, origin, r) else {
        return Template::default();
    };
    let solid = |sq: Square| map.cell(sq).is_some_and(|c| c.blocks_loe);
    if radius_squares_on(map, diagonal, origin, r).any(|sq| field.cost(sq).is_none() && !solid(sq)) {
        field = searched(map, diagonal, origin, limit).unwrap_or(field);
    }
    let mut t = Template::default();
    for sq in radius_squares_on(map, diagonal, origin, r) {
        let reason = match field.cost(sq) {
            Some(c) if c <= r => {
                t.squares.push(sq);
                continue;
            }
            _ if solid(sq) => CutReason::Solid,
            Some(c) => CutReason::PathTooLong { path_squares: c },
            None => CutReason::NoPath {
                searched_squares: limit,
            },
        };
        t.cut_off.push(CutOff { square: sq, reason });
    }
    t
}

/// The path distance of a spread from `origin` (see `template`) to every square it reaches
/// within `max_squares`, sorted by row, then column. A spread of radius `r` covers exactly the
/// squares listed with a distance ≤ `r`.
pub fn spread_distances(
    map: &Map,
    diagonal: DiagonalPolicy,
    origin: Intersection,
    max_squares: u32,
) -> Vec<(Square, u32)> {
    let Some(field) = searched(map, diagonal, origin, max_squares) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for y in field.y0..field.y0 + field.h {
        for x in field.x0..field.x0 + field.w {
            if let Some(c) = field.cost(Square::new(x, y)) {
                out.push((Square::new(x, y), c));
            }
        }
    }
    out
}
