//! Movement paths (RULES.md §5.2-§5.5, §8.2): pricing an explicit path step by step and
//! planning the cheapest legal path to a goal, optionally provoking as few distinct
//! reactors as possible (AOO-1).
//!
//! Dijkstra (A* with the clear-ground 1-2-1-2 distance when there is a goal) over (position,
//! 1-2-1-2 parity[, reactor set]) with a bucket queue, as step costs are small integers. The
//! `Planner` keeps its scratch arrays between queries and marks them with a generation stamp
//! instead of clearing them, so a query allocates only its result (docs/performance.md).
//! Pure geometry: the rules layer builds the `MoveBoard` and decides what the numbers mean.
//! Over 600 lines: about 380 of them are its tests (the planner's costs, corners, parity and
//! squeezing).

use super::Square;
use super::board::{MoveBoard, PathErrorKind, StepShape};
use crate::ruleset::DiagonalPolicy;
use serde::Serialize;

/// The 8 step directions. Orthogonal first, so that among equally cheap routes the queue
/// meets orthogonal steps first (deterministic ties).
pub(super) const DIRS: [(i32, i32); 8] = [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1)];

/// States beyond which the exact reactor-set search falls back to labels (about 12 MB).
const EXACT_STATE_CAP: usize = 1 << 20;
/// At most this many distinct reactors in the searched region for the exact search.
const EXACT_REACTORS: u32 = 8;

/// A path that failed a check: the 0-based index of the offending step and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("step {step}: {reason}")]
pub struct PathError {
    pub step: usize,
    pub reason: PathErrorKind,
}

/// The price of an explicit path (`Planner::price`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct PricedPath {
    /// Squares of movement each step costs (MOV-3).
    pub steps: Vec<u32>,
    /// Sum of `steps`.
    pub total: u32,
    /// The 1-2-1-2 counter after the path: `parity0` plus the diagonals that advanced it
    /// (MOV-4). Only its parity matters.
    pub diagonals_after: u32,
    /// Per step, the reactors threatening a square the step leaves (§8.2), withdraw
    /// exemption applied (`price_exempting`). A reactor may show at several steps; it gets
    /// at most one attack of opportunity per move and the rules layer picks which.
    pub provoked: Vec<u64>,
}

impl PricedPath {
    /// The OR of all per-step masks: every reactor that could make an attack of opportunity.
    pub fn provoked_any(&self) -> u64 {
        self.provoked.iter().fold(0, |a, m| a | m)
    }
}

/// A planned move (`Planner::plan`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Plan {
    /// Top-left squares after the start, the goal last.
    pub squares: Vec<Square>,
    /// Squares of movement per step.
    pub steps: Vec<u32>,
    /// Sum of `steps`, at most the budget (MOV-9).
    pub cost: u32,
    /// OR of the reactors provoked along the path (withdraw exemption applied).
    pub provoked: u64,
    /// `(step index, reactors)` for each step that leaves a threatened square.
    pub provoking_steps: Vec<(usize, u64)>,
    /// Parity (0 or 1) of the 1-2-1-2 counter after the move (MOV-4).
    pub parity_after: u32,
    /// With `avoid_aoo`: whether the minimum number of distinct reactors is proven (exact
    /// search) or only a good label-correcting answer (more than 8 reactors in the region or
    /// too many states). Always `true` without `avoid_aoo`.
    pub exact_aoo: bool,
}

/// How a search orders and identifies its states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Cost only.
    Plain,
    /// The reactor subset (compressed to `bits` bits) is part of the state; exact.
    Exact {
        bits: [u8; EXACT_REACTORS as usize],
        count: u32,
    },
    /// One (distinct reactors, cost) label per (position, parity); approximate.
    Labels,
}

/// The positions a search may visit: top-left squares within `budget` (Chebyshev) of the
/// start, since every step costs at least one square.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Window {
    pub x0: i32,
    pub y0: i32,
    pub w: i32,
    pub h: i32,
    /// 2 when the policy alternates (1-2-1-2 parity is part of the state), else 1.
    pub parities: usize,
    /// Reactor subsets per (position, parity): 1 unless the exact AoO search runs.
    pub masks: usize,
    /// Positions with states: all of the window, or (exact AoO search) only those the plain
    /// pre-pass reached, numbered densely (`Planner::slot_of`).
    pub slots: usize,
}

impl Window {
    fn new(board: &MoveBoard, start: Square, budget: u32) -> Option<Self> {
        if !board.on_map(start) {
            return None;
        }
        let n = board.side();
        let (max_x, max_y) = (board.map.width() as i32 - n, board.map.height() as i32 - n);
        let r = budget.min(1 << 20) as i32;
        let (x0, y0) = ((start.x - r).max(0), (start.y - r).max(0));
        let (x1, y1) = ((start.x + r).min(max_x), (start.y + r).min(max_y));
        let parities = match board.policy {
            DiagonalPolicy::Alternating => 2,
            DiagonalPolicy::EveryDiagonalTwo => 1,
        };
        let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
        Some(Self {
            x0,
            y0,
            w,
            h,
            parities,
            masks: 1,
            slots: (w * h) as usize,
        })
    }

    pub fn positions(&self) -> usize {
        (self.w * self.h) as usize
    }

    pub fn pos_index(&self, sq: Square) -> Option<usize> {
        let (x, y) = (sq.x - self.x0, sq.y - self.y0);
        (x >= 0 && y >= 0 && x < self.w && y < self.h).then(|| (y * self.w + x) as usize)
    }

    pub fn square(&self, pos: usize) -> Square {
        Square::new(self.x0 + pos as i32 % self.w, self.y0 + pos as i32 / self.w)
    }

