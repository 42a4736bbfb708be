//! Boarding another vehicle in a chase (RULES.md CHS-16) as a battle command: who may board
//! (a passenger of a vehicle engaged with the one boarded, in the combat phase, with a move
//! action left), the attacks of opportunity it provokes, the check through
//! `Chase::resolve_boarding`, and what its event changes (the rider's `Aboard`, or the fall).

use super::combat::{BoardingResult, BoardingSkill};
use super::game::chase;
use super::grid::chase_rules;
use super::state::{Chase, ChasePhase};
use crate::rules::attack::{deal_damage, melee_weapon};
use crate::rules::engine::error::illegal;
use crate::rules::health::conditions::effective_conditions;
use crate::rules::reactions::threat::{aoo_refusal, hostile, space_of, weapon_threatens};
use crate::rules::sequence::turn::take_action;
use crate::rules::vehicle::{Aboard, RiderRole, SkillBonuses};
use crate::rules::{ChaseEvent, HealthEvent};
use crate::rules::{
    Combat, ConditionName, Dice, Executor, LifeState, Modifier, Placement, Profile, RuleError, UnitId, UnitIndex,
    unit_component,
};
use crate::ruleset::{ActionKind, AooTrigger, Ruleset};
use bevy::prelude::World;

/// Whether the passenger `unit` may board `to` now; the vehicle it leaves.
pub(super) fn check_boarding(world: &World, unit: &UnitId, to: &UnitId) -> Result<UnitId, RuleError> {
    let board = chase(world)?;
    if board.phase != ChasePhase::Combat {
        return Err(illegal("boarding another vehicle happens in the combat phase (CHS-16)"));
    }
    crate::rules::health::check_can_act(world, unit)?;
    let aboard =
        unit_component::<Aboard>(world, unit).ok_or_else(|| illegal(format!("{unit} is not aboard a vehicle")))?;
    if aboard.role != RiderRole::Passenger {
        return Err(illegal(format!(
            "only a passenger can board another vehicle; {unit} is {}'s {} (CHS-16)",
            aboard.vehicle,
            format!("{:?}", aboard.role).to_lowercase()
        )));
    }
    let from = aboard.vehicle.clone();
    if &from == to {
        return Err(illegal(format!("{unit} is already aboard {to}")));
    }
    if !board.in_chase(to) {
        return Err(illegal(format!("{to} is not a vehicle in the chase")));
    }
    if !board.are_engaged(&from, to) {
        return Err(illegal(format!(
            "{unit} can board only a vehicle engaged with its own, and {from} is not engaged with {to} (CHS-16)"
        )));
    }
    world
        .resource::<Combat>()
        .can_spend(&world.resource::<Ruleset>().actions, ActionKind::Move)?;
    Ok(from)
}

/// The skill the rider uses: the one asked for, else its better one (Acrobatics on a tie).
fn skill_used(world: &World, unit: &UnitId, asked: Option<BoardingSkill>) -> (BoardingSkill, Modifier) {
    let bonuses = unit_component::<SkillBonuses>(world, unit).copied().unwrap_or_default();
    let skill = asked.unwrap_or(if bonuses.athletics > bonuses.acrobatics {
        BoardingSkill::Athletics
    } else {
        BoardingSkill::Acrobatics
    });
    let value = match skill {
        BoardingSkill::Acrobatics => bonuses.acrobatics,
        BoardingSkill::Athletics => bonuses.athletics,
    };
    let name = unit_component::<Profile>(world, unit).map_or(unit.to_string(), |p| p.name.clone());
    (skill, Modifier::new(value, format!("{} ({name})", skill.name())))
}

