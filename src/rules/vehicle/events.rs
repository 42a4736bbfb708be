//! What vehicle events carry besides units and squares (§25): the kind of a vehicle move, a
//! check with every modifier, a race mishap and a collision. Serializable; only `apply`
//! turns them into state.

use crate::rules::DieRoll;
use serde::{Deserialize, Serialize};

/// Why a vehicle moved (§25.3-25.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VehicleMove {
    /// A drive action: any path up to drive speed, heading set at the end (VEH-3).
    Drive,
    /// A race action in a straight line at the heading (VEH-5).
    Race,
    /// The race-line move of a ram (VEH-8).
    Ram,
    /// A run over: up to twice the drive speed over smaller creatures (VEH-9).
    RunOver,
    /// The distance still travelled after a stop short (001:4378-4387).
    StopShort,
    /// One of an uncontrolled vehicle's two drive actions (VEH-12).
    Uncontrolled,
    /// Autocontrol repeating the last pilot action (VEH-13).
    Autocontrol,
    /// A drive action taken by the autopilot (VEH-14, VEH-3).
    Autopilot,
}

impl VehicleMove {
    pub fn word(self) -> &'static str {
        match self {
            VehicleMove::Drive => "drives",
            VehicleMove::Race => "races",
            VehicleMove::Ram => "races to ram",
            VehicleMove::RunOver => "runs over",
            VehicleMove::StopShort => "stops short",
            VehicleMove::Uncontrolled => "rolls on uncontrolled",
            VehicleMove::Autocontrol => "moves on autocontrol",
            VehicleMove::Autopilot => "drives on autopilot",
        }
    }
}

/// What went wrong with a failed race check (VEH-5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RaceMishap {
    /// From a dead stop: the vehicle does not move.
    Stalled,
    /// Rough terrain: half full speed at the current heading.
    HalfSpeed,
    /// Flat terrain: full speed off course, in the d4 arc's bisector.
    OffCourse { roll: DieRoll, angle_tenths: i32 },
}

/// What a collision was (VEH-8 ram, VEH-9 run over, VEH-10 crash).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CollisionKind {
    Ram,
    RunOver,
    Crash,
}
