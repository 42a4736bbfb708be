//! Benchmark of the movement planner (`grid::path`, `grid::reach`, `grid::line_walk`): move
//! bands, run lines and path queries for a speed-30 Medium mover on seeded random maps,
//! against the `pathfinding` crate's `dijkstra` as a baseline, plus heap allocations per
//! query. Plain `std::time` with medians (no extra dependency); run with
//! `cargo bench --bench movement`. Figures and method: docs/performance.md.

mod common;

use common::{measure, median};
use fivefoot::grid::{Cell, EdgeFeature, Map, MoveBoard, Planner, Square, SquareState, straight_steps};
use fivefoot::ruleset::{Family, StraightLine, TerrainRules, load_embedded};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Counts heap allocations so the bench can show that a query allocates only its result.
struct CountingAlloc;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: CountingAlloc = CountingAlloc;

fn allocations_during(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    f();
    ALLOCATIONS.load(Ordering::Relaxed) - before
}

/// Like `measure` for two functions, alternating their samples so that both see the same
/// background load (the 2-core machine is shared); returns both medians.
fn measure_pair(names: [&str; 2], runs: usize, mut a: impl FnMut(), mut b: impl FnMut()) -> [Duration; 2] {
    for _ in 0..runs / 10 + 1 {
        a();
        b();
    }
    let (mut sa, mut sb) = (Vec::with_capacity(runs), Vec::with_capacity(runs));
    for _ in 0..runs {
        let t = Instant::now();
        a();
        sa.push(t.elapsed());
        let t = Instant::now();
        b();
        sb.push(t.elapsed());
    }
    let medians = [median(sa), median(sb)];
    for (name, m) in names.iter().zip(medians) {
        println!("{name:<52} median {:>9.1} µs over {runs} runs", m.as_secs_f64() * 1e6);
    }
    medians
}

/// xorshift64*: a tiny deterministic generator, so every run measures the same maps.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u32) -> i32 {
        (self.next() % n as u64) as i32
    }

    fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent as i32
    }
}

/// A battlefield: 30% difficult terrain, thin-wall segments, short walls of solid squares
/// (hard corners), 200 units the mover cannot pass; the 8 units nearest the start are
/// reactors threatening their 8 neighbours.
struct Field {
    map: Map,
    states: Vec<SquareState>,
    start: Square,
    goal: Square,
}

fn field(size: u32, seed: u64, terrain: &TerrainRules) -> Field {
    let mut rng = XorShift(seed);
    let mut map = Map::filled(size, size, Cell::default());
    let s = size as i32;
    for y in 0..s {
        for x in 0..s {
            if rng.chance(30) {
                map.set_cell(
                    Square::new(x, y),
                    Cell {
                        difficult: true,
                        ..Cell::default()
                    },
                );
            }
        }
    }
    for _ in 0..(size * size / 64) {
        let (x, y, len, vertical) = (rng.below(size), rng.below(size), 2 + rng.below(7), rng.chance(50));
        for k in 0..len {
            if vertical {
                map.set_vertical_edge(x, y + k, EdgeFeature::Wall);
            } else {
                map.set_horizontal_edge(x + k, y, EdgeFeature::Wall);
            }
        }
    }
    let wall = Cell {
        blocks_movement: true,
        blocks_loe: true,
        hard_corner: true,
        ..Cell::default()
    };
    for _ in 0..(size * size / 256) {
        let (x, y, len, vertical) = (rng.below(size), rng.below(size), 2 + rng.below(5), rng.chance(50));
        for k in 0..len {
            let at = if vertical {
                Square::new(x, y + k)
            } else {
                Square::new(x + k, y)
            };
            map.set_cell(at, wall);
        }
    }
    let start = Square::new(s / 2, s / 2);
    map.set_cell(start, Cell::default());
    let mut states = MoveBoard::states_from_map(&map, terrain.low_objects_hamper);
    let idx = |sq: Square| (sq.y * s + sq.x) as usize;
    let mut units = Vec::new();
    while units.len() < 200 {
        let at = Square::new(rng.below(size), rng.below(size));
        if at != start && states[idx(at)].passable {
            states[idx(at)].passable = false;
            states[idx(at)].endable = false;
            units.push(at);
        }
    }
    units.sort_by_key(|u| (u.x - start.x).abs().max((u.y - start.y).abs()));
    for (bit, unit) in units.iter().take(8).enumerate() {
        for dy in -1..=1 {
            for dx in -1..=1 {
                let at = Square::new(unit.x + dx, unit.y + dy);
                if map.contains(at) {
                    states[idx(at)].threat |= 1 << bit;
                }
            }
        }
    }
    // A goal about 12 squares away that the mover can reach: the first reachable endable
    // square on a ring around (start + (12, 4)).
    let board = MoveBoard::new(&map, &states, 1, terrain_policy(terrain), terrain, 0);
    let mut planner = Planner::new();
    let around = Square::new(start.x + 12, start.y + 4);
    let goal = (0..6)
        .flat_map(|r| (-r..=r).flat_map(move |dy| (-r..=r).map(move |dx| Square::new(around.x + dx, around.y + dy))))
        .find(|&g| planner.plan(&board, start, g, u32::MAX, 0, false, 0).is_some())
        .expect("a reachable goal");
    Field {
        map,
        states,
        start,
        goal,
    }
}

