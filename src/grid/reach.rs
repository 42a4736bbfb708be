//! Where a mover can stop this turn (RULES.md §5.1-§5.2, MOV-1, MOV-2, MOV-9, MOV-11): the
//! cheapest cost in squares to every endable position within a budget, for the move-range
//! overlay (budget = speed) and the double-move band (budget = 2 × speed, pooled, MOV-2).
//!
//! One plain Dijkstra sweep of the `Planner` (no goal); the result is a sorted list so
//! JSON output is stable.

use super::Square;
use super::board::MoveBoard;
use super::path::Planner;
use serde::Serialize;

/// Cheapest cost (squares) to each endable top-left position within the budget, sorted by
/// `(y, x)`. Contains the start at cost 0 when the mover may stay there.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct ReachMap {
    entries: Vec<(Square, u32)>,
}

impl ReachMap {
    /// `(top-left square, cost)` sorted by `(y, x)`.
    pub fn iter(&self) -> impl Iterator<Item = (Square, u32)> + '_ {
        self.entries.iter().copied()
    }

    pub fn entries(&self) -> &[(Square, u32)] {
        &self.entries
    }

    /// The cheapest cost to end with the footprint's top-left at `sq`, if within the budget.
    pub fn cost_at(&self, sq: Square) -> Option<u32> {
        self.entries
            .binary_search_by_key(&(sq.y, sq.x), |(s, _)| (s.y, s.x))
            .ok()
            .map(|i| self.entries[i].1)
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// MOV-1/MOV-2/MOV-9/MOV-11: the minimum cost in squares (over the 1-2-1-2 parity) to
/// every position within `budget` where the mover may end, starting with the counter at
/// `parity0`. Uses `planner`'s scratch, so a sweep allocates only the result.
pub fn reach(planner: &mut Planner, board: &MoveBoard, start: Square, parity0: u32, budget: u32) -> ReachMap {
    if !planner.explore(board, start, parity0, budget) {
        return ReachMap::default();
    }
    let window = planner.window;
    // One allocation: room for every position reached, endable or not.
    let reached = (0..window.positions())
        .filter(|&p| planner.best_cost(p).is_some())
        .count();
    let mut entries = Vec::with_capacity(reached);
    for p in 0..window.positions() {
        if let Some(cost) = planner.best_cost(p) {
            let sq = window.square(p);
            if board.footprint_endable(sq) {
                entries.push((sq, cost));
            }
        }
    }
    ReachMap { entries }
}

impl Planner {
    /// `reach` with this planner's scratch.
    pub fn reach(&mut self, board: &MoveBoard, start: Square, parity0: u32, budget: u32) -> ReachMap {
        reach(self, board, start, parity0, budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::path_testkit::{
        board_for, brute_force_costs, saga_terrain, scenario_strategy, starfinder_terrain,
    };
    use crate::grid::{Cell, Map};
    use proptest::prelude::*;

    fn sq(x: i32, y: i32) -> Square {
        Square::new(x, y)
    }

    #[test]
    fn mov_1_open_field_band_is_the_distance_disc() {
        let map = Map::filled(21, 21, Cell::default());
        let terrain = starfinder_terrain();
        let states = MoveBoard::states_from_map(&map, false);
        let board = board_for(&map, &states, 1, &terrain);
        let mut planner = Planner::new();
        let band = reach(&mut planner, &board, sq(10, 10), 0, 6);
        for (at, cost) in band.iter() {
            assert_eq!(cost, board.policy.squares(at.x - 10, at.y - 10), "{at}");
        }
        let expected = map
            .squares()
            .filter(|s| board.policy.squares(s.x - 10, s.y - 10) <= 6)
            .count();
        assert_eq!(band.len(), expected);
        assert_eq!(band.cost_at(sq(10, 10)), Some(0));
        assert_eq!(band.cost_at(sq(16, 13)), None, "6 + 1 = 7 squares");
        assert_eq!(band.cost_at(sq(14, 14)), Some(6));
        // Sorted by (y, x).
        assert!(
            band.entries()
                .windows(2)
                .all(|w| (w[0].0.y, w[0].0.x) < (w[1].0.y, w[1].0.x))
        );
        // Odd starting parity: the first diagonal costs 2.
        let odd = planner.reach(&board, sq(10, 10), 1, 6);
        assert_eq!(odd.cost_at(sq(11, 11)), Some(2));
        assert_eq!(odd.cost_at(sq(13, 13)), Some(5));
    }

    #[test]
    fn mov_2_double_move_band_is_pooled() {
        // Difficult terrain from column 4 on, rows 0-1 (as around WE-01's last steps).
        let mut map = Map::filled(8, 5, Cell::default());
        for x in 4..8 {
            for y in 0..2 {
                map.set_cell(
                    sq(x, y),
                    Cell {
                        difficult: true,
                        ..Cell::default()
                    },
                );
            }
        }
        let terrain = starfinder_terrain();
        let states = MoveBoard::states_from_map(&map, false);
        let board = board_for(&map, &states, 1, &terrain);
        let mut planner = Planner::new();
        let single = planner.reach(&board, sq(0, 3), 0, 6);
        let double = planner.reach(&board, sq(0, 3), 0, 12);
        assert_eq!(single.cost_at(sq(4, 1)), Some(6));
        assert_eq!(single.cost_at(sq(5, 0)), None);
        // (3,0) for 4 (three diagonals 1-2-1), then two difficult squares east for 2 + 2.
        assert_eq!(double.cost_at(sq(5, 0)), Some(8));
        assert!(single.iter().all(|(s, c)| double.cost_at(s) == Some(c)));
    }

    #[test]
    fn we_04_saga_band_counts_every_diagonal_as_two() {
        let map = Map::filled(9, 9, Cell::default());
        let terrain = saga_terrain();
        let states = MoveBoard::states_from_map(&map, true);
        let board = board_for(&map, &states, 1, &terrain);
        let band = Planner::new().reach(&board, sq(4, 4), 0, 6);
        assert_eq!(band.cost_at(sq(7, 7)), Some(6));
        assert_eq!(band.cost_at(sq(8, 6)), Some(6));
        assert_eq!(band.cost_at(sq(8, 7)), None);
    }

    #[test]
    fn mov_11_band_leaves_out_squares_where_the_mover_cannot_stop() {
        let map = Map::filled(5, 1, Cell::default());
        let terrain = starfinder_terrain();
        let mut states = MoveBoard::states_from_map(&map, false);
        states[2].endable = false;
        let board = board_for(&map, &states, 1, &terrain);
        let band = Planner::new().reach(&board, sq(0, 0), 0, 6);
        assert_eq!(band.cost_at(sq(2, 0)), None);
        assert_eq!(band.cost_at(sq(3, 0)), Some(3));
        assert!(Planner::new().reach(&board, sq(9, 9), 0, 6).is_empty());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// (b): every entry has a legal path of exactly that cost (planned, then priced), the
        /// brute force finds nothing cheaper, and no reachable endable position is missing.
        #[test]
        fn prop_reach_matches_brute_force(sc in scenario_strategy(12, 3)) {
            let board = sc.board();
            let mut planner = Planner::new();
            let band = planner.reach(&board, sc.start, sc.parity0, sc.budget);
            let brute = brute_force_costs(&board, sc.start, sc.parity0, sc.budget);
            let expected: Vec<(Square, u32)> = {
                let mut v: Vec<_> = brute.iter().filter(|(s, _)| board.footprint_endable(**s)).map(|(s, c)| (*s, *c)).collect();
                v.sort_by_key(|(s, _)| (s.y, s.x));
                v
            };
            prop_assert_eq!(band.entries(), &expected[..]);
            for (at, cost) in band.iter() {
                let plan = planner.plan(&board, sc.start, at, cost, sc.parity0, false, 0);
                prop_assert!(plan.is_some(), "no plan to {} at {}", at, cost);
                let plan = plan.unwrap();
                prop_assert_eq!(plan.cost, cost);
                let priced = planner.price(&board, sc.start, &plan.squares, sc.parity0).unwrap();
                prop_assert_eq!(priced.total, cost);
                prop_assert!(board.footprint_endable(at));
            }
        }
    }
}
