//! The vehicle area's options (§25): the orders a rider gives aboard and the boarding a
//! creature next to a vehicle may do (`VehicleEntry`), each with the aims a player's click
//! could make (the one-step drives and the planner's nearest paths, every ram angle), and the
//! map-edge orders (VEH-21).

use crate::grid::{Heading, Space, Square};
use crate::rules::Terrain;
use crate::rules::cmd;
use crate::rules::options::kind::{AreaOptions, Arms, Choice, OptionKind, any_allowed, checked};
use crate::rules::reactions::threat::space_of;
use crate::rules::vehicle::escape::{OffMap, off_map_vehicle};
use crate::rules::vehicle::{
    RiderRole, VehicleEntry, VehicleOrder, VehicleState, plan_vehicle_path, riding, vehicle_view,
};
use crate::rules::{GameCommand, UnitId, UnitIndex, check};
use bevy::prelude::World;

/// The vehicle area's part of the options list.
pub struct Options;

impl AreaOptions for Options {
    fn owns(&self, kind: OptionKind) -> bool {
        matches!(
            kind,
            OptionKind::Vehicle(_) | OptionKind::LeaveMap | OptionKind::ReturnToMap
        )
    }

    fn kinds(&self, world: &World, unit: &UnitId) -> Vec<OptionKind> {
        let mut kinds: Vec<OptionKind> = entries_for(world, unit).into_iter().map(OptionKind::Vehicle).collect();
        kinds.extend([OptionKind::LeaveMap, OptionKind::ReturnToMap]);
        kinds
    }

    fn none_reason(&self, kind: OptionKind) -> &'static str {
        match kind {
            OptionKind::Vehicle(_) => "no vehicle at hand",
            _ => "not at the map's edge",
        }
    }

    fn commands(&self, world: &World, unit: &UnitId, kind: OptionKind, _arms: Arms) -> Vec<GameCommand> {
        match kind {
            OptionKind::Vehicle(entry) => entry_choices(world, unit, entry)
                .into_iter()
                .map(|c| c.command)
                .collect(),
            _ => edge_choices(world, unit, kind),
        }
    }

    fn choices(&self, world: &World, unit: &UnitId, kind: OptionKind, arms: Arms) -> Vec<Choice> {
        match kind {
            OptionKind::Vehicle(entry) => entry_choices(world, unit, entry),
            _ => checked(world, self.commands(world, unit, kind, arms)),
        }
    }

    fn verdict(&self, world: &World, unit: &UnitId, kind: OptionKind, arms: Arms) -> Result<(), String> {
        match kind {
            OptionKind::Vehicle(entry) => entry_verdict(world, unit, entry),
            _ => any_allowed(world, &self.commands(world, unit, kind, arms), self.none_reason(kind)),
        }
    }
}

fn order(unit: &UnitId, order: VehicleOrder) -> GameCommand {
    GameCommand::Vehicle(cmd::Vehicle {
        unit: unit.clone(),
        order,
    })
}

/// The vehicle `unit` rides, else the vehicles its space touches (it may board them).
pub fn vehicles_at_hand(world: &World, unit: &UnitId) -> Vec<UnitId> {
    if let Some(v) = riding(world, unit) {
        return vec![v];
    }
    let Some(me) = space_of(world, unit) else {
        return Vec::new();
    };
    let grown = Space::new(Square::new(me.at.x - 1, me.at.y - 1), me.side + 2);
    world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| *u != unit && vehicle_view(world, u).is_ok())
        .filter(|u| space_of(world, u).is_some_and(|s| s.squares().any(|sq| grown.contains(sq))))
        .cloned()
        .collect()
}

