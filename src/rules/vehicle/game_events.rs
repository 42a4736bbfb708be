//! The events of vehicles on the grid and leaving the map: their data, how each changes the battle (`apply`) and how it
//! reads in the log (`narrate`).

use crate::grid::Heading;
use crate::grid::Square;
use crate::rules::D20Check;
use crate::rules::DieRoll;
use crate::rules::UnitId;
use crate::rules::engine::narrate::modifiers;
use crate::rules::vehicle::CollisionKind;
use crate::rules::vehicle::RaceMishap;
use crate::rules::vehicle::RiderRole;
use crate::rules::vehicle::VehicleMove;
use crate::ruleset::Ruleset;
use bevy::prelude::World;
use serde::Deserialize;
use serde::Serialize;

/// What happened in vehicles on the grid and leaving the map, with every die rolled and every modifier and its source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum VehicleEvent {
    /// A pilot fired a vehicle's ignition (§25.3, 001:4373-4376).
    VehicleStarted { pilot: UnitId, vehicle: UnitId },
    /// A check made for a vehicle action (§25.3-25.5): Piloting, a Reflex save, boarding.
    VehicleCheck {
        unit: UnitId,
        vehicle: UnitId,
        purpose: String,
        /// A Piloting check: its result becomes the vehicle's last Piloting result (VEH-13).
        piloting: bool,
        check: D20Check,
    },
    /// A failed race check's consequence (VEH-5).
    RaceMishap { vehicle: UnitId, mishap: RaceMishap },
    /// A vehicle moved with everyone aboard (§25.3-25.6): `path` holds its successive
    /// top-left squares; `speed_ft` is the speed of the action (VEH-12 slows from it);
    /// `stopped` says why it stopped early.
    VehicleMoved {
        vehicle: UnitId,
        pilot: Option<UnitId>,
        how: VehicleMove,
        from: Square,
        path: Vec<Square>,
        moved_ft: u32,
        speed_ft: u32,
        heading: Heading,
        riders: Vec<UnitId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stopped: Option<String>,
    },
    /// A vehicle comes to a stop (after a drive, a stop short, an uncontrolled slowdown or
    /// a crash).
    VehicleStopped { vehicle: UnitId, reason: String },
    /// Who controls a vehicle now; `None` = uncontrolled (VEH-11).
    VehicleControl {
        vehicle: UnitId,
        pilot: Option<UnitId>,
        reason: String,
    },
    /// Autocontrol engaged or disengaged (VEH-13).
    AutocontrolSet { vehicle: UnitId, engaged: bool },
    /// The autopilot engaged or disengaged (VEH-14); `reason` says who or what did it.
    AutopilotSet {
        vehicle: UnitId,
        engaged: bool,
        reason: String,
    },
    /// A destination entered into the autopilot (VEH-14, a move action of `by`): the square
    /// the vehicle's top-left square should reach.
    AutopilotDestinationSet { vehicle: UnitId, by: UnitId, to: Square },
    /// The engaged autopilot takes no (further) drive this count (VEH-14): it arrived, has
    /// no destination, or cannot get closer without passing through someone.
    AutopilotIdle { vehicle: UnitId, reason: String },
    /// A ram, a run over or a crash (VEH-8..VEH-10): the collision dice rolled once, the
    /// target's save or Piloting check, and the damage each side takes (before the health
    /// model; the vehicle's after its hardness). `target: None` = a wall or obstacle.
    VehicleCollision {
        vehicle: UnitId,
        target: Option<UnitId>,
        kind: CollisionKind,
        dice: Vec<DieRoll>,
        rolled: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        save: Option<D20Check>,
        target_damage: u32,
        vehicle_damage: u32,
    },
    /// A creature boarded a vehicle (§25.3) and now stands at `at`, inside its space.
    RiderBoarded {
        unit: UnitId,
        vehicle: UnitId,
        role: RiderRole,
        at: Square,
    },
    /// A creature stepped off a vehicle into `to`.
    RiderDisembarked { unit: UnitId, vehicle: UnitId, to: Square },
    /// VEH-6: the vehicle raced on `pilot`'s last turn and keeps going; this turn the pilot
    /// races again, drives, stops short or relinquishes control.
    RaceFollowUpDue { vehicle: UnitId, pilot: UnitId },
    /// VEH-11: the pilot delayed; the uncontrolled vehicle takes its own place in the
    /// initiative order at the pilot's old `count` and moves there each round.
    VehicleSlotTaken { vehicle: UnitId, pilot: UnitId, count: i32 },
    /// VEH-11: the vehicle's own place in the initiative order ends (someone took control,
    /// or it stopped or crashed).
    VehicleSlotEnded { vehicle: UnitId },
    /// VEH-13: autocontrol makes a check with the pilot's most recent Piloting result
    /// instead of a roll.
    AutocontrolCheck {
        vehicle: UnitId,
        purpose: String,
        /// `None`: the pilot has made no Piloting check yet, which fails.
        result: Option<i32>,
        dc: i32,
        success: bool,
    },
    /// VEH-5: a racing (or uncontrolled) vehicle reached difficult terrain or a low obstacle
    /// at `at` (a hazard: Piloting check or, uncontrolled, a crash).
    RaceHazard { vehicle: UnitId, at: Square },
    /// VEH-22: at the start of its pilot's turn the vehicle was beyond the run of every foe
    /// on foot (`foes`, each with its distance and run) and nobody could pursue: it and
    /// everyone aboard leave the battle.
    VehicleEscaped {
        vehicle: UnitId,
        riders: Vec<UnitId>,
        foes: Vec<crate::rules::vehicle::escape::FootFoe>,
    },
    /// VEH-21: the pilot drove the vehicle off the map across its `edge` from `exit` (its
    /// top-left square); it and `riders` are off the map.
    VehicleLeftMap {
        vehicle: UnitId,
        pilot: UnitId,
        edge: crate::grid::Heading,
        exit: Square,
        riders: Vec<UnitId>,
    },
    /// VEH-21: the pilot drove the vehicle back onto the map at `at`, facing `heading`; the
    /// riders are back on these squares.
    VehicleReturned {
        vehicle: UnitId,
        pilot: UnitId,
        at: Square,
        heading: crate::grid::Heading,
        riders: Vec<(UnitId, Square)>,
    },
}

impl VehicleEvent {
    /// Applies the event to the battle (STYLE 3: with the other areas' `apply`, the only
    /// writer of battle state).
    pub fn apply(&self, world: &mut World) {
        super::apply::apply_vehicle_event(world, self);
    }

    /// The event in words a player reads in the combat log.
    pub fn narrate(&self, _rules: &Ruleset) -> String {
        super::narrate::narrate_vehicle_event(self, modifiers)
    }

    /// The dice the event rolled (undo is allowed only for commands that rolled none).
    pub fn dice(&self) -> Vec<&DieRoll> {
        match self {
            VehicleEvent::VehicleCheck { check, .. } => vec![&check.roll],
            VehicleEvent::RaceMishap {
                mishap: RaceMishap::OffCourse { roll, .. },
                ..
            } => vec![roll],
            VehicleEvent::VehicleCollision { dice, save, .. } => {
                let mut all: Vec<&DieRoll> = dice.iter().collect();
                all.extend(save.iter().map(|s| &s.roll));
                all
            }
            _ => Vec::new(),
        }
    }
}
