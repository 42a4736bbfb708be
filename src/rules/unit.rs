//! Unit components: identity, side, place on the grid, and the stats a scenario gives a
//! unit, already validated for the family's defense and health models (§6, §15, §17): its
//! weapons and their areas, its spells. Data only: the rules that read it are the areas'.

use crate::grid::{AreaShape, Square};
use crate::rules::engine::dice::DiceExpr;
pub use crate::ruleset::ConditionName;
use crate::ruleset::{ActionKind, Size};
use bevy::prelude::Component;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The scenario id of a unit; the key commands and events use.
#[derive(Component, Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitId(pub String);

impl std::fmt::Display for UnitId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for UnitId {
    fn from(s: &str) -> Self {
        UnitId(s.to_string())
    }
}

/// Which side a unit fights for.
#[derive(Component, Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SideId(pub String);

/// Where a unit stands: the top-left square of its space and the space's side in squares (GRID-3).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    pub at: Square,
    pub side_squares: u32,
}

impl Placement {
    pub fn squares(&self) -> impl Iterator<Item = Square> {
        self.at.footprint(self.side_squares)
    }
}

/// Everything about a unit that does not change during a battle in the foundation rules.
#[derive(Component, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    pub name: String,
    pub size: Size,
    /// Natural reach in feet (§6.2).
    pub reach_ft: u32,
    pub speed: Speeds,
    /// Initiative modifier (§3.3).
    pub initiative: i32,
    pub level: u32,
    pub bab: i32,
    pub abilities: Abilities,
    /// Ability scores (HP-SF-8); defaults from the modifiers.
    pub scores: AbilityScores,
    pub weapons: Vec<Weapon>,
    pub defenses: Defenses,
    /// Worn armor, for speed and run (§5.1).
    pub armor: ArmorWeight,
    /// Carried load, for speed and run (saga Heavy Load, §5.1).
    pub load: LoadWeight,
    /// Species, where a family's speed rules name one (d20_srd dwarves).
    pub species: Option<String>,
    pub kind: UnitKind,
    /// Damage reductions (§16.3).
    pub dr: Vec<DamageReductionDef>,
    pub senses: Senses,
    /// saga Shield Rating at full charge (§16.3, 004:879-885); 0 = no shields.
    pub shield_rating: u32,
    /// Feats and talents the engine resolves (saga full attack, disarm, grapple).
    pub feats: BTreeSet<super::feats::Feat>,
    /// Skills the unit is trained in, where training changes a grid rule.
    pub trained: BTreeSet<super::feats::Skill>,
    /// Spells and spell-like abilities it can cast, with their uses left (§4.3.1).
    pub spells: Vec<Spell>,
    /// Saving throw bonuses (starfinder, d20; §15 saving throws), for areas (AREA-5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saves: Option<Saves>,
}

/// Saving throw bonuses as printed in the stat block (starfinder, d20_srd, d20_modern).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Saves")]
pub struct Saves {
    pub fortitude: i32,
    pub reflex: i32,
    pub will: i32,
}

/// A unit's Shield Rating now: it drops when a hit's damage exceeds it (§16.3).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shields(pub u32);

impl Profile {
    /// The weapon a command names, matched without regard to case.
    pub fn weapon_named(&self, name: &str) -> Option<&Weapon> {
        self.weapons.iter().find(|w| w.name.eq_ignore_ascii_case(name))
    }

    /// The spell a command names, matched without regard to case.
    pub fn spell_named(&self, name: &str) -> Option<&Spell> {
        self.spells.iter().find(|s| s.name.eq_ignore_ascii_case(name))
    }
}

/// What a unit is, where the rules treat them differently (saga stun and ion damage, §16.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum UnitKind {
    #[default]
    Creature,
    /// A creature with cybernetics (saga ion damage affects it like a droid).
    Cyborg,
    Droid,
    Vehicle,
    Object,
}

