//! What conditions do to attacks, defenses and damage (RULES.md §20), per family. A
//! condition a family does not list here has no sourced numbers in that family: attacks
//! involving it are refused as "not supported yet" instead of guessed.

use serde::{Deserialize, Serialize};

/// Which damage a condition's damage modifier applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum DamageScope {
    /// Every weapon damage roll (sickened).
    Weapon,
    /// Melee damage (fatigued).
    Melee,
    /// Melee and thrown damage (exhausted).
    MeleeAndThrown,
}

/// The numbers of one condition (§20 table).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConditionModifiers {
    pub condition: ConditionName,
    /// Added to the creature's attack rolls.
    #[serde(default)]
    pub attack: i32,
    /// Added to the creature's AC / defense.
    #[serde(default)]
    pub defense: i32,
    /// Added to its Reflex saves (areas, AREA-5).
    #[serde(default)]
    pub reflex: i32,
    /// Added to its damage rolls, on `damage_scope`.
    #[serde(default)]
    pub damage: i32,
    #[serde(default)]
    pub damage_scope: Option<DamageScope>,
    /// The creature is flat-footed while it has the condition.
    #[serde(default)]
    pub flat_footed: bool,
    /// Everything has total concealment against the creature (blinded).
    #[serde(default)]
    pub foes_totally_concealed: bool,
    /// The creature cannot attack at all (panicked, cowering).
    #[serde(default)]
    pub no_attacks: bool,
    /// saga grabbed: the penalty does not apply with natural or light weapons.
    #[serde(default)]
    pub except_natural_or_light: bool,
    /// Added to its initiative checks (starfinder deafened −4).
    #[serde(default)]
    pub initiative: i32,
    /// starfinder staggered: one move or one standard action a round, never a full action;
    /// swift actions still allowed.
    #[serde(default)]
    pub one_main_action: bool,
}

/// The conditions of RULES.md §20 that change a number or an action on the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ConditionName {
    Asleep,
    Bleeding,
    Blinded,
    Burning,
    Confused,
    Cowering,
    Dazed,
    Dazzled,
    Deafened,
    Encumbered,
    Entangled,
    Exhausted,
    Fascinated,
    Fatigued,
    FlatFooted,
    Frightened,
    Grabbed,
    Grappled,
    Helpless,
    Nauseated,
    OffKilter,
    OffTarget,
    Overburdened,
    Panicked,
    Paralyzed,
    Pinned,
    Prone,
    Shaken,
    Sickened,
    Stable,
    Staggered,
    Stunned,
    Unconscious,
}
