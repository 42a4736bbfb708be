//! Vehicle events in words for the combat log (the vehicle half of `rules::narrate`).

use super::{CollisionKind, RaceMishap};
use crate::rules::Modifier;
use crate::rules::VehicleEvent;

/// One line describing a vehicle event; `modifiers` formats a modifier list as the rest of
/// the log does.
pub fn narrate_vehicle_event(event: &VehicleEvent, modifiers: fn(&[Modifier]) -> String) -> String {
    match event {
        VehicleEvent::VehicleStarted { pilot, vehicle } => format!("{pilot} starts {vehicle}"),
        VehicleEvent::VehicleCheck {
            unit, purpose, check, ..
        } => format!("{unit}'s {purpose}: {}", check.text(modifiers)),
        VehicleEvent::RaceMishap { vehicle, mishap } => match mishap {
            RaceMishap::Stalled => format!("{vehicle} stalls and does not move"),
            RaceMishap::HalfSpeed => format!("{vehicle} fights the rough ground and races at half speed"),
            RaceMishap::OffCourse { roll, angle_tenths } => format!(
                "{vehicle} veers off course (d4 = {}): {:+.1}° off its heading",
                roll.result,
                f64::from(*angle_tenths) / 10.0
            ),
        },
        VehicleEvent::VehicleMoved {
            vehicle,
            how,
            path,
            from,
            moved_ft,
            heading,
            stopped,
            ..
        } => {
            let to = path.last().copied().unwrap_or(*from);
            let why = stopped.as_ref().map(|s| format!(" ({s})")).unwrap_or_default();
            format!("{vehicle} {} {moved_ft} ft to {to}, heading {heading}{why}", how.word())
        }
        VehicleEvent::VehicleStopped { vehicle, reason } => format!("{vehicle} stops ({reason})"),
        VehicleEvent::VehicleControl { vehicle, pilot, reason } => match pilot {
            Some(p) => format!("{p} controls {vehicle} ({reason})"),
            None => format!("{vehicle} is uncontrolled ({reason})"),
        },
        VehicleEvent::AutocontrolSet { vehicle, engaged } => {
            format!(
                "{vehicle}'s autocontrol {}",
                if *engaged { "engaged" } else { "disengaged" }
            )
        }
        VehicleEvent::AutopilotSet {
            vehicle,
            engaged,
            reason,
        } => format!(
            "{vehicle}'s autopilot {} ({reason}, VEH-14)",
            if *engaged { "engaged" } else { "disengaged" }
        ),
        VehicleEvent::AutopilotDestinationSet { vehicle, by, to } => {
            format!("{by} enters {to} as {vehicle}'s autopilot destination (VEH-14)")
        }
        VehicleEvent::AutopilotIdle { vehicle, reason } => format!("{vehicle}'s autopilot holds: {reason}"),
        VehicleEvent::VehicleCollision {
            vehicle,
            target,
            kind,
            dice,
            rolled,
            save,
            target_damage,
            vehicle_damage,
        } => {
            let what = match kind {
                CollisionKind::Ram => "rams",
                CollisionKind::RunOver => "runs over",
                CollisionKind::Crash => "crashes into",
            };
            let target = target.as_ref().map_or("an obstacle".to_string(), |t| t.to_string());
            let dice: Vec<String> = dice.iter().map(|d| d.result.to_string()).collect();
            let save = save
                .as_ref()
                .map(|s| format!("; {}", s.text(modifiers)))
                .unwrap_or_default();
            format!(
                "{vehicle} {what} {target}: collision [{}] = {rolled}{save}; {target} takes {target_damage}, {vehicle} takes {vehicle_damage}",
                dice.join(", ")
            )
        }
        VehicleEvent::RiderBoarded {
            unit, vehicle, role, ..
        } => format!("{unit} boards {vehicle} as {role:?}"),
        VehicleEvent::RiderDisembarked { unit, vehicle, to } => format!("{unit} gets off {vehicle} at {to}"),
        VehicleEvent::RaceFollowUpDue { vehicle, pilot } => {
            format!("{vehicle} keeps racing: {pilot} races again, drives, stops short or relinquishes control (VEH-6)")
        }
        VehicleEvent::VehicleSlotTaken { vehicle, pilot, count } => {
            format!("{vehicle} keeps {pilot}'s old initiative count {count} and moves there uncontrolled (VEH-11)")
        }
        VehicleEvent::VehicleSlotEnded { vehicle } => format!("{vehicle} no longer acts on a count of its own"),
        VehicleEvent::AutocontrolCheck {
            vehicle,
            purpose,
            result,
            dc,
            success,
        } => {
            let result = result.map_or("none".to_string(), |r| r.to_string());
            format!(
                "{vehicle}'s autocontrol {purpose}: the pilot's last Piloting result {result} vs DC {dc}: {}",
                if *success { "success" } else { "failure" }
            )
        }
        VehicleEvent::RaceHazard { vehicle, at } => {
            format!("{vehicle} reaches difficult terrain or an obstacle at {at} at racing speed, a hazard (VEH-5)")
        }
        VehicleEvent::VehicleEscaped { vehicle, riders, foes } => {
            crate::rules::vehicle::escape::narrate_escape(vehicle, riders, foes)
        }
        VehicleEvent::VehicleLeftMap {
            vehicle, edge, riders, ..
        } => {
            let aboard = match riders.len() {
                0 => String::new(),
                _ => format!(
                    " with {}",
                    riders.iter().map(|r| r.0.as_str()).collect::<Vec<_>>().join(", ")
                ),
            };
            format!("{vehicle} drives off the map across the {edge} edge{aboard} (VEH-21)")
        }
        VehicleEvent::VehicleReturned {
            vehicle, at, heading, ..
        } => format!("{vehicle} drives back onto the map at {at}, heading {heading} (VEH-21)"),
    }
}
