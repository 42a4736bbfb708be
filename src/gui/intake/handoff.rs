//! The hot-seat hand-off's memory and its one decision (issue #18 item 6): whether the board
//! must be hidden while it passes to the next side's player ([`hand_off_due`]: only when
//! hidden information is on or the players asked for it, and only between people), asked
//! after each command (`screens::states::route_battle`) and when a battle goes on screen
//! (`open::install_session`); the "while you were away" recap it prepares, withheld lines
//! withheld; and the side whose view the board shows ([`HandOff::viewing_side`]), a human
//! side's whenever there is one. Sides the computer plays never get the board: the turn
//! passing to one shows no hand-off, and the player who hands the board on is the human side
//! that played last. `screens::handoff` draws the screen.

use crate::gui::intake::withheld::{WITHHELD, units_named};
use crate::gui::state::session::{acting_side, acting_unit};
use crate::history::{Battle, Sides};
use crate::rules::derive::side_view_now;
use crate::rules::{ChaseEvent, Combat, GameEvent, Profile, SideId, UnitId, narrate, unit_component};
use crate::ruleset::Ruleset;
use crate::scenario::format::Control;
use bevy::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

/// Lines of the "while you were away" recap at most.
pub const RECAP_LINES: usize = 8;

/// The hand-off's memory: the players' setting, whose side played last, to whom the board is
/// being passed and what they missed.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct HandOff {
    /// The players asked for hand-off screens between their sides (the Esc menu's setting;
    /// kept for the session). Hidden information shows them whatever this says.
    pub enabled: bool,
    /// The human side of the unit that had the last turn seen (a computer side's turn leaves
    /// it as it was).
    pub last_side: Option<SideId>,
    /// The side (of any control) of the unit that had the last turn seen: the recap of a side
    /// starts when the board left it, whoever took the turn.
    pub acting: Option<SideId>,
    /// The side the board is passed to while the hand-off screen shows.
    pub to: Option<SideId>,
    /// Per side, the log's length when the board last left it: its recap starts there.
    pub left_at: BTreeMap<SideId, usize>,
    /// The log's length when the battle went on screen (the recap of a side that never had
    /// the board starts there).
    pub opened_at: usize,
    /// Why the screen shows besides a change of side ("Save loaded", "… begins").
    pub reason: Option<String>,
    /// The recap the screen shows: the other sides' log lines since `to` last had the board.
    pub recap: Vec<String>,
    /// The log's length at the last look, so a chase's start is handed off once, not again
    /// when the board comes back from the hand-off.
    pub checked: usize,
}

/// When a hand-off is considered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moment {
    /// After a command: the turn may have passed to another side.
    Turn,
    /// A battle was just put on screen from its start.
    BattleStart,
    /// A command turned the battle into a vehicle chase (VEH-22, §26).
    ChaseStart,
    /// A save was just loaded.
    Loaded,
}

/// What the hand-off decision depends on besides the sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    /// The scenario's `hidden_information`: each side may see only its own view.
    pub hidden_information: bool,
    /// The players asked for hand-off screens (the setting).
    pub asked: bool,
    /// How many sides are played by people here.
    pub human_sides: usize,
}

/// The one decision whether the hand-off screen shows now (issue #18 item 6): only when
/// hidden information is on or the players asked for it, and only between people: after a
/// command when the turn passed from one human side to another; at the start of a battle or a
/// chase when a human side's view must be hidden from another human player; after loading a
/// save, to name the side to act.
pub fn hand_off_due(
    policy: Policy,
    moment: Moment,
    last: Option<&SideId>,
    now: Option<&SideId>,
    human: impl Fn(&SideId) -> bool,
) -> bool {
    let shown = policy.hidden_information || policy.asked;
    let people = policy.human_sides >= 2 && now.is_some_and(&human);
    match moment {
        Moment::Turn => shown && needs_hand_off(last, now, human),
        Moment::BattleStart | Moment::ChaseStart => policy.hidden_information && people,
        Moment::Loaded => shown && people,
    }
}

