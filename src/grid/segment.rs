//! Exact segment primitives on the square grid (RULES.md §2.3, GEO-1..GEO-4): which squares a
//! straight segment crosses, runs along or nicks, and whether it crosses a thin wall edge.
//!
//! Points are integers in units of `1 / scale` of a square, so lattice corners (`scale` 1),
//! square centres (`scale` 2, "doubled coordinates") and inset sample points (`scale` 100) are
//! all exact; every test is integer arithmetic (cross products and fraction comparisons), never
//! floating point. The squares a segment touches are found by walking its columns, never by
//! scanning a map. This module knows nothing about terrain or rules: callers say which edges
//! are walls and what a contact means for them.
//! Over 600 lines: about 290 of them are its tests (every contact of a segment with a square
//! and a wall edge).

use super::{Intersection, Square};
use std::cmp::Ordering;
use std::ops::ControlFlow;

/// A point in units of `1 / scale` of a square (see [`Segment::scale`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Point {
    pub x: i64,
    pub y: i64,
}

impl Point {
    pub const fn new(x: i64, y: i64) -> Self {
        Self { x, y }
    }
}

/// How a segment meets one closed square (GEO-1..GEO-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Contact {
    /// GEO-3: meets the square's boundary at isolated point(s) only (a corner).
    Nicks,
    /// GEO-2: overlaps one of the square's edges over a positive length, never entering it.
    RunsAlong,
    /// GEO-1: meets the open interior of the square.
    Crosses,
}

/// One unit edge of the grid, named as `Map` names thin walls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Edge {
    /// The grid line `x = i` between `y = j` and `y = j + 1` (the left edge of square `(i, j)`).
    Vertical { i: i32, j: i32 },
    /// The grid line `y = j` between `x = i` and `x = i + 1` (the top edge of square `(i, j)`).
    Horizontal { i: i32, j: i32 },
}

/// How a segment meets one closed edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EdgeContact {
    /// At a point interior to both the edge and the segment (GEO-4 crossing).
    Crosses,
    /// Collinear overlap of positive length (GEO-2, GEO-4 "runs along").
    RunsAlong,
    /// Only at an end of the edge, a lattice point; whether that blocks is the joint rule.
    AtCorner(Intersection),
    /// The segment starts or ends inside the edge (only possible for non-lattice points).
    EndsOn,
}

/// Why a segment is stopped by thin walls (GEO-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WallCrossing {
    /// Crosses the wall edge at a point interior to both (or ends on it).
    Through(Edge),
    /// Runs along the wall edge.
    Along(Edge),
    /// Passes through a lattice point where walls meet and separate the arriving and
    /// leaving directions (GEO-4 joint rule).
    Joint(Intersection),
}

/// The squares the endpoints of a segment belong to. A segment that starts (ends) exactly
/// on a lattice point uses the direction into its own square as the arriving (leaving)
/// direction for the GEO-4 joint rule; with `None`, an endpoint is never a joint.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Ends {
    pub from: Option<Square>,
    pub to: Option<Square>,
}

/// The four wall rays leaving a lattice point, in the order right, down, left, up.
pub type Rays = [bool; 4];

const RAY_DIRS: [(i64, i64); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// The normalisation of a walk (see `Segment::octant`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Octant {
    swap: bool,
    flip_x: bool,
    flip_y: bool,
}

impl Octant {
    /// A point in normalised coordinates.
    fn forward(&self, p: Point) -> (i64, i64) {
        let x = if self.flip_x { -p.x } else { p.x };
        let y = if self.flip_y { -p.y } else { p.y };
        if self.swap { (y, x) } else { (x, y) }
    }

    /// The square at normalised column `c`, row `r` (a mirrored square `k` is `−k − 1`).
    #[inline]
    pub(crate) fn square(&self, c: i64, r: i64) -> Square {
        let (mut x, mut y) = if self.swap { (r, c) } else { (c, r) };
        if self.flip_x {
            x = -x - 1;
        }
        if self.flip_y {
            y = -y - 1;
        }
        Square::new(x as i32, y as i32)
    }

