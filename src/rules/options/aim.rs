//! Where on the map a command points, and the commands of a kind aimed at one point (issue
//! #25 item 1): the window's generic aim mode hovers and clicks a point, and asks the rule
//! area that owns the kind which of its commands that point means ([`AreaOptions::aimed`]),
//! so a kind added later is aimed without window code. Decides no rule: each command still
//! gets `check`'s verdict.

use crate::grid::{Direction8, Intersection, Square};
use crate::rules::GameCommand;
use crate::rules::UnitId;
use crate::rules::reactions::threat::space_of;
use bevy::prelude::World;

/// One place a command names on the map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MapAim {
    /// A unit (the target of an attack or a support action, the ally helped).
    Unit(UnitId),
    /// A square (a move's destination, the top-left square of saga's autofire area).
    Square(Square),
    /// An area's origin and, for a cone or line, its direction.
    Corner { at: Intersection, dir: Option<Direction8> },
}

/// The point a player points at: the square under the pointer, its nearest corner and the
/// direction a cone or line would take from there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MapPoint {
    pub square: Square,
    pub corner: Intersection,
    pub dir: Direction8,
}

impl MapPoint {
    /// Whether the point is on `aim`: a unit's space, the square, or the corner (in the
    /// direction, for a directed area).
    pub fn is_on(&self, world: &World, aim: &MapAim) -> bool {
        match aim {
            MapAim::Unit(u) => space_of(world, u).is_some_and(|s| s.contains(self.square)),
            MapAim::Square(s) => *s == self.square,
            MapAim::Corner { at, dir } => *at == self.corner && dir.is_none_or(|d| d == self.dir),
        }
    }
}

/// The places `command` names on the map, in the order a player reads them (aid another: the
/// ally helped, then the foe); none for a command with no aim (standing up, breaking free, a
/// spell without an area, …).
pub fn aims_of(command: &GameCommand) -> Vec<MapAim> {
    let unit = |u: &UnitId| MapAim::Unit(u.clone());
    match command {
        GameCommand::Move(m) => vec![MapAim::Square(m.to)],
        GameCommand::Attack(a) => vec![unit(&a.target)],
        GameCommand::FullAttack(a) => a.targets.iter().map(unit).collect(),
        GameCommand::Charge(c) => vec![unit(&c.target)],
        GameCommand::CoupDeGrace(c) => vec![unit(&c.target)],
        GameCommand::Maneuver(m) => vec![unit(&m.target)],
        GameCommand::CoveringFire(c) => vec![unit(&c.ally)],
        GameCommand::HarryingFire(h) => vec![unit(&h.target)],
        GameCommand::Suppress(s) => vec![unit(&s.target)],
        GameCommand::AidAnother(a) => vec![unit(&a.ally), unit(&a.target)],
        GameCommand::AreaAttack(a) => vec![MapAim::Corner { at: a.at, dir: a.dir }],
        GameCommand::Autofire(a) => vec![MapAim::Square(a.at)],
        GameCommand::CastSpell(c) => c.at.map(|at| MapAim::Corner { at, dir: c.dir }).into_iter().collect(),
        _ => Vec::new(),
    }
}

/// Whether `command` is aimed at `point` (on any place it names).
pub fn aimed_at(world: &World, command: &GameCommand, point: &MapPoint) -> bool {
    aims_of(command).iter().any(|a| point.is_on(world, a))
}

/// The 2 × 2 area around an intersection, as its top-left square: where saga's autofire
/// (AREA-SG-5) goes when aimed at a corner.
pub fn square_area_at(corner: Intersection) -> Square {
    Square::new(corner.i - 1, corner.j - 1)
}
