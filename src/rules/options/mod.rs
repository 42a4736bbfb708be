//! What a unit may do now, as the rules see it (issue #15 item 5): every kind of command open
//! to it, each with the concrete commands that stand for it (its targets: foes in reach or
//! range, area aims, maneuvers, vehicle orders, pilot actions …) and, for each, `check`'s
//! verdict with the rules' reason. The GUI's action bar and clicks, the computer opponent and
//! `fivefoot query SCENARIO options UNIT` all read this list instead of building their own.
//! Decides no rule itself: every verdict is `check`'s (or, for moves, the reach plan's, which
//! agrees with `check` square by square).

mod chase;
mod grid;
#[cfg(test)]
mod tests;
mod vehicles;

pub use chase::{chase_combat_choices, pilot_action_choices};
pub use grid::{
    allies_of, area_aims, area_weapon, foes_of, full_attack_choice, maneuver_of, mounted_attacks, move_choices,
};
pub use vehicles::{
    PLANNED_TRIES, VehicleEntry, edge_choices, entries_for, entry_choices, entry_commands, entry_verdict,
    planned_orders, ram_angles, vehicle_verdict, vehicles_at_hand,
};

use super::{Combat, GameCommand, RuleError, UnitId, check};
use crate::rules::cmd;
use crate::ruleset::{ActionKind, ManeuverKind};
use bevy::prelude::World;
use serde::Serialize;

/// A kind of thing a unit may do: one entry of the options list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
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
    Vehicle(VehicleEntry),
    LeaveMap,
    ReturnToMap,
    PilotAction,
    EndPilotTurn,
    ChaseCombat,
    EndTurn,
}

/// The maneuvers aimed at a foe with nothing more to choose (reposition also needs the
/// square to move the target to).
pub const MANEUVERS: [ManeuverKind; 5] = [
    ManeuverKind::BullRush,
    ManeuverKind::Trip,
    ManeuverKind::Grapple,
    ManeuverKind::Disarm,
    ManeuverKind::Grab,
];

/// The kinds of action a unit may ready (§3.5: not a full action).
pub const READY_KINDS: [ActionKind; 3] = [ActionKind::Standard, ActionKind::Move, ActionKind::Swift];

/// The triggers offered when readying (the engine does not watch for them: the readier fires
/// the readied action when one happens, §3.5).
pub const READY_TRIGGERS: [&str; 4] = [
    "an enemy comes within reach",
    "an enemy moves",
    "an enemy attacks",
    "an enemy casts a spell",
];

/// Every kind, in the order the options list gives them.
pub const KINDS: [OptionKind; 36] = [
    OptionKind::Move,
    OptionKind::Withdraw,
    OptionKind::GuardedStep,
    OptionKind::Attack,
    OptionKind::FullAttack,
    OptionKind::Charge,
    OptionKind::CoupDeGrace,
    OptionKind::Maneuver(ManeuverKind::BullRush),
    OptionKind::Maneuver(ManeuverKind::Trip),
    OptionKind::Maneuver(ManeuverKind::Grapple),
    OptionKind::Maneuver(ManeuverKind::Disarm),
    OptionKind::Maneuver(ManeuverKind::Grab),
    OptionKind::AreaAttack,
    OptionKind::Autofire,
    OptionKind::CastSpell,
    OptionKind::FightDefensively,
    OptionKind::TotalDefense,
    OptionKind::CoveringFire,
    OptionKind::HarryingFire,
    OptionKind::AidAnother,
    OptionKind::Suppress,
    OptionKind::StandUp,
    OptionKind::DropProne,
    OptionKind::BreakFree,
    OptionKind::PickUp,
    OptionKind::Ready,
    OptionKind::Delay,
    OptionKind::ActNow,
    OptionKind::Proceed,
    OptionKind::FireReadied,
    OptionKind::Stabilize,
    OptionKind::StayInTheFight,
    OptionKind::SecondWind,
    OptionKind::Recover,
    OptionKind::PilotAction,
    OptionKind::EndTurn,
];

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

