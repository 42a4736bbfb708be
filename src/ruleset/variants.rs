//! The named variant switches of RULES.md §27 (uncertain readings a scenario may flip).
//! Each family's file sets the ones that concern it; the rest keep the spec's default.

use serde::{Deserialize, Serialize};

/// Variant switches (§27.2). Defaults are the spec's chosen readings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Variants {
    /// U1: saga flat-footed lasts until the first regular turn instead of the first action.
    pub saga_flatfooted_until_regular_turn: bool,
    /// U3: starfinder lines running along a blocking border obstruct (corridor cover).
    pub sf_border_lines_block: bool,
    /// U4: starfinder single-point corner nick obstructs.
    pub sf_corner_nick_blocks: bool,
    /// U7: d20_modern range penalty counted like starfinder (ceil) instead of literally (floor).
    pub modern_range_as_starfinder: bool,
    /// U26: chase Break Free keeps the base +5 per extra vehicle.
    pub chase_breakfree_keep_base5: bool,
}

impl Default for Variants {
    fn default() -> Self {
        Self {
            saga_flatfooted_until_regular_turn: false,
            sf_border_lines_block: true,
            sf_corner_nick_blocks: false,
            modern_range_as_starfinder: false,
            chase_breakfree_keep_base5: false,
        }
    }
}