    /// `(offset, per column, per row)` such that the row-major index `(y + 1)·stride + x + 1`
    /// of `square(c, r)` is `offset + c·per_column + r·per_row`.
    pub(crate) fn linear(&self, stride: i64) -> (i64, i64, i64) {
        let (sx, ox) = if self.flip_x { (-1, -1) } else { (1, 0) };
        let (sy, oy) = if self.flip_y { (-1, -1) } else { (1, 0) };
        let offset = (oy + 1) * stride + ox + 1;
        if self.swap {
            (offset, sy * stride, sx)
        } else {
            (offset, sx, sy * stride)
        }
    }
}

/// A closed straight segment between two points in units of `1 / scale` of a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Segment {
    pub from: Point,
    pub to: Point,
    /// Points per square side: 1 for lattice points, 2 for doubled coordinates (centres odd).
    pub scale: i64,
}

/// A non-negative-denominator fraction, compared exactly.
#[derive(Debug, Clone, Copy)]
struct Frac {
    n: i64,
    d: i64,
}

impl Frac {
    fn new(n: i64, d: i64) -> Self {
        if d < 0 { Self { n: -n, d: -d } } else { Self { n, d } }
    }

    #[cfg(test)]
    fn cmp(self, other: Frac) -> Ordering {
        (self.n as i128 * other.d as i128).cmp(&(other.n as i128 * self.d as i128))
    }
}

fn cross(a: (i64, i64), b: (i64, i64)) -> i64 {
    a.0 * b.1 - a.1 * b.0
}

fn dot(a: (i64, i64), b: (i64, i64)) -> i64 {
    a.0 * b.0 + a.1 * b.1
}

/// Whether `w` lies strictly inside the sweep that turns from `u` to `v` in the positive
/// sense (exclusive of both boundary rays). Same-direction `u`, `v` sweep nothing.
fn strictly_in_sweep(u: (i64, i64), v: (i64, i64), w: (i64, i64)) -> bool {
    let uv = cross(u, v);
    if uv > 0 {
        cross(u, w) > 0 && cross(w, v) > 0
    } else if uv < 0 {
        // More than half a turn: the complement of the closed short sweep from v to u.
        !(cross(v, w) >= 0 && cross(w, u) >= 0)
    } else if dot(u, v) > 0 {
        false
    } else {
        cross(u, w) > 0
    }
}

fn floor_div(a: i64, b: i64) -> i64 {
    a.div_euclid(b)
}

fn ceil_div(a: i64, b: i64) -> i64 {
    -(-a).div_euclid(b)
}

impl Segment {
    /// A segment in units of `1 / scale` of a square (`scale ≥ 1`).
    pub fn new(from: Point, to: Point, scale: i64) -> Self {
        assert!(scale >= 1, "segment scale must be positive");
        Self { from, to, scale }
    }

    /// Corner to corner (lattice points).
    pub fn corners(a: Intersection, b: Intersection) -> Self {
        Self::new(
            Point::new(a.i as i64, a.j as i64),
            Point::new(b.i as i64, b.j as i64),
            1,
        )
    }

    /// Between doubled coordinates: corners are even, square centres odd.
    pub fn doubled(a: (i64, i64), b: (i64, i64)) -> Self {
        Self::new(Point::new(a.0, a.1), Point::new(b.0, b.1), 2)
    }

    /// Centre of one square to the centre of another (doubled coordinates).
    pub fn centres(a: Square, b: Square) -> Self {
        let c = |s: Square| (2 * s.x as i64 + 1, 2 * s.y as i64 + 1);
        Self::doubled(c(a), c(b))
    }

    /// Whether the segment is a single point.
    pub fn is_point(&self) -> bool {
        self.from == self.to
    }

    fn delta(&self) -> (i64, i64) {
        (self.to.x - self.from.x, self.to.y - self.from.y)
    }

