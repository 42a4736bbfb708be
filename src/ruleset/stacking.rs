//! The vocabulary of §21 that rulesets are written in: bonus types and a family's stacking
//! rules. How modifiers stack is worked out by `rules::attack::stacking`.

use serde::{Deserialize, Serialize};

/// The type of a bonus (§21 "Types listed", all families together). Penalties have no type in
/// starfinder (001:3198-3200): a negative modifier is treated as a penalty whatever its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BonusType {
    #[default]
    Untyped,
    Ability,
    Armor,
    Base,
    Circumstance,
    Divine,
    Enhancement,
    Insight,
    Luck,
    Morale,
    Racial,
    Dodge,
    Competence,
    Cover,
    Deflection,
    NaturalArmor,
    Shield,
    Class,
    Equipment,
    Species,
    Size,
    Flanking,
}

impl BonusType {
    /// Whether the modifier has no type (events leave the type out then).
    pub fn is_untyped(&self) -> bool {
        *self == Self::Untyped
    }

    /// The type as a player reads it ("natural armor").
    pub fn name(self) -> &'static str {
        match self {
            Self::Untyped => "untyped",
            Self::Ability => "ability",
            Self::Armor => "armor",
            Self::Base => "base",
            Self::Circumstance => "circumstance",
            Self::Divine => "divine",
            Self::Enhancement => "enhancement",
            Self::Insight => "insight",
            Self::Luck => "luck",
            Self::Morale => "morale",
            Self::Racial => "racial",
            Self::Dodge => "dodge",
            Self::Competence => "competence",
            Self::Cover => "cover",
            Self::Deflection => "deflection",
            Self::NaturalArmor => "natural armor",
            Self::Shield => "shield",
            Self::Class => "class",
            Self::Equipment => "equipment",
            Self::Species => "species",
            Self::Size => "size",
            Self::Flanking => "flanking",
        }
    }
}

/// A family's stacking rules (§21), read from its ruleset file (`stacking`). Always: bonuses
/// of different types stack; a type not in `stacking_types` counts only its highest bonus;
/// penalties from one source count only the worst, penalties from different sources stack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StackingRules {
    /// Types whose bonuses stack with each other.
    pub stacking_types: Vec<BonusType>,
    /// Whether circumstance bonuses from the same source stack (when circumstance is a
    /// stacking type). `false`: only the highest from each source counts.
    pub same_source_circumstance_stacks: bool,
}
