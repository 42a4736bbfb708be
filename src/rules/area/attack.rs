//! `AreaAttack`: an area weapon thrown or fired at a grid intersection (RNG-1, RNG-2,
//! AREA-1, AREA-5, AREA-SG-1, AREA-SG-4), and the checks any aimed area shares.

use super::*;

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
    /// The range penalty among `attack`, if any (§18).
    pub range: Option<Modifier>,
    pub provokes: Vec<UnitId>,
}

/// The template a spec fills.
pub(super) fn fill(world: &World, shape: AreaShape, origin: Intersection, radius_squares: u32) -> Vec<Square> {
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
    check_area_attack_plan(world, unit, weapon, at, dir, true)
}

/// `check_area_attack`, with the action budget checked only when `budget` (a preview answers
/// "what if" at any time, `preview::preview_area_attack`).
pub(super) fn check_area_attack_plan(
    world: &World,
    unit: &UnitId,
    weapon: &str,
    at: Intersection,
    dir: Option<Direction8>,
    budget: bool,
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
    let radius_squares = area.radius_squares(rules, &weapon.name)?;
    let shape = area.aimed(dir, &weapon.name)?;
    if budget {
        world
            .resource::<Combat>()
            .can_spend(&rules.actions, ActionKind::Standard)?;
    }
    let space = check_origin(world, unit, area.shape, at)?;
    let (mut attack, damage) = attacker_conditions(world, unit, &weapon)?;
    attack.insert(0, Modifier::new(weapon.attack, format!("{} attack bonus", weapon.name)));
    let mut placement_ac = None;
    let mut range = None;
    if !area.shape.directed() {
        let distance = distance_to_point(space, at, rules.grid.diagonal) * rules.grid.square_ft;
        let what = format!("the intersection ({}, {})", at.i, at.j);
        range = range_penalty(rules, &weapon, distance, &what)?;
        attack.extend(range.clone());
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
        range,
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
        crate::rules::reactions::opportunity::attack_of_opportunity(ex, reactor, unit, space.at, "ranged attack, in")?;
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
            check: D20Check {
                roll,
                modifiers,
                total,
                dc: Some(ac),
                success: hit,
            },
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
        squares: None,
    };
    go_off(ex, unit, blast, &plan.attack, &plan.damage, placement, scatter)
}

/// Where an area may be centred (§19.1, AREA-1): an intersection on the map; a cone or a
/// line starts at a corner of the user's own space (001:3273-3277, 3316-3321); any other
/// shape needs line of effect from one of the user's squares to the point (001:3645-3646),
/// the same point-to-square test the template uses. Returns the user's space.
pub(crate) fn check_origin(
    world: &World,
    unit: &UnitId,
    shape: AreaShapeKind,
    at: Intersection,
) -> Result<Space, RuleError> {
    let map = &world.resource::<Terrain>().0;
    let space = space_of(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    if at.i < 0 || at.j < 0 || at.i > map.width() as i32 || at.j > map.height() as i32 {
        return Err(illegal(format!("the intersection ({}, {}) is off the map", at.i, at.j)));
    }
    if shape.directed() {
        let corner = space.squares().any(|s| s.has_corner(at));
        if !corner {
            return Err(illegal(format!(
                "a {} starts at a corner of {unit}'s own space; ({}, {}) is not one",
                shape.name(),
                at.i,
                at.j
            )));
        }
    } else {
        let mut first_obstacle = None;
        for sq in space.squares() {
            match origin_blocked(map, at, sq) {
                None => return Ok(space),
                Some(o) => first_obstacle = first_obstacle.or(Some(o)),
            }
        }
        if let Some(obstacle) = first_obstacle {
            return Err(illegal(format!(
                "{unit} has no line of effect to the intersection ({}, {}): {obstacle} is in the way",
                at.i, at.j
            )));
        }
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