/// The orders offered to `unit`: the pilot's and rider's orders aboard, boarding next to one.
pub fn entries_for(world: &World, unit: &UnitId) -> Vec<VehicleEntry> {
    if riding(world, unit).is_some() {
        vec![
            VehicleEntry::Start,
            VehicleEntry::Drive,
            VehicleEntry::Race,
            VehicleEntry::StopShort,
            VehicleEntry::Ram,
            VehicleEntry::RunOver,
            VehicleEntry::TakeControl,
            VehicleEntry::Relinquish,
            VehicleEntry::Autocontrol,
            VehicleEntry::Disembark,
        ]
    } else if vehicles_at_hand(world, unit).is_empty() {
        Vec::new()
    } else {
        [RiderRole::Pilot, RiderRole::Gunner, RiderRole::Passenger]
            .map(VehicleEntry::Board)
            .to_vec()
    }
}

/// The commands that stand for an order now (one per aim for aimed orders), before the
/// planned drives (`planned_orders`).
pub fn entry_commands(world: &World, unit: &UnitId, entry: VehicleEntry) -> Vec<GameCommand> {
    let vehicles = vehicles_at_hand(world, unit);
    let state = |v: &UnitId| vehicle_view(world, v).ok().map(|view| view.state);
    let near = |v: &UnitId| -> Vec<Square> {
        space_of(world, v).map_or_else(Vec::new, |s| {
            (-1..=1)
                .flat_map(|dy| (-1..=1).map(move |dx| Square::new(s.at.x + dx, s.at.y + dy)))
                .filter(|sq| *sq != s.at)
                .collect()
        })
    };
    if vehicles.is_empty() {
        return Vec::new();
    }
    let u = unit;
    match entry {
        VehicleEntry::Start => vec![order(u, VehicleOrder::Start)],
        VehicleEntry::StopShort => vec![order(u, VehicleOrder::StopShort)],
        VehicleEntry::Relinquish => vec![order(u, VehicleOrder::Relinquish)],
        VehicleEntry::Autocontrol => vehicles
            .iter()
            .map(|v| {
                let engaged = state(v).is_some_and(|s: VehicleState| s.autocontrol_engaged);
                order(u, VehicleOrder::Autocontrol { engage: !engaged })
            })
            .collect(),
        VehicleEntry::TakeControl => vehicles
            .iter()
            .map(|v| order(u, VehicleOrder::TakeControl { vehicle: v.clone() }))
            .collect(),
        VehicleEntry::Drive | VehicleEntry::RunOver => vehicles
            .iter()
            .flat_map(near)
            .map(|to| {
                let path = vec![to];
                match entry {
                    VehicleEntry::Drive => order(u, VehicleOrder::Drive { path, heading: None }),
                    _ => order(u, VehicleOrder::RunOver { path, heading: None }),
                }
            })
            .collect(),
        VehicleEntry::Race => [0, -45, 45]
            .map(|angle| {
                order(
                    u,
                    VehicleOrder::Race {
                        angle,
                        distance_ft: None,
                    },
                )
            })
            .to_vec(),
        // Every target at every angle a click tries (`ram_angles`), straight ahead first, so
        // the verdict allows what a click would and a refusal is the straight-ahead one's.
        VehicleEntry::Ram => {
            let mut targets: Vec<UnitId> = world
                .resource::<UnitIndex>()
                .0
                .keys()
                .filter(|t| *t != unit && !vehicles.contains(t))
                .cloned()
                .collect();
            targets.sort();
            ram_angles()
                .into_iter()
                .flat_map(|angle| {
                    targets.iter().map(move |t| {
                        order(
                            u,
                            VehicleOrder::Ram {
                                target: t.clone(),
                                angle,
                            },
                        )
                    })
                })
                .collect()
        }
        VehicleEntry::Board(role) => vehicles
            .iter()
            .map(|v| {
                order(
                    u,
                    VehicleOrder::Board {
                        vehicle: v.clone(),
                        role,
                    },
                )
            })
            .collect(),
        VehicleEntry::Disembark => vehicles
            .iter()
            .flat_map(|v| {
                let side = space_of(world, v).map_or(1, |s| s.side as i32);
                let at = space_of(world, v).map_or(Square::new(0, 0), |s| s.at);
                (-1..=side).flat_map(move |dy| (-1..=side).map(move |dx| Square::new(at.x + dx, at.y + dy)))
            })
            .map(|to| order(u, VehicleOrder::Disembark { to }))
            .collect(),
    }
}

