//! The ways the computer can play a side: the three levels a scenario names (`AiLevel`) and
//! the fixed `baseline` kept for comparison, each as a set of aspects (Wesnoth's word: how
//! the same candidates are weighed, not different candidates).

use crate::scenario::format::AiLevel;
use serde::Serialize;

/// How a side is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Policy {
    /// Walk straight at the nearest foe and attack it with the rules' best weapon
    /// (`baseline`); a yardstick, not a level.
    Baseline,
    Easy,
    Normal,
    Hard,
}

impl Policy {
    /// The name `fivefoot simulate --side SIDE=NAME` takes.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Baseline => "baseline",
            Policy::Easy => "easy",
            Policy::Normal => "normal",
            Policy::Hard => "hard",
        }
    }

    pub fn parse(text: &str) -> Option<Policy> {
        [Policy::Baseline, Policy::Easy, Policy::Normal, Policy::Hard]
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(text))
    }

    /// The aspects of a level (the baseline has none: it does not score).
    pub fn aspects(self) -> Aspects {
        match self {
            Policy::Baseline | Policy::Easy => Aspects::EASY,
            Policy::Normal => Aspects::NORMAL,
            Policy::Hard => Aspects::HARD,
        }
    }
}

impl From<AiLevel> for Policy {
    fn from(level: AiLevel) -> Policy {
        match level {
            AiLevel::Easy => Policy::Easy,
            AiLevel::Normal => Policy::Normal,
            AiLevel::Hard => Policy::Hard,
        }
    }
}

/// How a level weighs and searches its candidates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Aspects {
    /// Weighs the damage the unit may take (its exposure to the foes' next turn and to
    /// attacks of opportunity); 0 ignores it.
    pub caution: f64,
    /// Plans paths that provoke as few attacks of opportunity as possible.
    pub avoid_aoo: bool,
    /// Uses the tactics beyond walking and striking: flanking and reach, cover, areas and
    /// spells, maneuvers, defensive actions, recovery.
    pub tactics: bool,
    /// Destinations tried on a fork, after the quick score picked the best ones.
    pub destinations: usize,
    /// Tries per command whose outcome is sampled on forks (charges, areas, maneuvers, …).
    pub samples: u32,
    /// Hard: the best candidates (this many) are played out on forks through the rest of
    /// the round (`playout`), or where it cannot play out, tried through the foes' estimated
    /// reply, and chosen by how the battle stands after.
    pub lookahead: usize,
    /// Weighs an attack with the attacks the side's other units can add on the same foe
    /// before it acts again (focus fire planned across the side, not unit by unit).
    pub team: bool,
    /// Judges where each foe can strike next turn by its reach plan (walls, doors, terrain,
    /// creatures in the way), not by distance alone.
    pub exact_reach: bool,
}

impl Aspects {
    /// The weight of the attacks of opportunity a command provokes: they strike now, for
    /// certain if the reactor has its reaction, so a level that weighs damage at all charges
    /// them in full rather than at the caution its guesses about the foes' next turn get (a
    /// wounded unit no longer walks out of a threatened square to save a full attack's
    /// exposure and dies to the attack of opportunity, AOO-1).
    pub fn aoo_weight(&self) -> f64 {
        if self.caution > 0.0 { 1.0 } else { 0.0 }
    }

    pub const EASY: Aspects = Aspects {
        caution: 0.0,
        avoid_aoo: false,
        tactics: false,
        destinations: 0,
        samples: 1,
        lookahead: 0,
        team: false,
        exact_reach: false,
    };
    pub const NORMAL: Aspects = Aspects {
        caution: 0.35,
        avoid_aoo: true,
        tactics: true,
        destinations: 10,
        samples: 3,
        lookahead: 0,
        team: false,
        exact_reach: false,
    };
    /// Settled by `fivefoot simulate` against Normal on the shipped scenarios (docs/ai.md):
    /// the wider search, more dice, another caution, the estimated reply and the side's focus
    /// fire each won no more games than Normal; playing the best 4 candidates out through the
    /// round (`playout`) did. 30 destinations on forks keep a big map's turn within its second
    /// (trying every destination there is far slower).
    pub const HARD: Aspects = Aspects {
        caution: 0.35,
        avoid_aoo: true,
        tactics: true,
        destinations: 30,
        samples: 6,
        lookahead: 4,
        team: true,
        exact_reach: true,
    };
}
