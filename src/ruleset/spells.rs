//! Casting spells as a family's data (RULES.md §4.3.1 "Cast a spell", §8.2): the action a
//! spell takes unless its own text says otherwise, and what a damaging attack of
//! opportunity does to the casting. `None` where the family's seed has no spellcasting.

use super::actions::ActionKind;
use serde::{Deserialize, Serialize};

/// Spellcasting on the grid for one family (starfinder 001:754-769).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpellcastingRules {
    /// The action a spell takes when its stat-block entry names none ("at least a
    /// standard action", 001:755-756).
    pub default_action: ActionKind,
    /// An attack of opportunity that hits and damages the caster makes the spell fail and
    /// its slot be lost (001:766-768).
    pub lost_when_aoo_damages: bool,
    /// A shapeable "(S)" area has no dimension smaller than this (001:3302-3304).
    pub shaped_min_dimension_ft: u32,
}
