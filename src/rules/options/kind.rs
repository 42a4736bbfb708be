//! The options list's vocabulary, which every rule area's options are written in: the kinds
//! of thing a unit may do (`OptionKind`, declared in the order the list gives them), the arms
//! a kind is tried with, one command with the rules' verdict (`Choice`), what a rule area
//! supplies to the list (`AreaOptions`), and the aims most areas share (foes, allies).
//! Decides no rule: every verdict is `check`'s.

use crate::rules::options::aim::{MapPoint, aimed_at};
use crate::rules::reactions::threat::hostile;
use crate::rules::vehicle::VehicleEntry;
use crate::rules::{GameCommand, RuleError, UnitId, UnitIndex, check};
use crate::ruleset::ManeuverKind;
use bevy::prelude::World;
use serde::Serialize;

/// A kind of thing a unit may do: one entry of the options list. Declared in the order the
/// list gives the kinds (the derived `Ord`: a new kind goes where the list should show it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OptionKind {
    Move,
    Withdraw,
    GuardedStep,
    Attack,
    FullAttack,
    Charge,
    CoupDeGrace,
    Maneuver(ManeuverKind),
    AreaAttack,
    Autofire,
    CastSpell,
    FightDefensively,
    TotalDefense,
    CoveringFire,
    HarryingFire,
    AidAnother,
    Suppress,
    StandUp,
    DropProne,
    BreakFree,
    PickUp,
    Ready,
    Delay,
    ActNow,
    Proceed,
    FireReadied,
    Stabilize,
    StayInTheFight,
    SecondWind,
    Recover,
    PilotAction,
    Vehicle(VehicleEntry),
    LeaveMap,
    ReturnToMap,
    EndPilotTurn,
    ChaseCombat,
    EndTurn,
}

/// Which weapons an aimed kind's commands name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arms<'a> {
    /// Every way the unit could arm the kind: the rules' pick, then each weapon it holds (and,
    /// riding, its vehicle's mounted ones, VEH-20). The options list's.
    Every,
    /// Only the weapon a player chose: `None` leaves the pick to the rules (for an area, the
    /// unit's first area weapon), `mount` fires a weapon mounted on that vehicle (VEH-20;
    /// single attacks only). What a click sends, so what a button's verdict is about.
    Chosen {
        weapon: Option<&'a str>,
        mount: Option<&'a UnitId>,
    },
}

impl<'a> Arms<'a> {
    /// The options list's reading of a weapon argument: `None` is every weapon, a name is
    /// that one.
    pub fn from_weapon(weapon: Option<&'a str>) -> Self {
        match weapon {
            None => Arms::Every,
            Some(_) => Arms::Chosen { weapon, mount: None },
        }
    }

    /// The weapon to name in a command that names one weapon (`None`: the rules' pick).
    pub fn named(self) -> Option<&'a str> {
        match self {
            Arms::Every => None,
            Arms::Chosen { weapon, .. } => weapon,
        }
    }
}

/// One concrete command and the rules' verdict on it. Written `{"command": …, "allowed":
/// true}` or `{"command": …, "allowed": false, "reason": "…"}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub command: GameCommand,
    pub verdict: Result<(), String>,
}

impl Serialize for Choice {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Choice", 3)?;
        st.serialize_field("command", &self.command)?;
        st.serialize_field("allowed", &self.verdict.is_ok())?;
        match &self.verdict {
            Ok(()) => st.skip_field("reason")?,
            Err(why) => st.serialize_field("reason", why)?,
        }
        st.end()
    }
}

impl Choice {
    /// `command` with `check`'s verdict.
    pub fn checked(world: &World, command: GameCommand) -> Self {
        let verdict = check(world, &command).map_err(|e| e.to_string());
        Choice { command, verdict }
    }

    pub fn allowed(&self) -> bool {
        self.verdict.is_ok()
    }
}

/// What one rule area supplies to the options list (`rules::options::AREAS`): the kinds it
/// owns and, for each, the commands that stand for it. The list, the window's action bar and
/// the computer ask through it, so a new command becomes an option by an `OptionKind`
/// variant and these methods in its own area.
pub trait AreaOptions {
    /// Whether `kind` is one of the area's.
    fn owns(&self, kind: OptionKind) -> bool;

    /// The area's kinds the list asks about for `unit`, in any order (the list sorts them
    /// by `OptionKind`); a kind with no choice is then left out.
    fn kinds(&self, world: &World, unit: &UnitId) -> Vec<OptionKind>;

    /// What `kind` says when nothing stands for it.
    fn none_reason(&self, _kind: OptionKind) -> &'static str {
        "no turn is under way"
    }

    /// The commands that stand for `kind` armed with `arms`, before the rules' verdict: for an
    /// aimed kind one per aim, for the others the unit's own.
    fn commands(&self, world: &World, unit: &UnitId, kind: OptionKind, arms: Arms) -> Vec<GameCommand>;

    /// `kind`'s choices with their verdicts: each command with `check`'s, unless the area
    /// judges them itself.
    fn choices(&self, world: &World, unit: &UnitId, kind: OptionKind, arms: Arms) -> Vec<Choice> {
        checked(world, self.commands(world, unit, kind, arms))
    }

    /// The verdict on `kind` as a whole (as its choices give it), asking the rules only until
    /// one choice is allowed.
    fn verdict(&self, world: &World, unit: &UnitId, kind: OptionKind, arms: Arms) -> Result<(), String> {
        any_allowed(world, &self.commands(world, unit, kind, arms), self.none_reason(kind))
    }

    /// The commands of `kind` armed with `arms` that `point` means, for the window's aim mode
    /// (issue #25 item 1): by default the listed commands aimed at it (`aim::aimed_at`); an
    /// area whose list offers only some aims (a withdraw's farthest squares, an area's corners
    /// at the foes) answers for any point it takes.
    fn aimed(&self, world: &World, unit: &UnitId, kind: OptionKind, arms: Arms, point: &MapPoint) -> Vec<GameCommand> {
        self.commands(world, unit, kind, arms)
            .into_iter()
            .filter(|c| aimed_at(world, c, point))
            .collect()
    }

    /// The commands of `kind` that answer the initiative rather than a turn, for whoever may
    /// give them now whether or not it is their turn; none for most kinds.
    fn waiting(&self, _world: &World, _kind: OptionKind) -> Vec<GameCommand> {
        Vec::new()
    }
}

/// Each command with `check`'s verdict.
pub fn checked(world: &World, commands: Vec<GameCommand>) -> Vec<Choice> {
    commands.into_iter().map(|c| Choice::checked(world, c)).collect()
}

/// The rules' verdict on a list of commands: allowed if one is, else the first refusal (or
/// `none` when the list is empty).
pub fn any_allowed(world: &World, commands: &[GameCommand], none: &str) -> Result<(), String> {
    let mut first = None;
    for c in commands {
        match check(world, c) {
            Ok(()) => return Ok(()),
            Err(e) => {
                first.get_or_insert(e);
            }
        }
    }
    Err(first.map_or_else(|| none.to_string(), |e: RuleError| e.to_string()))
}

/// The units hostile to `unit`, by id.
pub fn foes_of(world: &World, unit: &UnitId) -> Vec<UnitId> {
    world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| *u != unit && hostile(world, unit, u))
        .cloned()
        .collect()
}

/// The other units of `unit`'s side, by id.
pub fn allies_of(world: &World, unit: &UnitId) -> Vec<UnitId> {
    world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| *u != unit && !hostile(world, unit, u))
        .cloned()
        .collect()
}
