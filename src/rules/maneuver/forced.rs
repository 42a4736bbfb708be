//! Forced movement (RULES.md §4.4 bull rush and reposition): the squares a creature is
//! pushed or moved through on the movement planner's board, stopping at obstacles. Forced
//! movement pays no terrain costs (distance only, with the family's diagonal rule) and
//! provokes no attacks of opportunity.

use crate::grid::{MoveBoard, Square, StepShape};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// The nearest of the 8 grid directions to the vector `(dx, dy)`. Ties cannot happen on
/// integer vectors: the boundary lies at an irrational angle (22.5°).
pub fn nearest_direction(dx: i32, dy: i32) -> (i32, i32) {
    let (ax, ay) = (f64::from(dx.abs()), f64::from(dy.abs()));
    let tan = std::f64::consts::SQRT_2 - 1.0; // tan 22.5°
    let sx = if ax > 0.0 && ay <= ax / tan { dx.signum() } else { 0 };
    let sy = if ay > 0.0 && ax <= ay / tan { dy.signum() } else { 0 };
    (sx, sy)
}

/// Feet of one step in the family's diagonal rule, given the diagonals made so far.
fn step_ft(board: &MoveBoard, diagonal: bool, diagonals: u32, square_ft: u32) -> u32 {
    let shape = StepShape { diagonal, hampering: 0 };
    board.step_price(shape, diagonals).0 * square_ft
}

/// A square the moved creature may pass into and stop in (no wall between, nothing that
/// blocks it, nobody standing there).
fn may_enter(board: &MoveBoard, from: Square, to: Square) -> bool {
    board.check_step(from, to).is_ok() && board.footprint_endable(to)
}

/// How a push went: the squares entered, the feet moved, and why it stopped short.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Push {
    pub path: Vec<Square>,
    pub moved_ft: u32,
    pub stopped: Option<String>,
}

/// Pushes the creature at `from` in direction `dir` for up to `distance_ft`; it stops at the
/// first obstacle (001:778-781).
pub fn push(board: &MoveBoard, from: Square, dir: (i32, i32), distance_ft: u32, square_ft: u32) -> Push {
    let (mut at, mut moved, mut diagonals, mut path) = (from, 0, 0, Vec::new());
    let diagonal = dir.0 != 0 && dir.1 != 0;
    loop {
        let cost = step_ft(board, diagonal, diagonals, square_ft);
        if moved + cost > distance_ft {
            return Push {
                path,
                moved_ft: moved,
                stopped: None,
            };
        }
        let next = Square::new(at.x + dir.0, at.y + dir.1);
        if !may_enter(board, at, next) {
            return Push {
                path,
                moved_ft: moved,
                stopped: Some(format!("an obstacle at {next}")),
            };
        }
        moved += cost;
        diagonals += diagonal as u32;
        at = next;
        path.push(next);
    }
}

/// Follows `way` (the squares after `from`) for at most `distance_ft`: the squares entered
/// and the feet moved.
pub fn walk(board: &MoveBoard, from: Square, way: &[Square], distance_ft: u32, square_ft: u32) -> (Vec<Square>, u32) {
    let (mut at, mut moved, mut diagonals, mut path) = (from, 0, 0, Vec::new());
    for &next in way {
        let diagonal = next.x != at.x && next.y != at.y;
        let cost = step_ft(board, diagonal, diagonals, square_ft);
        if moved + cost > distance_ft {
            break;
        }
        moved += cost;
        diagonals += diagonal as u32;
        at = next;
        path.push(next);
    }
    (path, moved)
}

/// The shortest way to move the creature at `from` to `to` through positions that all
/// satisfy `allowed` (the mover's reach), with its length in feet; `None` if there is none.
/// Searches at most `limit_ft` feet.
pub fn shortest_way(
    board: &MoveBoard,
    from: Square,
    to: Square,
    square_ft: u32,
    limit_ft: u32,
    allowed: impl Fn(Square) -> bool,
) -> Option<(Vec<Square>, u32)> {
    // State: square and the parity of diagonals made (MOV-4's 1-2-1-2 counter).
    type State = (Square, u32);
    let mut best: HashMap<State, (u32, Option<State>)> = HashMap::new();
    let mut queue = BinaryHeap::new();
    best.insert((from, 0), (0, None));
    queue.push(Reverse((0u32, from.x, from.y, 0u32)));
    while let Some(Reverse((cost, x, y, parity))) = queue.pop() {
        let here = (Square::new(x, y), parity);
        if best.get(&here).is_some_and(|(c, _)| *c < cost) {
            continue;
        }
        if here.0 == to {
            let mut path = vec![to];
            let mut state = here;
            while let Some((_, Some(prev))) = best.get(&state).copied() {
                if prev.0 != from {
                    path.push(prev.0);
                }
                state = prev;
            }
            path.reverse();
            return Some((path, cost));
        }
        for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
            let next = Square::new(x + dx, y + dy);
            let diagonal = dx != 0 && dy != 0;
            let step = step_ft(board, diagonal, parity, square_ft);
            let total = cost + step;
            if total > limit_ft || !allowed(next) || !may_enter(board, here.0, next) {
                continue;
            }
            let state = (next, (parity + diagonal as u32) % 2);
            if best.get(&state).is_none_or(|(c, _)| total < *c) {
                best.insert(state, (total, Some(here)));
                queue.push(Reverse((total, next.x, next.y, state.1)));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::nearest_direction;

    #[test]
    fn directions_snap_to_the_nearest_of_eight() {
        assert_eq!(nearest_direction(2, 0), (1, 0));
        assert_eq!(nearest_direction(2, 2), (1, 1));
        assert_eq!(nearest_direction(-2, 1), (-1, 1)); // 26.6° off west: nearer the diagonal
        assert_eq!(nearest_direction(-3, 1), (-1, 0)); // 18.4° off west: west
        assert_eq!(nearest_direction(3, -2), (1, -1)); // 33.7°: diagonal
        assert_eq!(nearest_direction(0, -4), (0, -1));
    }
}
