//! The action bar's entries (issue #6): every action a player at the board gives (move,
//! attack, full attack, charge, combat maneuvers, area, fighting defensively, total defense,
//! posture, ready and fire readied, delay, act now and proceed, recovery, the vehicle orders,
//! end turn), each with its label and key and the kinds of the rules' options list it stands
//! for (`rules::options`), whose verdict greys it out with the rules' own reason; and the bar
//! of the active unit, recomputed when the battle or the chosen weapon changes.

use crate::gui::hud::actions::modes::{Mode, WeaponChoice};
use crate::gui::hud::panel::PanelKind;
use crate::gui::session::{Revision, Session};
use crate::gui::{AppSystems, Screen};
use crate::rules::options::{self, Arms, MANEUVERS, OptionKind};
use crate::rules::{Combat, UnitId};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<ActionBar>();
    app.add_systems(
        Update,
        derive_action_bar
            .in_set(AppSystems::Derive)
            .run_if(in_state(Screen::Battle)),
    );
}

/// An entry of the action bar, in its order, each with its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    Move,
    Attack,
    FullAttack,
    Charge,
    Maneuver,
    Area,
    Defensive,
    TotalDefense,
    StandUp,
    DropProne,
    Ready,
    FireReadied,
    Delay,
    ActNow,
    Proceed,
    Recover,
    /// The vehicle orders (§25): opens the vehicle picker; shown to a rider or one next to a vehicle.
    Vehicle,
    EndTurn,
}

