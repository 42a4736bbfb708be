//! Charge (RULES.md §5.8, MOV-19): move straight to the closest square from which the
//! target can be attacked, then make one melee attack with the family's modifier; the
//! charger's defense drops until its next turn.

use crate::grid::{Planner, SightModel, Space, Square, line_of_sight, straight_path, swept_squares};
use crate::rules::Terrain;
use crate::rules::attack::resolve_attack;
use crate::rules::engine::error::illegal;
use crate::rules::health::LifeState;
use crate::rules::health::conditions::{effective_conditions, is_helpless};
use crate::rules::movement::board::board_for;
use crate::rules::reactions::threat::{hostile, space_of, weapon_threatens};
use crate::rules::sequence::turn::{EffectTerms, start_effect, take_action};
use crate::rules::{
    Combat, ConditionName, Executor, GameCommand, Modifier, MoveMode, Profile, RuleError, UnitId, UnitIndex, Weapon,
};
use crate::rules::{HealthEvent, cmd};
use crate::ruleset::{ActionKind, AfterCharge, ChargePath, ChargeRules, ChargeTerrain, Ruleset};
use bevy::prelude::World;

/// Conditions that forbid running and charging (§20 entangled, fatigued, exhausted).
pub const NO_RUN_OR_CHARGE: [ConditionName; 3] = [
    ConditionName::Entangled,
    ConditionName::Fatigued,
    ConditionName::Exhausted,
];

/// A checked charge.
#[derive(Debug, Clone, PartialEq)]
pub struct ChargePlan {
    pub rules: ChargeRules,
    pub weapon: Weapon,
    pub from: Square,
    pub squares: Vec<Square>,
    pub steps_ft: Vec<u32>,
    pub cost_ft: u32,
}

