//! What an area does to each creature caught (AREA-4, AREA-5, AREA-SG-1..3): its cover
//! against the area, its save or saga's one attack roll against its Reflex Defense, its share
//! of the damage rolled once, and the `AreaResolved` event.

use super::*;
use crate::rules::AreaEvent;

/// Where cover against an area is judged from.
#[derive(Debug, Clone, Copy)]
pub(super) enum CoverFrom<'a> {
    /// An intersection (AREA-4: the origin; AREA-SG-2: a burst's centre).
    Point(Intersection),
    /// A unit's space (saga autofire: the attacker; splash: the primary target).
    Unit(&'a UnitId, Space),
    /// None counts (spreads reach around cover, cylinders ignore obstructions; AREA-4).
    Nothing,
}

/// AREA-4: where cover against a template is judged from — its point of origin, except in
/// a spread (it reaches around cover) or a cylinder (it ignores obstructions).
pub(super) fn template_cover_from<'a>(shape: AreaShapeKind, origin: Intersection) -> CoverFrom<'a> {
    match shape {
        AreaShapeKind::Spread | AreaShapeKind::Cylinder => CoverFrom::Nothing,
        _ => CoverFrom::Point(origin),
    }
}

/// AREA-4: the cover `unit` has against a template of `shape` at `origin`, as its save or
/// Reflex Defense will count it.
pub(crate) fn cover_in_template(
    world: &World,
    shape: AreaShapeKind,
    origin: Intersection,
    unit: &UnitId,
) -> CoverDegree {
    area_cover(world, template_cover_from(shape, origin), unit)
}

