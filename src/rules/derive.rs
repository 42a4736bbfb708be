//! Derived rule state kept by systems (STYLE 4a): what each side sees (`SideViews`, kept for a
//! battle that hides information) and the squares each side threatens (`SideThreats`),
//! refreshed in `RulesSet::Derive` when the battle changed since they were made.
//! `Battle::derive` runs the schedule; a fork copies the kept state, so a fork of a derived
//! battle has it too, and a fork that then only tries commands never pays for it.
//! `side_view_now` and `threats_now` read the kept state when it is current and work it out
//! only when it is not: the window's fog and threat overlay, `query visible` (which derives
//! first) and the computer's knowledge ask there.

use super::reactions::threat::threatened_by;
use super::sight::{SideView, side_view};
use super::{RulesSet, SideId, UnitIndex};
use crate::grid::Square;
use bevy::prelude::{IntoScheduleConfigs, Resource, Schedule, World};
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

/// Counts the accepted commands of the battle: derived state made at an older count is stale.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BattleRevision(pub u64);

/// What each side sees (LOS-1, LOS-2, §10.3, §22.2), at a revision.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct SideViews {
    pub revision: Option<u64>,
    pub views: BTreeMap<SideId, SideView>,
}

impl SideViews {
    /// The kept views, when they were made at the battle's revision now.
    pub fn current(world: &World) -> Option<&SideViews> {
        world
            .get_resource::<SideViews>()
            .filter(|v| v.revision == Some(revision(world)))
    }
}

/// What `side` sees now (LOS-1, LOS-2, §10.3, §22.2): the view `SideViews` keeps when it is
/// current, else worked out here (a battle not derived since its last command, one that keeps
/// no views because it hides nothing, a side with no units). The same answer either way; only
/// the cost differs.
pub fn side_view_now<'w>(world: &'w World, side: &SideId) -> Cow<'w, SideView> {
    match SideViews::current(world).and_then(|v| v.views.get(side)) {
        Some(view) => Cow::Borrowed(view),
        None => Cow::Owned(side_view(world, side)),
    }
}

/// The squares some unit of each side threatens now (THR-1..THR-4), at a revision.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct SideThreats {
    pub revision: Option<u64>,
    pub squares: BTreeMap<SideId, BTreeSet<Square>>,
}

/// The schedule of the derived state's systems, in `RulesSet::Derive`. What each side sees
/// is kept only for a battle that hides information (`keep_views`, the scenario's
/// `hidden_information`): the fog, the hand-off and the computer read it then. In an open
/// battle nobody needs it after every command, and working it out is the costly part on a
/// large map (a second and more a side on an open 1024² map), so `side_view_now` works a view
/// out only when it is asked for (`query visible`).
pub fn schedule(keep_views: bool) -> Schedule {
    let mut schedule = Schedule::default();
    schedule.configure_sets(RulesSet::Derive);
    schedule.add_systems(derive_side_threats.in_set(RulesSet::Derive));
    if keep_views {
        schedule.add_systems(derive_side_views.in_set(RulesSet::Derive));
    }
    schedule
}

/// The sides that have units, in id order.
fn sides(world: &World) -> BTreeSet<SideId> {
    world
        .resource::<UnitIndex>()
        .0
        .values()
        .filter_map(|e| world.get::<SideId>(*e).cloned())
        .collect()
}

fn revision(world: &World) -> u64 {
    world.get_resource::<BattleRevision>().map_or(0, |r| r.0)
}

/// Refreshes `SideViews` when the battle changed since it was made.
fn derive_side_views(world: &mut World) {
    let now = revision(world);
    if world
        .get_resource::<SideViews>()
        .is_some_and(|v| v.revision == Some(now))
    {
        return;
    }
    let views = sides(world)
        .into_iter()
        .map(|s| (s.clone(), side_view(world, &s)))
        .collect();
    world.insert_resource(SideViews {
        revision: Some(now),
        views,
    });
}

impl SideThreats {
    /// The kept squares, when they were made at the battle's revision now.
    pub fn current(world: &World) -> Option<&SideThreats> {
        world
            .get_resource::<SideThreats>()
            .filter(|t| t.revision == Some(revision(world)))
    }
}

/// Refreshes `SideThreats` when the battle changed since it was made.
fn derive_side_threats(world: &mut World) {
    let now = revision(world);
    if world
        .get_resource::<SideThreats>()
        .is_some_and(|t| t.revision == Some(now))
    {
        return;
    }
    let squares = side_threats(world);
    world.insert_resource(SideThreats {
        revision: Some(now),
        squares,
    });
}

