//! Area attacks (RULES.md §18.3 RNG-1, RNG-2; §19: AREA-4, AREA-5, AREA-SG-1..AREA-SG-7):
//! an area weapon thrown or fired at a grid intersection, saga autofire at a 2 × 2 area and
//! saga splash weapons. Which squares an area fills is the template's (`grid::template`);
//! this module decides where it goes off, who is caught (any square of its space in the
//! area), each one's cover against it, its save or the attack roll against its Reflex
//! Defense, and its share of the damage, rolled once. Everything goes out as one
//! `AreaResolved` event, then the damage through the usual health path.
//!
//! How a family resolves an area is ruleset data: `area.resolution` (Reflex save for half or
//! saga's attack roll), `defense.special_targets.grid_intersection` (the AC of an
//! intersection; without one, an area weapon is placed, not rolled for) and `range.scatter`
//! (where a missed throw lands).

use super::attack::{
    DamageRoll, DefenseUsed, ShieldHit, deal_weapon_damage, defense_against, reduce_damage, roll_damage,
};
use super::error::illegal;
use super::feats::Feat;
use super::health::LifeState;
use super::resolve::take_action;
use super::situation::{Situation, attacker_conditions, defense_situation, range_penalty, reflex_save_modifiers};
use super::stacking::{BonusType, apply_stacking};
use super::threat::{provoked_by, space_of};
use super::{
    Combat, DieRoll, Executor, GameEvent, Modifier, Profile, RuleError, UnitId, UnitIndex, Weapon, WeaponKind,
};
use crate::grid::{
    AreaShape, AttackKind, CoverDegree, CoverParams, Direction8, Intersection, Map, SightModel, Space, Square,
    TemplateSpec, cover, cover_bonuses, cover_from_point, line_of_effect_with, template,
};
use crate::history::Terrain;
use crate::ruleset::{ActionKind, AooTrigger, AreaResolution, AreaRules, DamageShare, NaturalOneInArea, Ruleset};
use bevy::prelude::World;
use serde::{Deserialize, Serialize};

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

    pub(crate) fn with(self, dir: Option<Direction8>) -> Option<AreaShape> {
        Some(match (self, dir) {
            (AreaShapeKind::Burst, None) => AreaShape::Burst,
            (AreaShapeKind::Emanation, None) => AreaShape::Emanation,
            (AreaShapeKind::Spread, None) => AreaShape::Spread,
            (AreaShapeKind::Cylinder, None) => AreaShape::Cylinder,
            (AreaShapeKind::Cone, Some(d)) => AreaShape::Cone(d),
            (AreaShapeKind::Line, Some(d)) => AreaShape::Line(d),
            _ => return None,
        })
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

/// Which area an `AreaResolved` event filled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AreaOf {
    /// A template at `origin` (§19.1, AREA-SG-4).
    Template {
        shape: AreaShapeKind,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        direction: Option<Direction8>,
        radius_squares: u32,
        origin: Intersection,
    },
    /// saga autofire: the 2 × 2 squares with `at` top-left (AREA-SG-5).
    Autofire { at: Square, braced: bool },
    /// saga splash: the primary target and every square next to it (AREA-SG-7).
    Splash { primary: UnitId },
}

/// The roll that decides where a thrown area weapon lands (RNG-1): against the AC of a grid
/// intersection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacementRoll {
    pub aimed_at: Intersection,
    pub roll: DieRoll,
    pub modifiers: Vec<Modifier>,
    pub total: i32,
    pub ac: i32,
    pub hit: bool,
}

/// Where a missed throw went (RNG-2): `direction` d8 (1 = back toward the thrower, then
/// clockwise), `distance` d4 squares, `toward` the compass direction that made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScatterRoll {
    pub direction: DieRoll,
    pub distance: DieRoll,
    pub toward: Direction8,
    pub landed: Intersection,
}

/// saga: the one attack roll of an area attack (AREA-SG-1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaRoll {
    pub roll: DieRoll,
    pub modifiers: Vec<Modifier>,
    pub total: i32,
    /// Below this total the attack affects no one.
    pub min_total: i32,
    /// Whether it affects anyone at all.
    pub affects: bool,
}

/// A Reflex save against an area (AREA-5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveRoll {
    pub roll: DieRoll,
    pub modifiers: Vec<Modifier>,
    pub total: i32,
    pub dc: i32,
    pub success: bool,
}

/// One creature caught in an area and what the area did to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaTarget {
    pub unit: UnitId,
    /// Its cover against the area (`none`, `soft`, `partial`, `cover`, `improved`).
    pub cover: String,
    /// Save families: its Reflex save.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save: Option<SaveRoll>,
    /// saga: its Reflex Defense, with cover, and whether the roll hit it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defense: Option<DefenseUsed>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hit: Option<bool>,
    /// The Evasion talent changed its share (AREA-SG-3).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub evasion: bool,
    pub share: DamageShare,
    /// Its share of the damage rolled, before its own shields and damage reduction.
    pub amount: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shield: Option<ShieldHit>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reduced_by: Option<Modifier>,
    /// What reached its health.
    pub dealt: u32,
}

/// Everything an area attack decided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaOutcome {
    pub area: AreaOf,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placement: Option<PlacementRoll>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scatter: Option<ScatterRoll>,
    /// The squares the area filled.
    pub squares: Vec<Square>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<AreaRoll>,
    /// The damage, rolled once for everyone (only when someone takes a share).
    pub damage: Option<DamageRoll>,
    /// Every creature caught, in id order.
    pub targets: Vec<AreaTarget>,
}

