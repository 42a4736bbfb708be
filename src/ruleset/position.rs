//! Position and situation modifiers as data (RULES.md §13): prone, helpless, shooting into
//! melee and non-proficiency. Charge and run modifiers live with those actions; the
//! flat-footed effect lives in `defense.flat_footed`.

use serde::{Deserialize, Serialize};

/// Which side of the roll a modifier is written on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ModifierSide {
    /// Added to the target's AC (starfinder: "target gets +4 AC").
    TargetDefense,
    /// Added to the attacker's roll (saga: "+5 to hit").
    AttackRoll,
}

/// Prone (§13 first two rows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProneModifiers {
    /// A prone creature's own melee attack rolls (starfinder −4, saga −5).
    pub prone_attacker_melee: i32,
    /// Melee against a prone target, on `side` (starfinder −4 AC, saga +5 to hit).
    pub vs_prone_melee: i32,
    /// Ranged against a prone target, on `side` (starfinder +4 AC, saga −5 to hit).
    pub vs_prone_ranged: i32,
    pub side: ModifierSide,
    /// starfinder: knocked down in zero gravity = off-kilter instead (001:1756-1757).
    pub zero_g_off_kilter: bool,
}

/// Helpless targets (§13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HelplessModifiers {
    /// Dexterity treated as this score (0, i.e. modifier −5).
    pub dex_score: u32,
    /// Bonus on melee attacks against it (starfinder +4, saga +5).
    pub melee_attack_bonus: i32,
    /// Bonus on ranged attacks against it (0 in both).
    pub ranged_attack_bonus: i32,
    /// A coup de grace may be made against it.
    pub coup_de_grace: bool,
}

/// saga: shooting at a target adjacent to your allies (004:887-893).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShootingIntoMelee {
    pub penalty: i32,
    pub negated_by_feat: String,
}

/// §13 for one family.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRules {
    pub prone: ProneModifiers,
    pub helpless: HelplessModifiers,
    pub shooting_into_melee: Option<ShootingIntoMelee>,
    /// Attack penalty with a weapon one is not proficient with (saga: improvised too).
    pub non_proficient_weapon: Option<i32>,
    /// AC penalty in armor one is not proficient with (starfinder).
    pub non_proficient_armor: Option<i32>,
    /// starfinder: using a weapon for the other kind of damage, lethal/nonlethal (001:1487-1495).
    pub lethal_switch: Option<i32>,
}
