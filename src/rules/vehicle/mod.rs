//! Vehicles on the grid (RULES.md §25, starfinder only): the components a vehicle and its
//! riders carry, and the pilot actions as commands. Each rule area is a small file; the
//! family's numbers come from `ruleset::VehicleRules`, never from here.

mod stats;

pub use stats::{Aboard, Autopilot, PassengerCover, PilotAction, RiderRole, SkillBonuses, VehicleState, VehicleStats};
