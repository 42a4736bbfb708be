//! Hot-seat hand-off: when the turn passes to a unit of another human side, a screen hides the
//! board ("Pass to Scavengers", in that side's colour) until the next player clicks or presses
//! Enter or Space. The decision is the pure [`needs_hand_off`]; `states::route_battle` applies it.
//! Sides the computer plays never get the board: the turn passing to one shows no hand-off,
//! and the player who hands the board on is the human side that played last (so a computer's
//! turn between two people still hands the board from one to the other). The side whose view
//! the board shows ([`HandOff::viewing_side`]) is a human side's whenever there is one.

use crate::gui::session::Session;
use crate::gui::{AppSystems, Screen};
use crate::history::{Battle, Sides};
use crate::rules::chase::{Chase, ChasePhase};
use crate::rules::{Combat, SideId};
use crate::scenario::format::Control;
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<HandOff>();
    app.add_systems(OnEnter(Screen::Handoff), spawn_hand_off_screen);
    app.add_systems(
        Update,
        continue_after_hand_off
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Handoff)),
    );
}

/// The hand-off's memory: whose side played last, and to whom the board is being passed.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct HandOff {
    /// Off, the board stays visible between sides (one player, or the window test).
    pub enabled: bool,
    /// The human side of the unit that had the last turn seen (a computer side's turn leaves
    /// it as it was).
    pub last_side: Option<SideId>,
    /// The side the board is passed to while the hand-off screen shows.
    pub to: Option<SideId>,
}

impl Default for HandOff {
    fn default() -> Self {
        Self {
            enabled: true,
            last_side: None,
            to: None,
        }
    }
}

impl HandOff {
    /// The unit that must act now: in a chase's pilot-actions phase the acting pilot (the
    /// chase's own order, `Chase::acting`, CHS rules of §26), else the grid turn's active unit.
    pub fn acting_unit(battle: &Battle) -> Option<crate::rules::UnitId> {
        let world = battle.world();
        let chase = world.get_resource::<Chase>();
        if let Some(chase) = chase.filter(|c| c.phase == ChasePhase::PilotActions) {
            return chase.acting().and_then(|e| e.pilot.clone());
        }
        world.resource::<Combat>().active.clone()
    }

    /// The side of the unit that must act now ([`HandOff::acting_unit`]), if any.
    pub fn active_side(battle: &Battle) -> Option<SideId> {
        let world = battle.world();
        let unit = Self::acting_unit(battle)?;
        let entity = world.resource::<crate::rules::UnitIndex>().0.get(&unit).copied()?;
        world.get::<SideId>(entity).cloned()
    }

    /// The human side that must act now, if a person plays the side that must act.
    pub fn human_side_now(battle: &Battle) -> Option<SideId> {
        Self::active_side(battle).filter(|s| is_human(battle, s))
    }

    /// Notes the side now playing; says whether the board must be handed to it first.
    pub fn turn_seen(&mut self, battle: &Battle) -> bool {
        let now = Self::active_side(battle);
        let human = |s: &SideId| is_human(battle, s);
        let pass = self.enabled && needs_hand_off(self.last_side.as_ref(), now.as_ref(), human);
        if now.as_ref().is_some_and(human) {
            self.last_side = now.clone();
        }
        if pass {
            self.to = now;
        }
        pass
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
            .or_else(|| Self::active_side(battle))
    }
}

/// Whether a person plays `side` (`control: Human`, or as chosen on the setup screen).
pub fn is_human(battle: &Battle, side: &SideId) -> bool {
    let sides = &battle.world().resource::<Sides>().0;
    sides.iter().any(|s| &s.id == side && s.control == Control::Human)
}

/// Whether the board must be handed over: the turn passed from one human side to another.
pub fn needs_hand_off(last: Option<&SideId>, now: Option<&SideId>, human: impl Fn(&SideId) -> bool) -> bool {
    match (last, now) {
        (Some(last), Some(now)) => last != now && human(last) && human(now),
        _ => false,
    }
}

fn spawn_hand_off_screen(mut commands: Commands, hand_off: Res<HandOff>, session: Res<Session>) {
    let sides = &session.battle.world().resource::<Sides>().0;
    let side = hand_off.to.as_ref().and_then(|to| sides.iter().find(|s| &s.id == to));
    let (name, colour) = side.map_or(("the next player".to_string(), Color::WHITE), |s| {
        (s.name.clone(), Color::srgb_u8(s.colour[0], s.colour[1], s.colour[2]))
    });
    commands.spawn((
        Name::new("Hand-off screen"),
        DespawnOnExit(Screen::Handoff),
        Button,
        Node {
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            row_gap: Val::Px(20.0),
            ..default()
        },
        BackgroundColor(Color::srgb(0.05, 0.05, 0.07)),
        children![
            (
                Name::new("Pass to"),
                Text::new(format!("Pass to {name}")),
                TextFont::from_font_size(48.0),
                TextColor(colour),
            ),
            (
                Name::new("Hint"),
                Text::new(format!("{name}: click or press Enter when you are at the screen.")),
                TextFont::from_font_size(18.0),
                TextColor(Color::srgb(0.75, 0.75, 0.8)),
            ),
        ],
    ));
}

fn continue_after_hand_off(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut screen: ResMut<NextState<Screen>>,
) {
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space])
        || buttons.just_pressed(MouseButton::Left)
    {
        screen.set(Screen::Battle);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        let mut hand_off = HandOff::default();
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
        assert_eq!(HandOff::active_side(&battle), Some(side("b")));
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

    /// §26 pilot-actions phase: the pilots of the Redliner chase's two human sides act one
    /// after another (`Chase::acting`); the hand-off follows the acting pilot, not the grid
    /// initiative's active unit.
    #[test]
    fn chs_pilot_actions_hand_the_board_to_the_acting_pilots_side() {
        const REDLINER: &str = include_str!("../../../scenarios/starfinder_redliner_chase.ron");
        // Both sides played by people: the hand-off is between human sides.
        let redliner = crate::testing::hot_seat(REDLINER);
        // The sample's initiative rolls (Sssazza 18, Buddy 16, Merris 12, ysoki 11 and 10).
        let mut battle = crate::testing::battle(&redliner, &[16, 6, 12, 18, 11, 10]);
        let mut hand_off = HandOff::default();
        hand_off.turn_seen(&battle);
        let mut pilots = Vec::new();
        let mut hand_offs = 0;
        for _ in 0..3 {
            let chase = battle.world().resource::<Chase>();
            assert_eq!(chase.phase, ChasePhase::PilotActions);
            let pilot = chase.acting().and_then(|e| e.pilot.clone()).expect("a pilot acts");
            assert_eq!(HandOff::acting_unit(&battle), Some(pilot.clone()));
            let side = HandOff::active_side(&battle).expect("the pilot's side");
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
            let now = HandOff::active_side(&battle);
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
}
