//! The area attacks' options (§18.3, §19, AREA-1): each area weapon aimed at the corners of
//! each foe's space (or, for a cone or line, from each corner of the unit's own space in each
//! direction), autofire at each 2×2 square around each foe (AREA-SG-5) and each spell at the
//! same aims (§4.3.1).

use crate::grid::{Direction8, Intersection, Square};
use crate::rules::cmd;
use crate::rules::options::aim::{MapPoint, square_area_at};
use crate::rules::options::kind::{AreaOptions, Arms, OptionKind, foes_of};
use crate::rules::reactions::threat::space_of;
use crate::rules::{GameCommand, Profile, UnitId, Weapon};
use bevy::prelude::World;

/// The area attacks' part of the options list.
pub struct Options;

impl AreaOptions for Options {
    fn owns(&self, kind: OptionKind) -> bool {
        matches!(
            kind,
            OptionKind::AreaAttack | OptionKind::Autofire | OptionKind::CastSpell
        )
    }

    fn kinds(&self, _world: &World, _unit: &UnitId) -> Vec<OptionKind> {
        vec![OptionKind::AreaAttack, OptionKind::Autofire, OptionKind::CastSpell]
    }

    fn none_reason(&self, kind: OptionKind) -> &'static str {
        match kind {
            OptionKind::AreaAttack => "no area weapon",
            OptionKind::Autofire => "no autofire weapon",
            _ => "no spell",
        }
    }

    fn commands(&self, world: &World, unit: &UnitId, kind: OptionKind, arms: Arms) -> Vec<GameCommand> {
        let u = || unit.clone();
        let foes = || foes_of(world, unit);
        let profile = crate::rules::unit_component::<Profile>(world, unit);
        let weapon = arms.named();
        match kind {
            OptionKind::AreaAttack => {
                let weapons: Vec<Weapon> = match arms {
                    Arms::Chosen { weapon, .. } => area_weapon(world, unit, weapon).into_iter().collect(),
                    Arms::Every => profile
                        .map(|p| p.weapons.iter().filter(|w| w.area.is_some()).cloned().collect())
                        .unwrap_or_default(),
                };
                let foes = foes();
                weapons
                    .iter()
                    .flat_map(|w| {
                        let directed = w.area.is_some_and(|a| a.shape.directed());
                        area_aims(world, unit, &w.name, directed, &foes)
                    })
                    .collect()
            }
            OptionKind::Autofire => {
                let weapons: Vec<&Weapon> = profile
                    .map(|p| {
                        p.weapons
                            .iter()
                            .filter(|w| w.autofire && weapon.is_none_or(|c| c == w.name))
                            .collect()
                    })
                    .unwrap_or_default();
                let mut aims: Vec<Square> = foes()
                    .iter()
                    .filter_map(|f| space_of(world, f))
                    .flat_map(|s| {
                        [(-1, -1), (0, -1), (-1, 0), (0, 0)].map(|(dx, dy)| Square::new(s.at.x + dx, s.at.y + dy))
                    })
                    .collect();
                aims.sort_by_key(|s| (s.y, s.x));
                aims.dedup();
                weapons
                    .iter()
                    .flat_map(|w| {
                        aims.iter().map(|at| {
                            GameCommand::Autofire(cmd::Autofire {
                                unit: u(),
                                weapon: w.name.clone(),
                                at: *at,
                                braced: w.autofire_only,
                            })
                        })
                    })
                    .collect()
            }
            OptionKind::CastSpell => {
                let Some(p) = profile else { return Vec::new() };
                let foes = foes();
                p.spells
                    .iter()
                    .flat_map(|s| match &s.effect {
                        None => vec![GameCommand::CastSpell(cmd::CastSpell {
                            unit: u(),
                            spell: s.name.clone(),
                            at: None,
                            dir: None,
                            squares: Vec::new(),
                        })],
                        Some(effect) => aim_points(world, unit, effect.area.shape.directed(), &foes)
                            .into_iter()
                            .map(|(at, dir)| {
                                GameCommand::CastSpell(cmd::CastSpell {
                                    unit: u(),
                                    spell: s.name.clone(),
                                    at: Some(at),
                                    dir,
                                    squares: Vec::new(),
                                })
                            })
                            .collect(),
                    })
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// Any point the player picks (the list offers only aims at the foes): an area weapon's
    /// template at the corner (toward the pointer's direction for a cone or line, AREA-1),
    /// autofire at the 2 × 2 area around the corner (AREA-SG-5), each spell with an area at
    /// the corner (§19).
    fn aimed(&self, world: &World, unit: &UnitId, kind: OptionKind, arms: Arms, point: &MapPoint) -> Vec<GameCommand> {
        let profile = crate::rules::unit_component::<Profile>(world, unit);
        let weapons: Vec<&Weapon> = profile.map(|p| p.weapons.iter().collect()).unwrap_or_default();
        let named = arms.named();
        let chosen = |w: &&&Weapon| named.is_none_or(|n| n == w.name);
        match kind {
            OptionKind::AreaAttack => weapons
                .iter()
                .filter(chosen)
                .filter_map(|w| {
                    let directed = w.area?.shape.directed();
                    Some(GameCommand::AreaAttack(cmd::AreaAttack {
                        unit: unit.clone(),
                        weapon: w.name.clone(),
                        at: point.corner,
                        dir: directed.then_some(point.dir),
                    }))
                })
                .collect(),
            OptionKind::Autofire => weapons
                .iter()
                .filter(chosen)
                .filter(|w| w.autofire || w.autofire_only)
                .map(|w| {
                    GameCommand::Autofire(cmd::Autofire {
                        unit: unit.clone(),
                        weapon: w.name.clone(),
                        at: square_area_at(point.corner),
                        braced: w.autofire_only,
                    })
                })
                .collect(),
            OptionKind::CastSpell => profile
                .map(|p| p.spells.iter().collect::<Vec<_>>())
                .unwrap_or_default()
                .into_iter()
                .filter_map(|s| {
                    let directed = s.effect.as_ref()?.area.shape.directed();
                    Some(GameCommand::CastSpell(cmd::CastSpell {
                        unit: unit.clone(),
                        spell: s.name.clone(),
                        at: Some(point.corner),
                        dir: directed.then_some(point.dir),
                        squares: Vec::new(),
                    }))
                })
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// The area weapon `unit` uses: the chosen weapon if it has an area, else its first one.
pub fn area_weapon(world: &World, unit: &UnitId, chosen: Option<&str>) -> Option<Weapon> {
    let weapons = &crate::rules::unit_component::<Profile>(world, unit)?.weapons;
    weapons
        .iter()
        .find(|w| w.area.is_some() && Some(w.name.as_str()) == chosen)
        .or_else(|| weapons.iter().find(|w| w.area.is_some()))
        .cloned()
}

/// Area commands: for a burst or spread, each corner of each foe's space; for a cone or
/// line, each corner of the unit's own space in each direction (AREA-1).
pub fn area_aims(world: &World, unit: &UnitId, weapon: &str, directed: bool, foes: &[UnitId]) -> Vec<GameCommand> {
    let command = |at: Intersection, dir: Option<Direction8>| {
        GameCommand::AreaAttack(cmd::AreaAttack {
            unit: unit.clone(),
            weapon: weapon.to_string(),
            at,
            dir,
        })
    };
    aim_points(world, unit, directed, foes)
        .into_iter()
        .map(|(at, dir)| command(at, dir))
        .collect()
}

/// The points an area is aimed at (see [`area_aims`]), each with its direction when directed.
fn aim_points(
    world: &World,
    unit: &UnitId,
    directed: bool,
    foes: &[UnitId],
) -> Vec<(Intersection, Option<Direction8>)> {
    let corners = |s: crate::grid::Space| {
        let side = s.side as i32;
        [(0, 0), (side, 0), (0, side), (side, side)].map(|(dx, dy)| Intersection::new(s.at.x + dx, s.at.y + dy))
    };
    if directed {
        let Some(me) = space_of(world, unit) else {
            return Vec::new();
        };
        corners(me)
            .into_iter()
            .flat_map(|at| Direction8::ALL.map(|d| (at, Some(d))))
            .collect()
    } else {
        let mut points: Vec<Intersection> = foes
            .iter()
            .filter_map(|f| space_of(world, f))
            .flat_map(corners)
            .collect();
        points.sort_by_key(|p| (p.j, p.i));
        points.dedup();
        points.into_iter().map(|p| (p, None)).collect()
    }
}
