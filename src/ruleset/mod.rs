//! The four rule families as data: serde types, the embedded `assets/rulesets/*.ron` files,
//! loading and validation into the `Ruleset` resource.
//!
//! Engine code reads every per-family number and switch from here and never hard-codes one.
//! Gaps the seeds leave open carry the spec's default and are listed in `engine_defaults`.
//! This module owns no rules logic beyond tiny closed forms that read its own numbers
//! (distance per diagonal policy, step cost, range penalty, stabilize cost).

mod actions;
mod aoo;
mod area;
mod attack;
mod charge;
mod chase_env;
mod common;
mod concealment;
mod conditions;
mod cover;
mod damage;
mod defaults;
mod defense;
mod dice_expr;
mod family;
mod flanking;
mod geometry;
mod health;
mod load;
mod maneuvers;
mod models;
mod movement;
mod options;
mod position;
mod range;
mod sequence;
mod size;
mod skills;
mod spells;
pub mod stacking;
mod terrain;
mod threat;
mod variants;
mod vehicles;
mod withdraw;

#[cfg(test)]
mod tests;

pub use actions::{ActionKind, ActionNames, ActionRules, SurpriseActions, TurnAllowance};
pub use aoo::{AooBlocker, AooExemption, AooLimit, AooProtection, AooRules, AooTiming, AooTrigger};
pub use area::{
    AreaCoverFrom, AreaResolution, AreaRules, Autofire, BurstFire, DamageShare, Evasion, NaturalOneInArea, RadiusRule,
    Splash,
};
pub use attack::{AttackRules, CriticalDamage, CriticalModel, CriticalRules, CriticalThreat};
pub use charge::{AfterCharge, ChargePath, ChargeRules, ChargeTerrain};
pub use chase_env::{
    ChaseEnvironment, EnvironmentFeature, FeatureKind, HazardEffect, HazardRow, HazardTrigger, PilotAction,
    PilotingModifier,
};
pub use common::{Fraction, Rounding, Until};
pub use concealment::{ConcealmentModel, ConcealmentRules, PerceptionPenalty};
pub use conditions::{ConditionModifiers, ConditionName, DamageScope};
pub use cover::{CoverBonus, CoverLines, CoverRules, LineObstruction, LowObstacleRule, MultiSquareTarget, SoftCover};
pub use damage::{
    DamageBonuses, DamageLayer, DamageReduction, DamageRules, MinimumDamage, MultiplierCombining, ShieldRating,
    SpecialDamage,
};
pub use defense::{FlatFooted, FlatFootedEffect, SpecialTargets, TouchAttacks};
pub use dice_expr::{DiceExpr, DiceExprError};
pub use family::Family;
pub use flanking::{FlankTest, FlankingRules};
pub use geometry::{DiagonalPolicy, GridRules, SpaceDistance, StraightLine};
pub use health::{
    AbilityDamageRules, BleedingRules, ConditionTrack, HpThresholds, MassiveDamage, ResolveRules, RoundReset,
    SecondWind, StabilizeCost, ThresholdBase, WakeUp, WorstBleed,
};
pub use load::{RulesetError, load_embedded, parse_ruleset};
pub use maneuvers::{
    AttackVsKac, DisarmRules, DisarmSize, GrabRules, ManeuverKind, ManeuverRules, OpposedDisarm, OpposedGrapple,
    OpposedManeuvers, SizeBonus,
};
pub use models::{DefenseModel, DefenseRules, HealthModel, HealthRules};
pub use movement::{
    ArmorSpeed, Crawl, Encumbrance, EndInOccupied, FlightRules, Gravity, GuardedStep, LoadSpeed, MinimumMovement,
    MovementRules, OccupancyRules, PostureActions, RunEndurance, RunRules, RunnerDefense, SpeedStep, SqueezeWho,
    Squeezing,
};
pub use options::{
    AttackOptions, CoupDeGrace, CoupDeGraceDc, CoupDeGraceSave, CoupDeGraceWeapons, ExtraAttacks, FightDefensively,
    FullAttack, FullAttackModel, SupportFire, TotalDefense, TrainedFightDefensively,
};
pub use position::{HelplessModifiers, ModifierSide, PositionRules, ProneModifiers, ShootingIntoMelee};
pub use range::{IncrementCounting, RangeModel, RangeRules, Scatter};
pub use sequence::{DelayNewCount, FlatFootedStart, InitiativeRollers, SequenceRules, TieBreak};
pub use size::{Size, SizeRow, SizeTable};
pub use skills::Skill;
pub use spells::{ConcentrationRule, SpellcastingRules};
pub use terrain::{CounterScope, HamperFootprint, TerrainRules};
pub use threat::{ReachMetric, ReachWeapon, ThreatRules, ThreatWeapon, UnarmedThreat};
pub use variants::Variants;
pub use vehicles::{BrokenVehicle, ChaseRules, VehicleRules};
pub use withdraw::{WithdrawProtection, WithdrawRules};

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