impl AreaOutcome {
    /// Every die this area attack rolled, in order.
    pub fn dice(&self) -> Vec<&DieRoll> {
        let mut dice: Vec<&DieRoll> = Vec::new();
        dice.extend(self.placement.iter().map(|p| &p.roll));
        dice.extend(self.scatter.iter().flat_map(|s| [&s.direction, &s.distance]));
        dice.extend(self.attack.iter().map(|a| &a.roll));
        dice.extend(self.targets.iter().filter_map(|t| t.save.as_ref()).map(|s| &s.roll));
        dice.extend(self.damage.iter().flat_map(|d| d.dice.iter()));
        dice
    }
}

// ---------------------------------------------------------------------------------------
// Geometry helpers

/// RNG-2: the compass direction from `target` toward the centre of `thrower`'s space,
/// snapped to the nearest of the 8 (an exact tie cannot happen off the diagonals; a thrower
/// centred on the point itself counts as east of it).
pub fn toward_thrower(thrower: Space, target: Intersection) -> Direction8 {
    // In half squares, so the centre of any space is a lattice point.
    let dx = (2 * thrower.at.x + thrower.side as i32 - 2 * target.i) as f64;
    let dy = (2 * thrower.at.y + thrower.side as i32 - 2 * target.j) as f64;
    let (ax, ay) = (dx.abs(), dy.abs());
    let diagonal = ax.min(ay) > ax.max(ay) * (std::f64::consts::SQRT_2 - 1.0);
    match (diagonal, dx > 0.0, dy > 0.0) {
        (true, true, false) => Direction8::NE,
        (true, true, true) => Direction8::SE,
        (true, false, true) => Direction8::SW,
        (true, false, false) => Direction8::NW,
        _ if ax >= ay && dx >= 0.0 => Direction8::E,
        _ if ax >= ay => Direction8::W,
        _ if dy > 0.0 => Direction8::S,
        _ => Direction8::N,
    }
}

/// RNG-2 pseudo-code: `landing := T + n * unit_step(rotate(v, (k - 1) * 45°))`.
pub fn scatter_landing(thrower: Space, target: Intersection, d8: u32, d4: u32) -> (Direction8, Intersection) {
    let dir = toward_thrower(thrower, target).rotate_clockwise(d8.saturating_sub(1) as i32);
    let (sx, sy) = dir.step();
    let n = d4 as i32;
    (dir, Intersection::new(target.i + n * sx, target.j + n * sy))
}

/// Distance in squares from a space to an intersection: from the nearest corner of its
/// squares, by the family's diagonal rule (GRID-7 with a point for the second space).
pub fn distance_to_point(space: Space, p: Intersection, diagonal: crate::ruleset::DiagonalPolicy) -> u32 {
    space
        .squares()
        .map(|s| {
            let dx = (s.x - p.i).max(p.i - (s.x + 1)).max(0);
            let dy = (s.y - p.j).max(p.j - (s.y + 1)).max(0);
            diagonal.squares(dx, dy)
        })
        .min()
        .unwrap_or(0)
}

/// The squares that meet at `p` and are on the map.
fn squares_at(map: &Map, p: Intersection) -> impl Iterator<Item = Square> + '_ {
    [(-1, -1), (0, -1), (-1, 0), (0, 0)]
        .into_iter()
        .map(move |(dx, dy)| Square::new(p.i + dx, p.j + dy))
        .filter(|s| map.contains(*s))
}

/// Line of effect from a space to an intersection: to one of the open squares meeting at it
/// (LOE-1 between squares; the engine's reading of "line of effect to the point", AREA-1).
fn line_of_effect_to_point(map: &Map, model: SightModel, from: Space, p: Intersection) -> bool {
    squares_at(map, p)
        .filter(|s| map.cell(*s).is_some_and(|c| !c.blocks_loe))
        .any(|s| from.contains(s) || line_of_effect_with(map, model, from, Space::one(s)))
}

/// Every unit not dead with a square in `squares` (id order).
/// Every living unit with a square among `squares` (in any order), in id order.
fn caught(world: &World, squares: &[Square]) -> Vec<UnitId> {
    let squares: std::collections::HashSet<Square> = squares.iter().copied().collect();
    world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| super::unit_component::<LifeState>(world, u) != Some(&LifeState::Dead))
        .filter(|u| space_of(world, u).is_some_and(|s| s.squares().any(|q| squares.contains(&q))))
        .cloned()
        .collect()
}

fn others(world: &World, except: &[&UnitId]) -> Vec<Space> {
    world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| !except.contains(u))
        .filter_map(|u| space_of(world, u))
        .collect()
}

fn degree_name(d: CoverDegree) -> String {
    format!("{d:?}").to_lowercase()
}

fn profile_of<'w>(world: &'w World, unit: &UnitId) -> Result<&'w Profile, RuleError> {
    super::unit_component::<Profile>(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))
}

fn weapon_of(world: &World, unit: &UnitId, name: &str) -> Result<Weapon, RuleError> {
    profile_of(world, unit)?
        .weapon_named(name)
        .cloned()
        .ok_or_else(|| illegal(format!("{unit} has no weapon named {name}")))
}

fn can_act(world: &World, unit: &UnitId) -> Result<(), RuleError> {
    match super::unit_component::<LifeState>(world, unit)
        .copied()
        .unwrap_or_default()
        .can_act()
    {
        true => Ok(()),
        false => Err(illegal(format!("{unit} cannot act"))),
    }
}

// ---------------------------------------------------------------------------------------
// Who is caught, and what each one takes

/// Where cover against an area is judged from.
#[derive(Debug, Clone, Copy)]
enum CoverFrom<'a> {
    /// An intersection (AREA-4: the origin; AREA-SG-2: a burst's centre).
    Point(Intersection),
    /// A unit's space (saga autofire: the attacker; splash: the primary target).
    Unit(&'a UnitId, Space),
    /// None counts (spreads reach around cover, cylinders ignore obstructions; AREA-4).
    Nothing,
}

