//! Applies vehicle events to the world (the vehicle half of `rules::apply`): moves a vehicle
//! with everyone aboard, records its state, boards and unboards riders, and rolls its
//! per-round state over when a round starts.

use super::{Aboard, PilotAction, RiderRole, VehicleMove, VehicleState, VehicleStats};
use crate::rules::VehicleEvent;
use crate::rules::{Combat, InitiativeEntry, Placement, UnitId, UnitIndex};
use bevy::prelude::{Entity, World};

fn entity(world: &World, unit: &UnitId) -> Option<Entity> {
    world.resource::<UnitIndex>().0.get(unit).copied()
}

fn state_mut<'w>(world: &'w mut World, unit: &UnitId) -> Option<bevy::prelude::Mut<'w, VehicleState>> {
    let e = entity(world, unit)?;
    world.get_mut::<VehicleState>(e)
}

fn shift(world: &mut World, unit: &UnitId, dx: i32, dy: i32) {
    if let Some(e) = entity(world, unit)
        && let Some(mut p) = world.get_mut::<Placement>(e)
    {
        p.at = crate::grid::Square::new(p.at.x + dx, p.at.y + dy);
    }
}

fn place(world: &mut World, unit: &UnitId, at: crate::grid::Square) {
    if let Some(e) = entity(world, unit)
        && let Some(mut p) = world.get_mut::<Placement>(e)
    {
        p.at = at;
    }
}

fn set_role(world: &mut World, unit: &UnitId, role: RiderRole) {
    if let Some(e) = entity(world, unit)
        && let Some(mut a) = world.get_mut::<Aboard>(e)
    {
        a.role = role;
    }
}

