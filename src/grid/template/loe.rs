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

/// LOE-1 from the point `origin` to square `sq` (AREA-1, AREA-4): `None` when some segment
/// from the origin to one of the square's sample points (its centre, or a point inset 0.01
/// square from a corner) is clear, else what blocks the segment to the centre. A square that
/// itself blocks line of effect is never reached. Symmetric: it also answers whether a
/// creature in `sq` has line of effect to the origin.
pub fn origin_blocked(map: &Map, origin: Intersection, sq: Square) -> Option<Obstacle> {
    blocked_in(&view(map), origin, sq)
}
