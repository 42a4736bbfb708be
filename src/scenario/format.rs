//! The scenario file format as written by hand (serde, `deny_unknown_fields`): raw values
//! exactly as they appear in RON. Nothing here is trusted; `validate` turns it into
//! `ScenarioSpec`. Documented in `docs/scenario-format.md`.

use crate::grid::{Concealment, Intersection, Light, Square};
use crate::rules::AreaOfEffect;
use crate::rules::feats::{Feat, Skill};
use crate::rules::{
    Abilities, ArmorWeight, ConditionName, DamageReductionDef, DamageType, LoadWeight, RangeBands, Saves, Senses,
    Speeds, UnitKind, WeaponKind,
};
use crate::ruleset::{Gravity, Size};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use super::vehicle_format::{AboardDef, Autopilot, PassengerCover, RiderRole, SkillBonuses, VehicleDef};

/// The whole file: `Scenario(version: 1, ...)`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Scenario")]
pub struct ScenarioFile {
    pub version: u32,
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// Rule family id: `starfinder`, `d20_srd`, `d20_modern` or `saga`.
    pub ruleset: String,
    #[serde(default)]
    pub seed: Option<u64>,
    /// `Normal`, `Zero`, `Low` or `High` (ENV-1; flying costs, MOV-14).
    #[serde(default)]
    pub gravity: Gravity,
    pub map: MapDef,
    pub sides: Vec<SideDef>,
    pub units: Vec<UnitDef>,
    #[serde(default)]
    pub zones: Vec<ZoneDef>,
    #[serde(default)]
    pub objectives: Vec<ObjectiveDef>,
    /// The GUI shows each human side only the squares and enemies its units can see.
    #[serde(default)]
    pub hidden_information: bool,
    /// The battle starts as a vehicle chase (starfinder, §26).
    #[serde(default)]
    pub chase: Option<super::chase_format::ChaseDef>,
}

/// The battle map: ASCII rows plus a legend, or a filled `size` (GRID-1, GRID-5).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Map")]
pub struct MapDef {
    /// One string per row, top row first; every character is a legend key.
    #[serde(default)]
    pub rows: Vec<String>,
    /// `(width, height)` for a map filled with `fill`; `rows`, if given, must match.
    #[serde(default)]
    pub size: Option<(u32, u32)>,
    #[serde(default)]
    pub fill: Option<char>,
    pub legend: BTreeMap<char, LegendEntry>,
    /// Thin walls and doors on square edges, each a straight run between two intersections.
    #[serde(default)]
    pub edges: Vec<EdgeDef>,
}

/// What one map character means (GRID-5).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Legend")]
pub struct LegendEntry {
    pub terrain: TerrainKind,
    #[serde(default)]
    pub concealment: Concealment,
    #[serde(default)]
    pub light: Light,
    /// Overrides whether diagonal moves past this square are forbidden (MOV-10).
    /// Walls are hard corners unless set to `false` (e.g. a hedge); other terrain is not.
    #[serde(default)]
    pub hard_corner: Option<bool>,
    /// Blocks line of sight but not line of effect (fog, thick smoke; LOS-2).
    #[serde(default)]
    pub blocks_sight: bool,
    /// Also counts as difficult terrain (e.g. rubble that gives cover).
    #[serde(default)]
    pub difficult: bool,
}

/// The base kind of a square (GRID-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TerrainKind {
    /// Open ground.
    Floor,
    /// Impassable, blocks line of effect, a hard corner.
    Wall,
    /// Difficult terrain (MOV-5).
    Difficult,
    /// A low obstacle / Low Object about half a creature's height (§9.4).
    LowObstacle,
    /// An object that gives cover and blocks movement (crates, consoles; §9.2).
    Cover,
    /// An object that gives improved cover (gun port, arrow slit; §9.2, COV-2).
    ImprovedCover,
}

/// A thin wall or door along grid lines from one intersection to another (GEO-4).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Edge")]
pub struct EdgeDef {
    pub from: Intersection,
    pub to: Intersection,
    pub kind: EdgeKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EdgeKind {
    Wall,
    Door { open: bool },
}

/// A side of the battle.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Side")]
pub struct SideDef {
    pub id: String,
    pub name: String,
    pub control: Control,
    /// `#rrggbb`.
    pub colour: String,
    /// How the computer plays the side (only with `control: Ai`; left out: `Normal`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ai: Option<AiDef>,
}

/// Who plays a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Control {
    Human,
    /// The computer (`crate::ai`), at the side's `ai` level.
    Ai,
}

/// A computer-played side's settings: `ai: (level: Hard)`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Ai")]
pub struct AiDef {
    #[serde(default)]
    pub level: AiLevel,
}