impl Action {
    pub const ALL: [Action; 18] = [
        Action::Move,
        Action::Attack,
        Action::FullAttack,
        Action::Charge,
        Action::Maneuver,
        Action::Area,
        Action::Defensive,
        Action::TotalDefense,
        Action::StandUp,
        Action::DropProne,
        Action::Ready,
        Action::FireReadied,
        Action::Delay,
        Action::ActNow,
        Action::Proceed,
        Action::Recover,
        Action::Vehicle,
        Action::EndTurn,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Action::Move => "Move",
            Action::Attack => "Attack",
            Action::FullAttack => "Full attack",
            Action::Charge => "Charge",
            Action::Maneuver => "Combat maneuver",
            Action::Area => "Area",
            Action::Defensive => "Fight defensively",
            Action::TotalDefense => "Total defense",
            Action::StandUp => "Stand up",
            Action::DropProne => "Drop prone",
            Action::Ready => "Ready an action",
            Action::FireReadied => "Fire readied action",
            Action::Delay => "Delay",
            Action::ActNow => "Act now (end the delay)",
            Action::Proceed => "Proceed (keep delaying)",
            Action::Recover => "Recover",
            Action::Vehicle => "Vehicle orders",
            Action::EndTurn => "End turn",
        }
    }

    /// The button's short label (the full one is in the hover hint).
    pub fn short_label(self) -> &'static str {
        match self {
            Action::FullAttack => "Full atk",
            Action::Maneuver => "Maneuver",
            Action::Defensive => "Fight def",
            Action::Ready => "Ready",
            Action::StandUp => "Stand",
            Action::DropProne => "Prone",
            Action::TotalDefense => "Defend",
            Action::FireReadied => "Fire readied",
            Action::ActNow => "Act now",
            Action::Proceed => "Proceed",
            Action::EndTurn => "End",
            other => other.label(),
        }
    }

    /// The key that picks it: the digits 1 to 0 for the first ten, letters for the rest (E
    /// and Enter end the turn in `input`).
    pub fn key(self) -> KeyCode {
        match self {
            Action::Ready => KeyCode::KeyG,
            Action::FireReadied => KeyCode::KeyF,
            Action::Delay => KeyCode::KeyL,
            Action::ActNow => KeyCode::KeyK,
            Action::Proceed => KeyCode::KeyP,
            Action::Recover => KeyCode::KeyH,
            Action::Vehicle => KeyCode::KeyJ,
            Action::EndTurn => KeyCode::KeyE,
            other => crate::gui::hud::panel::digit(Action::ALL.iter().position(|a| *a == other).unwrap_or(0)),
        }
    }

    /// The key as written on its button.
    pub fn key_label(self) -> String {
        crate::gui::hud::panel::key_name(self.key())
    }

    /// Shown only while allowed: what answers a moment (someone delaying or readying, a unit
    /// down) rather than what a unit may choose any turn.
    pub fn situational(self) -> bool {
        matches!(
            self,
            Action::FireReadied | Action::ActNow | Action::Proceed | Action::Recover | Action::Vehicle
        )
    }

    /// The map mode it selects, for actions aimed with the mouse.
    pub fn mode(self) -> Option<Mode> {
        match self {
            Action::Move => Some(Mode::Move),
            Action::Attack => Some(Mode::Attack),
            Action::FullAttack => Some(Mode::FullAttack),
            Action::Charge => Some(Mode::Charge),
            Action::Area => Some(Mode::Area),
            _ => None,
        }
    }

    /// The panel it opens to choose what exactly (the maneuver, the readied action).
    pub fn picker(self) -> Option<PanelKind> {
        match self {
            Action::Maneuver => Some(PanelKind::Maneuver),
            Action::Ready => Some(PanelKind::Ready),
            Action::Vehicle => Some(PanelKind::Vehicle),
            _ => None,
        }
    }

    /// The kinds of the rules' options list it stands for (`rules::options`); the vehicle
    /// orders are the unit's own (`options::entries_for`), asked apart.
    pub fn kinds(self) -> &'static [OptionKind] {
        match self {
            Action::Move => &[OptionKind::Move],
            Action::Attack => &[OptionKind::Attack],
            Action::FullAttack => &[OptionKind::FullAttack],
            Action::Charge => &[OptionKind::Charge],
            Action::Maneuver => &[
                OptionKind::Maneuver(MANEUVERS[0]),
                OptionKind::Maneuver(MANEUVERS[1]),
                OptionKind::Maneuver(MANEUVERS[2]),
                OptionKind::Maneuver(MANEUVERS[3]),
                OptionKind::Maneuver(MANEUVERS[4]),
            ],
            Action::Area => &[OptionKind::AreaAttack],
            Action::Defensive => &[OptionKind::FightDefensively],
            Action::TotalDefense => &[OptionKind::TotalDefense],
            Action::StandUp => &[OptionKind::StandUp],
            Action::DropProne => &[OptionKind::DropProne],
            Action::Ready => &[OptionKind::Ready],
            Action::FireReadied => &[OptionKind::FireReadied],
            Action::Delay => &[OptionKind::Delay],
            Action::ActNow => &[OptionKind::ActNow],
            Action::Proceed => &[OptionKind::Proceed],
            Action::Recover => &[
                OptionKind::StayInTheFight,
                OptionKind::Stabilize,
                OptionKind::SecondWind,
                OptionKind::Recover,
            ],
            Action::Vehicle => &[],
            Action::EndTurn => &[OptionKind::EndTurn],
        }
    }

    /// It answers the initiative (act now, proceed, fire readied): offered to whoever waits,
    /// whoever's turn it is (`options::waiting_choices`).
    fn answers_the_initiative(self) -> bool {
        matches!(self, Action::ActNow | Action::Proceed | Action::FireReadied)
    }

    /// What it says when nothing stands for it: the rules' words for its first kind (the
    /// vehicle orders, which are the unit's own, have the same words for every order).
    pub fn none_reason(self) -> &'static str {
        let any_order = OptionKind::Vehicle(options::VehicleEntry::Start);
        options::none_reason(self.kinds().first().copied().unwrap_or(any_order))
    }

    /// The commands the rules list for it now (`unit`: the active unit), each with the rules'
    /// verdict, in the list's order: for an aimed action one per aim, for the others the
    /// unit's own (for act now, proceed and fire readied, each waiting unit's).
    pub fn choices(self, world: &World, unit: Option<&UnitId>) -> Vec<options::Choice> {
        if self.answers_the_initiative() {
            return self
                .kinds()
                .iter()
                .flat_map(|k| options::waiting_choices(world, *k))
                .map(|c| options::Choice::checked(world, c))
                .collect();
        }
        let Some(unit) = unit else { return Vec::new() };
        let kinds: Vec<OptionKind> = match self {
            Action::Vehicle => options::entries_for(world, unit)
                .into_iter()
                .map(OptionKind::Vehicle)
                .collect(),
            _ => self.kinds().to_vec(),
        };
        kinds
            .into_iter()
            .flat_map(|k| options::kind_option(world, unit, k, None).choices)
            .collect()
    }

    /// The rules' verdict on it now for the active `unit` (`None`: between turns), with the
    /// weapon the player chose (`None`: the rules' pick), mounted on `mount` (VEH-20): allowed
    /// when the rules accept one of its choices, else their first reason.
    pub fn verdict(
        self,
        world: &World,
        unit: Option<&UnitId>,
        weapon: Option<&str>,
        mount: Option<&UnitId>,
    ) -> Result<(), String> {
        if self.answers_the_initiative() {
            let kind = self.kinds()[0];
            return options::any_allowed(
                world,
                &options::waiting_choices(world, kind),
                options::none_reason(kind),
            );
        }
        let Some(unit) = unit else {
            return Err(self.none_reason().to_string());
        };
        // Only single attacks fire a mounted weapon (VEH-20); the others name it and the
        // rules refuse them with their reason.
        let mount = mount.filter(|_| self == Action::Attack);
        match self {
            Action::Vehicle => options::vehicle_verdict(world, unit),
            _ => options::any_verdict(world, unit, self.kinds(), Arms::Chosen { weapon, mount }),
        }
    }
}

