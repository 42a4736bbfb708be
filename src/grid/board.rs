//! What the movement planner knows about one mover (RULES.md §5.2-§5.5, §8.2): per-square
//! passability, where it may stop, what hampers it and who threatens it, plus the legality
//! and price of one step of its footprint (MOV-3, MOV-4, MOV-5, MOV-10, MOV-11, MOV-13).
//!
//! Built once per query by the rules layer; pure data and pure functions, no ECS. Creatures,
//! reactors and squeezing are overlaid by the caller as flags and bits: this file never asks
//! who stands where, it only reads `SquareState`.

use super::{Map, Square};
use crate::ruleset::{DiagonalPolicy, TerrainRules};
use serde::{Deserialize, Serialize};

/// Per-square facts for one mover, row-major like `Map` (index `y * width + x`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SquareState {
    /// The mover may have this square under its footprint while moving (walls and able
    /// enemies are not passable; allies and helpless creatures are, §5.5).
    pub passable: bool,
    /// The mover may end its move with this square under its footprint (MOV-11, MOV-12).
    pub endable: bool,
    /// Bitmask of the hampering kinds in this square (MOV-3, MOV-5, MOV-13): see the
    /// `HAMPER_*` constants. Each distinct bit set anywhere under the destination footprint
    /// is one doubling.
    pub hamper: u8,
    /// Reactors (bit index 0..63) that threaten this square and could make an attack of
    /// opportunity when the mover leaves it (§8.2).
    pub threat: u64,
}

impl SquareState {
    /// Difficult terrain (MOV-3, MOV-5).
    pub const HAMPER_DIFFICULT: u8 = 1 << 0;
    /// A Low Object, where the family's `low_objects_hamper` says so (saga 004:780, 785).
    pub const HAMPER_LOW: u8 = 1 << 1;
    /// An obstacle creature that counts as 2 squares (helpless large obstacle, paralyzed
    /// creature; MOV-13).
    pub const HAMPER_OBSTACLE_CREATURE: u8 = 1 << 2;
}

/// Why a step (or the last position of a path) is not allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum PathErrorKind {
    #[error("that square is off the map")]
    OffMap,
    #[error("something blocks movement there")]
    Blocked,
    #[error("each step must go to one of the 8 neighbouring squares")]
    NotAdjacent,
    #[error("you can't move diagonally past a hard corner (MOV-10)")]
    HardCorner,
    #[error("a wall or closed door is in the way")]
    ThinWall,
    #[error("you can't end your movement there (MOV-11)")]
    CannotEnd,
}

/// The parity-independent facts of one legal step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepShape {
    pub diagonal: bool,
    /// Doublings `k` of MOV-3: hampering kinds under the destination footprint plus the
    /// board's `extra_hampering`.
    pub hampering: u32,
}

/// Everything the planner needs for one mover (see the module docs).
#[derive(Debug, Clone, Copy)]
pub struct MoveBoard<'a> {
    pub map: &'a Map,
    /// `map.width() * map.height()` entries, row-major.
    pub states: &'a [SquareState],
    /// Side of the mover's space in squares (GRID-3); 0 is treated as 1.
    pub side: u32,
    pub policy: DiagonalPolicy,
    pub terrain: &'a TerrainRules,
    /// Doublings that apply to every step, e.g. squeezing (§5.4).
    pub extra_hampering: u8,
}

impl<'a> MoveBoard<'a> {
    pub fn new(
        map: &'a Map,
        states: &'a [SquareState],
        side: u32,
        policy: DiagonalPolicy,
        terrain: &'a TerrainRules,
        extra_hampering: u8,
    ) -> Self {
        assert_eq!(
            states.len(),
            map.width() as usize * map.height() as usize,
            "one SquareState per square"
        );
        Self {
            map,
            states,
            side,
            policy,
            terrain,
            extra_hampering,
        }
    }

    /// Per-square states from the terrain alone (GRID-5): impassable where the cell blocks
    /// movement, endable wherever passable, difficult terrain and (if `low_objects_hamper`)
    /// Low Objects as hampering bits, no threat. Callers then overlay creatures.
    pub fn states_from_map(map: &Map, low_objects_hamper: bool) -> Vec<SquareState> {
        map.squares()
            .map(|sq| {
                let cell = map.cell(sq).copied().unwrap_or_default();
                let mut hamper = 0;
                if cell.difficult {
                    hamper |= SquareState::HAMPER_DIFFICULT;
                }
                if cell.low && low_objects_hamper {
                    hamper |= SquareState::HAMPER_LOW;
                }
                SquareState {
                    passable: !cell.blocks_movement,
                    endable: !cell.blocks_movement,
                    hamper,
                    threat: 0,
                }
            })
            .collect()
    }

