//! The chase board (RULES.md §26.1, CHS-1..CHS-3): which zone each vehicle is in, who is
//! engaged with whom, who is ahead of whom, who has left the chase, the current phase and
//! what each pilot did this round. Pure data and queries; the rule steps that change it live
//! in `pilot_actions`, `progress` and `combat`.

use super::hazards::ZoneHazard;
use crate::rules::{DiceExpr, SideId, UnitId};
use crate::ruleset::{EnvironmentFeature, PilotAction};
use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

/// What the chase rules need to know about a vehicle (its statistics, not its place).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChaseVehicle {
    pub id: UnitId,
    pub name: String,
    pub side: SideId,
    pub item_level: u32,
    pub kac: i32,
    pub eac: i32,
    pub full_speed_ft: u32,
    /// The vehicle's Piloting modifier (its Modifiers entry).
    pub piloting: i32,
    /// The normal (not full-speed) attack penalty, used in chases (CHS-12).
    pub attack_penalty: i32,
    pub collision: DiceExpr,
}

/// Why a vehicle is no longer in the chase (CHS-10, CHS-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Departure {
    Escaped,
    LeftBehind,
    /// Reduced to 0 Hit Points: out of the chase (the sample chase, 001:5499-5509).
    Wrecked,
}

/// The three phases of a chase round (CHS-4), and the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChasePhase {
    PilotActions,
    Progress,
    Combat,
    Over,
}

/// How the pilot used the pilot-actions phase this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ManeuverUse {
    /// Not acted yet.
    #[default]
    None,
    /// One pilot action: a move action.
    Single,
    /// A double maneuver (a full action) with this many parts taken so far.
    Double { parts: u8 },
    /// No pilot action: the vehicle was uncontrolled (CHS-8, CHS-14).
    Uncontrolled,
}

/// One pilot action taken this round and how it went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionResult {
    pub action: PilotAction,
    /// `None` when no check was needed (slow down, engaging an ally).
    pub margin: Option<i32>,
    pub success: bool,
}

/// What one vehicle's pilot did in this round's pilot-actions phase.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RoundRecord {
    pub maneuver: ManeuverUse,
    pub results: Vec<ActionResult>,
    /// The pilot's turn in the pilot-actions phase is over.
    pub done: bool,
}

impl RoundRecord {
    pub fn started(&self) -> bool {
        self.maneuver != ManeuverUse::None
    }
}

/// One vehicle on the chase board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChaseEntry {
    pub vehicle: ChaseVehicle,
    /// The unit piloting it; without one it is uncontrolled.
    pub pilot: Option<UnitId>,
    pub zone: i32,
    pub engagement: Option<u32>,
    pub departed: Option<Departure>,
    pub record: RoundRecord,
    /// Round of its last successful evade (CHS-18).
    pub evaded: Option<u32>,
    /// Round a hazard knocked it off course.
    pub off_course: Option<u32>,
}

/// A successful trick: vehicles behind `by` take `penalty` on Piloting checks for 1 round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickEffect {
    pub by: UnitId,
    pub round: u32,
    pub penalty: i32,
}

/// An environment feature in force in one zone, or in the whole chase (`zone: None`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZoneFeature {
    pub zone: Option<i32>,
    pub feature: EnvironmentFeature,
}

/// A vehicle chase in progress (a resource of the battle when it is in chase mode).
#[derive(Resource, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chase {
    pub round: u32,
    pub phase: ChasePhase,
    /// Zones drawn on the board (zone indexes are not bounded by it: the board scrolls).
    pub zones: u32,
    /// In the order the pilots act (initiative).
    pub vehicles: Vec<ChaseEntry>,
    /// `(ahead, behind)`: engaged vehicles in one zone where `ahead` advanced on its own
    /// success and `behind` was carried along (CHS-9).
    pub ahead_in_zone: Vec<(UnitId, UnitId)>,
    pub tricks: Vec<TrickEffect>,
    pub features: Vec<ZoneFeature>,
    pub hazards: Vec<ZoneHazard>,
    pub next_engagement: u32,
}

