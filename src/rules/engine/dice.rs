//! Dice: the one seeded ChaCha generator of a battle, scripted rolls for tests and rules
//! questions, the record of every die rolled, and damage dice expressions (`2d6+3`).

use bevy::prelude::Resource;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use thiserror::Error;

pub use crate::ruleset::{DiceExpr, DiceExprError};

/// One die rolled, what for and what it showed. Events carry these.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieRoll {
    /// What the roll decided, e.g. "initiative (navasi)".
    pub purpose: String,
    /// Number of faces: 20 for a d20.
    pub sides: u32,
    pub result: u32,
    /// `true` when the value came from a `--dice` script rather than the generator.
    pub scripted: bool,
}

/// A scripted die that does not fit the die it was used for.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("scripted die {value} cannot be the result of a d{sides} rolled for {purpose}")]
pub struct ScriptedDieError {
    pub value: u32,
    pub sides: u32,
    pub purpose: String,
}

/// The battle's only source of randomness (determinism: scenario + seed + commands ⇒ the
/// same battle). Scripted values are used first, in order, then the generator.
#[derive(Resource, Debug, Clone)]
pub struct Dice {
    rng: ChaCha8Rng,
    script: VecDeque<u32>,
}

impl Dice {
    pub fn seeded(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
            script: VecDeque::new(),
        }
    }

    /// A generator seeded with `seed` that first returns `script`, in order.
    pub fn scripted(seed: u64, script: impl IntoIterator<Item = u32>) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
            script: script.into_iter().collect(),
        }
    }

    /// Scripted values not used yet.
    pub fn script_left(&self) -> usize {
        self.script.len()
    }

    /// Rolls one die with `sides` faces for `purpose`.
    pub fn roll(&mut self, sides: u32, purpose: impl Into<String>) -> Result<DieRoll, ScriptedDieError> {
        let purpose = purpose.into();
        if let Some(value) = self.script.pop_front() {
            if value == 0 || value > sides {
                return Err(ScriptedDieError { value, sides, purpose });
            }
            return Ok(DieRoll {
                purpose,
                sides,
                result: value,
                scripted: true,
            });
        }
        Ok(DieRoll {
            purpose,
            sides,
            result: self.uniform(sides),
            scripted: false,
        })
    }

    /// Unbiased 1..=sides by rejection sampling on the raw stream, so saved battles replay
    /// identically whatever sampling algorithm the `rand` crate uses in later versions.
    fn uniform(&mut self, sides: u32) -> u32 {
        let sides = sides.max(1);
        let zone = u32::MAX - (u32::MAX % sides);
        loop {
            let v = self.rng.next_u32();
            if v < zone {
                return v % sides + 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_rolls_the_same_dice() {
        let mut a = Dice::seeded(7);
        let mut b = Dice::seeded(7);
        let ra: Vec<u32> = (0..50).map(|_| a.roll(20, "t").unwrap().result).collect();
        let rb: Vec<u32> = (0..50).map(|_| b.roll(20, "t").unwrap().result).collect();
        assert_eq!(ra, rb);
        assert!(ra.iter().all(|r| (1..=20).contains(r)));
    }

    #[test]
    fn scripted_dice_come_first_and_are_marked() {
        let mut d = Dice::scripted(1, [17, 4]);
        let first = d.roll(20, "a").unwrap();
        assert_eq!((first.result, first.scripted), (17, true));
        assert_eq!(d.roll(6, "b").unwrap().result, 4);
        assert!(!d.roll(20, "c").unwrap().scripted);
    }

    #[test]
    fn a_scripted_value_too_big_for_the_die_is_refused() {
        let mut d = Dice::scripted(1, [7]);
        assert!(d.roll(6, "damage").is_err());
    }

    #[test]
    fn dice_expressions_parse_and_print_back() {
        for (text, expr) in [
            (
                "1d6",
                DiceExpr {
                    count: 1,
                    sides: 6,
                    bonus: 0,
                },
            ),
            (
                "2d8+3",
                DiceExpr {
                    count: 2,
                    sides: 8,
                    bonus: 3,
                },
            ),
            (
                "1d4-1",
                DiceExpr {
                    count: 1,
                    sides: 4,
                    bonus: -1,
                },
            ),
            (
                "5",
                DiceExpr {
                    count: 0,
                    sides: 0,
                    bonus: 5,
                },
            ),
        ] {
            assert_eq!(DiceExpr::parse(text), Ok(expr));
            assert_eq!(expr.to_string(), text);
        }
        assert_eq!(DiceExpr::parse("d8").unwrap().count, 1);
        let two_d6 = DiceExpr::parse("2d6+1").unwrap();
        assert_eq!((two_d6.min(), two_d6.max(), two_d6.twice_average()), (3, 13, 16));
        assert_eq!(DiceExpr::parse("4").unwrap().twice_average(), 8);
        for bad in ["", "d", "2d", "xd6", "0d6", "1d1", "1d6+", "1d6+x", "999d6"] {
            assert!(DiceExpr::parse(bad).is_err(), "{bad}");
        }
    }
}