impl HandOff {
    fn policy(&self, battle: &Battle) -> Policy {
        let sides = &battle.world().resource::<Sides>().0;
        Policy {
            hidden_information: battle.spec().hidden_information,
            asked: self.enabled,
            human_sides: sides.iter().filter(|s| s.control == Control::Human).count(),
        }
    }

    /// The human side that must act now, if a person plays the side that must act.
    pub fn human_side_now(battle: &Battle) -> Option<SideId> {
        acting_side(battle).filter(|s| is_human(battle, s))
    }

    fn decide(&self, battle: &Battle, moment: Moment, now: Option<&SideId>) -> bool {
        let human = |s: &SideId| is_human(battle, s);
        hand_off_due(self.policy(battle), moment, self.last_side.as_ref(), now, human)
    }

    /// Notes the side now playing after a command; says whether the board must be handed to
    /// it first (and then prepares the screen's recap).
    pub fn turn_seen(&mut self, battle: &Battle) -> bool {
        let now = acting_side(battle);
        let length = battle.log().entries.len();
        let fresh = length != self.checked;
        self.checked = length;
        let chase_began = fresh
            && battle.log().entries.last().is_some_and(|e| {
                e.command.is_some()
                    && e.events
                        .iter()
                        .any(|e| matches!(e, GameEvent::Chase(ChaseEvent::ChaseBegan { .. })))
            });
        let moment = if chase_began { Moment::ChaseStart } else { Moment::Turn };
        let pass = self.decide(battle, moment, now.as_ref());
        if let (Some(last), Some(side)) = (&self.acting, &now)
            && last != side
        {
            self.left_at.insert(last.clone(), battle.log().entries.len());
        }
        if now.is_some() {
            self.acting = now.clone();
        }
        if now.as_ref().is_some_and(|s| is_human(battle, s)) {
            self.last_side = now.clone();
        }
        if pass {
            self.reason = chase_began.then(|| "The battle becomes a vehicle chase".to_string());
            self.prepare(battle, now);
        }
        pass
    }

    /// A battle was put on screen (`moment`: from its start, or loaded from a save): starts
    /// the memory from its active side; says whether the hand-off screen shows first.
    pub fn battle_opened(&mut self, battle: &Battle, moment: Moment) -> bool {
        let now = acting_side(battle);
        self.last_side = now.clone().filter(|s| is_human(battle, s));
        self.acting = now.clone();
        self.left_at.clear();
        self.opened_at = battle.log().entries.len();
        self.checked = self.opened_at;
        let pass = self.decide(battle, moment, now.as_ref());
        if pass {
            self.reason = match moment {
                Moment::Loaded => Some("Save loaded".to_string()),
                _ => Some(format!("{} begins", battle.spec().name)),
            };
            self.prepare(battle, now);
            // Nothing happened before the start or before the save: no recap.
            self.recap.clear();
        }
        pass
    }

    fn prepare(&mut self, battle: &Battle, to: Option<SideId>) {
        let from = to
            .as_ref()
            .and_then(|s| self.left_at.get(s))
            .copied()
            .unwrap_or(self.opened_at);
        let hidden = match (&to, battle.spec().hidden_information) {
            (Some(side), true) => side_view_now(battle.world(), side).hidden.clone(),
            _ => Default::default(),
        };
        self.recap = recap_lines(battle, from, &hidden, RECAP_LINES);
        self.to = to;
    }

    /// The side whose view the board shows (what hidden information lets it see): the side
    /// acting now if a person plays it, else the human side that played last, else the first
    /// human side; the acting side only when the computer plays every side. A computer's turn
    /// is watched from the player's side, never from the computer's.
    pub fn viewing_side(&self, battle: &Battle) -> Option<SideId> {
        let first_human = || {
            let sides = &battle.world().resource::<Sides>().0;
            sides.iter().find(|s| s.control == Control::Human).map(|s| s.id.clone())
        };
        Self::human_side_now(battle)
            .or_else(|| self.last_side.clone())
            .or_else(first_human)
            .or_else(|| acting_side(battle))
    }
}

