//! Dice expressions (`1d6`, `2d8+3`): how rulesets, scenarios and effects write damage. Rolling
//! them is `rules::Dice`'s job.

use serde::{Deserialize, Serialize};
use thiserror::Error;

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
