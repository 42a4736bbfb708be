//! Whether the battle is over: the scenario's objectives (`scenario::Objective`) evaluated
//! against the world, and elimination (a side with no creature able to act on the field that
//! did not leave it: a side that escaped or was left behind in a chase, CHS-10, is gone, not
//! eliminated). Pure reads of rule
//! state; the GUI's end screen only displays the [`Outcome`].
//!
//! Two goals need history, which [`ObjectiveTracker`] keeps as commands are accepted (so a
//! replay or an undo rebuilds it): `ReachZone` is met once a unit of the side stands in the
//! zone after a command, and `HoldZone` counts the consecutive rounds that started with the
//! side in the zone and no enemy there.

use crate::rules::SequenceEvent;
use crate::rules::vehicle::escape::LeftBattle;
use crate::rules::{Combat, GameEvent, LifeState, Placement, Profile, SideId, UnitKind};
use crate::scenario::format::Goal;
use crate::scenario::{ScenarioSpec, Zone};
use bevy::prelude::World;
use std::collections::{BTreeMap, BTreeSet};

/// History the objectives need, indexed by the objective's position in the scenario.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ObjectiveTracker {
    reached: BTreeSet<usize>,
    held: BTreeMap<usize, u32>,
}

impl ObjectiveTracker {
    /// Takes note of the world after an accepted command that produced `events`.
    pub fn observe(&mut self, spec: &ScenarioSpec, world: &World, events: &[GameEvent]) {
        let rounds_started = events
            .iter()
            .filter(|e| matches!(e, GameEvent::Sequence(SequenceEvent::RoundStarted { .. })))
            .count();
        for (i, objective) in spec.objectives.iter().enumerate() {
            match &objective.goal {
                Goal::ReachZone(zone)
                    if zone_of(spec, zone).is_some_and(|z| present(world, z, |s| s == &objective.side)) =>
                {
                    self.reached.insert(i);
                }
                Goal::HoldZone { zone, .. } if rounds_started > 0 => {
                    let held = zone_of(spec, zone).is_some_and(|z| {
                        present(world, z, |s| s == &objective.side) && !present(world, z, |s| s != &objective.side)
                    });
                    let count = self.held.entry(i).or_default();
                    *count = if held { *count + rounds_started as u32 } else { 0 };
                }
                _ => {}
            }
        }
    }

    /// Rounds the objective's side has held its zone so far (0 for other goals).
    pub fn held_rounds(&self, objective: usize) -> u32 {
        self.held.get(&objective).copied().unwrap_or(0)
    }
}

/// One objective and whether it is met.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObjectiveStatus {
    pub side: SideId,
    /// For a player: "Relay Crew: eliminate Scavengers".
    pub text: String,
    pub met: bool,
}

/// Where the battle stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub objectives: Vec<ObjectiveStatus>,
    /// Sides with no creature able to act (vehicles and objects do not count).
    pub eliminated: Vec<SideId>,
    /// Sides whose every unit still able to act escaped aboard a vehicle (VEH-22).
    pub escaped: Vec<SideId>,
    /// Sides whose every unit still able to act left the battle behind: a chase's vehicle
    /// two zones behind every adversary (CHS-10), or units on foot the battle left when it
    /// became a chase (VEH-22). They lost the chase; they were not eliminated.
    pub left_behind: Vec<SideId>,
    /// An objective is met, or at most one side still has a unit able to act.
    pub over: bool,
    /// The side of the first met objective, else the last side standing; `None` while the
    /// battle goes on or when no side is left.
    pub winner: Option<SideId>,
}

/// Evaluates the scenario's objectives and elimination on the world.
/// A zone's id as words for the player ("far_gate" → "the far gate"): zones have no names of
/// their own, and an id in backticks reads like code.
fn zone_words(id: &str) -> String {
    format!("the {}", id.replace(['_', '-'], " "))
}

