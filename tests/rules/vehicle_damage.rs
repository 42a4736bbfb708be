//! Damage to vehicles (RULES.md §25.1): the broken condition (001:3866-3885) and what it
//! changes on the grid.

use super::support::*;
use super::vehicles::{car_battle, order_of, race};
use fivefoot::history::Battle;
use fivefoot::rules::vehicle::vehicle_view;
use fivefoot::rules::{GameCommand, GameEvent, RuleError, UnitId};
use fivefoot::rules::{VehicleEvent, cmd};
use fivefoot::testing::ok;

/// A wall in column 12 on rows 0-2 only: the car (2 × 2 at (2, 2), heading east) crashes
/// into it racing straight, but a 45° line to the south-east is open.
const WALLED: &str = r#"(rows: [
        "............#.......",
        "............#.......",
        "............#.......",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
        "....................",
    ], legend: { '.': (terrain: Floor), '#': (terrain: Wall) })"#;

const GUNNER: &str = r#"(id: "raider", side: "b", at: (2, 8), speed: (land: 30), defenses: (eac: 11, kac: 12), health: (hp: 30),
         weapons: [(name: "Laser pistol", kind: Ranged, attack: 5, damage: "1d4", damage_types: [Fire], range_increment: Some(80))])"#;

/// The car races into the wall: collision 3 + 3 + 3 + 3 = 12, doubled = 24 of its 40 HP.
fn crashed_car(rest: &[u32]) -> (Battle, Vec<GameEvent>) {
    let mut dice = vec![10, 10, 10, 3, 3, 3, 3];
    dice.extend(rest);
    let mut b = car_battle(
        WALLED,
        "at: (2, 2), size: Large,",
        "item_level: 1, drive_ft: 30, full_ft: 60, mph: Some(40)",
        GUNNER,
        &dice,
    );
    let ev = ok(&mut b, order_of("buddy", race(0, None)));
    (b, ev)
}

/// §25.1 broken: at 16 of 40 HP (more than half taken) the car is broken: −2 AC (in the
/// attack's defense), −2 collision DC, −2 Piloting (in the check's modifiers), full speed and
/// MPH halved (a 35-ft race is refused, 30 ft is the most).
#[test]
fn veh_broken_vehicle_penalties() {
    let (mut b, ev) = crashed_car(&[1, 10]);
    assert!(ev.iter().any(|e| matches!(
        e,
        GameEvent::Vehicle(VehicleEvent::VehicleCollision { vehicle_damage: 24, .. })
    )));
    let v = vehicle_view(b.world(), &UnitId::from("car")).unwrap();
    assert!(v.broken && !v.wrecked);
    assert_eq!(
        (v.now.full_ft, v.now.mph, v.now.collision_dc, v.now.piloting, v.now.ac),
        (30, Some(20), 12, -2, -2)
    );
    assert_eq!(
        (v.stats.full_ft, v.stats.collision_dc),
        (60, 14),
        "the printed stats stay"
    );
    ok(&mut b, end_turn("buddy"));
    let ev = ok(
        &mut b,
        GameCommand::Attack(cmd::Attack {
            unit: "raider".into(),
            target: "car".into(),
            weapon: None,
            defensively: false,
            mount: None,
        }),
    );
    let defense = attack_rolls(&ev)[0].defense.clone();
    assert!(
        defense
            .modifiers
            .iter()
            .any(|m| m.value == -2 && m.source == "car is broken"),
        "{defense:?}"
    );
    ok(&mut b, end_turn("raider"));
    let e = b.submit(order_of("buddy", race(0, Some(35)))).unwrap_err();
    assert!(
        matches!(&e, RuleError::IllegalMove(m) if m.contains("up to 30 ft")),
        "{e}"
    );
    let ev = ok(&mut b, order_of("buddy", race(45, Some(10))));
    let check = ev
        .iter()
        .find_map(|e| match e {
            GameEvent::Vehicle(VehicleEvent::VehicleCheck { check, .. }) => Some(check.clone()),
            _ => None,
        })
        .expect("a race check");
    assert!(
        check
            .modifiers
            .iter()
            .any(|m| m.value == -2 && m.source == "car is broken")
    );
    assert_eq!(check.total, 10 + 8 - 2);
}

/// §25.1 wrecked (001:5499-5501): at 0 HP the car no longer moves; its riders stay aboard
/// until they get off, which needs no check since it stands still.
#[test]
fn veh_wrecked_vehicle_does_not_move_and_riders_get_off() {
    // Collision 6 + 6 + 6 + 6 = 24, doubled = 48: the 40-HP car is wrecked.
    let dice = [10, 10, 10, 6, 6, 6, 6];
    let mut b = car_battle(
        WALLED,
        "at: (2, 2), size: Large,",
        "item_level: 1, drive_ft: 30, full_ft: 60",
        GUNNER,
        &dice,
    );
    ok(&mut b, order_of("buddy", race(0, None)));
    let v = vehicle_view(b.world(), &UnitId::from("car")).unwrap();
    assert!(v.wrecked && v.broken && !v.state.keeps_going);
    let drive = order_of(
        "buddy",
        fivefoot::rules::vehicle::VehicleOrder::Drive {
            path: vec![fivefoot::grid::Square::new(10, 3)],
            heading: None,
        },
    );
    ok(&mut b, end_turn("buddy"));
    ok(&mut b, end_turn("raider"));
    let e = b.submit(drive).unwrap_err();
    assert!(e.to_string().contains("wrecked"), "{e}");
    let ev = ok(
        &mut b,
        order_of(
            "buddy",
            fivefoot::rules::vehicle::VehicleOrder::Disembark {
                to: fivefoot::grid::Square::new(10, 4),
            },
        ),
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::RiderDisembarked { .. })))
    );
    assert!(
        !ev.iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::VehicleCheck { .. })))
    );
}
