//! Racing hazards and autocontrol (RULES.md §25.4 VEH-5, §25.6 VEH-13): racing into
//! difficult terrain needs a Piloting check, DC 20 + item level, or the vehicle crashes; an
//! uncontrolled vehicle crashes there outright; autocontrol repeats the last pilot action and
//! checks with the pilot's most recent Piloting result.

use super::support::*;
use super::vehicles::{FOE, car_battle, checks, get, knock_out_buddy, moves, order_of, race};
use fivefoot::grid::{Heading, Square};
use fivefoot::history::Battle;
use fivefoot::rules::GameEvent;
use fivefoot::rules::VehicleEvent;
use fivefoot::rules::vehicle::{CollisionKind, VehicleMove, VehicleOrder, VehicleState};
use fivefoot::testing::ok;

/// A 40 × 10 map with difficult terrain (`,`) in column `x`.
fn rough_column(x: usize) -> String {
    let row: String = (0..40).map(|i| if i == x { ',' } else { '.' }).collect();
    let rows: Vec<String> = (0..10).map(|_| format!("\"{row}\"")).collect();
    format!(
        "(rows: [{}], legend: {{ '.': (terrain: Floor), ',': (terrain: Difficult) }})",
        rows.join(", ")
    )
}

fn car_on(map: &str, vehicle_extra: &str, dice: &[u32]) -> Battle {
    car_battle(
        map,
        "at: (2, 2), size: Large,",
        &format!("item_level: 1, drive_ft: 30, full_ft: 60{vehicle_extra}"),
        FOE,
        dice,
    )
}

fn hazards(events: &[GameEvent]) -> Vec<Square> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Vehicle(VehicleEvent::RaceHazard { at, .. }) => Some(*at),
            _ => None,
        })
        .collect()
}

fn crashed(events: &[GameEvent]) -> bool {
    events.iter().any(|e| {
        matches!(
            e,
            GameEvent::Vehicle(VehicleEvent::VehicleCollision {
                kind: CollisionKind::Crash,
                target: None,
                ..
            })
        )
    })
}

/// VEH-5: the race reaches difficult terrain at x = 10 (the 2-wide car's top-left at 9): a
/// Piloting check against 20 + 1 = 21; 13 + 8 = 21 passes and the race goes on to x = 14.
#[test]
fn veh_5_racing_into_difficult_terrain_needs_a_piloting_check() {
    let mut b = car_on(&rough_column(10), "", &[10, 10, 10, 13]);
    let ev = ok(&mut b, order_of("buddy", race(0, None)));
    assert_eq!(hazards(&ev), [Square::new(10, 2)]);
    assert_eq!(checks(&ev), [(18, Some(16), true), (21, Some(21), true)]);
    assert_eq!(moves(&ev).last().map(|m| m.2), Some(Square::new(14, 2)));
    assert!(!crashed(&ev));
}

/// VEH-5: failing the hazard check (12 + 8 = 20 < 21) crashes the car just before the
/// hazard: double collision damage (4 × 1 → 8) and it stops.
#[test]
fn veh_5_failed_hazard_check_crashes() {
    let mut b = car_on(&rough_column(10), "", &[10, 10, 10, 12, 1, 1, 1, 1]);
    let ev = ok(&mut b, order_of("buddy", race(0, None)));
    assert_eq!(checks(&ev)[1], (20, Some(21), false));
    assert_eq!(moves(&ev).last().map(|m| m.2), Some(Square::new(8, 2)));
    assert!(crashed(&ev));
    let s: VehicleState = get(&b, "car");
    assert!(!s.keeps_going);
}

/// VEH-5: an uncontrolled vehicle that reaches a hazard crashes, no check: after a 60-ft race
/// to x = 14 its first uncontrolled action stops at x = 18, before the column at x = 20.
#[test]
fn veh_5_uncontrolled_vehicle_crashes_on_a_hazard() {
    let mut b = car_on(&rough_column(20), "", &[10, 10, 10, 1, 1, 1, 1]);
    ok(&mut b, order_of("buddy", race(0, None)));
    ok(&mut b, end_turn("buddy"));
    knock_out_buddy(&mut b);
    let ev = ok(&mut b, end_turn("raider"));
    assert_eq!(hazards(&ev), [Square::new(20, 2)]);
    assert!(checks(&ev).is_empty(), "nobody checks for an uncontrolled vehicle");
    assert_eq!(moves(&ev)[0], (VehicleMove::Uncontrolled, 20, Square::new(18, 2)));
    assert!(crashed(&ev));
}