    /// How the segment meets square `sq`, or `None` if it misses the closed square (GEO-1..3).
    /// A single-point segment crosses a square it lies strictly inside and nicks one it lies
    /// on the border of.
    pub fn contact(&self, sq: Square) -> Option<Contact> {
        let s = self.scale;
        let (x0, y0) = (sq.x as i64 * s, sq.y as i64 * s);
        let (x1, y1) = (x0 + s, y0 + s);
        let (px, py, qx, qy) = (self.from.x, self.from.y, self.to.x, self.to.y);
        let (lx, hx, ly, hy) = (px.min(qx), px.max(qx), py.min(qy), py.max(qy));
        // Separating axes of a segment and a square: x, y and the segment's normal. The closed
        // sets meet unless one axis separates them strictly.
        if hx < x0 || lx > x1 || hy < y0 || ly > y1 {
            return None;
        }
        let (dx, dy) = (qx - px, qy - py);
        if dx == 0 && dy == 0 {
            let inside = px > x0 && px < x1 && py > y0 && py < y1;
            return Some(if inside { Contact::Crosses } else { Contact::Nicks });
        }
        let side = |x: i64, y: i64| (dx as i128 * (y - py) as i128 - dy as i128 * (x - px) as i128).signum();
        let corners = [side(x0, y0), side(x1, y0), side(x0, y1), side(x1, y1)];
        let (lo, hi) = (*corners.iter().min().unwrap_or(&0), *corners.iter().max().unwrap_or(&0));
        if lo > 0 || hi < 0 {
            return None;
        }
        // The open interior projects to open intervals on every axis (GEO-1).
        if hx > x0 && lx < x1 && hy > y0 && ly < y1 && lo < 0 && hi > 0 {
            return Some(Contact::Crosses);
        }
        // Touching without entering: a positive-length overlap with an edge (only an
        // axis-parallel segment can have one) runs along it (GEO-2); otherwise a nick (GEO-3).
        let runs = (dy == 0 && (py == y0 || py == y1) && hx.min(x1) > lx.max(x0))
            || (dx == 0 && (px == x0 || px == x1) && hy.min(y1) > ly.max(y0));
        Some(if runs { Contact::RunsAlong } else { Contact::Nicks })
    }

    /// Calls `f` with every square whose closed region the segment meets, walking from `from`
    /// to `to` column by column along the longer axis (O(length), no map scan). Stops early
    /// when `f` breaks. Use [`Segment::contact`] to classify a square when it matters.
    #[inline]
    pub fn for_each_square<B>(&self, mut f: impl FnMut(Square) -> ControlFlow<B>) -> ControlFlow<B> {
        let o = self.octant();
        self.walk_normalised(&o, |c, r| f(o.square(c, r)))
    }

    /// How the walk is normalised: mirror x and y so the segment heads right and down, then
    /// transpose if it is steeper than 45°.
    pub(crate) fn octant(&self) -> Octant {
        let flip_x = self.to.x < self.from.x;
        let flip_y = self.to.y < self.from.y;
        let swap = (self.to.y - self.from.y).abs() > (self.to.x - self.from.x).abs();
        Octant { swap, flip_x, flip_y }
    }

    /// The walk of `for_each_square` in the normalised coordinates of `o` (0 ≤ dy ≤ dx):
    /// `f(c, r)` for column `c`, row `r`; `o.square(c, r)` is the square.
    #[inline]
    pub(crate) fn walk_normalised<B>(
        &self,
        o: &Octant,
        mut f: impl FnMut(i64, i64) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let s = self.scale;
        let (ax, ay) = o.forward(self.from);
        let (bx, by) = o.forward(self.to);
        let (dx, dy) = (bx - ax, by - ay);
        if dx == 0 {
            for c in ceil_div(ax, s) - 1..=floor_div(ax, s) {
                for r in ceil_div(ay, s) - 1..=floor_div(ay, s) {
                    f(c, r)?;
                }
            }
            return ControlFlow::Continue(());
        }
        // Row of the segment at x, in square units: (ay·dx + (x − ax)·dy) / (dx·s), kept as a
        // quotient and remainder. A column advances x by at most s, so the remainder grows by
        // at most s·dy ≤ dx·s: one carry, no division inside the walk.
        let den = dx * s;
        let (mut ql, mut rl) = (ay.div_euclid(s), ay.rem_euclid(s) * dx);
        let (axq, axr) = (ax.div_euclid(s), ax.rem_euclid(s));
        let mut c = if axr == 0 { axq - 1 } else { axq };
        let last = bx.div_euclid(s);
        // Rows whose closed extent meets [y(xl), y(xr)]: ceil(y(xl)) − 1 ..= floor(y(xr)).
        let mut column = |c: i64, ql: i64, rl: i64, qr: i64| {
            let mut row = ql + i64::from(rl > 0) - 1;
            while row <= qr {
                f(c, row)?;
                row += 1;
            }
            ControlFlow::Continue(())
        };
        let mut xl = ax;
        // The first column may start inside it; the columns after it are full until `last`.
        let full = s * dy;
        while c <= last {
            let xr = bx.min((c + 1) * s);
            let r = rl + if xr - xl == s { full } else { (xr - xl) * dy };
            let (qr, rr) = if r >= den { (ql + 1, r - den) } else { (ql, r) };
            column(c, ql, rl, qr)?;
            (xl, ql, rl) = (xr, qr, rr);
            c += 1;
            if xl == c * s {
                break;
            }
        }
        while c < last {
            let r = rl + full;
            let (qr, rr) = if r >= den { (ql + 1, r - den) } else { (ql, r) };
            column(c, ql, rl, qr)?;
            (ql, rl) = (qr, rr);
            c += 1;
        }
        xl = xl.max(c * s);
        if c == last {
            let r = rl + (bx - xl) * dy;
            let qr = if r >= den { ql + 1 } else { ql };
            column(c, ql, rl, qr)?;
        }
        ControlFlow::Continue(())
    }

