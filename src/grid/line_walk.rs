//! Straight-line moves for run, charge and race (RULES.md §5.6, §5.8, MOV-7, MOV-19, U16):
//! the squares a straight move steps through, and the area the mover's footprint sweeps.
//!
//! Pure geometry on squares; whether a line may cross difficult terrain or creatures is the
//! rules layer's call (MOV-7, MOV-19).

use super::{Space, Square};
use crate::ruleset::StraightLine;

/// The successive squares of a straight move from `start` to `end`, after `start` and with
/// `end` last, each an 8-neighbour of the previous (see `straight_path`). Allocation-free.
/// Its arithmetic is `i64`, so any two squares give a line without overflow (issue #16
/// item 6); callers refuse squares off the map before asking for one (item 7), since a path
/// is as long as the line.
#[derive(Debug, Clone)]
pub struct StraightSteps {
    start: Square,
    dx: i64,
    dy: i64,
    major: i64,
    i: i64,
}

impl Iterator for StraightSteps {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.i >= self.major {
            return None;
        }
        self.i += 1;
        // The centre line at major step i, rounded half toward +x/+y in absolute terms so
        // the line is the same square set whichever end it starts from.
        let along = |d: i64| {
            let (i, major) = (i128::from(self.i), i128::from(self.major));
            (2 * i * i128::from(d) + major).div_euclid(2 * major) as i64
        };
        // Every point lies between the two ends, so it fits an `i32`.
        Some(Square::new(
            (i64::from(self.start.x) + along(self.dx)) as i32,
            (i64::from(self.start.y) + along(self.dy)) as i32,
        ))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.major - self.i) as usize;
        (left, Some(left))
    }
}

impl ExactSizeIterator for StraightSteps {}

/// §5.6 "straight line" without allocating: `None` in `CompassOnly` mode when `end` is not
/// on one of the 8 compass rays from `start`.
pub fn straight_steps(start: Square, end: Square, mode: StraightLine) -> Option<StraightSteps> {
    let (dx, dy) = (
        i64::from(end.x) - i64::from(start.x),
        i64::from(end.y) - i64::from(start.y),
    );
    if mode == StraightLine::CompassOnly && dx != 0 && dy != 0 && dx.abs() != dy.abs() {
        return None;
    }
    Some(StraightSteps {
        start,
        dx,
        dy,
        major: dx.abs().max(dy.abs()),
        i: 0,
    })
}

/// §5.6 (not in seeds, config `StraightLine`): the squares of a straight move, after `start`
/// and with `end` last. `Bresenham` rasterises the segment between the two square centres
/// (one square per column or row of the longer axis; where the centre line passes exactly
/// through a corner the square further right/down is taken, in both directions).
/// `CompassOnly` allows only the 8 compass rays and returns `None` otherwise. A path ready
/// for `Planner::price`; `start == end` gives an empty path.
pub fn straight_path(start: Square, end: Square, mode: StraightLine) -> Option<Vec<Square>> {
    straight_steps(start, end, mode).map(Iterator::collect)
}