fn terrain_policy(terrain: &TerrainRules) -> fivefoot::ruleset::DiagonalPolicy {
    if terrain.hampered_diagonal_advances_counter.is_some() {
        fivefoot::ruleset::DiagonalPolicy::Alternating
    } else {
        fivefoot::ruleset::DiagonalPolicy::EveryDiagonalTwo
    }
}

/// Run overlay (§5.6, MOV-7): every square within 4 × speed (Chebyshev box) whose straight
/// line from the start stays on passable, non-difficult squares. Returns how many.
fn run_lines(board: &MoveBoard, start: Square, reach: i32) -> usize {
    let mut ok = 0;
    for y in start.y - reach..=start.y + reach {
        for x in start.x - reach..=start.x + reach {
            let end = Square::new(x, y);
            if end == start || !board.map.contains(end) {
                continue;
            }
            let Some(steps) = straight_steps(start, end, StraightLine::Bresenham) else {
                continue;
            };
            let mut clear = true;
            for sq in steps {
                match board.state(sq) {
                    Some(s) if s.passable && s.hamper & SquareState::HAMPER_DIFFICULT == 0 => {}
                    _ => {
                        clear = false;
                        break;
                    }
                }
            }
            ok += clear as usize;
        }
    }
    ok
}

/// Successors of a (square, parity) state with the planner's own step rules.
fn successors(board: &MoveBoard, (at, parity): (Square, u32)) -> Vec<((Square, u32), u32)> {
    let mut next = Vec::with_capacity(8);
    for (dx, dy) in [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1)] {
        let to = Square::new(at.x + dx, at.y + dy);
        if let Ok(shape) = board.check_step(at, to) {
            let (cost, advances) = board.step_price(shape, parity);
            next.push(((to, parity ^ advances as u32), cost));
        }
    }
    next
}

/// The baseline: `pathfinding::dijkstra` over (square, parity) with the same step rules.
fn baseline(board: &MoveBoard, start: Square, goal: Square) -> Option<u32> {
    pathfinding::prelude::dijkstra(&(start, 0u32), |&s| successors(board, s), |&(at, _)| at == goal)
        .map(|(_, cost)| cost)
}

/// A second baseline: `pathfinding::astar` with the planner's clear-ground lower bound
/// (1-2-1-2 distance from the state's parity), so the algorithms match.
fn baseline_astar(board: &MoveBoard, start: Square, goal: Square) -> Option<u32> {
    pathfinding::prelude::astar(
        &(start, 0u32),
        |&s| successors(board, s),
        |&(at, parity)| {
            let (dx, dy) = ((goal.x - at.x).unsigned_abs(), (goal.y - at.y).unsigned_abs());
            dx.max(dy) + (dx.min(dy) + parity) / 2
        },
        |&(at, _)| at == goal,
    )
    .map(|(_, cost)| cost)
}

