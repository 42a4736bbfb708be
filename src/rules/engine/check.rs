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

    /// The chance, from 0 to 1, that a d20 plus the counted `modifiers` (§21) reaches `dc`:
    /// the odds of the roll `against` makes, for previews (race, ram and chase pilot actions).
    /// Checks that are not attack rolls have no automatic natural 1 or 20 here; callers whose
    /// rule has them (saves) apply them with [`d20_chance`].
    pub fn chance(modifiers: &[Modifier], dc: i32) -> f64 {
        let bonus = modifiers
            .iter()
            .filter(|m| m.counts())
            .fold(0i32, |sum, m| sum.saturating_add(m.value));
        d20_chance(bonus, dc, false, false)
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

/// The chance, from 0 to 1, that a d20 plus `bonus` reaches `dc`; a natural 1 always fails
/// when `natural_1_fails`, a natural 20 always succeeds when `natural_20_succeeds` (a save's
/// rules, AREA-5; an attack roll's, ATK-1).
pub fn d20_chance(bonus: i32, dc: i32, natural_1_fails: bool, natural_20_succeeds: bool) -> f64 {
    let succeeding = (1i32..=20)
        .filter(|&die| match die {
            1 if natural_1_fails => false,
            20 if natural_20_succeeds => true,
            _ => die.saturating_add(bonus) >= dc,
        })
        .count();
    succeeding as f64 / 20.0
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

    /// The odds are the share of the twenty faces whose `against` succeeds.
    #[test]
    fn a_checks_chance_counts_the_faces_that_reach_the_dc() {
        let mut ignored = Modifier::new(4, "second circumstance bonus");
        ignored.ignored = Some("does not stack".into());
        let mods = vec![Modifier::new(3, "skill"), ignored];
        // 12..=20 with +3 reach 15: nine faces.
        assert_eq!(D20Check::chance(&mods, 15), 0.45);
        for dc in [-5, 4, 15, 23, 24, 40] {
            let wins = (1..=20)
                .filter(|&d| D20Check::against(die(d), mods.clone(), Some(dc)).success)
                .count();
            assert_eq!(D20Check::chance(&mods, dc), wins as f64 / 20.0, "DC {dc}");
        }
        // A save: a natural 1 fails and a natural 20 succeeds whatever the total.
        assert_eq!(d20_chance(30, 10, true, true), 0.95);
        assert_eq!(d20_chance(-30, 10, true, true), 0.05);
        assert_eq!(d20_chance(30, 10, false, false), 1.0);
        assert_eq!(d20_chance(-30, 10, false, false), 0.0);
    }
}
