//! Vehicles on the grid (RULES.md §25, starfinder only): the components a vehicle and its
//! riders carry, and the vehicle actions of `GameCommand::Vehicle`. The orders that move a
//! vehicle are in `orders/`, who controls it in `control/`, its riders in `riders/`, leaving
//! the battle in `escape/`; the family's numbers come from `ruleset::VehicleRules`, never
//! from here.

pub mod commands;
mod game_events;
pub use game_events::VehicleEvent;

mod access;
mod apply;
mod broken;
mod control;
pub mod escape;
mod events;
mod narrate;
pub mod options;
mod order;
mod orders;
mod riders;
mod rolls;
mod stats;
mod view;

pub use apply::apply_vehicle_event;
pub use broken::{broken_ac, is_broken};
pub(crate) use control::autopilot::at_turn_start as autopilot_at_turn_start;
pub use control::delay::has_own_slot;
pub(crate) use control::delay::{finish_own_turn, on_delay};
pub(crate) use control::uncontrolled::at_turn_start;
pub use control::uncontrolled::slowed;
pub use events::{CollisionKind, RaceMishap, VehicleMove};
pub use narrate::narrate_vehicle_event;
pub use order::{VehicleEntry, VehicleOrder};
pub(crate) use orders::follow_up::at_turn_end;
pub use orders::follow_up::follow_up_options;
pub use orders::odds::{CheckOdds, RamOdds, race_odds, ram_odds};
pub use orders::plan::plan_vehicle_path;
pub use orders::race::stop_short_distance;
pub use orders::ram::{ram_avoided_by_pilot, ram_damage};
pub(crate) use riders::aboard_attack::sheltered_from;
pub use riders::aboard_attack::{attack_penalty, ignored_for_cover, passenger_cover};
pub(crate) use riders::mounted::{full_attack_with_mount, mounted_weapon};
pub(crate) use stats::new_round;
pub use stats::{Aboard, Autopilot, PassengerCover, PilotAction, RiderRole, SkillBonuses, VehicleState, VehicleStats};
pub use view::{
    RaceEnd, RaceLineView, RaceView, RiderView, VehicleNow, VehicleView, race_ends, race_line_end, race_view,
    vehicle_view,
};

use crate::rules::{Executor, GameCommand, RuleError, UnitId};
use bevy::prelude::World;

/// Whether `unit` may give `order` now, and why not. Never changes the battle.
pub fn check_order(world: &World, unit: &UnitId, order: &VehicleOrder) -> Result<(), RuleError> {
    access::vehicle_rules(world)?;
    orders::follow_up::check_follow_up(world, unit, order)?;
    control::autocontrol::check_not_on_autocontrol(world, unit, order)?;
    control::autopilot::check_not_on_autopilot(world, unit, order)?;
    match order {
        VehicleOrder::Start => control::check_start(world, unit).map(|_| ()),
        VehicleOrder::Drive { path, .. } => orders::drive::check_drive(world, unit, path).map(|_| ()),
        VehicleOrder::Race { angle, distance_ft } => {
            orders::race::check_race(world, unit, *angle, *distance_ft).map(|_| ())
        }
        VehicleOrder::StopShort => orders::race::check_stop_short(world, unit).map(|_| ()),
        VehicleOrder::Ram { target, angle } => orders::ram::check_ram(world, unit, target, *angle).map(|_| ()),
        VehicleOrder::RunOver { path, .. } => orders::run_over::check_run_over(world, unit, path).map(|_| ()),
        VehicleOrder::TakeControl { vehicle } => control::check_take_control(world, unit, vehicle),
        VehicleOrder::Relinquish => control::check_relinquish(world, unit).map(|_| ()),
        VehicleOrder::Autocontrol { engage } => control::check_autocontrol(world, unit, *engage).map(|_| ()),
        VehicleOrder::Autopilot { engage } => control::autopilot::check_engage(world, unit, *engage).map(|_| ()),
        VehicleOrder::AutopilotDestination { to } => {
            control::autopilot::check_destination(world, unit, *to).map(|_| ())
        }
        VehicleOrder::Board { vehicle, role } => riders::boarding::check_board(world, unit, vehicle, *role).map(|_| ()),
        VehicleOrder::Disembark { to } => riders::boarding::check_disembark(world, unit, *to).map(|_| ()),
    }
}

/// Runs an allowed order: emits its events.
pub fn execute_order(ex: &mut Executor, unit: &UnitId, order: &VehicleOrder) -> Result<(), RuleError> {
    match order {
        VehicleOrder::Start => control::execute_start(ex, unit),
        VehicleOrder::Drive { path, heading } => orders::drive::execute_drive(ex, unit, path, *heading),
        VehicleOrder::Race { angle, distance_ft } => orders::race::execute_race(ex, unit, *angle, *distance_ft),
        VehicleOrder::StopShort => orders::race::execute_stop_short(ex, unit),
        VehicleOrder::Ram { target, angle } => orders::ram::execute_ram(ex, unit, target, *angle),
        VehicleOrder::RunOver { path, heading } => orders::run_over::execute_run_over(ex, unit, path, *heading),
        VehicleOrder::TakeControl { vehicle } => control::execute_take_control(ex, unit, vehicle),
        VehicleOrder::Relinquish => control::execute_relinquish(ex, unit),
        VehicleOrder::Autocontrol { engage } => control::execute_autocontrol(ex, unit, *engage),
        VehicleOrder::Autopilot { engage } => control::autopilot::execute_engage(ex, unit, *engage),
        VehicleOrder::AutopilotDestination { to } => control::autopilot::execute_destination(ex, unit, *to),
        VehicleOrder::Board { vehicle, role } => riders::boarding::execute_board(ex, unit, vehicle, *role),
        VehicleOrder::Disembark { to } => riders::boarding::execute_disembark(ex, unit, *to),
    }
}

/// The vehicle area's gate on walking (`engine::resolve::actor_refusal`, §25.9): riders move
/// with their vehicle; walking needs getting off first.
pub fn riding_refusal(world: &World, command: &GameCommand) -> Option<RuleError> {
    let unit = command.actor()?;
    let vehicle = riding(world, unit).filter(|_| command.gates().walks)?;
    Some(RuleError::IllegalMove(format!(
        "{unit} is aboard {vehicle}: get off first (Vehicle order Disembark)"
    )))
}

/// The vehicle `unit` rides, if any.
pub fn riding(world: &World, unit: &UnitId) -> Option<UnitId> {
    access::aboard(world, unit).map(|a| a.vehicle)
}
