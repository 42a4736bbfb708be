//! Area attacks (RULES.md §18.3 RNG-1, RNG-2; §19: AREA-4, AREA-5, AREA-SG-1..AREA-SG-7):
//! an area weapon thrown or fired at a grid intersection, saga autofire at a 2 × 2 area and
//! saga splash weapons. Which squares an area fills is the template's (`grid::template`);
//! this module decides where it goes off, who is caught (any square of its space in the
//! area), each one's cover against it, its save or the attack roll against its Reflex
//! Defense, and its share of the damage, rolled once. Everything goes out as one
//! `AreaResolved` event, then the damage through the usual health path.
//!
//! How a family resolves an area is ruleset data: `area.resolution` (Reflex save for half or
//! saga's attack roll), `defense.special_targets.grid_intersection` (the AC of an
//! intersection; without one, an area weapon is placed, not rolled for) and `range.scatter`
//! (where a missed throw lands).

pub mod commands;
mod events;
pub mod options;
pub use events::AreaEvent;

pub mod preview;
pub mod spell;

use super::attack::situation::{
    Situation, attacker_conditions, defense_situation, range_penalty, reflex_save_modifiers,
};
use super::attack::stacking::apply_stacking;
use super::attack::{
    DamageRoll, DefenseUsed, ShieldHit, deal_weapon_damage, defense_against, reduce_damage, roll_damage,
};
use super::engine::error::illegal;
use super::feats::Feat;
use super::health::LifeState;
use super::reactions::opportunity::provoked_by;
use super::reactions::threat::space_of;
use super::{
    AreaOfEffect, AreaShapeKind, Combat, D20Check, DieRoll, Executor, Modifier, Profile, RuleError, UnitId, UnitIndex,
    Weapon, WeaponKind,
};
use crate::grid::{
    AreaShape, AttackKind, CoverDegree, CoverParams, Direction8, Intersection, SightModel, Space, Square, TemplateSpec,
    cover, cover_bonuses, cover_from_point, line_of_effect_with, origin_blocked, template,
};
use crate::rules::Terrain;
use crate::rules::sequence::turn::take_action;
use crate::ruleset::stacking::BonusType;
use crate::ruleset::{ActionKind, AooTrigger, AreaResolution, AreaRules, DamageShare, NaturalOneInArea, Ruleset};
use bevy::prelude::World;
use serde::{Deserialize, Serialize};

impl AreaShapeKind {
    pub(crate) fn with(self, dir: Option<Direction8>) -> Option<AreaShape> {
        Some(match (self, dir) {
            (AreaShapeKind::Burst, None) => AreaShape::Burst,
            (AreaShapeKind::Emanation, None) => AreaShape::Emanation,
            (AreaShapeKind::Spread, None) => AreaShape::Spread,
            (AreaShapeKind::Cylinder, None) => AreaShape::Cylinder,
            (AreaShapeKind::Cone, Some(d)) => AreaShape::Cone(d),
            (AreaShapeKind::Line, Some(d)) => AreaShape::Line(d),
            _ => return None,
        })
    }
}

impl AreaOfEffect {
    /// Its radius (or a cone's or line's length) in squares; `what` names it in the error.
    pub(crate) fn radius_squares(self, rules: &Ruleset, what: &str) -> Result<u32, RuleError> {
        let ft = rules.grid.square_ft.max(1);
        if self.size_ft == 0 || !self.size_ft.is_multiple_of(ft) {
            return Err(illegal(format!("{what}'s area must be a multiple of {ft} ft")));
        }
        Ok(self.size_ft / ft)
    }

    /// The placed shape: cones and lines need a direction, the others take none.
    pub(crate) fn aimed(self, dir: Option<Direction8>, what: &str) -> Result<AreaShape, RuleError> {
        let kind = self.shape;
        kind.with(dir).ok_or_else(|| match kind.directed() {
            true => illegal(format!(
                "{what}'s {} needs a direction: `dir: Some(N)` (N, NE, E, SE, S, SW, W, NW)",
                kind.name()
            )),
            false => illegal(format!("{what}'s {} takes no direction", kind.name())),
        })
    }
}

