//! The choice to stay in the chase instead of escaping (RULES.md CHS-10) on the chase panel:
//! in the chase progress phase, one toggle per vehicle of a human side that would escape
//! (`rules::chase::would_escape`, "Stay in the chase: X"); the vehicles switched on go in
//! `ChaseProgress(stay: [...])` when progress runs. Whether a vehicle escapes, and where it
//! drops back to, is the rules' to say.

use crate::history::Sides;
use crate::rules::UnitId;
use crate::rules::chase::{Chase, ChasePhase};
use crate::scenario::format::Control;
use bevy::prelude::*;

/// The vehicles that stay one zone ahead instead of escaping at the next chase progress.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct StayChoice {
    pub vehicles: Vec<UnitId>,
}

impl StayChoice {
    /// Switches `vehicle`'s choice.
    pub fn toggle(&mut self, vehicle: &UnitId) {
        match self.vehicles.iter().position(|v| v == vehicle) {
            Some(i) => {
                self.vehicles.remove(i);
            }
            None => self.vehicles.push(vehicle.clone()),
        }
    }
}

/// One stay toggle: the vehicle, its label and whether it is on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StayToggle {
    pub vehicle: UnitId,
    pub label: String,
    pub on: bool,
}

/// The toggles of the progress phase: the vehicles of human sides that would escape.
pub fn stay_toggles(world: &World, choice: &StayChoice) -> Vec<StayToggle> {
    let Some(chase) = world.get_resource::<Chase>() else {
        return Vec::new();
    };
    if chase.phase != ChasePhase::Progress {
        return Vec::new();
    }
    let sides = &world.resource::<Sides>().0;
    let human = |side| sides.iter().any(|s| &s.id == side && s.control == Control::Human);
    let escaping = crate::rules::chase::would_escape(world);
    chase
        .active()
        .filter(|e| human(&e.vehicle.side) && escaping.contains(&e.vehicle.id))
        .map(|e| {
            let on = choice.vehicles.contains(&e.vehicle.id);
            StayToggle {
                vehicle: e.vehicle.id.clone(),
                label: format!(
                    "Stay in the chase: {} ({})",
                    e.vehicle.name,
                    if on { "on" } else { "off" }
                ),
                on,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::state::session::Session;
    use crate::gui::testkit::redliner;
    use crate::gui::vehicles::chase::view::ChaseView;
    use crate::gui::vehicles::chase::{chase_app as headless, press};
    use crate::rules::GameCommand;
    use crate::rules::chase::Departure;
    use crate::rules::cmd;
    use crate::ruleset::PilotAction;
    use crate::testing::ok;

    fn id(s: &str) -> UnitId {
        UnitId(s.into())
    }

    /// The progress phase of round 1: Buddy's double maneuver speeds up (18) and misses the
    /// trick (5); both ysoki fail their speed up badly (1), so the buggy would escape.
    fn escaping() -> crate::history::Battle {
        let mut b = redliner(&[18, 5, 1, 1]);
        for action in [PilotAction::SpeedUp, PilotAction::Trick] {
            let (unit, target, double) = (id("buddy"), None, true);
            ok(
                &mut b,
                GameCommand::PilotAction(cmd::PilotAction {
                    unit,
                    action,
                    target,
                    double,
                }),
            );
        }
        for pilot in ["ysoki1", "ysoki2"] {
            let (unit, action, target, double) = (id(pilot), PilotAction::SpeedUp, None, false);
            ok(
                &mut b,
                GameCommand::PilotAction(cmd::PilotAction {
                    unit,
                    action,
                    target,
                    double,
                }),
            );
        }
        b
    }

    /// CHS-10: without the choice the buggy escapes; with "Stay in the chase" switched on for
    /// it, chase progress from the panel sends `ChaseProgress(stay: ["buggy"])` (what a script
    /// would) and the buggy stays on the board, one zone ahead.
    #[test]
    fn chs_10_the_stay_toggle_feeds_chase_progress() {
        let mut alone = escaping();
        ok(
            &mut alone,
            GameCommand::ChaseProgress(cmd::ChaseProgress { stay: vec![] }),
        );
        let escaped = alone.world().resource::<Chase>().entry(&id("buggy")).unwrap().departed;
        assert_eq!(escaped, Some(Departure::Escaped));

        let mut app = headless(escaping());
        let toggles = app.world().resource::<ChaseView>().stay.clone();
        assert_eq!(toggles.len(), 1, "only the vehicle that would escape: {toggles:?}");
        assert_eq!(
            app.world().resource::<Session>().battle.commands().len(),
            4,
            "chase progress waits for the choice"
        );
        press(&mut app, "Stay in the chase: Exploration buggy (off)");
        press(&mut app, "Stay in the chase: Exploration buggy (on)");
        press(&mut app, "Stay in the chase: Exploration buggy (off)");
        assert_eq!(app.world().resource::<StayChoice>().vehicles, vec![id("buggy")]);
        press(&mut app, "G Chase progress");
        let session = app.world().resource::<Session>();
        let script = GameCommand::ChaseProgress(cmd::ChaseProgress {
            stay: vec![id("buggy")],
        });
        assert_eq!(session.battle.commands().last(), Some(&script));
        let chase = session.battle.world().resource::<Chase>();
        let buggy = chase.entry(&id("buggy")).unwrap();
        assert_eq!(buggy.departed, None);
        let nearest = chase.adversaries(&id("buggy")).map(|e| e.zone).max().unwrap();
        assert_eq!(buggy.zone, nearest + 1);
        assert!(app.world().resource::<StayChoice>().vehicles.is_empty(), "used once");
    }
}
