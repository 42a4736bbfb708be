//! Test support for the movement planner (tests only): the terrain rules of the shipped
//! families as literals, random small boards for property tests, and plain exhaustive
//! searches that the planner's answers are checked against.

use super::board::{MoveBoard, SquareState};
use super::path::DIRS;
use super::{Cell, EdgeFeature, Map, Square};
use crate::ruleset::{CounterScope, DiagonalPolicy, HamperFootprint, TerrainRules};
use proptest::prelude::*;
use std::collections::{HashMap, HashSet, VecDeque};

/// starfinder §5.2 (assets/rulesets/starfinder.ron).
pub fn starfinder_terrain() -> TerrainRules {
    TerrainRules {
        difficult_orthogonal: 2,
        difficult_diagonal: 3,
        extra_hampering_factor: 2,
        hampered_diagonal_advances_counter: Some(true),
        diagonal_counter_scope: Some(CounterScope::Turn),
        hamper_footprint: HamperFootprint::AnyDestinationSquare,
        low_objects_hamper: false,
        fliers_ignore_difficult: true,
        diagonal_past_hard_corner: false,
        diagonal_past_creature: true,
    }
}

/// saga §5.2 (assets/rulesets/saga.ron).
pub fn saga_terrain() -> TerrainRules {
    TerrainRules {
        difficult_diagonal: 4,
        hampered_diagonal_advances_counter: None,
        diagonal_counter_scope: None,
        low_objects_hamper: true,
        ..starfinder_terrain()
    }
}

/// A board with the diagonal policy that goes with `terrain` (alternating where a counter
/// exists).
pub fn board_for<'a>(map: &'a Map, states: &'a [SquareState], side: u32, terrain: &'a TerrainRules) -> MoveBoard<'a> {
    let policy = if terrain.hampered_diagonal_advances_counter.is_some() {
        DiagonalPolicy::Alternating
    } else {
        DiagonalPolicy::EveryDiagonalTwo
    };
    MoveBoard::new(map, states, side, policy, terrain, 0)
}

/// A random small movement problem.
#[derive(Debug, Clone)]
pub struct Scenario {
    pub map: Map,
    pub states: Vec<SquareState>,
    pub terrain: TerrainRules,
    pub policy: DiagonalPolicy,
    pub side: u32,
    pub extra_hampering: u8,
    pub start: Square,
    pub goal: Square,
    pub budget: u32,
    pub parity0: u32,
}

impl Scenario {
    pub fn board(&self) -> MoveBoard<'_> {
        MoveBoard::new(
            &self.map,
            &self.states,
            self.side,
            self.policy,
            &self.terrain,
            self.extra_hampering,
        )
    }
}

/// Maps up to `max_side × max_side` with walls, pits, difficult terrain, Low Objects, hard
/// corners, thin walls and doors, allies (not endable), obstacle creatures and up to
/// `reactors` reactors' threat bits; side 1 or 2; all terrain variants.
pub fn scenario_strategy(max_side: u32, reactors: u32) -> impl Strategy<Value = Scenario> {
    (2..=max_side, 2..=max_side, 1u32..=2, 0usize..5).prop_flat_map(move |(w, h, side, variant)| {
        let cells = (w * h) as usize;
        let v_edges = ((w + 1) * h) as usize;
        let h_edges = (w * (h + 1)) as usize;
        let sx = w.saturating_sub(side) as i32;
        let sy = h.saturating_sub(side) as i32;
        (
            Just((w, h, side, variant)),
            proptest::collection::vec(0u8..40, cells),
            proptest::collection::vec(0u64..(1 << reactors) * 4, cells),
            proptest::collection::vec(0u8..40, v_edges),
            proptest::collection::vec(0u8..40, h_edges),
            (0..=sx, 0..=sy),
            (-5i32..=5, -5i32..=5),
            0u32..=14,
            0u32..2,
            0u8..4,
        )
            .prop_map(
                move |((w, h, side, variant), cell_codes, threats, v, hz, start, goal, budget, parity0, extra)| {
                    build_scenario(
                        (w, h, side, variant),
                        &cell_codes,
                        &threats,
                        (&v, &hz),
                        Square::new(start.0, start.1),
                        Square::new(
                            (start.0 + goal.0).clamp(0, w as i32 - 1),
                            (start.1 + goal.1).clamp(0, h as i32 - 1),
                        ),
                        budget,
                        parity0,
                        u8::from(extra == 0),
                        reactors,
                    )
                },
            )
    })
}