/// One kind of thing the unit may do: its choices, and the verdict on the kind as a whole
/// (allowed if any choice is; else the first choice's reason, or why there is none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KindOption {
    pub kind: OptionKind,
    pub verdict: Result<(), String>,
    pub choices: Vec<Choice>,
}

impl Serialize for KindOption {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("KindOption", 4)?;
        st.serialize_field("kind", &self.kind)?;
        st.serialize_field("allowed", &self.verdict.is_ok())?;
        match &self.verdict {
            Ok(()) => st.skip_field("reason")?,
            Err(why) => st.serialize_field("reason", why)?,
        }
        st.serialize_field("choices", &self.choices)?;
        st.end()
    }
}

/// What `unit` may do now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UnitOptions {
    pub unit: UnitId,
    pub options: Vec<KindOption>,
}

impl UnitOptions {
    /// The allowed commands, in the list's order.
    pub fn allowed(&self) -> impl Iterator<Item = &GameCommand> {
        self.options
            .iter()
            .flat_map(|o| o.choices.iter())
            .filter(|c| c.allowed())
            .map(|c| &c.command)
    }

    pub fn of(&self, kind: OptionKind) -> Option<&KindOption> {
        self.options.iter().find(|o| o.kind == kind)
    }
}

/// Everything `unit` may do now: each kind that has choices (or a reason it has none that a
/// player would want to read), in the order of [`KINDS`], then its vehicle orders and chase
/// actions. Kinds with nothing to choose and no turn under way are left out.
pub fn options(world: &World, unit: &UnitId) -> Result<UnitOptions, RuleError> {
    if !world.resource::<super::UnitIndex>().0.contains_key(unit) {
        return Err(RuleError::UnknownUnit(unit.clone()));
    }
    let mut list = Vec::new();
    let mut kinds: Vec<OptionKind> = KINDS.to_vec();
    // Vehicle orders and the map's edge come after the grid actions, before ending the turn.
    let end = kinds.pop();
    kinds.extend(entries_for(world, unit).into_iter().map(OptionKind::Vehicle));
    kinds.extend([
        OptionKind::LeaveMap,
        OptionKind::ReturnToMap,
        OptionKind::EndPilotTurn,
        OptionKind::ChaseCombat,
    ]);
    kinds.extend(end);
    for kind in kinds {
        let option = kind_option(world, unit, kind, None);
        if !option.choices.is_empty() {
            list.push(option);
        }
    }
    Ok(UnitOptions {
        unit: unit.clone(),
        options: list,
    })
}

/// One kind's choices for `unit` with their verdicts; `weapon` narrows attacks to one weapon
/// (`None`: the rules' best for the job, and for the options list each weapon the unit
/// holds; [`Arms::from_weapon`]).
pub fn kind_option(world: &World, unit: &UnitId, kind: OptionKind, weapon: Option<&str>) -> KindOption {
    armed_option(world, unit, kind, Arms::from_weapon(weapon))
}

/// One kind's choices for `unit` armed with `arms`, with their verdicts.
pub fn armed_option(world: &World, unit: &UnitId, kind: OptionKind, arms: Arms) -> KindOption {
    let choices: Vec<Choice> = match kind {
        OptionKind::Move => move_choices(world, unit),
        OptionKind::Vehicle(entry) => entry_choices(world, unit, entry),
        _ => armed_commands(world, unit, kind, arms)
            .into_iter()
            .map(|c| Choice::checked(world, c))
            .collect(),
    };
    let mut verdict = Err(none_reason(kind).to_string());
    for c in &choices {
        match &c.verdict {
            Ok(()) => {
                verdict = Ok(());
                break;
            }
            Err(why) if verdict.as_ref().is_err_and(|w| w == none_reason(kind)) => verdict = Err(why.clone()),
            Err(_) => {}
        }
    }
    KindOption { kind, verdict, choices }
}

