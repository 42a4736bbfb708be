//! The odds of an area attack before it is made (issue #18 item 5): the roll's modifiers with
//! the range penalty (§18), the chance to land where aimed (starfinder: the roll against a grid
//! intersection's AC, RNG-1; a miss scatters, RNG-2), and for each creature the template would
//! catch there its chance to save (AREA-5, with its cover against the origin, AREA-4) or, in
//! saga, the chance the one area attack roll hits its Reflex Defense (AREA-SG-1, AREA-SG-2).
//! Pure: the same checks and numbers as `AreaAttack`; rolls nothing.

use super::*;
use crate::rules::d20_chance;

/// One creature the template would catch where aimed, and its odds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AreaTargetOdds {
    pub unit: UnitId,
    /// Its cover against the area (`none`, `partial`, `cover`, ...).
    pub cover: String,
    /// Save families: its Reflex save bonus (with cover), the DC and its chance to save, in
    /// percent (a natural 1 or 20 as the family says).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub save_bonus: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub save_dc: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance_to_save: Option<f64>,
    /// saga: its Reflex Defense (with cover) and the chance the area attack roll hits it, in
    /// percent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defense: Option<DefenseUsed>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance_to_hit: Option<f64>,
    /// It has Evasion, which changes its share (AREA-SG-3).
    pub evasion: bool,
}

/// An area attack before it is made.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AreaPreview {
    pub weapon: String,
    /// The roll's modifiers: the weapon's bonus, the attacker's conditions and the range
    /// penalty (a placement roll in starfinder, the area attack roll in saga).
    pub attack: Vec<Modifier>,
    /// Their sum after the family's stacking (§21).
    pub attack_bonus: i32,
    /// The range penalty among them, if any.
    pub range_penalty: Option<Modifier>,
    /// starfinder (RNG-1): the AC of the intersection aimed at and the chance, in percent, to
    /// land there; a miss scatters d4 squares (RNG-2), so the creatures listed may be spared
    /// and others caught. `None`: the area goes off where aimed.
    pub placement_ac: Option<i32>,
    pub chance_to_land: Option<f64>,
    /// saga (AREA-SG-1): the chance, in percent, that the roll affects anyone at all (it
    /// reaches the family's minimum total).
    pub chance_to_affect: Option<f64>,
    /// Each creature caught where aimed, in id order, with its odds.
    pub targets: Vec<AreaTargetOdds>,
    /// The squares the area fills where aimed (what a board draws; not in `query`'s answer).
    #[serde(skip)]
    pub squares: Vec<Square>,
    /// Who gets an attack of opportunity before it goes off (§8.2; not in `query`'s answer).
    #[serde(skip)]
    pub provokes: Vec<UnitId>,
}

fn percent(p: f64) -> f64 {
    (p * 1000.0).round() / 10.0
}

/// The preview of `unit` using `weapon`'s area at `at` (with `dir` for a cone or line), with
/// the same checks as `AreaAttack` except the action budget (a preview answers "what if").
pub fn preview_area_attack(
    world: &World,
    unit: &UnitId,
    weapon: &str,
    at: Intersection,
    dir: Option<Direction8>,
) -> Result<AreaPreview, RuleError> {
    let plan = check_area_attack_plan(world, unit, weapon, at, dir, false)?;
    let rules = world.resource::<Ruleset>();
    let mut attack = plan.attack.clone();
    let bonus = apply_stacking(&mut attack, &rules.stacking);
    // RNG-1: the placement roll is an attack roll against the intersection's AC.
    let chance_to_land = plan.placement_ac.map(|ac| {
        let lands = (1..=20u32)
            .filter(|&d| rules.attack.hits(d, (d as i32).saturating_add(bonus), ac))
            .count();
        percent(lands as f64 / 20.0)
    });
    let shape = plan
        .area
        .shape
        .with(dir)
        .ok_or_else(|| illegal(format!("{} needs its direction", plan.weapon.name)))?;
    let squares = fill(world, shape, at, plan.radius_squares);
    let caught_units = caught(world, &squares);
    let cover_from = template_cover_from(plan.area.shape, at);
    let targets = target_odds(world, &plan.weapon, &caught_units, cover_from, bonus)?;
    let chance_to_affect = chance_to_affect(rules, bonus);
    Ok(AreaPreview {
        weapon: plan.weapon.name.clone(),
        attack,
        attack_bonus: bonus,
        range_penalty: plan.range.clone(),
        placement_ac: plan.placement_ac,
        chance_to_land,
        chance_to_affect,
        targets,
        squares,
        provokes: plan.provokes.clone(),
    })
}

/// AREA-SG-1: the chance that saga's one area attack roll, with `bonus`, affects the area and
/// hits a Reflex Defense of `defense` (natural 20 and 1 as the family says).
fn saga_chance(rules: &Ruleset, bonus: i32, defense: i32) -> f64 {
    let AreaResolution::AttackRoll {
        min_total, natural_1, ..
    } = rules.area.resolution
    else {
        return 0.0;
    };
    let hits = (1..=20u32)
        .filter(|&d| {
            let total = (d as i32).saturating_add(bonus);
            let roll = SagaRoll {
                natural: d,
                total,
                ties_hit: rules.attack.ties_hit,
            };
            saga_roll_affects(min_total, natural_1, d, total) && roll.hits(rules, defense)
        })
        .count();
    hits as f64 / 20.0
}

