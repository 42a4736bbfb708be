//! Escaping from foes on foot in a vehicle (VEH-22, 001:4673-4682): the check, made at the
//! start of the pilot's turn, whether a vehicle got away, and the units that left the battle.
//!
//! Reading (RULES.md's implementation note; the seed leaves the trigger to the GM): a
//! vehicle escapes when, at the start of its pilot's turn, its pilot can act (and it is not
//! on autocontrol, which counts as uncontrolled, VEH-13), it moved last round (it is driving
//! away: the riders' wish the seed asks for) and its distance to every hostile creature on
//! foot that can act exceeds that creature's run distance (its land speed × its run
//! multiple, ×4). Checking at the start of the pilot's turn gives every foe its turn after the
//! vehicle's move: that is the "one more volley". With no hostile creature on foot there is
//! nobody to escape from and nothing happens (vehicle-only battles stay on the grid). When
//! the foes have a vehicle with a pilot able to act, they pursue: the battle becomes a chase
//! (`rules::chase::from_grid` places the vehicles in zones) instead of an escape. A vehicle
//! off the map (VEH-21, `off_map`) is measured from where it left. Who left the battle, and
//! where a unit stands, is `departed`.

mod departed;
mod off_map;

use crate::rules::{ChaseEvent, VehicleEvent};
use departed::units;
pub use departed::{
    FootFoe, LeftBattle, grid_space, left_battle, narrate_escape, on_map, piloted_vehicles, reach_list,
};
pub(crate) use departed::{apply_escape, leave_battle, leave_with_riders};
pub use off_map::{OffMap, off_map_refusal, off_map_vehicle};
pub(crate) use off_map::{apply_leave, apply_return, check_leave, check_return, execute_leave, execute_return, seats};

use super::access::{can_act, riders, wrecked};
use super::{Aboard, VehicleState, VehicleStats};
use crate::rules::{Executor, Profile, RuleError, SideId, UnitId, unit_component};
use crate::ruleset::Ruleset;
use bevy::prelude::World;

/// What VEH-22 says about a vehicle now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EscapeVerdict {
    /// Within reach of some foe on foot, not moving, or nobody to escape from.
    Stays,
    /// Beyond every foe on foot, and no foe can pursue: it leaves with its riders.
    Escapes { foes: Vec<FootFoe> },
    /// Beyond every foe on foot, but these hostile vehicles have pilots: a chase.
    Chase { foes: Vec<FootFoe>, pursuers: Vec<UnitId> },
}

/// How far `unit` can run in feet (§5.6: land speed × run multiple).
fn run_ft(world: &World, rules: &Ruleset, unit: &UnitId) -> u32 {
    let Some(profile) = unit_component::<Profile>(world, unit) else {
        return 0;
    };
    crate::rules::movement::speed::unit_land_speed_ft(world, unit)
        * crate::rules::movement::speed::run_multiple(rules, profile)
}

/// Hostile vehicles with a pilot able to act: the vehicles that can pursue `side`.
pub fn pursuers(world: &World, side: &SideId) -> Vec<UnitId> {
    piloted_vehicles(world)
        .into_iter()
        .filter(|u| unit_component::<SideId>(world, u).is_some_and(|s| s != side))
        .collect()
}

/// VEH-22 for `vehicle` now: pure, used at the start of its pilot's turn and by queries.
pub fn escape_verdict(world: &World, vehicle: &UnitId) -> EscapeVerdict {
    let rules = world.resource::<Ruleset>();
    if rules.vehicles.is_none()
        || world
            .get_resource::<crate::rules::chase::Chase>()
            .is_some_and(|c| c.phase != crate::rules::chase::ChasePhase::Over)
    {
        return EscapeVerdict::Stays;
    }
    let (Some(state), Some(side), Some(from)) = (
        unit_component::<VehicleState>(world, vehicle),
        unit_component::<SideId>(world, vehicle),
        grid_space(world, vehicle),
    ) else {
        return EscapeVerdict::Stays;
    };
    // Escaping is the riders' choice (001:4674-4676): a vehicle nobody pilots just rolls on,
    // and one on autocontrol counts as uncontrolled (VEH-13).
    let piloted = !state.autocontrol_engaged && state.controlled_by.as_ref().is_some_and(|p| can_act(world, p));
    if !piloted || wrecked(world, vehicle) || !(state.moved_last_round || state.moved_this_round) {
        return EscapeVerdict::Stays;
    }
    let square_ft = rules.grid.square_ft;
    let mut foes = Vec::new();
    for u in units(world) {
        let on_foot =
            unit_component::<VehicleStats>(world, &u).is_none() && unit_component::<Aboard>(world, &u).is_none();
        let hostile = unit_component::<SideId>(world, &u).is_some_and(|s| s != side);
        if !(on_foot && hostile && on_map(world, &u) && can_act(world, &u)) {
            continue;
        }
        let Some(at) = grid_space(world, &u) else { continue };
        let foe = FootFoe {
            distance_ft: from.distance(at, rules.grid.diagonal) * square_ft,
            run_ft: run_ft(world, rules, &u),
            unit: u,
        };
        if foe.distance_ft <= foe.run_ft {
            return EscapeVerdict::Stays;
        }
        foes.push(foe);
    }
    if foes.is_empty() {
        return EscapeVerdict::Stays;
    }
    let pursuers = pursuers(world, side);
    if pursuers.is_empty() {
        EscapeVerdict::Escapes { foes }
    } else {
        EscapeVerdict::Chase { foes, pursuers }
    }
}

/// At the start of `unit`'s turn: the vehicles it pilots escape or start a chase (VEH-22).
/// Returns whether `unit` itself left the battle (its turn is then over).
pub(crate) fn at_turn_start(ex: &mut Executor, unit: &UnitId) -> Result<bool, RuleError> {
    let piloted: Vec<UnitId> = units(ex.world)
        .into_iter()
        .filter(|v| unit_component::<VehicleState>(ex.world, v).is_some_and(|s| s.controlled_by.as_ref() == Some(unit)))
        .collect();
    for vehicle in piloted {
        match escape_verdict(ex.world, &vehicle) {
            EscapeVerdict::Stays => {}
            EscapeVerdict::Escapes { foes } => {
                let riders = riders(ex.world, &vehicle);
                ex.emit(VehicleEvent::VehicleEscaped {
                    vehicle: vehicle.clone(),
                    riders,
                    foes,
                });
            }
            EscapeVerdict::Chase { foes, pursuers } => {
                let zones = crate::rules::chase::zones_from_grid(ex.world, &vehicle, &pursuers)?;
                let left_out = crate::rules::chase::left_out_of_chase(ex.world, &zones);
                ex.emit(ChaseEvent::ChaseBegan {
                    escapee: vehicle.clone(),
                    foes,
                    zones,
                    left_out,
                });
                break;
            }
        }
    }
    Ok(left_battle(ex.world, unit))
}