/// The angles a ram tries (VEH-8), the line nearest straight ahead first.
pub fn ram_angles() -> Vec<i32> {
    let mut angles: Vec<i32> = (-45..=45).collect();
    angles.sort_by_key(|a| (a.abs(), *a));
    angles
}

/// How many planned drives (or run overs) an order's verdict asks the rules about, nearest
/// first.
///
/// The trade-off: planning every square in reach and asking about each took 12 s (debug
/// build) for a run over refused by the action budget in the buggy raid, each refused
/// destination costing a full search; the planner only yields paths the drive check accepts
/// as paths (`rules::vehicle::orders::plan`), so a refusal of the nearest planned ones is one of the
/// order itself (the budget, the role, the vehicle's state), which more destinations would
/// repeat. Eight took 32 ms in that case (measured once with `Instant`, debug build).
pub const PLANNED_TRIES: usize = 8;

/// An order's choices with the rules' verdicts. Drive and run over add, past the one-step
/// moves, the paths a click could produce: `plan_vehicle_path` to the squares the order may
/// reach, nearest first ([`planned_orders`], the first [`PLANNED_TRIES`]). Ram keeps, per
/// target, the first angle the rules allow (or the straight-ahead refusal).
pub fn entry_choices(world: &World, unit: &UnitId, entry: VehicleEntry) -> Vec<Choice> {
    let commands = entry_commands(world, unit, entry);
    match entry {
        VehicleEntry::Ram => {
            let mut choices: Vec<Choice> = Vec::new();
            for command in commands {
                let GameCommand::Vehicle(cmd::Vehicle {
                    order: VehicleOrder::Ram { target, .. },
                    ..
                }) = &command
                else {
                    continue;
                };
                let seen = choices.iter().position(|c| {
                    matches!(&c.command, GameCommand::Vehicle(cmd::Vehicle { order: VehicleOrder::Ram { target: t, .. }, .. }) if t == target)
                });
                match seen {
                    Some(i) if choices[i].allowed() => {}
                    Some(i) => {
                        let c = Choice::checked(world, command);
                        if c.allowed() {
                            choices[i] = c;
                        }
                    }
                    None => choices.push(Choice::checked(world, command)),
                }
            }
            choices
        }
        VehicleEntry::Drive | VehicleEntry::RunOver => {
            let mut choices: Vec<Choice> = commands.into_iter().map(|c| Choice::checked(world, c)).collect();
            let run_over = entry == VehicleEntry::RunOver;
            choices.extend(
                planned_orders(world, unit, run_over)
                    .take(PLANNED_TRIES)
                    .map(|c| Choice::checked(world, c)),
            );
            choices
        }
        _ => commands.into_iter().map(|c| Choice::checked(world, c)).collect(),
    }
}

/// The drive (or run over) orders a click could send, lazily: for each square within the
/// order's reach of the vehicle's top-left square (its drive speed, times the run-over
/// multiple for a run over, VEH-3, VEH-9), nearest first, the planned path with the heading
/// kept. Squares farther than the reach are never planned (no path to them fits the limit).
pub fn planned_orders<'a>(
    world: &'a World,
    unit: &'a UnitId,
    run_over: bool,
) -> impl Iterator<Item = GameCommand> + 'a {
    let view = riding(world, unit).and_then(|v| vehicle_view(world, &v).ok());
    let rules = world.resource::<crate::ruleset::Ruleset>();
    let square_ft = rules.grid.square_ft.max(1);
    let multiple = match (run_over, rules.vehicles) {
        (true, Some(r)) => r.run_over_drive_multiple,
        _ => 1,
    };
    let (at, reach) = view.map_or((Square::new(0, 0), 0), |v| {
        (v.at, (v.stats.drive_ft * multiple / square_ft) as i32)
    });
    (1..=reach)
        .flat_map(move |k| {
            (-k..=k).flat_map(move |dy| {
                (-k..=k)
                    .filter(move |dx| dx.abs() == k || dy.abs() == k)
                    .map(move |dx| Square::new(at.x + dx, at.y + dy))
            })
        })
        .filter_map(move |to| plan_vehicle_path(world, unit, to, run_over).ok())
        .map(move |path| match run_over {
            false => order(unit, VehicleOrder::Drive { path, heading: None }),
            true => order(unit, VehicleOrder::RunOver { path, heading: None }),
        })
}

