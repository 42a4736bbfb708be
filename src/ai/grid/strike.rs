//! The worth of attacks, from the rules' preview of each (`attack::action::preview_attack`:
//! every modifier, the chance to hit and to crit) and the penalties the rules put on a full
//! attack or on fighting defensively (`attack::action::check_attacks`): single attacks, full
//! attacks, and the best attack a unit could make from where a fork put it.

use super::context::Ctx;
use crate::ai::odds::AttackOdds;
use crate::rules::attack::action::{
    AttackOrder, check_attacks, check_previewing, preview_attack_odds, preview_mounted_attack,
};
use crate::rules::{GameCommand, Profile, UnitId, cmd, unit_component};
use crate::ruleset::Ruleset;
use bevy::prelude::World;

/// The odds of each attack `order` makes in `world`, or `None` if the rules refuse it.
pub fn order_odds(world: &World, order: AttackOrder) -> Option<Vec<AttackOdds>> {
    let rules = world.resource::<Ruleset>();
    let (_, terms) = check_attacks(world, order).ok()?;
    let shift: i32 = terms.extra.iter().chain(terms.lasting.iter()).map(|m| m.value).sum();
    order
        .targets
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let named = order.weapons.get(i).map(String::as_str).or(order.weapon);
            let preview = match order.mount {
                Some(v) => preview_mounted_attack(world, order.unit, v, t, named).ok()?,
                None => preview_attack_odds(world, order.unit, t, named).ok()?,
            };
            let holder = order.mount.unwrap_or(order.unit);
            let weapon = unit_component::<Profile>(world, holder)?
                .weapon_named(&preview.weapon)?
                .damage;
            Some(AttackOdds::of_preview(&rules.attack, &preview, &weapon, shift))
        })
        .collect()
}

/// An attack command as the rules checked it: the odds of each of its attacks and the units
/// it provokes before it is made (sorted, each once).
#[derive(Debug, Clone)]
pub struct Assessed {
    pub odds: Vec<AttackOdds>,
    provokes: Vec<UnitId>,
}

/// An `Attack` or `FullAttack` command checked by the rules in `world` with what the check
/// found (`attack::action::check_previewing`: `check`'s verdict and each attack's preview in
/// one pass), or `None` if they refuse it.
pub fn assess(world: &World, command: &GameCommand) -> Option<Assessed> {
    let order = crate::rules::attack::commands::attack_order(command)?;
    let (previews, terms) = check_previewing(world, command).ok()?;
    let rules = world.resource::<Ruleset>();
    let shift: i32 = terms.extra.iter().chain(terms.lasting.iter()).map(|m| m.value).sum();
    let holder = order.mount.unwrap_or(order.unit);
    let profile = unit_component::<Profile>(world, holder)?;
    let odds = previews
        .iter()
        .map(|p| {
            let damage = &profile.weapon_named(&p.weapon)?.damage;
            Some(AttackOdds::of_preview(&rules.attack, p, damage, shift))
        })
        .collect::<Option<Vec<_>>>()?;
    let mut provokes: Vec<UnitId> = previews.into_iter().flat_map(|p| p.provokes).collect();
    provokes.sort();
    provokes.dedup();
    Some(Assessed { odds, provokes })
}

/// What the attacks of an `Attack` or `FullAttack` command are worth now, less the attacks
/// of opportunity the rules say they provoke; `None` for other commands, one the rules
/// refuse, or a target the side does not know.
pub fn command_worth(ctx: &Ctx, world: &World, command: &GameCommand) -> Option<f64> {
    worth(ctx, command, &assess(world, command)?)
}

/// [`command_worth`] of a command already assessed.
pub fn worth(ctx: &Ctx, command: &GameCommand, assessed: &Assessed) -> Option<f64> {
    let targets = crate::rules::attack::commands::attack_order(command)?.targets;
    let target = ctx.known.foes.iter().find(|f| Some(&f.id) == targets.first())?;
    if targets.iter().any(|t| t != &target.id) {
        return None;
    }
    let gain = ctx.priority(target) * ctx.worth_of(target, &assessed.odds);
    Some(gain - provoked_cost(ctx, &assessed.provokes))
}

/// The deciding unit's expected loss to the attacks of opportunity an attack provokes before
/// it is made (the rules' list; foes the side does not know are not counted).
fn provoked_cost(ctx: &Ctx, reactors: &[UnitId]) -> f64 {
    reactors.iter().map(|r| reactor_loss(ctx, r)).sum::<f64>() * ctx.aspects.aoo_weight()
}

/// The deciding unit's expected loss to one attack of opportunity by `reactor`.
pub fn reactor_loss(ctx: &Ctx, reactor: &UnitId) -> f64 {
    ctx.threats
        .iter()
        .find(|t| &t.foe == reactor)
        .filter(|t| t.melee.is_some())
        .map_or(0.0, |t| t.melee_loss)
}

/// The best worth of one attack `unit` could make in `world` on a foe the side knows, if the
/// rules allow one now (after a move on a fork).
pub fn best_attack(ctx: &Ctx, world: &World, unit: &UnitId) -> f64 {
    let Some(here) = crate::rules::reactions::threat::space_of(world, unit) else {
        return 0.0;
    };
    let mut best = 0.0f64;
    for target in ctx.known.targets().filter(|t| ctx.in_focus(&t.id)) {
        let g = super::context::gap(here, target.space);
        // Each weapon by name (the rules' default is one of them); a melee weapon only where
        // it can reach.
        for weapon in ctx.profile.weapons.iter().filter(|w| w.area.is_none()) {
            let melee = matches!(
                weapon.kind,
                crate::rules::WeaponKind::Melee | crate::rules::WeaponKind::Unarmed
            );
            if melee && ctx.me.melee.as_ref().is_some_and(|(_, reach)| g > (*reach).max(2)) {
                continue;
            }
            let command = GameCommand::Attack(cmd::Attack {
                unit: unit.clone(),
                target: target.id.clone(),
                weapon: Some(weapon.name.clone()),
                defensively: false,
                mount: None,
            });
            if let Some(v) = command_worth(ctx, world, &command) {
                best = best.max(v);
            }
        }
    }
    best
}
