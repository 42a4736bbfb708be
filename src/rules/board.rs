//! Builds the movement planner's view of the battle for one mover (`grid::MoveBoard`):
//! terrain from the map, creatures from the world (MOV-11, MOV-13, §5.5) and the threat
//! layer of the enemies that could make attacks of opportunity (§8).

use super::conditions::is_helpless;
use super::flight::{elevation_of, threatens_at};
use super::threat::{aoo_refusal, hostile, space_of, threat_now};
use super::{Combat, Profile, UnitId, UnitIndex};
use crate::grid::{MoveBoard, Square, SquareState, threat_mask_fill};
use crate::history::Terrain;
use crate::ruleset::{EndInOccupied, Ruleset, Size};
use bevy::prelude::World;

/// The planner's layers for `mover`, and which unit each threat bit stands for.
pub struct BoardLayers {
    pub states: Vec<SquareState>,
    /// Bit `i` of `SquareState::threat` is `reactors[i]`.
    pub reactors: Vec<UnitId>,
    pub side: u32,
}

impl BoardLayers {
    /// The `MoveBoard` over these layers.
    pub fn board<'a>(&'a self, world: &'a World) -> MoveBoard<'a> {
        let rules = world.resource::<Ruleset>();
        MoveBoard {
            map: &world.resource::<Terrain>().0,
            states: &self.states,
            side: self.side,
            policy: rules.grid.diagonal,
            terrain: &rules.terrain,
            extra_hampering: 0,
        }
    }

    /// The reactors whose bits are set in `mask`, in bit order.
    pub fn reactors_in(&self, mask: u64) -> Vec<UnitId> {
        (0..self.reactors.len())
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| self.reactors[i].clone())
            .collect()
    }
}

/// Passability, ending and hampering of every square for `mover`, with the threat layer of
/// every enemy that could make an attack of opportunity now.
pub fn board_for(world: &World, mover: &UnitId) -> BoardLayers {
    let rules = world.resource::<Ruleset>();
    let map = &world.resource::<Terrain>().0;
    let width = map.width() as usize;
    let mut states = MoveBoard::states_from_map(map, rules.terrain.low_objects_hamper);
    let mover_size = profile_size(world, mover);
    let occupied = &rules.movement.occupied;
    let index = world.resource::<UnitIndex>();
    let mover_elevation = elevation_of(world, mover);
    for other in index.0.keys().filter(|u| *u != mover) {
        let Some(space) = space_of(world, other) else { continue };
        if elevation_of(world, other) != mover_elevation {
            continue; // a flier above (or a creature below) is not in the way (MOV-14)
        }
        let helpless = is_helpless(world, other);
        let enemy = hostile(world, mover, other);
        let size_gap = match (occupied.pass_enemy_size_gap, profile_size(world, other), mover_size) {
            (Some(gap), Some(a), Some(b)) => (a as i32 - b as i32).unsigned_abs() >= u32::from(gap),
            _ => false,
        };
        // §5.5: allies may be passed; enemies only when helpless (or, saga, 3+ sizes apart).
        let passable = if enemy {
            (helpless && occupied.pass_helpless) || size_gap
        } else {
            occupied.pass_allies
        };
        // MOV-11: never end in a square of a creature that is not helpless.
        let endable = helpless && occupied.end_in_occupied == EndInOccupied::OnlyIfHelpless;
        let obstacle = helpless && occupied.helpless_squares_hamper && space.side >= 2;
        for sq in space.squares() {
            if !map.contains(sq) {
                continue;
            }
            let s = &mut states[sq.y as usize * width + sq.x as usize];
            s.passable &= passable;
            s.endable &= endable;
            if obstacle {
                s.hamper |= SquareState::HAMPER_OBSTACLE_CREATURE;
            }
        }
    }
    let mut reactors = Vec::new();
    let order = &world.resource::<Combat>().order;
    let mut candidates: Vec<&UnitId> = index
        .0
        .keys()
        .filter(|u| *u != mover && hostile(world, mover, u))
        .collect();
    // Reactors in initiative order, so attacks of opportunity resolve in a fixed order.
    candidates.sort_by_key(|u| order.iter().position(|e| &e.unit == *u).unwrap_or(usize::MAX));
    let mut layer = vec![0u64; states.len()];
    for reactor in candidates {
        if reactors.len() == 64 {
            break;
        }
        let Some((space, reach)) = threat_now(world, reactor) else {
            continue;
        };
        if aoo_refusal(world, reactor).is_some() {
            continue;
        }
        let bit = 1u64 << reactors.len();
        if elevation_of(world, reactor) == mover_elevation {
            threat_mask_fill(
                space,
                reach,
                &rules.threat.metric,
                rules.grid.diagonal,
                map.width(),
                map.height(),
                &mut layer,
                bit,
            );
        } else {
            // A reactor above or below: 3D distance (engine default, see `flight`).
            let r = (reach + space.side) as i32;
            for y in (space.at.y - r).max(0)..(space.at.y + r).min(map.height() as i32) {
                for x in (space.at.x - r).max(0)..(space.at.x + r).min(map.width() as i32) {
                    if threatens_at(world, reactor, Square::new(x, y), mover_elevation) {
                        layer[y as usize * width + x as usize] |= bit;
                    }
                }
            }
        }
        reactors.push(reactor.clone());
    }
    for (s, t) in states.iter_mut().zip(layer) {
        s.threat = t;
    }
    let side = space_of(world, mover).map_or(1, |s| s.side);
    BoardLayers { states, reactors, side }
}

fn profile_size(world: &World, unit: &UnitId) -> Option<Size> {
    let e = *world.resource::<UnitIndex>().0.get(unit)?;
    world.get::<Profile>(e).map(|p| p.size)
}
