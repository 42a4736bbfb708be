//! Spreads (RULES.md §19.1, 001:3313-3315, 3334-3340): an area that turns corners, its
//! distance counted along the way it actually travels, around walls and not through them.
//!
//! Dijkstra from the 4 squares around the origin (each at distance 1, AREA-3) over
//! (square, 1-2-1-2 parity) with a three-bucket ring queue, as steps cost 1 or 2 squares.
//! Steps never enter a square or cross an edge that blocks line of effect, and a diagonal step
//! never squeezes past a corner: not when a square beside it blocks line of effect or is a
//! hard corner, nor when a thin wall touches the corner point it passes (the strict MOV-10
//! reading). The search first settles every state up to the radius; only when that leaves
//! squares of the radius uncovered does it go on (to twice the radius at most) until it knows
//! their way round. Flags are read from the map, and a square's legal steps worked out, once
//! per square when the search first needs them, into flat arrays over the window.

use super::{CutOff, CutReason, Template, radius_squares_on};
use crate::grid::lines::{MapView, SquareFlags, bits};
use crate::grid::path::DIRS;
use crate::grid::{Intersection, Map, Square};
use crate::ruleset::DiagonalPolicy;

/// Local flag bit: the square is a hard corner (`Cell::hard_corner`).
const HARD: u16 = 1 << 15;
/// Local flag bit: the square's flags have been read.
const KNOWN: u16 = 1 << 14;

const UNREACHED: u32 = u32::MAX;

/// Path distances from an origin over a window of the map, found in order of cost.
struct Field<'a> {
    terrain: MapView<'a>,
    /// The searched squares: columns `x0..x0 + w`, rows `y0..y0 + h` (on the map).
    x0: i32,
    y0: i32,
    w: i32,
    h: i32,
    /// Flags of the window grown by one square on every side, row-major, read from the map
    /// the first time a step needs them (`KNOWN`).
    flags: Vec<u16>,
    /// Per window square: the directions (bits in `DIRS` order) a spread may step in from
    /// it, with `KNOWN` once computed; both parities of a square share them.
    exits: Vec<u16>,
    /// 2 with the 1-2-1-2 parity in the state, else 1.
    parities: usize,
    /// Per (window square, parity): the cheapest cost found so far, or `UNREACHED`. Final
    /// for every cost below `cost`.
    dist: Vec<u32>,
    /// Buckets of (slot, parity) for costs `cost`, `cost + 1`, `cost + 2` (a step costs at
    /// most 2), indexed by cost modulo 3.
    ring: [Vec<(u32, u8)>; 3],
    /// The cost of the next bucket to settle.
    cost: u32,
    /// Entries in the ring, stale ones included.
    pending: usize,
}

impl<'a> Field<'a> {
    /// The window of squares a path of at most `limit` squares from `origin` can reach, with
    /// the 4 squares around the origin that do not block line of effect queued at cost 1.
    fn new(map: &'a Map, diagonal: DiagonalPolicy, origin: Intersection, limit: u32) -> Option<Self> {
        let l = limit as i64;
        let (i, j) = (origin.i as i64, origin.j as i64);
        let (x0, x1) = ((i - l).max(0), (i + l - 1).min(map.width() as i64 - 1));
        let (y0, y1) = ((j - l).max(0), (j + l - 1).min(map.height() as i64 - 1));
        if x0 > x1 || y0 > y1 {
            return None;
        }
        let (x0, y0, w, h) = (x0 as i32, y0 as i32, (x1 - x0 + 1) as i32, (y1 - y0 + 1) as i32);
        let parities = match diagonal {
            DiagonalPolicy::Alternating => 2,
            DiagonalPolicy::EveryDiagonalTwo => 1,
        };
        let mut field = Self {
            terrain: super::loe::view(map),
            x0,
            y0,
            w,
            h,
            flags: vec![0; ((w + 2) * (h + 2)) as usize],
            exits: vec![0; (w * h) as usize],
            parities,
            dist: vec![UNREACHED; (w * h) as usize * parities],
            ring: Default::default(),
            cost: 1,
            pending: 0,
        };
        for (x, y) in [(-1, -1), (0, -1), (-1, 0), (0, 0)] {
            let (x, y) = (origin.i + x, origin.j + y);
            if let Some(s) = field.slot(x, y)
                && field.flag(x, y) & bits::LOE == 0
            {
                field.dist[s * parities] = 1;
                field.ring[1].push((s as u32, 0));
                field.pending += 1;
            }
        }
        Some(field)
    }

