//! Small value types shared by several ruleset sections: exact fractions, rounding and
//! "until when" durations. Plain data, no rules logic beyond applying a fraction.

use serde::{Deserialize, Serialize};

/// An exact ratio such as ¾ speed or ½ stun damage, written `(num: 3, den: 4)`.
/// Validation guarantees `den > 0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fraction {
    pub num: u32,
    pub den: u32,
}

impl Fraction {
    pub const fn new(num: u32, den: u32) -> Self {
        Self { num, den }
    }

    /// `floor(value × num / den)`, the default rounding of every family (RULES.md §0).
    pub fn of_floor(self, value: u32) -> u32 {
        value * self.num / self.den.max(1)
    }

    /// `ceil(value × num / den)`.
    pub fn of_ceil(self, value: u32) -> u32 {
        (value * self.num).div_ceil(self.den.max(1))
    }
}

/// How a fractional result is rounded (RULES.md §0: round down unless a rule says otherwise).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Rounding {
    Down,
    Up,
    /// Down to a multiple of the square size (5 ft), e.g. uncontrolled vehicle speeds (VEH-12).
    DownToSquare,
}

/// How long a modifier from an action lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Until {
    /// Until the start of the creature's next turn (charge, fight defensively, run).
    StartOfNextTurn,
    /// Until the end of the current turn.
    EndOfTurn,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_quarters_of_six_and_four_round_down() {
        // WE-06: saga ¾ speed, 6 → 4 and 4 → 3.
        let f = Fraction::new(3, 4);
        assert_eq!(f.of_floor(6), 4);
        assert_eq!(f.of_floor(4), 3);
        assert_eq!(f.of_ceil(6), 5);
    }
}
