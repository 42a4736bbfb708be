//! Builds the chase board (RULES.md §26) of a scenario that starts as a chase: one
//! `ChaseVehicle` per vehicle from its validated stats, its pilot, its starting zone.

use crate::rules::chase::{Chase, ChaseVehicle};
use crate::rules::vehicle::RiderRole;
use crate::rules::{Defenses, UnitId};
use crate::scenario::{ChaseSpec, ScenarioSpec};

/// The chase in round 1, pilot-actions phase, vehicles in scenario order until initiative
/// orders them.
pub fn chase_of(spec: &ScenarioSpec, chase: &ChaseSpec) -> Chase {
    let vehicles = chase
        .positions
        .iter()
        .filter_map(|(id, zone)| {
            let unit = spec.units.iter().find(|u| &u.id == id)?;
            let v = unit.vehicle.as_ref()?;
            let (eac, kac) = match unit.profile.defenses {
                Defenses::EacKac { eac, kac } => (eac, kac),
                _ => (10, 10),
            };
            let pilot: Option<UnitId> = spec
                .units
                .iter()
                .find(|r| {
                    r.aboard
                        .as_ref()
                        .is_some_and(|a| &a.vehicle == id && a.role == RiderRole::Pilot)
                })
                .map(|r| r.id.clone());
            let view = ChaseVehicle {
                id: id.clone(),
                name: unit.profile.name.clone(),
                side: unit.side.clone(),
                item_level: v.stats.item_level,
                kac,
                eac,
                full_speed_ft: v.stats.full_ft,
                piloting: v.stats.piloting,
                attack_penalty: v.stats.attack_penalty,
                collision: v.stats.collision,
            };
            Some((view, pilot, *zone))
        })
        .collect();
    let mut board = Chase::new(chase.zones, vehicles);
    board.features = chase.features.clone();
    board.hazards = chase.hazards.clone();
    board
}
