//! Drive (VEH-3, 001:4443-4454): a move action moving the vehicle up to its drive speed
//! along any path of king steps, never through creatures (even allies), then setting any
//! heading. Leaving threatened squares provokes (VEH-15).

use super::travel::{Leg, travel};
use crate::grid::{Heading, Square};
use crate::rules::vehicle::VehicleMove;
use crate::rules::vehicle::access::{Vehicle, blocker, can_spend, illegal, path_cost_ft, piloted_by, require_started};
use crate::rules::{Executor, RuleError, UnitId};
use crate::ruleset::{ActionKind, Ruleset};
use bevy::prelude::World;

/// A checked drive: the vehicle, the cumulative feet of each step.
pub(crate) struct DrivePlan {
    pub vehicle: Vehicle,
    pub costs_ft: Vec<u32>,
}

/// Checks that `path` is free and within `limit_ft` (drive speed, or twice it for a run over).
pub(crate) fn check_path(
    world: &World,
    v: &Vehicle,
    path: &[Square],
    limit_ft: u32,
    ignore: &dyn Fn(&UnitId) -> bool,
) -> Result<Vec<u32>, RuleError> {
    if path.is_empty() {
        return Err(illegal("give the path: each next top-left square of the vehicle"));
    }
    let rules = world.resource::<Ruleset>();
    let mut costs = Vec::with_capacity(path.len());
    for i in 0..path.len() {
        costs.push(path_cost_ft(rules, v.placement.at, &path[..=i])?);
    }
    let total = costs.last().copied().unwrap_or(0);
    if total > limit_ft {
        return Err(illegal(format!(
            "that path is {total} ft; {} may move {limit_ft} ft",
            v.id
        )));
    }
    for at in path {
        if let Some(b) = blocker(world, &v.id, *at, v.placement.side_squares, ignore) {
            return Err(illegal(format!("{} cannot pass {at}: {b}", v.id)));
        }
    }
    Ok(costs)
}

pub(crate) fn check_drive(world: &World, pilot: &UnitId, path: &[Square]) -> Result<DrivePlan, RuleError> {
    let v = piloted_by(world, pilot)?;
    require_started(&v)?;
    can_spend(world, ActionKind::Move)?;
    let costs_ft = check_path(world, &v, path, v.stats.drive_ft, &|_| false)?;
    Ok(DrivePlan { vehicle: v, costs_ft })
}

pub(crate) fn execute_drive(
    ex: &mut Executor,
    pilot: &UnitId,
    path: &[Square],
    heading: Option<Heading>,
) -> Result<(), RuleError> {
    let plan = check_drive(ex.world, pilot, path)?;
    crate::rules::sequence::turn::take_action(ex, pilot, ActionKind::Move, "drive".into());
    let v = plan.vehicle;
    let leg = Leg {
        how: VehicleMove::Drive,
        pilot: Some(pilot.clone()),
        speed_ft: plan.costs_ft.last().copied().unwrap_or(0),
        heading: heading.unwrap_or(v.state.heading),
        provokes: Some(false),
    };
    travel(ex, &v, &leg, path, &plan.costs_ft, &|_, _| false, None)?;
    Ok(())
}
