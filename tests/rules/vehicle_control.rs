//! Who drives a vehicle from turn to turn (RULES.md §25.4, §25.6): the pilot's options the
//! turn after a race (VEH-6), a pilot who delays (VEH-11) and autocontrol (VEH-13).

use super::support::*;
use super::vehicles::{FOE, car_battle, dice, get, moves, open_map, order_of, race};
use fivefoot::grid::Square;
use fivefoot::rules::vehicle::{VehicleMove, VehicleOrder, VehicleState};
use fivefoot::rules::{GameCommand, GameEvent, RuleError};
use fivefoot::rules::{SequenceEvent, VehicleEvent, cmd};
use fivefoot::testing::ok;

fn car(dice_rest: &[u32]) -> fivefoot::history::Battle {
    car_battle(
        &open_map(80, 10),
        "at: (2, 2), size: Large,",
        "item_level: 1, drive_ft: 30, full_ft: 60",
        FOE,
        &dice(dice_rest),
    )
}

fn refused(b: &mut fivefoot::history::Battle, c: GameCommand) -> String {
    match b.submit(c) {
        Err(RuleError::IllegalMove(m)) => m,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// VEH-6: the turn after a race the pilot may only race again, drive, stop short or
/// relinquish control; the refusal names them. A drive (move action) leaves the standard
/// action for an attack.
#[test]
fn veh_6_after_a_race_the_pilot_races_drives_stops_short_or_relinquishes() {
    // Race check 10 + 8 = 18; Buddy's attack roll 1 (a miss, no damage).
    let mut b = car(&[10, 1]);
    ok(&mut b, order_of("buddy", race(0, None)));
    ok(&mut b, end_turn("buddy"));
    ok(&mut b, end_turn("raider"));
    let started = all_events(&b);
    assert!(
        started.iter().any(
            |e| matches!(e, GameEvent::Vehicle(VehicleEvent::RaceFollowUpDue { vehicle, .. }) if vehicle.0 == "car")
        )
    );
    assert!(get::<VehicleState>(&b, "car").race_follow_up_due);
    let ram = order_of(
        "buddy",
        VehicleOrder::Ram {
            target: "raider".into(),
            angle: 0,
        },
    );
    for refused_order in [
        ram,
        order_of("buddy", VehicleOrder::Autopilot { engage: true }),
        order_of("buddy", VehicleOrder::Disembark { to: Square::new(14, 4) }),
    ] {
        let m = refused(&mut b, refused_order);
        for option in ["race again", "drive", "stop short", "relinquish control", "VEH-6"] {
            assert!(m.contains(option), "{m}");
        }
    }
    // The standard action first, then the drive.
    ok(
        &mut b,
        GameCommand::Attack(cmd::Attack {
            unit: "buddy".into(),
            target: "raider".into(),
            weapon: None,
            defensively: false,
            mount: None,
        }),
    );
    let ev = ok(
        &mut b,
        order_of(
            "buddy",
            VehicleOrder::Drive {
                path: vec![Square::new(15, 2), Square::new(16, 2)],
                heading: None,
            },
        ),
    );
    assert_eq!(moves(&ev), [(VehicleMove::Drive, 10, Square::new(16, 2))]);
    assert!(!get::<VehicleState>(&b, "car").race_follow_up_due);
    let ev = ok(&mut b, end_turn("buddy"));
    assert!(moves(&ev).is_empty(), "a drive stops the vehicle: nothing rolls on");
}

/// VEH-6: a pilot who ends the turn after a race without any of the four options stopped
/// piloting: the vehicle is uncontrolled and keeps going at once (¾ of 60 = 45 ft, then 30),
/// and again at the start of the pilot's next turn (20, 15).
#[test]
fn veh_6_turn_ended_without_follow_up_leaves_the_vehicle_uncontrolled() {
    let mut b = car(&[10]);
    ok(&mut b, order_of("buddy", race(0, None)));
    ok(&mut b, end_turn("buddy"));
    ok(&mut b, end_turn("raider"));
    let ev = ok(&mut b, end_turn("buddy"));
    assert!(ev.iter().any(|e| matches!(
        e,
        GameEvent::Vehicle(VehicleEvent::VehicleControl { pilot: None, reason, .. }) if reason.contains("VEH-6")
    )));
    let m = moves(&ev);
    assert_eq!(
        m.iter().map(|(h, ft, _)| (*h, *ft)).collect::<Vec<_>>(),
        [(VehicleMove::Uncontrolled, 45), (VehicleMove::Uncontrolled, 30)]
    );
    assert_eq!(m[1].2, Square::new(14 + 9 + 6, 2));
    assert_eq!(get::<VehicleState>(&b, "car").controlled_by, None);
    let ev = ok(&mut b, end_turn("raider"));
    let ft: Vec<u32> = moves(&ev).iter().map(|m| m.1).collect();
    assert_eq!(ft, [20, 15], "the next round, on Buddy's count");
}

/// VEH-6: a pilot who raced may race again (a full action) or stop short; after the stop
/// short nothing is due any more.
#[test]
fn veh_6_race_again_or_stop_short_satisfies_the_follow_up() {
    // Race checks 10 and 10 (DC 11 the second time: the car moved), stop short 10.
    let mut b = car(&[10, 10, 10]);
    ok(&mut b, order_of("buddy", race(0, Some(30))));
    ok(&mut b, end_turn("buddy"));
    ok(&mut b, end_turn("raider"));
    ok(&mut b, order_of("buddy", race(0, Some(30))));
    assert!(!get::<VehicleState>(&b, "car").race_follow_up_due);
    let ev = ok(&mut b, end_turn("buddy"));
    assert!(moves(&ev).is_empty(), "it raced this turn: no uncontrolled roll");
    ok(&mut b, end_turn("raider"));
    assert!(get::<VehicleState>(&b, "car").race_follow_up_due);
    ok(&mut b, order_of("buddy", VehicleOrder::StopShort));
    assert!(!get::<VehicleState>(&b, "car").race_follow_up_due);
    assert_eq!(get::<VehicleState>(&b, "car").controlled_by, Some("buddy".into()));
    ok(&mut b, end_turn("buddy"));
}

fn turn_units(events: &[GameEvent]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Sequence(SequenceEvent::TurnStarted { unit, .. }) => Some(format!("start {unit}")),
            GameEvent::Sequence(SequenceEvent::TurnEnded { unit }) => Some(format!("end {unit}")),
            _ => None,
        })
        .collect()
}

