//! Path planning for a vehicle's drive and run over (VEH-3, VEH-9): the cheapest chain of king
//! steps of its top-left square to a destination, never through what blocks its space, within
//! the order's limit. The GUI and scripts get a path the drive check then accepts; planning
//! never decides legality (`check_order` does).

use super::run_over::small_enough;
use crate::grid::Square;
use crate::rules::vehicle::access;
use crate::rules::vehicle::access::{blocker, path_cost_ft, piloted_by, vehicle_rules};
use crate::rules::{RuleError, UnitId};
use crate::ruleset::Ruleset;
use bevy::prelude::World;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// The path a `pilot`'s vehicle would take to put its top-left square on `to`: by a drive
/// (up to its drive speed, around every creature), or a run over (up to the run-over multiple
/// of it, over creatures small enough, VEH-9). Each next square is one king step on.
pub fn plan_vehicle_path(world: &World, pilot: &UnitId, to: Square, run_over: bool) -> Result<Vec<Square>, RuleError> {
    let r = vehicle_rules(world)?;
    let v = piloted_by(world, pilot)?;
    let rules = world.resource::<Ruleset>();
    let limit = if run_over {
        v.stats.drive_ft * r.run_over_drive_multiple
    } else {
        v.stats.drive_ft
    };
    let gap = r.run_over_size_gap;
    let ignore = |u: &UnitId| run_over && small_enough(world, &v, u, gap);
    let side = v.placement.side_squares;
    let from = v.placement.at;
    // Dijkstra on (square, diagonals taken so far modulo 2): the 1-2-1-2 count depends on it.
    let mut best: BTreeMap<(Square, u32), u32> = BTreeMap::new();
    let mut came: BTreeMap<(Square, u32), (Square, u32)> = BTreeMap::new();
    let mut heap = BinaryHeap::new();
    best.insert((from, 0), 0);
    heap.push(Reverse((0u32, from.y, from.x, 0u32)));
    // A first diagonal and a second one cost what the family's count says (5 ft, 10 ft).
    let origin = Square::new(0, 0);
    let one = path_cost_ft(rules, origin, &[Square::new(1, 1)])?;
    let two = path_cost_ft(rules, origin, &[Square::new(1, 1), Square::new(2, 2)])?;
    let diagonal_ft = [one, two - one];
    let mut reached = None;
    while let Some(Reverse((cost, y, x, parity))) = heap.pop() {
        let at = Square::new(x, y);
        if best.get(&(at, parity)).is_some_and(|b| *b < cost) {
            continue;
        }
        if at == to {
            reached = Some((at, parity));
            break;
        }
        for (dx, dy) in KING {
            let next = Square::new(at.x + dx, at.y + dy);
            let diagonal = dx != 0 && dy != 0;
            let step = match (diagonal, parity) {
                (false, _) => rules.grid.square_ft,
                (true, 0) => diagonal_ft[0],
                (true, _) => diagonal_ft[1],
            };
            let total = cost + step;
            let np = if diagonal { 1 - parity } else { parity };
            if total > limit || best.get(&(next, np)).is_some_and(|b| *b <= total) {
                continue;
            }
            if blocker(world, &v.id, next, side, &ignore).is_some() {
                continue;
            }
            best.insert((next, np), total);
            came.insert((next, np), (at, parity));
            heap.push(Reverse((total, next.y, next.x, np)));
        }
    }
    let Some(mut node) = reached else {
        return Err(access::illegal(format!(
            "{} cannot get its space to {to} within {limit} ft",
            v.id
        )));
    };
    let mut path = Vec::new();
    while node.0 != from || node.1 != 0 {
        path.push(node.0);
        let Some(prev) = came.get(&node) else { break };
        node = *prev;
    }
    path.reverse();
    Ok(path)
}

const KING: [(i32, i32); 8] = [(0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1)];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::vehicle::{VehicleOrder, check_order};
    use crate::testing::battle;

    const BUGGY_RAID: &str = include_str!("../../../../scenarios/starfinder_buggy_raid.ron");

    /// VEH-3: the planned drive path is one the drive check accepts, ends where asked and
    /// costs no more than the drive speed; out of reach there is no plan.
    #[test]
    fn veh_3_planned_drive_paths_pass_the_drive_check() {
        let mut b = battle(BUGGY_RAID, &[]);
        crate::testing::pass_until_turn_of(&mut b, "buddy");
        let buddy = UnitId("buddy".into());
        for to in [Square::new(6, 5), Square::new(5, 2), Square::new(8, 8)] {
            let path = plan_vehicle_path(b.world(), &buddy, to, false).expect("reachable");
            assert_eq!(path.last(), Some(&to));
            let order = VehicleOrder::Drive { path, heading: None };
            assert_eq!(check_order(b.world(), &buddy, &order), Ok(()), "{to}");
        }
        assert!(plan_vehicle_path(b.world(), &buddy, Square::new(20, 5), false).is_err());
    }
}