/// The verdict on one order (the one [`entry_choices`] gives: any choice allowed, else the
/// first refusal), asking the rules only until one is allowed: the one-step commands first,
/// then, for a drive or run over none of whose one-step drives is allowed, the planned ones
/// (each a path search, so planned only when needed).
pub fn entry_verdict(world: &World, unit: &UnitId, entry: VehicleEntry) -> Result<(), String> {
    let first = any_allowed(world, &entry_commands(world, unit, entry), "no vehicle at hand");
    match entry {
        VehicleEntry::Drive | VehicleEntry::RunOver if first.is_err() => {
            let run_over = entry == VehicleEntry::RunOver;
            let mut planned = planned_orders(world, unit, run_over).take(PLANNED_TRIES);
            match planned.find(|c| check(world, c).is_ok()) {
                Some(_) => Ok(()),
                None => first,
            }
        }
        _ => first,
    }
}

/// The verdict on the vehicle orders as a whole: allowed when any order is, else the first
/// order's refusal.
pub fn vehicle_verdict(world: &World, unit: &UnitId) -> Result<(), String> {
    let mut first = None;
    for entry in entries_for(world, unit) {
        match entry_verdict(world, unit, entry) {
            Ok(()) => return Ok(()),
            Err(why) => {
                first.get_or_insert(why);
            }
        }
    }
    Err(first.unwrap_or_else(|| "no vehicle at hand".into()))
}

/// Facing into the map from `edge`.
fn inward(edge: Heading) -> Heading {
    match edge {
        Heading::N => Heading::S,
        Heading::E => Heading::W,
        Heading::S => Heading::N,
        Heading::W => Heading::E,
    }
}

/// The top-left squares of a `side`-square space along `edge` of a `width × height` map.
fn along(edge: Heading, side: u32, width: u32, height: u32) -> Vec<Square> {
    let (w, h, s) = (width as i32, height as i32, side.max(1) as i32);
    match edge {
        Heading::N => (0..=w - s).map(|x| Square::new(x, 0)).collect(),
        Heading::S => (0..=w - s).map(|x| Square::new(x, h - s)).collect(),
        Heading::W => (0..=h - s).map(|y| Square::new(0, y)).collect(),
        Heading::E => (0..=h - s).map(|y| Square::new(w - s, y)).collect(),
    }
}

/// The map-edge orders of `unit` (VEH-21): leaving across the edge ahead, or coming back in
/// at each square along the edge its vehicle left, facing into the map.
pub fn edge_choices(world: &World, unit: &UnitId, kind: OptionKind) -> Vec<GameCommand> {
    match kind {
        // Offered only while allowed: a vehicle away from the edge has nothing to say here.
        OptionKind::LeaveMap => {
            let leave = GameCommand::LeaveMap(cmd::LeaveMap { unit: unit.clone() });
            match check(world, &leave) {
                Ok(()) => vec![leave],
                Err(_) => Vec::new(),
            }
        }
        OptionKind::ReturnToMap => {
            let Some(vehicle) = off_map_vehicle(world, unit) else {
                return Vec::new();
            };
            let Some(off) = world
                .resource::<UnitIndex>()
                .0
                .get(&vehicle)
                .and_then(|e| world.get::<OffMap>(*e))
            else {
                return Vec::new();
            };
            let map = &world.resource::<Terrain>().0;
            let heading = inward(off.edge);
            along(off.edge, off.side_squares, map.width(), map.height())
                .into_iter()
                .map(|at| {
                    GameCommand::ReturnToMap(cmd::ReturnToMap {
                        unit: unit.clone(),
                        at,
                        heading,
                    })
                })
                .filter(|c| check(world, c).is_ok())
                .collect()
        }
        _ => Vec::new(),
    }
}