/// The cover `target` has against the area.
fn area_cover(world: &World, from: CoverFrom, target: &UnitId) -> CoverDegree {
    let rules = world.resource::<Ruleset>();
    let map = &world.resource::<Terrain>().0;
    let params = CoverParams::from_ruleset(rules);
    let Some(t) = space_of(world, target) else {
        return CoverDegree::None;
    };
    match from {
        CoverFrom::Nothing => CoverDegree::None,
        CoverFrom::Point(p) => {
            cover_from_point(map, &params, p, t, &others(world, &[target]), AttackKind::Ranged).degree
        }
        CoverFrom::Unit(unit, _) if unit == target => CoverDegree::None,
        CoverFrom::Unit(unit, space) => {
            cover(
                map,
                &params,
                space,
                t,
                &others(world, &[unit, target]),
                AttackKind::Ranged,
            )
            .degree
        }
    }
}

/// Cover that turns a saga miss into no damage: "cover or improved cover" (004:731).
fn has_cover(degree: CoverDegree) -> bool {
    matches!(
        degree,
        CoverDegree::Partial | CoverDegree::Cover | CoverDegree::Improved
    )
}

/// The roll of a saga area attack, once made.
#[derive(Debug, Clone, Copy)]
struct SagaRoll {
    natural: u32,
    total: i32,
    /// `>=` or `>` against the defense (splash "exceeds", U11).
    ties_hit: bool,
}

impl SagaRoll {
    /// AREA-SG-1: a natural 20 hits everyone (where the family says so), a natural 1 misses
    /// everyone (`misses_all`), otherwise the total against the defense.
    fn hits(self, rules: &Ruleset, defense: i32) -> bool {
        let AreaResolution::AttackRoll {
            natural_20_hits_all,
            natural_1,
            ..
        } = rules.area.resolution
        else {
            return false;
        };
        match self.natural {
            20 if natural_20_hits_all => true,
            1 if natural_1 == NaturalOneInArea::MissesAll => false,
            _ if self.ties_hit => self.total >= defense,
            _ => self.total > defense,
        }
    }
}

/// How a caught unit is resolved.
#[derive(Debug, Clone, Copy)]
enum Resolve {
    /// Save families: a Reflex save against `dc`.
    Save { dc: i32 },
    /// saga: the one roll against its Reflex Defense, with the shares of a hit and a miss.
    Roll {
        roll: SagaRoll,
        on_hit: DamageShare,
        on_miss: DamageShare,
    },
}

/// saga's share for a unit `hit` or missed, with or without cover; Evasion's instead when
/// the unit has the talent and the family has it (AREA-SG-2, AREA-SG-3).
fn saga_share(
    area: &AreaRules,
    hit: bool,
    covered: bool,
    evasion: bool,
    on_hit: DamageShare,
    on_miss: DamageShare,
) -> (DamageShare, bool) {
    match (evasion, area.evasion) {
        (true, Some(e)) => (if hit { e.on_hit } else { e.on_miss }, true),
        _ => match (hit, covered, area.resolution) {
            (true, _, _) => (on_hit, false),
            (false, true, AreaResolution::AttackRoll { on_miss_with_cover, .. }) => (on_miss_with_cover, false),
            (false, _, _) => (on_miss, false),
        },
    }
}

/// One caught unit: its cover, its save or the roll against its Reflex Defense, its share.
/// `defense_mods` replaces its own defense situation (a splash's primary target keeps the
/// attack's situation); `cover_override` its cover.
fn judge(
    ex: &mut Executor,
    weapon: &Weapon,
    unit: &UnitId,
    cover_from: CoverFrom,
    resolve: Resolve,
    situation: Option<&Situation>,
    context: &str,
) -> Result<AreaTarget, RuleError> {
    let rules = ex.ruleset().clone();
    let area = rules.area;
    let degree = match situation {
        Some(s) => s.cover,
        None => area_cover(ex.world, cover_from, unit),
    };
    let profile = profile_of(ex.world, unit)?.clone();
    let evasion = profile.feats.contains(&Feat::Evasion);
    let mut target = AreaTarget {
        unit: unit.clone(),
        cover: degree_name(degree),
        save: None,
        defense: None,
        hit: None,
        evasion: false,
        share: DamageShare::NoDamage,
        amount: 0,
        shield: None,
        reduced_by: None,
        dealt: 0,
    };
    match resolve {
        Resolve::Save { dc } => {
            let AreaResolution::ReflexSave {
                on_success,
                natural_1_fails,
                natural_20_succeeds,
            } = area.resolution
            else {
                return Err(RuleError::NotSupported(format!(
                    "saves are not in {}'s rules",
                    rules.name
                )));
            };
            let saves = profile
                .saves
                .ok_or_else(|| illegal(format!("{unit} has no saving throws in its stat block")))?;
            let mut modifiers = vec![Modifier::new(saves.reflex, "Reflex save")];
            let (_, reflex) = cover_bonuses(&rules.cover, degree);
            if reflex != 0 {
                modifiers.push(Modifier::typed(
                    reflex,
                    BonusType::Cover,
                    format!("{} from the origin", target.cover),
                ));
            }
            modifiers.extend(reflex_save_modifiers(ex.world, unit)?);
            let roll = ex.roll(20, format!("{context}: {unit}'s Reflex save against {}", weapon.name))?;
            let total = roll.result as i32 + apply_stacking(&mut modifiers, &rules.stacking);
            let success = match roll.result {
                1 if natural_1_fails => false,
                20 if natural_20_succeeds => true,
                _ => total >= dc,
            };
            // A failed save is a hit, a successful one a miss, for Evasion.
            let (share, evaded) = match (evasion, area.evasion) {
                (true, Some(e)) => (if success { e.on_miss } else { e.on_hit }, true),
                _ => (if success { on_success } else { DamageShare::Full }, false),
            };
            target.share = share;
            target.evasion = evaded;
            target.save = Some(SaveRoll {
                roll,
                modifiers,
                total,
                dc,
                success,
            });
        }
        Resolve::Roll { roll, on_hit, on_miss } => {
            let defense = match situation {
                Some(s) => defense_against(&rules, &profile, s.flat_footed, &weapon.damage_types, &s.defense),
                None => {
                    let (flat_footed, mut mods) = defense_situation(ex.world, unit)?;
                    let (bonus, _) = cover_bonuses(&rules.cover, degree);
                    if bonus != 0 {
                        let source = match cover_from {
                            CoverFrom::Point(_) => format!("{} from the centre", target.cover),
                            _ => format!("{} from {}", target.cover, cover_source(cover_from)),
                        };
                        mods.push(Modifier::typed(bonus, BonusType::Cover, source));
                    }
                    defense_against(&rules, &profile, flat_footed, &weapon.damage_types, &mods)
                }
            };
            let hit = roll.hits(&rules, defense.value);
            let (share, evaded) = saga_share(&area, hit, has_cover(degree), evasion, on_hit, on_miss);
            target.share = share;
            target.evasion = evaded;
            target.hit = Some(hit);
            target.defense = Some(defense);
        }
    }
    Ok(target)
}

