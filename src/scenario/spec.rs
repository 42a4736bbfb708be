//! A validated scenario: runtime types the rules can trust (STYLE 9). Built only by
//! `validate` from a `ScenarioFile`.

use super::format::{AiLevel, Control, Goal};
use crate::grid::{Map, Square};
use crate::rules::vehicle::{Aboard, SkillBonuses, VehicleStats};
use crate::rules::{Conditions, DiceExpr, Health, Placement, Profile, SideId, UnitId};
use crate::ruleset::{Family, Ruleset};

/// A scenario that passed validation, with its ruleset loaded.
#[derive(Debug, Clone)]
pub struct ScenarioSpec {
    pub name: String,
    pub description: String,
    pub family: Family,
    pub ruleset: Ruleset,
    pub seed: Option<u64>,
    pub gravity: crate::ruleset::Gravity,
    pub map: Map,
    pub sides: Vec<Side>,
    pub units: Vec<UnitSpec>,
    pub zones: Vec<Zone>,
    pub objectives: Vec<Objective>,
    /// Each human side sees only what its units can see (a GUI option; rules ignore it).
    pub hidden_information: bool,
    /// The battle starts as a vehicle chase (§26).
    pub chase: Option<ChaseSpec>,
}

/// A validated `chase` block: the board, where each vehicle starts, the environment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChaseSpec {
    pub zones: u32,
    pub positions: Vec<(UnitId, i32)>,
    pub features: Vec<crate::rules::chase::ZoneFeature>,
    pub hazards: Vec<crate::rules::chase::ZoneHazard>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    pub id: SideId,
    pub name: String,
    pub control: Control,
    pub colour: [u8; 3],
    /// The computer's level for a side it plays (`Normal` when the file gives none).
    pub level: AiLevel,
}

impl Side {
    /// The computer's level when the computer plays the side (`None`: a human does).
    pub fn ai_level(&self) -> Option<AiLevel> {
        (self.control == Control::Ai).then_some(self.level)
    }
}

/// One unit ready to spawn.
#[derive(Debug, Clone, PartialEq)]
pub struct UnitSpec {
    pub id: UnitId,
    pub side: SideId,
    pub placement: Placement,
    pub aware: bool,
    pub joins_round: Option<u32>,
    /// Squares above the ground (MOV-14).
    pub elevation: u32,
    pub profile: Profile,
    pub health: Health,
    pub conditions: Conditions,
    /// Bleeding from the start (starfinder §20): the damage at the start of each turn.
    pub bleeding: Option<DiceExpr>,
    pub con_score: u32,
    /// A vehicle's stats and starting heading (starfinder, §25.1).
    pub vehicle: Option<VehicleSpec>,
    /// The vehicle this unit rides and its role (§25.9).
    pub aboard: Option<Aboard>,
    /// Skill bonuses for piloting and boarding (§25.3); `None` = all +0.
    pub skills: Option<SkillBonuses>,
    /// The token's icon: a shipped icon's name (`scenario::icons`), the kind's default when
    /// the data names none. Presentation only: the rules never read it.
    pub icon: String,
}

/// A validated vehicle: its fixed stats and the heading it starts with (VEH-1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VehicleSpec {
    pub stats: VehicleStats,
    pub heading: crate::grid::Heading,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Zone {
    pub id: String,
    pub squares: Vec<Square>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Objective {
    pub side: SideId,
    pub goal: Goal,
}
