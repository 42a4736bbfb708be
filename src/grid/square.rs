//! Squares and intersections (GRID-2): square `(x, y)` covers `[x, x+1] × [y, y+1]`,
//! x grows to the right and y grows downward; intersection `(i, j)` is the top-left
//! corner of square `(i, j)`.

use serde::{Deserialize, Serialize};

/// One 5-ft square of the battle map (GRID-1, GRID-2). Written `(x, y)` in files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "(i32, i32)", into = "(i32, i32)")]
pub struct Square {
    pub x: i32,
    pub y: i32,
}

impl Square {
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }

    /// Whether `p` is one of the square's four corners.
    pub const fn has_corner(self, p: Intersection) -> bool {
        (p.i as i64 - self.x as i64) & !1 == 0 && (p.j as i64 - self.y as i64) & !1 == 0
    }

    /// The squares of a `side × side` space whose top-left square is `self` (GRID-3).
    /// Saturates at the edge of `i32` rather than overflow (issue #16 item 6); no such
    /// square is ever on a map.
    pub fn footprint(self, side: u32) -> impl Iterator<Item = Square> {
        let side = side.clamp(1, i32::MAX as u32) as i32;
        (0..side).flat_map(move |dy| {
            (0..side).map(move |dx| Square::new(self.x.saturating_add(dx), self.y.saturating_add(dy)))
        })
    }
}

impl From<(i32, i32)> for Square {
    fn from((x, y): (i32, i32)) -> Self {
        Self { x, y }
    }
}

impl From<Square> for (i32, i32) {
    fn from(s: Square) -> Self {
        (s.x, s.y)
    }
}

impl From<(i32, i32)> for Intersection {
    fn from((i, j): (i32, i32)) -> Self {
        Self { i, j }
    }
}

impl From<Intersection> for (i32, i32) {
    fn from(p: Intersection) -> Self {
        (p.i, p.j)
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// A grid corner (GRID-2): the top-left corner of square `(i, j)`. Written `(i, j)` in files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "(i32, i32)", into = "(i32, i32)")]
pub struct Intersection {
    pub i: i32,
    pub j: i32,
}

impl Intersection {
    pub const fn new(i: i32, j: i32) -> Self {
        Self { i, j }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn footprint_of_a_large_space_is_two_by_two() {
        let squares: Vec<_> = Square::new(3, 4).footprint(2).collect();
        assert_eq!(
            squares,
            vec![
                Square::new(3, 4),
                Square::new(4, 4),
                Square::new(3, 5),
                Square::new(4, 5)
            ]
        );
    }

    #[test]
    fn footprint_of_a_tiny_space_is_its_own_square() {
        assert_eq!(Square::new(1, 1).footprint(0).count(), 1);
    }
}
