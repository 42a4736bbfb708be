//! Hidden-information mode (scenario `hidden_information: true`): the board shows the human
//! side on screen (also while the computer plays its turn) only what its units can see, as
//! the rules say (`rules::sight::side_view`, which `query visible` also answers). Unseen squares are dimmed on a fog layer, unseen enemies'
//! tokens are hidden, and the tracker and the log name them "?" / withhold their lines
//! (`hides`). Purely a view: the rules, the CLI and saves are untouched.

use crate::grid::Square;
use crate::gui::board::tokens::Token;
use crate::gui::screens::handoff::HandOff;
use crate::gui::session::{Revision, Session};
use crate::gui::{AppSystems, Screen};
use crate::history::Terrain;
use crate::rules::sight::side_view;
use crate::rules::{SideId, UnitId, UnitIndex};
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;
use std::collections::BTreeSet;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<Sight>();
    app.add_systems(
        Update,
        (
            derive_sight.in_set(AppSystems::Derive),
            (
                hide_unseen_tokens.after(crate::gui::board::tokens::sync_tokens),
                paint_fog,
            )
                .in_set(AppSystems::Draw),
        )
            .run_if(in_state(Screen::Battle)),
    );
}

/// What the side on screen sees, when hidden information is on.
#[derive(Resource, Debug, Default, Clone)]
pub struct Sight {
    pub key: Option<(Revision, Option<SideId>)>,
    /// Hidden information is on for this battle and a side is on screen.
    pub on: bool,
    pub side: Option<SideId>,
    /// Map width, to index `seen`.
    pub width: u32,
    /// Per square (row-major): seen by some unit of the side.
    pub seen: Vec<bool>,
    /// Enemies standing on no seen square.
    pub hidden: BTreeSet<UnitId>,
}

impl Sight {
    /// Whether `unit` must not be shown (always false when the mode is off).
    pub fn hides(&self, unit: &UnitId) -> bool {
        self.on && self.hidden.contains(unit)
    }

    /// Whether the square is shown (always true when the mode is off).
    pub fn shows(&self, sq: Square) -> bool {
        !self.on || (sq.x >= 0 && sq.y >= 0 && self.seen.get((sq.y * self.width as i32 + sq.x) as usize) == Some(&true))
    }
}