/// How well the computer plays (docs/ai.md): `Easy` plays simply, `Normal` plays the rules
/// well, `Hard` also tries its candidate moves on copies of the battle.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum AiLevel {
    Easy,
    #[default]
    Normal,
    Hard,
}

/// A unit as written: inline stats, or `template` plus overrides. Template files in
/// `assets/units/` use the same shape without `id`, `template`, `side`, `at`, `aware` and
/// `joins_round`; validation says which fields are required where.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Unit")]
pub struct UnitDef {
    #[serde(default)]
    pub id: Option<String>,
    /// Name of a stat-block template in `assets/units/` (file name without `.ron`).
    #[serde(default)]
    pub template: Option<String>,
    #[serde(default)]
    pub side: Option<String>,
    /// Top-left square of the unit's space.
    #[serde(default)]
    pub at: Option<Square>,
    /// `false` = surprised at the start of combat (SEQ-1). Default `true`.
    #[serde(default)]
    pub aware: Option<bool>,
    /// The unit enters at the start of this round and rolls initiative then (SEQ-1 step 7).
    #[serde(default)]
    pub joins_round: Option<u32>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub size: Option<Size>,
    /// Tall (biped) or long (quadruped) body for natural reach (SIZE-4).
    #[serde(default)]
    pub body: Option<Body>,
    /// Natural reach in feet; defaults to the size table's (§6.2).
    #[serde(default)]
    pub reach: Option<u32>,
    #[serde(default)]
    pub speed: Option<Speeds>,
    /// Initiative modifier (§3.3).
    #[serde(default)]
    pub initiative: Option<i32>,
    /// Character level or CR (saga: heroic level).
    #[serde(default)]
    pub level: Option<u32>,
    /// Base attack bonus (§14.2).
    #[serde(default)]
    pub bab: Option<i32>,
    /// Ability modifiers.
    #[serde(default)]
    pub abilities: Option<Abilities>,
    /// Ability scores, for ability damage (starfinder, HP-SF-8): `(con: 13)`; a score left
    /// out is 10 + 2 × the modifier.
    #[serde(default)]
    pub scores: Option<ScoresDef>,
    #[serde(default)]
    pub weapons: Option<Vec<WeaponDef>>,
    #[serde(default)]
    pub defenses: Option<DefensesDef>,
    #[serde(default)]
    pub health: Option<HealthDef>,
    #[serde(default)]
    pub conditions: Option<Vec<ConditionName>>,
    /// The unit starts bleeding (starfinder §20): the damage it takes at the start of each of
    /// its turns, a dice expression such as `"1d4"`.
    #[serde(default)]
    pub bleeding: Option<String>,
    /// Worn armor: `Light`, `Medium` or `Heavy` (slows some families, §5.1).
    #[serde(default)]
    pub armor: Option<ArmorWeight>,
    /// Carried load: `Light`, `Medium` or `Heavy` (saga Heavy Load, §5.1).
    #[serde(default)]
    pub load: Option<LoadWeight>,
    /// Species, where a family's rules name one (d20_srd: dwarves keep their speed in armor).
    #[serde(default)]
    pub species: Option<String>,
    /// Height above the ground in feet, for a unit with a fly speed (MOV-14).
    #[serde(default)]
    pub altitude: Option<u32>,
    /// `Creature` (default), `Cyborg`, `Droid`, `Vehicle` or `Object` (saga stun and ion, §16.4).
    #[serde(default)]
    pub kind: Option<UnitKind>,
    /// Damage reductions: `[(amount: 5), (amount: 10, bypass: [Energy])]` (§16.3).
    #[serde(default)]
    pub dr: Option<Vec<DamageReductionDef>>,
    /// `(darkvision_ft: 60, low_light_vision: true)` (§10.3, §22).
    #[serde(default)]
    pub senses: Option<Senses>,
    /// saga Shield Rating: subtracted from each hit before damage reduction (§16.3).
    #[serde(default)]
    pub shield_rating: Option<u32>,
    /// Feats and talents the engine resolves: `[DoubleAttack, ImprovedDisarm, Pin]` (saga).
    #[serde(default)]
    pub feats: Option<Vec<Feat>>,
    /// Skills the unit is trained in, where training changes a grid rule: `[Acrobatics]` (saga).
    #[serde(default)]
    pub trained: Option<Vec<Skill>>,
    /// Saving throw bonuses `(fortitude: 4, reflex: 3, will: 1)` (starfinder, d20_srd,
    /// d20_modern; areas save with Reflex, AREA-5). saga has Defenses instead.
    #[serde(default)]
    pub saves: Option<Saves>,
    /// Spells and spell-like abilities it can cast (starfinder, §4.3.1):
    /// `[(name: "magic missile", uses: Some(3))]`.
    #[serde(default)]
    pub spells: Option<Vec<SpellDef>>,
    /// A vehicle's own stats (starfinder, §25.1); the unit needs `kind: Some(Vehicle)`.
    #[serde(default)]
    pub vehicle: Option<VehicleDef>,
    /// The vehicle this unit rides and its role there (§25.9); only in a scenario.
    #[serde(default)]
    pub aboard: Option<AboardDef>,
    /// Skill bonuses for piloting and boarding (§25.3).
    #[serde(default)]
    pub skills: Option<SkillBonuses>,
    /// The token's picture: the name of a shipped icon (`assets/tokens/icons.txt`), such as
    /// `"goblin-head"`; default: one for the unit's `kind` (presentation only).
    #[serde(default)]
    pub icon: Option<String>,
}

