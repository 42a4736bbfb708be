//! Grid geometry switches of one family (RULES.md §2, §5.6): square size, how diagonals
//! count, how a "straight line" is rasterised and how distance between multi-square spaces
//! is measured. The geometry itself lives in `crate::grid`; this file only names the choice.

use serde::{Deserialize, Serialize};

/// How diagonal steps are counted (RULES.md §2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DiagonalPolicy {
    /// starfinder 1-2-1-2 (001:1883-1884): `D = max(dx,dy) + floor(min(dx,dy)/2)`.
    /// Also the d20 engine default.
    Alternating,
    /// saga (004:780, 784-785): every diagonal step counts 2 squares, `D = dx + dy`.
    EveryDiagonalTwo,
}

impl DiagonalPolicy {
    /// Distance in squares for a displacement of `dx`, `dy` squares (closed forms of §2.2).
    pub fn squares(self, dx: i32, dy: i32) -> u32 {
        let (a, b) = (dx.unsigned_abs(), dy.unsigned_abs());
        match self {
            DiagonalPolicy::Alternating => a.max(b) + a.min(b) / 2,
            // Saturates for the two farthest i32 values (issue #16 item 6).
            DiagonalPolicy::EveryDiagonalTwo => a.saturating_add(b),
        }
    }
}

/// How a "straight line" move (run, charge, race) is laid on the grid (§5.6, not in seeds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum StraightLine {
    /// Rasterised segment between the centres of the start and end squares (default).
    Bresenham,
    /// Every step in the same one of the 8 compass directions.
    CompassOnly,
}

/// Distance between two multi-square spaces (GRID-7, not in seeds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SpaceDistance {
    /// The minimum over all pairs of squares.
    MinOverSquarePairs,
}

/// §2 for one family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridRules {
    /// Side of one square in feet (GRID-1; saga 1.5 m, "about 5 feet", 004:148).
    pub square_ft: u32,
    pub diagonal: DiagonalPolicy,
    pub straight_line: StraightLine,
    pub space_distance: SpaceDistance,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn we_41_alternating_distances() {
        let p = DiagonalPolicy::Alternating;
        assert_eq!(p.squares(6, 0), 6);
        assert_eq!(p.squares(6, 3), 7);
        assert_eq!(p.squares(-12, 12), 18);
    }

    #[test]
    fn saga_diagonals_cost_two() {
        assert_eq!(DiagonalPolicy::EveryDiagonalTwo.squares(3, 3), 6);
    }
}