    /// Number of states: mask-major, then slot, then parity, so that the states of one
    /// reactor subset (most of an exact search runs in the empty one) lie together.
    fn states(&self) -> usize {
        self.masks * self.slots * self.parities
    }

    fn state(&self, mask: usize, slot: usize, parity: usize) -> usize {
        (mask * self.slots + slot) * self.parities + parity
    }

    fn slot_of_state(&self, s: usize) -> usize {
        (s / self.parities) % self.slots
    }

    fn parity_of_state(&self, s: usize) -> usize {
        s % self.parities
    }

    fn mask_of_state(&self, s: usize) -> usize {
        s / (self.parities * self.slots)
    }
}

/// Bucket queue: `levels[distinct reactors][cost]` holds state indices. Buckets keep their
/// capacity between queries.
#[derive(Debug, Default)]
struct Buckets {
    levels: Vec<Vec<Vec<u32>>>,
}

impl Buckets {
    fn reset(&mut self, levels: usize) {
        for level in &mut self.levels {
            for bucket in level.iter_mut() {
                bucket.clear();
            }
        }
        if self.levels.len() < levels {
            self.levels.resize_with(levels, Vec::new);
        }
    }

    fn push(&mut self, level: usize, cost: u32, state: u32) {
        let level = &mut self.levels[level];
        let cost = cost as usize;
        if level.len() <= cost {
            level.resize_with(cost + 1, Vec::new);
        }
        level[cost].push(state);
    }
}

/// A reusable movement planner (see the module docs). One per thread; not tied to a map.
#[derive(Debug, Default)]
pub struct Planner {
    generation: u32,
    stamp: Vec<u32>,
    dist: Vec<u32>,
    parent: Vec<u32>,
    /// Label mode only: the distinct-reactor count and reactor set of each state's label.
    level: Vec<u8>,
    mask: Vec<u64>,
    buckets: Buckets,
    /// Per window position: the packed step shapes (`shapes_from`) and their stamp.
    shapes: Vec<u64>,
    shape_stamp: Vec<u32>,
    /// Exact AoO search only (`compact`): window position → dense slot (`NO_SLOT` if the
    /// pre-pass did not reach it), and back. Otherwise slot = position.
    slot_of: Vec<u32>,
    pos_of_slot: Vec<u32>,
    compact: bool,
    pub(super) window: Window,
    visited: usize,
}

/// One search: what to minimise and where to stop.
#[derive(Clone, Copy)]
struct Search {
    start: Square,
    parity0: u32,
    budget: u32,
    /// Window position where the search stops when it settles it.
    goal: Option<usize>,
    /// Square the search heads for: states are ordered by cost plus an admissible lower
    /// bound of the rest (A*) and pruned when that exceeds the budget.
    target: Option<Square>,
    mode: Mode,
    exempt_first: u64,
    /// States provoking more distinct reactors than this are not explored (a path with
    /// this many is already known).
    max_level: u32,
}

const NO_PARENT: u32 = u32::MAX;
const NO_SLOT: u32 = u32::MAX;
/// A step code in `Planner::shapes`: the step is not allowed.
const ILLEGAL: u8 = u8::MAX;

impl Planner {
    pub fn new() -> Self {
        Self::default()
    }

    /// States settled by the last `plan` or `reach` (for benchmarks and docs).
    pub fn last_visited(&self) -> usize {
        self.visited
    }

    /// Checks and prices an explicit path (MOV-3, MOV-4, MOV-10, MOV-11): `steps` are the
    /// successive top-left squares after `start`, each an 8-neighbour of the previous; the
    /// last must be a position where the mover may end. `parity0` is the 1-2-1-2 counter
    /// before the move. No withdraw exemption: see `price_exempting`.
    pub fn price(
        &self,
        board: &MoveBoard,
        start: Square,
        steps: &[Square],
        parity0: u32,
    ) -> Result<PricedPath, PathError> {
        self.price_exempting(board, start, steps, parity0, 0)
    }

    /// `price` with the withdraw exemption (§5.9): reactors in `exempt_first` do not count
    /// for the squares of the start footprint.
    pub fn price_exempting(
        &self,
        board: &MoveBoard,
        start: Square,
        steps: &[Square],
        parity0: u32,
        exempt_first: u64,
    ) -> Result<PricedPath, PathError> {
        price_path(board, start, steps, parity0, exempt_first)
    }

    /// The cheapest legal path from `start` to `goal` costing at most `budget` squares
    /// (MOV-9), ending where the mover may end (MOV-11). With `avoid_aoo` it minimises
    /// (distinct reactors provoked, cost) lexicographically; `exempt_first` are reactors
    /// that do not count for the squares of the start footprint whenever they are left
    /// (withdraw, §5.9). `None` if no such path exists. The same query always returns the
    /// same path. Exact (`Plan::exact_aoo`) unless more than 8 reactors threaten squares a
    /// path within the budget could leave, or the states would exceed 2²⁰.
    #[allow(clippy::too_many_arguments)]
    pub fn plan(
        &mut self,
        board: &MoveBoard,
        start: Square,
        goal: Square,
        budget: u32,
        parity0: u32,
        avoid_aoo: bool,
        exempt_first: u64,
    ) -> Option<Plan> {
        self.visited = 0;
        if !board.footprint_endable(goal) {
            return None;
        }
        let window = Window::new(board, start, budget)?;
        let goal_pos = window.pos_index(goal)?;
        let mut search = Search {
            start,
            parity0,
            budget,
            goal: Some(goal_pos),
            target: Some(goal),
            mode: Mode::Plain,
            exempt_first,
            max_level: u64::BITS,
        };
        self.compact = false;
        // The cheapest path first: it decides reachability, and if it provokes no one it is
        // also the lexicographic optimum.
        let cheapest = self.search_plan(board, window, &search)?;
        if !avoid_aoo || cheapest.provoked == 0 {
            return Some(cheapest);
        }
        let (mode, window_aoo) = self.aoo_mode(board, &search, window);
        search.mode = mode;
        search.max_level = cheapest.provoked.count_ones();
        let plan = self.search_plan(board, window_aoo, &search);
        self.compact = false;
        if mode != Mode::Labels {
            return plan.or(Some(cheapest));
        }
        // Labels are a heuristic (a label with fewer reactors may displace a cheaper one that
        // alone fits the budget): never return more reactors than the cheapest path.
        let cheapest = Plan {
            exact_aoo: false,
            ..cheapest
        };
        let key = |p: &Plan| (p.provoked.count_ones(), p.cost);
        Some(match plan {
            Some(plan) if key(&plan) <= key(&cheapest) => plan,
            _ => cheapest,
        })
    }

