//! Flying (RULES.md MOV-14, starfinder 001:2346-2384): a route of horizontal steps and
//! climbs or descents. Each 45° change of direction costs extra, each square up costs extra
//! by gravity (ENV-1); fliers ignore difficult terrain (MOV-6) and pass over creatures below
//! them. Who threatens a square at another height is `reactions::threat::threatens_at`
//! (GRID-6 extended to 3D, an engine default).

use crate::grid::{MoveBoard, Space, Square, SquareState};
use crate::rules::MovementEvent;
use crate::rules::health::LifeState;
use crate::rules::health::conditions::effective_conditions;
use crate::rules::movement::board::board_for;
use crate::rules::reactions::threat::{elevation_of, hostile, space_of, threatens_at};
use crate::rules::sequence::turn::take_action;
use crate::rules::{Combat, ConditionName, Executor, Profile, RuleError, UnitId, UnitIndex};
use crate::rules::{Environment, Terrain};
use crate::ruleset::{ActionKind, Ruleset};
use bevy::prelude::World;
use serde::{Deserialize, Serialize};

/// One leg of a flight: a step to a neighbouring square at the same height, or one square
/// straight up or down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FlyStep {
    To(Square),
    Up,
    Down,
}

/// One checked leg.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlightLeg {
    pub to: Square,
    pub elevation: u32,
    pub cost_ft: u32,
    /// 45° turns this leg made (MOV-14).
    pub turns: u32,
    pub diagonal: bool,
}

/// A checked flight.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlightPlan {
    pub actions: Vec<ActionKind>,
    pub from: Square,
    pub from_elevation: u32,
    pub legs: Vec<FlightLeg>,
    pub cost_ft: u32,
    pub budget_ft: u32,
}

/// The 8 compass directions, clockwise from north (y grows downward).
fn direction(dx: i32, dy: i32) -> Option<u8> {
    Some(match (dx, dy) {
        (0, -1) => 0,
        (1, -1) => 1,
        (1, 0) => 2,
        (1, 1) => 3,
        (0, 1) => 4,
        (-1, 1) => 5,
        (-1, 0) => 6,
        (-1, -1) => 7,
        _ => return None,
    })
}

/// 45° turns between two directions.
fn turns_between(a: u8, b: u8) -> u32 {
    let d = (i32::from(a) - i32::from(b)).rem_euclid(8) as u32;
    d.min(8 - d)
}

/// Checks a flight by `unit` along `route`, with one move action or (`double`) two.
pub fn check_fly(world: &World, unit: &UnitId, route: &[FlyStep], double: bool) -> Result<FlightPlan, RuleError> {
    let rules = world.resource::<Ruleset>();
    let illegal = |why: String| RuleError::IllegalMove(why);
    let e = *world
        .resource::<UnitIndex>()
        .0
        .get(unit)
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let profile = world
        .get::<Profile>(e)
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let fly = profile
        .speed
        .fly
        .ok_or_else(|| illegal(format!("{unit} has no fly speed")))?;
    crate::rules::health::check_can_act(world, unit)?;
    let conditions = effective_conditions(world, unit);
    for c in [ConditionName::Prone, ConditionName::Grappled, ConditionName::Pinned] {
        if conditions.contains(&c) {
            return Err(illegal(format!(
                "{unit} cannot fly while {}",
                format!("{c:?}").to_lowercase()
            )));
        }
    }
    if route.is_empty() {
        return Err(illegal("the flight has no steps".into()));
    }
    let actions = if double {
        vec![ActionKind::Move, ActionKind::Move]
    } else {
        vec![ActionKind::Move]
    };
    let combat = world.resource::<Combat>();
    let mut budget_left = combat.budget.clone().ok_or(RuleError::NoActiveTurn)?;
    for kind in &actions {
        budget_left.spend(&rules.actions, *kind).map_err(RuleError::Budget)?;
    }
    let ft = rules.grid.square_ft;
    let speed_ft =
        crate::rules::movement::speed::speed_ft(rules, profile, &conditions, world.get::<crate::rules::Health>(e), fly);
    let budget_ft = speed_ft * actions.len() as u32;
    let flight = rules.movement.flight;
    let gravity = world.resource::<Environment>().gravity;
    let from = space_of(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let map = &world.resource::<Terrain>().0;
    let ground = board_for(world, unit);
    let mut airborne_states: Option<Vec<SquareState>> = None;
    let (mut at, mut elevation) = (from.at, elevation_of(world, unit));
    let from_elevation = elevation;
    let mut heading = combat.fly_heading;
    let mut counter = combat.diagonals;
    let mut legs = Vec::new();
    let mut cost = 0;
    for (i, step) in route.iter().enumerate() {
        let leg = match step {
            FlyStep::Up => {
                elevation += 1;
                FlightLeg {
                    to: at,
                    elevation,
                    cost_ft: flight.ascent_ft(ft, gravity),
                    turns: 0,
                    diagonal: false,
                }
            }
            FlyStep::Down => {
                if elevation == 0 {
                    return Err(illegal(format!("step {}: {unit} is already on the ground", i + 1)));
                }
                elevation -= 1;
                FlightLeg {
                    to: at,
                    elevation,
                    cost_ft: ft + flight.descent_extra_ft,
                    turns: 0,
                    diagonal: false,
                }
            }
            FlyStep::To(next) => {
                let dir = direction(next.x - at.x, next.y - at.y)
                    .ok_or_else(|| illegal(format!("step {}: {next} is not next to {at}", i + 1)))?;
                let states = if elevation == 0 {
                    &ground.states
                } else {
                    airborne_states.get_or_insert_with(|| airborne(world, unit, map, elevation))
                };
                let board = MoveBoard::new(map, states, from.side, rules.grid.diagonal, &rules.terrain, 0);
                let mut shape = board
                    .check_step(at, *next)
                    .map_err(|e| illegal(format!("step {}: {e}", i + 1)))?;
                if rules.terrain.fliers_ignore_difficult {
                    shape.hampering = 0; // MOV-6
                }
                let (squares, advances) = board.step_price(shape, counter);
                if advances {
                    counter += 1;
                }
                let turns = heading.map_or(0, |h| turns_between(h, dir));
                heading = Some(dir);
                FlightLeg {
                    to: *next,
                    elevation,
                    cost_ft: squares * ft + turns * flight.turn_cost_ft,
                    turns,
                    diagonal: shape.diagonal,
                }
            }
        };
        at = leg.to;
        cost += leg.cost_ft;
        legs.push(leg);
    }
    if cost > budget_ft {
        return Err(illegal(format!(
            "the flight costs {cost} ft but the fly speed allows {budget_ft} ft"
        )));
    }
    // MOV-11 on the ground; in the air no two creatures share a square at one height.
    let end = Space::new(at, from.side);
    let blocked_end = if elevation == 0 {
        let board = MoveBoard::new(map, &ground.states, from.side, rules.grid.diagonal, &rules.terrain, 0);
        !board.footprint_endable(at)
    } else {
        others_at(world, unit, elevation)
            .iter()
            .any(|s| s.squares().any(|q| end.contains(q)))
    };
    if blocked_end {
        return Err(illegal(format!("{unit} cannot end its flight at {at} (MOV-11)")));
    }
    Ok(FlightPlan {
        actions,
        from: from.at,
        from_elevation,
        legs,
        cost_ft: cost,
        budget_ft,
    })
}

/// Spaces of the other creatures at `elevation`.
fn others_at(world: &World, unit: &UnitId, elevation: u32) -> Vec<Space> {
    world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| *u != unit && elevation_of(world, u) == elevation)
        .filter_map(|u| space_of(world, u))
        .collect()
}