    /// Every square the segment meets with its contact, in walking order (GEO-1..GEO-3).
    pub fn squares(&self) -> Vec<(Square, Contact)> {
        let mut out = Vec::new();
        let _ = self.for_each_square(|sq| {
            if let Some(c) = self.contact(sq) {
                out.push((sq, c));
            }
            ControlFlow::<()>::Continue(())
        });
        out
    }

    /// How the segment meets the closed unit edge `e`, or `None`.
    pub fn edge_contact(&self, e: Edge) -> Option<EdgeContact> {
        // Work in (along, across) coordinates of the edge: a vertical edge lies on x = line.
        let s = self.scale;
        let (line, start, (pa, pc), (qa, qc)) = match e {
            Edge::Vertical { i, j } => (
                i as i64 * s,
                j as i64 * s,
                (self.from.x, self.from.y),
                (self.to.x, self.to.y),
            ),
            Edge::Horizontal { i, j } => (
                j as i64 * s,
                i as i64 * s,
                (self.from.y, self.from.x),
                (self.to.y, self.to.x),
            ),
        };
        let end = start + s;
        let corner = |c: i64| match e {
            Edge::Vertical { i, .. } => Intersection::new(i, (c / s) as i32),
            Edge::Horizontal { j, .. } => Intersection::new((c / s) as i32, j),
        };
        let d = qa - pa;
        if d == 0 {
            if pa != line {
                return None;
            }
            let (lo, hi) = (pc.min(qc), pc.max(qc));
            let (olo, ohi) = (lo.max(start), hi.min(end));
            return match olo.cmp(&ohi) {
                Ordering::Greater => None,
                Ordering::Less => Some(EdgeContact::RunsAlong),
                Ordering::Equal if olo == start || olo == end => Some(EdgeContact::AtCorner(corner(olo))),
                Ordering::Equal => Some(EdgeContact::EndsOn),
            };
        }
        // Crossing point: t = (line − pa) / d ∈ [0, 1], c = pc + t·(qc − pc).
        let t = Frac::new(line - pa, d);
        if t.n < 0 || t.n > t.d {
            return None;
        }
        let c_num = pc * t.d + t.n * (qc - pc); // c = c_num / t.d
        let (lo, hi) = (start * t.d, end * t.d);
        if c_num < lo || c_num > hi {
            return None;
        }
        if c_num == lo || c_num == hi {
            return Some(EdgeContact::AtCorner(corner(if c_num == lo { start } else { end })));
        }
        Some(if t.n == 0 || t.n == t.d {
            EdgeContact::EndsOn
        } else {
            EdgeContact::Crosses
        })
    }

    /// Whether the lattice point `p` lies on the closed segment.
    pub fn passes_through(&self, p: Intersection) -> bool {
        let s = self.scale;
        let (x, y) = (p.i as i64 * s, p.j as i64 * s);
        let (dx, dy) = self.delta();
        cross((dx, dy), (x - self.from.x, y - self.from.y)) == 0
            && x >= self.from.x.min(self.to.x)
            && x <= self.from.x.max(self.to.x)
            && y >= self.from.y.min(self.to.y)
            && y <= self.from.y.max(self.to.y)
    }

