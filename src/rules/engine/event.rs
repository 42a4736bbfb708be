//! `GameEvent`: what happened, with every die rolled and every modifier and its source.
//! The battle log is the list of these; the GUI animates them; only `apply` turns them into
//! state changes.

use crate::rules::attack::stacking::BonusType;
use crate::rules::{
    AreaEvent, AttackEvent, ChaseEvent, HealthEvent, ManeuverEvent, MovementEvent, ReactionEvent, SequenceEvent,
    VehicleEvent,
};
use crate::rules::{DieRoll, UnitId};
use serde::{Deserialize, Serialize};

/// A number added to a roll, with where it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub value: i32,
    pub source: String,
    /// Its bonus type (§21: dodge, cover, circumstance, ...); left out when untyped.
    #[serde(default, skip_serializing_if = "BonusType::is_untyped")]
    pub kind: BonusType,
    /// The effect it comes from when several units can give the same one (covering fire,
    /// suppress): for stacking (§21) that effect is its source, whoever gave it, as the
    /// frozen lake frozen again is the same penalty (001:3202-3219).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<String>,
    /// Set when the family's stacking rules (§21) leave it out of the total: why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ignored: Option<String>,
}

impl Modifier {
    /// An untyped modifier (penalties and most bonuses).
    pub fn new(value: i32, source: impl Into<String>) -> Self {
        Self::typed(value, BonusType::Untyped, source)
    }

    /// A bonus of a type (§21).
    pub fn typed(value: i32, kind: BonusType, source: impl Into<String>) -> Self {
        Self {
            value,
            source: source.into(),
            kind,
            effect: None,
            ignored: None,
        }
    }

    /// The same, given by the named effect (§21: the effect is the source for stacking).
    pub fn of_effect(self, effect: impl Into<String>) -> Self {
        Self {
            effect: Some(effect.into()),
            ..self
        }
    }

    /// What §21 compares to tell "the same source": the effect, else the source.
    pub fn stacking_source(&self) -> &str {
        self.effect.as_deref().unwrap_or(&self.source)
    }

    /// Whether it counts toward the total (§21).
    pub fn counts(&self) -> bool {
        self.ignored.is_none()
    }
}

/// One unit's place in the initiative order as an event reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderEntry {
    pub unit: UnitId,
    pub count: i32,
}

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

pub(crate) fn is_zero(v: &i32) -> bool {
    *v == 0
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
