//! The commands a unit may give now, as `rules::options` lists them kind by kind, except that
//! attacks and full attacks are asked only for the foes in focus (`Ctx::focus`): in a big
//! battle the options list's verdict on every weapon against every foe is most of a
//! decision's cost, and the far or little-worth foes never win the choice. For the same
//! reason the rules are asked for a verdict only on the commands the decision would weigh
//! (`weighed`, the caller's): the others cannot be chosen, so checking them is wasted. Every
//! command returned passed the rules' check; an attack comes with what that check found (its
//! odds, `strike::assess`), so it is not asked again to be scored.

use super::context::Ctx;
use super::strike::{Assessed, assess};
use crate::rules::attack::options::full_attack_choice;
use crate::rules::options::{OptionKind, commands, kind_option, kinds};
use crate::rules::{GameCommand, UnitId, check, cmd};
use bevy::prelude::World;

/// The allowed commands of `me` that `weighed` keeps, in the options list's order of kinds
/// (and, within a kind, the list's order), the attacks with their assessment.
pub fn allowed(
    ctx: &Ctx,
    world: &World,
    me: &UnitId,
    weighed: impl Fn(&GameCommand) -> bool,
) -> Vec<(GameCommand, Option<Assessed>)> {
    let mut out = Vec::new();
    // The kinds in the options list's order (`rules::options::kinds`).
    for kind in kinds(world, me) {
        match kind {
            // Moves are weighed from the rules' reach plan (`moves::destinations`: the same
            // squares the list's move choices are made of), not from the list.
            OptionKind::Move => {}
            OptionKind::Attack | OptionKind::FullAttack => focus_attacks(ctx, world, me, kind, &weighed, &mut out),
            // A vehicle entry's choices come with verdicts of their own (the list keeps one
            // ram per target, the one allowed): as the list gives them.
            OptionKind::Vehicle(_) => out.extend(
                kind_option(world, me, kind, None)
                    .choices
                    .into_iter()
                    .filter(|c| c.allowed() && weighed(&c.command))
                    .map(|c| (c.command, None)),
            ),
            // The list's choices of every other kind are its commands with `check`'s verdict.
            _ => out.extend(
                commands(world, me, kind, None)
                    .into_iter()
                    .filter(|c| weighed(c) && check(world, c).is_ok())
                    .map(|c| (c, None)),
            ),
        }
    }
    out
}

/// The attacks (or full attacks) on each foe in focus with the rules' default weapon and with
/// each weapon by name, as the options list offers them, that `weighed` keeps and the rules
/// allow, each with its assessment.
fn focus_attacks(
    ctx: &Ctx,
    world: &World,
    me: &UnitId,
    kind: OptionKind,
    weighed: &impl Fn(&GameCommand) -> bool,
    out: &mut Vec<(GameCommand, Option<Assessed>)>,
) {
    let weapons: Vec<Option<String>> = std::iter::once(None)
        .chain(
            ctx.profile
                .weapons
                .iter()
                .filter(|w| w.area.is_none())
                .map(|w| Some(w.name.clone())),
        )
        .collect();
    for target in &ctx.focus {
        for weapon in &weapons {
            let single = GameCommand::Attack(cmd::Attack {
                unit: me.clone(),
                target: target.clone(),
                weapon: weapon.clone(),
                defensively: false,
                mount: None,
            });
            let command = match kind {
                OptionKind::FullAttack => {
                    // Whether a full attack is weighed depends on its target and weapon, not
                    // on how many attacks it makes: asked before the rules count them.
                    let one = GameCommand::FullAttack(cmd::FullAttack {
                        unit: me.clone(),
                        targets: vec![target.clone()],
                        weapon: weapon.clone(),
                        weapons: Vec::new(),
                        defensively: false,
                    });
                    if !weighed(&one) {
                        continue;
                    }
                    full_attack_choice(world, me, target, weapon.clone())
                }
                _ => single,
            };
            if out.iter().any(|(c, _)| *c == command) || !weighed(&command) {
                continue;
            }
            if let Some(assessed) = assess(world, &command) {
                out.push((command, Some(assessed)));
            }
        }
    }
}
