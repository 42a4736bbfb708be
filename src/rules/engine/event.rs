//! `GameEvent`: what happened, with every die rolled and every modifier and its source,
//! one line per area, each routed to its area to apply, narrate and list its dice. The
//! battle log is the list of these; the GUI animates them; only `apply` turns them into state
//! changes: each event is applied exactly as it was recorded, so replaying a log rebuilds the
//! same state (zemeroth's execute/apply split).

use crate::rules::DieRoll;
use crate::rules::{
    AreaEvent, AttackEvent, ChaseEvent, HealthEvent, ManeuverEvent, MovementEvent, ReactionEvent, SequenceEvent,
    VehicleEvent,
};
use crate::ruleset::Ruleset;
use bevy::prelude::World;
use serde::{Deserialize, Serialize};

/// Something that happened in the battle: one area's event. Untagged, so each area's events
/// keep their `{"event": "unit_moved", ...}` form on the wire.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum GameEvent {
    Sequence(SequenceEvent),
    Movement(MovementEvent),
    Attack(AttackEvent),
    Reaction(ReactionEvent),
    Area(AreaEvent),
    Health(HealthEvent),
    Maneuver(ManeuverEvent),
    Vehicle(VehicleEvent),
    Chase(ChaseEvent),
}

impl From<SequenceEvent> for GameEvent {
    fn from(e: SequenceEvent) -> Self {
        GameEvent::Sequence(e)
    }
}

impl From<MovementEvent> for GameEvent {
    fn from(e: MovementEvent) -> Self {
        GameEvent::Movement(e)
    }
}

impl From<AttackEvent> for GameEvent {
    fn from(e: AttackEvent) -> Self {
        GameEvent::Attack(e)
    }
}

impl From<ReactionEvent> for GameEvent {
    fn from(e: ReactionEvent) -> Self {
        GameEvent::Reaction(e)
    }
}

impl From<AreaEvent> for GameEvent {
    fn from(e: AreaEvent) -> Self {
        GameEvent::Area(e)
    }
}

impl From<HealthEvent> for GameEvent {
    fn from(e: HealthEvent) -> Self {
        GameEvent::Health(e)
    }
}

impl From<ManeuverEvent> for GameEvent {
    fn from(e: ManeuverEvent) -> Self {
        GameEvent::Maneuver(e)
    }
}

impl From<VehicleEvent> for GameEvent {
    fn from(e: VehicleEvent) -> Self {
        GameEvent::Vehicle(e)
    }
}

impl From<ChaseEvent> for GameEvent {
    fn from(e: ChaseEvent) -> Self {
        GameEvent::Chase(e)
    }
}

impl GameEvent {
    /// The dice this event rolled (undo is allowed only for commands that rolled none).
    pub fn dice(&self) -> Vec<&DieRoll> {
        match self {
            GameEvent::Sequence(e) => e.dice(),
            GameEvent::Movement(e) => e.dice(),
            GameEvent::Attack(e) => e.dice(),
            GameEvent::Reaction(e) => e.dice(),
            GameEvent::Area(e) => e.dice(),
            GameEvent::Health(e) => e.dice(),
            GameEvent::Maneuver(e) => e.dice(),
            GameEvent::Vehicle(e) => e.dice(),
            GameEvent::Chase(e) => e.dice(),
        }
    }
}

/// Applies one event to the world.
pub fn apply(world: &mut World, event: &GameEvent) {
    match event {
        GameEvent::Sequence(e) => e.apply(world),
        GameEvent::Movement(e) => e.apply(world),
        GameEvent::Attack(e) => e.apply(world),
        GameEvent::Reaction(e) => e.apply(world),
        GameEvent::Area(e) => e.apply(world),
        GameEvent::Health(e) => e.apply(world),
        GameEvent::Maneuver(e) => e.apply(world),
        GameEvent::Vehicle(e) => e.apply(world),
        GameEvent::Chase(e) => e.apply(world),
    }
}

/// One line describing `event`, in the family's words (its action names) for the combat log.
pub fn narrate(event: &GameEvent, rules: &Ruleset) -> String {
    match event {
        GameEvent::Sequence(e) => e.narrate(rules),
        GameEvent::Movement(e) => e.narrate(rules),
        GameEvent::Attack(e) => e.narrate(rules),
        GameEvent::Reaction(e) => e.narrate(rules),
        GameEvent::Area(e) => e.narrate(rules),
        GameEvent::Health(e) => e.narrate(rules),
        GameEvent::Maneuver(e) => e.narrate(rules),
        GameEvent::Vehicle(e) => e.narrate(rules),
        GameEvent::Chase(e) => e.narrate(rules),
    }
}
