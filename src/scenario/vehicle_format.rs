//! The vehicle parts of the scenario format as written by hand (RULES.md §25.1): a vehicle's
//! `vehicle:` block, a rider's `aboard:` and the skill bonuses piloting and boarding use.
//! Nothing here is trusted; `validate` checks it. Documented in `docs/scenario-format.md`.

use crate::grid::Heading;
pub use crate::rules::vehicle::{Autopilot, PassengerCover, RiderRole, SkillBonuses};
use serde::{Deserialize, Serialize};

/// A vehicle's stat block beyond what every unit has (HP and EAC/KAC are the unit's `health`
/// and `defenses`, its space is its `size`): `vehicle: Some((item_level: 1, heading: E, ...))`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Vehicle")]
pub struct VehicleDef {
    pub item_level: u32,
    /// The edge of its space that is the front (VEH-1).
    pub heading: Heading,
    /// Drive speed in feet (001:4444-4446).
    pub drive_ft: u32,
    /// Full speed in feet (001:4408).
    pub full_ft: u32,
    /// Overland speed in miles per hour, shown only.
    #[serde(default)]
    pub mph: Option<u32>,
    /// Collision damage, a dice expression such as `"4d6"` (001:4485-4487).
    pub collision: String,
    pub collision_dc: i32,
    #[serde(default)]
    pub hardness: u32,
    /// The vehicle's Piloting modifier, added to the pilot's check (001:4625-4626).
    pub piloting: i32,
    /// Attack modifier for everyone aboard (usually negative), and the one after a round at
    /// full speed (001:4628-4635).
    pub attack_penalty: i32,
    pub full_speed_attack_penalty: i32,
    /// Has an autocontrol system (001:4594-4607).
    #[serde(default)]
    pub autocontrol: bool,
    /// Has an autopilot: `Some((piloting: 10, war_machine: false))` (001:4608-4626).
    #[serde(default)]
    pub autopilot: Option<Autopilot>,
    /// The cover the vehicle gives its riders (001:5045-5047).
    #[serde(default)]
    pub passenger_cover: PassengerCover,
}

/// Where a rider is: `aboard: Some((vehicle: "buggy", role: Pilot))`. The rider's `at` must lie
/// inside the vehicle's space (§25.9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Aboard")]
pub struct AboardDef {
    pub vehicle: String,
    pub role: RiderRole,
}
