//! Paths as the computer plans them: the movement planner (`grid::Planner`) on the board the
//! rules build for the mover (`rules::movement::board::board_for`), with the foes the side cannot see
//! taken off it (their squares back to bare terrain, their threat gone), so a path never
//! goes around, or avoids the reach of, a hidden unit. With `avoid_aoo` the planner provokes
//! as few attacks of opportunity as it can (AOO-1). The path is sent with the `Move`, and the
//! rules check it like any other.

use super::knowledge::Known;
use crate::grid::{MoveBoard, Plan, Planner, Square};
use crate::rules::movement::board::{BaseStates, BoardLayers, board_for};
use crate::rules::reactions::threat::space_of;
use crate::rules::{Combat, UnitId, UnitIndex};
use bevy::prelude::World;

/// One mover's believed board and a planner to search it.
pub struct Mover {
    pub start: Square,
    layers: BoardLayers,
    parity0: u32,
    planner: Planner,
}

impl Mover {
    /// The board of `unit` as its side knows it.
    pub fn new(world: &World, unit: &UnitId, known: &Known) -> Option<Mover> {
        let start = space_of(world, unit)?.at;
        let mut layers = board_for(world, unit);
        if known.view.is_some() {
            forget_hidden(world, &mut layers, known);
        }
        Some(Mover {
            start,
            layers,
            parity0: world.resource::<Combat>().diagonals,
            planner: Planner::new(),
        })
    }

    pub fn board<'a>(&'a self, world: &'a World) -> MoveBoard<'a> {
        self.layers.board(world)
    }

    /// The cheapest path (with `avoid_aoo`: provoking the fewest reactors first) from the
    /// mover's square to `to` within `budget` squares.
    pub fn plan(&mut self, world: &World, to: Square, budget: u32, avoid_aoo: bool) -> Option<Plan> {
        let board = self.layers.board(world);
        self.planner
            .plan(&board, self.start, to, budget, self.parity0, avoid_aoo, 0)
    }

    /// Like [`Mover::plan`] for a withdraw (§5.9): leaving the start square provokes no one
    /// the side sees, so its threat is left out and only the rest of the path is weighed.
    pub fn plan_withdraw(&mut self, world: &World, to: Square, budget: u32) -> Option<Plan> {
        let width = self.board(world).map.width() as i32;
        let side = self.layers.side.max(1) as i32;
        let start: Vec<usize> = (0..side)
            .flat_map(|dy| (0..side).map(move |dx| (dx, dy)))
            .map(|(dx, dy)| Square::new(self.start.x + dx, self.start.y + dy))
            .filter(|sq| sq.x >= 0 && sq.y >= 0 && sq.x < width)
            .map(|sq| (sq.y * width + sq.x) as usize)
            .filter(|i| *i < self.layers.states.len())
            .collect();
        let saved: Vec<u64> = start.iter().map(|i| self.layers.states[*i].threat).collect();
        for i in &start {
            self.layers.states[*i].threat = 0;
        }
        let plan = self.plan(world, to, budget, true);
        for (i, threat) in start.iter().zip(saved) {
            self.layers.states[*i].threat = threat;
        }
        plan
    }

    /// The reactors of a threat mask, by id.
    pub fn reactors(&self, mask: u64) -> Vec<UnitId> {
        self.layers.reactors_in(mask)
    }

    /// The reactors threatening square `sq` (bit mask; see [`Mover::reactors`]).
    pub fn threat_at(&self, world: &World, sq: Square) -> u64 {
        let width = self.board(world).map.width() as i32;
        if sq.x < 0 || sq.y < 0 || sq.x >= width {
            return 0;
        }
        self.layers
            .states
            .get((sq.y * width + sq.x) as usize)
            .map_or(0, |s| s.threat)
    }

    /// The reactors threatening any square of the mover's space now.
    pub fn threat_here(&self, world: &World) -> u64 {
        let side = self.layers.side.max(1) as i32;
        let mut mask = 0;
        for dy in 0..side {
            for dx in 0..side {
                mask |= self.threat_at(world, Square::new(self.start.x + dx, self.start.y + dy));
            }
        }
        mask
    }
}

/// Takes the units the side does not see off `layers`: their squares as the terrain makes
/// them, their threat bits cleared.
fn forget_hidden(world: &World, layers: &mut BoardLayers, known: &Known) {
    let Some(base) = world.get_resource::<BaseStates>() else {
        return;
    };
    if base.0.len() != layers.states.len() {
        return;
    }
    let width = world.resource::<crate::rules::Terrain>().0.width() as i32;
    let mut hidden_bits = 0u64;
    for (bit, reactor) in layers.reactors.iter().enumerate() {
        if !known.knows(reactor) {
            hidden_bits |= 1 << bit;
        }
    }
    for unit in world.resource::<UnitIndex>().0.keys() {
        if known.knows(unit) {
            continue;
        }
        let Some(space) = space_of(world, unit) else { continue };
        for sq in space.squares() {
            if sq.x < 0 || sq.y < 0 || sq.x >= width {
                continue;
            }
            let i = (sq.y * width + sq.x) as usize;
            if let (Some(s), Some(b)) = (layers.states.get_mut(i), base.0.get(i)) {
                let threat = s.threat;
                *s = *b;
                s.threat = threat;
            }
        }
    }
    for s in &mut layers.states {
        s.threat &= !hidden_bits;
    }
}
