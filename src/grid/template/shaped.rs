//! Shapeable areas, "(S)" (RULES.md §19.1, 001:3302-3307): the user gives the squares itself,
//! as many as the open-ground template of that size has, with no dimension under the
//! family's minimum (every square lies in a k × k block of chosen squares; starfinder 10 ft,
//! k = 2), all in one piece, each reached from the point of origin with line of effect.

use super::{DiagonalPolicy, Intersection, Map, Obstacle, Square, in_radius, origin_blocked};
use std::collections::{BTreeSet, VecDeque};

/// Why a shaped area is not allowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShapeProblem {
    Empty,
    Repeated(Square),
    TooMany {
        given: usize,
        allowed: usize,
    },
    OffMap(Square),
    /// The square is not in any k × k block of chosen squares: a dimension under the minimum.
    TooThin {
        square: Square,
        min_side: u32,
    },
    /// The squares fall apart into pieces.
    NotConnected(Square),
    /// The origin is not a corner of any chosen square.
    OriginOutside,
    NoLineOfEffect {
        square: Square,
        blocked_by: Obstacle,
    },
}

impl std::fmt::Display for ShapeProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShapeProblem::Empty => write!(f, "a shaped area needs at least one square"),
            ShapeProblem::Repeated(s) => write!(f, "the square {s} is listed twice"),
            ShapeProblem::TooMany { given, allowed } => {
                write!(f, "{given} squares given, but the area holds at most {allowed}")
            }
            ShapeProblem::OffMap(s) => write!(f, "the square {s} is off the map"),
            ShapeProblem::TooThin { square, min_side } => write!(
                f,
                "the square {square} is in no {min_side} × {min_side} block of the area: too thin there"
            ),
            ShapeProblem::NotConnected(s) => write!(f, "the square {s} is not joined to the rest of the area"),
            ShapeProblem::OriginOutside => {
                write!(f, "the point of origin must be a corner of one of the area's squares")
            }
            ShapeProblem::NoLineOfEffect { square, blocked_by } => {
                write!(
                    f,
                    "no line of effect from the origin to {square}: {blocked_by} is in the way"
                )
            }
        }
    }
}

/// How many squares the open-ground template of `radius_squares` covers (AREA-3): the most a
/// shaped version of it may have. Counted a row at a time, O(r log r) (issue #16 item 8: the
/// square-by-square count of a 1,000,000-ft radius never finished): the four quadrants around
/// the origin hold the same near-corner offsets `(ox, oy)`, and in a row the distance grows
/// with `ox`, so each row is a run from `ox = 0`.
pub fn open_ground_squares(diagonal: DiagonalPolicy, radius_squares: u32) -> usize {
    let r = radius_squares;
    let fits = |ox: u32, oy: u32| {
        let origin = Intersection::new(0, 0);
        let sq = Square::new(ox.min(i32::MAX as u32) as i32, oy.min(i32::MAX as u32) as i32);
        in_radius(diagonal, origin, sq, r)
    };
    let mut quadrant = 0usize;
    for oy in 0..r {
        if !fits(0, oy) {
            break;
        }
        // The largest `ox` in the row that fits: `fits(lo, oy)` holds, `fits(hi + 1, oy)` not.
        let (mut lo, mut hi) = (0u32, r);
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if fits(mid, oy) { lo = mid } else { hi = mid - 1 }
        }
        quadrant += lo as usize + 1;
    }
    4 * quadrant
}

