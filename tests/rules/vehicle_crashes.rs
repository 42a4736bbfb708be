//! Crashes between vehicles (RULES.md §25.5, VEH-10): an uncontrolled vehicle that runs into
//! another vehicle crashes, double collision damage to both, unless a controlled vehicle's
//! pilot dodges it as if rammed; then the uncontrolled vehicle rolls on past it.

use super::support::*;
use super::vehicles::{FOE, car_battle, checks, get, knock_out_buddy, moves, open_map, order_of, race};
use fivefoot::grid::Square;
use fivefoot::history::Battle;
use fivefoot::rules::VehicleEvent;
use fivefoot::rules::vehicle::{CollisionKind, VehicleMove, VehicleState};
use fivefoot::rules::{GameEvent, Health};
use fivefoot::testing::ok;

/// A motorcycle at (26, 2) across the car's path, piloted by Ysoki (Piloting +8).
const CYCLE: &str = r#"(id: "cycle", side: "b", at: (26, 2), size: Large, defenses: (eac: 10, kac: 12), health: (hp: 20),
         vehicle: Some((item_level: 1, heading: N, drive_ft: 30, full_ft: 60, collision: "2d4", collision_dc: 10, piloting: 0, attack_penalty: -1, full_speed_attack_penalty: -3))),
        (id: "ysoki", side: "b", at: (26, 2), speed: (land: 30), initiative: 1, defenses: (eac: 11, kac: 12), health: (hp: 12), skills: Some((piloting: 8)), aboard: Some((vehicle: "cycle", role: Pilot))),"#;

/// The car races 60 ft (Piloting 18), Buddy is knocked out, and on his next turn the car
/// rolls on uncontrolled: 45 ft to x = 23, then 5 ft to x = 24, where the cycle is in the
/// way. `rest`: Ysoki's dodge d20, then the collision dice.
fn runaway_car(rest: &[u32]) -> (Battle, Vec<GameEvent>) {
    // Initiative d20s in id order: buddy 10 (14), raider 10 (10), ysoki 5 (6); race d20 10.
    let mut dice = vec![10, 10, 5, 10];
    dice.extend(rest);
    let mut b = car_battle(
        &open_map(40, 10),
        "at: (2, 2), size: Large,",
        "item_level: 1, drive_ft: 30, full_ft: 60",
        &format!("{CYCLE}\n{FOE}"),
        &dice,
    );
    ok(&mut b, order_of("buddy", race(0, None)));
    ok(&mut b, end_turn("buddy"));
    knock_out_buddy(&mut b);
    ok(&mut b, end_turn("raider"));
    let ev = ok(&mut b, end_turn("ysoki"));
    (b, ev)
}

fn hp(b: &Battle, unit: &str) -> i64 {
    match get::<Health>(b, unit) {
        Health::StaminaHitPointsResolve { hp, .. } | Health::DamageThresholdTrack { hp, .. } => i64::from(hp),
        Health::HitPoints { hp, .. } => i64::from(hp),
    }
}

/// VEH-10: Ysoki fails to exceed the car's last Piloting result (18 vs 18): the car crashes
/// into the cycle and both take twice the car's collision roll (4 → 8).
#[test]
fn veh_10_uncontrolled_vehicle_crashes_into_a_controlled_one_that_fails_to_dodge() {
    let (b, ev) = runaway_car(&[10, 1, 1, 1, 1]);
    let m = moves(&ev);
    assert_eq!(m[0], (VehicleMove::Uncontrolled, 45, Square::new(23, 2)));
    assert_eq!(m[1], (VehicleMove::Uncontrolled, 5, Square::new(24, 2)));
    assert_eq!(checks(&ev), [(18, Some(19), false)], "must exceed the car's 18");
    let crash = ev
        .iter()
        .find_map(|e| match e {
            GameEvent::Vehicle(VehicleEvent::VehicleCollision {
                kind: CollisionKind::Crash,
                target,
                rolled,
                target_damage,
                vehicle_damage,
                ..
            }) => Some((target.clone(), *rolled, *target_damage, *vehicle_damage)),
            _ => None,
        })
        .expect("a crash");
    assert_eq!(crash, (Some("cycle".into()), 4, 8, 8));
    assert_eq!((hp(&b, "car"), hp(&b, "cycle")), (32, 12));
    assert!(!get::<VehicleState>(&b, "car").keeps_going);
}

/// VEH-10: Ysoki's 19 exceeds 18: the cycle dodges and the car rolls on past it with the 25
/// ft left of its 30-ft action, no crash.
#[test]
fn veh_10_dodged_uncontrolled_vehicle_keeps_moving() {
    let (b, ev) = runaway_car(&[11]);
    assert_eq!(checks(&ev), [(19, Some(19), true)]);
    let m = moves(&ev);
    assert_eq!(m.len(), 3, "{m:?}");
    assert_eq!(m[2], (VehicleMove::Uncontrolled, 25, Square::new(29, 2)));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::VehicleCollision { .. })))
    );
    assert!(get::<VehicleState>(&b, "car").keeps_going);
    assert_eq!(hp(&b, "cycle"), 20);
}
