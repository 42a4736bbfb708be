//! What a unit may do now, as the rules see it (issue #15 item 5): every kind of command open
//! to it, each with the concrete commands that stand for it (its targets: foes in reach or
//! range, area aims, maneuvers, vehicle orders, pilot actions …) and, for each, `check`'s
//! verdict with the rules' reason. The GUI's action bar and clicks, the computer opponent and
//! `fivefoot query SCENARIO options UNIT` all read this list instead of building their own.
//! Each rule area lists its own kinds and their commands (`<area>::options`, an
//! [`AreaOptions`]); this module gathers them from [`AREAS`] in `OptionKind`'s order and asks
//! the area that owns a kind about it. Decides no rule itself: every verdict is `check`'s (or,
//! for moves, the reach plan's, which agrees with `check` square by square).

pub mod aim;
pub mod kind;
#[cfg(test)]
mod tests;

pub use aim::{MapAim, MapPoint, aims_of};
pub use kind::{AreaOptions, Arms, Choice, OptionKind, allies_of, any_allowed, foes_of};

use super::{GameCommand, RuleError, UnitId};
use bevy::prelude::World;
use serde::Serialize;

/// The rule areas whose commands are options, each supplying its own kinds.
pub const AREAS: [&dyn AreaOptions; 8] = [
    &crate::rules::movement::options::Options,
    &crate::rules::attack::options::Options,
    &crate::rules::maneuver::options::Options,
    &crate::rules::area::options::Options,
    &crate::rules::sequence::options::Options,
    &crate::rules::health::options::Options,
    &crate::rules::vehicle::options::Options,
    &crate::rules::chase::options::Options,
];

/// The area that owns `kind`.
fn area_of(kind: OptionKind) -> Option<&'static dyn AreaOptions> {
    AREAS.into_iter().find(|a| a.owns(kind))
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

/// The kinds the list asks about for `unit`, in the list's order (`OptionKind`'s): every
/// area's, the grid's actions first, then the vehicle orders, the map's edge and the chase,
/// ending the turn last. The computer weighs its candidates in this order too.
pub fn kinds(world: &World, unit: &UnitId) -> Vec<OptionKind> {
    let mut kinds: Vec<OptionKind> = AREAS.iter().flat_map(|a| a.kinds(world, unit)).collect();
    kinds.sort();
    kinds
}

/// Everything `unit` may do now: each kind that has choices (or a reason it has none that a
/// player would want to read), in the order of [`kinds`]. Kinds with nothing to choose and no
/// turn under way are left out.
pub fn options(world: &World, unit: &UnitId) -> Result<UnitOptions, RuleError> {
    if !world.resource::<super::UnitIndex>().0.contains_key(unit) {
        return Err(RuleError::UnknownUnit(unit.clone()));
    }
    let mut list = Vec::new();
    for kind in kinds(world, unit) {
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
    let choices: Vec<Choice> = area_of(kind).map_or_else(Vec::new, |a| a.choices(world, unit, kind, arms));
    let none = none_reason(kind);
    let mut verdict = Err(none.to_string());
    for c in &choices {
        match &c.verdict {
            Ok(()) => {
                verdict = Ok(());
                break;
            }
            Err(why) if verdict.as_ref().is_err_and(|w| w == none) => verdict = Err(why.clone()),
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
/// only until one choice is allowed (the owning area's [`AreaOptions::verdict`]: the moves'
/// from the reach plan a band at a time, the full attacks' a single attack first, the vehicle
/// orders' the planned drives only when no one-step drive is allowed).
pub fn armed_verdict(world: &World, unit: &UnitId, kind: OptionKind, arms: Arms) -> Result<(), String> {
    match area_of(kind) {
        Some(area) => area.verdict(world, unit, kind, arms),
        None => Err(none_reason(kind).to_string()),
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
/// whether or not it is their turn (the owning area's [`AreaOptions::waiting`]: act now and
/// proceed for each delaying unit, fire readied for each unit with a readied action, §3.4,
/// §3.5). A board offers them between turns, when no unit is active. Other kinds have none.
pub fn waiting_choices(world: &World, kind: OptionKind) -> Vec<GameCommand> {
    area_of(kind).map_or_else(Vec::new, |a| a.waiting(world, kind))
}

/// What a kind says when nothing stands for it.
pub fn none_reason(kind: OptionKind) -> &'static str {
    area_of(kind).map_or("no turn is under way", |a| a.none_reason(kind))
}

/// The commands that stand for `kind` now, before the rules' verdict: for an aimed kind one
/// per aim, for the others the unit's own (act now, proceed and fire readied only when `unit`
/// is delaying or has readied; [`waiting_choices`] lists everyone's).
pub fn commands(world: &World, unit: &UnitId, kind: OptionKind, weapon: Option<&str>) -> Vec<GameCommand> {
    armed_commands(world, unit, kind, Arms::from_weapon(weapon))
}

/// The commands that stand for `kind` armed with `arms` (see [`commands`]).
pub fn armed_commands(world: &World, unit: &UnitId, kind: OptionKind, arms: Arms) -> Vec<GameCommand> {
    area_of(kind).map_or_else(Vec::new, |a| a.commands(world, unit, kind, arms))
}

/// The choices of `kind` armed with `arms` that `point` means (the owning area's
/// [`AreaOptions::aimed`]), each with `check`'s verdict: what the window's aim mode previews
/// and sends (issue #25 item 1).
pub fn aimed_choices(world: &World, unit: &UnitId, kind: OptionKind, arms: Arms, point: &MapPoint) -> Vec<Choice> {
    area_of(kind).map_or_else(Vec::new, |a| {
        kind::checked(world, a.aimed(world, unit, kind, arms, point))
    })
}

/// Whether any command that stands for `kind` names a place on the map, so the window aims it
/// with the pointer rather than listing its choices.
pub fn is_aimed(world: &World, unit: &UnitId, kind: OptionKind) -> bool {
    armed_commands(world, unit, kind, Arms::Every)
        .iter()
        .any(|c| !aims_of(c).is_empty())
}