/// The rules' verdict on each action now (`unit`: the active unit), with the chosen weapon
/// (mounted on `mount`, VEH-20).
pub fn availability(
    world: &World,
    unit: Option<&UnitId>,
    weapon: Option<&str>,
    mount: Option<&UnitId>,
) -> Vec<(Action, Result<(), String>)> {
    Action::ALL
        .into_iter()
        .map(|action| (action, action.verdict(world, unit, weapon, mount)))
        .collect()
}

/// The action bar of the active unit, recomputed when the battle or the weapon changes.
#[derive(Resource, Debug, Default)]
pub struct ActionBar {
    /// The battle, the active unit and the weapon chosen (with its mount) it was made for.
    pub key: Option<(Revision, Option<UnitId>, WeaponChoice)>,
    pub entries: Vec<(Action, Result<(), String>)>,
}

impl ActionBar {
    pub fn allowed(&self, action: Action) -> Result<(), String> {
        self.entries
            .iter()
            .find(|(a, _)| *a == action)
            .map_or_else(|| Err("no turn is under way".into()), |(_, r)| r.clone())
    }
}

/// Recomputes the bar when the battle or the weapon changes; a new turn starts in move mode.
pub(in crate::gui) fn derive_action_bar(
    session: Res<Session>,
    revision: Res<Revision>,
    mut choice: ResMut<WeaponChoice>,
    mut mode: ResMut<Mode>,
    mut bar: ResMut<ActionBar>,
) {
    let world = session.battle.world();
    let active = world.resource::<Combat>().active.clone();
    if bar.key.as_ref().map(|k| &k.1) != Some(&active) {
        *mode = Mode::Move;
        choice.set_if_neq(WeaponChoice::default());
    }
    let weapon = choice.for_unit(active.as_ref());
    let mount = choice.mount_for(active.as_ref());
    let armed = WeaponChoice {
        unit: active.clone(),
        weapon: weapon.clone(),
        mount: mount.clone(),
    };
    let key = Some((*revision, active.clone(), armed));
    if bar.key == key {
        return;
    }
    bar.entries = availability(world, active.as_ref(), weapon.as_deref(), mount.as_ref());
    bar.key = key;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::hud::actions::intents::{ActIntent, command_for};
    use crate::gui::hud::actions::testkit::{allowed, me, my_turn};
    use crate::rules::GameCommand;
    use crate::rules::check;
    use crate::rules::cmd;
    use crate::rules::options::any_allowed;
    use crate::testing::ok;

    #[test]
    fn the_bar_lists_what_the_rules_allow_and_why_not() {
        let mut b = my_turn();
        let entries = availability(b.world(), Some(&me()), None, None);
        assert_eq!(entries.len(), Action::ALL.len());
        for a in [
            Action::Move,
            Action::Attack,
            Action::FullAttack,
            Action::DropProne,
            Action::TotalDefense,
            Action::Delay,
            Action::EndTurn,
        ] {
            assert_eq!(allowed(&entries, a), Ok(()), "{a:?}");
        }
        let stand = allowed(&entries, Action::StandUp).expect_err("not prone");
        assert_eq!(
            stand,
            check(b.world(), &GameCommand::StandUp(cmd::StandUp { unit: me() }))
                .expect_err("same")
                .to_string()
        );

        // After an attack (a standard action) the full attack and another attack are refused
        // with the budget's reason; it can no longer delay.
        ok(
            &mut b,
            GameCommand::Attack(cmd::Attack {
                unit: me(),
                target: UnitId("foe".into()),
                weapon: None,
                defensively: false,
                mount: None,
            }),
        );
        let entries = availability(b.world(), Some(&me()), None, None);
        let full = GameCommand::FullAttack(cmd::FullAttack {
            unit: me(),
            targets: vec![UnitId("foe".into())],
            weapon: None,
            weapons: vec![],
            defensively: false,
        });
        assert_eq!(
            allowed(&entries, Action::FullAttack),
            Err(check(b.world(), &full).expect_err("spent").to_string())
        );
        assert!(allowed(&entries, Action::Attack).is_err());
        assert!(allowed(&entries, Action::Delay).is_err());
        assert_eq!(allowed(&entries, Action::EndTurn), Ok(()));
    }

    #[test]
    fn every_command_of_the_board_is_on_the_bar_with_the_rules_verdict() {
        let mut b = my_turn();
        let entries = availability(b.world(), Some(&me()), None, None);
        for a in [Action::Maneuver, Action::Ready, Action::Defensive] {
            // Each verdict is the rules' own: allowed, or their reason.
            let commands: Vec<GameCommand> = a
                .choices(b.world(), Some(&me()))
                .into_iter()
                .map(|c| c.command)
                .collect();
            assert!(!commands.is_empty(), "{a:?}");
            assert_eq!(allowed(&entries, a), any_allowed(b.world(), &commands, "-"), "{a:?}");
        }
        assert_eq!(allowed(&entries, Action::Ready), Ok(()));
        assert_eq!(allowed(&entries, Action::Maneuver), Ok(()));
        // starfinder fights defensively as part of an attack: the rules' refusal is shown.
        assert!(allowed(&entries, Action::Defensive).is_err());
        // The foe is adjacent: a charge needs room, and says so.
        let charge = allowed(&entries, Action::Charge).expect_err("too close");
        assert!(!charge.is_empty());
        assert_eq!(allowed(&entries, Action::ActNow), Err("nobody is delaying".into()));
        assert_eq!(
            allowed(&entries, Action::FireReadied),
            Err("nobody has readied an action".into())
        );
        assert!(allowed(&entries, Action::Proceed).is_err());

        // me delays: the window opens; act now and proceed are offered, with no active unit.
        ok(&mut b, GameCommand::Delay(cmd::Delay { unit: me() }));
        ok(
            &mut b,
            GameCommand::EndTurn(cmd::EndTurn {
                unit: UnitId("foe".into()),
            }),
        );
        if b.world().resource::<Combat>().window.is_some() {
            let entries = availability(b.world(), None, None, None);
            assert_eq!(allowed(&entries, Action::ActNow), Ok(()));
            assert_eq!(allowed(&entries, Action::Proceed), Ok(()));
            assert!(allowed(&entries, Action::Attack).is_err());
            assert_eq!(
                command_for(&ActIntent::Do(Action::ActNow), None, b.world()),
                Ok(GameCommand::ActNow(cmd::ActNow { unit: me() }))
            );
        }
    }
}