/// Special senses (§10.3, §22): darkvision to a range in feet, low-light vision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Senses", default)]
pub struct Senses {
    pub darkvision_ft: Option<u32>,
    pub low_light_vision: bool,
}

/// One damage reduction a unit has (§16.3): `amount`, bypassed by any of `bypass`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "DamageReduction")]
pub struct DamageReductionDef {
    pub amount: u32,
    #[serde(default)]
    pub bypass: Vec<DamageType>,
}

/// How heavy a unit's armor is (§5.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ArmorWeight {
    #[default]
    None,
    Light,
    Medium,
    Heavy,
}

/// The bleed a unit starts the battle with (a scenario's `bleeding: "1d4"`).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Bleeding(pub DiceExpr);

/// How much a unit carries (§5.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum LoadWeight {
    #[default]
    Light,
    Medium,
    Heavy,
}

/// A weapon or natural attack (§14, §16, §18).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weapon {
    pub name: String,
    pub kind: WeaponKind,
    pub attack: i32,
    pub damage: DiceExpr,
    pub damage_types: Vec<DamageType>,
    pub reach_ft: Option<u32>,
    /// A reach weapon (longspear, glaive): in a family whose reach weapons do not strike
    /// within the wielder's natural reach (d20 SRD, `threat.reach_weapon`), it threatens and
    /// attacks only beyond it (§6.2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reach_weapon: bool,
    pub range_increment_ft: Option<u32>,
    pub range_bands: Option<RangeBands>,
    pub threatens: Option<bool>,
    /// Hands it is wielded with (saga disarm: −5 per hand beyond the first, §4.4).
    pub hands: u32,
    /// A light weapon (saga grabbed: no penalty with it, §20).
    pub light: bool,
    /// A double weapon (saga: both ends in a full attack, §4.3.1).
    pub double: bool,
    /// The area it fills, for grenades and explosives (RNG-1, §19).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area: Option<AreaOfEffect>,
    /// The Reflex save DC of its area (starfinder, d20: AREA-5, 003:161).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save_dc: Option<i32>,
    /// saga: can fire on autofire (AREA-SG-5).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub autofire: bool,
    /// saga: fires only on autofire (E-Web; may be braced, AREA-SG-5).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub autofire_only: bool,
    /// saga: a splash weapon (AREA-SG-7).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub splash: bool,
}

/// saga range bands of a weapon, in squares: the farthest square of each band (§18.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "RangeBands")]
pub struct RangeBands {
    pub point_blank: u32,
    pub short: u32,
    pub medium: u32,
    pub long: u32,
}

/// Defense values in the family's model (§15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Defenses {
    EacKac { eac: i32, kac: i32 },
    ArmorClass { ac: i32 },
    Defense { defense: i32 },
    ReflexFortitudeWill { reflex: i32, fortitude: i32, will: i32 },
}

/// Health in the family's model (§17).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Health {
    /// starfinder (HP-SF-1): Stamina, Hit Points and Resolve; `rp_max: None` for NPCs.
    StaminaHitPointsResolve {
        sp: u32,
        sp_max: u32,
        hp: u32,
        hp_max: u32,
        rp: u32,
        rp_max: Option<u32>,
    },
    /// d20_srd, d20_modern (§17.2–17.3): Hit Points that may go below 0.
    HitPoints { hp: i32, hp_max: i32 },
    /// saga (§17.4): Hit Points, Damage Threshold and the condition-track step (0..=5).
    DamageThresholdTrack {
        hp: u32,
        hp_max: u32,
        damage_threshold: i32,
        track_step: u8,
        heroic: bool,
    },
}

/// The conditions a unit has now (§20).
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Conditions(pub BTreeSet<ConditionName>);

/// Aware of the enemy at the start of combat (SEQ-1); unaware units are surprised.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Awareness {
    pub aware: bool,
}

/// Flat-footed from the start of combat until the unit first acts (§3.2); kept apart from
/// authored conditions so acting removes only this.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartFlatFooted;

