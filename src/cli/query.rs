//! `fivefoot query SCENARIO <what>`: rules questions answered as JSON (docs/cli.md).

use super::io::{CommandLine, FAILURE, Io};
use super::open::{open_battle_lines, read_script};
use super::query_moves::{path_answer, reach_answer, threat_answer};
use super::{DiceArgs, QueryWhat};
use crate::history::script::refused_at;
use crate::history::{Battle, UnitSnapshot};
use crate::rules::{Combat, UnitId, UnitIndex};
use crate::ruleset::Ruleset;
use serde_json::{Value, json};
use std::path::Path;

pub fn query(
    scenario: &Path,
    dice: &DiceArgs,
    script: Option<&Path>,
    what: &QueryWhat,
    command_line: &CommandLine,
    io: &mut Io,
) -> u8 {
    let answer = open_battle_lines(scenario, dice, command_line).and_then(|mut battle| {
        if let Some(script) = script {
            let (text, commands) = read_script(script)?;
            for (i, command) in commands.into_iter().enumerate() {
                battle.submit(command).map_err(|e| {
                    let message = format!("command {} was refused: {e}", i + 1);
                    vec![refused_at(&text, &script.display().to_string(), &[], i, message).to_string()]
                })?;
            }
        }
        // Issue #16 item 11: a question the battle cannot answer is located at the question.
        answer(&mut battle, what).map_err(|e| vec![command_line.error(what.name(), e)])
    });
    match answer {
        Ok(v) => {
            io.out(serde_json::to_string_pretty(&v).unwrap_or_default());
            0
        }
        Err(lines) => {
            io.errors(&lines);
            FAILURE
        }
    }
}