/// VEH-11: a pilot who delays leaves the vehicle uncontrolled on the pilot's old count: it
/// rolls on there at once (45 then 30 ft after a 60-ft race) and again the next round
/// (20, 15) while the pilot, delayed to the end of the order, acts later; taking control
/// gives the vehicle back the pilot's count.
#[test]
fn veh_11_delaying_pilot_leaves_the_vehicle_on_the_old_count() {
    let mut b = car(&[10]);
    ok(&mut b, order_of("buddy", race(0, None)));
    ok(&mut b, end_turn("buddy"));
    ok(&mut b, end_turn("raider"));
    let ev = ok(&mut b, GameCommand::Delay(cmd::Delay { unit: "buddy".into() }));
    assert!(ev.iter().any(|e| matches!(
        e,
        GameEvent::Vehicle(VehicleEvent::VehicleSlotTaken { vehicle, count: 14, .. }) if vehicle.0 == "car"
    )));
    assert_eq!(turn_units(&ev), ["start car", "end car"]);
    assert_eq!(moves(&ev).iter().map(|m| m.1).collect::<Vec<_>>(), [45, 30]);
    assert_eq!(get::<VehicleState>(&b, "car").controlled_by, None);
    assert_eq!(
        order(&b),
        [("car".to_string(), 14), ("raider".to_string(), 10)],
        "the vehicle holds the pilot's count"
    );
    // The window after the car's turn: Buddy stays delayed.
    ok(&mut b, GameCommand::Proceed(cmd::Proceed));
    assert_eq!(active(&b).as_deref(), Some("raider"));
    ok(&mut b, end_turn("raider"));
    // The window after the raider's turn: Buddy still waits, and goes to the end of the order.
    let ev = ok(&mut b, GameCommand::Proceed(cmd::Proceed));
    assert_eq!(turn_units(&ev)[..3], ["start car", "end car", "start raider"]);
    assert_eq!(moves(&ev).iter().map(|m| m.1).collect::<Vec<_>>(), [20, 15]);
    ok(&mut b, end_turn("raider"));
    assert_eq!(active(&b).as_deref(), Some("buddy"));
    let ev = ok(
        &mut b,
        order_of("buddy", VehicleOrder::TakeControl { vehicle: "car".into() }),
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::VehicleSlotEnded { .. })))
    );
    assert!(order(&b).iter().all(|(u, _)| u != "car"), "{:?}", order(&b));
    assert_eq!(get::<VehicleState>(&b, "car").controlled_by, Some("buddy".into()));
}

