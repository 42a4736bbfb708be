//! A vehicle's straight-line move on the battle map (VEH-2, VEH-4): the steps of the race
//! line from `grid::race_steps`, cut where something blocks the space.

use crate::grid::{Square, race_steps};
use crate::rules::UnitId;
use crate::rules::vehicle::access::{Blocker, Vehicle, blocker};
use crate::ruleset::Ruleset;
use bevy::prelude::World;

/// The free part of a straight line: the squares (top-left of the space) and the cumulative
/// feet, and what stopped it short of `max_ft`, if anything.
#[derive(Debug, Clone)]
pub(crate) struct Line {
    pub squares: Vec<Square>,
    pub costs_ft: Vec<u32>,
    pub blocked_by: Option<Blocker>,
}

impl Line {
    pub fn moved_ft(&self) -> u32 {
        self.costs_ft.last().copied().unwrap_or(0)
    }
}

/// The line at `angle_deg` off `v`'s heading up to `max_ft`, stopped before the first square
/// its space may not enter; units for which `ignore` holds do not block.
pub(crate) fn straight_line(
    world: &World,
    v: &Vehicle,
    angle_deg: f64,
    max_ft: u32,
    ignore: &dyn Fn(&UnitId) -> bool,
) -> Line {
    let rules = world.resource::<Ruleset>();
    let steps = race_steps(
        v.state.heading,
        angle_deg,
        max_ft,
        rules.grid.square_ft,
        rules.grid.diagonal,
    );
    let mut line = Line {
        squares: Vec::new(),
        costs_ft: Vec::new(),
        blocked_by: None,
    };
    for s in steps {
        let at = Square::new(v.placement.at.x + s.dx, v.placement.at.y + s.dy);
        if let Some(b) = blocker(world, &v.id, at, v.placement.side_squares, ignore) {
            line.blocked_by = Some(b);
            break;
        }
        line.squares.push(at);
        line.costs_ft.push(s.cost_ft);
    }
    line
}

/// Whether the vehicle's space or its line crosses rough (difficult) terrain (VEH-5).
pub(crate) fn rough(world: &World, v: &Vehicle, line: &[Square]) -> bool {
    let map = &world.resource::<crate::rules::Terrain>().0;
    let side = v.placement.side_squares;
    std::iter::once(v.placement.at)
        .chain(line.iter().copied())
        .flat_map(|at| at.footprint(side))
        .any(|sq| map.cell(sq).is_some_and(|c| c.difficult))
}