/// Applies one vehicle event; other events are ignored.
pub fn apply_vehicle_event(world: &mut World, event: &VehicleEvent) {
    match event {
        // Reports: what they tell has already changed (or changes by the events that follow).
        VehicleEvent::RaceMishap { .. }
        | VehicleEvent::AutopilotIdle { .. }
        | VehicleEvent::AutocontrolCheck { .. }
        | VehicleEvent::RaceHazard { .. } => {}
        VehicleEvent::VehicleStarted { vehicle, .. } => {
            if let Some(mut s) = state_mut(world, vehicle) {
                s.started = true;
            }
        }
        VehicleEvent::VehicleCheck {
            vehicle,
            piloting: true,
            check,
            ..
        } => {
            if let Some(mut s) = state_mut(world, vehicle) {
                s.last_piloting_result = Some(check.total);
            }
        }
        VehicleEvent::VehicleMoved {
            vehicle,
            how,
            from,
            path,
            moved_ft,
            speed_ft,
            heading,
            riders,
            pilot,
            ..
        } => {
            let to = path.last().copied().unwrap_or(*from);
            let (dx, dy) = (to.x - from.x, to.y - from.y);
            place(world, vehicle, to);
            for r in riders {
                shift(world, r, dx, dy);
            }
            let drive_ft = entity(world, vehicle)
                .and_then(|e| world.get::<VehicleStats>(e))
                .map_or(0, |v| v.drive_ft);
            if let Some(mut s) = state_mut(world, vehicle) {
                // VEH-6: any pilot action that moves it is one of the options taken.
                s.race_follow_up_due &= pilot.is_none();
                s.heading = *heading;
                s.moved_this_round |= *moved_ft > 0;
                s.full_speed_this_round |= matches!(how, VehicleMove::Race | VehicleMove::Ram) || *speed_ft > drive_ft;
                match how {
                    VehicleMove::Drive | VehicleMove::RunOver => {
                        s.last_action = Some(PilotAction::Drive);
                        s.last_action_speed_ft = *speed_ft;
                        // Stopping after a drive needs no action (001:4551-4556).
                        s.keeps_going = false;
                    }
                    VehicleMove::Race | VehicleMove::Ram => {
                        s.last_action = Some(PilotAction::Race);
                        s.last_action_speed_ft = *speed_ft;
                        s.keeps_going = true;
                    }
                    VehicleMove::Uncontrolled => {
                        s.last_action_speed_ft = *speed_ft;
                        s.keeps_going = true;
                    }
                    // VEH-13: autocontrol repeats the last pilot action, whose distance it
                    // keeps (a mishap's half speed is not the pilot's); repeated drives stop
                    // without an action once it is disengaged, a repeated race keeps going.
                    VehicleMove::Autocontrol => {
                        s.keeps_going = s.last_action == Some(PilotAction::Race);
                    }
                    // VEH-14: the autopilot's drive is a pilot's drive, and so one of the
                    // options after a race (VEH-6).
                    VehicleMove::Autopilot => {
                        s.last_action = Some(PilotAction::Drive);
                        s.last_action_speed_ft = *speed_ft;
                        s.keeps_going = false;
                        s.race_follow_up_due = false;
                    }
                    VehicleMove::StopShort => {
                        s.keeps_going = false;
                        s.last_action_speed_ft = 0;
                    }
                }
            }
        }
        VehicleEvent::VehicleStopped { vehicle, .. } => {
            if let Some(mut s) = state_mut(world, vehicle) {
                s.keeps_going = false;
                s.last_action_speed_ft = 0;
                s.autocontrol_engaged = false;
                s.race_follow_up_due = false;
            }
        }
        VehicleEvent::RaceFollowUpDue { vehicle, .. } => {
            if let Some(mut s) = state_mut(world, vehicle) {
                s.race_follow_up_due = true;
            }
        }
        VehicleEvent::VehicleSlotTaken { vehicle, pilot, count } => {
            if let Some(mut s) = state_mut(world, vehicle) {
                s.uncontrolled_slot = Some(vehicle.clone());
            }
            let mut c = world.resource_mut::<Combat>();
            let modifier = c.delaying.iter().find(|d| &d.unit == pilot).map_or(0, |d| d.modifier);
            // Where the pilot stood: `Delayed` left `next_index` there.
            let at = c.next_index.min(c.order.len());
            c.order.insert(
                at,
                InitiativeEntry {
                    unit: vehicle.clone(),
                    count: *count,
                    modifier,
                },
            );
        }
        VehicleEvent::VehicleSlotEnded { vehicle } => {
            if let Some(mut s) = state_mut(world, vehicle)
                && s.uncontrolled_slot.as_ref() == Some(vehicle)
            {
                s.uncontrolled_slot = None;
            }
            let mut c = world.resource_mut::<Combat>();
            if let Some(i) = c.index_of(vehicle) {
                c.order.remove(i);
                if i < c.next_index {
                    c.next_index -= 1;
                }
            }
        }
        VehicleEvent::VehicleControl { vehicle, pilot, .. } => {
            let before = state_mut(world, vehicle).and_then(|mut s| {
                s.race_follow_up_due = false;
                let before = s.controlled_by.take();
                s.controlled_by = pilot.clone();
                if pilot.is_some() {
                    s.started = true;
                    s.uncontrolled_slot = None;
                } else if before.is_some() {
                    s.uncontrolled_slot = before.clone();
                }
                before
            });
            if let Some(old) = before.filter(|o| Some(o) != pilot.as_ref()) {
                set_role(world, &old, RiderRole::Passenger);
            }
            if let Some(p) = pilot {
                set_role(world, p, RiderRole::Pilot);
            }
            // A chase follows who pilots the vehicle.
            crate::rules::chase::follow_vehicle_control(world, vehicle, pilot.clone());
        }
        VehicleEvent::AutocontrolSet { vehicle, engaged } => {
            if let Some(mut s) = state_mut(world, vehicle) {
                s.autocontrol_engaged = *engaged;
                // VEH-13: engaging it after a race is the pilot's follow-up (VEH-6).
                s.race_follow_up_due &= !*engaged;
            }
        }
        VehicleEvent::AutopilotSet { vehicle, engaged, .. } => {
            if let Some(mut s) = state_mut(world, vehicle) {
                s.autopilot_engaged = *engaged;
            }
        }
        VehicleEvent::AutopilotDestinationSet { vehicle, to, .. } => {
            if let Some(mut s) = state_mut(world, vehicle) {
                s.autopilot_destination = Some(*to);
            }
        }
        VehicleEvent::VehicleCollision {
            vehicle,
            target: Some(target),
            kind: super::CollisionKind::RunOver,
            ..
        } => {
            if let Some(mut s) = state_mut(world, vehicle) {
                s.run_over_this_round.insert(target.clone());
            }
        }
        VehicleEvent::RiderBoarded {
            unit,
            vehicle,
            role,
            at,
        } => {
            place(world, unit, *at);
            if let Some(e) = entity(world, unit) {
                world.entity_mut(e).insert(Aboard {
                    vehicle: vehicle.clone(),
                    role: *role,
                });
            }
        }
        VehicleEvent::RiderDisembarked { unit, to, .. } => {
            place(world, unit, *to);
            if let Some(e) = entity(world, unit) {
                world.entity_mut(e).remove::<Aboard>();
            }
        }
        VehicleEvent::VehicleEscaped { vehicle, riders, .. } => {
            crate::rules::vehicle::escape::apply_escape(world, vehicle, riders);
        }
        VehicleEvent::VehicleLeftMap {
            vehicle,
            edge,
            exit,
            riders,
            ..
        } => crate::rules::vehicle::escape::apply_leave(world, vehicle, *edge, *exit, riders),
        VehicleEvent::VehicleReturned {
            vehicle,
            at,
            heading,
            riders,
            ..
        } => crate::rules::vehicle::escape::apply_return(world, vehicle, *at, *heading, riders),
        // A check that is not the pilot's, a collision with no one: nothing more to record.
        VehicleEvent::VehicleCheck { .. } | VehicleEvent::VehicleCollision { .. } => {}
    }
}
