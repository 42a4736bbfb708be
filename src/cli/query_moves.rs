//! Movement questions for `fivefoot query`: `path`, `reach` and `threat` (docs/cli.md).

use crate::grid::Square;
use crate::history::Battle;
use crate::rules::movement::reach_plan::plan_reach;
use crate::rules::movement::{MoveMode, plan_move};
use crate::rules::reactions::threat::{space_of, threat_now, threatened_by};
use crate::rules::{Profile, UnitId, UnitIndex};
use crate::ruleset::Ruleset;
use serde_json::{Value, json};

fn unit_id(battle: &Battle, id: &str) -> Result<UnitId, String> {
    let id = UnitId(id.to_string());
    match battle.world().resource::<UnitIndex>().0.contains_key(&id) {
        true => Ok(id),
        false => Err(format!("there is no unit `{id}` in this battle")),
    }
}

fn parse_square(text: &str) -> Result<Square, String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| format!("`{text}` is not a square like 4,2"))?;
    let n = |s: &str| {
        s.trim()
            .parse::<i32>()
            .map_err(|_| format!("`{text}` is not a square like 4,2"))
    };
    Ok(Square::new(n(x)?, n(y)?))
}

fn parse_mode(text: &str) -> Result<MoveMode, String> {
    Ok(match text {
        "move" => MoveMode::Move,
        "double" => MoveMode::Double,
        "run" => MoveMode::Run,
        "withdraw" => MoveMode::Withdraw,
        "guarded-step" => MoveMode::GuardedStep,
        "crawl" => MoveMode::Crawl,
        "minimum" => MoveMode::Minimum,
        "squeeze" => MoveMode::Squeeze,
        other => {
            return Err(format!(
                "unknown action `{other}` (move, double, run, charge, withdraw, guarded-step, crawl, minimum)"
            ));
        }
    })
}

fn mode_name(mode: MoveMode) -> &'static str {
    match mode {
        MoveMode::Move => "move",
        MoveMode::Double => "double",
        MoveMode::Run => "run",
        MoveMode::Withdraw => "withdraw",
        MoveMode::GuardedStep => "guarded-step",
        MoveMode::Crawl => "crawl",
        MoveMode::Minimum => "minimum",
        MoveMode::Charge => "charge",
        MoveMode::Squeeze => "squeeze",
    }
}

/// `query path UNIT X,Y`: the move's legality, cost per step, squares and provocations.
pub fn path_answer(
    battle: &Battle,
    unit: &str,
    to: &str,
    action: Option<&str>,
    avoid_aoo: bool,
) -> Result<Value, String> {
    let unit = unit_id(battle, unit)?;
    let to = parse_square(to)?;
    let world = battle.world();
    // Issue #16 items 6, 7: a square off the map is refused before any path is planned.
    crate::rules::engine::bounds::square_on_map(world, to).map_err(|e| e.to_string())?;
    if action == Some("charge") {
        return charge_answer(battle, &unit, to);
    }
    let modes = match action {
        Some(a) => vec![parse_mode(a)?],
        None => vec![MoveMode::Move, MoveMode::Double],
    };
    let mut last_error = String::new();
    for mode in &modes {
        match plan_move(world, &unit, to, None, *mode, avoid_aoo) {
            Ok(plan) => {
                let distinct: std::collections::BTreeSet<&UnitId> = plan.provokes.iter().map(|(_, _, r)| r).collect();
                return Ok(json!({
                    "unit": unit,
                    "action": mode_name(*mode),
                    "from": plan.from,
                    "to": to,
                    "legal": true,
                    "reason": null,
                    "cost_ft": plan.cost_ft,
                    "budget_ft": plan.budget_ft,
                    "steps_ft": plan.steps_ft,
                    "squares": plan.squares,
                    "actions_needed": plan.actions.len(),
                    "actions": plan.actions,
                    "provokes": plan.provokes.iter().map(|(step, sq, r)| json!({
                        "step": step, "square_left": sq, "reactor": r,
                    })).collect::<Vec<_>>(),
                    "aoo_count": distinct.len(),
                    "avoid_aoo": avoid_aoo,
                }));
            }
            Err(e) => last_error = e.to_string(),
        }
    }
    Ok(json!({
        "unit": unit,
        "action": mode_name(*modes.last().unwrap_or(&MoveMode::Move)),
        "from": space_of(world, &unit).map(|s| s.at),
        "to": to,
        "legal": false,
        "reason": last_error,
    }))
}

