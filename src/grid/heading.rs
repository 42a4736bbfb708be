//! A vehicle's heading (VEH-1): which edge of its square space the front is. Only the four
//! edges exist as values, so a heading can never point at a corner.

use super::Square;
use serde::{Deserialize, Serialize};

/// The edge of a vehicle's space that is its front (VEH-1). Written `N`, `E`, `S` or `W`;
/// north is up (y decreases).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize)]
pub enum Heading {
    #[default]
    N,
    E,
    S,
    W,
}

impl Heading {
    pub const ALL: [Heading; 4] = [Heading::N, Heading::E, Heading::S, Heading::W];

    /// One grid step straight ahead, `(dx, dy)`.
    pub const fn step(self) -> (i32, i32) {
        match self {
            Heading::N => (0, -1),
            Heading::E => (1, 0),
            Heading::S => (0, 1),
            Heading::W => (-1, 0),
        }
    }

    /// One grid step to the heading's right (clockwise), `(dx, dy)`.
    pub const fn right(self) -> (i32, i32) {
        match self {
            Heading::N => (1, 0),
            Heading::E => (0, 1),
            Heading::S => (-1, 0),
            Heading::W => (0, -1),
        }
    }

    /// The centre of the front edge of a `side × side` space whose top-left square is `at`
    /// (VEH-2's reference point), in half-squares so it stays on integers: `(2x, 2y)`.
    pub fn front_centre_halves(self, at: Square, side: u32) -> (i32, i32) {
        let s = side.max(1) as i32;
        let (x0, y0) = (2 * at.x, 2 * at.y);
        match self {
            Heading::N => (x0 + s, y0),
            Heading::S => (x0 + s, y0 + 2 * s),
            Heading::W => (x0, y0 + s),
            Heading::E => (x0 + 2 * s, y0 + s),
        }
    }

    /// The name written in files and shown to players.
    pub const fn name(self) -> &'static str {
        match self {
            Heading::N => "N",
            Heading::E => "E",
            Heading::S => "S",
            Heading::W => "W",
        }
    }
}

impl std::fmt::Display for Heading {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// VEH-1: the front reference point is the middle of an edge, never a corner of the space.
    #[test]
    fn veh_1_front_centre_is_mid_edge_never_a_corner() {
        for side in 1..=4u32 {
            let at = Square::new(3, 5);
            let corners = [
                (2 * at.x, 2 * at.y),
                (2 * (at.x + side as i32), 2 * at.y),
                (2 * at.x, 2 * (at.y + side as i32)),
                (2 * (at.x + side as i32), 2 * (at.y + side as i32)),
            ];
            for h in Heading::ALL {
                let p = h.front_centre_halves(at, side);
                assert!(!corners.contains(&p), "{h} side {side}: {p:?} is a corner");
            }
        }
    }

    #[test]
    fn right_is_clockwise_of_ahead() {
        for h in Heading::ALL {
            let (ax, ay) = h.step();
            let (rx, ry) = h.right();
            // Clockwise with y down: (x, y) -> (-y, x).
            assert_eq!((rx, ry), (-ay, ax), "{h}");
        }
    }
}