/// The units a log event names: every string in it that is a unit id of this battle.
pub fn units_named(world: &World, event: &crate::rules::GameEvent) -> BTreeSet<UnitId> {
    fn walk(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::String(s) => out.push(s.clone()),
            serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            serde_json::Value::Object(o) => o.values().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    let mut strings = Vec::new();
    if let Ok(v) = serde_json::to_value(event) {
        walk(&v, &mut strings);
    }
    let index = &world.resource::<UnitIndex>().0;
    strings
        .into_iter()
        .map(UnitId)
        .filter(|u| index.contains_key(u))
        .collect()
}

/// The line a withheld log entry shows.
pub const WITHHELD: &str = "(something happens out of sight)";

fn derive_sight(
    session: Res<Session>,
    revision: Res<Revision>,
    hand_off: Option<Res<HandOff>>,
    mut sight: ResMut<Sight>,
) {
    let battle = &session.battle;
    // A human side's view, also while the computer plays (`HandOff::viewing_side`).
    let side = match hand_off {
        Some(hand_off) => hand_off.viewing_side(battle),
        None => HandOff::active_side(battle),
    };
    let key = Some((*revision, side.clone()));
    if sight.key == key {
        return;
    }
    sight.key = key;
    let world = battle.world();
    sight.on = battle.spec().hidden_information && side.is_some();
    sight.width = world.resource::<Terrain>().0.width();
    match (&side, sight.on) {
        (Some(side), true) => {
            let view = side_view(world, side);
            sight.seen = view.seen;
            sight.hidden = view.hidden;
        }
        _ => {
            sight.seen.clear();
            sight.hidden.clear();
        }
    }
    sight.side = side;
}

fn hide_unseen_tokens(sight: Res<Sight>, mut tokens: Query<(&Token, &mut Visibility)>) {
    for (token, mut visibility) in &mut tokens {
        let want = if sight.hides(&token.0) {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        if *visibility != want {
            *visibility = want;
        }
    }
}

/// The fog tilemap (hidden-information mode only): dims the squares the side does not see.
#[derive(Component)]
pub struct FogLayer;

fn paint_fog(
    sight: Res<Sight>,
    layer: Option<Single<(&TileStorage, &TilemapSize, Ref<FogLayer>)>>,
    mut tiles: Query<&mut TileVisible>,
) {
    let Some(layer) = layer else { return };
    let (storage, size, new) = *layer;
    if !sight.is_changed() && !new.is_added() {
        return;
    }
    for y in 0..size.y {
        for x in 0..size.x {
            let sq = Square::new(x as i32, (size.y - 1 - y) as i32);
            let Some(tile) = storage.get(&crate::gui::board::map::tile_pos(sq, size.y)) else {
                continue;
            };
            if let Ok(mut visible) = tiles.get_mut(tile) {
                let want = !sight.shows(sq);
                if visible.0 != want {
                    visible.0 = want;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::grid::{Light, SightModel, Space};
    use crate::rules::Profile;
    use crate::rules::reactions::threat::space_of;
    use crate::ruleset::Ruleset;
    fn seen_squares(world: &World, side: &SideId) -> Vec<bool> {
        side_view(world, side).seen
    }

    fn hidden_units(world: &World, side: &SideId, _seen: &[bool]) -> BTreeSet<UnitId> {
        side_view(world, side).hidden
    }
    use super::*;
    use crate::rules::{ReactionEvent, cmd};
    use crate::testing::battle;

    /// `me` west of a wall, `pal` (same side) beside it, `seen` in the open, `lurker` behind
    /// the wall, `dark` in darkness.
    const HIDE: &str = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    hidden_information: true,
    map: (rows: [
        "..........",
        "....#.....",
        "....#.....",
        "....#....d",
        "..........",
    ], legend: { '.': (terrain: Floor), '#': (terrain: Wall), 'd': (terrain: Floor, light: Darkness) }),
    sides: [
        (id: "a", name: "A", control: Human, colour: "#3070d0"),
        (id: "b", name: "B", control: Human, colour: "#d03030"),
    ],
    units: [
        (id: "me", side: "a", at: (3, 2), speed: (land: 30), initiative: 20,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
        (id: "seen", side: "b", at: (1, 4), speed: (land: 30), initiative: 1,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
        (id: "lurker", side: "b", at: (5, 2), speed: (land: 30), initiative: 2,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
        (id: "dark", side: "b", at: (9, 3), speed: (land: 30), initiative: 3,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
    ],
)"##;

    fn id(s: &str) -> UnitId {
        UnitId(s.into())
    }

    /// LOS-2: each square is seen exactly when the rules' line of sight from `me` reaches it
    /// (and it is not dark); the enemy behind the wall and the one in darkness are hidden.
    #[test]
    fn los_2_the_side_sees_what_the_rules_line_of_sight_reaches() {
        let b = battle(HIDE, &[]);
        let w = b.world();
        assert!(b.spec().hidden_information);
        let side = SideId("a".into());
        let seen = seen_squares(w, &side);
        let map = &w.resource::<Terrain>().0;
        let me = space_of(w, &id("me")).expect("placed");
        let model = SightModel::of(&w.resource::<Ruleset>().cover);
        for sq in map.squares() {
            let i = (sq.y * map.width() as i32 + sq.x) as usize;
            let cell = map.cell(sq).expect("on the map");
            let expected = me.contains(sq)
                || (!cell.blocks_sight
                    && cell.light != Light::Darkness
                    && crate::grid::line_of_sight(map, model, me, Space::new(sq, 1), |s| {
                        map.cell(s).is_some_and(|c| c.blocks_sight)
                    }));
            assert_eq!(seen[i], expected, "{sq}");
        }
        assert!(!seen[(2 * 10 + 6) as usize], "right behind the wall");
        let hidden = hidden_units(w, &side, &seen);
        assert_eq!(hidden, BTreeSet::from([id("lurker"), id("dark")]));
        // The other side sees `me`? `seen` stands in the open south-west of it.
        let theirs = seen_squares(w, &SideId("b".into()));
        assert!(!hidden_units(w, &SideId("b".into()), &theirs).contains(&id("me")));
    }

    /// The tracker names the hidden enemies "?" and the log withholds the lines naming them.
    #[test]
    fn the_tracker_and_the_log_do_not_name_hidden_enemies() {
        let mut b = battle(HIDE, &[]);
        let side = SideId("a".into());
        let seen = seen_squares(b.world(), &side);
        let hidden = hidden_units(b.world(), &side, &seen);
        let names = |u: &str| crate::rules::unit_component::<Profile>(b.world(), &id(u)).map(|p| p.name.clone());
        let lurker = names("lurker").expect("named");
        let lines = crate::gui::hud::initiative::tracker_lines_hiding(b.world(), |u| hidden.contains(u));
        assert!(lines.iter().all(|l| !l.contains(&lurker)), "{lines:?}");
        assert_eq!(lines.iter().filter(|l| l.ends_with(" ?")).count(), 2, "{lines:?}");
        crate::testing::ok(
            &mut b,
            crate::rules::GameCommand::EndTurn(cmd::EndTurn { unit: id("me") }),
        );
        let w = b.world();
        let withheld = |e: &crate::rules::GameEvent| units_named(w, e).iter().any(|u| hidden.contains(u));
        let all = crate::gui::hud::status::log_lines(&b, usize::MAX);
        let shown = crate::gui::hud::status::log_lines_hiding(&b, usize::MAX, withheld);
        assert!(all.iter().any(|l| l.contains(&lurker)), "{all:?}");
        assert!(shown.iter().all(|l| !l.contains(&lurker)), "{shown:?}");
        assert!(shown.iter().any(|l| l == WITHHELD));
    }

    #[test]
    fn a_log_event_names_its_units_and_the_mode_hides_only_when_on() {
        let b = battle(HIDE, &[]);
        let w = b.world();
        let event = crate::rules::GameEvent::Reaction(ReactionEvent::AttackOfOpportunity {
            reactor: id("lurker"),
            target: id("me"),
            square_left: Square::new(3, 2),
            trigger: "leaving".into(),
        });
        assert_eq!(units_named(w, &event), BTreeSet::from([id("lurker"), id("me")]));
        let off = Sight::default();
        assert!(!off.hides(&id("lurker")) && off.shows(Square::new(6, 2)));
        let on = Sight {
            on: true,
            width: 10,
            seen: vec![false; 50],
            hidden: BTreeSet::from([id("lurker")]),
            ..Sight::default()
        };
        assert!(on.hides(&id("lurker")) && !on.shows(Square::new(6, 2)));
    }
}
