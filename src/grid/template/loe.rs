//! Line of effect from a point of origin to a square (LOE-1 from an intersection, AREA-1,
//! AREA-4): the sample-segment test of `sight.rs` started at a grid point instead of a
//! square's sample points, and the obstacle that stops the line to a square's centre.
//!
//! The test is the family-neutral one (`SightModel::Crossing`): a segment is blocked by
//! crossing the interior of a `blocks_loe` square or crossing a thin wall (through it, along
//! it, or through a joint whose walls separate its two sides). A segment that merely starts
//! at the origin is never stopped there, so an origin on a wall's end, on a wall line or on a
//! solid square's corner reaches every side that touches it.

use super::Obstacle;
use crate::grid::lines::{MapView, SquareFlags, bits};
use crate::grid::segment::{Contact, Ends, Point, Segment, WallCrossing};
use crate::grid::sight::{SAMPLE_SCALE, SightModel, sample_points, segment_blocker};
use crate::grid::{Intersection, Map, Square};
use std::ops::ControlFlow;

/// The map as the line tests read it.
pub(super) fn view(map: &Map) -> MapView<'_> {
    MapView { map, creatures: &[] }
}

/// The first thing (in walking order) that blocks line of effect along `seg`, or `None` if
/// the segment is clear. Decides exactly as `sight::segment_blocker` with `Crossing` and the
/// line-of-effect mask; it only names the edge or point instead of the grid line.
pub(super) fn first_obstacle<T: SquareFlags>(terrain: &T, seg: &Segment) -> Option<Obstacle> {
    let flow = terrain.scan(seg, bits::LOE | bits::EDGES, |sq, f| {
        if f & bits::EDGES != 0
            && let Some(w) = seg.walls_at(sq, bits::walls(f), Ends::default(), true)
        {
            return ControlFlow::Break(match w {
                WallCrossing::Through(e) | WallCrossing::Along(e) => Obstacle::wall(e),
                WallCrossing::Joint(p) => Obstacle::Joint { at: p },
            });
        }
        if f & bits::LOE != 0 && seg.contact(sq) == Some(Contact::Crosses) {
            return ControlFlow::Break(Obstacle::Square { at: sq });
        }
        ControlFlow::Continue(())
    });
    match flow {
        ControlFlow::Break(o) => Some(o),
        ControlFlow::Continue(()) => None,
    }
}

fn origin_point(origin: Intersection) -> Point {
    Point::new(origin.i as i64 * SAMPLE_SCALE, origin.j as i64 * SAMPLE_SCALE)
}

/// `origin_blocked` on a prepared view.
pub(super) fn blocked_in<T: SquareFlags>(terrain: &T, origin: Intersection, sq: Square) -> Option<Obstacle> {
    let o = origin_point(origin);
    let samples = sample_points(sq);
    let blocked_by = first_obstacle(terrain, &Segment::new(o, samples[0], SAMPLE_SCALE))?;
    let clear = samples[1..].iter().any(|&p| {
        segment_blocker(
            terrain,
            SightModel::Crossing,
            &Segment::new(o, p, SAMPLE_SCALE),
            bits::LOE,
            None,
        )
        .is_none()
    });
    (!clear).then_some(blocked_by)
}

/// The squares that can stop a line of effect (`bits::LOE` or a wall flag) in a window of
/// the map, as a summed-area table (issue #16 item 8). A segment touches only squares inside
/// its bounding box grown by one square, so a segment whose grown box holds none of them is
/// clear without being walked: on open ground an area costs what its squares cost, not their
/// number times their distance. Walls are flagged on the squares on both sides of their grid
/// line, so the window reaches one square past the map.
pub(super) struct Obstructions {
    x0: i32,
    y0: i32,
    w: usize,
    h: usize,
    /// `(w + 1) × (h + 1)`: entry `(c, r)` counts the obstructions in columns `x0..x0 + c`,
    /// rows `y0..y0 + r`.
    counts: Vec<u32>,
}

impl Obstructions {
    /// The table for every line from `origin` to a square within `r` of it.
    pub(super) fn around<T: SquareFlags>(terrain: &T, map: &Map, origin: Intersection, r: u32) -> Self {
        let r = i64::from(r);
        let clip = |lo: i64, hi: i64, n: u32| (lo.max(-1), hi.min(i64::from(n)));
        let (x0, x1) = clip(i64::from(origin.i) - r - 1, i64::from(origin.i) + r, map.width());
        let (y0, y1) = clip(i64::from(origin.j) - r - 1, i64::from(origin.j) + r, map.height());
        let (w, h) = ((x1 - x0 + 1).max(0) as usize, (y1 - y0 + 1).max(0) as usize);
        let stride = w + 1;
        let mut counts = vec![0u32; stride * (h + 1)];
        for row in 0..h {
            for col in 0..w {
                let sq = Square::new((x0 + col as i64) as i32, (y0 + row as i64) as i32);
                let here = u32::from(terrain.flags(sq) & (bits::LOE | bits::EDGES) != 0);
                counts[(row + 1) * stride + col + 1] =
                    here + counts[row * stride + col + 1] + counts[(row + 1) * stride + col]
                        - counts[row * stride + col];
            }
        }
        Self {
            x0: x0 as i32,
            y0: y0 as i32,
            w,
            h,
            counts,
        }
    }

    /// Whether every segment from `origin` to a point of `sq` is certainly clear: no
    /// obstruction in their bounding box grown by one square (squares outside the window hold
    /// none). `false` means "walk it".
    pub(super) fn clear(&self, origin: Intersection, sq: Square) -> bool {
        let (i, j, x, y) = (
            i64::from(origin.i),
            i64::from(origin.j),
            i64::from(sq.x),
            i64::from(sq.y),
        );
        let (lo_x, hi_x) = (i.min(x) - 1, i.max(x + 1));
        let (lo_y, hi_y) = (j.min(y) - 1, j.max(y + 1));
        let clamp = |v: i64, start: i32, len: usize| (v - i64::from(start)).clamp(0, len as i64) as usize;
        let (c0, c1) = (clamp(lo_x, self.x0, self.w), clamp(hi_x + 1, self.x0, self.w));
        let (r0, r1) = (clamp(lo_y, self.y0, self.h), clamp(hi_y + 1, self.y0, self.h));
        let stride = self.w + 1;
        let at = |c: usize, r: usize| self.counts[r * stride + c];
        at(c1, r1) + at(c0, r0) == at(c0, r1) + at(c1, r0)
    }
}

/// LOE-1 from the point `origin` to square `sq` (AREA-1, AREA-4): `None` when some segment
/// from the origin to one of the square's sample points (its centre, or a point inset 0.01
/// square from a corner) is clear, else what blocks the segment to the centre. A square that
/// itself blocks line of effect is never reached. Symmetric: it also answers whether a
/// creature in `sq` has line of effect to the origin.
pub fn origin_blocked(map: &Map, origin: Intersection, sq: Square) -> Option<Obstacle> {
    blocked_in(&view(map), origin, sq)
}