#[allow(clippy::too_many_arguments)]
fn build_scenario(
    (w, h, side, variant): (u32, u32, u32, usize),
    cell_codes: &[u8],
    threats: &[u64],
    (v, hz): (&[u8], &[u8]),
    start: Square,
    goal: Square,
    budget: u32,
    parity0: u32,
    extra_hampering: u8,
    reactors: u32,
) -> Scenario {
    let (terrain, policy) = match variant {
        0 | 4 => (starfinder_terrain(), DiagonalPolicy::Alternating),
        1 => (
            TerrainRules {
                hampered_diagonal_advances_counter: Some(false),
                ..starfinder_terrain()
            },
            DiagonalPolicy::Alternating,
        ),
        2 => (saga_terrain(), DiagonalPolicy::EveryDiagonalTwo),
        _ => (
            TerrainRules {
                diagonal_past_hard_corner: true,
                ..starfinder_terrain()
            },
            DiagonalPolicy::Alternating,
        ),
    };
    let mut map = Map::filled(w, h, Cell::default());
    let start_space = super::Space::new(start, side);
    for (i, sq) in map.squares().collect::<Vec<_>>().into_iter().enumerate() {
        let code = if start_space.contains(sq) { 0 } else { cell_codes[i] };
        let cell = match code {
            0..=19 => Cell::default(),
            20..=24 => Cell {
                difficult: true,
                ..Cell::default()
            },
            25..=27 => Cell {
                blocks_movement: true,
                hard_corner: true,
                ..Cell::default()
            },
            28..=29 => Cell {
                blocks_movement: true,
                ..Cell::default()
            },
            30..=32 => Cell {
                low: true,
                ..Cell::default()
            },
            33 => Cell {
                hard_corner: true,
                ..Cell::default()
            },
            34 => Cell {
                difficult: true,
                low: true,
                ..Cell::default()
            },
            _ => Cell::default(),
        };
        map.set_cell(sq, cell);
    }
    let edge = |code: u8| match code {
        0..=1 => EdgeFeature::Wall,
        2 => EdgeFeature::Door { open: false },
        3 => EdgeFeature::Door { open: true },
        _ => EdgeFeature::None,
    };
    for j in 0..h as i32 {
        for i in 0..=w as i32 {
            map.set_vertical_edge(i, j, edge(v[(j * (w as i32 + 1) + i) as usize]));
        }
    }
    for j in 0..=h as i32 {
        for i in 0..w as i32 {
            map.set_horizontal_edge(i, j, edge(hz[(j * w as i32 + i) as usize]));
        }
    }
    let mut states = MoveBoard::states_from_map(&map, terrain.low_objects_hamper);
    for (i, s) in states.iter_mut().enumerate() {
        let sq = Square::new(i as i32 % w as i32, i as i32 / w as i32);
        if start_space.contains(sq) {
            continue;
        }
        match cell_codes[i] {
            35..=36 => s.endable = false, // an ally
            37 => s.hamper |= SquareState::HAMPER_OBSTACLE_CREATURE,
            38 => {
                // an able enemy
                s.passable = false;
                s.endable = false;
            }
            _ => {}
        }
    }
    for (s, t) in states.iter_mut().zip(threats) {
        // A quarter of the squares are threatened by a random set of reactors.
        if t >> reactors == 0 {
            s.threat = *t;
        }
    }
    Scenario {
        map,
        states,
        terrain,
        policy,
        side,
        extra_hampering,
        start,
        goal,
        budget,
        parity0,
    }
}

/// Exhaustive search over (position, parity, spent) states: the least spent to reach each
/// position (endable or not) within `budget`.
pub fn brute_force_costs(board: &MoveBoard, start: Square, parity0: u32, budget: u32) -> HashMap<Square, u32> {
    let mut best = HashMap::new();
    let mut seen = HashSet::new();
    let mut stack = vec![(start, parity0 % 2, 0u32)];
    while let Some((at, parity, spent)) = stack.pop() {
        if !seen.insert((at, parity, spent)) {
            continue;
        }
        let entry = best.entry(at).or_insert(spent);
        *entry = (*entry).min(spent);
        for (dx, dy) in DIRS {
            let to = Square::new(at.x + dx, at.y + dy);
            if let Ok(shape) = board.check_step(at, to) {
                let (cost, advances) = board.step_price(shape, parity);
                if spent + cost <= budget {
                    stack.push((to, (parity + advances as u32) % 2, spent + cost));
                }
            }
        }
    }
    best
}

/// Exhaustive search over (position, parity, reactors provoked): the lexicographically
/// smallest (distinct reactors, cost) of a path to `goal` within `budget`, if `goal` is
/// endable and reachable.
pub fn brute_force_aoo(
    board: &MoveBoard,
    start: Square,
    goal: Square,
    parity0: u32,
    budget: u32,
    exempt: u64,
) -> Option<(u32, u32)> {
    if !board.footprint_endable(goal) {
        return None;
    }
    let mut best: HashMap<(Square, u32, u64), u32> = HashMap::new();
    let mut queue = VecDeque::new();
    best.insert((start, parity0 % 2, 0), 0);
    queue.push_back((start, parity0 % 2, 0u64));
    while let Some((at, parity, mask)) = queue.pop_front() {
        let spent = best[&(at, parity, mask)];
        for (dx, dy) in DIRS {
            let to = Square::new(at.x + dx, at.y + dy);
            let Ok(shape) = board.check_step(at, to) else {
                continue;
            };
            let (cost, advances) = board.step_price(shape, parity);
            if spent + cost > budget {
                continue;
            }
            let key = (
                to,
                (parity + advances as u32) % 2,
                mask | board.left_threat(at, to, start, exempt),
            );
            if best.get(&key).is_none_or(|&old| spent + cost < old) {
                best.insert(key, spent + cost);
                queue.push_back(key);
            }
        }
    }
    best.iter()
        .filter(|((at, _, _), _)| *at == goal)
        .map(|((_, _, mask), cost)| (mask.count_ones(), *cost))
        .min()
}

#[test]
fn terrain_fixtures_match_the_shipped_rulesets() {
    use crate::ruleset::{Family, load_embedded};
    assert_eq!(load_embedded(Family::Starfinder).unwrap().terrain, starfinder_terrain());
    assert_eq!(load_embedded(Family::Saga).unwrap().terrain, saga_terrain());
}