/// Checks a shaped area (001:3302-3307): at most `allowed` squares, none repeated, all on
/// the map, each in a `min_side` × `min_side` block of chosen squares, edge-connected, the
/// origin at a corner of one of them, and each reached from the origin with line of effect.
pub fn check_shaped(
    map: &Map,
    origin: Intersection,
    squares: &[Square],
    allowed: usize,
    min_side: u32,
) -> Result<(), ShapeProblem> {
    let first = *squares.first().ok_or(ShapeProblem::Empty)?;
    let mut set = BTreeSet::new();
    for &s in squares {
        if !set.insert(s) {
            return Err(ShapeProblem::Repeated(s));
        }
    }
    if squares.len() > allowed {
        return Err(ShapeProblem::TooMany {
            given: squares.len(),
            allowed,
        });
    }
    if let Some(&s) = squares.iter().find(|s| !map.contains(**s)) {
        return Err(ShapeProblem::OffMap(s));
    }
    let has = |x: i32, y: i32| set.contains(&Square::new(x, y));
    let k = min_side.max(1) as i32;
    let block_at = |x0: i32, y0: i32| (0..k).all(|a| (0..k).all(|b| has(x0 + a, y0 + b)));
    let in_block = |s: Square| (0..k).any(|dx| (0..k).any(|dy| block_at(s.x - dx, s.y - dy)));
    if let Some(&s) = squares.iter().find(|s| !in_block(**s)) {
        return Err(ShapeProblem::TooThin { square: s, min_side });
    }
    let mut seen = BTreeSet::from([first]);
    let mut queue = VecDeque::from([first]);
    while let Some(s) = queue.pop_front() {
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let n = Square::new(s.x + dx, s.y + dy);
            if set.contains(&n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    if let Some(&s) = squares.iter().find(|s| !seen.contains(*s)) {
        return Err(ShapeProblem::NotConnected(s));
    }
    if !squares.iter().any(|s| s.has_corner(origin)) {
        return Err(ShapeProblem::OriginOutside);
    }
    for &s in squares {
        if let Some(blocked_by) = origin_blocked(map, origin, s) {
            return Err(ShapeProblem::NoLineOfEffect { square: s, blocked_by });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;

    fn open(n: u32) -> Map {
        Map::filled(n, n, Cell::default())
    }

    fn block(x0: i32, y0: i32, w: i32, h: i32) -> Vec<Square> {
        (y0..y0 + h)
            .flat_map(|y| (x0..x0 + w).map(move |x| Square::new(x, y)))
            .collect()
    }

    /// WE-44's counts are the most a shaped 5/10/15/20-ft radius may hold.
    #[test]
    fn area_s_allowance_is_the_open_ground_count_we_44() {
        let counts: Vec<usize> = (1..=4)
            .map(|r| open_ground_squares(DiagonalPolicy::Alternating, r))
            .collect();
        assert_eq!(counts, vec![4, 16, 32, 52]);
        assert_eq!(open_ground_squares(DiagonalPolicy::EveryDiagonalTwo, 2), 12);
    }

    /// The row-by-row count is the square-by-square one, for both diagonal rules.
    #[test]
    fn open_ground_count_by_rows_is_the_count_by_squares() {
        for diagonal in [DiagonalPolicy::Alternating, DiagonalPolicy::EveryDiagonalTwo] {
            for r in 0..=25u32 {
                let n = r as i32;
                let brute = (-n..n)
                    .flat_map(|y| (-n..n).map(move |x| Square::new(x, y)))
                    .filter(|sq| in_radius(diagonal, Intersection::new(0, 0), *sq, r))
                    .count();
                assert_eq!(open_ground_squares(diagonal, r), brute, "{diagonal:?} r = {r}");
            }
        }
    }

    /// Issue #16 item 8: the allowance of a huge radius is counted at once (it took (2r)²
    /// steps, which for a 1,000,000-ft spell never finished).
    #[test]
    fn item8_the_allowance_of_a_1000000_ft_radius_is_counted_at_once() {
        let started = std::time::Instant::now();
        let n = open_ground_squares(DiagonalPolicy::Alternating, 200_000);
        assert!(n > 100_000_000_000, "{n}");
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }

    /// 001:3302-3307: an L of 2-square-wide arms is a fine shape; a 1-square-wide strip is a
    /// dimension under 10 ft; two blocks apart are two areas; too many squares are too many.
    #[test]
    fn area_s_no_dimension_under_10_ft_one_piece_and_the_size_limit() {
        let map = open(12);
        let origin = Intersection::new(2, 2);
        let mut l = block(2, 2, 6, 2);
        l.extend(block(2, 4, 2, 4));
        assert_eq!(check_shaped(&map, origin, &l, 32, 2), Ok(()));
        let strip = block(2, 2, 6, 1);
        assert_eq!(
            check_shaped(&map, origin, &strip, 32, 2),
            Err(ShapeProblem::TooThin {
                square: Square::new(2, 2),
                min_side: 2
            })
        );
        let mut apart = block(2, 2, 2, 2);
        apart.extend(block(6, 6, 2, 2));
        assert_eq!(
            check_shaped(&map, origin, &apart, 32, 2),
            Err(ShapeProblem::NotConnected(Square::new(6, 6)))
        );
        assert_eq!(
            check_shaped(&map, origin, &l, 16, 2),
            Err(ShapeProblem::TooMany { given: 20, allowed: 16 })
        );
        assert_eq!(
            check_shaped(&map, Intersection::new(9, 9), &l, 32, 2),
            Err(ShapeProblem::OriginOutside)
        );
    }

    /// AREA-1: a square behind a wall from the origin cannot be part of the shape.
    #[test]
    fn area_s_squares_need_line_of_effect_from_the_origin() {
        let mut map = open(12);
        for y in 0..12 {
            map.set_cell(
                Square::new(5, y),
                Cell {
                    blocks_loe: true,
                    ..Cell::default()
                },
            );
        }
        let shape = block(4, 2, 4, 2);
        let err = check_shaped(&map, Intersection::new(4, 2), &shape, 32, 2).unwrap_err();
        assert!(matches!(err, ShapeProblem::NoLineOfEffect { .. }), "{err}");
    }
}