impl Chase {
    /// A chase in round 1, pilot-actions phase; `vehicles` in pilot initiative order.
    pub fn new(zones: u32, vehicles: Vec<(ChaseVehicle, Option<UnitId>, i32)>) -> Chase {
        let mut chase = Chase {
            round: 1,
            phase: ChasePhase::PilotActions,
            zones,
            vehicles: vehicles
                .into_iter()
                .map(|(vehicle, pilot, zone)| ChaseEntry {
                    vehicle,
                    pilot,
                    zone,
                    engagement: None,
                    departed: None,
                    record: RoundRecord::default(),
                    evaded: None,
                    off_course: None,
                })
                .collect(),
            ahead_in_zone: Vec::new(),
            tricks: Vec::new(),
            features: Vec::new(),
            hazards: Vec::new(),
            next_engagement: 0,
        };
        chase.skip_pilotless();
        chase
    }

    pub fn entry(&self, id: &UnitId) -> Option<&ChaseEntry> {
        self.vehicles.iter().find(|e| &e.vehicle.id == id)
    }

    pub(super) fn entry_mut(&mut self, id: &UnitId) -> Option<&mut ChaseEntry> {
        self.vehicles.iter_mut().find(|e| &e.vehicle.id == id)
    }

    /// Vehicles still in the chase.
    pub fn active(&self) -> impl Iterator<Item = &ChaseEntry> {
        self.vehicles.iter().filter(|e| e.departed.is_none())
    }

    pub fn in_chase(&self, id: &UnitId) -> bool {
        self.entry(id).is_some_and(|e| e.departed.is_none())
    }

    /// The vehicle whose pilot `pilot` is.
    pub fn vehicle_of_pilot(&self, pilot: &UnitId) -> Option<&ChaseEntry> {
        self.vehicles.iter().find(|e| e.pilot.as_ref() == Some(pilot))
    }