/// What a unit has used of its once-a-day and once-per-encounter recoveries, and its
/// Constitution score for them (saga second wind, HP-SG-11).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Recovery {
    pub con_score: u32,
    pub second_winds_today: u32,
    pub second_wind_this_encounter: bool,
    /// saga Recover (HP-SG-7): swift actions spent toward the next step, and the round of the
    /// last one.
    #[serde(default)]
    pub recover_swift_actions: u32,
    #[serde(default)]
    pub recover_round: u32,
}

/// Squares above the ground of a flying unit (MOV-14); absent = on the ground.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Elevation(pub u32);

/// The round in which a late joiner enters and rolls initiative (SEQ-1 step 7).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct JoinsRound(pub u32);

/// Speeds in feet (saga authors: squares × 5).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Speed")]
pub struct Speeds {
    pub land: u32,
    #[serde(default)]
    pub fly: Option<u32>,
    #[serde(default)]
    pub climb: Option<u32>,
    #[serde(default)]
    pub swim: Option<u32>,
    #[serde(default)]
    pub burrow: Option<u32>,
}

/// Ability modifiers (not scores).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Abilities {
    pub str: i32,
    pub dex: i32,
    pub con: i32,
    pub int: i32,
    pub wis: i32,
    pub cha: i32,
}

impl Abilities {
    /// The modifier of `ability`.
    pub fn of(&self, ability: Ability) -> i32 {
        match ability {
            Ability::Str => self.str,
            Ability::Dex => self.dex,
            Ability::Con => self.con,
            Ability::Int => self.int,
            Ability::Wis => self.wis,
            Ability::Cha => self.cha,
        }
    }
}

/// One of the six abilities.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    // Commands are written with PascalCase variants elsewhere, so both spellings work.
    #[serde(alias = "Str")]
    Str,
    #[serde(alias = "Dex")]
    Dex,
    #[serde(alias = "Con")]
    Con,
    #[serde(alias = "Int")]
    Int,
    #[serde(alias = "Wis")]
    Wis,
    #[serde(alias = "Cha")]
    Cha,
}

impl Ability {
    pub const ALL: [Ability; 6] = [
        Ability::Str,
        Ability::Dex,
        Ability::Con,
        Ability::Int,
        Ability::Wis,
        Ability::Cha,
    ];

    /// The full name, as the rules text writes it.
    pub fn name(self) -> &'static str {
        match self {
            Ability::Str => "Strength",
            Ability::Dex => "Dexterity",
            Ability::Con => "Constitution",
            Ability::Int => "Intelligence",
            Ability::Wis => "Wisdom",
            Ability::Cha => "Charisma",
        }
    }

    /// The field name in stat blocks (`con`).
    pub fn key(self) -> &'static str {
        match self {
            Ability::Str => "str",
            Ability::Dex => "dex",
            Ability::Con => "con",
            Ability::Int => "int",
            Ability::Wis => "wis",
            Ability::Cha => "cha",
        }
    }
}

/// Ability scores, for ability damage (HP-SF-8: damage equal to the score knocks out, or
/// kills for Constitution). A score the stat block does not give is 10 + 2 × its modifier.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbilityScores {
    pub str: u32,
    pub dex: u32,
    pub con: u32,
    pub int: u32,
    pub wis: u32,
    pub cha: u32,
}

impl AbilityScores {
    /// The score of `ability`.
    pub fn of(&self, ability: Ability) -> u32 {
        match ability {
            Ability::Str => self.str,
            Ability::Dex => self.dex,
            Ability::Con => self.con,
            Ability::Int => self.int,
            Ability::Wis => self.wis,
            Ability::Cha => self.cha,
        }
    }