fn autocontrol_checks(events: &[GameEvent]) -> Vec<(Option<i32>, i32, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Vehicle(VehicleEvent::AutocontrolCheck {
                result, dc, success, ..
            }) => Some((*result, *dc, *success)),
            _ => None,
        })
        .collect()
}

/// VEH-13: engaged right after a 30-ft race, autocontrol repeats the race each round on the
/// pilot's count, straight ahead at the same heading and distance, its race check made with
/// Buddy's last Piloting result (18 vs DC 11, no roll); Buddy's own driving waits until he
/// disengages it.
#[test]
fn veh_13_autocontrol_repeats_the_race_with_the_last_piloting_result() {
    let mut b = car_on(&super::vehicles::open_map(60, 10), ", autocontrol: true", &[10, 10, 10]);
    ok(&mut b, order_of("buddy", race(0, Some(30))));
    ok(&mut b, end_turn("buddy"));
    ok(&mut b, end_turn("raider"));
    // The race was a full action: autocontrol engages on the next turn, a VEH-6 follow-up,
    // and repeats the race this round already.
    let ev = ok(&mut b, order_of("buddy", VehicleOrder::Autocontrol { engage: true }));
    assert_eq!(autocontrol_checks(&ev), [(Some(18), 11, true)]);
    assert_eq!(moves(&ev), [(VehicleMove::Autocontrol, 30, Square::new(14, 2))]);
    let ev = ok(&mut b, end_turn("buddy"));
    assert!(moves(&ev).is_empty(), "the follow-up was taken: Buddy still pilots");
    let ev = ok(&mut b, end_turn("raider"));
    assert_eq!(autocontrol_checks(&ev), [(Some(18), 11, true)]);
    assert_eq!(moves(&ev), [(VehicleMove::Autocontrol, 30, Square::new(20, 2))]);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::RaceFollowUpDue { .. }))),
        "autocontrol drives: no VEH-6 choice is due"
    );
    let drive = order_of(
        "buddy",
        VehicleOrder::Drive {
            path: vec![Square::new(21, 2)],
            heading: None,
        },
    );
    let e = b.submit(drive.clone()).unwrap_err();
    assert!(e.to_string().contains("disengage"), "{e}");
    ok(&mut b, order_of("buddy", VehicleOrder::Autocontrol { engage: false }));
    ok(&mut b, drive);
}

/// VEH-13: after a drive, autocontrol moves as two drive actions of the same distance
/// straight ahead at the heading the drive set (10 ft south, twice).
#[test]
fn veh_13_autocontrol_repeats_a_drive_as_two_drive_actions() {
    let mut b = car_on(&super::vehicles::open_map(60, 20), ", autocontrol: true", &[10, 10]);
    ok(
        &mut b,
        order_of(
            "buddy",
            VehicleOrder::Drive {
                path: vec![Square::new(3, 2), Square::new(4, 2)],
                heading: Some(Heading::S),
            },
        ),
    );
    ok(&mut b, order_of("buddy", VehicleOrder::Autocontrol { engage: true }));
    ok(&mut b, end_turn("buddy"));
    let ev = ok(&mut b, end_turn("raider"));
    assert_eq!(
        moves(&ev),
        [
            (VehicleMove::Autocontrol, 10, Square::new(4, 4)),
            (VehicleMove::Autocontrol, 10, Square::new(4, 6))
        ]
    );
    // Disengaged, a vehicle repeating drives stops without an action, as after a drive.
    ok(&mut b, order_of("buddy", VehicleOrder::Autocontrol { engage: false }));
    let s: VehicleState = get(&b, "car");
    assert!(!s.keeps_going && s.last_action_speed_ft == 10, "{s:?}");
    ok(&mut b, end_turn("buddy"));
    let ev = ok(&mut b, end_turn("raider"));
    assert!(moves(&ev).is_empty(), "{:?}", moves(&ev));
}

