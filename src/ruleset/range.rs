//! Ranged attacks as data (RULES.md §18): range increments or bands, maximum range and
//! the starfinder thrown-weapon scatter.

use serde::{Deserialize, Serialize};

/// How the number of increments at a distance is counted (§18.1 "penalty").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum IncrementCounting {
    /// starfinder: per full increment beyond the first, or fraction thereof:
    /// `ceil(d / inc) − 1` (001:731-735).
    BeyondFirstOrFraction,
    /// d20_modern literal reading (U7): `floor(d / inc)`. `variants.modern_range_as_starfinder`
    /// switches to `BeyondFirstOrFraction`.
    FullIncrements,
}

impl IncrementCounting {
    /// Increments counted at `distance_ft` for a weapon with `increment_ft`.
    pub fn count(self, distance_ft: u32, increment_ft: u32) -> u32 {
        let inc = increment_ft.max(1);
        match self {
            IncrementCounting::BeyondFirstOrFraction => distance_ft.div_ceil(inc).saturating_sub(1),
            IncrementCounting::FullIncrements => distance_ft / inc,
        }
    }
}

/// Range penalty model (§18.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum RangeModel {
    /// Penalty per counted increment; maximum range in increments (thrown separately).
    Increments {
        penalty_per_increment: i32,
        counting: IncrementCounting,
        max_increments: u32,
        thrown_max_increments: u32,
    },
    /// saga bands; the band limits come from the weapon (004:74, 357).
    Bands {
        point_blank: i32,
        short: i32,
        medium: i32,
        long: i32,
    },
}

impl RangeModel {
    /// Range penalty at `distance_ft`, or `None` beyond maximum range. Bands need the
    /// weapon's band table and return `None` here.
    pub fn increment_penalty(&self, distance_ft: u32, increment_ft: u32, thrown: bool) -> Option<i32> {
        match *self {
            RangeModel::Increments {
                penalty_per_increment,
                counting,
                max_increments,
                thrown_max_increments,
            } => {
                let max = if thrown { thrown_max_increments } else { max_increments };
                if distance_ft > max * increment_ft {
                    return None;
                }
                Some(penalty_per_increment * counting.count(distance_ft, increment_ft) as i32)
            }
            RangeModel::Bands { .. } => None,
        }
    }
}

/// starfinder: where a missed thrown weapon lands (RNG-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scatter {
    /// Die for the direction (1 = back toward the thrower, then clockwise in 45° steps).
    pub direction_die: u32,
    /// Die for the distance in squares.
    pub distance_die: u32,
}

/// §18 for one family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeRules {
    pub model: RangeModel,
    pub scatter: Option<Scatter>,
}