    /// One search for `plan` and the plan read back from it.
    fn search_plan(&mut self, board: &MoveBoard, window: Window, search: &Search) -> Option<Plan> {
        self.window = window;
        let found = self.run(board, search)?;
        let squares = self.path_to(found);
        let priced = price_path(board, search.start, &squares, search.parity0, search.exempt_first).ok()?;
        let provoking_steps: Vec<(usize, u64)> = priced
            .provoked
            .iter()
            .enumerate()
            .filter(|(_, m)| **m != 0)
            .map(|(i, m)| (i, *m))
            .collect();
        Some(Plan {
            provoked: priced.provoked_any(),
            squares,
            cost: priced.total,
            steps: priced.steps,
            provoking_steps,
            parity_after: priced.diagonals_after % 2,
            exact_aoo: search.mode != Mode::Labels,
        })
    }

    /// Chooses the AoO search for a plan. Exact over the whole window if at most 8
    /// reactors threaten a square there and the states fit the cap. Otherwise a plain sweep
    /// of the budget finds the positions the mover can reach at all; the reactors that
    /// threaten a square of their footprints are the ones that can matter, and if those fit,
    /// exact over the reached positions only (`compact` slots). Else labels.
    fn aoo_mode(&mut self, board: &MoveBoard, search: &Search, window: Window) -> (Mode, Window) {
        let n = board.side();
        let start = search.start;
        let mut region = 0u64;
        for y in window.y0..window.y0 + window.h + n - 1 {
            for x in window.x0..window.x0 + window.w + n - 1 {
                let start_square = x >= start.x && x < start.x + n && y >= start.y && y < start.y + n;
                if let Some(s) = board.state(Square::new(x, y))
                    && (s.passable || start_square)
                {
                    region |= s.threat;
                }
            }
        }
        if let Some((mode, masks)) = exact_mode(region, window.positions() * window.parities) {
            return (mode, Window { masks, ..window });
        }
        self.window = window;
        let sweep = Search {
            goal: None,
            mode: Mode::Plain,
            ..*search
        };
        if self.run(board, &sweep).is_none() {
            return (Mode::Labels, window);
        }
        if self.slot_of.len() < window.positions() {
            self.slot_of.resize(window.positions(), NO_SLOT);
            self.pos_of_slot.resize(window.positions(), 0);
        }
        let (mut slots, mut region) = (0usize, 0u64);
        for pos in 0..window.positions() {
            if self.best_cost(pos).is_none() {
                self.slot_of[pos] = NO_SLOT;
                continue;
            }
            self.slot_of[pos] = slots as u32;
            self.pos_of_slot[slots] = pos as u32;
            slots += 1;
            let at = window.square(pos);
            for y in at.y..at.y + n {
                for x in at.x..at.x + n {
                    region |= board.state(Square::new(x, y)).map_or(0, |s| s.threat);
                }
            }
        }
        match exact_mode(region, slots * window.parities) {
            Some((mode, masks)) => {
                self.compact = true;
                (mode, Window { masks, slots, ..window })
            }
            None => (Mode::Labels, window),
        }
    }

    /// The state slot of window position `pos`, if it has states in this search.
    fn slot(&self, pos: usize) -> Option<usize> {
        if !self.compact {
            return Some(pos);
        }
        let slot = self.slot_of[pos];
        (slot != NO_SLOT).then_some(slot as usize)
    }

    /// The window position of state slot `slot`.
    fn pos(&self, slot: usize) -> usize {
        if self.compact {
            self.pos_of_slot[slot] as usize
        } else {
            slot
        }
    }