/// The cover `target` has against the area.
pub(super) fn area_cover(world: &World, from: CoverFrom, target: &UnitId) -> CoverDegree {
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
pub(super) fn has_cover(degree: CoverDegree) -> bool {
    matches!(
        degree,
        CoverDegree::Partial | CoverDegree::Cover | CoverDegree::Improved
    )
}

/// The roll of a saga area attack, once made.
#[derive(Debug, Clone, Copy)]
pub(super) struct SagaRoll {
    pub(super) natural: u32,
    pub(super) total: i32,
    /// `>=` or `>` against the defense (splash "exceeds", U11).
    pub(super) ties_hit: bool,
}

impl SagaRoll {
    /// AREA-SG-1: a natural 20 hits everyone (where the family says so), a natural 1 misses
    /// everyone (`misses_all`), otherwise the total against the defense.
    pub(super) fn hits(self, rules: &Ruleset, defense: i32) -> bool {
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
pub(super) enum Resolve {
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
pub(super) fn saga_share(
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
pub(super) fn judge(
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
            let mut modifiers = save_modifiers(ex.world, &rules, unit, &profile, degree)?;
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
            target.save = Some(D20Check {
                roll,
                modifiers,
                total,
                dc: Some(dc),
                success,
            });
        }
        Resolve::Roll { roll, on_hit, on_miss } => {
            let defense = match situation {
                Some(s) => defense_against(&rules, &profile, s.flat_footed, &weapon.damage_types, &s.defense),
                None => area_defense(ex.world, &rules, weapon, unit, &profile, degree, cover_from)?,
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

/// AREA-5: the modifiers of `unit`'s Reflex save against an area: its save, the Reflex bonus
/// of its cover `degree` against the origin (AREA-4) and its conditions. Not yet stacked.
pub(super) fn save_modifiers(
    world: &World,
    rules: &Ruleset,
    unit: &UnitId,
    profile: &Profile,
    degree: CoverDegree,
) -> Result<Vec<Modifier>, RuleError> {
    let saves = profile
        .saves
        .ok_or_else(|| illegal(format!("{unit} has no saving throws in its stat block")))?;
    let mut modifiers = vec![Modifier::new(saves.reflex, "Reflex save")];
    let (_, reflex) = cover_bonuses(&rules.cover, degree);
    if reflex != 0 {
        modifiers.push(Modifier::typed(
            reflex,
            BonusType::Cover,
            format!("{} from the origin", degree_name(degree)),
        ));
    }
    modifiers.extend(reflex_save_modifiers(world, unit)?);
    Ok(modifiers)
}

/// AREA-SG-1, AREA-SG-2: the Reflex Defense `unit` has against saga's area attack roll, with
/// its situation and the bonus of its cover `degree` against the area.
pub(super) fn area_defense(
    world: &World,
    rules: &Ruleset,
    weapon: &Weapon,
    unit: &UnitId,
    profile: &Profile,
    degree: CoverDegree,
    cover_from: CoverFrom,
) -> Result<DefenseUsed, RuleError> {
    let (flat_footed, mut mods) = defense_situation(world, unit)?;
    let (bonus, _) = cover_bonuses(&rules.cover, degree);
    if bonus != 0 {
        let source = match cover_from {
            CoverFrom::Point(_) => format!("{} from the centre", degree_name(degree)),
            _ => format!("{} from {}", degree_name(degree), cover_source(cover_from)),
        };
        mods.push(Modifier::typed(bonus, BonusType::Cover, source));
    }
    Ok(defense_against(
        rules,
        profile,
        flat_footed,
        &weapon.damage_types,
        &mods,
    ))
}

pub(super) fn cover_source(from: CoverFrom) -> String {
    match from {
        CoverFrom::Unit(u, _) => u.to_string(),
        CoverFrom::Point(p) => format!("({}, {})", p.i, p.j),
        CoverFrom::Nothing => String::new(),
    }
}

/// Rolls the damage once if anyone takes a share, and works out what reaches each one
/// through its own shields and damage reduction (§16.3). Area damage never doubles
/// (004:623; starfinder areas resolve by saves and do not crit).
pub(super) fn damage_all(
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
pub(super) fn roll_shares(rules: &Ruleset) -> (DamageShare, DamageShare) {
    match rules.area.resolution {
        AreaResolution::AttackRoll { on_hit, on_miss, .. } => (on_hit, on_miss),
        AreaResolution::ReflexSave { on_success, .. } => (DamageShare::Full, on_success),
    }
}

/// Resolves every caught unit the same way.
pub(super) fn judge_all(
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
pub(super) fn finish(
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
    ex.emit(AreaEvent::AreaResolved {
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

/// An area going off at its final point of origin: the weapon (or a spell's effect as one),
/// its template and the log's name for it.
pub(crate) struct Blast<'a> {
    pub weapon: &'a Weapon,
    pub area: AreaOfEffect,
    pub dir: Option<Direction8>,
    pub radius_squares: u32,
    pub origin: Intersection,
    pub context: &'a str,
    /// A shapeable area's squares, given by its user instead of the template's.
    pub squares: Option<Vec<Square>>,
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
        squares,
    } = blast;
    let shape = area.shape.with(dir).unwrap_or(AreaShape::Burst);
    let shaped = squares.is_some();
    let squares = squares.unwrap_or_else(|| fill(ex.world, shape, origin, radius_squares));
    let caught_units = caught(ex.world, &squares);
    let cover_from = template_cover_from(area.shape, origin);
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
            shaped,
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

/// saga (AREA-SG-1): rolls the one attack of an area attack; `None` when it affects no one
/// (total below the minimum, or a natural 1 where the family says so).
pub(super) fn saga_roll(
    ex: &mut Executor,
    rules: &Ruleset,
    unit: &UnitId,
    weapon: &Weapon,
    mut modifiers: Vec<Modifier>,
    context: &str,
    ties_hit: bool,
) -> Result<(Option<SagaRoll>, D20Check), RuleError> {
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
    let affects = saga_roll_affects(min_total, natural_1, roll.result, total);
    let r = affects.then_some(SagaRoll {
        natural: roll.result,
        total,
        ties_hit: ties_hit && rules.attack.ties_hit,
    });
    Ok((
        r,
        D20Check {
            roll,
            modifiers,
            total,
            dc: Some(min_total),
            success: affects,
        },
    ))
}

/// AREA-SG-1: whether saga's area attack roll affects anyone: its total reaches the minimum,
/// and it is not a natural 1 where the family says a natural 1 affects no one.
pub(super) fn saga_roll_affects(min_total: i32, natural_1: NaturalOneInArea, natural: u32, total: i32) -> bool {
    total >= min_total && !(natural == 1 && natural_1 == NaturalOneInArea::AffectsNone)
}
