//! What the side on screen sees in hidden-information mode (scenario `hidden_information:
//! true`), read from the rules' derived state (`rules::derive::SideViews`: `rules::sight`'s
//! view, which `query visible` also answers): the squares it sees and the enemies it cannot. The board's fog and tokens, the tracker and
//! the log read it. Purely a view: the rules, the CLI and saves are untouched.

use crate::grid::Square;
use crate::gui::intake::handoff::HandOff;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session, acting_side};
use crate::history::Terrain;
use crate::rules::derive::side_view_now;
use crate::rules::{SideId, UnitId};
use bevy::prelude::*;
use std::collections::BTreeSet;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<Sight>();
    app.add_systems(
        Update,
        derive_sight.in_set(AppSystems::Derive).run_if(in_state(Screen::Battle)),
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
        None => acting_side(battle),
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
            let view = side_view_now(world, side);
            sight.seen = view.seen.clone();
            sight.hidden = view.hidden.clone();
        }
        _ => {
            sight.seen.clear();
            sight.hidden.clear();
        }
    }
    sight.side = side;
}

#[cfg(test)]
mod tests {
    use crate::grid::{Light, SightModel, Space};
    use crate::rules::reactions::threat::space_of;
    use crate::rules::sight::side_view;
    use crate::ruleset::Ruleset;
    fn seen_squares(world: &World, side: &SideId) -> Vec<bool> {
        side_view(world, side).seen
    }

    fn hidden_units(world: &World, side: &SideId, _seen: &[bool]) -> BTreeSet<UnitId> {
        side_view(world, side).hidden
    }
    use super::*;
    use crate::gui::intake::withheld::units_named;
    use crate::gui::testkit::hide_and_seek;
    use crate::rules::ReactionEvent;

    fn id(s: &str) -> UnitId {
        UnitId(s.into())
    }

    /// LOS-2: each square is seen exactly when the rules' line of sight from `me` reaches it
    /// (and it is not dark); the enemy behind the wall and the one in darkness are hidden.
    #[test]
    fn los_2_the_side_sees_what_the_rules_line_of_sight_reaches() {
        let b = hide_and_seek();
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

    #[test]
    fn a_log_event_names_its_units_and_the_mode_hides_only_when_on() {
        let b = hide_and_seek();
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