fn cover_source(from: CoverFrom) -> String {
    match from {
        CoverFrom::Unit(u, _) => u.to_string(),
        CoverFrom::Point(p) => format!("({}, {})", p.i, p.j),
        CoverFrom::Nothing => String::new(),
    }
}

/// Rolls the damage once if anyone takes a share, and works out what reaches each one
/// through its own shields and damage reduction (§16.3). Area damage never doubles
/// (004:623; starfinder areas resolve by saves and do not crit).
fn damage_all(
    ex: &mut Executor,
    weapon: &Weapon,
    targets: &mut [AreaTarget],
    damage_mods: &[Modifier],
    context: &str,
) -> Result<Option<DamageRoll>, RuleError> {
    if targets.iter().all(|t| t.share == DamageShare::NoDamage) {
        return Ok(None);
    }
    let rules = ex.ruleset().clone();
    let damage = roll_damage(ex, &rules, weapon, damage_mods, false, context)?;
    for t in targets.iter_mut() {
        let profile = profile_of(ex.world, &t.unit)?.clone();
        let mut d = damage.clone();
        d.dealt = t.share.of(damage.total);
        t.amount = d.dealt;
        if t.amount > 0 {
            reduce_damage(ex, &rules, &t.unit, &profile, weapon, &mut d)?;
        }
        t.shield = d.shield;
        t.reduced_by = d.reduced_by;
        t.dealt = d.dealt;
    }
    Ok(Some(damage))
}

/// The shares of a hit and a miss in the family's area-attack roll model.
fn roll_shares(rules: &Ruleset) -> (DamageShare, DamageShare) {
    match rules.area.resolution {
        AreaResolution::AttackRoll { on_hit, on_miss, .. } => (on_hit, on_miss),
        AreaResolution::ReflexSave { on_success, .. } => (DamageShare::Full, on_success),
    }
}

/// Resolves every caught unit the same way.
fn judge_all(
    ex: &mut Executor,
    weapon: &Weapon,
    units: &[UnitId],
    cover_from: CoverFrom,
    resolve: Option<Resolve>,
    context: &str,
) -> Result<Vec<AreaTarget>, RuleError> {
    let Some(resolve) = resolve else {
        return Ok(Vec::new());
    };
    units
        .iter()
        .map(|u| judge(ex, weapon, u, cover_from, resolve, None, context))
        .collect()
}

