//! A creature's space (GRID-3): a square block of squares given by its top-left square and
//! its side, and the distance between spaces (GRID-6, GRID-7).

use super::Square;
use crate::ruleset::DiagonalPolicy;
use serde::{Deserialize, Serialize};

/// `side × side` squares with `at` as the top-left one (side ≥ 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Space {
    pub at: Square,
    pub side: u32,
}

impl Space {
    pub const fn new(at: Square, side: u32) -> Self {
        Self {
            at,
            side: if side == 0 { 1 } else { side },
        }
    }

    /// A one-square space.
    pub const fn one(at: Square) -> Self {
        Self::new(at, 1)
    }

    pub fn squares(self) -> impl Iterator<Item = Square> {
        self.at.footprint(self.side)
    }

    pub fn contains(self, sq: Square) -> bool {
        let s = i64::from(self.side);
        let within = |v: i32, at: i32| v >= at && i64::from(v) < i64::from(at) + s;
        within(sq.x, self.at.x) && within(sq.y, self.at.y)
    }

    /// The same space moved to a new top-left square.
    pub fn moved_to(self, at: Square) -> Self {
        Self { at, side: self.side }
    }

    /// GRID-7 (engine default): the smallest distance in squares between any square of one
    /// space and any square of the other, by the family's diagonal policy (GRID-6).
    pub fn distance(self, other: Space, policy: DiagonalPolicy) -> u32 {
        let gap = |a0: i32, a_side: u32, b0: i32, b_side: u32| {
            let (a1, b1) = (a0 + a_side as i32 - 1, b0 + b_side as i32 - 1);
            if b0 > a1 {
                b0 - a1
            } else if a0 > b1 {
                a0 - b1
            } else {
                0
            }
        };
        let dx = gap(self.at.x, self.side, other.at.x, other.side);
        let dy = gap(self.at.y, self.side, other.at.y, other.side);
        policy.squares(dx, dy)
    }

    /// Adjacent spaces (GRID-4): some square of one touches some square of the other.
    pub fn adjacent(self, other: Space) -> bool {
        self.distance(other, DiagonalPolicy::Alternating) == 1 || self.chebyshev_gap(other) == 1
    }

    fn chebyshev_gap(self, other: Space) -> i32 {
        let gap = |a0: i32, a_side: u32, b0: i32, b_side: u32| {
            (b0 - (a0 + a_side as i32 - 1))
                .max(a0 - (b0 + b_side as i32 - 1))
                .max(0)
        };
        gap(self.at.x, self.side, other.at.x, other.side).max(gap(self.at.y, self.side, other.at.y, other.side))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_7_distance_between_spaces_is_the_closest_pair() {
        let large = Space::new(Square::new(0, 0), 2);
        let far = Space::one(Square::new(5, 4));
        // Closest squares (1,1) and (5,4): dx 4, dy 3 → 4 + 1 = 5 squares (1-2-1-2).
        assert_eq!(large.distance(far, DiagonalPolicy::Alternating), 5);
        assert_eq!(large.distance(far, DiagonalPolicy::EveryDiagonalTwo), 7);
    }

    #[test]
    fn grid_4_diagonal_neighbours_are_adjacent() {
        let a = Space::one(Square::new(0, 0));
        assert!(a.adjacent(Space::one(Square::new(1, 1))));
        assert!(!a.adjacent(Space::one(Square::new(2, 1))));
        assert!(Space::new(Square::new(0, 0), 2).adjacent(Space::one(Square::new(2, 2))));
    }
}
