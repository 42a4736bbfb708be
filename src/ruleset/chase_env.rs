//! Vehicle-chase tables as data (RULES.md §26.3, §26.6): the pilot actions of Table 8-3, the
//! hazard attacks of Table 8-4 and the sample chase environments, so the rules code holds no
//! family numbers (CHS-19).

use super::DiceExpr;
use super::common::Fraction;
use serde::{Deserialize, Serialize};

/// A pilot action of Table 8-3 (001:4769-4814). Double maneuver is not one of these: it is
/// two of them taken as a full action (`double: true` on the command).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PilotAction {
    BreakFree,
    Engage,
    Evade,
    KeepPace,
    SlowDown,
    SpeedUp,
    Trick,
}

impl PilotAction {
    pub const ALL: [PilotAction; 7] = [
        PilotAction::BreakFree,
        PilotAction::Engage,
        PilotAction::Evade,
        PilotAction::KeepPace,
        PilotAction::SlowDown,
        PilotAction::SpeedUp,
        PilotAction::Trick,
    ];

    /// The name a player reads ("speed up").
    pub fn name(self) -> &'static str {
        match self {
            Self::BreakFree => "break free",
            Self::Engage => "engage",
            Self::Evade => "evade",
            Self::KeepPace => "keep pace",
            Self::SlowDown => "slow down",
            Self::SpeedUp => "speed up",
            Self::Trick => "trick",
        }
    }

    /// Whether it names one other vehicle (engage).
    pub fn needs_target(self) -> bool {
        self == Self::Engage
    }
}

/// One row of Table 8-4: a hazard of this CR attacks with this bonus for this damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HazardRow {
    pub cr: Fraction,
    pub attack: i32,
    pub damage: DiceExpr,
}

/// What an active hazard does to a vehicle it hits (001:5100-5108, 5216-5224).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HazardEffect {
    #[default]
    Damage,
    OffCourse,
    /// Both: the attack bonus and the damage are reduced (`ChaseRules::hazard_both_*`).
    DamageAndOffCourse,
}

/// Which vehicles an active hazard attacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HazardTrigger {
    /// Every vehicle that enters its zone (oncoming traffic).
    #[default]
    EveryEntrant,
    /// Only the first vehicle to enter its zone (falling rocks, falling tree).
    FirstEntrant,
    /// The rearmost vehicle at the end of each chase progress, once the foremost vehicle has
    /// reached its zone (megashark, death worm, angry beasts; `rules::chase::end_of_progress_attacks`).
    Rearmost,
    /// A random vehicle in its zone after each chase progress (piranha swarm).
    Random,
}

/// The five ways an environment changes a chase (001:5092-5277).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FeatureKind {
    ActiveHazard,
    AlteredAttacks,
    AlteredMovement,
    NewTrick,
    SplitRoute,
}

/// A modifier to the Piloting checks of pilot actions made in a zone (altered movement,
/// 001:5232-5244): on `actions` only, or on every action but `except` when `actions` is empty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PilotingModifier {
    pub value: i32,
    #[serde(default)]
    pub actions: Vec<PilotAction>,
    #[serde(default)]
    pub except: Vec<PilotAction>,
}

impl PilotingModifier {
    pub fn applies_to(&self, action: PilotAction) -> bool {
        if self.actions.is_empty() {
            !self.except.contains(&action)
        } else {
            self.actions.contains(&action)
        }
    }
}

/// One entry of a sample environment (001:5278-5347). Altered movement and routes carry their
/// Piloting modifiers, active hazards their trigger; the rest is described for the GM.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnvironmentFeature {
    pub name: String,
    pub kind: FeatureKind,
    pub effect: String,
    #[serde(default)]
    pub piloting: Vec<PilotingModifier>,
    #[serde(default)]
    pub trigger: Option<HazardTrigger>,
}

/// A sample chase environment (aquatic, desert, forest, highway).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChaseEnvironment {
    pub name: String,
    pub features: Vec<EnvironmentFeature>,
}

impl ChaseEnvironment {
    pub fn feature(&self, name: &str) -> Option<&EnvironmentFeature> {
        self.features.iter().find(|f| f.name == name)
    }
}