/// Emits the outcome and deals each caught unit its share.
fn finish(
    ex: &mut Executor,
    attacker: &UnitId,
    weapon: &Weapon,
    context: &str,
    outcome: AreaOutcome,
) -> Result<(), RuleError> {
    let rules = ex.ruleset().clone();
    let lethal = outcome.damage.as_ref().is_none_or(|d| d.lethal);
    let hits: Vec<(UnitId, u32)> = outcome
        .targets
        .iter()
        .filter(|t| t.amount > 0)
        .map(|t| (t.unit.clone(), t.dealt))
        .collect();
    ex.emit(GameEvent::AreaResolved {
        attacker: attacker.clone(),
        weapon: weapon.name.clone(),
        context: context.to_string(),
        area: Box::new(outcome),
    });
    for (unit, dealt) in hits {
        let profile = profile_of(ex.world, &unit)?.clone();
        deal_weapon_damage(ex, &rules, weapon, &unit, &profile, dealt, lethal)?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// AreaAttack: an area weapon at an intersection (RNG-1, RNG-2, AREA-4, AREA-5, AREA-SG-1..4)

/// A checked area attack.
#[derive(Debug, Clone)]
pub struct AreaPlan {
    pub weapon: Weapon,
    pub area: AreaOfEffect,
    pub radius_squares: u32,
    /// Modifiers on the placement roll (starfinder) or the area attack roll (saga).
    pub attack: Vec<Modifier>,
    /// Added to the damage (the attacker's conditions).
    pub damage: Vec<Modifier>,
    /// The AC of a grid intersection, when the family rolls to place the weapon (RNG-1).
    pub placement_ac: Option<i32>,
    pub provokes: Vec<UnitId>,
}

fn radius_of(rules: &Ruleset, weapon: &Weapon, area: AreaOfEffect) -> Result<u32, RuleError> {
    let ft = rules.grid.square_ft.max(1);
    if area.size_ft == 0 || !area.size_ft.is_multiple_of(ft) {
        return Err(illegal(format!("{}'s area must be a multiple of {ft} ft", weapon.name)));
    }
    Ok(area.size_ft / ft)
}

/// The template a spec fills.
fn fill(world: &World, shape: AreaShape, origin: Intersection, radius_squares: u32) -> Vec<Square> {
    let rules = world.resource::<Ruleset>();
    let map = &world.resource::<Terrain>().0;
    let spec = TemplateSpec {
        shape,
        origin,
        radius_squares,
    };
    template(map, rules.grid.diagonal, &spec).squares
}

/// Checks `unit` using `weapon`'s area at `at` (with `dir` for a cone or line): the weapon
/// has an area and the family resolves it; the standard action can be paid; a burst's point
/// is on the map, in range and in line of effect; a cone or line starts at a corner of the
/// unit's space. In a save family, every creature the area could catch (wherever a missed
/// throw may land) must have saving throws, so nothing is rolled for a command that cannot
/// finish.
pub fn check_area_attack(
    world: &World,
    unit: &UnitId,
    weapon: &str,
    at: Intersection,
    dir: Option<Direction8>,
) -> Result<AreaPlan, RuleError> {
    let rules = world.resource::<Ruleset>();
    can_act(world, unit)?;
    let weapon = weapon_of(world, unit, weapon)?;
    let area = weapon
        .area
        .ok_or_else(|| illegal(format!("{} has no area; attack a unit with it instead", weapon.name)))?;
    if !matches!(weapon.kind, WeaponKind::Ranged | WeaponKind::Thrown) {
        return Err(illegal(format!("{} is not a ranged or thrown weapon", weapon.name)));
    }
    let radius_squares = radius_of(rules, &weapon, area)?;
    let shape = area.shape.with(dir).ok_or_else(|| match area.shape.directed() {
        true => illegal(format!(
            "{}'s {} needs a direction: `dir: Some(N)` (N, NE, E, SE, S, SW, W, NW)",
            weapon.name,
            area.shape.name()
        )),
        false => illegal(format!("{}'s {} takes no direction", weapon.name, area.shape.name())),
    })?;
    world
        .resource::<Combat>()
        .can_spend(&rules.actions, ActionKind::Standard)?;
    let space = check_origin(world, unit, area.shape, at)?;
    let (mut attack, damage) = attacker_conditions(world, unit, &weapon)?;
    attack.insert(0, Modifier::new(weapon.attack, format!("{} attack bonus", weapon.name)));
    let mut placement_ac = None;
    if !area.shape.directed() {
        let distance = distance_to_point(space, at, rules.grid.diagonal) * rules.grid.square_ft;
        let what = format!("the intersection ({}, {})", at.i, at.j);
        attack.extend(range_penalty(rules, &weapon, distance, &what)?);
        if matches!(rules.area.resolution, AreaResolution::ReflexSave { .. }) {
            placement_ac = rules.defense.special_targets.grid_intersection;
            if placement_ac.is_some() && rules.range.scatter.is_none() {
                return Err(RuleError::NotSupported(format!(
                    "{} rolls against a grid intersection's AC but has no rule for where a miss lands",
                    rules.name
                )));
            }
        }
    }
    // Every point the area may go off at: the aimed one and, with a placement roll, every
    // landing a scatter can give.
    let mut points = vec![at];
    if let (Some(_), Some(s)) = (placement_ac, rules.range.scatter) {
        for k in 1..=s.direction_die {
            for n in 1..=s.distance_die {
                points.push(scatter_landing(space, at, k, n).1);
            }
        }
    }
    let mut squares: Vec<Square> = points
        .iter()
        .flat_map(|p| fill(world, shape, *p, radius_squares))
        .collect();
    squares.sort();
    squares.dedup();
    let candidates = caught(world, &squares);
    match rules.area.resolution {
        AreaResolution::ReflexSave { .. } => {
            if weapon.save_dc.is_none() {
                return Err(illegal(format!(
                    "{} needs `save_dc` in its stat block: in {} creatures save against areas",
                    weapon.name, rules.name
                )));
            }
            check_savers(world, &weapon.name, &candidates)?;
        }
        AreaResolution::AttackRoll { .. } => {
            for u in &candidates {
                defense_situation(world, u)?;
            }
        }
    }
    let provokes = provoked_by(world, unit, AooTrigger::RangedAttack);
    Ok(AreaPlan {
        weapon,
        area,
        radius_squares,
        attack,
        damage,
        placement_ac,
        provokes,
    })
}

/// Uses `weapon`'s area at `at`: the standard action, the attacks of opportunity it
/// provokes, then (RNG-1) the roll against the intersection's AC and (RNG-2) the scatter of
/// a miss, or saga's one attack roll (AREA-SG-1); then everyone caught.
pub fn execute_area_attack(
    ex: &mut Executor,
    unit: &UnitId,
    weapon: &str,
    at: Intersection,
    dir: Option<Direction8>,
) -> Result<(), RuleError> {
    let plan = check_area_attack(ex.world, unit, weapon, at, dir)?;
    let rules = ex.ruleset().clone();
    let weapon = plan.weapon.clone();
    let verb = if weapon.kind == WeaponKind::Thrown {
        "throw"
    } else {
        "fire"
    };
    take_action(
        ex,
        unit,
        ActionKind::Standard,
        format!("{verb} {} at ({}, {})", weapon.name, at.i, at.j),
    );
    let space = space_of(ex.world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    for reactor in &plan.provokes {
        super::movement::attack_of_opportunity(ex, reactor, unit, space.at, "ranged attack, in")?;
    }
    if !ex.get::<LifeState>(unit).copied().unwrap_or_default().can_act() {
        return Ok(());
    }
    let context = "area attack";
    let mut origin = at;
    let mut placement = None;
    let mut scatter = None;
    if let Some(ac) = plan.placement_ac {
        let roll = ex.roll(
            20,
            format!("{context}: {unit} aims {} at ({}, {})", weapon.name, at.i, at.j),
        )?;
        let mut modifiers = plan.attack.clone();
        let total = roll.result as i32 + apply_stacking(&mut modifiers, &rules.stacking);
        let hit = rules.attack.hits(roll.result, total, ac);
        placement = Some(PlacementRoll {
            aimed_at: at,
            roll,
            modifiers,
            total,
            ac,
            hit,
        });
        if !hit && let Some(s) = rules.range.scatter {
            let direction = ex.roll(
                s.direction_die,
                format!("{context}: scatter direction of {}", weapon.name),
            )?;
            let distance = ex.roll(
                s.distance_die,
                format!("{context}: scatter distance of {}", weapon.name),
            )?;
            let (toward, landed) = scatter_landing(space, at, direction.result, distance.result);
            origin = landed;
            scatter = Some(ScatterRoll {
                direction,
                distance,
                toward,
                landed,
            });
        }
    }
    let blast = Blast {
        weapon: &weapon,
        area: plan.area,
        dir,
        radius_squares: plan.radius_squares,
        origin,
        context,
    };
    go_off(ex, unit, blast, &plan.attack, &plan.damage, placement, scatter)
}

/// An area going off at its final point of origin: the weapon (or a spell's effect as one),
/// its template and the log's name for it.
pub(crate) struct Blast<'a> {
    pub weapon: &'a Weapon,
    pub area: AreaOfEffect,
    pub dir: Option<Direction8>,
    pub radius_squares: u32,
    pub origin: Intersection,
    pub context: &'a str,
}

/// Fills the template at the blast's origin, resolves everyone caught (saves, or saga's one
/// attack roll with `attack_mods`), rolls the damage once and deals the shares.
pub(crate) fn go_off(
    ex: &mut Executor,
    unit: &UnitId,
    blast: Blast,
    attack_mods: &[Modifier],
    damage_mods: &[Modifier],
    placement: Option<PlacementRoll>,
    scatter: Option<ScatterRoll>,
) -> Result<(), RuleError> {
    let rules = ex.ruleset().clone();
    let Blast {
        weapon,
        area,
        dir,
        radius_squares,
        origin,
        context,
    } = blast;
    let shape = area.shape.with(dir).unwrap_or(AreaShape::Burst);
    let squares = fill(ex.world, shape, origin, radius_squares);
    let caught_units = caught(ex.world, &squares);
    let cover_from = match area.shape {
        AreaShapeKind::Spread | AreaShapeKind::Cylinder => CoverFrom::Nothing,
        _ => CoverFrom::Point(origin),
    };
    let (resolve, attack) = match rules.area.resolution {
        AreaResolution::ReflexSave { .. } => (
            Some(Resolve::Save {
                dc: weapon.save_dc.unwrap_or_default(),
            }),
            None,
        ),
        AreaResolution::AttackRoll { .. } => {
            let (r, roll) = saga_roll(ex, &rules, unit, weapon, attack_mods.to_vec(), context, true)?;
            let (on_hit, on_miss) = roll_shares(&rules);
            (r.map(|roll| Resolve::Roll { roll, on_hit, on_miss }), Some(roll))
        }
    };
    let mut targets = judge_all(ex, weapon, &caught_units, cover_from, resolve, context)?;
    let damage = damage_all(ex, weapon, &mut targets, damage_mods, context)?;
    let outcome = AreaOutcome {
        area: AreaOf::Template {
            shape: area.shape,
            direction: dir,
            radius_squares,
            origin,
        },
        placement,
        scatter,
        squares,
        attack,
        damage,
        targets,
    };
    finish(ex, unit, weapon, context, outcome)
}

/// Where an area may be centred (§19.1, AREA-1): an intersection on the map; a cone or a
/// line starts at a corner of the user's own space; any other shape needs line of effect
/// from the user to the point. Returns the user's space.
pub(crate) fn check_origin(
    world: &World,
    unit: &UnitId,
    shape: AreaShapeKind,
    at: Intersection,
) -> Result<Space, RuleError> {
    let rules = world.resource::<Ruleset>();
    let map = &world.resource::<Terrain>().0;
    let space = space_of(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    if at.i < 0 || at.j < 0 || at.i > map.width() as i32 || at.j > map.height() as i32 {
        return Err(illegal(format!("the intersection ({}, {}) is off the map", at.i, at.j)));
    }
    if shape.directed() {
        let corner = space
            .squares()
            .any(|s| (at.i - s.x) & !1 == 0 && (at.j - s.y) & !1 == 0);
        if !corner {
            return Err(illegal(format!(
                "a {} starts at a corner of {unit}'s own space; ({}, {}) is not one",
                shape.name(),
                at.i,
                at.j
            )));
        }
    } else if !line_of_effect_to_point(map, SightModel::of(&rules.cover), space, at) {
        return Err(illegal(format!(
            "{unit} has no line of effect to the intersection ({}, {})",
            at.i, at.j
        )));
    }
    Ok(space)
}

/// AREA-5 for an area placed exactly where aimed (a spell): everyone it would catch can save.
pub(crate) fn check_blast_savers(
    world: &World,
    what: &str,
    shape: AreaShape,
    origin: Intersection,
    radius_squares: u32,
) -> Result<(), RuleError> {
    let squares = fill(world, shape, origin, radius_squares);
    check_savers(world, what, &caught(world, &squares))
}

/// AREA-5: every creature an area could catch must have saving throws to save with, so a
/// command that could not finish rolls nothing.
pub(crate) fn check_savers(world: &World, what: &str, candidates: &[UnitId]) -> Result<(), RuleError> {
    for u in candidates {
        if profile_of(world, u)?.saves.is_none() {
            return Err(illegal(format!(
                "{u} could be caught in {what}'s area but has no `saves` in its stat block to save with"
            )));
        }
        reflex_save_modifiers(world, u)?;
    }
    Ok(())
}

/// saga (AREA-SG-1): rolls the one attack of an area attack; `None` when it affects no one
/// (total below the minimum, or a natural 1 where the family says so).
fn saga_roll(
    ex: &mut Executor,
    rules: &Ruleset,
    unit: &UnitId,
    weapon: &Weapon,
    mut modifiers: Vec<Modifier>,
    context: &str,
    ties_hit: bool,
) -> Result<(Option<SagaRoll>, AreaRoll), RuleError> {
    let AreaResolution::AttackRoll {
        min_total, natural_1, ..
    } = rules.area.resolution
    else {
        return Err(RuleError::NotSupported(format!(
            "area attack rolls are not in {}'s rules",
            rules.name
        )));
    };
    let roll = ex.roll(20, format!("{context}: {unit} attacks the area with {}", weapon.name))?;
    let total = roll.result as i32 + apply_stacking(&mut modifiers, &rules.stacking);
    let affects = total >= min_total && !(roll.result == 1 && natural_1 == NaturalOneInArea::AffectsNone);
    let r = affects.then_some(SagaRoll {
        natural: roll.result,
        total,
        ties_hit: ties_hit && rules.attack.ties_hit,
    });
    Ok((
        r,
        AreaRoll {
            roll,
            modifiers,
            total,
            min_total,
            affects,
        },
    ))
}

// ---------------------------------------------------------------------------------------
// saga autofire (AREA-SG-5)

/// A checked autofire.
#[derive(Debug, Clone)]
pub struct AutofirePlan {
    pub weapon: Weapon,
    pub attack: Vec<Modifier>,
    pub damage: Vec<Modifier>,
    pub provokes: Vec<UnitId>,
}

/// Checks saga autofire by `unit` with `weapon` at the 2 × 2 area whose top-left square is
/// `at`: the family has autofire, the weapon fires on it, bracing (autofire-only weapons)
/// can be paid with the swift actions right before the standard action, the area is on the
/// map, in range and in line of effect.
pub fn check_autofire(
    world: &World,
    unit: &UnitId,
    weapon: &str,
    at: Square,
    braced: bool,
) -> Result<AutofirePlan, RuleError> {
    let rules = world.resource::<Ruleset>();
    let map = &world.resource::<Terrain>().0;
    let auto = rules
        .area
        .autofire
        .ok_or_else(|| RuleError::NotSupported(format!("autofire is not in {}'s rules", rules.name)))?;
    can_act(world, unit)?;
    let weapon = weapon_of(world, unit, weapon)?;
    if !(weapon.autofire || weapon.autofire_only) {
        return Err(illegal(format!("{} has no autofire setting", weapon.name)));
    }
    if braced && !weapon.autofire_only {
        return Err(illegal(format!(
            "only an autofire-only weapon can be braced; {} is not one",
            weapon.name
        )));
    }
    // The action budget: the bracing swift actions, then the attack's standard action.
    let combat = world.resource::<Combat>();
    let mut budget = combat.budget.clone().ok_or(RuleError::NoActiveTurn)?;
    let spends = if braced { auto.brace_swift_actions } else { 0 };
    for kind in std::iter::repeat_n(ActionKind::Swift, spends as usize).chain([ActionKind::Standard]) {
        let slot = budget.can_spend(&rules.actions, kind).map_err(|why| match kind {
            ActionKind::Swift => RuleError::Budget(format!(
                "bracing takes {spends} {}s right before the attack: {why}",
                rules.actions.name_of(ActionKind::Swift)
            )),
            _ => RuleError::Budget(why),
        })?;
        budget.pay(&rules.actions, kind, slot);
    }
    let side = auto.area_side_squares.max(1);
    let area = Space::new(at, side);
    if area.squares().any(|s| !map.contains(s)) {
        return Err(illegal(format!(
            "the {side}×{side} area at {at} does not fit on the map"
        )));
    }
    let space = space_of(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let model = SightModel::of(&rules.cover);
    if !line_of_effect_with(map, model, space, area) {
        return Err(illegal(format!("{unit} has no line of effect to the area at {at}")));
    }
    let (mut attack, damage) = attacker_conditions(world, unit, &weapon)?;
    attack.insert(0, Modifier::new(weapon.attack, format!("{} attack bonus", weapon.name)));
    let distance = space.distance(area, rules.grid.diagonal) * rules.grid.square_ft;
    attack.extend(range_penalty(rules, &weapon, distance, &format!("the area at {at}"))?);
    attack.push(match braced {
        true => Modifier::new(auto.braced_penalty, "autofire, braced"),
        false => Modifier::new(auto.attack_penalty, "autofire"),
    });
    let squares: Vec<Square> = area.squares().collect();
    for u in caught(world, &{
        let mut s = squares.clone();
        s.sort();
        s
    }) {
        defense_situation(world, &u)?;
    }
    Ok(AutofirePlan {
        weapon,
        attack,
        damage,
        provokes: provoked_by(world, unit, AooTrigger::RangedAttack),
    })
}

/// saga autofire: bracing's swift actions, the standard action, the attacks of opportunity
/// it provokes, one roll at −5 (−2 braced) against every creature in the 2 × 2 area; cover
/// judged from the attacker (AREA-SG-2). Ammunition is not modelled: the 10 shots are not
/// counted.
pub fn execute_autofire(
    ex: &mut Executor,
    unit: &UnitId,
    weapon: &str,
    at: Square,
    braced: bool,
) -> Result<(), RuleError> {
    let plan = check_autofire(ex.world, unit, weapon, at, braced)?;
    let rules = ex.ruleset().clone();
    let auto = rules
        .area
        .autofire
        .ok_or_else(|| RuleError::NotSupported("autofire".into()))?;
    let weapon = plan.weapon.clone();
    if braced {
        for _ in 0..auto.brace_swift_actions {
            take_action(ex, unit, ActionKind::Swift, format!("brace {}", weapon.name));
        }
    }
    take_action(
        ex,
        unit,
        ActionKind::Standard,
        format!("autofire {} at {at}", weapon.name),
    );
    let space = space_of(ex.world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    for reactor in &plan.provokes {
        super::movement::attack_of_opportunity(ex, reactor, unit, space.at, "ranged attack, in")?;
    }
    if !ex.get::<LifeState>(unit).copied().unwrap_or_default().can_act() {
        return Ok(());
    }
    let context = "autofire";
    let mut squares: Vec<Square> = Space::new(at, auto.area_side_squares.max(1)).squares().collect();
    squares.sort();
    // A creature with total cover from the attacker is out of the fire.
    let map = ex.world.resource::<Terrain>().0.clone();
    let params_rules = rules.clone();
    let params = CoverParams::from_ruleset(&params_rules);
    let caught_units: Vec<UnitId> = caught(ex.world, &squares)
        .into_iter()
        .filter(|u| u != unit)
        .filter(|u| {
            let Some(t) = space_of(ex.world, u) else { return false };
            cover(
                &map,
                &params,
                space,
                t,
                &others(ex.world, &[unit, u]),
                AttackKind::Ranged,
            )
            .degree
                != CoverDegree::Total
        })
        .collect();
    let (r, roll) = saga_roll(ex, &rules, unit, &weapon, plan.attack.clone(), context, true)?;
    let (on_hit, on_miss) = roll_shares(&rules);
    let resolve = r.map(|roll| Resolve::Roll { roll, on_hit, on_miss });
    let mut targets = judge_all(
        ex,
        &weapon,
        &caught_units,
        CoverFrom::Unit(unit, space),
        resolve,
        context,
    )?;
    let damage = damage_all(ex, &weapon, &mut targets, &plan.damage, context)?;
    let outcome = AreaOutcome {
        area: AreaOf::Autofire { at, braced },
        placement: None,
        scatter: None,
        squares,
        attack: Some(roll),
        damage,
        targets,
    };
    finish(ex, unit, &weapon, context, outcome)
}

// ---------------------------------------------------------------------------------------
// saga splash weapons (AREA-SG-7)

/// saga: an attack with a splash weapon on `target` (called by the attack action for a
/// weapon with `splash`): one roll; the primary target takes full damage on a hit and half
/// on a miss (none on a miss with cover, AREA-SG-2); every creature next to it is compared
/// with the same roll: half on a hit, none on a miss, its cover judged from the primary
/// target's space, the centre of the splash (004:731). An area attack: a natural 20 hits
/// everyone but never doubles the damage; Evasion applies.
pub(crate) fn resolve_splash(
    ex: &mut Executor,
    attacker: &UnitId,
    target: &UnitId,
    weapon: &Weapon,
    situation: &Situation,
    extra: Vec<Modifier>,
    context: &str,
) -> Result<(), RuleError> {
    let rules = ex.ruleset().clone();
    let splash = rules
        .area
        .splash
        .ok_or_else(|| RuleError::NotSupported(format!("splash weapons are not in {}'s rules", rules.name)))?;
    let primary = space_of(ex.world, target).ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
    let map = ex.world.resource::<Terrain>().0.clone();
    let mut squares: Vec<Square> = (primary.at.y - 1..=primary.at.y + primary.side as i32)
        .flat_map(|y| (primary.at.x - 1..=primary.at.x + primary.side as i32).map(move |x| Square::new(x, y)))
        .filter(|s| map.contains(*s))
        .collect();
    squares.sort();
    let caught_units: Vec<UnitId> = caught(ex.world, &squares)
        .into_iter()
        .filter(|u| u != target && space_of(ex.world, u).is_some_and(|s| s.adjacent(primary)))
        .collect();
    for u in &caught_units {
        defense_situation(ex.world, u)?;
    }
    let modifiers = super::attack::attack_modifiers(weapon, situation, extra);
    let (r, roll) = saga_roll(ex, &rules, attacker, weapon, modifiers, context, splash.ties_hit)?;
    super::attack::use_up_support(ex, &situation.support_used);
    let mut targets = Vec::new();
    if let Some(roll) = r {
        // The primary target: the attack's own situation (its cover from the attacker).
        let (on_hit, _) = roll_shares(&rules);
        let resolve = Resolve::Roll {
            roll,
            on_hit,
            on_miss: splash.primary_miss,
        };
        targets.push(judge(
            ex,
            weapon,
            target,
            CoverFrom::Nothing,
            resolve,
            Some(situation),
            context,
        )?);
        // The ones next to it: cover from the primary target's space, the splash's centre.
        let resolve = Resolve::Roll {
            roll,
            on_hit: splash.adjacent_hit,
            on_miss: splash.adjacent_miss,
        };
        let from = CoverFrom::Unit(target, primary);
        for u in &caught_units {
            targets.push(judge(ex, weapon, u, from, resolve, None, context)?);
        }
    }
    let damage = damage_all(ex, weapon, &mut targets, &situation.damage, context)?;
    let outcome = AreaOutcome {
        area: AreaOf::Splash {
            primary: target.clone(),
        },
        placement: None,
        scatter: None,
        squares,
        attack: Some(roll),
        damage,
        targets,
    };
    finish(ex, attacker, weapon, context, outcome)
}