/// The verdict on a kind as a whole (as [`kind_option`] gives it).
pub fn verdict(world: &World, unit: &UnitId, kind: OptionKind, weapon: Option<&str>) -> Result<(), String> {
    armed_verdict(world, unit, kind, Arms::from_weapon(weapon))
}

/// The verdict on a kind armed with `arms` (as [`armed_option`] gives it), asking the rules
/// only until one choice is allowed: the moves' from the reach plan a band at a time, the
/// full attacks' a single attack first, the vehicle orders' through [`entry_verdict`] (the
/// planned drives only when no one-step drive is allowed).
pub fn armed_verdict(world: &World, unit: &UnitId, kind: OptionKind, arms: Arms) -> Result<(), String> {
    match kind {
        OptionKind::Move => grid::move_verdict(world, unit),
        OptionKind::FullAttack => grid::full_attack_verdict(world, unit, arms),
        OptionKind::Vehicle(entry) => entry_verdict(world, unit, entry),
        _ => any_allowed(world, &armed_commands(world, unit, kind, arms), none_reason(kind)),
    }
}

/// The verdict on several kinds at once (one button standing for them all: the maneuvers,
/// the ways to recover): allowed if any is, else the first kind's reason (or, with no kind,
/// that no turn is under way).
pub fn any_verdict(world: &World, unit: &UnitId, kinds: &[OptionKind], arms: Arms) -> Result<(), String> {
    let mut first = None;
    for kind in kinds {
        match armed_verdict(world, unit, *kind, arms) {
            Ok(()) => return Ok(()),
            Err(why) => {
                first.get_or_insert(why);
            }
        }
    }
    Err(first.unwrap_or_else(|| none_reason(OptionKind::EndTurn).to_string()))
}

/// The commands that answer the initiative rather than a turn, for whoever may give them now
/// whether or not it is their turn: act now and proceed for each delaying unit, fire readied
/// for each unit with a readied action (§3.4, §3.5). A board offers them between turns, when
/// no unit is active. Other kinds have none.
pub fn waiting_choices(world: &World, kind: OptionKind) -> Vec<GameCommand> {
    let combat = world.resource::<Combat>();
    let waiting: Vec<&UnitId> = match kind {
        OptionKind::ActNow | OptionKind::Proceed => combat.delaying.iter().map(|d| &d.unit).collect(),
        OptionKind::FireReadied => combat.readied.iter().map(|r| &r.unit).collect(),
        _ => Vec::new(),
    };
    let mut list: Vec<GameCommand> = Vec::new();
    for unit in waiting {
        for command in commands(world, unit, kind, None) {
            // Proceed names nobody: one stands for every delaying unit.
            if !list.contains(&command) {
                list.push(command);
            }
        }
    }
    list
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

/// What a kind says when nothing stands for it.
pub fn none_reason(kind: OptionKind) -> &'static str {
    match kind {
        OptionKind::Move | OptionKind::Withdraw => "no square to move to",
        OptionKind::GuardedStep => "no square to step to",
        OptionKind::AreaAttack => "no area weapon",
        OptionKind::Autofire => "no autofire weapon",
        OptionKind::CastSpell => "no spell",
        OptionKind::Vehicle(_) => "no vehicle at hand",
        OptionKind::ActNow | OptionKind::Proceed => "nobody is delaying",
        OptionKind::FireReadied => "nobody has readied an action",
        OptionKind::PickUp => "nothing to pick up",
        OptionKind::PilotAction | OptionKind::EndPilotTurn | OptionKind::ChaseCombat => "not in a vehicle chase",
        OptionKind::LeaveMap | OptionKind::ReturnToMap => "not at the map's edge",
        OptionKind::CoveringFire | OptionKind::AidAnother => "no ally to help",
        OptionKind::Attack
        | OptionKind::FullAttack
        | OptionKind::Charge
        | OptionKind::CoupDeGrace
        | OptionKind::Maneuver(_)
        | OptionKind::HarryingFire
        | OptionKind::Suppress => "no enemy to attack",
        _ => "no turn is under way",
    }
}