    /// GEO-4 joint rule at a lattice point `p` on the segment with wall `rays` (right, down,
    /// left, up): the walls separate the arriving and leaving directions, i.e. both open
    /// sweeps between them hold a wall ray. A ray along the segment is a run-along, judged on
    /// its edge, not here; a single ray (a free wall end) never separates.
    pub fn joint_blocks(&self, p: Intersection, rays: Rays, ends: Ends) -> bool {
        if !rays.iter().any(|&r| r) {
            return false;
        }
        let s = self.scale;
        let (x, y) = (p.i as i64 * s, p.j as i64 * s);
        let into = |sq: Square| (2 * sq.x as i64 * s + s - 2 * x, 2 * sq.y as i64 * s + s - 2 * y);
        let d = self.delta();
        let at_from = self.from == Point::new(x, y);
        let at_to = self.to == Point::new(x, y);
        let arrive = if at_from {
            match ends.from {
                Some(sq) => into(sq),
                None => return false,
            }
        } else {
            (-d.0, -d.1)
        };
        let leave = if at_to {
            match ends.to {
                Some(sq) => into(sq),
                None => return false,
            }
        } else {
            d
        };
        let mut one = false;
        let mut other = false;
        for (k, &dir) in RAY_DIRS.iter().enumerate() {
            if rays[k] {
                one |= strictly_in_sweep(arrive, leave, dir);
                other |= strictly_in_sweep(leave, arrive, dir);
            }
        }
        one && other
    }

    /// The thin-wall test of GEO-4 for the edges meeting square `sq`'s top-left corner:
    /// `left` and `top` are whether the square's own left and top edges are walls, `ray_left`
    /// and `ray_up` whether the edges leaving its top-left corner leftward and upward are.
    /// Every edge the segment touches is the left or top edge of a square it touches, so
    /// calling this for every touched square tests every edge exactly once.
    /// `along_blocks`: running along a wall counts as crossing it (GEO-4; U3 for starfinder).
    pub fn walls_at(
        &self,
        sq: Square,
        [left, top, ray_left, ray_up]: [bool; 4],
        ends: Ends,
        along_blocks: bool,
    ) -> Option<WallCrossing> {
        let edges = [
            (left, Edge::Vertical { i: sq.x, j: sq.y }),
            (top, Edge::Horizontal { i: sq.x, j: sq.y }),
        ];
        for (wall, e) in edges {
            if !wall {
                continue;
            }
            match self.edge_contact(e) {
                Some(EdgeContact::Crosses | EdgeContact::EndsOn) => return Some(WallCrossing::Through(e)),
                Some(EdgeContact::RunsAlong) if along_blocks => return Some(WallCrossing::Along(e)),
                _ => {}
            }
        }
        let p = Intersection::new(sq.x, sq.y);
        let rays = [top, left, ray_left, ray_up];
        if rays.iter().any(|&r| r) && self.passes_through(p) && self.joint_blocks(p, rays, ends) {
            return Some(WallCrossing::Joint(p));
        }
        None
    }

    /// Whether the segment touches (any common point with) the closed left or top edge of
    /// `sq` where that edge is a wall. Used by the saga line of sight (LOS-1), where touching
    /// a wall, even at its end, blocks.
    pub fn touches_walls_at(&self, sq: Square, left: bool, top: bool) -> Option<Edge> {
        let edges = [
            (left, Edge::Vertical { i: sq.x, j: sq.y }),
            (top, Edge::Horizontal { i: sq.x, j: sq.y }),
        ];
        edges
            .into_iter()
            .find(|&(wall, e)| wall && self.edge_contact(e).is_some())
            .map(|(_, e)| e)
    }