    /// Runs Dijkstra from `search.start`; returns the settled goal state if a goal was given
    /// and reached, `Some(NO_PARENT)` when exhausting the budget without a goal.
    fn run(&mut self, board: &MoveBoard, search: &Search) -> Option<u32> {
        let window = self.window;
        let states = window.states();
        if self.stamp.len() < states {
            self.stamp.resize(states, 0);
            self.dist.resize(states, 0);
            self.parent.resize(states, NO_PARENT);
        }
        if self.shapes.len() < window.positions() {
            self.shapes.resize(window.positions(), 0);
            self.shape_stamp.resize(window.positions(), 0);
        }
        if search.mode == Mode::Labels && self.level.len() < states {
            self.level.resize(states, 0);
            self.mask.resize(states, 0);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.shape_stamp.fill(0);
            self.generation = 1;
        }
        let levels = match search.mode {
            Mode::Plain => 1,
            Mode::Exact { count, .. } => count as usize + 1,
            Mode::Labels => 65,
        };
        self.buckets.reset(levels);

        let start_slot = self.slot(window.pos_index(search.start)?)?;
        let parity0 = if window.parities == 2 {
            search.parity0 as usize % 2
        } else {
            0
        };
        let s0 = window.state(0, start_slot, parity0);
        self.stamp[s0] = self.generation;
        self.dist[s0] = 0;
        self.parent[s0] = NO_PARENT;
        if search.mode == Mode::Labels {
            self.level[s0] = 0;
            self.mask[s0] = 0;
        }
        let h0 = lower_bound(board, search.target, search.start, parity0);
        self.buckets.push(0, h0, s0 as u32);

        for level in 0..levels {
            let mut key = 0usize;
            while key < self.buckets.levels[level].len() {
                let mut i = 0;
                while i < self.buckets.levels[level][key].len() {
                    let s = self.buckets.levels[level][key][i] as usize;
                    i += 1;
                    let pos = self.pos(window.slot_of_state(s));
                    let h = lower_bound(board, search.target, window.square(pos), window.parity_of_state(s));
                    if self.dist[s].saturating_add(h) != key as u32
                        || (search.mode == Mode::Labels && self.level[s] as usize != level)
                    {
                        continue; // superseded
                    }
                    self.visited += 1;
                    if search.goal == Some(pos) {
                        return Some(s as u32);
                    }
                    self.expand(board, search, s, level, key as u32);
                }
                key += 1;
            }
        }
        search.goal.is_none().then_some(NO_PARENT)
    }

    /// Relaxes the 8 steps out of settled state `s`, popped from bucket `key` of `level`.
    fn expand(&mut self, board: &MoveBoard, search: &Search, s: usize, level: usize, key: u32) {
        let window = self.window;
        let cost = self.dist[s];
        let pos = self.pos(window.slot_of_state(s));
        let parity = window.parity_of_state(s);
        let from = window.square(pos);
        let (held, held_compact) = match search.mode {
            Mode::Labels => (self.mask[s], 0),
            _ => (0, window.mask_of_state(s)),
        };
        let shapes = self.shapes_from(board, pos, from);
        for (d, (dx, dy)) in DIRS.into_iter().enumerate() {
            let code = (shapes >> (8 * d)) as u8;
            if code == ILLEGAL {
                continue;
            }
            let shape = StepShape {
                diagonal: d >= 4,
                hampering: code as u32,
            };
            let to = Square::new(from.x + dx, from.y + dy);
            let Some(to_slot) = window.pos_index(to).and_then(|p| self.slot(p)) else {
                continue;
            };
            let (step, advances) = board.step_price(shape, parity as u32);
            let new_cost = cost.saturating_add(step);
            let new_parity = if window.parities == 2 {
                parity ^ advances as usize
            } else {
                0
            };
            let new_key = new_cost.saturating_add(lower_bound(board, search.target, to, new_parity));
            if new_key > search.budget {
                continue; // cannot reach the target (or anything) within the budget
            }
            let (t, new_level, new_mask) = match search.mode {
                Mode::Plain => (window.state(0, to_slot, new_parity), 0, 0),
                Mode::Exact { bits, count } => {
                    let left = board.left_threat(from, to, search.start, search.exempt_first);
                    let mut compact = held_compact;
                    if left != 0 {
                        for (j, b) in bits.iter().take(count as usize).enumerate() {
                            compact |= (((left >> b) & 1) as usize) << j;
                        }
                    }
                    let t = window.state(compact, to_slot, new_parity);
                    (t, compact.count_ones() as usize, 0)
                }
                Mode::Labels => {
                    let m = held | board.left_threat(from, to, search.start, search.exempt_first);
                    (window.state(0, to_slot, new_parity), m.count_ones() as usize, m)
                }
            };
            debug_assert!(new_level >= level);
            if new_level as u32 > search.max_level {
                continue;
            }
            let better = if self.stamp[t] != self.generation {
                true
            } else if search.mode == Mode::Labels {
                (new_level, new_cost) < (self.level[t] as usize, self.dist[t])
            } else {
                new_cost < self.dist[t]
            };
            if better {
                self.stamp[t] = self.generation;
                self.dist[t] = new_cost;
                self.parent[t] = s as u32;
                if search.mode == Mode::Labels {
                    self.level[t] = new_level as u8;
                    self.mask[t] = new_mask;
                }
                // The bound is consistent (every real step costs at least its clear-ground
                // counterpart), so keys never fall below the bucket being processed.
                debug_assert!(new_key >= key, "inconsistent lower bound");
                self.buckets.push(new_level, new_key, t as u32);
            }
        }
    }

    /// The legality and hampering of the 8 steps out of window position `pos`, one byte per
    /// direction of `DIRS` (`ILLEGAL` or the doublings), computed once per position and query
    /// although the position may be expanded once per parity and reactor set.
    fn shapes_from(&mut self, board: &MoveBoard, pos: usize, from: Square) -> u64 {
        if self.shape_stamp[pos] == self.generation {
            return self.shapes[pos];
        }
        let mut packed = 0u64;
        for (d, (dx, dy)) in DIRS.into_iter().enumerate() {
            let code = match board.check_step(from, Square::new(from.x + dx, from.y + dy)) {
                Ok(shape) => shape.hampering.min(ILLEGAL as u32 - 1) as u8,
                Err(_) => ILLEGAL,
            };
            packed |= (code as u64) << (8 * d);
        }
        self.shape_stamp[pos] = self.generation;
        self.shapes[pos] = packed;
        packed
    }

