//! Line questions for `fivefoot query`: `cover`, `concealment`, `los`, `loe` and `flank`
//! (RULES.md §9–§12), with what the GUI needs to draw the deciding lines.

use crate::grid::{AttackKind, CoverParams, SightModel, Space, cover, line_of_effect_with, line_of_sight};
use crate::history::{Battle, Terrain};
use crate::rules::reactions::threat::{hostile, space_of, threat_now};
use crate::rules::{UnitId, UnitIndex};
use crate::ruleset::Ruleset;
use serde_json::{Value, json};

fn unit(battle: &Battle, id: &str) -> Result<(UnitId, Space), String> {
    let id = UnitId(id.to_string());
    let space = space_of(battle.world(), &id).ok_or_else(|| format!("there is no unit `{id}` in this battle"))?;
    Ok((id, space))
}

fn lower<T: std::fmt::Debug>(v: T) -> String {
    format!("{v:?}").to_lowercase()
}

/// An obstruction as `{ "kind", "square" }` (a thin wall has no square).
fn obstruction(o: crate::grid::Obstruction) -> Value {
    use crate::grid::Obstruction::*;
    let (kind, square) = match o {
        Barrier(sq) => ("barrier", Some(sq)),
        Wall(_) => ("wall", None),
        Cover(sq) => ("cover", Some(sq)),
        Improved(sq) => ("improved_cover", Some(sq)),
        Low(sq) => ("low_obstacle", Some(sq)),
        Creature(sq) => ("creature", Some(sq)),
    };
    json!({ "kind": kind, "square": square })
}

/// `query cover ATTACKER TARGET`: COV-1 with the deciding corner and lines.
pub fn cover_answer(battle: &Battle, attacker: &str, target: &str, melee: bool) -> Result<Value, String> {
    let world = battle.world();
    let ((a_id, a), (t_id, t)) = (unit(battle, attacker)?, unit(battle, target)?);
    let rules = world.resource::<Ruleset>();
    let map = &world.resource::<Terrain>().0;
    let others: Vec<Space> = world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| **u != a_id && **u != t_id)
        .filter_map(|u| space_of(world, u))
        .collect();
    let kind = if melee { AttackKind::Melee } else { AttackKind::Ranged };
    let r = cover(map, &CoverParams::from_ruleset(rules), a, t, &others, kind);
    Ok(json!({
        "attacker": a_id, "target": t_id, "attack": if melee { "melee" } else { "ranged" },
        "degree": lower(r.degree), "ac_bonus": r.ac_bonus, "reflex_bonus": r.reflex_bonus,
        "attacker_square": r.attacker_square, "target_square": r.target_square,
        "corner": r.corner.map(|c| (c.i, c.j)),
        "lines": r.lines.iter().map(|l| json!({
            "from": (l.from.i, l.from.j), "to": (l.to.i, l.to.j),
            "obstructed_by": l.obstructed_by.map(obstruction),
        })).collect::<Vec<_>>(),
    }))
}

/// `query concealment ATTACKER TARGET [--melee]`: CON-1 as `rules::attack::concealment` decides it for
/// a ranged attack (or a melee one), what decided it, and what it does in this family.
pub fn concealment_answer(battle: &Battle, attacker: &str, target: &str, melee: bool) -> Result<Value, String> {
    let ((a_id, a), (t_id, t)) = (unit(battle, attacker)?, unit(battle, target)?);
    let world = battle.world();
    let rules = world.resource::<Ruleset>();
    let kind = if melee { AttackKind::Melee } else { AttackKind::Ranged };
    let c =
        crate::rules::attack::concealment::concealment(world, &a_id, &a_id, &t_id, kind).map_err(|e| e.to_string())?;
    let (miss_chance, penalty) = crate::rules::attack::concealment::concealment_effect(rules, c.level);
    let loe = line_of_effect_with(&world.resource::<Terrain>().0, SightModel::of(&rules.cover), a, t);
    let mut answer = json!({
        "attacker": a_id, "target": t_id, "attack": if melee { "melee" } else { "ranged" },
        "level": lower(c.level),
        "source": c.source,
        "miss_chance": miss_chance,
        "attack_penalty": penalty.map_or(0, |m| m.value),
    });
    if !loe {
        answer["reason"] = json!(format!("{t_id} has total cover from {a_id}: no line of effect"));
    }
    Ok(answer)
}

/// `query los|loe FROM TO` (§11: LOS-1, LOS-2, LOE-1).
pub fn sight_answer(battle: &Battle, from: &str, to: &str, sight: bool) -> Result<Value, String> {
    let ((f_id, f), (t_id, t)) = (unit(battle, from)?, unit(battle, to)?);
    let world = battle.world();
    let rules = world.resource::<Ruleset>();
    let map = &world.resource::<Terrain>().0;
    let model = SightModel::of(&rules.cover);
    let clear = if sight {
        line_of_sight(map, model, f, t, |sq| map.cell(sq).is_some_and(|c| c.blocks_sight))
    } else {
        line_of_effect_with(map, model, f, t)
    };
    Ok(json!({ "from": f_id, "to": t_id, if sight { "line_of_sight" } else { "line_of_effect" }: clear }))
}

/// `query flank ATTACKER TARGET` (FLK-1): flanked or not, by whom, and the squares whose
/// centres the flanking line joins.
pub fn flank_answer(battle: &Battle, attacker: &str, target: &str) -> Result<Value, String> {
    let ((a_id, a), (t_id, t)) = (unit(battle, attacker)?, unit(battle, target)?);
    let world = battle.world();
    let rules = world.resource::<Ruleset>();
    let threatens = |u: &UnitId| {
        threat_now(world, u).is_some_and(|(space, reach)| {
            t.squares()
                .any(|q| crate::rules::reactions::threat::reach_covers(rules, space, reach, q))
        })
    };
    let mut partners = Vec::new();
    if threatens(&a_id) {
        for ally in world
            .resource::<UnitIndex>()
            .0
            .keys()
            .filter(|u| **u != a_id && **u != t_id && !hostile(world, &a_id, u))
        {
            let Some(space) = space_of(world, ally) else { continue };
            if threatens(ally)
                && let Some((x, y)) = crate::grid::flanking_line(a, space, t)
            {
                partners.push(json!({ "ally": ally, "line": [x, y] }));
            }
        }
    }
    Ok(json!({
        "attacker": a_id, "target": t_id,
        "attacker_threatens": threatens(&a_id),
        "flanked": !partners.is_empty(),
        "bonus": if partners.is_empty() { 0 } else { rules.flanking.attack_bonus },
        "with": partners,
    }))
}
