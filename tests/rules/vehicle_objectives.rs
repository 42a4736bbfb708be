//! Objectives with vehicles (§25.1): a vehicle is an object with no actions of its own, so it
//! never keeps its side in the fight.

use super::vehicles::{FOE, car_battle, open_map};
use fivefoot::rules::SideId;

/// §25.1 with `EliminateSide`: a side left with only a vehicle (no creature able to fight)
/// is eliminated; with its pilot still able to act it is not.
#[test]
fn veh_object_side_with_only_a_vehicle_is_eliminated() {
    let piloted = car_battle(
        &open_map(20, 10),
        "at: (2, 2), size: Large,",
        "item_level: 1, drive_ft: 30, full_ft: 60",
        FOE,
        &[10, 10],
    );
    // In `car_battle` Buddy (side "a") pilots the car, so side "a" still fights.
    let o = piloted.outcome();
    assert!(!o.eliminated.contains(&SideId("a".into())), "{o:?}");
    assert!(!o.over, "{o:?}");

    let text = format!(
        r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: {},
    sides: [(id: "a", name: "Crew", control: Human, colour: "#3070d0"), (id: "b", name: "Raiders", control: Human, colour: "#d03030")],
    units: [
        (id: "car", side: "a", at: (2, 2), size: Large, defenses: (eac: 12, kac: 14), health: (hp: 40),
         vehicle: Some((item_level: 1, heading: E, drive_ft: 30, full_ft: 60, collision: "4d6", collision_dc: 14, piloting: 0,
             attack_penalty: -2, full_speed_attack_penalty: -4))),
        {FOE}
    ],
    objectives: [(side: "b", goal: EliminateSide("a"))])"##,
        open_map(20, 10)
    );
    let b = fivefoot::testing::battle(&text, &[10]);
    let o = b.outcome();
    assert!(o.eliminated.contains(&SideId("a".into())), "{o:?}");
    assert!(o.over && o.winner == Some(SideId("b".into())), "{o:?}");
    assert!(o.objectives[0].met, "{o:?}");
}
