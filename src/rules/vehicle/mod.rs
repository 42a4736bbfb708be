//! Vehicles on the grid (RULES.md §25, starfinder only): the components a vehicle and its
//! riders carry, and the vehicle actions of `GameCommand::Vehicle`. Each rule area is a
//! small file; the family's numbers come from `ruleset::VehicleRules`, never from here.

pub mod commands;
mod game_events;
pub use game_events::VehicleEvent;

mod aboard_attack;
mod access;
mod aoo;
mod apply;
mod autocontrol;
mod autopilot;
mod boarding;
mod broken;
mod control;
mod crash;
mod delay;
mod drive;
pub mod escape;
mod events;
mod follow_up;
mod hazard;
mod line;
mod mounted;
mod narrate;
pub mod odds;
mod order;
mod plan;
mod race;
mod ram;
mod run_over;
mod stats;
mod travel;
mod uncontrolled;
mod view;

pub use aboard_attack::{attack_penalty, ignored_for_cover, passenger_cover};
pub(crate) use aoo::sheltered_from;
pub use apply::apply_vehicle_event;
pub(crate) use apply::new_round;
pub(crate) use autopilot::at_turn_start as autopilot_at_turn_start;
pub use broken::{broken_ac, is_broken};
pub use delay::has_own_slot;
pub(crate) use delay::{finish_own_turn, on_delay};
pub use events::{CollisionKind, RaceMishap, VehicleMove};
pub(crate) use follow_up::at_turn_end;
pub use follow_up::follow_up_options;
pub(crate) use mounted::{full_attack_with_mount, mounted_weapon};
pub use narrate::narrate_vehicle_event;
pub use odds::{CheckOdds, RamOdds, race_odds, ram_odds};
pub use order::VehicleOrder;
pub use plan::plan_vehicle_path;
pub use race::stop_short_distance;
pub use ram::{ram_avoided_by_pilot, ram_damage};
pub use stats::{Aboard, Autopilot, PassengerCover, PilotAction, RiderRole, SkillBonuses, VehicleState, VehicleStats};
pub(crate) use uncontrolled::at_turn_start;
pub use uncontrolled::slowed;
pub use view::{
    RaceEnd, RaceLineView, RaceView, RiderView, VehicleNow, VehicleView, race_ends, race_line_end, race_view,
    vehicle_view,
};

use crate::rules::{Executor, RuleError, UnitId};
use bevy::prelude::World;

/// Whether `unit` may give `order` now, and why not. Never changes the battle.
pub fn check_order(world: &World, unit: &UnitId, order: &VehicleOrder) -> Result<(), RuleError> {
    access::vehicle_rules(world)?;
    follow_up::check_follow_up(world, unit, order)?;
    autocontrol::check_not_on_autocontrol(world, unit, order)?;
    autopilot::check_not_on_autopilot(world, unit, order)?;
    match order {
        VehicleOrder::Start => control::check_start(world, unit).map(|_| ()),
        VehicleOrder::Drive { path, .. } => drive::check_drive(world, unit, path).map(|_| ()),
        VehicleOrder::Race { angle, distance_ft } => race::check_race(world, unit, *angle, *distance_ft).map(|_| ()),
        VehicleOrder::StopShort => race::check_stop_short(world, unit).map(|_| ()),
        VehicleOrder::Ram { target, angle } => ram::check_ram(world, unit, target, *angle).map(|_| ()),
        VehicleOrder::RunOver { path, .. } => run_over::check_run_over(world, unit, path).map(|_| ()),
        VehicleOrder::TakeControl { vehicle } => control::check_take_control(world, unit, vehicle),
        VehicleOrder::Relinquish => control::check_relinquish(world, unit).map(|_| ()),
        VehicleOrder::Autocontrol { engage } => control::check_autocontrol(world, unit, *engage).map(|_| ()),
        VehicleOrder::Autopilot { engage } => autopilot::check_engage(world, unit, *engage).map(|_| ()),
        VehicleOrder::AutopilotDestination { to } => autopilot::check_destination(world, unit, *to).map(|_| ()),
        VehicleOrder::Board { vehicle, role } => boarding::check_board(world, unit, vehicle, *role).map(|_| ()),
        VehicleOrder::Disembark { to } => boarding::check_disembark(world, unit, *to).map(|_| ()),
    }
}

/// Runs an allowed order: emits its events.
pub fn execute_order(ex: &mut Executor, unit: &UnitId, order: &VehicleOrder) -> Result<(), RuleError> {
    match order {
        VehicleOrder::Start => control::execute_start(ex, unit),
        VehicleOrder::Drive { path, heading } => drive::execute_drive(ex, unit, path, *heading),
        VehicleOrder::Race { angle, distance_ft } => race::execute_race(ex, unit, *angle, *distance_ft),
        VehicleOrder::StopShort => race::execute_stop_short(ex, unit),
        VehicleOrder::Ram { target, angle } => ram::execute_ram(ex, unit, target, *angle),
        VehicleOrder::RunOver { path, heading } => run_over::execute_run_over(ex, unit, path, *heading),
        VehicleOrder::TakeControl { vehicle } => control::execute_take_control(ex, unit, vehicle),
        VehicleOrder::Relinquish => control::execute_relinquish(ex, unit),
        VehicleOrder::Autocontrol { engage } => control::execute_autocontrol(ex, unit, *engage),
        VehicleOrder::Autopilot { engage } => autopilot::execute_engage(ex, unit, *engage),
        VehicleOrder::AutopilotDestination { to } => autopilot::execute_destination(ex, unit, *to),
        VehicleOrder::Board { vehicle, role } => boarding::execute_board(ex, unit, vehicle, *role),
        VehicleOrder::Disembark { to } => boarding::execute_disembark(ex, unit, *to),
    }
}

/// The vehicle `unit` rides, if any.
pub fn riding(world: &World, unit: &UnitId) -> Option<UnitId> {
    access::aboard(world, unit).map(|a| a.vehicle)
}
