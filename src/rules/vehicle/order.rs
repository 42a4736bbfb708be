//! `VehicleOrder`: what a creature does with a vehicle (§25.3), carried by
//! `GameCommand::Vehicle`. Written in scripts as e.g.
//! `Vehicle(unit: "buddy", order: Race(angle: 0))`. And `VehicleEntry`, the kinds of order
//! the options list and the window's vehicle picker offer.

use crate::grid::{Heading, Square};
use crate::rules::UnitId;
use crate::rules::vehicle::RiderRole;
use serde::{Deserialize, Serialize};

/// One vehicle action of the acting creature (a rider, or one standing next to a vehicle).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum VehicleOrder {
    /// Move action: fire the ignition of the vehicle it pilots (001:4373-4376).
    Start,
    /// Move action: drive along `path` (each next top-left square of the vehicle, one king
    /// step apart) up to the drive speed, then face `heading` (default: unchanged) (VEH-3).
    Drive {
        path: Vec<Square>,
        #[serde(default)]
        heading: Option<Heading>,
    },
    /// Full action: race in a straight line `angle` degrees off the heading (positive to the
    /// right, at most 45), `distance_ft` (default: full speed) (VEH-5).
    Race {
        #[serde(default)]
        angle: i32,
        #[serde(default)]
        distance_ft: Option<u32>,
    },
    /// Move action after a race: Piloting check; the distance still travelled is reduced by
    /// the result rounded down to 5 ft (001:4378-4387).
    StopShort,
    /// Full action: race along the line at `angle` into `target` (VEH-8).
    Ram {
        target: UnitId,
        #[serde(default)]
        angle: i32,
    },
    /// Full action: move along `path` up to twice the drive speed over creatures two sizes
    /// smaller, then face `heading` (VEH-9).
    RunOver {
        path: Vec<Square>,
        #[serde(default)]
        heading: Option<Heading>,
    },
    /// Move action: take control of `vehicle`, uncontrolled and with this creature aboard
    /// (001:4389-4392).
    TakeControl { vehicle: UnitId },
    /// Swift action: stop piloting; the vehicle is uncontrolled until someone takes control
    /// (001:4545-4549).
    Relinquish,
    /// Swift action: engage (right after a drive or race) or disengage autocontrol (VEH-13).
    Autocontrol { engage: bool },
    /// Swift action: engage or disengage the autopilot of the vehicle this creature pilots
    /// (VEH-14).
    Autopilot { engage: bool },
    /// Move action: enter `to` as the autopilot's destination, the square its top-left
    /// square should reach (VEH-14).
    AutopilotDestination { to: Square },
    /// Move action: board `vehicle` from next to it, taking `role` (§25.3, 001:4438-4441).
    Board { vehicle: UnitId, role: RiderRole },
    /// Move action: step off the vehicle into `to`, a free space next to it.
    Disembark { to: Square },
}

impl VehicleOrder {
    /// An order by which the pilot moves the vehicle itself (what autocontrol and the
    /// autopilot hold back while they drive, VEH-13, VEH-14).
    pub(crate) fn moves_vehicle(&self) -> bool {
        matches!(
            self,
            VehicleOrder::Drive { .. }
                | VehicleOrder::Race { .. }
                | VehicleOrder::StopShort
                | VehicleOrder::Ram { .. }
                | VehicleOrder::RunOver { .. }
        )
    }

    /// The squares and numbers the order carries (issue #16 items 6, 7, 10), written in the
    /// command's `order` field.
    pub(crate) fn operands(&self, out: &mut crate::rules::engine::bounds::Operands) {
        use crate::rules::engine::bounds::{ANGLE, FEET, Step};
        let o = Step::Field("order");
        match self {
            VehicleOrder::Drive { path, .. } | VehicleOrder::RunOver { path, .. } => {
                for (k, sq) in path.iter().enumerate() {
                    out.square(&[o, Step::Field("path"), Step::Index(k)], *sq);
                }
            }
            VehicleOrder::Race { angle, distance_ft } => {
                out.number(&[o, Step::Field("angle")], i64::from(*angle), ANGLE);
                if let Some(d) = distance_ft {
                    out.number(&[o, Step::Field("distance_ft")], i64::from(*d), FEET);
                }
            }
            VehicleOrder::Ram { angle, .. } => {
                out.number(&[o, Step::Field("angle")], i64::from(*angle), ANGLE);
            }
            VehicleOrder::AutopilotDestination { to } | VehicleOrder::Disembark { to } => {
                out.square(&[o, Step::Field("to")], *to);
            }
            _ => {}
        }
    }

    /// The family action it costs (ACT-1).
    pub fn action(&self) -> crate::ruleset::ActionKind {
        use crate::ruleset::ActionKind;
        match self {
            VehicleOrder::Race { .. } | VehicleOrder::Ram { .. } | VehicleOrder::RunOver { .. } => ActionKind::Full,
            VehicleOrder::Relinquish | VehicleOrder::Autocontrol { .. } | VehicleOrder::Autopilot { .. } => {
                ActionKind::Swift
            }
            _ => ActionKind::Move,
        }
    }

    /// Words for the action-taken log line.
    pub fn word(&self) -> &'static str {
        match self {
            VehicleOrder::Start => "start vehicle",
            VehicleOrder::Drive { .. } => "drive",
            VehicleOrder::Race { .. } => "race",
            VehicleOrder::StopShort => "stop short",
            VehicleOrder::Ram { .. } => "ram",
            VehicleOrder::RunOver { .. } => "run over",
            VehicleOrder::TakeControl { .. } => "take control",
            VehicleOrder::Relinquish => "relinquish control",
            VehicleOrder::Autocontrol { .. } => "autocontrol",
            VehicleOrder::Autopilot { .. } => "autopilot",
            VehicleOrder::AutopilotDestination { .. } => "set autopilot destination",
            VehicleOrder::Board { .. } => "board",
            VehicleOrder::Disembark { .. } => "disembark",
        }
    }
}

/// One vehicle order of the options list (and of the GUI's vehicle picker).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VehicleEntry {
    Start,
    Drive,
    Race,
    StopShort,
    Ram,
    RunOver,
    TakeControl,
    Relinquish,
    /// Engage autocontrol, or disengage it when engaged (VEH-13).
    Autocontrol,
    Board(RiderRole),
    Disembark,
}
