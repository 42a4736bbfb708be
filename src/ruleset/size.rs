//! The size table (RULES.md §6.1, SIZE-1..SIZE-5): space, natural reach and the per-family
//! size modifiers, one row per size category.

use serde::{Deserialize, Serialize};

/// The nine size categories of every family (§6.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Size {
    Fine,
    Diminutive,
    Tiny,
    Small,
    Medium,
    Large,
    Huge,
    Gargantuan,
    Colossal,
}

impl Size {
    pub const ALL: [Size; 9] = [
        Size::Fine,
        Size::Diminutive,
        Size::Tiny,
        Size::Small,
        Size::Medium,
        Size::Large,
        Size::Huge,
        Size::Gargantuan,
        Size::Colossal,
    ];
}

/// One row of the size table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SizeRow {
    pub size: Size,
    /// Side of the space in whole squares; smaller creatures (0) share squares (SIZE-5)
    /// and are placed in one square on the grid.
    pub space_squares: u32,
    /// Natural reach in feet for tall (biped) and long (quadruped) creatures (SIZE-4).
    pub reach_tall_ft: u32,
    pub reach_long_ft: u32,
    /// Size modifier to attack rolls (d20_srd, d20_modern; 0 where the family has none).
    pub attack_mod: i32,
    /// Size modifier to AC / Defense / Reflex Defense (0 where the family has none).
    pub defense_mod: i32,
    /// saga: size bonus to the Damage Threshold (0 elsewhere).
    pub damage_threshold_bonus: i32,
    /// saga: grapple size modifier; d20_srd, d20_modern: the special size modifier of grapple
    /// checks (MNV-SRD-5, docs/d20-maneuvers.md); 0 in starfinder.
    pub grapple_mod: i32,
    /// How many creatures of this size may share one square (SIZE-5: 4 Tiny, 25 Diminutive,
    /// 100 Fine); `None` for sizes that fill whole squares.
    pub per_square: Option<u32>,
}

/// All nine rows, validated to hold every size exactly once.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SizeTable(pub Vec<SizeRow>);

impl SizeTable {
    /// The row of `size`. Validation guarantees every size has one.
    pub fn row(&self, size: Size) -> &SizeRow {
        self.0
            .iter()
            .find(|r| r.size == size)
            .unwrap_or_else(|| unreachable!("size table validated to hold {size:?}"))
    }

    /// Side of the space on the grid in squares; at least 1 (SIZE-5 small creatures
    /// still stand in one square).
    pub fn side_squares(&self, size: Size) -> u32 {
        self.row(size).space_squares.max(1)
    }
}
