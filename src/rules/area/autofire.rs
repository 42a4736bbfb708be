//! saga autofire at a 2 × 2 area (AREA-SG-5), braced or not.

use super::*;

/// A checked autofire.
#[derive(Debug, Clone)]
pub struct AutofirePlan {
    pub weapon: Weapon,
    pub attack: Vec<Modifier>,
    pub damage: Vec<Modifier>,
    /// The range penalty among `attack`, if any (§18).
    pub range: Option<Modifier>,
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
    let range = range_penalty(rules, &weapon, distance, &format!("the area at {at}"))?;
    attack.extend(range.clone());
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
        range,
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
        crate::rules::reactions::opportunity::attack_of_opportunity(ex, reactor, unit, space.at, "ranged attack, in")?;
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
