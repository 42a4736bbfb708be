//! Validation of the vehicle parts of units (RULES.md §25.1, §25.9): a vehicle's `vehicle`
//! block, and riders placed inside their vehicle's space with at most one pilot each. Only
//! families with vehicle rules (starfinder) accept them.

use super::diagnostic::Problem;
use super::format::{ScenarioFile, UnitDef};
use super::spans::{field, index};
use super::spec::{UnitSpec, VehicleSpec};
use crate::rules::vehicle::{Aboard, RiderRole, VehicleStats};
use crate::rules::{DiceExpr, Speeds, UnitKind};
use crate::ruleset::Ruleset;
use std::collections::{BTreeMap, BTreeSet};

/// Fills what a vehicle's block implies before the unit's profile is built: `kind` Vehicle
/// and, if no `speed` is written, a land speed equal to its drive speed.
pub(super) fn fill_vehicle_defaults(u: &mut UnitDef) {
    if let Some(v) = &u.vehicle {
        if u.kind.is_none() {
            u.kind = Some(UnitKind::Vehicle);
        }
        if u.speed.is_none() {
            u.speed = Some(Speeds {
                land: v.drive_ft,
                ..Default::default()
            });
        }
    }
}

/// Checks a unit's `vehicle` block (and that `aboard` and vehicles exist in the family at
/// all); returns the validated vehicle.
pub(super) fn build_vehicle(
    u: &UnitDef,
    id: &str,
    ruleset: &Ruleset,
    i: usize,
    problems: &mut Vec<Problem>,
) -> Option<VehicleSpec> {
    let path = |f: &str| vec![field("units"), index(i), field(f)];
    let no_vehicles = ruleset.vehicles.is_none();
    if no_vehicles && u.aboard.is_some() {
        problems.push(Problem::at(
            path("aboard"),
            format!("vehicles are not supported in {}: riders need starfinder", ruleset.name),
        ));
    }
    let v = u.vehicle.as_ref()?;
    if no_vehicles {
        problems.push(Problem::at(
            path("vehicle"),
            format!(
                "vehicles are not supported in {} (only starfinder has grid vehicle rules, RULES.md §25.10)",
                ruleset.name
            ),
        ));
        return None;
    }
    let vpath = |f: &str| vec![field("units"), index(i), field("vehicle"), field(f)];
    if u.kind.is_some_and(|k| k != UnitKind::Vehicle) {
        problems.push(Problem::at(
            path("kind"),
            format!("unit `{id}` has a `vehicle` block, so its kind must be `Vehicle`"),
        ));
    }
    if u.aboard.is_some() {
        problems.push(Problem::at(
            path("aboard"),
            format!("vehicle `{id}` cannot ride another vehicle"),
        ));
    }
    let step = ruleset.grid.square_ft.max(1);
    for (name, ft) in [("drive_ft", v.drive_ft), ("full_ft", v.full_ft)] {
        if ft == 0 || ft % step != 0 {
            problems.push(Problem::at(
                vpath(name),
                format!("`{name}` is in feet, a positive multiple of {step}"),
            ));
        }
    }
    if v.item_level == 0 {
        problems.push(Problem::at(vpath("item_level"), "`item_level` counts from 1"));
    }
    let collision = match DiceExpr::parse(&v.collision) {
        Ok(d) => d,
        Err(e) => {
            problems.push(Problem::at(vpath("collision"), e.to_string()));
            return None;
        }
    };
    let pilot_operable = u
        .weapons
        .iter()
        .flatten()
        .filter(|w| w.pilot_operable)
        .map(|w| w.name.clone())
        .collect();
    Some(VehicleSpec {
        heading: v.heading,
        stats: VehicleStats {
            item_level: v.item_level,
            drive_ft: v.drive_ft,
            full_ft: v.full_ft,
            mph: v.mph,
            collision,
            collision_dc: v.collision_dc,
            hardness: v.hardness,
            piloting: v.piloting,
            attack_penalty: v.attack_penalty,
            full_speed_attack_penalty: v.full_speed_attack_penalty,
            autocontrol: v.autocontrol,
            autopilot: v.autopilot,
            passenger_cover: v.passenger_cover,
            pilot_operable,
        },
    })
}

/// §25.9: every rider names a vehicle of the scenario, stands inside its space, and each
/// vehicle has at most one pilot. Fills `UnitSpec::aboard`.
pub(super) fn check_riders(file: &ScenarioFile, units: &mut [UnitSpec], problems: &mut Vec<Problem>) {
    let file_index: BTreeMap<&str, usize> = file
        .units
        .iter()
        .enumerate()
        .filter_map(|(i, u)| u.id.as_deref().map(|id| (id, i)))
        .collect();
    let spaces: BTreeMap<String, (bool, BTreeSet<crate::grid::Square>)> = units
        .iter()
        .map(|u| (u.id.0.clone(), (u.vehicle.is_some(), u.placement.squares().collect())))
        .collect();
    let mut pilots: BTreeMap<String, String> = BTreeMap::new();
    for unit in units.iter_mut() {
        let Some(i) = file_index.get(unit.id.0.as_str()).copied() else {
            continue;
        };
        let Some(aboard) = file.units[i].aboard.as_ref() else {
            continue;
        };
        let path = vec![field("units"), index(i), field("aboard"), field("vehicle")];
        let id = &unit.id.0;
        let Some((is_vehicle, space)) = spaces.get(&aboard.vehicle) else {
            problems.push(Problem::at(
                path,
                format!(
                    "unit `{id}` rides `{}`, which is not a unit of this scenario",
                    aboard.vehicle
                ),
            ));
            continue;
        };
        if !is_vehicle {
            problems.push(Problem::at(
                path,
                format!(
                    "unit `{id}` rides `{}`, which has no `vehicle` block (only vehicles carry riders)",
                    aboard.vehicle
                ),
            ));
            continue;
        }
        if let Some(outside) = unit.placement.squares().find(|sq| !space.contains(sq)) {
            problems.push(Problem::at(
                vec![field("units"), index(i), field("at")],
                format!(
                    "unit `{id}` rides `{}` but stands outside its space at {outside} (a rider stands inside its vehicle)",
                    aboard.vehicle
                ),
            ));
            continue;
        }
        if aboard.role == RiderRole::Pilot
            && let Some(first) = pilots.insert(aboard.vehicle.clone(), id.clone())
        {
            problems.push(Problem::at(
                vec![field("units"), index(i), field("aboard"), field("role")],
                format!(
                    "`{}` already has a pilot, `{first}`; a vehicle has one pilot (make `{id}` a Gunner or Passenger)",
                    aboard.vehicle
                ),
            ));
            continue;
        }
        unit.aboard = Some(Aboard {
            vehicle: crate::rules::UnitId(aboard.vehicle.clone()),
            role: aboard.role,
        });
    }
}
