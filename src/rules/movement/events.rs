//! The events of movement on the grid and in the air: their data, how each changes the battle (`apply`) and how it
//! reads in the log (`narrate`).

use crate::grid::Square;
use crate::rules::DieRoll;
use crate::rules::Elevation;
use crate::rules::Placement;
use crate::rules::UnitId;
use crate::rules::engine::apply::combat;
use crate::rules::engine::apply::entity;
use crate::rules::movement::MoveMode;
use crate::ruleset::Ruleset;
use bevy::prelude::World;
use serde::Deserialize;
use serde::Serialize;

/// What happened in movement on the grid and in the air, with every die rolled and every modifier and its source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum MovementEvent {
    /// A move begins (§5): the action paid for and the planned squares.
    MoveStarted {
        unit: UnitId,
        mode: MoveMode,
        from: Square,
        path: Vec<Square>,
        cost_ft: u32,
    },
    /// One step of a move (MOV-3): `cost_ft` with the family's diagonal and terrain costs.
    UnitStepped {
        unit: UnitId,
        from: Square,
        to: Square,
        cost_ft: u32,
        diagonals: u32,
    },
    /// One leg of a flight (MOV-14): to a neighbouring square or straight up or down, with
    /// the turns it made and the flier's new height in squares and direction (0 = north).
    FlightLeg {
        unit: UnitId,
        from: Square,
        to: Square,
        elevation: u32,
        cost_ft: u32,
        turns: u32,
        diagonals: u32,
        heading: Option<u8>,
    },
    /// The unit is put back where it may stand (MOV-12: the last legal position of its move).
    UnitDisplaced {
        unit: UnitId,
        from: Square,
        to: Square,
        reason: String,
    },
    /// A move ends at `at`; `stopped` says why it ended early, if it did (MOV-12, AOO-1).
    MoveEnded {
        unit: UnitId,
        at: Square,
        moved_ft: u32,
        stopped: Option<String>,
    },
}

impl MovementEvent {
    /// Applies the event to the battle (STYLE 3: with the other areas' `apply`, the only
    /// writer of battle state).
    pub fn apply(&self, world: &mut World) {
        match self {
            MovementEvent::MoveStarted { .. } => {}
            MovementEvent::UnitStepped {
                unit, to, diagonals, ..
            } => {
                if let Some(e) = entity(world, unit)
                    && let Some(mut p) = world.get_mut::<Placement>(e)
                {
                    p.at = *to;
                }
                combat(world).diagonals = *diagonals;
            }
            MovementEvent::FlightLeg {
                unit,
                to,
                elevation,
                diagonals,
                heading,
                ..
            } => {
                if let Some(e) = entity(world, unit) {
                    if let Some(mut p) = world.get_mut::<Placement>(e) {
                        p.at = *to;
                    }
                    world.entity_mut(e).insert(Elevation(*elevation));
                }
                let mut c = combat(world);
                c.diagonals = *diagonals;
                if heading.is_some() {
                    c.fly_heading = *heading;
                }
            }
            MovementEvent::UnitDisplaced { unit, to, .. } => {
                if let Some(e) = entity(world, unit)
                    && let Some(mut p) = world.get_mut::<Placement>(e)
                {
                    p.at = *to;
                }
            }
            MovementEvent::MoveEnded { unit, .. } => {
                combat(world).acted_in_combat.insert(unit.clone());
            }
        }
    }

    /// The event in words a player reads in the combat log, with the family's action names.
    pub fn narrate(&self, _rules: &Ruleset) -> String {
        match self {
            MovementEvent::MoveStarted {
                unit,
                mode,
                from,
                path,
                cost_ft,
            } => {
                let to = path.last().copied().unwrap_or(*from);
                format!(
                    "{unit} moves ({}) from {from} to {to}: {} squares, {cost_ft} ft",
                    mode_name(*mode),
                    path.len()
                )
            }
            MovementEvent::UnitStepped { unit, to, cost_ft, .. } => format!("{unit} steps to {to} ({cost_ft} ft)"),
            MovementEvent::FlightLeg {
                unit,
                to,
                elevation,
                cost_ft,
                turns,
                ..
            } => {
                let turned = if *turns > 0 {
                    format!(", turning {}°", turns * 45)
                } else {
                    String::new()
                };
                format!("{unit} flies to {to} at {elevation} squares up ({cost_ft} ft{turned})")
            }
            MovementEvent::MoveEnded {
                unit,
                at,
                moved_ft,
                stopped,
            } => match stopped {
                Some(why) => format!("{unit} stops at {at} after {moved_ft} ft: {why}"),
                None => format!("{unit} ends its move at {at} ({moved_ft} ft)"),
            },
            MovementEvent::UnitDisplaced { unit, to, .. } => {
                format!("{unit} cannot stay there and ends in {to}, the last square it could stop in (MOV-12)")
            }
        }
    }

    /// The dice the event rolled: none.
    pub fn dice(&self) -> Vec<&DieRoll> {
        Vec::new()
    }
}

/// A movement mode's name in the log (`move`, `double move`, `guarded step`, ...).
pub(super) fn mode_name(mode: MoveMode) -> &'static str {
    match mode {
        MoveMode::Move => "move",
        MoveMode::Double => "double move",
        MoveMode::Run => "run",
        MoveMode::Withdraw => "withdraw",
        MoveMode::GuardedStep => "guarded step",
        MoveMode::Crawl => "crawl",
        MoveMode::Minimum => "minimum movement",
        MoveMode::Charge => "charge",
        MoveMode::Squeeze => "squeeze",
    }
}