/// The enemies whose attack of opportunity the boarding provokes (CHS-16, §8.2): in a chase
/// positions are zones, so the reactors are the enemies aboard the two vehicles that can
/// react and whose best threatening melee weapon the chase lets reach the rider (CHS-15: a
/// reach weapon across engaged vehicles), in initiative order. Without the family's
/// `board_vehicle` trigger nobody.
fn boarding_reactors(world: &World, unit: &UnitId, vehicles: [&UnitId; 2]) -> Vec<UnitId> {
    let rules = world.resource::<Ruleset>();
    if !rules.aoo.triggers.contains(&AooTrigger::BoardVehicle) {
        return Vec::new();
    }
    let order = &world.resource::<Combat>().order;
    let mut reactors: Vec<UnitId> = world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|r| *r != unit && hostile(world, unit, r))
        .filter(|r| unit_component::<Aboard>(world, r).is_some_and(|a| vehicles.contains(&&a.vehicle)))
        .filter(|r| aoo_refusal(world, r).is_none())
        .filter(|r| {
            unit_component::<Profile>(world, r)
                .and_then(|p| melee_weapon(p, |w| weapon_threatens(&rules.threat, w)))
                .is_some_and(|w| crate::rules::attack::situation::situation(world, r, unit, w).is_ok())
        })
        .cloned()
        .collect();
    reactors.sort_by_key(|u| order.iter().position(|e| &e.unit == u).unwrap_or(usize::MAX));
    reactors
}

/// Boards: pays the move action, resolves the attacks of opportunity, rolls the check, and on
/// a bad failure the rider falls off, prone, with the fall's damage.
pub(super) fn execute_boarding(
    ex: &mut Executor,
    unit: &UnitId,
    to: &UnitId,
    asked: Option<BoardingSkill>,
) -> Result<(), RuleError> {
    let from = check_boarding(ex.world, unit, to)?;
    let rules = chase_rules(ex.world)?.clone();
    let (skill, modifier) = skill_used(ex.world, unit, asked);
    take_action(ex, unit, ActionKind::Move, format!("board {to}"));
    let square = space_of(ex.world, unit).map_or(crate::grid::Square::new(0, 0), |s| s.at);
    for reactor in boarding_reactors(ex.world, unit, [&from, to]) {
        crate::rules::reactions::opportunity::attack_of_opportunity(
            ex,
            &reactor,
            unit,
            square,
            "boarding another vehicle, at",
        )?;
    }
    if !ex.get::<LifeState>(unit).copied().unwrap_or_default().can_act() {
        return Ok(());
    }
    // A fall from a vehicle off the ground is from its height; on the ground it is under
    // 10 ft (CHS-16's 1d6).
    let fall_ft = crate::rules::reactions::threat::elevation_of(ex.world, &from) * ex.ruleset().grid.square_ft;
    let board = ex.world.resource::<Chase>().clone();
    let outcome = {
        let mut dice = ex.world.resource_mut::<Dice>();
        board.resolve_boarding(&rules, &from, to, modifier, fall_ft, &mut dice)?
    };
    let fell = outcome.result == BoardingResult::Fell;
    let damage = outcome.fall_damage;
    ex.emit(ChaseEvent::ChaseBoarding {
        unit: unit.clone(),
        from,
        to: to.clone(),
        skill,
        outcome,
    });
    if fell {
        if !effective_conditions(ex.world, unit).contains(&ConditionName::Prone) {
            ex.emit(HealthEvent::ConditionChanged {
                unit: unit.clone(),
                condition: ConditionName::Prone,
                gained: true,
            });
        }
        let ruleset = ex.ruleset().clone();
        deal_damage(ex, &ruleset, unit, damage, true)?;
        // On foot now, it cannot keep up with the chase: it is left behind (VEH-22's reading
        // of creatures on foot when a battle becomes a chase), and its turn is over (the
        // engine ends it, `Gates::carries_off`).
        ex.emit(ChaseEvent::ChaseLeftBehind { unit: unit.clone() });
    }
    Ok(())
}

/// The only writer of a boarding's effect on the rider: aboard the new vehicle (and in its
/// space), or off any vehicle after a fall.
pub(super) fn apply_boarding(world: &mut World, unit: &UnitId, to: &UnitId, result: BoardingResult) {
    let index = world.resource::<UnitIndex>();
    let (Some(rider), vehicle) = (index.0.get(unit).copied(), index.0.get(to).copied()) else {
        return;
    };
    match result {
        BoardingResult::Boarded => {
            let at = vehicle.and_then(|v| world.get::<Placement>(v)).map(|p| p.at);
            if let Some(mut aboard) = world.get_mut::<Aboard>(rider) {
                aboard.vehicle = to.clone();
            }
            if let (Some(at), Some(mut placement)) = (at, world.get_mut::<Placement>(rider)) {
                placement.at = at;
            }
        }
        BoardingResult::Fell => {
            world.entity_mut(rider).remove::<Aboard>();
        }
        BoardingResult::Stayed => {}
    }
}