/// The commands that stand for `kind` now, before the rules' verdict: for an aimed kind one
/// per aim, for the others the unit's own (act now, proceed and fire readied only when `unit`
/// is delaying or has readied; [`waiting_choices`] lists everyone's).
pub fn commands(world: &World, unit: &UnitId, kind: OptionKind, weapon: Option<&str>) -> Vec<GameCommand> {
    armed_commands(world, unit, kind, Arms::from_weapon(weapon))
}

/// The commands that stand for `kind` armed with `arms` (see [`commands`]).
pub fn armed_commands(world: &World, unit: &UnitId, kind: OptionKind, arms: Arms) -> Vec<GameCommand> {
    let combat = world.resource::<Combat>();
    let u = || unit.clone();
    match kind {
        OptionKind::ActNow => combat
            .delaying
            .iter()
            .filter(|d| &d.unit == unit)
            .map(|d| GameCommand::ActNow(cmd::ActNow { unit: d.unit.clone() }))
            .collect(),
        OptionKind::FireReadied => combat
            .readied
            .iter()
            .filter(|r| &r.unit == unit)
            .map(|r| GameCommand::FireReadied(cmd::FireReadied { unit: r.unit.clone() }))
            .collect(),
        OptionKind::Proceed => match combat.is_delaying(unit) {
            true => vec![GameCommand::Proceed(cmd::Proceed)],
            false => Vec::new(),
        },
        OptionKind::Move => move_choices(world, unit).into_iter().map(|c| c.command).collect(),
        OptionKind::Vehicle(entry) => entry_choices(world, unit, entry)
            .into_iter()
            .map(|c| c.command)
            .collect(),
        OptionKind::LeaveMap | OptionKind::ReturnToMap => edge_choices(world, unit, kind),
        OptionKind::PilotAction => pilot_action_choices(world, unit, false),
        OptionKind::EndPilotTurn => match world
            .get_resource::<super::chase::Chase>()
            .and_then(|c| c.acting())
            .and_then(|e| e.pilot.as_ref())
        {
            Some(pilot) if pilot == unit => vec![GameCommand::EndPilotTurn(cmd::EndPilotTurn { unit: u() })],
            _ => Vec::new(),
        },
        OptionKind::ChaseCombat => chase_combat_choices(world, unit),
        OptionKind::FightDefensively => vec![GameCommand::FightDefensively(cmd::FightDefensively {
            unit: u(),
            no_attacks: false,
        })],
        OptionKind::TotalDefense => vec![GameCommand::TotalDefense(cmd::TotalDefense { unit: u() })],
        OptionKind::StandUp => vec![GameCommand::StandUp(cmd::StandUp { unit: u() })],
        OptionKind::DropProne => vec![GameCommand::DropProne(cmd::DropProne { unit: u() })],
        OptionKind::BreakFree => vec![GameCommand::BreakFree(cmd::BreakFree {
            unit: u(),
            from: Vec::new(),
        })],
        OptionKind::Ready => READY_KINDS
            .iter()
            .map(|k| {
                GameCommand::Ready(cmd::Ready {
                    unit: u(),
                    action: *k,
                    trigger: READY_TRIGGERS[0].to_string(),
                })
            })
            .collect(),
        OptionKind::Delay => vec![GameCommand::Delay(cmd::Delay { unit: u() })],
        OptionKind::Stabilize => vec![GameCommand::Stabilize(cmd::Stabilize { unit: u() })],
        OptionKind::StayInTheFight => vec![GameCommand::StayInTheFight(cmd::StayInTheFight { unit: u() })],
        OptionKind::SecondWind => vec![GameCommand::SecondWind(cmd::SecondWind { unit: u() })],
        OptionKind::Recover => vec![GameCommand::Recover(cmd::Recover { unit: u() })],
        OptionKind::EndTurn => vec![GameCommand::EndTurn(cmd::EndTurn { unit: u() })],
        _ => grid::aimed_commands(world, unit, kind, arms),
    }
}