    /// Flags of a square of the window or its one-square border.
    #[inline]
    fn flag(&mut self, x: i32, y: i32) -> u16 {
        let i = ((y - self.y0 + 1) * (self.w + 2) + (x - self.x0 + 1)) as usize;
        if self.flags[i] & KNOWN == 0 {
            let sq = Square::new(x, y);
            let hard = self.terrain.map.cell(sq).is_some_and(|c| c.hard_corner);
            self.flags[i] = self.terrain.flags(sq) | KNOWN | if hard { HARD } else { 0 };
        }
        self.flags[i]
    }

    #[inline]
    fn slot(&self, x: i32, y: i32) -> Option<usize> {
        let (c, r) = (x - self.x0, y - self.y0);
        (c >= 0 && r >= 0 && c < self.w && r < self.h).then(|| (r * self.w + c) as usize)
    }

    /// The cheapest cost to `sq` over both parities, if one has been found; final when it is
    /// below `self.cost`.
    fn cost(&self, sq: Square) -> Option<u32> {
        let s = self.slot(sq.x, sq.y)?;
        let best = (0..self.parities).map(|p| self.dist[s * self.parities + p]).min()?;
        (best != UNREACHED).then_some(best)
    }

    /// Settles every state up to cost `limit` (it can be called again with a larger limit),
    /// or stops sooner once every slot marked in `wanted` is settled. `wanted` is cleared as
    /// slots settle.
    fn run(&mut self, diagonal: DiagonalPolicy, limit: u32, wanted: &mut Wanted) {
        while self.pending > 0 && self.cost <= limit && (wanted.left > 0 || wanted.slots.is_empty()) {
            let cost = self.cost;
            let mut bucket = std::mem::take(&mut self.ring[cost as usize % 3]);
            self.pending -= bucket.len();
            for &(s, parity) in &bucket {
                let s = s as usize;
                if self.dist[s * self.parities + parity as usize] != cost || self.dominated(s, parity, cost) {
                    continue;
                }
                if wanted.slots.get(s).copied().unwrap_or(false) {
                    wanted.slots[s] = false;
                    wanted.left -= 1;
                }
                let exits = self.exits(s);
                for (k, (dx, dy)) in DIRS.into_iter().enumerate() {
                    if exits & (1 << k) == 0 {
                        continue;
                    }
                    let (step, next_parity) = match (dx != 0 && dy != 0, diagonal) {
                        (false, _) => (1, parity),
                        (true, DiagonalPolicy::Alternating) => (1 + u32::from(parity), 1 - parity),
                        (true, DiagonalPolicy::EveryDiagonalTwo) => (2, 0),
                    };
                    let t = (s as i32 + dy * self.w + dx) as usize;
                    let next = cost + step;
                    let k = t * self.parities + next_parity as usize;
                    if next < self.dist[k] && !self.dominated(t, next_parity, next) {
                        self.dist[k] = next;
                        self.ring[next as usize % 3].push((t as u32, next_parity));
                        self.pending += 1;
                    }
                }
            }
            // Keep the bucket's allocation for cost + 3.
            bucket.clear();
            self.ring[cost as usize % 3] = bucket;
            self.cost += 1;
        }
    }

    /// Whether the state (slot `s`, `parity`) at `cost` is no better than the other parity's
    /// best so far: from parity 0 the next diagonals cost 1, 2, 1 … and from parity 1 they cost
    /// 2, 1, 2 …, so parity 0 at a cost is worth at least parity 1 at the same cost, and parity
    /// 1 at a cost at least parity 0 at one more. Dropping such states keeps most squares to
    /// one state and changes no distance.
    #[inline]
    fn dominated(&self, s: usize, parity: u8, cost: u32) -> bool {
        if self.parities == 1 {
            return false;
        }
        let other = self.dist[s * 2 + usize::from(1 - parity)];
        other != UNREACHED && other + u32::from(parity == 0) <= cost
    }