pub fn outcome(spec: &ScenarioSpec, world: &World, tracker: &ObjectiveTracker) -> Outcome {
    let standing = sides_standing(world);
    let escaped = sides_left(world, LeftBattle::Escaped);
    let behind = sides_left(world, LeftBattle::LeftBehind);
    let eliminated: Vec<SideId> = spec
        .sides
        .iter()
        .filter(|s| !standing.contains(&s.id) && !escaped.contains(&s.id) && !behind.contains(&s.id))
        .map(|s| s.id.clone())
        .collect();
    // A side that escaped and also left units behind counts as escaped.
    let left_behind: Vec<SideId> = spec
        .sides
        .iter()
        .filter(|s| !standing.contains(&s.id) && !escaped.contains(&s.id) && behind.contains(&s.id))
        .map(|s| s.id.clone())
        .collect();
    let escaped: Vec<SideId> = spec
        .sides
        .iter()
        .filter(|s| !standing.contains(&s.id) && escaped.contains(&s.id))
        .map(|s| s.id.clone())
        .collect();
    let round = world.get_resource::<Combat>().map_or(0, |c| c.round);
    let name = |id: &SideId| {
        spec.sides
            .iter()
            .find(|s| &s.id == id)
            .map_or_else(|| id.0.clone(), |s| s.name.clone())
    };
    let objectives: Vec<ObjectiveStatus> = spec
        .objectives
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let (goal, met) = match &o.goal {
                Goal::EliminateSide(s) => {
                    let target = SideId(s.clone());
                    (format!("eliminate {}", name(&target)), eliminated.contains(&target))
                }
                Goal::ReachZone(z) => (format!("reach {}", zone_words(z)), tracker.reached.contains(&i)),
                Goal::HoldZone { zone, rounds } => {
                    let held = tracker.held_rounds(i);
                    (
                        format!(
                            "hold {} for {rounds} round{} (held {held})",
                            zone_words(zone),
                            if *rounds == 1 { "" } else { "s" }
                        ),
                        held >= *rounds,
                    )
                }
                Goal::SurviveRounds(n) => (
                    format!("survive {n} round{}", if *n == 1 { "" } else { "s" }),
                    round > *n && standing.contains(&o.side),
                ),
                Goal::Escape => ("escape".to_string(), escaped.contains(&o.side)),
            };
            ObjectiveStatus {
                side: o.side.clone(),
                text: format!("{}: {goal}", name(&o.side)),
                met,
            }
        })
        .collect();
    let first_met = objectives.iter().find(|o| o.met).map(|o| o.side.clone());
    let last_standing = (spec.sides.len() > 1 && standing.len() <= 1).then(|| standing.iter().next().cloned());
    let over = first_met.is_some() || last_standing.is_some();
    // A side that escaped (VEH-22) was not beaten: staying on the field wins nothing.
    let winner = first_met.or(last_standing.flatten().filter(|_| escaped.is_empty()));
    Outcome {
        objectives,
        eliminated,
        escaped,
        left_behind,
        over,
        winner,
    }
}

/// Sides with at least one creature able to act still on the map. Vehicles and other objects
/// do not fight on their own (§25.1: a vehicle is an object with no actions), so a side left
/// with only them is eliminated; a unit that left the battle (VEH-22) is not standing there.
fn sides_standing(world: &World) -> BTreeSet<SideId> {
    let Some(mut query) = world.try_query::<(bevy::prelude::Entity, &SideId, Option<&LifeState>, Option<&Profile>)>()
    else {
        return BTreeSet::new();
    };
    // `LeftBattle` is looked up per entity: a query naming it fails until one exists.
    query
        .iter(world)
        .filter(|(e, _, life, _)| world.get::<LeftBattle>(*e).is_none() && life.copied().unwrap_or_default().can_act())
        .filter(|(_, _, _, profile)| !profile.is_some_and(|p| matches!(p.kind, UnitKind::Vehicle | UnitKind::Object)))
        .map(|(_, side, _, _)| side.clone())
        .collect()
}

/// Sides with a unit that left the battle `how`: escaped aboard a vehicle (VEH-22, CHS-10;
/// gone, not beaten) or left behind (CHS-10; out of the chase, not eliminated).
fn sides_left(world: &World, how: LeftBattle) -> BTreeSet<SideId> {
    let Some(mut query) = world.try_query::<(&SideId, &LeftBattle)>() else {
        return BTreeSet::new();
    };
    query
        .iter(world)
        .filter(|(_, left)| **left == how)
        .map(|(side, _)| side.clone())
        .collect()
}

fn zone_of<'a>(spec: &'a ScenarioSpec, id: &str) -> Option<&'a Zone> {
    spec.zones.iter().find(|z| z.id == id)
}