fn bench_size(size: u32, terrain: &TerrainRules) {
    let f = field(size, 0x5eed_0000 + size as u64, terrain);
    let board = MoveBoard::new(&f.map, &f.states, 1, terrain_policy(terrain), terrain, 0);
    let mut planner = Planner::new();
    let speed = 6;
    println!(
        "-- {size}×{size}: start {}, goal {} ({} squares away by 1-2-1-2); bands of {} and {} squares, \
         {} clear run lines",
        f.start,
        f.goal,
        board.policy.squares(f.goal.x - f.start.x, f.goal.y - f.start.y),
        planner.reach(&board, f.start, 0, speed).len(),
        planner.reach(&board, f.start, 0, 2 * speed).len(),
        run_lines(&board, f.start, 4 * speed as i32)
    );

    measure("reach, budget 6 (one move)", 1000, || {
        std::hint::black_box(planner.reach(&board, f.start, 0, speed));
    });
    measure("reach, budget 12 (double move)", 1000, || {
        std::hint::black_box(planner.reach(&board, f.start, 0, 2 * speed));
    });
    measure("run lines to every square within 24", 500, || {
        std::hint::black_box(run_lines(&board, f.start, 4 * speed as i32));
    });
    measure("move overlay (both bands + run lines)", 500, || {
        std::hint::black_box(planner.reach(&board, f.start, 0, speed));
        std::hint::black_box(planner.reach(&board, f.start, 0, 2 * speed));
        std::hint::black_box(run_lines(&board, f.start, 4 * speed as i32));
    });
    let plan = planner.plan(&board, f.start, f.goal, u32::MAX, 0, false, 0).unwrap();
    assert_eq!(
        baseline(&board, f.start, f.goal),
        Some(plan.cost),
        "same cost as the baseline"
    );
    let [ours, base] = measure_pair(
        [
            "path query, unbounded budget",
            "baseline: pathfinding::dijkstra, unbounded",
        ],
        1000,
        || {
            std::hint::black_box(planner.plan(&board, f.start, f.goal, u32::MAX, 0, false, 0));
        },
        || {
            std::hint::black_box(baseline(&board, f.start, f.goal));
        },
    );
    assert_eq!(baseline_astar(&board, f.start, f.goal), Some(plan.cost));
    let [ours_astar, base_astar] = measure_pair(
        [
            "path query, unbounded budget (paired again)",
            "baseline: pathfinding::astar, same bound",
        ],
        1000,
        || {
            std::hint::black_box(planner.plan(&board, f.start, f.goal, u32::MAX, 0, false, 0));
        },
        || {
            std::hint::black_box(baseline_astar(&board, f.start, f.goal));
        },
    );
    measure("path query, budget 24", 1000, || {
        std::hint::black_box(planner.plan(&board, f.start, f.goal, 24, 0, false, 0));
    });
    let avoid = planner.plan(&board, f.start, f.goal, 24, 0, true, 0);
    measure("path query avoiding AoOs, budget 24", 1000, || {
        std::hint::black_box(planner.plan(&board, f.start, f.goal, 24, 0, true, 0));
    });
    println!(
        "   path cost {} squares, {} steps, {} reactors provoked; avoiding AoOs (cost, reactors, exact): {:?}; \
         dijkstra / ours = {:.1}×, astar / ours = {:.1}×",
        plan.cost,
        plan.squares.len(),
        plan.provoked.count_ones(),
        avoid.map(|a| (a.cost, a.provoked.count_ones(), a.exact_aoo)),
        base.as_secs_f64() / ours.as_secs_f64(),
        base_astar.as_secs_f64() / ours_astar.as_secs_f64()
    );

    // Heap allocations of one warmed-up query: the result only, whatever the states visited.
    let mut out = None;
    let reach_allocs = allocations_during(|| out = Some(planner.reach(&board, f.start, 0, 2 * speed)));
    let reach_visited = planner.last_visited();
    let plan_allocs = allocations_during(|| {
        std::hint::black_box(planner.plan(&board, f.start, f.goal, u32::MAX, 0, false, 0));
    });
    let plan_visited = planner.last_visited();
    let avoid_allocs = allocations_during(|| {
        std::hint::black_box(planner.plan(&board, f.start, f.goal, 24, 0, true, 0));
    });
    let avoid_visited = planner.last_visited();
    let line_allocs = allocations_during(|| {
        std::hint::black_box(run_lines(&board, f.start, 4 * speed as i32));
    });
    let base_allocs = allocations_during(|| {
        std::hint::black_box(baseline(&board, f.start, f.goal));
    });
    println!(
        "   allocations: reach(12) {reach_allocs} for {reach_visited} states ({} squares in the band), \
         plan {plan_allocs} for {plan_visited} states, plan avoiding AoOs {avoid_allocs} for {avoid_visited} \
         states, run lines {line_allocs}, baseline {base_allocs}",
        out.map_or(0, |r| r.len())
    );
    println!(
        "   allocations per visited square: 0 (scratch reused; {} allocations are the result vectors)",
        reach_allocs.max(plan_allocs).max(avoid_allocs)
    );
}

fn main() {
    let terrain = load_embedded(Family::Starfinder).expect("starfinder ruleset").terrain;
    bench_size(256, &terrain);
    bench_size(64, &terrain);
}
