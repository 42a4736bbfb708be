//! Starfinder vehicles on the grid (RULES.md §25): the data model (§25.1, §25.9), pilot
//! actions (§25.3-25.6), attacks from and against vehicles (§25.7-25.8) and the worked
//! examples WE-34, WE-53 and WE-54.

use super::support::*;
use fivefoot::grid::{Heading, Square};
use fivefoot::history::Battle;
use fivefoot::rules::vehicle::{Aboard, RiderRole, VehicleState, VehicleStats};
use fivefoot::rules::{Placement, UnitId, UnitIndex};
use fivefoot::testing::battle;

/// An open 20×10 starfinder map (with `rows` replacing the default) holding an exploration
/// buggy at (2, 2) heading east with Buddy piloting, Merris aboard as a gunner, and `extra`
/// units.
pub fn buggy_scenario(rows: Option<&str>, buggy_extra: &str, extra: &str) -> String {
    let map = match rows {
        Some(r) => format!(
            "(rows: [{r}], legend: {{ '.': (terrain: Floor), '#': (terrain: Wall), ',': (terrain: Difficult) }})"
        ),
        None => "(size: (20, 10), fill: '.', legend: { '.': (terrain: Floor) })".to_string(),
    };
    format!(
        r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: {map},
    sides: [(id: "a", name: "Crew", control: Human, colour: "#3070d0"), (id: "b", name: "Raiders", control: Human, colour: "#d03030")],
    units: [
        (id: "buggy", side: "a", at: (2, 2), size: Large, defenses: (eac: 12, kac: 14), health: (hp: 18),
         vehicle: Some((item_level: 1, heading: E, drive_ft: 50, full_ft: 500, mph: Some(55), collision: "4d4",
             collision_dc: 10, piloting: 0, attack_penalty: -2, full_speed_attack_penalty: -4,
             passenger_cover: Cover{buggy_extra}))),
        (id: "buddy", side: "a", at: (3, 2), speed: (land: 30), initiative: 4, defenses: (eac: 14, kac: 15),
         health: (sp: 10, hp: 12, rp: 3), skills: Some((piloting: 8)), aboard: Some((vehicle: "buggy", role: Pilot)),
         weapons: [(name: "Laser pistol", kind: Ranged, attack: 5, damage: "1d4", damage_types: [Fire], range_increment: Some(80))]),
        (id: "merris", side: "a", at: (2, 3), speed: (land: 30), initiative: 2, defenses: (eac: 13, kac: 14),
         health: (sp: 10, hp: 12, rp: 3), aboard: Some((vehicle: "buggy", role: Gunner)),
         weapons: [(name: "Laser pistol", kind: Ranged, attack: 5, damage: "1d4", damage_types: [Fire], range_increment: Some(80))]),
        {extra}
    ])"##
    )
}

pub const RAIDER: &str = r#"(id: "raider", side: "b", at: (15, 6), speed: (land: 30), initiative: 0, defenses: (eac: 11, kac: 12), health: (hp: 14), saves: Some((fortitude: 2, reflex: 2, will: 0)),
         weapons: [(name: "Club", kind: Melee, attack: 4, damage: "1d6", damage_types: [Bludgeoning])])"#;

pub fn get<T: bevy::prelude::Component + Clone>(b: &Battle, unit: &str) -> T {
    let e = b.world().resource::<UnitIndex>().0[&UnitId::from(unit)];
    b.world()
        .get::<T>(e)
        .cloned()
        .unwrap_or_else(|| panic!("{unit} lacks the component"))
}

/// §25.1: the vehicle block spawns its stats and state, under its pilot, heading east.
#[test]
fn veh_data_model_spawns_vehicle_and_riders() {
    let b = battle(&buggy_scenario(None, "", RAIDER), &[10, 10, 10]);
    let stats: VehicleStats = get(&b, "buggy");
    assert_eq!((stats.item_level, stats.drive_ft, stats.full_ft), (1, 50, 500));
    assert_eq!(stats.collision.to_string(), "4d4");
    let state: VehicleState = get(&b, "buggy");
    assert_eq!(state.heading, Heading::E);
    assert_eq!(state.controlled_by, Some(UnitId::from("buddy")));
    let aboard: Aboard = get(&b, "merris");
    assert_eq!(aboard.role, RiderRole::Gunner);
    let p: Placement = get(&b, "buggy");
    assert_eq!((p.at, p.side_squares), (Square::new(2, 2), 2));
}

/// §25.1: a vehicle is an object acting on its pilot's turn: it rolls no initiative.
#[test]
fn veh_vehicle_takes_no_initiative_turn() {
    let b = battle(&buggy_scenario(None, "", RAIDER), &[10, 10, 10]);
    let units: Vec<String> = order(&b).into_iter().map(|(u, _)| u).collect();
    assert_eq!(units, ["buddy", "merris", "raider"]);
}
