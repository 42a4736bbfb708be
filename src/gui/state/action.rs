//! The action bar's entries (issue #6): every action a player at the board gives (move,
//! attack, full attack, charge, combat maneuvers, area, fighting defensively, total defense,
//! posture, ready and fire readied, delay, act now and proceed, recovery, the vehicle orders,
//! end turn), each with its label and key and the kinds of the rules' options list it stands
//! for (`rules::options`), whose verdict greys it out with the rules' own reason.

use crate::gui::state::keys::{digit, key_name};
use crate::gui::state::mode::Mode;
use crate::rules::UnitId;
use crate::rules::maneuver::options::MANEUVERS;
use crate::rules::options::{self, Arms, OptionKind};
use crate::rules::vehicle::VehicleEntry;
use crate::rules::vehicle::options::{entries_for, vehicle_verdict};
use bevy::prelude::*;

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
    /// Every other kind the rules list for the unit (issue #25): opens a list filled from
    /// `rules::options`, each kind with its verdict.
    More,
    EndTurn,
}

impl Action {
    pub const ALL: [Action; 19] = [
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
        Action::More,
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
            Action::More => "More actions",
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
            Action::More => "More",
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
            Action::More => KeyCode::KeyQ,
            Action::EndTurn => KeyCode::KeyE,
            other => digit(Action::ALL.iter().position(|a| *a == other).unwrap_or(0)),
        }
    }

    /// The key as written on its button.
    pub fn key_label(self) -> String {
        key_name(self.key())
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

    /// The kinds of the rules' options list it stands for (`rules::options`); the vehicle
    /// orders are the unit's own (`vehicle::options::entries_for`), asked apart.
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
            Action::Vehicle | Action::More => &[],
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
        let any_order = OptionKind::Vehicle(VehicleEntry::Start);
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
            Action::Vehicle => entries_for(world, unit).into_iter().map(OptionKind::Vehicle).collect(),
            Action::More => more_kinds(world, unit),
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
            Action::Vehicle => vehicle_verdict(world, unit),
            // Opening the list is no rule action: each kind in it carries its own verdict.
            Action::More => Ok(()),
            _ => options::any_verdict(world, unit, self.kinds(), Arms::Chosen { weapon, mount }),
        }
    }
}

/// Whether the action bar has its own entry for `kind` (its buttons, the maneuver picker, the
/// vehicle orders); every other kind is in "More actions".
pub fn on_the_bar(kind: OptionKind) -> bool {
    matches!(kind, OptionKind::Maneuver(_) | OptionKind::Vehicle(_))
        || Action::ALL.iter().any(|a| a.kinds().contains(&kind))
}

/// The kinds "More actions" lists for `unit`: every kind of the rules' options list
/// (`rules::options::kinds`, in its order) that the bar has no entry for, so a kind added to
/// the rules appears here without window code.
pub fn more_kinds(world: &World, unit: &UnitId) -> Vec<OptionKind> {
    options::kinds(world, unit)
        .into_iter()
        .filter(|k| !on_the_bar(*k))
        .collect()
}

/// A kind's name for the player: "Coup de grace", "Aid another", "Cast spell" (the rules'
/// name for it, `query options`' `kind`, in words).
pub fn kind_label(kind: OptionKind) -> String {
    let name = match serde_json::to_value(kind) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(serde_json::Value::Object(map)) => map
            .iter()
            .map(|(k, v)| format!("{k} {}", v.as_str().unwrap_or_default()))
            .collect::<Vec<_>>()
            .join(" "),
        _ => format!("{kind:?}"),
    };
    let words = name.replace('_', " ");
    let mut chars = words.trim().chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