    /// The side of the mover's space, at least 1.
    pub fn side(&self) -> i32 {
        self.side.max(1) as i32
    }

    /// The state of `sq`; `None` off the map.
    pub fn state(&self, sq: Square) -> Option<&SquareState> {
        self.map
            .contains(sq)
            .then(|| &self.states[sq.y as usize * self.map.width() as usize + sq.x as usize])
    }

    fn state_unchecked(&self, x: i32, y: i32) -> &SquareState {
        &self.states[y as usize * self.map.width() as usize + x as usize]
    }

    /// Whether the footprint with top-left square `at` lies entirely on the map. Any `at`
    /// (issue #16 item 6: `i32::MAX` once overflowed here).
    pub fn on_map(&self, at: Square) -> bool {
        let n = i64::from(self.side());
        let fits = |v: i32, len: u32| v >= 0 && i64::from(v) + n <= i64::from(len);
        fits(at.x, self.map.width()) && fits(at.y, self.map.height())
    }

    /// A footprint position is passable if every square is on the map and passable and no
    /// closed thin wall runs through its inside (a space is never split by a wall).
    pub fn footprint_passable(&self, at: Square) -> bool {
        self.on_map(at) && self.footprint_scan(at).is_ok() && !self.wall_inside(at)
    }

    /// MOV-11/MOV-12: the mover may stop with its footprint at `at`.
    pub fn footprint_endable(&self, at: Square) -> bool {
        self.footprint_passable(at)
            && at
                .footprint(self.side)
                .all(|sq| self.state_unchecked(sq.x, sq.y).endable)
    }

    /// Passability and the OR of the hampering bits under the footprint (on the map).
    fn footprint_scan(&self, at: Square) -> Result<u8, PathErrorKind> {
        let n = self.side();
        let mut hamper = 0;
        for y in at.y..at.y + n {
            for x in at.x..at.x + n {
                let s = self.state_unchecked(x, y);
                if !s.passable {
                    return Err(PathErrorKind::Blocked);
                }
                hamper |= s.hamper;
            }
        }
        Ok(hamper)
    }

