//! What a side sees (issue #15 item 6): every square some unit of the side can see now, and
//! the enemies standing on none of them. The hidden-information view, `fivefoot query
//! SCENARIO visible SIDE` and the computer opponent all get it from here (the last two through
//! the kept `SideViews`, `rules::derive`), so a side never learns from one what another
//! would hide. Sight is the rules' own test (LOS-1, LOS-2: the family's
//! sight model and squares that block sight), with light and the viewer's senses (§10.3,
//! §22.2): a square in darkness is seen only within darkvision range.

use crate::grid::{Concealment, Light, LineGrid, SightModel, Space, Square};
use crate::rules::health::LifeState;
use crate::rules::health::conditions::effective_conditions;
use crate::rules::reactions::threat::space_of;
use crate::rules::{ConditionName, Placement, Profile, SideId, Terrain, UnitId, UnitIndex};
use crate::ruleset::Ruleset;
use bevy::prelude::World;
use serde::Serialize;
use std::collections::BTreeSet;

/// What one side sees now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SideView {
    pub side: SideId,
    /// The map's width, to index `seen`.
    pub width: u32,
    /// Per square, row-major: seen by some unit of the side.
    #[serde(skip)]
    pub seen: Vec<bool>,
    /// The units the side sees: its own, and every other unit with a square it sees.
    pub visible: BTreeSet<UnitId>,
    /// The other units, standing on no square it sees.
    pub hidden: BTreeSet<UnitId>,
}

impl SideView {
    /// Whether the side sees the square.
    pub fn sees(&self, sq: Square) -> bool {
        sq.x >= 0
            && sq.y >= 0
            && (sq.x as u32) < self.width
            && self.seen.get(sq.y as usize * self.width as usize + sq.x as usize) == Some(&true)
    }

    /// The squares seen, row by row.
    pub fn seen_squares(&self) -> impl Iterator<Item = Square> + '_ {
        let w = self.width.max(1) as usize;
        self.seen
            .iter()
            .enumerate()
            .filter(|(_, s)| **s)
            .map(move |(i, _)| Square::new((i % w) as i32, (i / w) as i32))
    }
}

/// What `side` sees now (LOS-1, LOS-2, §10.3, §22.2).
pub fn side_view(world: &World, side: &SideId) -> SideView {
    let seen = seen_squares(world, side);
    let width = world.resource::<Terrain>().0.width();
    let mut view = SideView {
        side: side.clone(),
        width,
        seen,
        visible: BTreeSet::new(),
        hidden: BTreeSet::new(),
    };
    for (unit, e) in &world.resource::<UnitIndex>().0 {
        let own = world.get::<SideId>(*e) == Some(side);
        let seen = space_of(world, unit).is_some_and(|s| s.squares().any(|sq| view.sees(sq)));
        match own || seen {
            true => view.visible.insert(unit.clone()),
            false => view.hidden.insert(unit.clone()),
        };
    }
    view
}

/// The units of `side` that look: placed, able to act, not blinded.
fn viewers(world: &World, side: &SideId) -> Vec<(UnitId, Space)> {
    let mut q = world.try_query::<(&UnitId, &SideId, &Placement, Option<&LifeState>)>();
    let Some(q) = q.as_mut() else { return Vec::new() };
    let mut out: Vec<(UnitId, Space)> = q
        .iter(world)
        .filter(|(_, s, _, life)| *s == side && life.copied().unwrap_or_default().can_act())
        .map(|(u, _, p, _)| (u.clone(), Space::new(p.at, p.side_squares)))
        .filter(|(u, _)| !effective_conditions(world, u).contains(&ConditionName::Blinded))
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Every square some unit of `side` can see now, row-major. A viewer sees its own squares;
/// another square needs line of sight from the viewer's space (squares that block sight or
/// are totally concealed stop it), not be totally concealed itself, and be lit or dim, or
/// dark within the viewer's darkvision.
fn seen_squares(world: &World, side: &SideId) -> Vec<bool> {
    let map = &world.resource::<Terrain>().0;
    let rules = world.resource::<Ruleset>();
    let (w, h) = (map.width() as i32, map.height() as i32);
    let mut seen = vec![false; (w * h) as usize];
    let model = SightModel::of(&rules.cover);
    let grid = LineGrid::new(map, &[]);
    let obscured = |sq: Square| map.cell(sq).is_some_and(|c| c.blocks_sight);
    for (unit, space) in viewers(world, side) {
        let senses = crate::rules::unit_component::<Profile>(world, &unit)
            .map(|p| p.senses)
            .unwrap_or_default();
        for y in 0..h {
            for x in 0..w {
                let i = (y * w + x) as usize;
                let sq = Square::new(x, y);
                if seen[i] {
                    continue;
                }
                if space.contains(sq) {
                    seen[i] = true;
                    continue;
                }
                let Some(cell) = map.cell(sq) else { continue };
                if cell.concealment == Concealment::Total || cell.blocks_sight {
                    continue;
                }
                if cell.light == Light::Darkness {
                    let ft = space.distance(Space::new(sq, 1), rules.grid.diagonal) * rules.grid.square_ft;
                    if senses.darkvision_ft.is_none_or(|r| ft > r) {
                        continue;
                    }
                }
                seen[i] = grid.line_of_sight(model, space, Space::new(sq, 1), obscured);
            }
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::battle;

    /// LOS-2: a wall between two units hides each from the other's side; the square beyond is
    /// not seen, the units' own squares always are.
    #[test]
    fn los_2_a_wall_hides_the_enemy_and_the_squares_behind_it() {
        let text = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (rows: [".....", "..#..", "..#..", "..#..", "....."], legend: { '.': (terrain: Floor), '#': (terrain: Wall) }),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [
        (id: "me", side: "a", at: (0, 2), speed: (land: 30), initiative: 5, defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
        (id: "foe", side: "b", at: (4, 2), speed: (land: 30), initiative: 1, defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
    ],
)"##;
        let b = battle(text, &[]);
        let view = side_view(b.world(), &SideId("a".into()));
        assert!(view.sees(Square::new(0, 2)), "its own square");
        assert!(view.sees(Square::new(1, 2)));
        assert!(!view.sees(Square::new(4, 2)), "behind the wall");
        assert!(view.visible.contains(&UnitId("me".into())));
        assert!(view.hidden.contains(&UnitId("foe".into())));
        assert!(view.sees(Square::new(2, 0)), "around the wall's end");
    }
}