/// Which area an `AreaResolved` event filled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AreaOf {
    /// A template at `origin` (§19.1, AREA-SG-4).
    Template {
        shape: AreaShapeKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        direction: Option<Direction8>,
        radius_squares: u32,
        origin: Intersection,
        /// The user gave the squares itself, a shapeable area (001:3302-3307).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        shaped: bool,
    },
    /// saga autofire: the 2 × 2 squares with `at` top-left (AREA-SG-5).
    Autofire { at: Square, braced: bool },
    /// saga splash: the primary target and every square next to it (AREA-SG-7).
    Splash { primary: UnitId },
}

/// The roll that decides where a thrown area weapon lands (RNG-1): against the AC of a grid
/// intersection (the check's `dc`; `success`: it landed there).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacementRoll {
    pub aimed_at: Intersection,
    #[serde(flatten)]
    pub check: D20Check,
}

/// Where a missed throw went (RNG-2): `direction` d8 (1 = back toward the thrower, then
/// clockwise), `distance` d4 squares, `toward` the compass direction that made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScatterRoll {
    pub direction: DieRoll,
    pub distance: DieRoll,
    pub toward: Direction8,
    pub landed: Intersection,
}

/// One creature caught in an area and what the area did to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaTarget {
    pub unit: UnitId,
    /// Its cover against the area (`none`, `soft`, `partial`, `cover`, `improved`).
    pub cover: String,
    /// Save families: its Reflex save.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save: Option<D20Check>,
    /// saga: its Reflex Defense, with cover, and whether the roll hit it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defense: Option<DefenseUsed>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hit: Option<bool>,
    /// The Evasion talent changed its share (AREA-SG-3).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub evasion: bool,
    pub share: DamageShare,
    /// Its share of the damage rolled, before its own shields and damage reduction.
    pub amount: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shield: Option<ShieldHit>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reduced_by: Option<Modifier>,
    /// What reached its health.
    pub dealt: u32,
}

/// Everything an area attack decided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaOutcome {
    pub area: AreaOf,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placement: Option<PlacementRoll>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scatter: Option<ScatterRoll>,
    /// The squares the area filled.
    pub squares: Vec<Square>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<D20Check>,
    /// The damage, rolled once for everyone (only when someone takes a share).
    pub damage: Option<DamageRoll>,
    /// Every creature caught, in id order.
    pub targets: Vec<AreaTarget>,
}

impl AreaOutcome {
    /// Every die this area attack rolled, in order.
    pub fn dice(&self) -> Vec<&DieRoll> {
        let mut dice: Vec<&DieRoll> = Vec::new();
        dice.extend(self.placement.iter().map(|p| &p.check.roll));
        dice.extend(self.scatter.iter().flat_map(|s| [&s.direction, &s.distance]));
        dice.extend(self.attack.iter().map(|a| &a.roll));
        dice.extend(self.targets.iter().filter_map(|t| t.save.as_ref()).map(|s| &s.roll));
        dice.extend(self.damage.iter().flat_map(|d| d.dice.iter()));
        dice
    }
}

mod attack;
mod autofire;
mod geometry;
mod judge;
mod splash;

// The parts use each other's helpers through `use super::*`.
use {attack::*, geometry::*, judge::*};

pub use attack::{AreaPlan, check_area_attack, execute_area_attack};
pub(crate) use attack::{check_blast_savers, check_origin, check_savers};
pub use autofire::{AutofirePlan, check_autofire, execute_autofire};
pub(crate) use geometry::caught;
pub use geometry::{distance_to_point, scatter_landing, toward_thrower};
pub(crate) use judge::{Blast, cover_in_template, go_off};
pub use preview::{AreaPreview, AreaTargetOdds, preview_area_attack, preview_autofire, preview_cast_spell};
pub(crate) use splash::resolve_splash;