/// VEH-6 with §25.3 relinquish control: relinquished the turn after a race (a swift action,
/// the standard action left), the vehicle is uncontrolled and rolls on at the end of the
/// pilot's turn, on its count (45 then 30 ft), not a round later.
#[test]
fn veh_6_relinquished_after_a_race_the_vehicle_rolls_on_this_turn() {
    let mut b = car(&[10]);
    ok(&mut b, order_of("buddy", race(0, None)));
    ok(&mut b, end_turn("buddy"));
    ok(&mut b, end_turn("raider"));
    let ev = ok(&mut b, order_of("buddy", VehicleOrder::Relinquish));
    assert!(moves(&ev).is_empty());
    let ev = ok(&mut b, end_turn("buddy"));
    assert_eq!(moves(&ev).iter().map(|m| m.1).collect::<Vec<_>>(), [45, 30]);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::VehicleControl { .. }))),
        "already uncontrolled"
    );
}

/// VEH-11 with VEH-13: a pilot on autocontrol who delays leaves the vehicle on the old count,
/// still on autocontrol (it repeats the 30-ft race there, not on the pilot's new count);
/// disengaging gives the vehicle back to the pilot's count.
#[test]
fn veh_11_delaying_pilot_on_autocontrol_keeps_the_old_count() {
    let mut b = car_battle(
        &open_map(80, 10),
        "at: (2, 2), size: Large,",
        "item_level: 1, drive_ft: 30, full_ft: 60, autocontrol: true",
        FOE,
        &dice(&[10]),
    );
    ok(&mut b, order_of("buddy", race(0, Some(30))));
    ok(&mut b, end_turn("buddy"));
    ok(&mut b, end_turn("raider"));
    ok(&mut b, order_of("buddy", VehicleOrder::Autocontrol { engage: true }));
    ok(&mut b, end_turn("buddy"));
    ok(&mut b, end_turn("raider"));
    // Round 3: the autocontrol moved the car at the start of Buddy's turn; he delays. The
    // car takes count 14 and does not move twice this round.
    let ev = ok(&mut b, GameCommand::Delay(cmd::Delay { unit: "buddy".into() }));
    assert_eq!(turn_units(&ev), ["start car", "end car"]);
    assert!(moves(&ev).is_empty(), "{:?}", moves(&ev));
    let s: VehicleState = get(&b, "car");
    assert!(s.autocontrol_engaged && s.controlled_by == Some("buddy".into()));
    ok(&mut b, GameCommand::Proceed(cmd::Proceed));
    ok(&mut b, end_turn("raider"));
    let ev = ok(&mut b, GameCommand::ActNow(cmd::ActNow { unit: "buddy".into() }));
    assert!(moves(&ev).is_empty(), "not on Buddy's new count");
    // Round 4: on count 14, before the raider and Buddy.
    let ev = ok(&mut b, end_turn("buddy"));
    assert_eq!(turn_units(&ev)[1..3], ["start car", "end car"]);
    assert_eq!(
        moves(&ev).iter().map(|m| (m.0, m.1)).collect::<Vec<_>>(),
        [(VehicleMove::Autocontrol, 30)]
    );
    ok(&mut b, end_turn("raider"));
    let ev = ok(&mut b, order_of("buddy", VehicleOrder::Autocontrol { engage: false }));
    assert!(
        ev.iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::VehicleSlotEnded { .. })))
    );
    assert!(order(&b).iter().all(|(u, _)| u != "car"), "{:?}", order(&b));
}