/// `query reach UNIT`: every square reachable per band, each square in the smallest band
/// (one move action, double move, run) with its cost (MOV-1, MOV-2, §5.6). The bands come from
/// `rules::movement::reach_plan`, so each square is listed exactly when `query path` would call the move
/// legal (the turn's remaining actions and the unit's conditions count); a band the unit
/// cannot take now is empty, with `Move`'s reason in `refused` (and in `reason` when no band
/// can be taken at all: a unit that cannot act).
pub fn reach_answer(battle: &Battle, unit: &str) -> Result<Value, String> {
    let unit = unit_id(battle, unit)?;
    let world = battle.world();
    let e = world.resource::<UnitIndex>().0[&unit];
    world.get::<Profile>(e).ok_or("no profile")?;
    let speed_ft = crate::rules::movement::speed::unit_land_speed_ft(world, &unit);
    const MODES: [MoveMode; 3] = [MoveMode::Move, MoveMode::Double, MoveMode::Run];
    let plan = plan_reach(world, &unit, &MODES).map_err(|e| e.to_string())?;
    let smallest = plan.smallest();
    let band = |mode: MoveMode| -> Vec<Value> {
        let squares = plan.band(mode).and_then(|b| b.as_ref().ok());
        squares
            .map(|v| v.as_slice())
            .unwrap_or_default()
            .iter()
            .filter(|(sq, _)| smallest.get(sq).is_some_and(|(m, _)| *m == mode))
            .map(|(sq, cost_ft)| json!({ "square": sq, "cost_ft": cost_ft }))
            .collect()
    };
    // Why each band the unit cannot take now is refused, in `Move`'s words (a paralyzed unit:
    // every band, for the reason `Move` gives).
    let refusals: Vec<(&str, String)> = MODES
        .iter()
        .filter_map(|m| match plan.band(*m) {
            Some(Err(e)) => Some((mode_name(*m), e.to_string())),
            _ => None,
        })
        .collect();
    let reason = (refusals.len() == MODES.len()).then(|| refusals[0].1.clone());
    let refused: serde_json::Map<String, Value> = refusals
        .into_iter()
        .map(|(m, why)| (m.to_string(), json!(why)))
        .collect();
    Ok(json!({
        "unit": unit,
        "from": plan.from,
        "speed_ft": speed_ft,
        "bands": {
            "move": band(MoveMode::Move),
            "double": band(MoveMode::Double),
            "run": band(MoveMode::Run),
        },
        "reason": reason,
        "refused": refused,
    }))
}

/// `query threat UNIT`: the squares the unit threatens now (THR-1..THR-5).
pub fn threat_answer(battle: &Battle, unit: &str) -> Result<Value, String> {
    let unit = unit_id(battle, unit)?;
    let world = battle.world();
    let ft = world.resource::<Ruleset>().grid.square_ft;
    let now = threat_now(world, &unit);
    Ok(json!({
        "unit": unit,
        "threatens": now.is_some(),
        "reach_ft": now.map(|(_, r)| r.far() * ft),
        // §6.2 d20 SRD reach weapon: squares this close are not threatened unless another
        // weapon reaches them (they are then in `squares`).
        "hole_ft": now.and_then(|(_, r)| (r.hole() > 0).then_some(r.hole() * ft)),
        "squares": threatened_by(world, &unit),
    }))
}

/// `query path UNIT X,Y --action charge`: a charge at the unit standing on `X,Y` (MOV-19).
fn charge_answer(battle: &Battle, unit: &UnitId, at: Square) -> Result<Value, String> {
    let world = battle.world();
    let target = world
        .resource::<UnitIndex>()
        .0
        .keys()
        .find(|u| space_of(world, u).is_some_and(|s| s.contains(at)))
        .cloned()
        .ok_or_else(|| format!("nobody stands on {at} to charge"))?;
    let from = space_of(world, unit).map(|s| s.at);
    Ok(
        match crate::rules::movement::charge::check_charge(world, unit, &target, None, None) {
            Ok(plan) => json!({
                "unit": unit, "action": "charge", "target": target, "from": plan.from, "to": plan.squares.last(),
                "legal": true, "reason": null, "cost_ft": plan.cost_ft, "steps_ft": plan.steps_ft,
                "squares": plan.squares, "actions_needed": 1, "actions": [plan.rules.action],
                "weapon": plan.weapon.name, "attack_modifier": plan.rules.attack_mod,
            }),
            Err(e) => json!({
                "unit": unit, "action": "charge", "target": target, "from": from, "to": at,
                "legal": false, "reason": e.to_string(),
            }),
        },
    )
}