    /// The top-left squares from after the start to the settled state `s`.
    fn path_to(&self, s: u32) -> Vec<Square> {
        let mut len = 0;
        let mut at = s;
        while self.parent[at as usize] != NO_PARENT {
            len += 1;
            at = self.parent[at as usize];
        }
        let mut squares = vec![Square::new(0, 0); len];
        let mut at = s;
        for slot in squares.iter_mut().rev() {
            *slot = self.window.square(self.pos(self.window.slot_of_state(at as usize)));
            at = self.parent[at as usize];
        }
        squares
    }

    /// Plain search over the whole budget (for `reach`): afterwards `best_cost` answers.
    pub(super) fn explore(&mut self, board: &MoveBoard, start: Square, parity0: u32, budget: u32) -> bool {
        self.visited = 0;
        self.compact = false;
        let Some(window) = Window::new(board, start, budget) else {
            return false;
        };
        self.window = window;
        let search = Search {
            start,
            parity0,
            budget,
            goal: None,
            target: None,
            mode: Mode::Plain,
            exempt_first: 0,
            max_level: u64::BITS,
        };
        self.run(board, &search).is_some()
    }

    /// After `explore`: the cheapest cost to window position `pos` over both parities.
    pub(super) fn best_cost(&self, pos: usize) -> Option<u32> {
        (0..self.window.parities)
            .map(|k| self.window.state(0, pos, k))
            .filter(|&s| self.stamp[s] == self.generation)
            .map(|s| self.dist[s])
            .min()
    }
}

/// MOV-3 on clear ground: the least any path can cost from `at` (1-2-1-2 counter parity
/// `parity`) to `target`, as hampering, walls and detours only add (A* lower bound).
fn lower_bound(board: &MoveBoard, target: Option<Square>, at: Square, parity: usize) -> u32 {
    let Some(t) = target else {
        return 0;
    };
    let (dx, dy) = ((t.x - at.x).unsigned_abs(), (t.y - at.y).unsigned_abs());
    let (long, short) = (dx.max(dy), dx.min(dy));
    match board.policy {
        DiagonalPolicy::Alternating => long + (short + parity as u32) / 2,
        DiagonalPolicy::EveryDiagonalTwo => dx + dy,
    }
}

/// The exact AoO search over the reactors in `region` if there are at most 8 of them and
/// `slot_states` (positions × parities) times their subsets fits the cap; with the number
/// of subsets.
fn exact_mode(region: u64, slot_states: usize) -> Option<(Mode, usize)> {
    let count = region.count_ones();
    if count > EXACT_REACTORS || slot_states << count > EXACT_STATE_CAP {
        return None;
    }
    let mut bits = [0u8; EXACT_REACTORS as usize];
    let mut rest = region;
    for b in bits.iter_mut().take(count as usize) {
        *b = rest.trailing_zeros() as u8;
        rest &= rest - 1;
    }
    Some((Mode::Exact { bits, count }, 1 << count))
}