/// The JSON answer to `what` about `battle` (`query visible` derives the battle's kept
/// state first, `Battle::derive`, and reads it).
pub fn answer(battle: &mut Battle, what: &QueryWhat) -> Result<Value, String> {
    let world = battle.world();
    let combat = world.resource::<Combat>();
    let rules = world.resource::<Ruleset>();
    match what {
        QueryWhat::Initiative => Ok(json!({
            "round": combat.round,
            "surprise_round": combat.surprise_round,
            "active": combat.active,
            "order": combat.order.iter().map(|e| json!({
                "unit": e.unit,
                "count": e.count,
                "modifier": e.modifier,
                "active": combat.active.as_ref() == Some(&e.unit),
            })).collect::<Vec<_>>(),
            "delaying": combat.delaying,
            "readied": combat.readied,
            "delay_window": combat.window,
            "effects": combat.effects,
        })),
        QueryWhat::Turn => {
            let budget = combat.budget.as_ref();
            let available = budget.map(|b| b.available(&rules.actions)).unwrap_or_default();
            Ok(json!({
                "round": combat.round,
                "surprise_round": combat.surprise_round,
                "active": combat.active,
                "count": combat.current_count(),
                "budget": budget,
                "acted": combat.acted,
                "available_actions": available.iter().map(|k| json!({
                    "kind": k,
                    "name": rules.actions.name_of(*k),
                })).collect::<Vec<_>>(),
                "delay_window": combat.window,
                "delaying": combat.delaying.iter().map(|d| &d.unit).collect::<Vec<_>>(),
            }))
        }
        QueryWhat::Unit { id } => {
            let id = UnitId(id.clone());
            if !world.resource::<UnitIndex>().0.contains_key(&id) {
                return Err(format!("there is no unit `{id}` in this battle"));
            }
            let snapshot = UnitSnapshot::of(world, &id).ok_or_else(|| format!("unit `{id}` has no state"))?;
            let profile = battle.spec().units.iter().find(|u| u.id == id).map(|u| &u.profile);
            let mut v = serde_json::to_value(snapshot).map_err(|e| e.to_string())?;
            if let (Some(obj), Some(p)) = (v.as_object_mut(), profile) {
                obj.insert("defenses".into(), json!(p.defenses));
                obj.insert("weapons".into(), json!(p.weapons));
                obj.insert("speed".into(), json!(p.speed));
                obj.insert("initiative".into(), json!(combat.entry(&id).map(|e| e.count)));
                obj.insert("delaying".into(), json!(combat.is_delaying(&id)));
                obj.insert("readied".into(), json!(combat.readied_by(&id)));
                let effects: Vec<_> = combat.effects.iter().filter(|e| e.target == id).collect();
                obj.insert("effects".into(), json!(effects));
            }
            Ok(v)
        }
        QueryWhat::Path {
            unit,
            to,
            action,
            avoid_aoo,
        } => path_answer(battle, unit, to, action.as_deref(), *avoid_aoo),
        QueryWhat::Reach { unit } => reach_answer(battle, unit),
        QueryWhat::Options { unit } => {
            let options = crate::rules::options(world, &UnitId(unit.clone())).map_err(|e| e.to_string())?;
            serde_json::to_value(options).map_err(|e| e.to_string())
        }
        QueryWhat::Visible { side } => visible_answer(battle, side),
        QueryWhat::Chase => super::query_chase::chase_answer(battle),
        QueryWhat::Threat { unit } => threat_answer(battle, unit),
        QueryWhat::Cover {
            attacker,
            target,
            melee,
        } => super::query_lines::cover_answer(battle, attacker, target, *melee),
        QueryWhat::Concealment {
            attacker,
            target,
            melee,
        } => super::query_lines::concealment_answer(battle, attacker, target, *melee),
        QueryWhat::Los { from, to } => super::query_lines::sight_answer(battle, from, to, true),
        QueryWhat::Loe { from, to } => super::query_lines::sight_answer(battle, from, to, false),
        QueryWhat::Flank { attacker, target } => super::query_lines::flank_answer(battle, attacker, target),
        QueryWhat::Vehicle { vehicle } => super::query_vehicle::vehicle_answer(battle, vehicle),
        QueryWhat::Race { vehicle } => super::query_vehicle::race_answer(battle, vehicle),
        QueryWhat::Template {
            shape,
            origin,
            size_ft,
            dir,
            by,
        } => super::query_template::template_answer(battle, *shape, origin, *size_ft, dir.as_deref(), by.as_deref()),
        QueryWhat::Attack {
            attacker,
            target,
            weapon,
            mount,
        } => {
            use crate::rules::attack::action::{preview_attack, preview_mounted_attack};
            let (a, t) = (UnitId(attacker.clone()), UnitId(target.clone()));
            let preview = match mount {
                Some(m) => preview_mounted_attack(battle.world(), &a, &UnitId(m.clone()), &t, weapon.as_deref()),
                None => preview_attack(battle.world(), &a, &t, weapon.as_deref()),
            };
            Ok(match preview {
                Ok(preview) => {
                    let mut v = serde_json::to_value(preview).map_err(|e| e.to_string())?;
                    if let Some(o) = v.as_object_mut() {
                        o.insert("legal".into(), json!(true));
                        o.insert("attacker".into(), json!(a));
                        o.insert("target".into(), json!(t));
                        if let Some(m) = mount {
                            o.insert("mount".into(), json!(m));
                        }
                    }
                    v
                }
                Err(e) => json!({ "attacker": a, "target": t, "legal": false, "reason": e.to_string() }),
            })
        }
    }
}

/// `query visible SIDE`: the squares the side's units see (rows of `x` seen and `.` not) and
/// the units it sees and does not: the side's view the battle keeps (`rules::derive`,
/// `SideViews`), derived here.
fn visible_answer(battle: &mut Battle, side: &str) -> Result<Value, String> {
    battle.derive();
    let world = battle.world();
    let side = crate::rules::SideId(side.to_string());
    if !battle.spec().sides.iter().any(|s| s.id == side) {
        let known: Vec<&str> = battle.spec().sides.iter().map(|s| s.id.0.as_str()).collect();
        return Err(format!(
            "there is no side `{}` in this battle (sides: {})",
            side.0,
            known.join(", ")
        ));
    }
    let view = crate::rules::derive::side_view_now(world, &side);
    let width = view.width.max(1) as usize;
    let rows: Vec<String> = view
        .seen
        .chunks(width)
        .map(|row| row.iter().map(|s| if *s { 'x' } else { '.' }).collect())
        .collect();
    Ok(json!({
        "side": side,
        "seen": rows,
        "seen_count": view.seen.iter().filter(|s| **s).count(),
        "visible": view.visible,
        "hidden": view.hidden,
    }))
}