/// Whether a person plays `side` (`control: Human`, or as chosen on the setup screen).
pub fn is_human(battle: &Battle, side: &SideId) -> bool {
    let sides = &battle.world().resource::<Sides>().0;
    sides.iter().any(|s| &s.id == side && s.control == Control::Human)
}

/// "round 3, Navasi to act" for the battle now (the acting unit's name).
pub fn to_act_line(battle: &Battle) -> String {
    let world = battle.world();
    let combat = world.resource::<Combat>();
    let round = match combat.surprise_round {
        true => "the surprise round".to_string(),
        false => format!("round {}", combat.round),
    };
    let unit = acting_unit(battle)
        .map(|u| unit_component::<Profile>(world, &u).map_or_else(|| u.0.clone(), |p| p.name.clone()));
    match unit {
        Some(unit) => format!("{round}, {unit} to act"),
        None => round,
    }
}

/// The last `max` narrated lines of the log from entry `from` on (what happened while the
/// receiving side was away), with events naming a unit in `hidden` (units that side cannot
/// see, in hidden-information mode) withheld: one "out of sight" line per run of them.
pub fn recap_lines(battle: &Battle, from: usize, hidden: &BTreeSet<UnitId>, max: usize) -> Vec<String> {
    let world = battle.world();
    let rules = world.resource::<Ruleset>();
    let mut lines: Vec<String> = Vec::new();
    for event in battle.log().entries.iter().skip(from).flat_map(|e| &e.events) {
        let withheld = !hidden.is_empty() && units_named(world, event).iter().any(|u| hidden.contains(u));
        if !withheld {
            lines.push(narrate(event, rules));
        } else if lines.last().map(String::as_str) != Some(WITHHELD) {
            lines.push(WITHHELD.to_string());
        }
    }
    lines.retain(|l| !l.is_empty());
    if lines.len() > max {
        let earlier = lines.len() - max + 1;
        let mut kept = vec![format!("… {earlier} earlier lines")];
        kept.extend(lines.split_off(lines.len() - max + 1));
        lines = kept;
    }
    lines
}

