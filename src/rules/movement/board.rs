//! Builds the movement planner's view of the battle for one mover (`grid::MoveBoard`):
//! terrain from the map, creatures from the world (MOV-11, MOV-13, §5.5) and the threat
//! layer of the enemies that could make attacks of opportunity (§8).

use crate::grid::{MoveBoard, Space, Square, SquareState, ThreatReach, threat_mask_fill};
use crate::rules::Terrain;
use crate::rules::health::LifeState;
use crate::rules::health::conditions::NO_ACTIONS;
use crate::rules::reactions::threat::{aoo_refusal, threat_reach, threatens_at};
use crate::rules::{Combat, ConditionName, Conditions, Elevation, Placement, Profile, SideId, UnitId, UnitIndex};
use crate::ruleset::{EndInOccupied, Ruleset, Size};
use bevy::prelude::{Resource, World};

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

    /// The threat bits on square `sq` (none off the map).
    pub fn threat_at(&self, world: &World, sq: Square) -> u64 {
        let map = &world.resource::<Terrain>().0;
        if !map.contains(sq) {
            return 0;
        }
        self.states[sq.y as usize * map.width() as usize + sq.x as usize].threat
    }

    /// The reactors whose bits are set in `mask`, in bit order.
    pub fn reactors_in(&self, mask: u64) -> Vec<UnitId> {
        (0..self.reactors.len())
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| self.reactors[i].clone())
            .collect()
    }
}

/// The planner's terrain layer, computed once when the battle is spawned: it depends only
/// on the map and the family's data.
#[derive(Resource, Debug, Clone)]
pub struct BaseStates(pub Vec<SquareState>);

impl BaseStates {
    pub fn of(map: &crate::grid::Map, rules: &Ruleset) -> Self {
        Self(MoveBoard::states_from_map(map, rules.terrain.low_objects_hamper))
    }
}

/// What `board_for` needs to know about one creature, read in a single pass.
struct Creature<'w> {
    id: &'w UnitId,
    side: &'w SideId,
    space: Space,
    size: Size,
    elevation: u32,
    helpless: bool,
    /// Threat reach, if it threatens at all now (THR-1, THR-2; a reach weapon's hole, §6.2).
    reach: Option<ThreatReach>,
}

/// Passability, ending and hampering of every square for `mover`, with the threat layer of
/// every enemy that could make an attack of opportunity now. Enemies farther than the mover
/// could travel this turn (4 × its fastest speed) plus their reach are left out: they can
/// never matter to its move.
pub fn board_for(world: &World, mover: &UnitId) -> BoardLayers {
    layers_for(world, mover, true)
}

/// [`board_for`] without the threat layer (no reactors, every threat bit clear): for the
/// questions the threat never changes, where `mover` may pass or end its move (MOV-11,
/// MOV-12), asked at every step of a walk.
pub fn occupancy_for(world: &World, mover: &UnitId) -> BoardLayers {
    layers_for(world, mover, false)
}

