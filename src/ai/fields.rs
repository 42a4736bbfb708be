//! Walking distances for the computer's sense of "closer": from a set of goal positions to
//! every position of a mover's footprint on its believed board, stepping as the board allows
//! (`MoveBoard::check_step`: walls, doors, hard corners, creatures in the way). A heuristic
//! for scoring, not a rule: an orthogonal step is 2, a diagonal 3 (the 1-2-1-2 average),
//! each hampering doubles it. Multi-source Dijkstra with a bucket queue.

use crate::grid::{MoveBoard, Square};

/// The unreached distance.
pub const FAR: u32 = u32::MAX;

/// Walking distances on one map, in half squares (see the module docs).
#[derive(Debug, Clone)]
pub struct Field {
    width: i32,
    height: i32,
    dist: Vec<u32>,
}

impl Field {
    /// Distances from the nearest of `goals` (top-left positions of the mover's footprint)
    /// over `board`, going no farther than `limit` half squares.
    pub fn from_goals(board: &MoveBoard, goals: &[Square], limit: u32) -> Field {
        let (width, height) = (board.map.width() as i32, board.map.height() as i32);
        let mut dist = vec![FAR; (width * height).max(0) as usize];
        let mut buckets: Vec<Vec<Square>> = Vec::new();
        let idx = |s: Square| (s.y * width + s.x) as usize;
        for g in goals {
            if board.on_map(*g) && board.footprint_passable(*g) && dist[idx(*g)] != 0 {
                dist[idx(*g)] = 0;
                push(&mut buckets, 0, *g);
            }
        }
        let mut cost = 0usize;
        while cost < buckets.len() {
            let Some(at) = buckets[cost].pop() else {
                cost += 1;
                continue;
            };
            if dist[idx(at)] != cost as u32 {
                continue;
            }
            for (dx, dy) in DIRS {
                let from = Square::new(at.x + dx, at.y + dy);
                if from.x < 0 || from.y < 0 || from.x >= width || from.y >= height {
                    continue;
                }
                // The mover steps from `from` to `at`: the step it would walk toward the goal
                // (`check_step` judges the step, not whether the mover can stand at `from`).
                if !board.footprint_passable(from) {
                    continue;
                }
                let Ok(shape) = board.check_step(from, at) else {
                    continue;
                };
                let base = if shape.diagonal { 3 } else { 2 };
                let step = base << shape.hampering.min(4);
                let d = cost as u32 + step;
                if d > limit || d >= dist[idx(from)] {
                    continue;
                }
                dist[idx(from)] = d;
                push(&mut buckets, d as usize, from);
            }
        }
        Field { width, height, dist }
    }

    /// The distance at `sq` in half squares, `FAR` if unreached.
    pub fn at(&self, sq: Square) -> u32 {
        if sq.x < 0 || sq.y < 0 || sq.x >= self.width || sq.y >= self.height {
            return FAR;
        }
        self.dist[(sq.y * self.width + sq.x) as usize]
    }

    /// The distance at `sq` in squares (`None` if unreached).
    pub fn squares(&self, sq: Square) -> Option<f64> {
        match self.at(sq) {
            FAR => None,
            d => Some(f64::from(d) / 2.0),
        }
    }
}

const DIRS: [(i32, i32); 8] = [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1)];

fn push(buckets: &mut Vec<Vec<Square>>, cost: usize, sq: Square) {
    if buckets.len() <= cost {
        buckets.resize_with(cost + 1, Vec::new);
    }
    buckets[cost].push(sq);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Cell, Map};
    use crate::ruleset::{DiagonalPolicy, Family, load_embedded};

    #[test]
    fn distances_go_around_walls() {
        let rules = load_embedded(Family::Starfinder).expect("ruleset");
        let mut map = Map::filled(5, 5, Cell::default());
        let wall = Cell {
            blocks_movement: true,
            blocks_loe: true,
            blocks_sight: true,
            hard_corner: true,
            ..Cell::default()
        };
        map.set_cell(Square::new(2, 2), wall);
        let states = MoveBoard::states_from_map(&map, false);
        let board = MoveBoard::new(&map, &states, 1, DiagonalPolicy::Alternating, &rules.terrain, 0);
        let field = Field::from_goals(&board, &[Square::new(1, 1)], 1000);
        assert_eq!(field.at(Square::new(1, 1)), 0);
        assert_eq!(field.at(Square::new(3, 1)), 4, "two orthogonal steps");
        assert_eq!(field.at(Square::new(2, 2)), FAR, "a wall is never reached");
        assert_eq!(
            field.at(Square::new(3, 3)),
            8,
            "around the pillar: no diagonal past its hard corners"
        );
        assert_eq!(field.at(Square::new(0, 0)), 3, "one diagonal");
    }
}
