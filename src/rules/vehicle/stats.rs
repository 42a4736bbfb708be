//! The components of a vehicle (fixed stats and changing state, §25.1) and of the creatures
//! riding it (§25.9). Spawned from a validated scenario; only `apply` changes `VehicleState`
//! (the vehicle events' and, here, a new round's rollover).

use crate::grid::{Heading, Square};
use crate::rules::{DiceExpr, UnitId};
use bevy::prelude::{Component, World};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// An autopilot system (VEH-14): its Piloting modifier and whether it is a war machine
/// (only war machines ram or run over).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Autopilot")]
pub struct Autopilot {
    pub piloting: i32,
    #[serde(default)]
    pub war_machine: bool,
}

/// Cover a vehicle gives the creatures riding it (§25.9, 001:5045-5047).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum PassengerCover {
    #[default]
    None,
    Cover,
    Improved,
    Total,
}

/// What a rider does aboard (§25.3, VEH-20).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RiderRole {
    /// Controls the vehicle; at most one per vehicle.
    Pilot,
    /// Fires a mounted weapon.
    Gunner,
    Passenger,
}

/// Skill bonuses the grid rules roll (Piloting for pilot actions, Acrobatics or Athletics for
/// boarding a moving vehicle, §25.3; d20 SRD Concentration while casting, SPL-SRD-3). A skill
/// left out counts as +0, except Concentration: `None` rolls the Con modifier (untrained).
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default, rename = "Skills")]
pub struct SkillBonuses {
    pub piloting: i32,
    pub acrobatics: i32,
    pub athletics: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub concentration: Option<i32>,
}

/// A vehicle's fixed stats (§25.1). Its HP and EAC/KAC are the unit's `Health` and
/// `Profile::defenses`; its space is the unit's size (square spaces only: the seed's
/// non-square footprints are left alone).
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VehicleStats {
    pub item_level: u32,
    pub drive_ft: u32,
    pub full_ft: u32,
    pub mph: Option<u32>,
    pub collision: DiceExpr,
    pub collision_dc: i32,
    pub hardness: u32,
    /// The vehicle's Piloting modifier, added to every pilot's check.
    pub piloting: i32,
    pub attack_penalty: i32,
    pub full_speed_attack_penalty: i32,
    pub autocontrol: bool,
    pub autopilot: Option<Autopilot>,
    pub passenger_cover: PassengerCover,
    /// Names of its weapons tied to the controls, which the pilot may fire (VEH-20).
    pub pilot_operable: Vec<String>,
}

/// The last pilot action that moved the vehicle (VEH-12, VEH-13 repeat it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PilotAction {
    Drive,
    Race,
}

/// A vehicle's state during the battle (§25.1 `state`).
#[derive(Component, Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct VehicleState {
    pub heading: Heading,
    /// The ignition has been fired (Start vehicle, 001:4373-4376).
    pub started: bool,
    /// The pilot in control; `None` = uncontrolled (VEH-11).
    pub controlled_by: Option<UnitId>,
    pub moved_this_round: bool,
    /// Whether it moved during the previous round ("dead stop" otherwise, VEH-5).
    pub moved_last_round: bool,
    pub full_speed_this_round: bool,
    /// Whether it moved at full speed during the previous round (VEH-19).
    pub full_speed_last_round: bool,
    pub last_action: Option<PilotAction>,
    /// Distance of the last action that moved it, in feet (VEH-12's ¾ steps start here).
    pub last_action_speed_ft: u32,
    /// The pilot's most recent Piloting result (VEH-13 autocontrol, VEH-10 avoidance).
    pub last_piloting_result: Option<i32>,
    /// It raced and keeps going: the pilot's next options are race, drive, stop short or
    /// relinquish control (VEH-6).
    pub keeps_going: bool,
    pub autocontrol_engaged: bool,
    /// The initiative slot an uncontrolled vehicle keeps acting on: its last pilot's (VEH-11).
    pub uncontrolled_slot: Option<UnitId>,
    /// Creatures it ran over this round, each at most once (VEH-9).
    pub run_over_this_round: BTreeSet<UnitId>,
    /// It raced on its pilot's last turn and the pilot has not yet raced again, driven,
    /// stopped short or relinquished control this turn (VEH-6).
    #[serde(default)]
    pub race_follow_up_due: bool,
    /// The autopilot is engaged (VEH-14): the vehicle is controlled, and the autopilot
    /// takes its pilot actions on its pilot's count.
    #[serde(default)]
    pub autopilot_engaged: bool,
    /// Where the autopilot drives the vehicle's top-left square (VEH-14); kept when it is
    /// disengaged, so a destination may be entered before engaging it.
    #[serde(default)]
    pub autopilot_destination: Option<Square>,
}

impl VehicleState {
    /// Whether the vehicle is moving now: it keeps going after a race or uncontrolled move,
    /// or it moved this round (boarding checks, §25.3).
    pub fn is_moving(&self) -> bool {
        self.moved_this_round || self.keeps_going
    }

    /// Whether the vehicle counts as controlled: a pilot at the controls or an engaged
    /// autopilot (VEH-11, VEH-14).
    pub fn is_controlled(&self) -> bool {
        self.controlled_by.is_some() || self.autopilot_engaged
    }
}

/// A creature riding a vehicle, located inside its space (§25.9).
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Aboard {
    pub vehicle: UnitId,
    pub role: RiderRole,
}

/// A new round, as `SequenceEvent::NewRound` applies it: what moved this round becomes "last round" (VEH-5 dead stop, VEH-19), and
/// creatures may be run over again (VEH-9).
pub(crate) fn new_round(world: &mut World) {
    let mut q = world.query::<&mut VehicleState>();
    for mut s in q.iter_mut(world) {
        s.moved_last_round = s.moved_this_round;
        s.full_speed_last_round = s.full_speed_this_round;
        s.moved_this_round = false;
        s.full_speed_this_round = false;
        s.run_over_this_round.clear();
    }
}
