//! `fivefoot query SCENARIO chase`: the vehicle chase as JSON (docs/cli.md): the phase, the
//! zones, each vehicle's place and engagement, who has left, whose pilot acts, and the DC
//! and modifiers of every pilot action for that pilot, and in the progress phase the vehicles
//! that would escape (RULES.md §26, CHS-10).

use crate::history::Battle;
use crate::rules::chase::{Chase, ChasePhase, PilotRequest, phase_name};
use crate::rules::vehicle::SkillBonuses;
use crate::rules::{Modifier, UnitId};
use crate::ruleset::{PilotAction, Ruleset};
use serde_json::{Value, json};

pub fn chase_answer(battle: &Battle) -> Result<Value, String> {
    let world = battle.world();
    let ruleset = world.resource::<Ruleset>();
    let Some(rules) = &ruleset.chases else {
        return Err(format!("vehicle chases are not supported in {}", ruleset.name));
    };
    let chase = world
        .get_resource::<Chase>()
        .ok_or_else(|| "this battle is not a vehicle chase".to_string())?;
    let vehicles: Vec<Value> = chase
        .vehicles
        .iter()
        .map(|e| {
            json!({
                "vehicle": e.vehicle.id,
                "name": e.vehicle.name,
                "side": e.vehicle.side,
                "pilot": e.pilot,
                "zone": e.zone,
                "engaged_with": chase.engaged_with(&e.vehicle.id).iter().map(|o| &o.vehicle.id).collect::<Vec<_>>(),
                "ahead_of": chase.active()
                    .filter(|o| chase.are_enemies(&e.vehicle.id, &o.vehicle.id) && chase.is_ahead(&e.vehicle.id, &o.vehicle.id))
                    .map(|o| &o.vehicle.id).collect::<Vec<_>>(),
                "left": e.departed,
                "evading": chase.evading(&e.vehicle.id),
                "off_course": chase.off_course(&e.vehicle.id),
                "maneuver": e.record.maneuver,
                "pilot_done": e.record.done,
            })
        })
        .collect();
    let acting = chase.acting();
    let actions: Vec<Value> = match acting {
        None => Vec::new(),
        Some(e) => {
            let pilot = e.pilot.clone().unwrap_or(UnitId(String::new()));
            let skill = crate::rules::unit_component::<SkillBonuses>(world, &pilot).map_or(0, |s| s.piloting);
            let double = matches!(e.record.maneuver, crate::rules::chase::ManeuverUse::Double { .. });
            PilotAction::ALL
                .iter()
                .map(|action| {
                    let targets: Vec<UnitId> = if action.needs_target() {
                        chase
                            .active()
                            .filter(|o| o.zone == e.zone && o.vehicle.id != e.vehicle.id)
                            .map(|o| o.vehicle.id.clone())
                            .collect()
                    } else {
                        vec![]
                    };
                    let options: Vec<Option<UnitId>> = if action.needs_target() {
                        targets.into_iter().map(Some).collect()
                    } else {
                        vec![None]
                    };
                    let per_target: Vec<Value> = options
                        .into_iter()
                        .map(|target| {
                            let req = PilotRequest {
                                vehicle: e.vehicle.id.clone(),
                                action: *action,
                                target: target.clone(),
                                double,
                                skill: Modifier::new(skill, format!("Piloting ({pilot})")),
                            };
                            let allowed = chase.check_pilot_action(&req);
                            let dc = chase.pilot_dc(rules, &ruleset.variants, &e.vehicle.id, *action, target.as_ref());
                            let single = chase.pilot_modifiers(rules, &req, double);
                            let as_double = chase.pilot_modifiers(rules, &req, true);
                            json!({
                                "target": target,
                                "allowed": allowed.is_ok(),
                                "why_not": allowed.err().map(|e| e.to_string()),
                                "dc": dc,
                                "modifiers": single,
                                "bonus": single.iter().map(|m| m.value).sum::<i32>(),
                                "bonus_as_double": as_double.iter().map(|m| m.value).sum::<i32>(),
                            })
                        })
                        .collect();
                    json!({ "action": action, "name": action.name(), "options": per_target })
                })
                .collect()
        }
    };
    Ok(json!({
        "round": chase.round,
        "phase": chase.phase,
        "phase_name": phase_name(chase.phase),
        "over": chase.phase == ChasePhase::Over,
        "zones": chase.zones,
        "vehicles": vehicles,
        "acting_vehicle": acting.map(|e| &e.vehicle.id),
        "acting_pilot": acting.and_then(|e| e.pilot.as_ref()),
        "pilot_actions": actions,
        "would_escape": chase.would_escape(rules),
        "hazards": chase.hazards,
        "features": chase.features.iter().map(|f| json!({"zone": f.zone, "name": f.feature.name, "kind": f.feature.kind})).collect::<Vec<_>>(),
    }))
}