    /// A blocking edge between two squares of the footprint at `at`.
    fn wall_inside(&self, at: Square) -> bool {
        let n = self.side();
        for a in 1..n {
            for b in 0..n {
                if self.map.vertical_edge(at.x + a, at.y + b).blocks()
                    || self.map.horizontal_edge(at.x + b, at.y + a).blocks()
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether thin walls at lattice point `(i, j)` stop a diagonal pass through it in
    /// direction `(dx, dy)` (MOV-10). Without `diagonal_past_hard_corner` any wall that ends
    /// at or runs through the point blocks; with it, only walls that cut both ways around.
    fn corner_blocks(&self, i: i32, j: i32, dx: i32, dy: i32) -> bool {
        let up = self.map.vertical_edge(i, j - 1).blocks();
        let down = self.map.vertical_edge(i, j).blocks();
        let left = self.map.horizontal_edge(i - 1, j).blocks();
        let right = self.map.horizontal_edge(i, j).blocks();
        if !self.terrain.diagonal_past_hard_corner {
            return up || down || left || right;
        }
        // Quadrants NW, NE, SW, SE around the point; `up` separates NW|NE, `down` SW|SE,
        // `left` NW|SW, `right` NE|SE. The step goes between opposite quadrants.
        if dx == dy {
            (up || right) && (left || down)
        } else {
            (left || up) && (down || right)
        }
    }

    /// Legality of moving the footprint from top-left `from` to top-left `to` and its
    /// hampering (MOV-3, MOV-5, MOV-10, MOV-13). Off-map squares block. Thin walls block a
    /// step if any square of the footprint crosses one (orthogonal), if one touches a corner
    /// point a square of the footprint passes through (diagonal), or if one would split the
    /// destination footprint. A diagonal also may not cut past a hard-corner square: the
    /// squares just outside both footprints at the leading corner, `(x+dx, y)` and
    /// `(x, y+dy)` for a 1×1 mover. Creatures are not hard corners (starfinder 001:1885-1888).
    pub fn check_step(&self, from: Square, to: Square) -> Result<StepShape, PathErrorKind> {
        let near = |a: i32, b: i32| (i64::from(b) - i64::from(a)).abs() <= 1;
        if !near(from.x, to.x) || !near(from.y, to.y) || from == to {
            return Err(PathErrorKind::NotAdjacent);
        }
        let (dx, dy) = (to.x - from.x, to.y - from.y);
        if !self.on_map(to) {
            return Err(PathErrorKind::OffMap);
        }
        let hamper = self.footprint_scan(to)?;
        let n = self.side();
        let diagonal = dx != 0 && dy != 0;
        if n > 1 && self.wall_inside(to) {
            return Err(PathErrorKind::ThinWall);
        }
        if !diagonal {
            // Every square of the footprint crosses the edge in front of it.
            for a in 0..n {
                for b in 0..n {
                    let crossed = if dx != 0 {
                        self.map.vertical_edge(from.x + a + (dx > 0) as i32, from.y + b)
                    } else {
                        self.map.horizontal_edge(from.x + a, from.y + b + (dy > 0) as i32)
                    };
                    if crossed.blocks() {
                        return Err(PathErrorKind::ThinWall);
                    }
                }
            }
        } else {
            // Every square of the footprint passes its own corner point in the direction
            // of the step.
            let (px, py) = (from.x + (dx > 0) as i32, from.y + (dy > 0) as i32);
            for a in 0..n {
                for b in 0..n {
                    if self.corner_blocks(px + a, py + b, dx, dy) {
                        return Err(PathErrorKind::ThinWall);
                    }
                }
            }
            if !self.terrain.diagonal_past_hard_corner {
                // Columns/rows just outside the source (leading) and the destination (trailing).
                let lead_x = if dx > 0 { from.x + n } else { from.x - 1 };
                let lead_y = if dy > 0 { from.y + n } else { from.y - 1 };
                let trail_x = if dx > 0 { from.x } else { from.x + n - 1 };
                let trail_y = if dy > 0 { from.y } else { from.y + n - 1 };
                let hard = |x: i32, y: i32| self.map.cell(Square::new(x, y)).is_some_and(|c| c.hard_corner);
                if hard(lead_x, trail_y) || hard(trail_x, lead_y) {
                    return Err(PathErrorKind::HardCorner);
                }
            }
        }
        Ok(StepShape {
            diagonal,
            hampering: hamper.count_ones() + self.extra_hampering as u32,
        })
    }

    /// MOV-3/MOV-4: the cost in squares of a legal step when the 1-2-1-2 counter stands at
    /// `counter`, and whether the step advances the counter. Unhampered diagonals always
    /// advance it; hampered ones only where `hampered_diagonal_advances_counter` is
    /// `Some(true)` (the MOV-4 default).
    pub fn step_price(&self, shape: StepShape, counter: u32) -> (u32, bool) {
        let cost = self
            .terrain
            .step_cost(self.policy, shape.diagonal, shape.hampering, counter);
        let advances =
            shape.diagonal && (shape.hampering == 0 || self.terrain.hampered_diagonal_advances_counter == Some(true));
        (cost, advances)
    }

    /// §8.2: reactors whose threatened squares the step `from → to` leaves (squares of the
    /// source footprint not in the destination footprint). Reactors in `exempt` do not count
    /// for squares of the footprint at `exempt_at` (withdraw: the start squares, §5.9).
    pub fn left_threat(&self, from: Square, to: Square, exempt_at: Square, exempt: u64) -> u64 {
        let n = self.side();
        let (dx, dy) = (to.x - from.x, to.y - from.y);
        let mut mask = 0;
        let mut add = |x: i32, y: i32| {
            let mut t = self.state_unchecked(x, y).threat;
            if exempt != 0 && x >= exempt_at.x && x < exempt_at.x + n && y >= exempt_at.y && y < exempt_at.y + n {
                t &= !exempt;
            }
            mask |= t;
        };
        if n == 1 {
            add(from.x, from.y);
            return mask;
        }
        if dx != 0 {
            let x = if dx > 0 { from.x } else { from.x + n - 1 };
            for y in from.y..from.y + n {
                add(x, y);
            }
        }
        if dy != 0 {
            let y = if dy > 0 { from.y } else { from.y + n - 1 };
            for x in from.x..from.x + n {
                add(x, y);
            }
        }
        mask
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::path_testkit::{board_for, saga_terrain, starfinder_terrain};
    use crate::grid::{Cell, EdgeFeature};

    fn sq(x: i32, y: i32) -> Square {
        Square::new(x, y)
    }

    #[test]
    fn we_03_repeated_doubling_on_the_board() {
        let map = Map::filled(4, 4, Cell::default());
        let terrain = starfinder_terrain();
        let mut states = MoveBoard::states_from_map(&map, false);
        // Difficult terrain plus two more hampering kinds under the destination.
        states[5].hamper = SquareState::HAMPER_DIFFICULT;
        states[6].hamper = SquareState::HAMPER_DIFFICULT | SquareState::HAMPER_OBSTACLE_CREATURE;
        states[7].hamper = SquareState::HAMPER_DIFFICULT | SquareState::HAMPER_OBSTACLE_CREATURE;
        let mut board = MoveBoard::new(&map, &states, 1, DiagonalPolicy::Alternating, &terrain, 0);
        let price = |b: &MoveBoard, from, to| b.step_price(b.check_step(from, to).unwrap(), 0).0;
        assert_eq!(price(&board, sq(1, 0), sq(1, 1)), 2);
        assert_eq!(price(&board, sq(0, 0), sq(1, 1)), 3);
        assert_eq!(price(&board, sq(2, 0), sq(2, 1)), 4);
        assert_eq!(price(&board, sq(1, 0), sq(2, 1)), 6);
        board.extra_hampering = 1; // e.g. squeezing (§5.4)
        assert_eq!(price(&board, sq(3, 0), sq(3, 1)), 8);
        assert_eq!(price(&board, sq(2, 0), sq(3, 1)), 12);
    }

    #[test]
    fn we_04_saga_diagonals_and_low_objects() {
        let mut map = Map::filled(4, 4, Cell::default());
        map.set_cell(
            sq(1, 1),
            Cell {
                difficult: true,
                ..Cell::default()
            },
        );
        map.set_cell(
            sq(3, 1),
            Cell {
                low: true,
                ..Cell::default()
            },
        );
        let terrain = saga_terrain();
        let states = MoveBoard::states_from_map(&map, terrain.low_objects_hamper);
        let board = MoveBoard::new(&map, &states, 1, DiagonalPolicy::EveryDiagonalTwo, &terrain, 0);
        let price = |from, to| board.step_price(board.check_step(from, to).unwrap(), 0).0;
        assert_eq!(price(sq(0, 2), sq(1, 3)), 2);
        assert_eq!(price(sq(1, 0), sq(1, 1)), 2);
        assert_eq!(price(sq(0, 0), sq(1, 1)), 4);
        assert_eq!(price(sq(2, 0), sq(3, 1)), 4);
        // Without the saga switch a Low Object does not hamper.
        let plain = MoveBoard::states_from_map(&map, false);
        assert_eq!(plain[4 + 3].hamper, 0);
    }

    #[test]
    fn mov_5_large_mover_pays_for_difficult_under_any_destination_square() {
        let map = Map::filled(5, 5, Cell::default());
        let terrain = starfinder_terrain();
        let mut states = MoveBoard::states_from_map(&map, false);
        let board = board_for(&map, &states, 2, &terrain);
        let shape = board.check_step(sq(0, 0), sq(1, 0)).unwrap();
        assert_eq!(board.step_price(shape, 0).0, 1);
        // Difficult under the square the creature already covers and keeps covering.
        states[5 + 1].hamper = SquareState::HAMPER_DIFFICULT;
        let board = board_for(&map, &states, 2, &terrain);
        let shape = board.check_step(sq(0, 0), sq(1, 0)).unwrap();
        assert_eq!(board.step_price(shape, 0).0, 2);
        // Difficult only under a square being left: no doubling.
        let mut states = MoveBoard::states_from_map(&map, false);
        states[0].hamper = SquareState::HAMPER_DIFFICULT;
        let board = board_for(&map, &states, 2, &terrain);
        let shape = board.check_step(sq(0, 0), sq(1, 0)).unwrap();
        assert_eq!(board.step_price(shape, 0).0, 1);
        // A difficult corner square under the diagonal destination: 3 squares.
        let mut states = MoveBoard::states_from_map(&map, false);
        states[2 * 5 + 2].hamper = SquareState::HAMPER_DIFFICULT;
        let board = board_for(&map, &states, 2, &terrain);
        let shape = board.check_step(sq(0, 0), sq(1, 1)).unwrap();
        assert_eq!(board.step_price(shape, 0).0, 3);
    }

    #[test]
    fn mov_10_thin_wall_blocks_crossing_and_corner() {
        let mut map = Map::filled(3, 3, Cell::default());
        map.set_vertical_edge(1, 0, EdgeFeature::Wall); // between (0,0) and (1,0)
        let terrain = starfinder_terrain();
        let states = MoveBoard::states_from_map(&map, false);
        let board = board_for(&map, &states, 1, &terrain);
        assert_eq!(board.check_step(sq(0, 0), sq(1, 0)), Err(PathErrorKind::ThinWall));
        assert_eq!(board.check_step(sq(1, 0), sq(0, 0)), Err(PathErrorKind::ThinWall));
        // The wall ends at the corner point (1,1): no diagonal through it either way.
        assert_eq!(board.check_step(sq(0, 0), sq(1, 1)), Err(PathErrorKind::ThinWall));
        assert_eq!(board.check_step(sq(0, 1), sq(1, 0)), Err(PathErrorKind::ThinWall));
        assert_eq!(board.check_step(sq(1, 1), sq(0, 0)), Err(PathErrorKind::ThinWall));
        // Steps that do not touch it are fine.
        assert!(board.check_step(sq(0, 1), sq(1, 1)).is_ok());
        assert!(board.check_step(sq(1, 1), sq(2, 2)).is_ok());
        // An open door does not block.
        map.set_vertical_edge(1, 0, EdgeFeature::Door { open: true });
        let board = board_for(&map, &states, 1, &terrain);
        assert!(board.check_step(sq(0, 0), sq(1, 0)).is_ok());
    }

    #[test]
    fn mov_10_large_mover_cannot_straddle_or_cross_a_wall() {
        let mut map = Map::filled(5, 5, Cell::default());
        map.set_horizontal_edge(2, 1, EdgeFeature::Wall); // between (2,0) and (2,1)
        let terrain = starfinder_terrain();
        let states = MoveBoard::states_from_map(&map, false);
        let board = board_for(&map, &states, 2, &terrain);
        // Moving right from (0,0) would put the wall inside the footprint at (1,0).
        assert_eq!(board.check_step(sq(0, 0), sq(1, 0)), Err(PathErrorKind::ThinWall));
        assert!(!board.footprint_passable(sq(1, 0)));
        assert!(!board.footprint_passable(sq(2, 0)));
        // Up from (2,2) to (2,1) stops with the wall along the top: fine. One more would split.
        assert!(board.check_step(sq(2, 2), sq(2, 1)).is_ok());
        assert_eq!(board.check_step(sq(2, 1), sq(2, 0)), Err(PathErrorKind::ThinWall));
        // Up-left from (1,1) to (0,0): the top-right square (2,1) passes the point (2,1) where
        // the wall ends, so the step is refused although neither footprint contains the wall.
        assert_eq!(board.check_step(sq(1, 1), sq(0, 0)), Err(PathErrorKind::ThinWall));
        assert!(board.check_step(sq(0, 2), sq(1, 1)).is_ok());
        assert!(board.check_step(sq(0, 2), sq(1, 2)).is_ok());
    }

    #[test]
    fn mov_10_hard_corner_blocks_diagonal_but_creature_does_not() {
        let mut map = Map::filled(3, 3, Cell::default());
        map.set_cell(
            sq(1, 0),
            Cell {
                blocks_movement: true,
                hard_corner: true,
                ..Cell::default()
            },
        );
        let terrain = starfinder_terrain();
        let mut states = MoveBoard::states_from_map(&map, false);
        // An enemy creature at (2, 1): not passable, but not a hard corner either.
        states[3 + 2].passable = false;
        states[3 + 2].endable = false;
        let board = board_for(&map, &states, 1, &terrain);
        assert_eq!(board.check_step(sq(0, 0), sq(1, 1)), Err(PathErrorKind::HardCorner));
        assert_eq!(board.check_step(sq(1, 1), sq(0, 0)), Err(PathErrorKind::HardCorner));
        assert_eq!(board.check_step(sq(1, 1), sq(2, 0)), Err(PathErrorKind::HardCorner));
        // Diagonally past the creature at (2,1): allowed (001:1885-1888).
        assert!(board.check_step(sq(1, 1), sq(2, 2)).is_ok());
        assert!(board.check_step(sq(2, 2), sq(1, 1)).is_ok());
        assert_eq!(board.check_step(sq(1, 1), sq(2, 1)), Err(PathErrorKind::Blocked));
        // A family that lets diagonals pass hard corners.
        let mut lenient = terrain.clone();
        lenient.diagonal_past_hard_corner = true;
        let board = board_for(&map, &states, 1, &lenient);
        assert!(board.check_step(sq(0, 0), sq(1, 1)).is_ok());
    }

    #[test]
    fn mov_10_large_mover_hard_corner_squares_are_outside_both_footprints() {
        let mut map = Map::filled(5, 5, Cell::default());
        let hard = Cell {
            blocks_movement: true,
            hard_corner: true,
            ..Cell::default()
        };
        map.set_cell(sq(2, 0), hard);
        let terrain = starfinder_terrain();
        let states = MoveBoard::states_from_map(&map, false);
        let board = board_for(&map, &states, 2, &terrain);
        assert_eq!(board.check_step(sq(0, 0), sq(1, 1)), Err(PathErrorKind::HardCorner));
        // Going up-left from (1,1) to (0,0) passes the same corner.
        assert_eq!(board.check_step(sq(1, 1), sq(0, 0)), Err(PathErrorKind::HardCorner));
        assert!(board.check_step(sq(0, 1), sq(1, 2)).is_ok());
    }

    #[test]
    fn lenient_corner_still_blocks_a_wall_running_through() {
        let mut map = Map::filled(3, 3, Cell::default());
        let mut terrain = starfinder_terrain();
        terrain.diagonal_past_hard_corner = true;
        let states = MoveBoard::states_from_map(&map, false);
        // One wall edge ending at the point (1,1): a wall end, passable when lenient.
        map.set_vertical_edge(1, 0, EdgeFeature::Wall);
        let board = board_for(&map, &states, 1, &terrain);
        assert!(board.check_step(sq(0, 0), sq(1, 1)).is_ok());
        // A straight wall through the point separates (0,0) from (1,1).
        map.set_vertical_edge(1, 1, EdgeFeature::Wall);
        let board = board_for(&map, &states, 1, &terrain);
        assert_eq!(board.check_step(sq(0, 0), sq(1, 1)), Err(PathErrorKind::ThinWall));
    }

    #[test]
    fn off_map_and_non_adjacent_steps() {
        let map = Map::filled(3, 3, Cell::default());
        let terrain = starfinder_terrain();
        let states = MoveBoard::states_from_map(&map, false);
        let board = board_for(&map, &states, 2, &terrain);
        assert_eq!(board.check_step(sq(1, 1), sq(2, 1)), Err(PathErrorKind::OffMap));
        assert_eq!(board.check_step(sq(0, 0), sq(2, 0)), Err(PathErrorKind::NotAdjacent));
        assert_eq!(board.check_step(sq(0, 0), sq(0, 0)), Err(PathErrorKind::NotAdjacent));
    }

    #[test]
    fn left_threat_is_the_squares_left_behind() {
        let map = Map::filled(4, 4, Cell::default());
        let terrain = starfinder_terrain();
        let mut states = MoveBoard::states_from_map(&map, false);
        for (i, s) in states.iter_mut().enumerate() {
            s.threat = 1 << i;
        }
        let board = board_for(&map, &states, 2, &terrain);
        // Right from (0,0): leaves column 0, rows 0-1.
        assert_eq!(board.left_threat(sq(0, 0), sq(1, 0), sq(0, 0), 0), 1 | 1 << 4);
        // Down-right: leaves (0,0), (1,0), (0,1).
        assert_eq!(board.left_threat(sq(0, 0), sq(1, 1), sq(9, 9), 0), 1 | 2 | 1 << 4);
        // Withdraw exemption only for the start squares.
        assert_eq!(board.left_threat(sq(0, 0), sq(1, 1), sq(0, 0), u64::MAX), 0);
        let one = board_for(&map, &states, 1, &terrain);
        assert_eq!(one.left_threat(sq(2, 1), sq(1, 2), sq(0, 0), 0), 1 << 6);
    }
}
