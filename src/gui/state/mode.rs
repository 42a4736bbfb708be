//! How the player picks at the board: the map mode (what a click means, with the vehicle order
//! being aimed), the map toggles, the chosen weapon and target, the area template's
//! direction, the move bands shown, the camera's follow setting and the chase's double
//! maneuver.

use crate::grid::{Direction8, Square};
use crate::gui::state::session::Revision;
use crate::rules::options::OptionKind;
use crate::rules::vehicle::RiderRole;
use crate::rules::{Profile, UnitId};
use crate::ruleset::ManeuverKind;
use bevy::prelude::*;

/// What a click on the map does.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Move to the clicked square (the path overlay shows the plan).
    #[default]
    Move,
    /// Attack the unit on the clicked square.
    Attack,
    /// Full attack the unit on the clicked square.
    FullAttack,
    /// Charge the unit on the clicked square.
    Charge,
    /// Attempt this maneuver on the unit on the clicked square.
    Maneuver(ManeuverKind),
    /// Place an area weapon's template at the clicked intersection.
    Area,
    /// Aim a vehicle order (`piloting`).
    Vehicle(VehicleAim),
    /// Aim a kind picked from "More actions" (issue #25): a click asks the rules which of its
    /// commands the pointed square, corner and direction mean (`rules::options::aimed_choices`).
    Option(OptionKind),
}

impl Mode {
    pub fn attacks(self) -> bool {
        matches!(self, Mode::Attack | Mode::FullAttack)
    }
}

/// The map toggles: threatened squares (T) and paths that avoid attacks of opportunity (V;
/// A pans the camera).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Toggles {
    pub threat: bool,
    pub avoid_aoo: bool,
}

/// The weapon the player picked for the active unit (Tab cycles its own, then its vehicle's
/// mounted ones, `hud::arms::weapon_options`); `None`: the rules pick the unit's best for the job.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct WeaponChoice {
    pub unit: Option<UnitId>,
    pub weapon: Option<String>,
    /// The vehicle the chosen weapon is mounted on (VEH-20), if it is a mounted one.
    pub mount: Option<UnitId>,
}

impl WeaponChoice {
    /// The weapon chosen for `unit` (a choice made for another unit does not carry over).
    pub fn for_unit(&self, unit: Option<&UnitId>) -> Option<String> {
        (self.unit.as_ref() == unit).then(|| self.weapon.clone()).flatten()
    }

    /// The vehicle whose mounted weapon is chosen for `unit`, if one is (VEH-20).
    pub fn mount_for(&self, unit: Option<&UnitId>) -> Option<UnitId> {
        (self.unit.as_ref() == unit).then(|| self.mount.clone()).flatten()
    }

    /// The label of the choice: "best", the weapon, or "Roof laser (Exploration buggy)".
    pub fn label(&self, world: &World) -> String {
        match (&self.weapon, &self.mount) {
            (None, _) => "best".into(),
            (Some(w), None) => w.clone(),
            (Some(w), Some(m)) => format!(
                "{w} ({})",
                crate::rules::unit_component::<Profile>(world, m).map_or_else(|| m.to_string(), |p| p.name.clone())
            ),
        }
    }
}

/// A vehicle order aimed on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VehicleAim {
    /// Click the square for the vehicle's top-left square, then pick the heading (VEH-3).
    Drive,
    /// Click a legal end square, or pick the angle with `[` / `]` and race with Space (VEH-5).
    Race,
    /// Click the unit to ram (VEH-8).
    Ram,
    /// Like drive, up to twice as far, over small creatures (VEH-9).
    RunOver,
    /// Click the vehicle to board in this role.
    Board(RiderRole),
    /// Click the free square next to the vehicle to step off to.
    Disembark,
}

impl VehicleAim {
    pub fn label(self) -> &'static str {
        match self {
            VehicleAim::Drive => "drive (click where the vehicle goes, then the heading; Esc: move)",
            VehicleAim::Race => "race (click an end square, or [ / ] and Space; Esc: move)",
            VehicleAim::Ram => "ram (click the unit to ram; Esc: move)",
            VehicleAim::RunOver => "run over (click where the vehicle goes, then the heading; Esc: move)",
            VehicleAim::Board(_) => "board (click the vehicle; Esc: move)",
            VehicleAim::Disembark => "disembark (click a free square next to the vehicle; Esc: move)",
        }
    }
}

/// The direction a cone or line points (R turns it).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AreaAim(pub Direction8);

impl Default for AreaAim {
    fn default() -> Self {
        Self(Direction8::E)
    }
}

/// Which of the units on the hovered square is aimed at, as an index into `intake::targets::units_at`; back
/// to the first (the rider) when the hover moves or the battle changes.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct TargetPick {
    pub square: Option<Square>,
    pub revision: Option<Revision>,
    pub index: usize,
}

impl TargetPick {
    /// The pick for `at` now (0 unless switched on this very square since the battle changed).
    pub fn on(&self, at: Square, revision: Revision) -> usize {
        if self.square == Some(at) && self.revision == Some(revision) {
            self.index
        } else {
            0
        }
    }
}

/// Whether the move bands are drawn (`B` toggles; the planned path still shows without them).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowBands(pub bool);

impl Default for ShowBands {
    fn default() -> Self {
        Self(true)
    }
}

/// Whether a battle's turn start moves the camera to the unit whose turn it is (`Shift+C`).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CameraFollow(pub bool);

impl Default for CameraFollow {
    fn default() -> Self {
        Self(true)
    }
}

impl Mode {
    /// Whether the pointer aims a template, whose cone or line R and the wheel turn: area mode,
    /// and the aim of a kind from "More actions" (a spell's cone, autofire's area).
    pub fn turns_a_template(self) -> bool {
        matches!(self, Mode::Area | Mode::Option(_))
    }
}

/// Whether the wheel belongs to the template (area mode) rather than the camera's zoom.
pub fn wheel_rotates(mode: Res<Mode>) -> bool {
    mode.turns_a_template()
}

/// The spell the player picked for the active unit in "More actions" (issue #25), which the
/// cast spell aim places; a choice made for another unit does not carry over.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct SpellChoice {
    pub unit: Option<UnitId>,
    pub spell: Option<String>,
}

impl SpellChoice {
    /// The spell chosen for `unit`.
    pub fn for_unit(&self, unit: Option<&UnitId>) -> Option<String> {
        (self.unit.as_ref() == unit).then(|| self.spell.clone()).flatten()
    }
}

/// The vehicle chase's double maneuver toggle, for the pilot it was switched on for.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct DoubleManeuver {
    pub pilot: Option<UnitId>,
}

impl DoubleManeuver {
    pub fn on_for(&self, pilot: Option<&UnitId>) -> bool {
        pilot.is_some() && self.pilot.as_ref() == pilot
    }
}
