//! The commands a unit may give now, as `rules::options` lists them kind by kind, except that
//! attacks and full attacks are asked only for the foes in focus (`Ctx::focus`): in a big
//! battle the options list's verdict on every weapon against every foe is most of a
//! decision's cost, and the far or little-worth foes never win the choice. Every command
//! returned passed the rules' check.

use super::context::Ctx;
use crate::rules::options::{KINDS, OptionKind, entries_for, full_attack_choice, kind_option};
use crate::rules::{GameCommand, UnitId, check, cmd};
use bevy::prelude::World;

/// The allowed commands of `me`, in the options list's order of kinds.
pub fn allowed(ctx: &Ctx, world: &World, me: &UnitId) -> Vec<GameCommand> {
    // The kinds in `rules::options::options`'s order: the grid's, the vehicle entries, the
    // map's edge and the chase, ending the turn last.
    let mut kinds: Vec<OptionKind> = KINDS.to_vec();
    let end = kinds.pop();
    kinds.extend(entries_for(world, me).into_iter().map(OptionKind::Vehicle));
    kinds.extend([
        OptionKind::LeaveMap,
        OptionKind::ReturnToMap,
        OptionKind::EndPilotTurn,
        OptionKind::ChaseCombat,
    ]);
    kinds.extend(end);
    let mut out = Vec::new();
    for kind in kinds {
        match kind {
            OptionKind::Attack | OptionKind::FullAttack => focus_attacks(ctx, world, me, kind, &mut out),
            _ => out.extend(
                kind_option(world, me, kind, None)
                    .choices
                    .into_iter()
                    .filter(|c| c.allowed())
                    .map(|c| c.command),
            ),
        }
    }
    out
}

/// The attacks (or full attacks) on each foe in focus with the rules' default weapon and with
/// each weapon by name, as the options list offers them, that the rules allow.
fn focus_attacks(ctx: &Ctx, world: &World, me: &UnitId, kind: OptionKind, out: &mut Vec<GameCommand>) {
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
            let command = match kind {
                OptionKind::FullAttack => full_attack_choice(world, me, target, weapon.clone()),
                _ => GameCommand::Attack(cmd::Attack {
                    unit: me.clone(),
                    target: target.clone(),
                    weapon: weapon.clone(),
                    defensively: false,
                    mount: None,
                }),
            };
            if !out.contains(&command) && check(world, &command).is_ok() {
                out.push(command);
            }
        }
    }
}