    /// Scores from `given` where set, else 10 + 2 × the modifier (at least 1).
    pub fn from_modifiers(modifiers: &Abilities, given: impl Fn(Ability) -> Option<u32>) -> Self {
        let score = |a: Ability| given(a).unwrap_or_else(|| (10 + 2 * modifiers.of(a)).max(1) as u32);
        Self {
            str: score(Ability::Str),
            dex: score(Ability::Dex),
            con: score(Ability::Con),
            int: score(Ability::Int),
            wis: score(Ability::Wis),
            cha: score(Ability::Cha),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum WeaponKind {
    Melee,
    /// Unarmed strike (does not threaten in starfinder, THR-2).
    Unarmed,
    Ranged,
    Thrown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum DamageType {
    Bludgeoning,
    Piercing,
    Slashing,
    Acid,
    Cold,
    Electricity,
    Fire,
    Sonic,
    /// saga's blaster "energy" damage.
    Energy,
    Force,
    Ion,
    Stun,
}

/// The shape of a weapon's area as a stat block gives it; cones and lines take their
/// direction when used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AreaShapeKind {
    #[serde(alias = "burst")]
    Burst,
    #[serde(alias = "emanation")]
    Emanation,
    #[serde(alias = "spread")]
    Spread,
    #[serde(alias = "cylinder")]
    Cylinder,
    #[serde(alias = "cone")]
    Cone,
    #[serde(alias = "line")]
    Line,
}

impl AreaShapeKind {
    /// Cones and lines start at a corner of the user's space and need a direction (§19.1).
    pub fn directed(self) -> bool {
        matches!(self, AreaShapeKind::Cone | AreaShapeKind::Line)
    }

    /// The kind of a placed shape.
    pub fn of(shape: AreaShape) -> AreaShapeKind {
        match shape {
            AreaShape::Burst => AreaShapeKind::Burst,
            AreaShape::Emanation => AreaShapeKind::Emanation,
            AreaShape::Spread => AreaShapeKind::Spread,
            AreaShape::Cylinder => AreaShapeKind::Cylinder,
            AreaShape::Cone(_) => AreaShapeKind::Cone,
            AreaShape::Line(_) => AreaShapeKind::Line,
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            AreaShapeKind::Burst => "burst",
            AreaShapeKind::Emanation => "emanation",
            AreaShapeKind::Spread => "spread",
            AreaShapeKind::Cylinder => "cylinder",
            AreaShapeKind::Cone => "cone",
            AreaShapeKind::Line => "line",
        }
    }
}

/// A weapon's area: `area: (shape: Burst, size_ft: 10)` (radius, or length of a cone or line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Area")]
pub struct AreaOfEffect {
    pub shape: AreaShapeKind,
    pub size_ft: u32,
}

/// A spell or spell-like ability a unit can cast, with the uses it has left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spell {
    pub name: String,
    /// The action casting takes; `None`: the family's default (a standard action).
    pub action: Option<ActionKind>,
    /// Whether casting provokes ("unless the spell specifies otherwise", 001:763-765).
    pub provokes: bool,
    /// A spell-like ability: provokes as a spell does (001:2628-2631), through its own trigger.
    pub spell_like: bool,
    /// Casts left (spell slots or uses per day); `None`: at will.
    pub uses: Option<u32>,
    /// The spell's level, added to the DC of a Concentration check while casting it (d20
    /// SRD, SPL-SRD-3); 0 (a cantrip's or orison's) when the stat block gives none.
    #[serde(default)]
    pub level: u32,
    /// Its area of damage, if the engine resolves what it does.
    pub effect: Option<SpellEffect>,
}

/// A spell's area of damage, saved against with Reflex for the family's share (AREA-5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpellEffect {
    pub area: AreaOfEffect,
    pub damage: DiceExpr,
    pub damage_types: Vec<DamageType>,
    pub save_dc: i32,
    /// How far away it may be centred; `None` for cones and lines from the caster.
    pub range_ft: Option<u32>,
    /// "(S)": the caster may give the squares itself (001:3302-3307).
    pub shapeable: bool,
}