    /// GEO-4: the first way the segment crosses the thin walls `is_wall` reports, or `None`.
    pub fn wall_crossing(
        &self,
        is_wall: impl Fn(Edge) -> bool,
        ends: Ends,
        along_blocks: bool,
    ) -> Option<WallCrossing> {
        let mut hit = None;
        let _ = self.for_each_square(|sq| {
            let bits = [
                is_wall(Edge::Vertical { i: sq.x, j: sq.y }),
                is_wall(Edge::Horizontal { i: sq.x, j: sq.y }),
                is_wall(Edge::Horizontal { i: sq.x - 1, j: sq.y }),
                is_wall(Edge::Vertical { i: sq.x, j: sq.y - 1 }),
            ];
            match self.walls_at(sq, bits, ends, along_blocks) {
                Some(w) => {
                    hit = Some(w);
                    ControlFlow::Break(())
                }
                None => ControlFlow::Continue(()),
            }
        });
        hit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn corner_seg(a: (i32, i32), b: (i32, i32)) -> Segment {
        Segment::corners(Intersection::new(a.0, a.1), Intersection::new(b.0, b.1))
    }

    fn contacts(seg: &Segment) -> Vec<((i32, i32), Contact)> {
        let mut v: Vec<_> = seg.squares().into_iter().map(|(s, c)| ((s.x, s.y), c)).collect();
        v.sort();
        v
    }

    #[test]
    fn geo_1_diagonal_crosses_and_nicks() {
        // (0,0) → (2,2): crosses (0,0) and (1,1), nicks the corners at (1,1) and the ends.
        let c = contacts(&corner_seg((0, 0), (2, 2)));
        let crossed: Vec<_> = c
            .iter()
            .filter(|(_, k)| *k == Contact::Crosses)
            .map(|(s, _)| *s)
            .collect();
        assert_eq!(crossed, vec![(0, 0), (1, 1)]);
        let nicked: HashSet<_> = c
            .iter()
            .filter(|(_, k)| *k == Contact::Nicks)
            .map(|(s, _)| *s)
            .collect();
        let expected: HashSet<_> = [(-1, -1), (0, -1), (-1, 0), (1, 0), (0, 1), (2, 1), (1, 2), (2, 2)].into();
        assert_eq!(nicked, expected);
    }

    #[test]
    fn geo_2_axis_segment_runs_along_both_rows() {
        let c = contacts(&corner_seg((0, 1), (2, 1)));
        let along: Vec<_> = c
            .iter()
            .filter(|(_, k)| *k == Contact::RunsAlong)
            .map(|(s, _)| *s)
            .collect();
        assert_eq!(along, vec![(0, 0), (0, 1), (1, 0), (1, 1)]);
        assert!(c.iter().all(|(_, k)| *k != Contact::Crosses));
    }

    #[test]
    fn geo_3_point_segment_nicks_four_squares() {
        let c = contacts(&corner_seg((1, 1), (1, 1)));
        assert_eq!(c.len(), 4);
        assert!(c.iter().all(|(_, k)| *k == Contact::Nicks));
    }

    #[test]
    fn geo_1_centre_line_in_doubled_coordinates() {
        // Centre (0,0) to centre (3,1) passes exactly through the lattice point (2,1): it
        // crosses (0,0), (1,0), (2,1), (3,1) and only nicks (2,0) and (1,1).
        let seg = Segment::centres(Square::new(0, 0), Square::new(3, 1));
        let crossed: Vec<_> = contacts(&seg)
            .into_iter()
            .filter(|(_, k)| *k == Contact::Crosses)
            .map(|(s, _)| s)
            .collect();
        assert_eq!(crossed, vec![(0, 0), (1, 0), (2, 1), (3, 1)]);
        assert_eq!(seg.contact(Square::new(1, 1)), Some(Contact::Nicks));
        assert_eq!(seg.contact(Square::new(2, 0)), Some(Contact::Nicks));
    }

    /// Brute force over a window: the walk must report exactly the squares with a contact.
    fn walk_matches_brute_force(seg: Segment) {
        let mut walked = Vec::new();
        let _ = seg.for_each_square(|sq| {
            walked.push(sq);
            ControlFlow::<()>::Continue(())
        });
        let unique: HashSet<_> = walked.iter().copied().collect();
        assert_eq!(unique.len(), walked.len(), "walk repeats a square: {seg:?}");
        let s = seg.scale;
        let lo_x = seg.from.x.min(seg.to.x) / s - 2;
        let hi_x = seg.from.x.max(seg.to.x) / s + 2;
        let lo_y = seg.from.y.min(seg.to.y) / s - 2;
        let hi_y = seg.from.y.max(seg.to.y) / s + 2;
        let mut brute = HashSet::new();
        for x in lo_x..=hi_x {
            for y in lo_y..=hi_y {
                let sq = Square::new(x as i32, y as i32);
                if seg.contact(sq).is_some() {
                    brute.insert(sq);
                }
            }
        }
        assert_eq!(unique, brute, "{seg:?}");
    }

    /// Reference for `contact`: clip t ∈ [0, 1] to the closed square with exact fractions.
    fn contact_by_clipping(seg: &Segment, sq: Square) -> Option<Contact> {
        let s = seg.scale;
        let (x0, y0) = (sq.x as i64 * s, sq.y as i64 * s);
        let (x1, y1) = (x0 + s, y0 + s);
        let (px, py) = (seg.from.x, seg.from.y);
        let (dx, dy) = seg.delta();
        if dx == 0 && dy == 0 {
            return if px < x0 || px > x1 || py < y0 || py > y1 {
                None
            } else if px > x0 && px < x1 && py > y0 && py < y1 {
                Some(Contact::Crosses)
            } else {
                Some(Contact::Nicks)
            };
        }
        let (mut lo, mut hi) = (Frac::new(0, 1), Frac::new(1, 1));
        for (p, d, a, b) in [(px, dx, x0, x1), (py, dy, y0, y1)] {
            if d == 0 {
                if p < a || p > b {
                    return None;
                }
                continue;
            }
            let (ta, tb) = (Frac::new(a - p, d), Frac::new(b - p, d));
            let (enter, exit) = if ta.cmp(tb) == Ordering::Greater {
                (tb, ta)
            } else {
                (ta, tb)
            };
            if enter.cmp(lo) == Ordering::Greater {
                lo = enter;
            }
            if exit.cmp(hi) == Ordering::Less {
                hi = exit;
            }
        }
        match lo.cmp(hi) {
            Ordering::Greater => None,
            Ordering::Equal => Some(Contact::Nicks),
            Ordering::Less => {
                let on_edge = (dy == 0 && (py == y0 || py == y1)) || (dx == 0 && (px == x0 || px == x1));
                Some(if on_edge { Contact::RunsAlong } else { Contact::Crosses })
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 2000, ..Default::default() })]

        /// GEO-1..GEO-3: the separating-axis contact agrees with exact clipping, and the walk
        /// visits exactly the squares with a contact.
        #[test]
        fn prop_geo_1_3_contact_matches_clipping_and_walk(
            scale in proptest::prop_oneof![proptest::strategy::Just(1i64), proptest::strategy::Just(2), proptest::strategy::Just(100)],
            a in (-3i64..12, -3i64..12), b in (-3i64..12, -3i64..12), fine in (0i64..100, 0i64..100, 0i64..100, 0i64..100),
        ) {
            let f = |k: i64| if scale == 1 { 0 } else { k % scale };
            let seg = Segment::new(
                Point::new(a.0 * scale + f(fine.0), a.1 * scale + f(fine.1)),
                Point::new(b.0 * scale + f(fine.2), b.1 * scale + f(fine.3)),
                scale,
            );
            for x in -5..15 {
                for y in -5..15 {
                    let sq = Square::new(x, y);
                    proptest::prop_assert_eq!(seg.contact(sq), contact_by_clipping(&seg, sq), "{:?} {:?}", seg, sq);
                }
            }
            walk_matches_brute_force(seg);
        }
    }

