//! What one command's events show: the slides of the units that moved and the hits and
//! misses of its attacks. The board animates them (`board::animation`) and the computer paces
//! its commands by them, so a person can follow.

use crate::grid::Square;
use crate::rules::{AttackEvent, GameEvent, HealthEvent, ManeuverEvent, MovementEvent, UnitId};

/// Seconds per square of a slide, and the most a whole slide may take.
pub const SECONDS_PER_SQUARE: f32 = 0.15;

pub const MAX_SLIDE_SECONDS: f32 = 1.2;

/// One thing to show for one command's events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cue {
    /// The unit went through these top-left squares, start first (steps, displacement,
    /// forced movement, in the order they happened).
    Slide { unit: UnitId, squares: Vec<Square> },
    /// The unit took this much damage.
    Hit { unit: UnitId, amount: u32 },
    /// An attack on the unit missed.
    Miss { unit: UnitId },
}

/// The cues of a run of events: one slide per unit that moved (all its steps joined), then a
/// hit or miss per attack outcome, in event order.
pub fn cues(events: &[GameEvent]) -> Vec<Cue> {
    let mut out: Vec<Cue> = Vec::new();
    let extend = |out: &mut Vec<Cue>, unit: &UnitId, from: Square, to: &[Square]| {
        let slide = out.iter_mut().rev().find_map(|c| match c {
            Cue::Slide { unit: u, squares } if u == unit && squares.last() == Some(&from) => Some(squares),
            _ => None,
        });
        match slide {
            Some(squares) => squares.extend_from_slice(to),
            None => out.push(Cue::Slide {
                unit: unit.clone(),
                squares: std::iter::once(from).chain(to.iter().copied()).collect(),
            }),
        }
    };
    for event in events {
        match event {
            GameEvent::Movement(MovementEvent::UnitStepped { unit, from, to, .. })
            | GameEvent::Movement(MovementEvent::UnitDisplaced { unit, from, to, .. }) => {
                extend(&mut out, unit, *from, &[*to])
            }
            GameEvent::Maneuver(ManeuverEvent::ForcedMove { unit, path, .. }) if !path.is_empty() => {
                // The forced path lists the squares after the start; the start is where the
                // unit stood, which the last cue for it (or nothing) tells; else slide from the
                // first square.
                let from = out
                    .iter()
                    .rev()
                    .find_map(|c| match c {
                        Cue::Slide { unit: u, squares } if u == unit => squares.last().copied(),
                        _ => None,
                    })
                    .unwrap_or(path[0]);
                extend(&mut out, unit, from, path);
            }
            GameEvent::Health(HealthEvent::DamageTaken { unit, amount, .. }) if *amount > 0 => out.push(Cue::Hit {
                unit: unit.clone(),
                amount: *amount,
            }),
            GameEvent::Attack(AttackEvent::AttackResolved { target, attack, .. }) if !attack.hit => {
                out.push(Cue::Miss { unit: target.clone() })
            }
            _ => {}
        }
    }
    out.retain(|c| !matches!(c, Cue::Slide { squares, .. } if squares.len() < 2));
    out
}
