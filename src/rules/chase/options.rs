//! The chase's options (§26): the acting pilot's pilot actions (each Table 8-3 action, engage
//! and the like once per other vehicle) and the end of its pilot turn, and in the combat
//! phase the collide (pilot) and board (passenger) orders against each enemy vehicle engaged
//! with the unit's own.

use crate::rules::chase::{Chase, ChasePhase, ManeuverUse, vehicle_of};
use crate::rules::cmd;
use crate::rules::options::kind::{AreaOptions, Arms, OptionKind};
use crate::rules::vehicle::{Aboard, RiderRole};
use crate::rules::{GameCommand, UnitId, unit_component};
use crate::ruleset::PilotAction;
use bevy::prelude::World;

/// The chase's part of the options list.
pub struct Options;

impl AreaOptions for Options {
    fn owns(&self, kind: OptionKind) -> bool {
        matches!(
            kind,
            OptionKind::PilotAction | OptionKind::EndPilotTurn | OptionKind::ChaseCombat
        )
    }

    fn kinds(&self, _world: &World, _unit: &UnitId) -> Vec<OptionKind> {
        vec![
            OptionKind::PilotAction,
            OptionKind::EndPilotTurn,
            OptionKind::ChaseCombat,
        ]
    }

    fn none_reason(&self, _kind: OptionKind) -> &'static str {
        "not in a vehicle chase"
    }

    fn commands(&self, world: &World, unit: &UnitId, kind: OptionKind, _arms: Arms) -> Vec<GameCommand> {
        match kind {
            OptionKind::PilotAction => pilot_action_choices(world, unit, false),
            OptionKind::EndPilotTurn => match world
                .get_resource::<Chase>()
                .and_then(|c| c.acting())
                .and_then(|e| e.pilot.as_ref())
            {
                Some(pilot) if pilot == unit => {
                    vec![GameCommand::EndPilotTurn(cmd::EndPilotTurn { unit: unit.clone() })]
                }
                _ => Vec::new(),
            },
            _ => chase_combat_choices(world, unit),
        }
    }
}

/// The pilot actions `unit` may take now, when it is the acting pilot: every action, once per
/// other vehicle for those that need a target; `double` asks for the parts of a double
/// maneuver (forced when its first part is done).
pub fn pilot_action_choices(world: &World, unit: &UnitId, double: bool) -> Vec<GameCommand> {
    let Some(chase) = world.get_resource::<Chase>() else {
        return Vec::new();
    };
    let Some(acting) = chase.acting() else {
        return Vec::new();
    };
    if acting.pilot.as_ref() != Some(unit) {
        return Vec::new();
    }
    let double = double || matches!(acting.record.maneuver, ManeuverUse::Double { parts: 1 });
    let others: Vec<UnitId> = chase
        .active()
        .filter(|e| e.vehicle.id != acting.vehicle.id)
        .map(|e| e.vehicle.id.clone())
        .collect();
    let mut commands = Vec::new();
    for action in PilotAction::ALL {
        let targets: Vec<Option<UnitId>> = if action.needs_target() && !others.is_empty() {
            others.iter().cloned().map(Some).collect()
        } else {
            vec![None]
        };
        for target in targets {
            commands.push(GameCommand::PilotAction(cmd::PilotAction {
                unit: unit.clone(),
                action,
                target,
                double,
            }));
        }
    }
    commands
}

/// In a chase's combat phase, the collide (pilot) or board (passenger or gunner, whom the
/// rules refuse with their reason) orders of `unit` against each enemy vehicle engaged with
/// its own (CHS-16, CHS-17).
pub fn chase_combat_choices(world: &World, unit: &UnitId) -> Vec<GameCommand> {
    let Some(chase) = world.get_resource::<Chase>() else {
        return Vec::new();
    };
    if chase.phase != ChasePhase::Combat {
        return Vec::new();
    }
    let (Some(aboard), Some(own)) = (unit_component::<Aboard>(world, unit), vehicle_of(world, unit)) else {
        return Vec::new();
    };
    chase
        .adversaries(&own)
        .filter(|e| chase.are_engaged(&own, &e.vehicle.id))
        .map(|e| {
            let target = e.vehicle.id.clone();
            match aboard.role {
                RiderRole::Pilot => GameCommand::Collide(cmd::Collide {
                    unit: unit.clone(),
                    target,
                }),
                RiderRole::Passenger | RiderRole::Gunner => GameCommand::BoardEngaged(cmd::BoardEngaged {
                    unit: unit.clone(),
                    vehicle: target,
                    skill: None,
                }),
            }
        })
        .collect()
}