    #[test]
    fn geo_1_3_walk_visits_exactly_the_touched_squares() {
        for s in [1, 2, 3, 100] {
            for (a, b) in [
                ((0, 0), (7, 3)),
                ((7, 3), (0, 0)),
                ((0, 5), (3, -4)),
                ((2, 2), (2, 9)),
                ((4, 1), (-3, 1)),
                ((1, 1), (1, 1)),
                ((0, 0), (5, 5)),
                ((5, 0), (0, 5)),
            ] {
                for off in [0, 1] {
                    let p = Point::new(a.0 * s + off, a.1 * s + off);
                    let q = Point::new(b.0 * s + off * 2 % s.max(1), b.1 * s);
                    walk_matches_brute_force(Segment::new(p, q, s));
                }
            }
        }
    }

    #[test]
    fn geo_4_crossing_a_wall_edge() {
        let wall = |e: Edge| e == Edge::Vertical { i: 1, j: 0 };
        let seg = Segment::centres(Square::new(0, 0), Square::new(1, 0));
        assert_eq!(
            seg.wall_crossing(wall, Ends::default(), true),
            Some(WallCrossing::Through(Edge::Vertical { i: 1, j: 0 }))
        );
        // Running along it: blocks only when running along counts.
        let along = corner_seg((1, 0), (1, 1));
        assert!(along.wall_crossing(wall, Ends::default(), true).is_some());
        assert!(along.wall_crossing(wall, Ends::default(), false).is_none());
    }

