//! Read-only views of a vehicle for queries and the GUI: its heading, speeds, state and who
//! is aboard, and the race lines open to it now with the DC (VEH-2, VEH-4, VEH-5).

use super::access::{illegal, riders, vehicle, vehicle_rules};
use super::{Aboard, VehicleState, VehicleStats};
use crate::grid::Square;
use crate::rules::vehicle::orders::line::{Line, straight_line};
use crate::rules::vehicle::orders::race::race_dc;
use crate::rules::{Health, RuleError, UnitId};
use bevy::prelude::World;
use serde::Serialize;

/// One rider in a view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RiderView {
    pub unit: UnitId,
    pub role: super::RiderRole,
    pub at: Square,
}

/// A vehicle as `query vehicle` shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VehicleView {
    pub vehicle: UnitId,
    pub at: Square,
    pub space: u32,
    pub heading: crate::grid::Heading,
    pub stats: VehicleStats,
    pub state: VehicleState,
    pub health: Option<Health>,
    pub moving: bool,
    pub wrecked: bool,
    /// Damage taken exceeds half its Hit Points (§25.1, 001:3866-3885).
    pub broken: bool,
    /// The numbers that apply now: `stats` as the broken condition changes them.
    pub now: VehicleNow,
    pub aboard: Vec<RiderView>,
}

/// A vehicle's numbers as they stand now (§25.1 broken: full speed and MPH halved, collision
/// DC and Piloting modifier lowered, `ac` added to its EAC and KAC).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VehicleNow {
    pub full_ft: u32,
    pub mph: Option<u32>,
    pub collision_dc: i32,
    pub piloting: i32,
    pub ac: i32,
}

pub fn vehicle_view(world: &World, id: &UnitId) -> Result<VehicleView, RuleError> {
    let v = vehicle(world, id)?;
    let index = world.resource::<crate::rules::UnitIndex>();
    let aboard = riders(world, id)
        .into_iter()
        .filter_map(|u| {
            let e = index.0.get(&u)?;
            let a = world.get::<Aboard>(*e)?;
            let p = world.get::<crate::rules::Placement>(*e)?;
            Some(RiderView {
                unit: u.clone(),
                role: a.role,
                at: p.at,
            })
        })
        .collect();
    let health = index.0.get(id).and_then(|e| world.get::<Health>(*e)).copied();
    let broken = super::broken::broken(world, id);
    let now = VehicleNow {
        full_ft: v.stats.full_ft,
        mph: v.stats.mph,
        collision_dc: v.stats.collision_dc,
        piloting: v.stats.piloting + broken.map_or(0, |b| b.piloting),
        ac: broken.map_or(0, |b| b.ac),
    };
    let printed = index
        .0
        .get(id)
        .and_then(|e| world.get::<VehicleStats>(*e))
        .cloned()
        .unwrap_or_else(|| v.stats.clone());
    Ok(VehicleView {
        vehicle: id.clone(),
        at: v.placement.at,
        space: v.placement.side_squares,
        heading: v.state.heading,
        moving: v.state.is_moving(),
        wrecked: super::access::wrecked(world, id),
        broken: broken.is_some(),
        now,
        stats: printed,
        state: v.state,
        health,
        aboard,
    })
}

/// One race line: its angle, where the vehicle's top-left square ends at full speed (or
/// where it is stopped), how far that is, and what stops it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RaceLineView {
    pub angle: i32,
    pub end: Option<Square>,
    pub distance_ft: u32,
    pub blocked_by: Option<String>,
}

/// The race options of a vehicle now (`query race`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RaceView {
    pub vehicle: UnitId,
    pub heading: crate::grid::Heading,
    pub full_ft: u32,
    pub dc: i32,
    pub dead_stop: bool,
    pub max_angle: u32,
    pub lines: Vec<RaceLineView>,
    /// Every top-left square a race may end on (any distance up to full speed, any whole
    /// angle), sorted by (y, x).
    pub end_squares: Vec<Square>,
}

/// One square a race may end on and the race that ends there: the angle nearest straight
/// ahead whose line reaches it, and the distance (`None`: the line's end, "as far as it goes").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RaceEnd {
    pub at: Square,
    pub angle: i32,
    pub distance_ft: Option<u32>,
}

/// Every square a race of `id` may end on now, with the race order that ends there (VEH-2,
/// VEH-4), sorted by (y, x). `race_view`'s end squares are these squares.
pub fn race_ends(world: &World, id: &UnitId) -> Result<Vec<RaceEnd>, RuleError> {
    let r = vehicle_rules(world)?;
    let v = vehicle(world, id)?;
    let max = r.max_heading_angle_deg as i32;
    let mut angles: Vec<i32> = (-max..=max).collect();
    // Straight ahead first, so a square on several lines is reached the plainest way.
    angles.sort_by_key(|a| (a.abs(), *a));
    let mut ends = std::collections::BTreeMap::new();
    for angle in angles {
        let line = straight_line(world, &v, f64::from(angle), v.stats.full_ft, &|_| false);
        let last = line.squares.len().saturating_sub(1);
        for (i, (at, ft)) in line.squares.iter().zip(&line.costs_ft).enumerate() {
            ends.entry((at.y, at.x)).or_insert(RaceEnd {
                at: *at,
                angle,
                distance_ft: end_distance(&line, i != last, *ft),
            });
        }
    }
    Ok(ends.into_values().collect())
}

/// Where a race of `id` at `angle` ends when the pilot picks no square: at full speed, or,
/// when something blocks the line first, on the last free square with that distance named,
/// so the vehicle stops there instead of running on into it (a full-speed race into an
/// obstacle is a crash, VEH-10).
pub fn race_line_end(world: &World, id: &UnitId, angle: i32) -> Result<RaceEnd, RuleError> {
    let v = vehicle(world, id)?;
    let line = straight_line(world, &v, f64::from(angle), v.stats.full_ft, &|_| false);
    let (at, ft) = line
        .squares
        .iter()
        .zip(&line.costs_ft)
        .next_back()
        .ok_or_else(|| illegal(format!("{id} cannot race that way: nothing is free ahead")))?;
    Ok(RaceEnd {
        at: *at,
        angle,
        distance_ft: end_distance(&line, false, *ft),
    })
}

/// The distance a race order names to end `ft` along `line`: none for the end of a free line
/// (full speed), the distance for a square short of the end or the last square before
/// whatever blocks the line.
fn end_distance(line: &Line, short_of_the_end: bool, ft: u32) -> Option<u32> {
    (short_of_the_end || line.blocked_by.is_some()).then_some(ft)
}

pub fn race_view(world: &World, id: &UnitId) -> Result<RaceView, RuleError> {
    let r = vehicle_rules(world)?;
    let v = vehicle(world, id)?;
    let (dc, dead_stop) = race_dc(world, &v)?;
    let max = r.max_heading_angle_deg as i32;
    let lines = (-max..=max)
        .map(|angle| {
            let line = straight_line(world, &v, f64::from(angle), v.stats.full_ft, &|_| false);
            RaceLineView {
                angle,
                end: line.squares.last().copied(),
                distance_ft: line.moved_ft(),
                blocked_by: line.blocked_by.as_ref().map(|b| b.to_string()),
            }
        })
        .collect();
    Ok(RaceView {
        vehicle: id.clone(),
        heading: v.state.heading,
        full_ft: v.stats.full_ft,
        dc,
        dead_stop,
        max_angle: r.max_heading_angle_deg,
        lines,
        end_squares: race_ends(world, id)?.into_iter().map(|e| e.at).collect(),
    })
}