/// One rule family's numbers and switches (RULES.md §1). Loaded once, then trusted.
#[derive(Resource, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    /// Format version of the ruleset file.
    pub version: u32,
    pub id: Family,
    /// Display name, e.g. "Starfinder".
    pub name: String,
    /// One line for menus and `query`.
    pub summary: String,
    /// §2 square size, diagonal policy, straight-line raster.
    pub grid: GridRules,
    /// §5.2-§5.3 step costs, difficult terrain, corners.
    pub terrain: TerrainRules,
    /// §5 run, double move, guarded step, charge, withdraw, squeezing, occupied squares.
    pub movement: MovementRules,
    /// §6.1 size table.
    pub sizes: SizeTable,
    /// §6.2, §7 reach and threatened squares.
    pub threat: ThreatRules,
    /// §8 attacks of opportunity.
    pub aoo: AooRules,
    /// §9 cover.
    pub cover: CoverRules,
    /// §10 concealment.
    pub concealment: ConcealmentRules,
    /// §12 flanking.
    pub flanking: FlankingRules,
    /// §13 prone, helpless and other situational modifiers.
    pub position: PositionRules,
    /// §14 attack roll and critical hits.
    pub attack: AttackRules,
    /// §4 action economy.
    pub actions: ActionRules,
    /// §3 combat sequence: surprise, initiative, delay, ready.
    pub sequence: SequenceRules,
    /// §15 which defenses a unit has.
    pub defense: DefenseRules,
    /// §16 damage.
    pub damage: DamageRules,
    /// §17 how damage is tracked.
    pub health: HealthRules,
    /// §18 ranged attacks.
    pub range: RangeRules,
    /// §19 areas of effect.
    pub area: AreaRules,
    /// §25 vehicles on the grid; `None` where the family has no vehicle rules.
    pub vehicles: Option<VehicleRules>,
    /// §26 vehicle chases; `None` where the family has no chase rules.
    pub chases: Option<ChaseRules>,
    /// §4.3.1 full attack, fighting defensively, total defense.
    pub attack_options: AttackOptions,
    /// §4.4 combat maneuvers; `None` where the family has none.
    pub maneuvers: Option<ManeuverRules>,
    /// §4.3.1, §8.2 casting spells; `None` where the family's seed has no spellcasting.
    pub spellcasting: Option<SpellcastingRules>,
    /// §20 what conditions do to attacks, defenses and damage.
    pub conditions: Vec<ConditionModifiers>,
    /// §21 which bonuses and penalties on one roll or defense stack.
    pub stacking: stacking::StackingRules,
    /// §27 named variant switches.
    pub variants: Variants,
    /// Dotted paths (e.g. `grid.diagonal`) of values that are "(not in seeds)" engine
    /// defaults for this family, so the game can label them as such (§27.1). A path also
    /// covers everything below it; list rows are addressed by a value they hold
    /// (`sizes.Large.reach_tall_ft`) or `*` (`sizes.*.space_squares`).
    pub engine_defaults: Vec<String>,
}

impl Ruleset {
    /// Whether the value at `path` is an engine default rather than a sourced rule.
    pub fn is_engine_default(&self, path: &str) -> bool {
        defaults::is_listed(&self.engine_defaults, path)
    }

    /// The engine-default paths that do not resolve against this ruleset (should be none
    /// after validation).
    pub fn unresolved_engine_defaults(&self) -> Vec<&str> {
        let Ok(value) = serde_json::to_value(self) else {
            return self.engine_defaults.iter().map(String::as_str).collect();
        };
        self.engine_defaults
            .iter()
            .filter(|path| defaults::resolve(&value, path).is_empty())
            .map(String::as_str)
            .collect()
    }
}
