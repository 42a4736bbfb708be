//! saga splash weapons (AREA-SG-7): the primary target and every creature next to it.

use super::*;

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
    let modifiers = crate::rules::attack::attack_modifiers(weapon, situation, extra);
    let (r, roll) = saga_roll(ex, &rules, attacker, weapon, modifiers, context, splash.ties_hit)?;
    crate::rules::attack::use_up_support(ex, &situation.support_used);
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