/// Squares as a flier at `elevation` sees them: walls still block (they are taken as full
/// height), creatures below do not, creatures at the same height do.
fn airborne(world: &World, unit: &UnitId, map: &crate::grid::Map, elevation: u32) -> Vec<SquareState> {
    let mut states = MoveBoard::states_from_map(map, false);
    let width = map.width() as usize;
    for space in others_at(world, unit, elevation) {
        for sq in space.squares().filter(|q| map.contains(*q)) {
            let s = &mut states[sq.y as usize * width + sq.x as usize];
            s.passable = false;
            s.endable = false;
        }
    }
    states
}

/// Flies a checked route: pays the actions, then each leg; before each leg every enemy that
/// threatens a position being left attacks (AOO-1), and a flier that drops stops.
pub fn execute_fly(ex: &mut Executor, unit: &UnitId, route: &[FlyStep], double: bool) -> Result<(), RuleError> {
    let plan = check_fly(ex.world, unit, route, double)?;
    for kind in &plan.actions {
        take_action(ex, unit, *kind, "fly".into());
    }
    let side = space_of(ex.world, unit).map_or(1, |s| s.side);
    let (mut at, mut elevation) = (plan.from, plan.from_elevation);
    let mut flown = 0;
    let mut stopped = None;
    let mut diagonals = ex.world.resource::<Combat>().diagonals;
    'legs: for leg in &plan.legs {
        let left: Vec<Square> = Space::new(at, side)
            .squares()
            .filter(|sq| leg.elevation != elevation || !Space::new(leg.to, side).contains(*sq))
            .collect();
        let reactors: Vec<UnitId> = {
            let world = &*ex.world;
            world
                .resource::<UnitIndex>()
                .0
                .keys()
                .filter(|r| *r != unit && hostile(world, unit, r))
                .filter(|r| crate::rules::reactions::threat::aoo_refusal(world, r).is_none())
                .filter(|r| left.iter().any(|sq| threatens_at(world, r, *sq, elevation)))
                .filter(|r| !crate::rules::reactions::protection::protected_from_aoo(world, r, unit))
                .cloned()
                .collect()
        };
        for reactor in reactors {
            let square_left = left
                .iter()
                .copied()
                .find(|sq| threatens_at(ex.world, &reactor, *sq, elevation))
                .unwrap_or(at);
            crate::rules::reactions::opportunity::attack_of_opportunity(
                ex,
                &reactor,
                unit,
                square_left,
                "fly, leaving",
            )?;
            if !ex.get::<LifeState>(unit).copied().unwrap_or_default().can_act() {
                stopped = Some("dropped by an attack of opportunity".to_string());
                break 'legs;
            }
        }
        if leg.diagonal {
            diagonals += 1;
        }
        ex.emit(MovementEvent::FlightLeg {
            unit: unit.clone(),
            from: at,
            to: leg.to,
            elevation: leg.elevation,
            cost_ft: leg.cost_ft,
            turns: leg.turns,
            diagonals,
            heading: heading_of(at, leg.to),
        });
        flown += leg.cost_ft;
        at = leg.to;
        elevation = leg.elevation;
    }
    ex.emit(MovementEvent::MoveEnded {
        unit: unit.clone(),
        at,
        moved_ft: flown,
        stopped,
    });
    Ok(())
}

fn heading_of(from: Square, to: Square) -> Option<u8> {
    direction(to.x - from.x, to.y - from.y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_counts_45_degree_steps_the_short_way_round() {
        assert_eq!(turns_between(0, 1), 1);
        assert_eq!(turns_between(0, 7), 1);
        assert_eq!(turns_between(2, 6), 4);
        assert_eq!(turns_between(1, 6), 3);
    }
}