fn layers_for(world: &World, mover: &UnitId, with_threat: bool) -> BoardLayers {
    let rules = world.resource::<Ruleset>();
    let map = &world.resource::<Terrain>().0;
    let width = map.width() as usize;
    let mut states = match world.get_resource::<BaseStates>() {
        Some(base) if base.0.len() == width * map.height() as usize => base.0.clone(),
        _ => BaseStates::of(map, rules).0,
    };
    let combat = world.resource::<Combat>();
    // The effects that grant a condition, gathered once: few do, and every creature asks.
    let conditioned: Vec<(&UnitId, ConditionName)> = combat
        .effects
        .iter()
        .filter_map(|e| e.condition.map(|c| (&e.target, c)))
        .collect();
    let granted = |u: &UnitId, c: ConditionName| conditioned.iter().any(|(t, g)| *g == c && *t == u);
    let mut query = world.try_query::<(
        &UnitId,
        &SideId,
        &Placement,
        &Profile,
        Option<&Elevation>,
        Option<&LifeState>,
        Option<&Conditions>,
    )>();
    let mut creatures: Vec<Creature> = Vec::new();
    if let Some(query) = query.as_mut() {
        for (id, side, placement, profile, elevation, life, conditions) in query.iter(world) {
            let has = |c: ConditionName| conditions.is_some_and(|set| set.0.contains(&c)) || granted(id, c);
            let able = life.copied().unwrap_or_default().can_act() && !NO_ACTIONS.iter().any(|c| has(*c));
            creatures.push(Creature {
                id,
                side,
                space: Space::new(placement.at, placement.side_squares),
                size: profile.size,
                elevation: elevation.map_or(0, |h| h.0),
                helpless: !life.copied().unwrap_or_default().can_act()
                    || has(ConditionName::Helpless)
                    || has(ConditionName::Paralyzed),
                reach: if able { threat_reach(rules, profile) } else { None },
            });
        }
    }
    let Some(me) = creatures.iter().position(|c| c.id == mover) else {
        return BoardLayers {
            states,
            reactors: Vec::new(),
            side: 1,
        };
    };
    let (my_side, my_space, my_size, my_elevation) = (
        creatures[me].side,
        creatures[me].space,
        creatures[me].size,
        creatures[me].elevation,
    );
    let occupied = &rules.movement.occupied;
    for other in creatures.iter().filter(|c| c.id != mover) {
        if other.elevation != my_elevation {
            continue; // a flier above (or a creature below) is not in the way (MOV-14)
        }
        let enemy = other.side != my_side;
        let size_gap = occupied
            .pass_enemy_size_gap
            .is_some_and(|gap| (other.size as i32 - my_size as i32).unsigned_abs() >= u32::from(gap));
        // §5.5: allies may be passed; enemies only when helpless (or, saga, 3+ sizes apart).
        let passable = if enemy {
            (other.helpless && occupied.pass_helpless) || size_gap
        } else {
            occupied.pass_allies
        };
        // MOV-11: never end in a square of a creature that is not helpless.
        let endable = other.helpless && occupied.end_in_occupied == EndInOccupied::OnlyIfHelpless;
        let obstacle = other.helpless && occupied.helpless_squares_hamper && other.space.side >= 2;
        for sq in other.space.squares().filter(|sq| map.contains(*sq)) {
            let s = &mut states[sq.y as usize * width + sq.x as usize];
            s.passable &= passable;
            s.endable &= endable;
            if obstacle {
                s.hamper |= SquareState::HAMPER_OBSTACLE_CREATURE;
            }
        }
    }
    if !with_threat {
        return BoardLayers {
            states,
            reactors: Vec::new(),
            side: my_space.side,
        };
    }
    // How far the mover could possibly get this turn (a run, MOV-1, §5.6), in squares.
    let index = world.resource::<UnitIndex>();
    let fastest = index
        .0
        .get(mover)
        .and_then(|e| world.get::<Profile>(*e))
        .map_or(0, |p| {
            p.speed.land.max(p.speed.fly.unwrap_or(0)) / rules.grid.square_ft.max(1)
        });
    let horizon = 4 * fastest + my_space.side;
    let order = &combat.order;
    let mut candidates: Vec<&Creature> = creatures
        .iter()
        .filter(|c| c.id != mover && c.side != my_side && c.reach.is_some())
        .filter(|c| chebyshev_gap(my_space, c.space) <= horizon + c.reach.map_or(0, ThreatReach::far))
        .collect();
    // Reactors in initiative order, so attacks of opportunity resolve in a fixed order.
    // (Each one's place looked up once, by id: a big battle has dozens of candidates.)
    let place: std::collections::HashMap<&UnitId, usize> =
        order.iter().enumerate().rev().map(|(i, e)| (&e.unit, i)).collect();
    candidates.sort_by_cached_key(|c| place.get(c.id).copied().unwrap_or(usize::MAX));
    let mut layer = vec![0u64; states.len()];
    let mut reactors = Vec::new();
    for reactor in candidates {
        if reactors.len() == 64 {
            break;
        }
        if aoo_refusal(world, reactor.id).is_some() {
            continue;
        }
        let (space, reach) = (reactor.space, reactor.reach.unwrap_or_default());
        let bit = 1u64 << reactors.len();
        if reactor.elevation == my_elevation {
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
            let r = (reach.far() + space.side) as i32;
            for y in (space.at.y - r).max(0)..(space.at.y + r).min(map.height() as i32) {
                for x in (space.at.x - r).max(0)..(space.at.x + r).min(map.width() as i32) {
                    if threatens_at(world, reactor.id, Square::new(x, y), my_elevation) {
                        layer[y as usize * width + x as usize] |= bit;
                    }
                }
            }
        }
        reactors.push(reactor.id.clone());
    }
    for (s, t) in states.iter_mut().zip(layer) {
        s.threat = t;
    }
    BoardLayers {
        states,
        reactors,
        side: my_space.side,
    }
}

/// Squares between two spaces along the wider axis (0 when they touch or overlap).
fn chebyshev_gap(a: Space, b: Space) -> u32 {
    let gap = |a0: i32, a_side: u32, b0: i32, b_side: u32| {
        (b0 - (a0 + a_side as i32 - 1))
            .max(a0 - (b0 + b_side as i32 - 1))
            .max(0) as u32
    };
    gap(a.at.x, a.side, b.at.x, b.side).max(gap(a.at.y, a.side, b.at.y, b.side))
}
