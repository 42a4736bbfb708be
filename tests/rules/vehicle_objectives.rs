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

/// VEH-22, CHS-10 with `Escape`: a side escapes only aboard a vehicle, so the goal is refused
/// for a side that has none (it could never be met), and accepted for one that has.
#[test]
fn veh_22_escape_needs_a_vehicle_of_the_side() {
    let text = |objectives: &str| {
        format!(
            r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: {},
    sides: [(id: "a", name: "Crew", control: Human, colour: "#3070d0"), (id: "b", name: "Raiders", control: Human, colour: "#d03030")],
    units: [
        (id: "car", side: "a", at: (2, 2), size: Large, defenses: (eac: 12, kac: 14), health: (hp: 40),
         vehicle: Some((item_level: 1, heading: E, drive_ft: 30, full_ft: 60, collision: "4d6", collision_dc: 14, piloting: 0,
             attack_penalty: -2, full_speed_attack_penalty: -4))),
        {FOE}
    ],
    objectives: [{objectives}])"##,
            open_map(20, 10)
        )
    };
    let templates = fivefoot::scenario::Templates::shipped();
    let ok = fivefoot::scenario::load_str(&text(r#"(side: "a", goal: Escape)"#), "t.ron", &templates);
    assert!(ok.is_ok(), "{:?}", ok.err());
    let refused = fivefoot::scenario::load_str(&text(r#"(side: "b", goal: Escape)"#), "t.ron", &templates)
        .expect_err("the raiders have no vehicle");
    let message = refused.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n");
    assert!(message.contains("`Escape` needs a vehicle of side `b`"), "{message}");
}