/// VEH-13 with VEH-5: autocontrol meets a hazard with the pilot's last result: 18 < 21, so
/// the car crashes at the difficult column.
#[test]
fn veh_13_autocontrol_hazard_check_uses_the_last_result() {
    let mut b = car_on(&rough_column(12), ", autocontrol: true", &[10, 10, 10, 1, 1, 1, 1]);
    ok(&mut b, order_of("buddy", race(0, Some(30))));
    ok(&mut b, end_turn("buddy"));
    ok(&mut b, end_turn("raider"));
    let ev = ok(&mut b, order_of("buddy", VehicleOrder::Autocontrol { engage: true }));
    assert_eq!(autocontrol_checks(&ev), [(Some(18), 11, true), (Some(18), 21, false)]);
    assert!(crashed(&ev));
    assert!(!get::<VehicleState>(&b, "car").autocontrol_engaged);
}

/// VEH-13 with VEH-8: a rammed vehicle on autocontrol avoids the ram only with the pilot's
/// most recent Piloting result, no roll; Ysoki only drove (no Piloting check yet), so the
/// autocontrol fails and the cycle takes twice the collision roll.
#[test]
fn veh_13_rammed_autocontrol_uses_the_last_result_not_a_roll() {
    let cycle = r#"(id: "cycle", side: "b", at: (12, 2), size: Large, defenses: (eac: 10, kac: 12), health: (hp: 20),
         vehicle: Some((item_level: 1, heading: W, drive_ft: 30, full_ft: 60, collision: "2d4", collision_dc: 10, piloting: 0, attack_penalty: -1, full_speed_attack_penalty: -3, autocontrol: true))),
        (id: "ysoki", side: "b", at: (12, 2), speed: (land: 30), initiative: 10, defenses: (eac: 11, kac: 12), health: (hp: 12), skills: Some((piloting: 8)), aboard: Some((vehicle: "cycle", role: Pilot)))"#;
    // Initiative in id order: buddy 10 (14), raider 10 (10), ysoki 10 (20). Ram check 10;
    // collision 1, 1, 1, 1.
    let mut b = car_battle(
        &super::vehicles::open_map(30, 10),
        "at: (2, 2), size: Large,",
        "item_level: 1, drive_ft: 30, full_ft: 60",
        &format!("{cycle},\n{FOE}"),
        &[10, 10, 10, 10, 1, 1, 1, 1],
    );
    ok(
        &mut b,
        order_of(
            "ysoki",
            VehicleOrder::Drive {
                path: vec![Square::new(11, 2)],
                heading: None,
            },
        ),
    );
    ok(&mut b, order_of("ysoki", VehicleOrder::Autocontrol { engage: true }));
    ok(&mut b, end_turn("ysoki"));
    let ev = ok(
        &mut b,
        order_of(
            "buddy",
            VehicleOrder::Ram {
                target: "cycle".into(),
                angle: 0,
            },
        ),
    );
    assert_eq!(autocontrol_checks(&ev), [(None, 19, false)]);
    assert_eq!(checks(&ev), [(18, Some(16), true)], "only the rammer rolls");
    assert!(ev.iter().any(|e| matches!(
        e,
        GameEvent::Vehicle(VehicleEvent::VehicleCollision {
            kind: CollisionKind::Ram,
            target_damage: 8,
            ..
        })
    )));
}

/// VEH-8 with VEH-5: a ram's movement faces the same hazard checks as a race; failing one
/// crashes the rammer and the ram fails (no ram collision with the target).
#[test]
fn veh_8_ram_fails_when_a_hazard_check_fails() {
    let foe = r#"(id: "raider", side: "b", at: (10, 2), speed: (land: 30), defenses: (eac: 11, kac: 12), health: (hp: 40), saves: Some((fortitude: 2, reflex: 2, will: 0)))"#;
    // Ram check 10 + 8 = 18 vs 16; hazard check 1 + 8 = 9 vs 21; crash collision 1, 1, 1, 1.
    let mut b = car_battle(
        &rough_column(6),
        "at: (2, 2), size: Large,",
        "item_level: 1, drive_ft: 30, full_ft: 60",
        foe,
        &[10, 10, 10, 1, 1, 1, 1, 1],
    );
    let ev = ok(
        &mut b,
        order_of(
            "buddy",
            VehicleOrder::Ram {
                target: "raider".into(),
                angle: 0,
            },
        ),
    );
    assert_eq!(checks(&ev), [(18, Some(16), true), (9, Some(21), false)]);
    assert!(crashed(&ev));
    assert!(
        !ev.iter().any(|e| matches!(
            e,
            GameEvent::Vehicle(VehicleEvent::VehicleCollision {
                kind: CollisionKind::Ram,
                ..
            })
        )),
        "the ram failed"
    );
}