/// Checks a charge by `unit` at `target`, to `to` if given (one of the closest attack
/// squares), with `weapon` if named (else its best threatening melee weapon).
pub fn check_charge(
    world: &World,
    unit: &UnitId,
    target: &UnitId,
    to: Option<Square>,
    weapon: Option<&str>,
) -> Result<ChargePlan, RuleError> {
    let rules = world.resource::<Ruleset>();
    let charge = rules
        .movement
        .charge
        .ok_or_else(|| RuleError::NotSupported(format!("charging is not in {}'s rules", rules.name)))?;
    let index = world.resource::<UnitIndex>();
    let e = *index.0.get(unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    if !index.0.contains_key(target) {
        return Err(RuleError::UnknownUnit(target.clone()));
    }
    if !hostile(world, unit, target) {
        return Err(illegal(format!("{target} is not an enemy of {unit}")));
    }
    // What `check` refuses a `Charge` for before its own rule (§20 no actions, riding, ...).
    let order = GameCommand::Charge(cmd::Charge {
        unit: unit.clone(),
        target: target.clone(),
        to,
        weapon: weapon.map(str::to_string),
    });
    crate::rules::engine::resolve::actor_refusal(world, &order)?;
    crate::rules::health::check_can_act(world, unit)?;
    let conditions = effective_conditions(world, unit);
    if let Some(c) = NO_RUN_OR_CHARGE
        .iter()
        .chain([ConditionName::Prone].iter())
        .find(|c| conditions.contains(c))
    {
        return Err(illegal(format!(
            "{unit} cannot charge while {}",
            format!("{c:?}").to_lowercase()
        )));
    }
    let profile = world
        .get::<Profile>(e)
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let weapon = match weapon {
        Some(name) => profile
            .weapon_named(name)
            .ok_or_else(|| illegal(format!("{unit} has no weapon named {name}")))?,
        None => crate::rules::attack::melee_weapon(profile, |w| weapon_threatens(&rules.threat, w))
            .ok_or_else(|| illegal(format!("{unit} has no melee weapon to charge with")))?,
    }
    .clone();
    let charge = affordable_charge(world, charge)?;
    let map = &world.resource::<Terrain>().0;
    let from = space_of(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let goal = space_of(world, target).ok_or_else(|| RuleError::UnknownUnit(target.clone()))?;
    if charge.needs_sight_at_turn_start {
        // A charge is a full action here, so the charger has not moved this turn.
        let obscured = |sq: Square| map.cell(sq).is_some_and(|c| c.blocks_sight);
        if !line_of_sight(map, SightModel::of(&rules.cover), from, goal, obscured) {
            return Err(illegal(format!(
                "{unit} cannot see {target}, so it cannot charge (MOV-19)"
            )));
        }
    }
    // MOV-19: the closest spaces from which the weapon reaches the target, not filtered by
    // whether the charger could stand there (an occupied closest space forbids the charge).
    // §6.2: a d20 SRD reach weapon does not strike within its wielder's natural reach.
    let reach = crate::rules::reactions::threat::striking_reach(rules, profile, &weapon);
    let speed = crate::rules::movement::speed::unit_land_speed_ft(world, unit) / rules.grid.square_ft.max(1);
    let max = charge.max_speed_multiple * speed;
    let attacks_from = |p: Square| {
        let s = Space::new(p, from.side);
        goal.squares()
            .any(|q| !s.contains(q) && crate::rules::reactions::threat::reach_covers(rules, s, reach, q))
            && !goal.squares().any(|q| s.contains(q))
    };
    let r = (max + reach.far() + from.side) as i32;
    let mut candidates: Vec<(u32, Square)> = Vec::new();
    for y in from.at.y - r..=from.at.y + r {
        for x in from.at.x - r..=from.at.x + r {
            let p = Square::new(x, y);
            // Spaces off the map are no spaces at all; blocked or occupied ones still count.
            let on_map = Space::new(p, from.side).squares().all(|q| map.contains(q));
            if on_map && attacks_from(p) {
                candidates.push((from.distance(Space::new(p, from.side), rules.grid.diagonal), p));
            }
        }
    }
    let closest = candidates
        .iter()
        .map(|c| c.0)
        .min()
        .ok_or_else(|| illegal(format!("{target} is out of reach")))?;
    let mut closest: Vec<Square> = candidates.iter().filter(|c| c.0 == closest).map(|c| c.1).collect();
    closest.sort_by_key(|p| (p.y, p.x));
    // GRID-8: among equally close squares the charger chooses.
    let dest = match to {
        _ if closest.contains(&from.at) => from.at,
        Some(t) if closest.contains(&t) => t,
        Some(t) => {
            return Err(illegal(format!(
                "{t} is not a closest square to attack {target} from (MOV-19)"
            )));
        }
        None => closest[0],
    };
    // The start space itself may be the closest: then the charge would cover no distance.
    if dest == from.at {
        return Err(illegal(format!(
            "{unit} is already in reach of {target}; a charge must cover at least 10 ft"
        )));
    }
    let dest_space = Space::new(dest, from.side);
    let occupied_by = |sq: Square| {
        index
            .0
            .keys()
            .filter(|u| *u != unit)
            .find(|u| space_of(world, u).is_some_and(|s| s.contains(sq)))
            .cloned()
    };
    for sq in dest_space.squares() {
        if map.cell(sq).is_none_or(|c| c.blocks_movement) {
            return Err(illegal(format!(
                "the closest square to attack {target} from is blocked (MOV-19)"
            )));
        }
        if let Some(u) = occupied_by(sq).filter(|u| !is_helpless(world, u)) {
            return Err(illegal(format!(
                "the closest square to attack {target} from is occupied by {u} (MOV-19)"
            )));
        }
    }
    let squares = straight_path(from.at, dest, rules.grid.straight_line)
        .ok_or_else(|| illegal(format!("{dest} is not on a straight line from {}", from.at)))?;
    // The squares the charge passes: the swept footprint (starfinder) or the footprints
    // along the line (saga).
    let passed: Vec<Square> = match charge.path {
        ChargePath::SweptFootprint => swept_squares(from, dest),
        ChargePath::StraightLine => {
            let mut v: Vec<Square> = squares
                .iter()
                .flat_map(|p| Space::new(*p, from.side).squares())
                .collect();
            v.sort_by_key(|s| (s.y, s.x));
            v.dedup();
            v.retain(|s| !from.contains(*s));
            v
        }
    };
    for sq in &passed {
        let cell = map.cell(*sq).copied().unwrap_or_default();
        if cell.blocks_movement {
            return Err(illegal(format!("something blocks the charge at {sq}")));
        }
        if cell.difficult && charge.difficult_terrain == ChargeTerrain::Forbidden {
            return Err(illegal(format!("difficult terrain at {sq} stops the charge (MOV-7)")));
        }
        if cell.low && charge.low_objects_block {
            return Err(illegal(format!("a low object at {sq} stops the charge")));
        }
        if let Some(u) = occupied_by(*sq) {
            let passable = if hostile(world, unit, &u) {
                charge.pass_helpless && is_helpless(world, &u)
            } else {
                !charge.allies_block || (charge.pass_helpless && is_helpless(world, &u))
            };
            if !passable && u != *target {
                return Err(illegal(format!(
                    "{u} is in the way at {sq}; a charge needs a clear line (MOV-19)"
                )));
            }
        }
    }
    if charge.path == ChargePath::SweptFootprint {
        // MOV-19: every step brings the charger closer to the target.
        let mut last = from.distance(goal, rules.grid.diagonal);
        for p in &squares {
            let d = Space::new(*p, from.side).distance(goal, rules.grid.diagonal);
            if d >= last {
                return Err(illegal(format!("the charge must move directly toward {target}")));
            }
            last = d;
        }
    }
    let layers = board_for(world, unit);
    let board = layers.board(world);
    let parity = world.resource::<Combat>().diagonals;
    let priced = Planner::new()
        .price(&board, from.at, &squares, parity)
        .map_err(|e| illegal(e.to_string()))?;
    let ft = rules.grid.square_ft;
    if priced.total < charge.min_squares {
        return Err(illegal(format!(
            "a charge must cover at least {} ft",
            charge.min_squares * ft
        )));
    }
    if priced.total > max {
        return Err(illegal(format!(
            "the charge needs {} ft but may cover at most {} ft",
            priced.total * ft,
            max * ft
        )));
    }
    Ok(ChargePlan {
        rules: charge,
        weapon,
        from: from.at,
        squares,
        steps_ft: priced.steps.iter().map(|c| c * ft).collect(),
        cost_ft: priced.total * ft,
    })
}

/// The charge `unit` can afford now: the family's, or (d20 SRD partial charge) a standard
/// action moving at most its speed when the turn is restricted to one standard or move
/// action, by the surprise round or a condition ("You can't use this option unless you are
/// restricted to taking only a standard action or move action on your turn", d20 SRD; seeds
/// 002/003 are silent).
fn affordable_charge(world: &World, charge: ChargeRules) -> Result<ChargeRules, RuleError> {
    let rules = world.resource::<Ruleset>();
    let combat = world.resource::<Combat>();
    let full = combat.can_spend(&rules.actions, charge.action);
    let restricted = combat.budget.as_ref().is_some_and(|b| b.one_action_only());
    if full.is_ok() || !charge.partial_charge || !restricted {
        return full.map(|_| charge);
    }
    combat.can_spend(&rules.actions, ActionKind::Standard)?;
    Ok(ChargeRules {
        action: ActionKind::Standard,
        max_speed_multiple: 1,
        ..charge
    })
}

/// Executes a charge: pays the action, moves (provoking as any move does), attacks with the
/// charge modifier, and lowers the charger's defense until its next turn.
pub fn execute_charge(
    ex: &mut Executor,
    unit: &UnitId,
    target: &UnitId,
    to: Option<Square>,
    weapon: Option<&str>,
) -> Result<(), RuleError> {
    let plan = check_charge(ex.world, unit, target, to, weapon)?;
    take_action(ex, unit, plan.rules.action, "charge".into());
    let arrived = crate::rules::movement::walk(
        ex,
        unit,
        MoveMode::Charge,
        plan.from,
        &plan.squares,
        &plan.steps_ft,
        plan.cost_ft,
        &[],
    )?;
    if arrived && ex.get::<LifeState>(unit).copied().unwrap_or_default().can_act() {
        let charge_mod = Modifier::typed(plan.rules.attack_mod, plan.rules.attack_type, "charge");
        let situation = crate::rules::attack::situation::situation(ex.world, unit, target, &plan.weapon)?;
        resolve_attack(ex, unit, target, &plan.weapon, &situation, vec![charge_mod], "charge")?;
    }
    // §5.8: the charger's defense drops until the start of its next turn (a 1-round effect
    // that ends just before its own count, SEQ-5).
    start_effect(
        ex,
        unit,
        unit,
        "charging",
        1,
        EffectTerms::defense(plan.rules.defense_mod),
    );
    if plan.rules.after_attack == AfterCharge::NoFurtherActions {
        ex.emit(HealthEvent::ActionsForfeited {
            unit: unit.clone(),
            reason: "charged (no further actions this turn)".into(),
        });
    }
    Ok(())
}
