//! `D20Check`: a d20 roll with its modifiers against a number to reach, the one result type
//! of every check that is not an attack roll: saves, Piloting and other skill checks, the roll
//! against an intersection's AC or a support action's fixed defense, saga's area attack roll
//! against its minimum, boarding and collision checks. Events carry it whole, so the log and
//! the previews read every check the same way.

use crate::rules::{DieRoll, Modifier};
use serde::{Deserialize, Serialize};

/// One d20 check: the die, every modifier with its source, the total, what it had to reach
/// (`None` when the result only sets a number: stop short, a ram's Piloting result) and
/// whether it did (by the family's rules for natural 1s and 20s, which the caller applies).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct D20Check {
    pub roll: DieRoll,
    pub modifiers: Vec<Modifier>,
    pub total: i32,
    pub dc: Option<i32>,
    pub success: bool,
}

impl D20Check {
    /// A check whose total is the die plus every modifier that counts (§21), succeeding at
    /// `dc` or more (always, without one).
    pub fn against(roll: DieRoll, modifiers: Vec<Modifier>, dc: Option<i32>) -> Self {
        let bonus = modifiers
            .iter()
            .filter(|m| m.counts())
            .fold(0i32, |sum, m| sum.saturating_add(m.value));
        let total = (roll.result as i32).saturating_add(bonus);
        D20Check {
            roll,
            modifiers,
            total,
            dc,
            success: dc.is_none_or(|dc| total >= dc),
        }
    }

    /// How far the total beat (positive) or missed (negative) the DC; `None` without one.
    pub fn margin(&self) -> Option<i32> {
        self.dc.map(|dc| self.total.saturating_sub(dc))
    }

    /// "d20 14 +5 (Piloting) = 19 vs DC 17: success": the check in words, with `modifiers`
    /// written as the log writes them.
    pub fn text(&self, modifiers: impl Fn(&[Modifier]) -> String) -> String {
        let against = match self.dc {
            Some(dc) => format!(" vs DC {dc}: {}", if self.success { "success" } else { "failure" }),
            None => String::new(),
        };
        format!(
            "d20 {}{} = {}{against}",
            self.roll.result,
            modifiers(&self.modifiers),
            self.total
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn die(result: u32) -> DieRoll {
        DieRoll {
            purpose: "test".into(),
            sides: 20,
            result,
            scripted: true,
        }
    }

    #[test]
    fn a_check_adds_the_counted_modifiers_and_meets_its_dc() {
        let mut ignored = Modifier::new(4, "second circumstance bonus");
        ignored.ignored = Some("does not stack".into());
        let c = D20Check::against(die(12), vec![Modifier::new(3, "skill"), ignored], Some(15));
        assert_eq!((c.total, c.success, c.margin()), (15, true, Some(0)));
        let c = D20Check::against(die(11), vec![Modifier::new(3, "skill")], Some(15));
        assert_eq!((c.total, c.success, c.margin()), (14, false, Some(-1)));
        let c = D20Check::against(die(2), Vec::new(), None);
        assert!(c.success, "without a DC a check only sets a number");
        assert_eq!(c.margin(), None);
    }
}