/// Each of `units` caught by `weapon`'s area (cover judged from `cover_from`, AREA-4) with its
/// odds: its save against the weapon's DC (AREA-5) or, in saga, the chance that the one roll
/// with `bonus` hits its Reflex Defense (AREA-SG-1, AREA-SG-2).
fn target_odds(
    world: &World,
    weapon: &Weapon,
    units: &[UnitId],
    cover_from: CoverFrom,
    bonus: i32,
) -> Result<Vec<AreaTargetOdds>, RuleError> {
    let rules = world.resource::<Ruleset>();
    units
        .iter()
        .map(|u| {
            let degree = area_cover(world, cover_from, u);
            let profile = profile_of(world, u)?;
            let mut odds = AreaTargetOdds {
                unit: u.clone(),
                cover: degree_name(degree),
                save_bonus: None,
                save_dc: None,
                chance_to_save: None,
                defense: None,
                chance_to_hit: None,
                evasion: profile.feats.contains(&Feat::Evasion) && rules.area.evasion.is_some(),
            };
            match rules.area.resolution {
                AreaResolution::ReflexSave {
                    natural_1_fails,
                    natural_20_succeeds,
                    ..
                } => {
                    let mut mods = save_modifiers(world, rules, u, profile, degree)?;
                    let save = apply_stacking(&mut mods, &rules.stacking);
                    let dc = weapon.save_dc.unwrap_or_default();
                    odds.save_bonus = Some(save);
                    odds.save_dc = Some(dc);
                    odds.chance_to_save = Some(percent(d20_chance(save, dc, natural_1_fails, natural_20_succeeds)));
                }
                AreaResolution::AttackRoll { .. } => {
                    let defense = area_defense(world, rules, weapon, u, profile, degree, cover_from)?;
                    odds.chance_to_hit = Some(percent(saga_chance(rules, bonus, defense.value)));
                    odds.defense = Some(defense);
                }
            }
            Ok(odds)
        })
        .collect()
}

/// saga (AREA-SG-1): the chance, in percent, that the one area roll with `bonus` reaches the
/// family's minimum total; `None` where areas are saved against.
fn chance_to_affect(rules: &Ruleset, bonus: i32) -> Option<f64> {
    let AreaResolution::AttackRoll {
        min_total, natural_1, ..
    } = rules.area.resolution
    else {
        return None;
    };
    let affects = (1..=20u32)
        .filter(|&d| saga_roll_affects(min_total, natural_1, d, (d as i32).saturating_add(bonus)))
        .count();
    Some(percent(affects as f64 / 20.0))
}

/// The preview of `unit` casting `spell` with its area at `at` (toward `dir` for a cone or
/// line; §4.3.1, §19): the same checks as `CastSpell` except the action budget, no roll to
/// place it (a spell goes off where aimed), and each creature the template catches with its
/// save against the spell's DC (AREA-5). A spell without an area has nothing to preview here.
pub fn preview_cast_spell(
    world: &World,
    unit: &UnitId,
    spell: &str,
    at: Intersection,
    dir: Option<Direction8>,
) -> Result<AreaPreview, RuleError> {
    let aim = super::spell::Aim {
        at: Some(at),
        dir,
        squares: &[],
    };
    let plan = super::spell::check_cast_spell(world, unit, spell, aim)?;
    let (Some(effect), Some(radius)) = (&plan.spell.effect, plan.radius_squares) else {
        return Err(illegal(format!("{spell} has no area to place")));
    };
    let shape = effect
        .area
        .shape
        .with(dir)
        .ok_or_else(|| illegal(format!("{spell} needs its direction")))?;
    let weapon = effect.as_weapon(spell);
    let squares = fill(world, shape, at, radius);
    let caught_units = caught(world, &squares);
    let cover_from = template_cover_from(effect.area.shape, at);
    Ok(AreaPreview {
        weapon: plan.spell.name.clone(),
        attack: Vec::new(),
        attack_bonus: 0,
        range_penalty: None,
        placement_ac: None,
        chance_to_land: None,
        chance_to_affect: None,
        targets: target_odds(world, &weapon, &caught_units, cover_from, 0)?,
        squares,
        provokes: match plan.spell.provokes {
            true => crate::rules::reactions::opportunity::provoked_by(world, unit, plan.spell.trigger()),
            false => Vec::new(),
        },
    })
}

/// The preview of saga autofire by `unit` with `weapon` at the 2 × 2 area whose top-left
/// square is `at` (AREA-SG-5): the same checks as `Autofire` except the action budget, the
/// roll's modifiers (the autofire penalty, braced or not, and the range), the chance it
/// affects anyone, and each creature in the area that the shooter does not have total cover
/// against, with the chance the roll hits its Reflex Defense.
pub fn preview_autofire(
    world: &World,
    unit: &UnitId,
    weapon: &str,
    at: Square,
    braced: bool,
) -> Result<AreaPreview, RuleError> {
    let plan = check_autofire(world, unit, weapon, at, braced)?;
    let rules = world.resource::<Ruleset>();
    let side = rules.area.autofire.map_or(2, |a| a.area_side_squares.max(1));
    let mut attack = plan.attack.clone();
    let bonus = apply_stacking(&mut attack, &rules.stacking);
    let space = space_of(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let mut squares: Vec<Square> = Space::new(at, side).squares().collect();
    squares.sort();
    let from = CoverFrom::Unit(unit, space);
    let caught_units: Vec<UnitId> = caught(world, &squares)
        .into_iter()
        .filter(|u| u != unit && area_cover(world, from, u) != CoverDegree::Total)
        .collect();
    Ok(AreaPreview {
        weapon: plan.weapon.name.clone(),
        attack,
        attack_bonus: bonus,
        range_penalty: plan.range.clone(),
        placement_ac: None,
        chance_to_land: None,
        chance_to_affect: chance_to_affect(rules, bonus),
        targets: target_odds(world, &plan.weapon, &caught_units, from, bonus)?,
        squares,
        provokes: plan.provokes.clone(),
    })
}
