//! The battle on screen: the [`Session`], its [`Revision`] (views rebuild when it moves), the
//! one-line [`StatusLine`], who must act now, and whether the computer is playing.

use crate::ai;
use crate::history::Battle;
use crate::rules::chase::{Chase, ChasePhase};
use crate::rules::{Combat, SideId};
use bevy::prelude::*;

/// The battle on screen: an ordinary resource (a `Battle` is plain data).
#[derive(Resource)]
pub struct Session {
    pub battle: Battle,
}

impl Session {
    pub fn new(battle: Battle) -> Self {
        Self { battle }
    }
}

/// Bumped when the battle changed (a command, an undo) or the battle screen was entered;
/// views rebuild when it changes.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Revision(pub u64);

/// A one-line message for the player: why a command was refused, or what the hover shows.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct StatusLine(pub String);

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

/// The side of the unit that must act now ([`acting_unit`]), if any.
pub fn acting_side(battle: &Battle) -> Option<SideId> {
    let world = battle.world();
    let unit = acting_unit(battle)?;
    let entity = world.resource::<crate::rules::UnitIndex>().0.get(&unit).copied()?;
    world.get::<SideId>(entity).cloned()
}

/// The computer opponent is in the app (`computer`'s plugin puts it there): the sides the
/// scenario or the setup screen gives the computer are played by it, and while it plays
/// [`computer_is_playing`] the board takes no orders from a person.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct ComputerOpponent;

/// Whether the battle waits for the computer now (a person's commands for the board are not
/// taken meanwhile).
pub fn computer_is_playing(battle: &Battle) -> bool {
    ai::computer_to_act(battle).is_some()
}
