//! Casting spells as a family's data (RULES.md §4.3.1 "Cast a spell", §8.2): the action a
//! spell takes unless its own text says otherwise, and what a damaging attack of
//! opportunity does to the casting. `None` where the family's rules have no spellcasting.

use super::actions::ActionKind;
use serde::{Deserialize, Serialize};

/// Spellcasting on the grid for one family (starfinder 001:754-769; d20 SRD "Casting
/// Spells" and the Concentration skill, docs/d20-spells.md).
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
    /// An attack of opportunity that damages the caster calls for a Concentration check
    /// instead, the spell lost only when it fails (d20 SRD, SPL-SRD-3); `None`: no check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concentration: Option<ConcentrationRule>,
}

/// The DC of the Concentration check a caster injured while casting makes: `base`, plus the
/// damage dealt and the spell's level where the family's text adds them ("10 + damage
/// dealt + spell level", d20 SRD Concentration skill).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConcentrationRule {
    pub base: i32,
    pub plus_damage: bool,
    pub plus_spell_level: bool,
}

impl ConcentrationRule {
    /// The DC for `damage` dealt while casting a spell of `level`.
    pub fn dc(&self, damage: u32, level: u32) -> i32 {
        let damage = if self.plus_damage {
            damage.min(1_000_000) as i32
        } else {
            0
        };
        let level = if self.plus_spell_level {
            level.min(1_000) as i32
        } else {
            0
        };
        self.base.saturating_add(damage).saturating_add(level)
    }
}