/// The squares some unit of each side threatens (THR-1..THR-4), worked out.
fn side_threats(world: &World) -> BTreeMap<SideId, BTreeSet<Square>> {
    let mut squares: BTreeMap<SideId, BTreeSet<Square>> =
        sides(world).into_iter().map(|s| (s, BTreeSet::new())).collect();
    for (unit, e) in &world.resource::<UnitIndex>().0 {
        if let Some(side) = world.get::<SideId>(*e) {
            squares
                .entry(side.clone())
                .or_default()
                .extend(threatened_by(world, unit));
        }
    }
    squares
}

/// The squares each side threatens now: `SideThreats`' when it is current, else worked out
/// here (a battle not derived since its last command). The same answer either way.
pub fn threats_now(world: &World) -> Cow<'_, BTreeMap<SideId, BTreeSet<Square>>> {
    match SideThreats::current(world) {
        Some(kept) => Cow::Borrowed(&kept.squares),
        None => Cow::Owned(side_threats(world)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameCommand, UnitId, cmd};
    use crate::testing::{battle, hiding, ok, skirmish, unit};

    /// STYLE 4a: the derived state is made by the schedule, kept while nothing changes, and
    /// made again after a command; it agrees with the rules' functions.
    #[test]
    fn derived_views_and_threats_follow_the_battle() {
        let text = hiding(&skirmish("starfinder", &[unit("a1", "a", 5), unit("b1", "b", 1)]));
        let mut b = battle(&text, &[]);
        b.derive();
        let w = b.world();
        let (side_a, side_b) = (SideId("a".into()), SideId("b".into()));
        let views = w.resource::<SideViews>();
        assert_eq!(views.views[&side_a], side_view(w, &side_a));
        assert_eq!(views.revision, Some(0));
        let threats = w.resource::<SideThreats>();
        let a1: BTreeSet<Square> = threatened_by(w, &UnitId("a1".into())).into_iter().collect();
        assert_eq!(threats.squares[&side_a], a1);
        assert!(threats.squares.contains_key(&side_b));
        ok(
            &mut b,
            GameCommand::EndTurn(cmd::EndTurn {
                unit: UnitId("a1".into()),
            }),
        );
        assert_eq!(
            b.world().resource::<SideViews>().revision,
            Some(0),
            "stale until derived"
        );
        b.derive();
        assert_eq!(b.world().resource::<SideViews>().revision, Some(1));
    }

    /// STYLE 4a: `side_view_now` reads the kept view while it is current, and works the view
    /// out (the same answer) once a command made it stale; a fork of a derived battle keeps
    /// the current state without deriving again.
    #[test]
    fn side_view_now_reads_the_kept_view_while_it_is_current() {
        let text = hiding(&skirmish("starfinder", &[unit("a1", "a", 5), unit("b1", "b", 1)]));
        let mut b = battle(&text, &[]);
        let side_a = SideId("a".into());
        assert!(
            matches!(side_view_now(b.world(), &side_a), Cow::Owned(_)),
            "nothing kept yet"
        );
        b.derive();
        let kept = side_view_now(b.world(), &side_a);
        assert!(matches!(kept, Cow::Borrowed(_)));
        assert_eq!(*kept, side_view(b.world(), &side_a));
        let fork = b.fork();
        assert!(SideViews::current(fork.world()).is_some() && SideThreats::current(fork.world()).is_some());
        assert!(matches!(side_view_now(fork.world(), &side_a), Cow::Borrowed(_)));
        ok(
            &mut b,
            GameCommand::EndTurn(cmd::EndTurn {
                unit: UnitId("a1".into()),
            }),
        );
        assert!(SideViews::current(b.world()).is_none() && SideThreats::current(b.world()).is_none());
        let worked_out = side_view_now(b.world(), &side_a);
        assert!(matches!(worked_out, Cow::Owned(_)));
        assert_eq!(*worked_out, side_view(b.world(), &side_a));
    }

    /// THR-1..THR-4: `threats_now` reads the kept squares while they are current and works the
    /// same squares out when they are not.
    #[test]
    fn threats_now_reads_the_kept_squares_while_they_are_current() {
        let mut b = battle(crate::testing::DUEL, &[]);
        let worked_out = threats_now(b.world()).into_owned();
        assert!(matches!(threats_now(b.world()), Cow::Owned(_)), "nothing kept yet");
        assert!(worked_out.values().any(|squares| !squares.is_empty()), "{worked_out:?}");
        b.derive();
        let kept = threats_now(b.world());
        assert!(matches!(kept, Cow::Borrowed(_)));
        assert_eq!(*kept, worked_out);
    }
}