/// `Planner::price_exempting` without a planner.
fn price_path(
    board: &MoveBoard,
    start: Square,
    steps: &[Square],
    parity0: u32,
    exempt_first: u64,
) -> Result<PricedPath, PathError> {
    let mut priced = PricedPath {
        steps: Vec::with_capacity(steps.len()),
        total: 0,
        diagonals_after: parity0,
        provoked: Vec::with_capacity(steps.len()),
    };
    let mut from = start;
    for (i, &to) in steps.iter().enumerate() {
        let shape = board
            .check_step(from, to)
            .map_err(|reason| PathError { step: i, reason })?;
        let (cost, advances) = board.step_price(shape, priced.diagonals_after);
        priced.steps.push(cost);
        priced.total += cost;
        priced.diagonals_after += advances as u32;
        priced.provoked.push(board.left_threat(from, to, start, exempt_first));
        from = to;
    }
    if !steps.is_empty() && !board.footprint_endable(from) {
        return Err(PathError {
            step: steps.len() - 1,
            reason: PathErrorKind::CannotEnd,
        });
    }
    Ok(priced)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::path_testkit::{
        Scenario, board_for, brute_force_aoo, brute_force_costs, scenario_strategy, starfinder_terrain,
    };
    use crate::grid::{Cell, Map, SquareState};
    use proptest::prelude::*;

    fn sq(x: i32, y: i32) -> Square {
        Square::new(x, y)
    }

    #[test]
    fn we_01_altronus_difficult_terrain_costs() {
        // Altronus at (0,3): east, north-east, north-east, east into DT, north-east into DT.
        let mut map = Map::filled(8, 5, Cell::default());
        let difficult = Cell {
            difficult: true,
            ..Cell::default()
        };
        map.set_cell(sq(4, 1), difficult);
        map.set_cell(sq(5, 0), difficult);
        let terrain = starfinder_terrain();
        let states = MoveBoard::states_from_map(&map, false);
        let board = board_for(&map, &states, 1, &terrain);
        let path = [sq(1, 3), sq(2, 2), sq(3, 1), sq(4, 1), sq(5, 0)];
        let priced = Planner::new().price(&board, sq(0, 3), &path, 0).unwrap();
        assert_eq!(
            priced.steps.iter().map(|c| c * 5).collect::<Vec<_>>(),
            [5, 5, 10, 10, 15]
        );
        assert_eq!(priced.steps[..4].iter().sum::<u32>() * 5, 30, "one move action");
        assert_eq!(priced.total, 9);
        assert_eq!(priced.total * 5, 45);
        assert_eq!(priced.diagonals_after, 3);
        // MOV-9: with one move action (6 squares) the last step does not fit; two do (MOV-2).
        let mut planner = Planner::new();
        assert!(planner.plan(&board, sq(0, 3), sq(5, 0), 6, 0, false, 0).is_none());
        let plan = planner.plan(&board, sq(0, 3), sq(4, 1), 6, 0, false, 0).unwrap();
        assert!(plan.cost <= 6);
    }

    #[test]
    fn we_02_ksarik_goes_around_a_hard_corner() {
        // A pillar with hard corners at (1,1); the ksarik at (0,0) heads for (2,2).
        let mut map = Map::filled(4, 4, Cell::default());
        let pillar = Cell {
            blocks_movement: true,
            hard_corner: true,
            ..Cell::default()
        };
        map.set_cell(sq(1, 1), pillar);
        let terrain = starfinder_terrain();
        let states = MoveBoard::states_from_map(&map, false);
        let board = board_for(&map, &states, 1, &terrain);
        let mut planner = Planner::new();
        let cutting = [sq(1, 0), sq(2, 1), sq(2, 2)];
        assert_eq!(
            planner.price(&board, sq(0, 0), &cutting, 0),
            Err(PathError {
                step: 1,
                reason: PathErrorKind::HardCorner
            })
        );
        let plan = planner.plan(&board, sq(0, 0), sq(2, 2), 6, 0, false, 0).unwrap();
        assert_eq!(plan.cost * 5, 20);
        assert_eq!(plan.squares.len(), 4, "fully around the corner");
        // The same pillar without hard corners (a pit, say) can be cut: 15 ft.
        map.set_cell(
            sq(1, 1),
            Cell {
                blocks_movement: true,
                ..Cell::default()
            },
        );
        let states = MoveBoard::states_from_map(&map, false);
        let board = board_for(&map, &states, 1, &terrain);
        assert_eq!(
            planner.plan(&board, sq(0, 0), sq(2, 2), 6, 0, false, 0).unwrap().cost * 5,
            15
        );
    }

    #[test]
    fn mov_10_diagonal_past_a_creature_is_allowed() {
        let map = Map::filled(3, 3, Cell::default());
        let terrain = starfinder_terrain();
        let mut states = MoveBoard::states_from_map(&map, false);
        states[1] = SquareState {
            passable: false,
            endable: false,
            ..states[1]
        };
        let board = board_for(&map, &states, 1, &terrain);
        let plan = Planner::new().plan(&board, sq(0, 0), sq(1, 1), 6, 0, false, 0).unwrap();
        assert_eq!((plan.squares, plan.cost), (vec![sq(1, 1)], 1));
    }

    #[test]
    fn mov_10_thin_wall_forces_a_detour() {
        let mut map = Map::filled(3, 3, Cell::default());
        map.set_vertical_edge(1, 0, crate::grid::EdgeFeature::Wall);
        map.set_vertical_edge(1, 1, crate::grid::EdgeFeature::Wall);
        let terrain = starfinder_terrain();
        let states = MoveBoard::states_from_map(&map, false);
        let board = board_for(&map, &states, 1, &terrain);
        let mut planner = Planner::new();
        assert_eq!(
            planner.price(&board, sq(0, 0), &[sq(1, 0)], 0).unwrap_err().reason,
            PathErrorKind::ThinWall
        );
        let plan = planner.plan(&board, sq(0, 0), sq(1, 0), 10, 0, false, 0).unwrap();
        // The wall runs from (1,0) to (1,2) and its end refuses (0,1) → (1,2), so the route
        // goes below it: (0,1), (0,2), (1,2), (1,1), (1,0).
        assert_eq!(plan.squares, vec![sq(0, 1), sq(0, 2), sq(1, 2), sq(1, 1), sq(1, 0)]);
        assert_eq!(plan.cost, 5);
    }

    #[test]
    fn mov_11_cannot_end_on_an_ally_but_may_pass() {
        let map = Map::filled(4, 1, Cell::default());
        let terrain = starfinder_terrain();
        let mut states = MoveBoard::states_from_map(&map, false);
        states[1].endable = false; // an ally at (1,0)
        let board = board_for(&map, &states, 1, &terrain);
        let mut planner = Planner::new();
        assert_eq!(
            planner.price(&board, sq(0, 0), &[sq(1, 0)], 0),
            Err(PathError {
                step: 0,
                reason: PathErrorKind::CannotEnd
            })
        );
        assert_eq!(
            planner.price(&board, sq(0, 0), &[sq(1, 0), sq(2, 0)], 0).unwrap().total,
            2
        );
        assert!(planner.plan(&board, sq(0, 0), sq(1, 0), 6, 0, false, 0).is_none());
        assert_eq!(
            planner.plan(&board, sq(0, 0), sq(2, 0), 6, 0, false, 0).unwrap().cost,
            2
        );
    }

    #[test]
    fn price_reports_off_map_blocked_and_not_adjacent() {
        let mut map = Map::filled(3, 3, Cell::default());
        map.set_cell(
            sq(1, 1),
            Cell {
                blocks_movement: true,
                ..Cell::default()
            },
        );
        let terrain = starfinder_terrain();
        let states = MoveBoard::states_from_map(&map, false);
        let board = board_for(&map, &states, 1, &terrain);
        let planner = Planner::new();
        let err = |steps: &[Square]| planner.price(&board, sq(0, 0), steps, 0).unwrap_err();
        assert_eq!(err(&[sq(0, -1)]).reason, PathErrorKind::OffMap);
        assert_eq!(
            err(&[sq(1, 0), sq(1, 1)]),
            PathError {
                step: 1,
                reason: PathErrorKind::Blocked
            }
        );
        assert_eq!(err(&[sq(2, 0)]).reason, PathErrorKind::NotAdjacent);
        assert_eq!(planner.price(&board, sq(0, 0), &[], 0).unwrap().total, 0);
    }

    /// Reactors for §28.2: bit 0 a ksarik (reach 10 ft: the 5×5 block, THR-4), bit 1 a goblin
    /// (reach 5 ft: the 8 neighbours, THR-5).
    fn aoo_board_states(map: &Map, ksarik: Square, goblin: Square) -> Vec<SquareState> {
        let mut states = MoveBoard::states_from_map(map, false);
        let w = map.width() as i32;
        for sq in map.squares() {
            let s = &mut states[(sq.y * w + sq.x) as usize];
            let d = |o: Square| (sq.x - o.x).abs().max((sq.y - o.y).abs());
            if d(ksarik) <= 2 {
                s.threat |= 1;
            }
            if d(goblin) <= 1 {
                s.threat |= 2;
            }
            if sq == ksarik || sq == goblin {
                s.passable = false;
                s.endable = false;
            }
        }
        states
    }

    #[test]
    fn we_08_we_09_safe_route_and_double_provocation() {
        let map = Map::filled(10, 8, Cell::default());
        let (ksarik, goblin) = (sq(5, 3), sq(3, 4));
        let states = aoo_board_states(&map, ksarik, goblin);
        let terrain = starfinder_terrain();
        let board = board_for(&map, &states, 1, &terrain);
        let mut planner = Planner::new();
        // Altronus from (0,4) to (4,5), adjacent to the goblin and within the ksarik's reach.
        let (start, goal) = (sq(0, 4), sq(4, 5));
        // WE-09 route #2: through (3,3), adjacent to both; leaving it provokes both.
        let route2 = [sq(1, 3), sq(2, 3), sq(3, 3), sq(4, 4), sq(4, 5)];
        let priced = planner.price(&board, start, &route2, 0).unwrap();
        assert_eq!(priced.provoked[3], 0b11);
        assert_eq!(priced.provoked_any().count_ones(), 2);
        // WE-08 route #1: never leaves a threatened square.
        let plan = planner.plan(&board, start, goal, 12, 0, true, 0).unwrap();
        assert_eq!(plan.provoked, 0, "{plan:?}");
        assert!(plan.exact_aoo);
        assert_eq!(plan.squares.last(), Some(&goal));
        assert!(plan.provoking_steps.is_empty());
        // The plain cheapest path does provoke.
        let cheapest = planner.plan(&board, start, goal, 12, 0, false, 0).unwrap();
        assert!(cheapest.cost <= plan.cost);
        assert!(cheapest.provoked.count_ones() >= 1);
    }

    #[test]
    fn we_10_withdraw_start_square_exempt_second_square_provokes() {
        let map = Map::filled(10, 8, Cell::default());
        let (ksarik, goblin) = (sq(7, 4), sq(6, 6));
        let states = aoo_board_states(&map, ksarik, goblin);
        let terrain = starfinder_terrain();
        let board = board_for(&map, &states, 1, &terrain);
        let planner = Planner::new();
        // Navasi at (5,5): adjacent to the goblin, 2 squares from the ksarik; both seen.
        let path = [sq(5, 4), sq(4, 3)];
        let priced = planner.price_exempting(&board, sq(5, 5), &path, 0, 0b11).unwrap();
        assert_eq!(priced.provoked, vec![0, 0b01], "only the ksarik, on leaving (5,4)");
        // Without withdraw, leaving (5,5) provokes both.
        assert_eq!(planner.price(&board, sq(5, 5), &path, 0).unwrap().provoked[0], 0b11);
    }

    #[test]
    fn avoid_aoo_with_withdraw_exemption_plans_a_clean_escape() {
        let map = Map::filled(10, 8, Cell::default());
        let states = aoo_board_states(&map, sq(7, 4), sq(6, 6));
        let terrain = starfinder_terrain();
        let board = board_for(&map, &states, 1, &terrain);
        let mut planner = Planner::new();
        let plan = planner.plan(&board, sq(5, 5), sq(2, 5), 12, 0, true, 0b11).unwrap();
        assert_eq!(plan.provoked, 0);
        let plain = planner.plan(&board, sq(5, 5), sq(2, 5), 12, 0, true, 0).unwrap();
        assert_eq!(
            plain.provoked, 0b11,
            "without the exemption leaving the start provokes both"
        );
    }

    #[test]
    fn plans_are_deterministic_and_prefer_orthogonal_ties() {
        let map = Map::filled(6, 6, Cell::default());
        let terrain = starfinder_terrain();
        let states = MoveBoard::states_from_map(&map, false);
        let board = board_for(&map, &states, 1, &terrain);
        let a = Planner::new().plan(&board, sq(0, 0), sq(3, 0), 6, 0, false, 0).unwrap();
        assert_eq!(a.squares, vec![sq(1, 0), sq(2, 0), sq(3, 0)]);
        let mut planner = Planner::new();
        let b1 = planner.plan(&board, sq(0, 0), sq(4, 3), 12, 1, false, 0).unwrap();
        let _ = planner.plan(&board, sq(5, 5), sq(0, 2), 12, 0, true, 0);
        let b2 = planner.plan(&board, sq(0, 0), sq(4, 3), 12, 1, false, 0).unwrap();
        assert_eq!(b1, b2);
    }

    #[test]
    fn many_reactors_fall_back_to_labels() {
        let map = Map::filled(12, 3, Cell::default());
        let terrain = starfinder_terrain();
        let mut states = MoveBoard::states_from_map(&map, false);
        for (i, s) in states.iter_mut().enumerate() {
            s.threat = 1 << (i % 12);
        }
        let board = board_for(&map, &states, 1, &terrain);
        let plan = Planner::new()
            .plan(&board, sq(0, 1), sq(11, 1), 20, 0, true, 0)
            .unwrap();
        assert!(!plan.exact_aoo);
        assert_eq!(plan.provoked.count_ones(), 11, "each column is a different reactor");
    }

    #[test]
    fn eight_reactors_stay_exact_and_find_the_one_clean_gap() {
        // A wall of creatures down column 9 with one gap at (9,9); in front of it, columns
        // 3-8 are threatened by eight reactors, one per band of 3 rows. Crossing inside the
        // band of rows 9-11 provokes only reactor 3.
        let map = Map::filled(16, 30, Cell::default());
        let terrain = starfinder_terrain();
        let mut states = MoveBoard::states_from_map(&map, false);
        for y in 0..24 {
            for x in 3..9 {
                states[y * 16 + x].threat = 1 << (y / 3);
            }
        }
        for y in (0..30).filter(|&y| y != 9) {
            states[y * 16 + 9].passable = false;
            states[y * 16 + 9].endable = false;
        }
        let board = board_for(&map, &states, 1, &terrain);
        let mut planner = Planner::new();
        let plan = planner.plan(&board, sq(1, 9), sq(12, 9), 24, 0, true, 0).unwrap();
        assert!(plan.exact_aoo);
        assert_eq!(plan.provoked, 1 << 3, "{plan:?}");
        let cheapest = planner.plan(&board, sq(1, 9), sq(12, 9), 24, 0, false, 0).unwrap();
        assert!(cheapest.provoked.count_ones() >= plan.provoked.count_ones());
    }

    fn check_plan_against_price(sc: &Scenario, plan: &Plan, exempt: u64) {
        let board = sc.board();
        let priced = Planner::new()
            .price_exempting(&board, sc.start, &plan.squares, sc.parity0, exempt)
            .unwrap();
        assert_eq!(plan.steps, priced.steps);
        assert_eq!(plan.cost, plan.steps.iter().sum::<u32>());
        assert_eq!(plan.cost, priced.total);
        assert_eq!(plan.provoked, priced.provoked_any());
        assert_eq!(plan.parity_after, priced.diagonals_after % 2);
        assert!(plan.cost <= sc.budget);
        let end = *plan.squares.last().unwrap_or(&sc.start);
        assert_eq!(end, sc.goal);
        assert!(board.footprint_endable(end) && board.footprint_passable(end));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// (a) + (c): a plan's cost is the sum of its steps, `price` agrees, it ends on an
        /// endable position; and it is exactly the brute-force cheapest cost.
        #[test]
        fn prop_plan_is_priced_and_cheapest(sc in scenario_strategy(12, 3)) {
            let board = sc.board();
            let mut planner = Planner::new();
            let plan = planner.plan(&board, sc.start, sc.goal, sc.budget, sc.parity0, false, 0);
            let brute = brute_force_costs(&board, sc.start, sc.parity0, sc.budget);
            let best = brute.get(&sc.goal).copied().filter(|_| board.footprint_endable(sc.goal));
            prop_assert_eq!(plan.as_ref().map(|p| p.cost), best);
            if let Some(plan) = plan {
                check_plan_against_price(&sc, &plan, 0);
                let again = planner.plan(&board, sc.start, sc.goal, sc.budget, sc.parity0, false, 0);
                prop_assert_eq!(Some(plan), again);
            }
        }

        /// (d): avoiding AoOs never provokes more reactors than the cheapest path, and on tiny
        /// maps it matches the brute-force lexicographic optimum (distinct reactors, cost).
        #[test]
        fn prop_avoid_aoo_is_minimal(sc in scenario_strategy(7, 3), exempt in 0u64..8) {
            let board = sc.board();
            let mut planner = Planner::new();
            let plain = planner.plan(&board, sc.start, sc.goal, sc.budget, sc.parity0, false, exempt);
            let avoid = planner.plan(&board, sc.start, sc.goal, sc.budget, sc.parity0, true, exempt);
            prop_assert_eq!(plain.is_some(), avoid.is_some());
            let brute = brute_force_aoo(&board, sc.start, sc.goal, sc.parity0, sc.budget, exempt);
            if let (Some(plain), Some(avoid)) = (plain, avoid) {
                check_plan_against_price(&sc, &avoid, exempt);
                prop_assert!(avoid.provoked.count_ones() <= plain.provoked.count_ones());
                prop_assert!(avoid.exact_aoo);
                prop_assert_eq!(Some((avoid.provoked.count_ones(), avoid.cost)), brute);
            } else {
                prop_assert_eq!(brute, None);
            }
        }

        /// (d) with more than 8 reactors: the label search is not exact but still never
        /// provokes more reactors than the cheapest path, and its plan prices the same.
        #[test]
        fn prop_avoid_aoo_with_many_reactors_never_worse(sc in scenario_strategy(10, 12), exempt in 0u64..4096) {
            let board = sc.board();
            let mut planner = Planner::new();
            let plain = planner.plan(&board, sc.start, sc.goal, sc.budget, sc.parity0, false, exempt);
            let avoid = planner.plan(&board, sc.start, sc.goal, sc.budget, sc.parity0, true, exempt);
            prop_assert_eq!(plain.is_some(), avoid.is_some());
            if let (Some(plain), Some(avoid)) = (plain, avoid) {
                check_plan_against_price(&sc, &avoid, exempt);
                prop_assert!(avoid.provoked.count_ones() <= plain.provoked.count_ones());
            }
        }
    }
}