    /// Vehicles of other sides still in the chase.
    pub fn adversaries<'a>(&'a self, id: &UnitId) -> impl Iterator<Item = &'a ChaseEntry> + 'a {
        let side = self.entry(id).map(|e| e.vehicle.side.clone());
        self.active()
            .filter(move |e| Some(&e.vehicle.side) != side.as_ref() && side.is_some())
    }

    pub fn are_enemies(&self, a: &UnitId, b: &UnitId) -> bool {
        match (self.entry(a), self.entry(b)) {
            (Some(a), Some(b)) => a.vehicle.side != b.vehicle.side,
            _ => false,
        }
    }

    /// Vehicles engaged with `id` (not itself).
    pub fn engaged_with(&self, id: &UnitId) -> Vec<&ChaseEntry> {
        let Some(group) = self.entry(id).and_then(|e| e.engagement) else {
            return Vec::new();
        };
        self.active()
            .filter(|e| e.engagement == Some(group) && &e.vehicle.id != id)
            .collect()
    }

    pub fn are_engaged(&self, a: &UnitId, b: &UnitId) -> bool {
        self.engaged_with(a).iter().any(|e| &e.vehicle.id == b)
    }

    /// Being ahead (CHS-3): a higher zone, or the same zone after advancing on its own
    /// while engaged (CHS-9).
    pub fn is_ahead(&self, a: &UnitId, b: &UnitId) -> bool {
        match (self.entry(a), self.entry(b)) {
            (Some(ea), Some(eb)) => {
                ea.zone > eb.zone || (ea.zone == eb.zone && self.ahead_in_zone.iter().any(|(x, y)| x == a && y == b))
            }
            _ => false,
        }
    }

    /// Ahead of every adversary still in the chase (and there is one).
    pub fn ahead_of_all_enemies(&self, id: &UnitId) -> bool {
        let mut any = false;
        for e in self.adversaries(id) {
            any = true;
            if !self.is_ahead(id, &e.vehicle.id) {
                return false;
            }
        }
        any
    }

    /// The vehicle whose pilot acts now in the pilot-actions phase.
    pub fn acting(&self) -> Option<&ChaseEntry> {
        if self.phase != ChasePhase::PilotActions {
            return None;
        }
        self.active().find(|e| e.pilot.is_some() && !e.record.done)
    }

    /// Effects that last "1 round" from a pilot's action end when that pilot starts its next
    /// pilot-actions turn (Starfinder durations run to the same point of the next round).
    pub(super) fn lasts_one_round(&self, source: &UnitId, round: u32) -> bool {
        let started = self
            .entry(source)
            .is_none_or(|e| e.departed.is_some() || e.record.started() || e.pilot.is_none());
        round == self.round || (round + 1 == self.round && !started)
    }

    /// Evade's +2 AC (CHS-18).
    pub fn evading(&self, id: &UnitId) -> bool {
        self.entry(id)
            .and_then(|e| e.evaded)
            .is_some_and(|round| self.lasts_one_round(id, round))
    }

    /// Knocked off course: from the hazard until the end of the next chase progress.
    pub fn off_course(&self, id: &UnitId) -> bool {
        self.entry(id).and_then(|e| e.off_course).is_some_and(|round| {
            round == self.round || (round + 1 == self.round && self.phase == ChasePhase::PilotActions)
        })
    }

    /// Sides that still have a vehicle in the chase.
    pub fn sides_left(&self) -> Vec<SideId> {
        let mut sides: Vec<SideId> = self.active().map(|e| e.vehicle.side.clone()).collect();
        sides.sort();
        sides.dedup();
        sides
    }

    /// CHS-11: over when only one side (or none) still has vehicles in the chase.
    pub fn is_decided(&self) -> bool {
        self.sides_left().len() < 2
    }

    /// Takes a wrecked vehicle out of the chase; ends the chase if that decides it.
    pub fn wreck(&mut self, id: &UnitId) {
        if let Some(e) = self.entry_mut(id)
            && e.departed.is_none()
        {
            e.departed = Some(Departure::Wrecked);
            e.engagement = None;
        }
        self.dissolve_single_engagements();
        if self.is_decided() {
            self.phase = ChasePhase::Over;
        }
    }

    /// An engagement of one vehicle is no engagement.
    pub(super) fn dissolve_single_engagements(&mut self) {
        let groups: Vec<u32> = self.active().filter_map(|e| e.engagement).collect();
        for e in self.vehicles.iter_mut() {
            if let Some(g) = e.engagement
                && (e.departed.is_some() || groups.iter().filter(|x| **x == g).count() < 2)
            {
                e.engagement = None;
            }
        }
    }

    /// Starts the next round's pilot-actions phase (after the combat phase, CHS-4).
    pub fn begin_round(&mut self) {
        if self.phase == ChasePhase::Over {
            return;
        }
        self.round += 1;
        self.phase = ChasePhase::PilotActions;
        for e in self.vehicles.iter_mut() {
            e.record = RoundRecord::default();
        }
        let round = self.round;
        self.tricks.retain(|t| t.round + 1 >= round);
        self.skip_pilotless();
    }

    /// `vehicle`'s pilot is now `pilot` (control changed hands, or nobody controls it): a
    /// vehicle left without one in the pilot-actions phase is uncontrolled at once.
    pub fn set_pilot(&mut self, vehicle: &UnitId, pilot: Option<UnitId>) {
        if let Some(e) = self.entry_mut(vehicle) {
            e.pilot = pilot;
            self.skip_pilotless();
        }
    }

    /// Vehicles without a pilot are uncontrolled: their pilot turn is over at once.
    pub(super) fn skip_pilotless(&mut self) {
        for e in self.vehicles.iter_mut() {
            if e.pilot.is_none() && !e.record.done {
                e.record.maneuver = ManeuverUse::Uncontrolled;
                e.record.done = true;
            }
        }
        if self.phase == ChasePhase::PilotActions && self.acting().is_none() {
            self.phase = ChasePhase::Progress;
        }
    }
}
