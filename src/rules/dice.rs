//! Dice: the one seeded ChaCha generator of a battle, scripted rolls for tests and rules
//! questions, the record of every die rolled, and damage dice expressions (`2d6+3`).

use bevy::prelude::Resource;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use thiserror::Error;

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

/// A dice expression `NdS+M` (e.g. `1d6`, `2d8+3`, `1d4-1`, or a flat `3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct DiceExpr {
    pub count: u32,
    pub sides: u32,
    pub bonus: i32,
}

/// Why a dice expression could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{text}` is not a dice expression like `1d6`, `2d8+3` or `1d4-1`{why}")]
pub struct DiceExprError {
    pub text: String,
    pub why: String,
}

impl DiceExpr {
    pub fn parse(text: &str) -> Result<DiceExpr, DiceExprError> {
        let err = |why: &str| DiceExprError {
            text: text.to_string(),
            why: why.to_string(),
        };
        let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let (dice, bonus) = match t.find(['+', '-']) {
            Some(i) if i > 0 => (&t[..i], Some(&t[i..])),
            _ => (t.as_str(), None),
        };
        let bonus: i32 = match bonus {
            Some(b) => b.parse().map_err(|_| err(""))?,
            None => 0,
        };
        // Issue #16 item 10: `unsigned_abs`, as `abs` of `i32::MIN` overflows.
        if bonus.unsigned_abs() > 10_000 {
            return Err(err(" (the bonus is out of range)"));
        }
        let Some((count, sides)) = dice.split_once(['d', 'D']) else {
            let flat: i32 = dice.parse().map_err(|_| err(""))?;
            if flat.unsigned_abs() > 10_000 {
                return Err(err(" (a flat amount is -10000 to 10000)"));
            }
            return Ok(DiceExpr {
                count: 0,
                sides: 0,
                bonus: flat.saturating_add(bonus),
            });
        };
        let count: u32 = if count.is_empty() {
            1
        } else {
            count.parse().map_err(|_| err(""))?
        };
        let sides: u32 = sides.parse().map_err(|_| err(""))?;
        if count == 0 || count > 100 {
            return Err(err(" (between 1 and 100 dice)"));
        }
        if !(2..=1000).contains(&sides) {
            return Err(err(" (dice have 2 to 1000 faces)"));
        }
        Ok(DiceExpr { count, sides, bonus })
    }
}

impl DiceExpr {
    /// The lowest total it can roll (every die a 1).
    pub fn min(&self) -> i64 {
        i64::from(self.count) + i64::from(self.bonus)
    }

    /// The highest total it can roll (every die its highest face).
    pub fn max(&self) -> i64 {
        i64::from(self.count) * i64::from(self.sides) + i64::from(self.bonus)
    }

    /// Twice the average total (exact in integers: each die averages (1 + sides) / 2).
    pub fn twice_average(&self) -> i64 {
        self.min() + self.max()
    }
}

impl TryFrom<String> for DiceExpr {
    type Error = DiceExprError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        DiceExpr::parse(&s)
    }
}

impl From<DiceExpr> for String {
    fn from(d: DiceExpr) -> String {
        d.to_string()
    }
}

impl std::fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.count, self.bonus) {
            (0, b) => write!(f, "{b}"),
            (_, 0) => write!(f, "{}d{}", self.count, self.sides),
            (_, b) => write!(f, "{}d{}{b:+}", self.count, self.sides),
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