    /// The directions a spread may step in from window slot `s` (bits in `DIRS` order): not
    /// off the window, into a square or across an edge that blocks line of effect, nor
    /// diagonally past a blocking or hard corner or a thin wall touching the corner point.
    #[inline]
    fn exits(&mut self, s: usize) -> u16 {
        if self.exits[s] & KNOWN != 0 {
            return self.exits[s];
        }
        let (x, y) = (self.x0 + s as i32 % self.w, self.y0 + s as i32 / self.w);
        // The 3 × 3 block around the square: every flag a step from it reads. The corner a
        // diagonal passes is the top-left corner of one of them, so its walls are there too.
        let mut nb = [[0u16; 3]; 3];
        for (r, row) in nb.iter_mut().enumerate() {
            for (c, f) in row.iter_mut().enumerate() {
                *f = self.flag(x + c as i32 - 1, y + r as i32 - 1);
            }
        }
        let at = |dx: i32, dy: i32| nb[(dy + 1) as usize][(dx + 1) as usize];
        let mut bits = KNOWN;
        for (k, (dx, dy)) in DIRS.into_iter().enumerate() {
            if self.slot(x + dx, y + dy).is_none() || at(dx, dy) & bits::LOE != 0 {
                continue;
            }
            let open = match (dx, dy) {
                (1, 0) => at(1, 0) & bits::WALL_LEFT == 0,
                (-1, 0) => at(0, 0) & bits::WALL_LEFT == 0,
                (0, 1) => at(0, 1) & bits::WALL_TOP == 0,
                (0, _) => at(0, 0) & bits::WALL_TOP == 0,
                _ => {
                    at(i32::from(dx > 0), i32::from(dy > 0)) & bits::EDGES == 0
                        && at(dx, 0) & (bits::LOE | HARD) == 0
                        && at(0, dy) & (bits::LOE | HARD) == 0
                }
            };
            if open {
                bits |= 1 << k;
            }
        }
        self.exits[s] = bits;
        bits
    }
}

/// Slots a search should settle before it may stop (none: run to the limit).
#[derive(Default)]
struct Wanted {
    slots: Vec<bool>,
    left: usize,
}

/// The spread template (see `template`): squares in radius reached by a path of at most `r`
/// squares. When the map takes some away, the search goes on, to `2r` at most, until it
/// knows how long the way round to each of them is.
pub(super) fn spread(map: &Map, diagonal: DiagonalPolicy, origin: Intersection, r: u32) -> Template {
    let limit = r.saturating_mul(2);
    let Some(mut field) = Field::new(map, diagonal, origin, limit) else {
        return Template::default();
    };
    field.run(diagonal, r, &mut Wanted::default());
    let solid = |sq: Square| map.cell(sq).is_some_and(|c| c.blocks_loe);
    let covered = |field: &Field, sq: Square| field.cost(sq).is_some_and(|c| c <= r);
    let mut wanted = Wanted {
        slots: vec![false; (field.w * field.h) as usize],
        left: 0,
    };
    for sq in radius_squares_on(map, diagonal, origin, r) {
        if !covered(&field, sq)
            && !solid(sq)
            && let Some(s) = field.slot(sq.x, sq.y)
        {
            wanted.slots[s] = true;
            wanted.left += 1;
        }
    }
    if wanted.left > 0 {
        field.run(diagonal, limit, &mut wanted);
    }
    let mut t = Template::default();
    for sq in radius_squares_on(map, diagonal, origin, r) {
        let reason = match field.cost(sq) {
            _ if covered(&field, sq) => {
                t.squares.push(sq);
                continue;
            }
            _ if solid(sq) => CutReason::Solid,
            Some(c) if c <= limit => CutReason::PathTooLong { path_squares: c },
            _ => CutReason::NoPath {
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
    let Some(mut field) = Field::new(map, diagonal, origin, max_squares) else {
        return Vec::new();
    };
    field.run(diagonal, max_squares, &mut Wanted::default());
    let mut out = Vec::new();
    for y in field.y0..field.y0 + field.h {
        for x in field.x0..field.x0 + field.w {
            if let Some(c) = field.cost(Square::new(x, y)).filter(|c| *c <= max_squares) {
                out.push((Square::new(x, y), c));
            }
        }
    }
    out
}
