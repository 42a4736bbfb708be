//! The commands of areas and spells (§19): what each carries, and how the rules check and execute it.

use crate::grid::{Direction8, Intersection, Square};
use crate::rules::UnitId;
use crate::rules::area::spell::Aim;
use crate::rules::engine::bounds::{Operands, Step};
use crate::rules::engine::command::{Gates, RuleCommand};
use crate::rules::{Executor, RuleError};
use bevy::prelude::World;
use serde::{Deserialize, Serialize};

/// The active unit throws or fires an area weapon (a grenade) at the grid intersection
/// `at` (RNG-1, §19): starfinder rolls against the intersection's AC 5 and scatters a miss
/// (RNG-2), then everyone caught saves for half; saga makes one attack roll against each
/// Reflex Defense (AREA-SG-1). A cone or line starts at `at`, a corner of the unit's own
/// space, toward `dir`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaAttack {
    pub unit: UnitId,
    pub weapon: String,
    pub at: Intersection,
    #[serde(default)]
    pub dir: Option<Direction8>,
}

impl RuleCommand for AreaAttack {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ATTACK
    }

    fn operands(&self, out: &mut Operands) {
        out.corner(&[Step::Field("at")], self.at);
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::area::check_area_attack(world, &self.unit, &self.weapon, self.at, self.dir).map(|_| ())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::area::execute_area_attack(ex, &self.unit, &self.weapon, self.at, self.dir)
    }
}

/// saga: the active unit autofires `weapon` at the 2 × 2 squares whose top-left square is
/// `at` (AREA-SG-5); `braced` (autofire-only weapons) first spends two swift actions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Autofire {
    pub unit: UnitId,
    pub weapon: String,
    pub at: Square,
    #[serde(default)]
    pub braced: bool,
}

impl RuleCommand for Autofire {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn gates(&self) -> Gates {
        Gates::ATTACK
    }

    fn operands(&self, out: &mut Operands) {
        out.square(&[Step::Field("at")], self.at);
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::area::check_autofire(world, &self.unit, &self.weapon, self.at, self.braced).map(|_| ())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::area::execute_autofire(ex, &self.unit, &self.weapon, self.at, self.braced)
    }
}

/// The active unit casts one of its spells or spell-like abilities (§4.3.1, §8.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastSpell {
    pub unit: UnitId,
    pub spell: String,
    /// The intersection a spell's area starts at (§19, AREA-1).
    #[serde(default)]
    pub at: Option<crate::grid::Intersection>,
    /// The direction of a cone or line spell.
    #[serde(default)]
    pub dir: Option<crate::grid::Direction8>,
    /// A shapeable spell's squares, chosen by the caster (001:3302-3307).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub squares: Vec<crate::grid::Square>,
}

impl RuleCommand for CastSpell {
    fn actor(&self) -> Option<&UnitId> {
        Some(&self.unit)
    }

    fn operands(&self, out: &mut Operands) {
        if let Some(at) = self.at {
            out.corner(&[Step::Field("at")], at);
        }
        out.squares("squares", &self.squares);
    }

    fn check(&self, world: &World) -> Result<(), RuleError> {
        crate::rules::area::spell::check_cast_spell(world, &self.unit, &self.spell, self.aim()).map(|_| ())
    }

    fn execute(&self, ex: &mut Executor) -> Result<(), RuleError> {
        crate::rules::area::spell::execute_cast_spell(ex, &self.unit, &self.spell, self.aim())
    }
}

impl CastSpell {
    /// Where the spell's area goes.
    fn aim(&self) -> Aim<'_> {
        Aim {
            at: self.at,
            dir: self.dir,
            squares: &self.squares,
        }
    }
}