    #[test]
    fn geo_4_joint_between_collinear_walls_blocks() {
        // Walls x = 1 from y = 0 to y = 2 as two edges; the diagonal through (1,1) slips
        // between them unless the joint rule applies.
        let wall = |e: Edge| matches!(e, Edge::Vertical { i: 1, j: 0 } | Edge::Vertical { i: 1, j: 1 });
        let seg = corner_seg((0, 0), (2, 2));
        assert_eq!(
            seg.wall_crossing(wall, Ends::default(), false),
            Some(WallCrossing::Joint(Intersection::new(1, 1)))
        );
    }

    #[test]
    fn geo_4_free_end_and_outside_corner_do_not_block() {
        // One wall edge ending at (1,1): touching its free end is no crossing.
        let one = |e: Edge| e == Edge::Vertical { i: 1, j: 0 };
        assert!(
            corner_seg((0, 2), (2, 0))
                .wall_crossing(one, Ends::default(), true)
                .is_none()
        );
        // An L-shaped corner (up and right from (1,1)); a line passing outside it is clear,
        // a line through the corner into the L is blocked.
        let l = |e: Edge| matches!(e, Edge::Vertical { i: 1, j: 0 } | Edge::Horizontal { i: 1, j: 1 });
        assert!(
            corner_seg((0, 2), (2, 0))
                .wall_crossing(l, Ends::default(), true)
                .is_some()
        );
        assert!(
            corner_seg((0, 0), (2, 2))
                .wall_crossing(l, Ends::default(), true)
                .is_none()
        );
    }

    #[test]
    fn geo_4_wall_on_own_border_blocks_at_corner_endpoints() {
        // Shooter in square (0,0) at its corner (1,1); a wall runs x = 1 from y = 0 to y = 2
        // (the shooter's right border and beyond). Shooting right-down from (1,1): the
        // direction into its own square and the leaving direction are on opposite sides.
        let wall = |e: Edge| matches!(e, Edge::Vertical { i: 1, j: 0 } | Edge::Vertical { i: 1, j: 1 });
        let seg = corner_seg((1, 1), (3, 2));
        let ends = Ends {
            from: Some(Square::new(0, 0)),
            to: Some(Square::new(2, 1)),
        };
        assert_eq!(
            seg.wall_crossing(wall, ends, true),
            Some(WallCrossing::Joint(Intersection::new(1, 1)))
        );
        // Without the endpoint's own square the endpoint is no joint.
        assert!(seg.wall_crossing(wall, Ends::default(), true).is_none());
        // Only the shooter's own border (a free end at (1,1)): not blocked.
        let own = |e: Edge| e == Edge::Vertical { i: 1, j: 0 };
        assert!(seg.wall_crossing(own, ends, true).is_none());
    }

    #[test]
    fn geo_4_zero_length_line_between_diagonal_squares_through_a_wall() {
        let wall = |e: Edge| matches!(e, Edge::Vertical { i: 1, j: 0 } | Edge::Vertical { i: 1, j: 1 });
        let seg = corner_seg((1, 1), (1, 1));
        let ends = Ends {
            from: Some(Square::new(0, 0)),
            to: Some(Square::new(1, 1)),
        };
        assert!(seg.wall_crossing(wall, ends, true).is_some());
        let same_side = Ends {
            from: Some(Square::new(0, 0)),
            to: Some(Square::new(0, 1)),
        };
        assert!(seg.wall_crossing(wall, same_side, true).is_none());
    }

    #[test]
    fn geo_4_edge_contact_kinds() {
        let e = Edge::Horizontal { i: 2, j: 1 };
        assert_eq!(corner_seg((2, 0), (3, 2)).edge_contact(e), Some(EdgeContact::Crosses));
        assert_eq!(corner_seg((0, 1), (5, 1)).edge_contact(e), Some(EdgeContact::RunsAlong));
        assert_eq!(
            corner_seg((1, 0), (3, 2)).edge_contact(e),
            Some(EdgeContact::AtCorner(Intersection::new(2, 1)))
        );
        assert_eq!(corner_seg((0, 0), (1, 3)).edge_contact(e), None);
        let half = Segment::doubled((5, 0), (5, 2));
        assert_eq!(half.edge_contact(e), Some(EdgeContact::EndsOn));
    }
}
