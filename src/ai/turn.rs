//! Whose choice the battle waits for now: the active unit's turn, the acting pilot in a
//! chase's pilot-actions phase, the delaying units in a delay window, or the stay-or-go of
//! vehicles that would escape in chase progress. The window asks this to know whether a
//! computer side is to act (and which), the headless runner to know whom to ask. Reads only.

use crate::history::{Battle, Sides};
use crate::rules::chase::{Chase, ChasePhase, would_escape};
use crate::rules::{Combat, SideId, UnitId, UnitIndex, cmd};
use crate::rules::{GameCommand, check};
use crate::scenario::format::AiLevel;
use bevy::prelude::World;

/// Who must choose next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decider {
    /// The active unit, on its turn (on the grid, or in a chase's combat phase).
    Unit(UnitId),
    /// The pilot whose vehicle acts in a chase's pilot-actions phase (§26.2).
    Pilot(UnitId),
    /// A delay window is open (SEQ-8): these units may act now; else the next turn begins.
    DelayWindow(Vec<UnitId>),
    /// Chase progress (§26.4): these vehicles would escape, and their sides choose whether
    /// they stay. Empty: nothing to choose, chase progress runs as the referee's step.
    ChaseProgress(Vec<UnitId>),
    /// Nobody: the battle waits for nothing (it is over, or between steps the rules take).
    Nobody,
}

/// Who must choose next in `world`.
pub fn decider(world: &World) -> Decider {
    if let Some(chase) = world.get_resource::<Chase>() {
        match chase.phase {
            ChasePhase::PilotActions => {
                return match chase.acting().and_then(|e| e.pilot.clone()) {
                    Some(pilot) => Decider::Pilot(pilot),
                    None => Decider::Nobody,
                };
            }
            ChasePhase::Progress => return Decider::ChaseProgress(would_escape(world)),
            ChasePhase::Combat | ChasePhase::Over => {}
        }
    }
    let combat = world.resource::<Combat>();
    if let Some(unit) = &combat.active {
        return Decider::Unit(unit.clone());
    }
    if combat.window.is_some() {
        return Decider::DelayWindow(combat.delaying.iter().map(|d| d.unit.clone()).collect());
    }
    Decider::Nobody
}

/// The side of `unit`.
pub fn side_of(world: &World, unit: &UnitId) -> Option<SideId> {
    let e = *world.resource::<UnitIndex>().0.get(unit)?;
    world.get::<SideId>(e).cloned()
}

/// The side whose choice the battle waits for now, if any: the active unit's or the acting
/// pilot's; in a delay window the first delaying unit's; in chase progress the side of the
/// first vehicle that would escape. `None` when no side chooses: the battle is over, or the
/// next step is the referee's ([`referee_command`]).
pub fn acting_side(battle: &Battle) -> Option<SideId> {
    if battle.outcome().over {
        return None;
    }
    let world = battle.world();
    match decider(world) {
        Decider::Unit(u) | Decider::Pilot(u) => side_of(world, &u),
        Decider::DelayWindow(units) | Decider::ChaseProgress(units) => units.first().and_then(|u| side_of(world, u)),
        Decider::Nobody => None,
    }
}

/// The readied action of a unit of `side` the computer fires now (§3.5, SEQ-9): during a foe's
/// turn (no other readied action under way, no delay window), as soon as that foe stands in
/// the readier's melee reach and the side sees it (the trigger the computer readies for, "an
/// enemy comes within reach"). `None` when no unit of `side` fires.
pub fn readied_to_fire(battle: &Battle, side: &SideId) -> Option<GameCommand> {
    if battle.outcome().over {
        return None;
    }
    let world = battle.world();
    let combat = world.resource::<Combat>();
    if combat.readied.is_empty() || combat.interruption.is_some() || combat.window.is_some() {
        return None;
    }
    let active = combat.active.as_ref()?;
    if side_of(world, active).as_ref() == Some(side) {
        return None;
    }
    let foe = crate::rules::reactions::threat::space_of(world, active)?;
    for r in &combat.readied {
        if side_of(world, &r.unit).as_ref() != Some(side) {
            continue;
        }
        let Some(me) = crate::ai::knowledge::fighter(world, &r.unit).filter(|f| f.able()) else {
            continue;
        };
        let in_reach = me
            .melee
            .as_ref()
            .is_some_and(|(_, reach)| crate::ai::grid::gap(me.space, foe) <= *reach);
        if !in_reach || !crate::ai::knowledge::Known::of(battle, side).knows(active) {
            continue;
        }
        let fire = GameCommand::FireReadied(cmd::FireReadied { unit: r.unit.clone() });
        if check(world, &fire).is_ok() {
            return Some(fire);
        }
    }
    None
}

/// The side to ask for a command now when every side is the computer's: a side with a
/// readied action to fire ([`readied_to_fire`]), else [`acting_side`].
pub fn choosing_side(battle: &Battle) -> Option<SideId> {
    let world = battle.world();
    let combat = world.resource::<Combat>();
    let firing = combat
        .readied
        .iter()
        .filter_map(|r| side_of(world, &r.unit))
        .find(|side| readied_to_fire(battle, side).is_some());
    firing.or_else(|| acting_side(battle))
}

/// The computer's level for `side`, if the scenario gives the side to the computer.
pub fn computer_level(battle: &Battle, side: &SideId) -> Option<AiLevel> {
    battle
        .world()
        .get_resource::<Sides>()
        .and_then(|s| s.0.iter().find(|d| &d.id == side))
        .and_then(|d| d.ai_level())
}

/// The computer side to act now and its level, when the side whose choice the battle waits
/// for is played by the computer (`control: Ai`).
pub fn computer_to_act(battle: &Battle) -> Option<(SideId, AiLevel)> {
    // A computer side's readied action fires in the middle of another side's turn.
    let world = battle.world();
    let firing = world
        .resource::<Combat>()
        .readied
        .iter()
        .filter_map(|r| side_of(world, &r.unit))
        .find_map(|side| {
            let level = computer_level(battle, &side)?;
            readied_to_fire(battle, &side).map(|_| (side, level))
        });
    if firing.is_some() {
        return firing;
    }
    let side = acting_side(battle)?;
    let level = computer_level(battle, &side)?;
    Some((side, level))
}

/// The step nobody chooses, when the battle is at one: chase progress with no vehicle that
/// could escape (the GUI runs it by itself too). `None` otherwise.
pub fn referee_command(battle: &Battle) -> Option<GameCommand> {
    if battle.outcome().over {
        return None;
    }
    let world = battle.world();
    match decider(world) {
        Decider::ChaseProgress(escaping) if escaping.is_empty() => {
            let progress = GameCommand::ChaseProgress(cmd::ChaseProgress { stay: Vec::new() });
            check(world, &progress).is_ok().then_some(progress)
        }
        _ => None,
    }
}