/// MOV-19 / U16 (swept footprint): every square whose interior is crossed by the footprint
/// `start` translated along the straight segment to top-left `end_at` (equivalently the
/// segments joining corresponding corners of the two footprints and everything between),
/// excluding the start footprint. Sorted by `(y, x)`. A diagonal move sweeps half of the
/// squares beside the diagonal, so they are included.
pub fn swept_squares(start: Space, end_at: Square) -> Vec<Square> {
    let n = start.side.max(1) as i64;
    let (ax, ay) = (start.at.x as i64, start.at.y as i64);
    let (dx, dy) = (end_at.x as i64 - ax, end_at.y as i64 - ay);
    if dx == 0 && dy == 0 {
        return Vec::new();
    }
    // Separating axes: x and y (always overlapping for the candidate box) and the normal of
    // the direction of travel. The swept hexagon projects onto the normal like the start
    // footprint, because the segment projects to a point.
    let (nx, ny) = (-dy, dx);
    let corner_offsets = [0, nx, ny, nx + ny];
    let (lo, hi) = (
        *corner_offsets.iter().min().unwrap_or(&0),
        *corner_offsets.iter().max().unwrap_or(&0),
    );
    let origin = nx * ax + ny * ay;
    let (region_lo, region_hi) = (origin + n * lo, origin + n * hi);
    let (x0, x1) = (ax.min(ax + dx), ax.max(ax + dx) + n);
    let (y0, y1) = (ay.min(ay + dy), ay.max(ay + dy) + n);
    let mut out = Vec::new();
    for y in y0..y1 {
        for x in x0..x1 {
            let p = nx * x + ny * y;
            let crossed = p + lo < region_hi && region_lo < p + hi;
            let sq = Square::new(x as i32, y as i32);
            if crossed && !start.contains(sq) {
                out.push(sq);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(x: i32, y: i32) -> Square {
        Square::new(x, y)
    }

    #[test]
    fn compass_rays_step_straight() {
        for mode in [StraightLine::Bresenham, StraightLine::CompassOnly] {
            assert_eq!(
                straight_path(sq(0, 0), sq(3, 0), mode),
                Some(vec![sq(1, 0), sq(2, 0), sq(3, 0)])
            );
            assert_eq!(straight_path(sq(2, 2), sq(0, 0), mode), Some(vec![sq(1, 1), sq(0, 0)]));
            assert_eq!(straight_path(sq(2, 2), sq(2, 2), mode), Some(vec![]));
        }
    }

    #[test]
    fn compass_only_refuses_off_ray_ends() {
        assert_eq!(straight_path(sq(0, 0), sq(2, 1), StraightLine::CompassOnly), None);
        assert_eq!(
            straight_path(sq(0, 0), sq(4, 1), StraightLine::Bresenham),
            Some(vec![sq(1, 0), sq(2, 1), sq(3, 1), sq(4, 1)])
        );
    }

    #[test]
    fn bresenham_is_connected_and_the_same_both_ways() {
        for (ex, ey) in [(5, 2), (-3, 7), (6, -6), (1, -4), (-7, -2), (2, 1)] {
            let (a, b) = (sq(1, 1), sq(1 + ex, 1 + ey));
            let path = straight_path(a, b, StraightLine::Bresenham).unwrap();
            assert_eq!(path.last(), Some(&b));
            assert_eq!(path.len() as i32, ex.abs().max(ey.abs()));
            let mut prev = a;
            for s in &path {
                assert!((s.x - prev.x).abs() <= 1 && (s.y - prev.y).abs() <= 1 && *s != prev);
                prev = *s;
            }
            let mut back = straight_path(b, a, StraightLine::Bresenham).unwrap();
            back.pop();
            back.reverse();
            back.push(b);
            assert_eq!(back, path, "{a} → {b}");
        }
        // The tie at the corner goes down: (0,0) → (2,1) passes (1,1), both ways.
        assert_eq!(
            straight_path(sq(0, 0), sq(2, 1), StraightLine::Bresenham),
            Some(vec![sq(1, 1), sq(2, 1)])
        );
    }

    #[test]
    fn mov_19_swept_orthogonal_is_the_corridor() {
        assert_eq!(
            swept_squares(Space::one(sq(0, 0)), sq(3, 0)),
            vec![sq(1, 0), sq(2, 0), sq(3, 0)]
        );
        assert_eq!(
            swept_squares(Space::new(sq(0, 0), 2), sq(2, 0)),
            vec![sq(2, 0), sq(3, 0), sq(2, 1), sq(3, 1)]
        );
        assert!(swept_squares(Space::one(sq(4, 4)), sq(4, 4)).is_empty());
    }

    #[test]
    fn mov_19_swept_diagonal_includes_half_crossed_neighbours() {
        assert_eq!(
            swept_squares(Space::one(sq(0, 0)), sq(2, 2)),
            vec![sq(1, 0), sq(0, 1), sq(1, 1), sq(2, 1), sq(1, 2), sq(2, 2)]
        );
        assert_eq!(
            swept_squares(Space::one(sq(0, 0)), sq(2, 1)),
            vec![sq(1, 0), sq(2, 0), sq(0, 1), sq(1, 1), sq(2, 1)]
        );
        // Reversed: the same area less the other end's footprint plus the start's.
        assert_eq!(
            swept_squares(Space::one(sq(2, 1)), sq(0, 0)),
            vec![sq(0, 0), sq(1, 0), sq(2, 0), sq(0, 1), sq(1, 1)]
        );
    }

    #[test]
    fn mov_19_swept_large_diagonal() {
        let swept = swept_squares(Space::new(sq(0, 0), 2), sq(1, 1));
        // The destination's new squares plus the two squares cut at the leading corner.
        assert_eq!(swept, vec![sq(2, 0), sq(2, 1), sq(0, 2), sq(1, 2), sq(2, 2)]);
    }

    #[test]
    fn straight_steps_do_not_allocate_and_know_their_length() {
        let steps = straight_steps(sq(0, 0), sq(-9, 4), StraightLine::Bresenham).unwrap();
        assert_eq!(steps.len(), 9);
        assert_eq!(steps.last(), Some(sq(-9, 4)));
    }
}