/// One spell or spell-like ability in a stat block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Spell")]
pub struct SpellDef {
    pub name: String,
    /// The action casting takes; default: the family's (a standard action).
    #[serde(default)]
    pub action: Option<crate::ruleset::ActionKind>,
    /// Whether casting provokes attacks of opportunity; default `true` (a few touch spells
    /// say they do not, 001:763-765).
    #[serde(default)]
    pub provokes: Option<bool>,
    /// A spell-like ability rather than a spell (provokes the same way, 001:2628-2631).
    #[serde(default)]
    pub spell_like: bool,
    /// How many times it can be cast in this battle (spell slots, uses per day); default: at will.
    #[serde(default)]
    pub uses: Option<u32>,
    /// The spell's level (d20 SRD: added to the Concentration DC when an attack of
    /// opportunity injures the caster, SPL-SRD-3); default 0, a cantrip's or orison's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u32>,
    /// What it does on the grid, where the engine resolves it: an area of damage with a
    /// Reflex save for half (§19, AREA-5).
    #[serde(default)]
    pub effect: Option<SpellEffectDef>,
}

/// A spell's area of damage: `(area: (shape: Burst, size_ft: 20), damage: "6d6",
/// damage_types: [Fire], save_dc: 16, range_ft: Some(400))`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "SpellEffect")]
pub struct SpellEffectDef {
    pub area: AreaOfEffect,
    pub damage: String,
    pub damage_types: Vec<crate::rules::DamageType>,
    /// The Reflex save DC; a success takes the family's share (half).
    pub save_dc: i32,
    /// How far from the caster the area may be centred; cones and lines start at the
    /// caster's own corner and need none.
    #[serde(default)]
    pub range_ft: Option<u32>,
    /// "(S)": the caster may shape the area, giving its squares (no dimension under 10 ft).
    #[serde(default)]
    pub shapeable: bool,
}