/// Whether a unit able to act, of a side that passes `side`, stands in the zone.
fn present(world: &World, zone: &Zone, side: impl Fn(&SideId) -> bool) -> bool {
    let Some(mut query) = world.try_query::<(&SideId, &Placement, Option<&LifeState>)>() else {
        return false;
    };
    query.iter(world).any(|(s, placement, life)| {
        side(s)
            && life.copied().unwrap_or_default().can_act()
            && placement.squares().any(|sq| zone.squares.contains(&sq))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{UnitId, UnitIndex};
    use crate::scenario::{Objective, Templates, load_str};

    const TUTORIAL: &str = include_str!("../../scenarios/tutorial_relay.ron");

    fn spec() -> ScenarioSpec {
        load_str(TUTORIAL, "tutorial", &Templates::shipped()).expect("valid")
    }

    fn world(spec: &ScenarioSpec) -> World {
        let mut world = World::new();
        super::super::spawn::spawn_scenario(&mut world, spec, crate::rules::Dice::scripted(1, []));
        world.insert_resource(Combat::default());
        world
    }

    fn set_life(world: &mut World, side: &str, state: LifeState) {
        let units: Vec<_> = world
            .query::<(bevy::prelude::Entity, &SideId)>()
            .iter(world)
            .filter(|(_, s)| s.0 == side)
            .map(|(e, _)| e)
            .collect();
        for e in units {
            world.entity_mut(e).insert(state);
        }
    }

    fn move_to(world: &mut World, unit: &str, at: crate::grid::Square) {
        let e = world.resource::<UnitIndex>().0[&UnitId(unit.into())];
        world.get_mut::<Placement>(e).expect("placed").at = at;
    }

    fn first_unit(spec: &ScenarioSpec, side: &str) -> String {
        spec.units
            .iter()
            .find(|u| u.side.0 == side)
            .expect("a unit")
            .id
            .0
            .clone()
    }

    #[test]
    fn a_fresh_battle_is_not_over() {
        let spec = spec();
        let out = outcome(&spec, &world(&spec), &ObjectiveTracker::default());
        assert!(!out.over);
        assert_eq!(out.winner, None);
        assert!(out.eliminated.is_empty());
        assert_eq!(out.objectives.len(), 2);
        assert!(out.objectives.iter().all(|o| !o.met));
        assert_eq!(out.objectives[0].text, "Relay Crew: eliminate Scavengers");
    }

    #[test]
    fn eliminating_a_side_meets_the_objective_and_names_the_winner() {
        let spec = spec();
        let mut world = world(&spec);
        set_life(&mut world, "goblins", LifeState::Dying);
        let out = outcome(&spec, &world, &ObjectiveTracker::default());
        assert!(out.over);
        assert_eq!(out.winner, Some(SideId("crew".into())));
        assert!(out.objectives[0].met && !out.objectives[1].met);
        assert_eq!(out.eliminated, vec![SideId("goblins".into())]);
    }

    /// CHS-10: a side whose units were all left behind in a chase is out of the battle, not
    /// eliminated: an "eliminate" objective against it is not met by that, and the end screen
    /// says it was left behind.
    #[test]
    fn chs_10_a_side_left_behind_is_not_eliminated() {
        let spec = spec();
        let mut world = world(&spec);
        let crew: Vec<_> = world
            .query::<(bevy::prelude::Entity, &SideId)>()
            .iter(&world)
            .filter(|(_, s)| s.0 == "goblins")
            .map(|(e, _)| e)
            .collect();
        for e in crew {
            world.entity_mut(e).insert(LeftBattle::LeftBehind);
        }
        let out = outcome(&spec, &world, &ObjectiveTracker::default());
        assert_eq!(out.left_behind, vec![SideId("goblins".into())]);
        assert!(out.eliminated.is_empty(), "{:?}", out.eliminated);
        assert!(
            !out.objectives[0].met,
            "eliminate the scavengers: not by leaving them behind"
        );
        assert!(out.over, "one side is left on the field");
        assert_eq!(out.winner, Some(SideId("crew".into())), "the side still in the chase");
    }

    #[test]
    fn the_last_side_standing_wins_without_objectives() {
        let mut spec = spec();
        spec.objectives.clear();
        let mut world = world(&spec);
        set_life(&mut world, "crew", LifeState::Dead);
        let out = outcome(&spec, &world, &ObjectiveTracker::default());
        assert!(out.over);
        assert_eq!(out.winner, Some(SideId("goblins".into())));
    }

    #[test]
    fn reach_zone_is_met_once_a_unit_stands_in_it_after_a_command() {
        let mut spec = spec();
        spec.objectives = vec![Objective {
            side: SideId("crew".into()),
            goal: Goal::ReachZone("relay_console".into()),
        }];
        let mut world = world(&spec);
        let mut tracker = ObjectiveTracker::default();
        tracker.observe(&spec, &world, &[]);
        assert!(!outcome(&spec, &world, &tracker).over);
        let unit = first_unit(&spec, "crew");
        move_to(&mut world, &unit, spec.zones[0].squares[0]);
        tracker.observe(&spec, &world, &[]);
        let out = outcome(&spec, &world, &tracker);
        assert!(out.over && out.objectives[0].met);
        assert_eq!(out.winner, Some(SideId("crew".into())));
    }

    #[test]
    fn hold_zone_counts_consecutive_round_starts_held_alone() {
        let mut spec = spec();
        spec.objectives = vec![Objective {
            side: SideId("goblins".into()),
            goal: Goal::HoldZone {
                zone: "relay_console".into(),
                rounds: 2,
            },
        }];
        let round = [GameEvent::Sequence(SequenceEvent::RoundStarted {
            round: 1,
            surprise: false,
        })];
        let mut world = world(&spec);
        let mut tracker = ObjectiveTracker::default();
        let goblin = first_unit(&spec, "goblins");
        move_to(&mut world, &goblin, spec.zones[0].squares[0]);
        tracker.observe(&spec, &world, &round);
        assert_eq!(tracker.held_rounds(0), 1);
        tracker.observe(&spec, &world, &[]);
        assert_eq!(tracker.held_rounds(0), 1, "only round starts count");
        let crew = first_unit(&spec, "crew");
        move_to(&mut world, &crew, spec.zones[0].squares[1]);
        tracker.observe(&spec, &world, &round);
        assert_eq!(tracker.held_rounds(0), 0, "an enemy in the zone breaks the hold");
        move_to(&mut world, &crew, crate::grid::Square::new(1, 1));
        tracker.observe(&spec, &world, &round);
        tracker.observe(&spec, &world, &round);
        let out = outcome(&spec, &world, &tracker);
        assert!(out.over && out.objectives[0].met);
    }

    /// VEH-22, CHS-10: `Escape` is met once every unit of the side still able to act left
    /// the battle aboard a vehicle that escaped, and its side wins; a side left behind has
    /// not escaped.
    #[test]
    fn escape_is_met_when_the_side_escaped_and_not_when_left_behind() {
        let mut spec = spec();
        spec.objectives = vec![Objective {
            side: SideId("crew".into()),
            goal: Goal::Escape,
        }];
        let mut world = world(&spec);
        let crew: Vec<_> = world
            .query::<(bevy::prelude::Entity, &SideId)>()
            .iter(&world)
            .filter(|(_, s)| s.0 == "crew")
            .map(|(e, _)| e)
            .collect();
        assert!(!outcome(&spec, &world, &ObjectiveTracker::default()).over);
        for e in &crew {
            world.entity_mut(*e).insert(LeftBattle::LeftBehind);
        }
        let out = outcome(&spec, &world, &ObjectiveTracker::default());
        assert!(!out.objectives[0].met, "left behind is not an escape");
        for e in &crew {
            world.entity_mut(*e).insert(LeftBattle::Escaped);
        }
        let out = outcome(&spec, &world, &ObjectiveTracker::default());
        assert!(out.over && out.objectives[0].met);
        assert_eq!(out.objectives[0].text, "Relay Crew: escape");
        assert_eq!(out.winner, Some(SideId("crew".into())));
    }

    #[test]
    fn survive_rounds_is_met_after_the_rounds_with_a_unit_standing() {
        let mut spec = spec();
        spec.objectives = vec![Objective {
            side: SideId("goblins".into()),
            goal: Goal::SurviveRounds(3),
        }];
        let mut world = world(&spec);
        world.resource_mut::<Combat>().round = 3;
        assert!(!outcome(&spec, &world, &ObjectiveTracker::default()).over);
        world.resource_mut::<Combat>().round = 4;
        let out = outcome(&spec, &world, &ObjectiveTracker::default());
        assert!(out.over && out.objectives[0].met);
    }
}