/// Whether the board must be handed over: the turn passed from one human side to another.
pub fn needs_hand_off(last: Option<&SideId>, now: Option<&SideId>, human: impl Fn(&SideId) -> bool) -> bool {
    match (last, now) {
        (Some(last), Some(now)) => last != now && human(last) && human(now),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chase::Chase;
    use crate::rules::chase::ChasePhase;
    use crate::rules::cmd;

    fn side(s: &str) -> SideId {
        SideId(s.into())
    }

    #[test]
    fn only_a_change_between_human_sides_hands_off() {
        let all = |_: &SideId| true;
        assert!(needs_hand_off(Some(&side("a")), Some(&side("b")), all));
        assert!(!needs_hand_off(Some(&side("a")), Some(&side("a")), all));
        assert!(
            !needs_hand_off(None, Some(&side("a")), all),
            "not before the first turn"
        );
        assert!(!needs_hand_off(Some(&side("a")), None, all), "not between rounds");
        assert!(!needs_hand_off(Some(&side("a")), Some(&side("b")), |s| s.0 == "a"));
    }

    fn policy(hidden_information: bool, asked: bool, human_sides: usize) -> Policy {
        Policy {
            hidden_information,
            asked,
            human_sides,
        }
    }

    /// Issue #18 item 6: hand-offs only with hidden information or when asked for; at the
    /// start of a battle or a chase only when a view must be hidden; after a load when shown.
    #[test]
    fn a_hand_off_shows_only_with_hidden_information_or_when_asked() {
        let all = |_: &SideId| true;
        let (a, b) = (side("a"), side("b"));
        let turn = |p: Policy| hand_off_due(p, Moment::Turn, Some(&a), Some(&b), all);
        assert!(!turn(policy(false, false, 2)), "nobody asked and nothing is hidden");
        assert!(turn(policy(false, true, 2)), "the players asked");
        assert!(turn(policy(true, false, 2)), "hidden information");
        assert!(
            !hand_off_due(policy(true, true, 2), Moment::Turn, Some(&a), Some(&b), |s: &SideId| s
                .0
                == "a"),
            "never before a computer side"
        );
        for start in [Moment::BattleStart, Moment::ChaseStart] {
            assert!(hand_off_due(policy(true, false, 2), start, None, Some(&a), all));
            assert!(
                hand_off_due(policy(true, false, 2), start, Some(&a), Some(&a), all),
                "{start:?}"
            );
            assert!(
                !hand_off_due(policy(false, true, 2), start, None, Some(&a), all),
                "no view to hide"
            );
            assert!(
                !hand_off_due(policy(true, false, 1), start, None, Some(&a), all),
                "one player"
            );
        }
        assert!(hand_off_due(
            policy(false, true, 2),
            Moment::Loaded,
            None,
            Some(&a),
            all
        ));
        assert!(!hand_off_due(
            policy(false, false, 2),
            Moment::Loaded,
            None,
            Some(&a),
            all
        ));
    }

    /// The recap is what happened since the side last had the board, the last lines only,
    /// and in hidden-information mode the lines naming a unit the side cannot see withheld.
    #[test]
    fn the_recap_shows_the_other_sides_lines_since_and_withholds_hidden_ones() {
        let mut battle = crate::gui::testkit::tutorial();
        let mut hand_off = HandOff {
            enabled: true,
            ..HandOff::default()
        };
        assert!(!hand_off.battle_opened(&battle, Moment::BattleStart), "nothing hidden");
        let mut passes = 0;
        for _ in 0..6 {
            let unit = battle.world().resource::<Combat>().active.clone().expect("a turn");
            crate::testing::ok(
                &mut battle,
                crate::rules::GameCommand::EndTurn(cmd::EndTurn { unit: unit.clone() }),
            );
            if hand_off.turn_seen(&battle) {
                passes += 1;
                assert!(hand_off.to.is_some());
                let ends = hand_off.recap.iter().filter(|l| l.contains("ends")).count();
                assert!(ends >= 1, "the other side's turn ended: {:?}", hand_off.recap);
                assert!(hand_off.recap.len() <= RECAP_LINES);
            }
        }
        assert!(passes > 0);
        let all: BTreeSet<UnitId> = battle.spec().units.iter().map(|u| u.id.clone()).collect();
        let hidden = recap_lines(&battle, 0, &all, 50);
        assert!(hidden.contains(&WITHHELD.to_string()));
        assert!(
            hidden.iter().all(|l| l == WITHHELD || l.starts_with("Round")),
            "every line that names a unit is withheld: {hidden:?}"
        );
        let open = recap_lines(&battle, 0, &BTreeSet::new(), 50);
        assert!(open.len() > 3 && !open.contains(&WITHHELD.to_string()));
        let short = recap_lines(&battle, 0, &BTreeSet::new(), 3);
        assert_eq!(short.len(), 3);
        assert!(
            short[0].starts_with("… ") && short[0].ends_with("earlier lines"),
            "{short:?}"
        );
        assert_eq!(short[1..], open[open.len() - 2..]);
    }

    /// §26 pilot-actions phase: the pilots of the Redliner chase's two human sides act one
    /// after another (`Chase::acting`); the hand-off follows the acting pilot, not the grid
    /// initiative's active unit.
    #[test]
    fn chs_pilot_actions_hand_the_board_to_the_acting_pilots_side() {
        const REDLINER: &str = include_str!("../../../scenarios/starfinder_redliner_chase.ron");
        // The sample's initiative rolls (Sssazza 18, Buddy 16, Merris 12, ysoki 11 and 10).
        // Both sides played by people: the hand-off is between human sides.
        let redliner = crate::testing::hot_seat(REDLINER);
        let mut battle = crate::testing::battle(&redliner, &[16, 6, 12, 18, 11, 10]);
        let mut hand_off = HandOff {
            enabled: true,
            ..HandOff::default()
        };
        hand_off.turn_seen(&battle);
        let mut pilots = Vec::new();
        let mut hand_offs = 0;
        for _ in 0..3 {
            let chase = battle.world().resource::<Chase>();
            assert_eq!(chase.phase, ChasePhase::PilotActions);
            let pilot = chase.acting().and_then(|e| e.pilot.clone()).expect("a pilot acts");
            assert_eq!(acting_unit(&battle), Some(pilot.clone()));
            let side = acting_side(&battle).expect("the pilot's side");
            if pilots.last().is_some_and(|(_, s): &(_, SideId)| *s != side) {
                hand_offs += 1;
            }
            pilots.push((pilot.clone(), side));
            crate::testing::ok(
                &mut battle,
                crate::rules::GameCommand::EndPilotTurn(cmd::EndPilotTurn { unit: pilot }),
            );
            let before = hand_off.last_side.clone();
            let passed = hand_off.turn_seen(&battle);
            let now = acting_side(&battle);
            if battle.world().resource::<Chase>().phase == ChasePhase::PilotActions {
                assert_eq!(passed, before != now, "{before:?} -> {now:?}");
                if passed {
                    assert_eq!(hand_off.to, now);
                }
            }
        }
        assert_eq!(pilots[0].1, side("crew"), "Buddy pilots first: {pilots:?}");
        assert!(hand_offs > 0, "the pilots' sides alternate: {pilots:?}");
    }

    /// Issue #17: the computer's side never gets the board (no hand-off to it or from it), the
    /// board keeps the human side's view through the computer's turn, and a computer's turn
    /// between two people still hands the board from one to the other.
    #[test]
    fn a_computer_side_gets_no_hand_off_and_the_board_keeps_a_human_view() {
        const THREE: &str = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
        map: (size: (12, 4), fill: '.', legend: { '.': (terrain: Floor) }),
        sides: [
            (id: "a", name: "A", control: Human, colour: "#3070d0"),
            (id: "b", name: "B", control: Ai, colour: "#d03030"),
            (id: "c", name: "C", control: Human, colour: "#30d070"),
        ],
        units: [
            (id: "ua", side: "a", at: (0, 0), speed: (land: 30), initiative: 20,
             defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
            (id: "ub", side: "b", at: (5, 0), speed: (land: 30), initiative: 10,
             defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
            (id: "uc", side: "c", at: (10, 0), speed: (land: 30), initiative: 1,
             defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
        ],
    )"##;
        let mut battle = crate::testing::battle(THREE, &[10, 10, 10]);
        // The players asked for hand-off screens (nothing is hidden here).
        let mut hand_off = HandOff {
            enabled: true,
            ..HandOff::default()
        };
        let end = |battle: &mut Battle, unit: &str| {
            crate::testing::ok(
                battle,
                crate::rules::GameCommand::EndTurn(cmd::EndTurn {
                    unit: crate::rules::UnitId(unit.into()),
                }),
            );
        };
        assert!(!hand_off.turn_seen(&battle), "A starts");
        assert_eq!(hand_off.viewing_side(&battle), Some(side("a")));
        end(&mut battle, "ua");
        assert!(!hand_off.turn_seen(&battle), "no hand-off to the computer's B");
        assert_eq!(acting_side(&battle), Some(side("b")));
        assert_eq!(
            hand_off.viewing_side(&battle),
            Some(side("a")),
            "B's turn is watched from A's side"
        );
        end(&mut battle, "ub");
        assert!(hand_off.turn_seen(&battle), "A hands the board to C over B's turn");
        assert_eq!(hand_off.to, Some(side("c")));
        end(&mut battle, "uc");
        assert!(hand_off.turn_seen(&battle), "and C back to A");
        end(&mut battle, "ua");
        assert!(!hand_off.turn_seen(&battle));
        assert_eq!(hand_off.viewing_side(&battle), Some(side("a")));
    }
}