impl UnitDef {
    /// This unit's fields, falling back to `template`'s for the stats it leaves out.
    pub fn over_template(self, template: &UnitDef) -> UnitDef {
        let t = template.clone();
        UnitDef {
            id: self.id,
            template: self.template,
            side: self.side,
            at: self.at,
            aware: self.aware,
            joins_round: self.joins_round,
            name: self.name.or(t.name),
            size: self.size.or(t.size),
            body: self.body.or(t.body),
            reach: self.reach.or(t.reach),
            speed: self.speed.or(t.speed),
            initiative: self.initiative.or(t.initiative),
            level: self.level.or(t.level),
            bab: self.bab.or(t.bab),
            abilities: self.abilities.or(t.abilities),
            scores: self.scores.or(t.scores),
            weapons: self.weapons.or(t.weapons),
            defenses: self.defenses.or(t.defenses),
            health: self.health.or(t.health),
            conditions: self.conditions.or(t.conditions),
            bleeding: self.bleeding.or(t.bleeding),
            armor: self.armor.or(t.armor),
            load: self.load.or(t.load),
            species: self.species.or(t.species),
            altitude: self.altitude.or(t.altitude),
            kind: self.kind.or(t.kind),
            dr: self.dr.or(t.dr),
            senses: self.senses.or(t.senses),
            shield_rating: self.shield_rating.or(t.shield_rating),
            feats: self.feats.or(t.feats),
            trained: self.trained.or(t.trained),
            saves: self.saves.or(t.saves),
            spells: self.spells.or(t.spells),
            vehicle: self.vehicle.or(t.vehicle),
            aboard: self.aboard,
            skills: self.skills.or(t.skills),
            icon: self.icon.or(t.icon),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Body {
    Tall,
    Long,
}

/// A weapon or natural attack.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Weapon")]
pub struct WeaponDef {
    pub name: String,
    pub kind: WeaponKind,
    /// Total attack bonus with this weapon, as printed in the stat block.
    pub attack: i32,
    /// Dice expression: `1d6`, `2d8+3`, `1d4-1`.
    pub damage: String,
    pub damage_types: Vec<DamageType>,
    /// Reach in feet for melee weapons with reach (§6.2); defaults to the unit's reach.
    #[serde(default)]
    pub reach: Option<u32>,
    /// A reach weapon (longspear, glaive, ranseur): with `reach` beyond the unit's natural
    /// reach. d20_srd and d20_modern: it cannot strike (or threaten) within the natural
    /// reach, so not an adjacent foe; starfinder: it threatens every square it reaches (§6.2).
    #[serde(default)]
    pub reach_weapon: bool,
    /// Range increment in feet for ranged and thrown weapons (§18.1).
    #[serde(default)]
    pub range_increment: Option<u32>,
    /// saga range bands: the farthest square of each band (§18.1, 004:74, 357).
    #[serde(default)]
    pub range_bands: Option<RangeBands>,
    /// Whether wielding it threatens squares (THR-2); defaults by kind and family.
    #[serde(default)]
    pub threatens: Option<bool>,
    /// Hands it is wielded with; 1 unless given (saga disarm, §4.4).
    #[serde(default)]
    pub hands: Option<u32>,
    /// A light weapon (saga grabbed, §20).
    #[serde(default)]
    pub light: bool,
    /// A double weapon (saga full attack with both ends, §4.3.1).
    #[serde(default)]
    pub double: bool,
    /// An area weapon (grenade, explosive): `area: (shape: Burst, size_ft: 10)`; cones and
    /// lines get their direction when used (RNG-1, §19).
    #[serde(default)]
    pub area: Option<AreaOfEffect>,
    /// The Reflex save DC of its area (starfinder, d20_srd, d20_modern; AREA-5).
    #[serde(default)]
    pub save_dc: Option<i32>,
    /// saga: has an autofire setting (AREA-SG-5).
    #[serde(default)]
    pub autofire: bool,
    /// saga: fires only on autofire, and may be braced (AREA-SG-5).
    #[serde(default)]
    pub autofire_only: bool,
    /// saga: a splash weapon (AREA-SG-7).
    #[serde(default)]
    pub splash: bool,
    /// A vehicle's mounted weapon tied to its controls: the pilot may fire it (VEH-20).
    #[serde(default)]
    pub pilot_operable: bool,
}

/// Ability scores as printed in the stat block; each one left out follows from its modifier.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default, rename = "Scores")]
pub struct ScoresDef {
    pub str: Option<u32>,
    pub dex: Option<u32>,
    pub con: Option<u32>,
    pub int: Option<u32>,
    pub wis: Option<u32>,
    pub cha: Option<u32>,
}

impl ScoresDef {
    /// The score given for `ability`, if any.
    pub fn of(&self, ability: crate::rules::Ability) -> Option<u32> {
        use crate::rules::Ability;
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

/// Defense totals as printed in the stat block; which ones are needed depends on the
/// family's defense model (§15).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default, rename = "Defenses")]
pub struct DefensesDef {
    pub eac: Option<i32>,
    pub kac: Option<i32>,
    pub ac: Option<i32>,
    pub defense: Option<i32>,
    pub reflex: Option<i32>,
    pub fortitude: Option<i32>,
    pub will: Option<i32>,
}

/// Health in the family's model (§17).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default, rename = "Health")]
pub struct HealthDef {
    /// starfinder Stamina Points.
    pub sp: Option<u32>,
    pub hp: Option<u32>,
    /// starfinder Resolve Points; absent = an NPC who dies at 0 HP (HP-SF-1).
    pub rp: Option<u32>,
    /// saga Damage Threshold; defaults to Fortitude + size bonus (HP-SG-2).
    pub damage_threshold: Option<i32>,
    /// saga: a heroic character (may catch a second wind, HP-SG-11).
    pub heroic: Option<bool>,
    /// saga: the Constitution score, for the second wind (HP-SG-11); defaults to
    /// 10 + 2 × the Con modifier.
    pub con_score: Option<u32>,
}

/// A named area of the map made of rectangles.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Zone")]
pub struct ZoneDef {
    pub id: String,
    pub rects: Vec<RectDef>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Rect")]
pub struct RectDef {
    pub x: i32,
    pub y: i32,
    pub w: u32,
    pub h: u32,
}

/// What a side must do to win.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Objective")]
pub struct ObjectiveDef {
    pub side: String,
    pub goal: Goal,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Goal {
    /// No unit of that side is still able to fight.
    EliminateSide(String),
    /// Any unit of the side ends a move in the zone.
    ReachZone(String),
    /// The side has a unit in the zone and no enemy there for this many rounds.
    HoldZone { zone: String, rounds: u32 },
    /// The side still has an able unit after this many rounds.
    SurviveRounds(u32),
    /// Every unit of the side still able to act left the battle aboard a vehicle that
    /// escaped (VEH-22 on the grid, CHS-10 in a chase); the side needs a vehicle.
    Escape,
}
