//! The autopilot (RULES.md §25.6, VEH-14): engaged by the pilot as a swift action, a
//! destination entered as a move action; the vehicle counts as controlled and the autopilot
//! drives it toward the destination on the pilot's count, never through a creature; its
//! Piloting checks add its own modifier, then the vehicle's.

use super::support::*;
use super::vehicles::{FOE, car_battle, dice, get, knock_out_buddy, moves, open_map, order_of, race};
use fivefoot::grid::{Heading, Square};
use fivefoot::history::Battle;
use fivefoot::rules::vehicle::{VehicleMove, VehicleOrder, VehicleState, vehicle_view};
use fivefoot::rules::{GameCommand, GameEvent, RuleError, UnitId};
use fivefoot::rules::{HealthEvent, SequenceEvent, VehicleEvent, cmd};
use fivefoot::ruleset::ActionKind;
use fivefoot::testing::ok;

const AUTOPILOT: &str = "autopilot: Some((piloting: 10, war_machine: false)),";

/// A Large car at (2, 2) heading east, drive 30 ft, full 60 ft, piloted by Buddy (Piloting
/// +8), with `foe` (the raider) as the only other creature.
fn car(map: &str, autopilot: bool, foe: &str, dice_rest: &[u32]) -> Battle {
    let stats = format!(
        "item_level: 1, drive_ft: 30, full_ft: 60, {}",
        if autopilot { AUTOPILOT } else { "" }
    );
    car_battle(map, "at: (2, 2), size: Large,", &stats, foe, &dice(dice_rest))
}

fn foe_at(x: i32, y: i32) -> String {
    FOE.replace("at: (2, 8)", &format!("at: ({x}, {y})"))
}

fn refused(b: &mut Battle, c: GameCommand) -> String {
    match b.submit(c) {
        Err(RuleError::IllegalMove(m)) => m,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn engage(on: bool) -> GameCommand {
    order_of("buddy", VehicleOrder::Autopilot { engage: on })
}

fn destination(x: i32, y: i32) -> GameCommand {
    order_of("buddy", VehicleOrder::AutopilotDestination { to: Square::new(x, y) })
}

/// Buddy enters `dest` and engages the autopilot, then the round goes round to Buddy's next
/// turn; returns the events of that turn's start.
fn engage_and_wait(b: &mut Battle, dest: (i32, i32)) -> Vec<GameEvent> {
    ok(b, destination(dest.0, dest.1));
    ok(b, engage(true));
    ok(b, end_turn("buddy"));
    ok(b, end_turn("raider"))
}

fn idle_reasons(events: &[GameEvent]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Vehicle(VehicleEvent::AutopilotIdle { reason, .. }) => Some(reason.clone()),
            _ => None,
        })
        .collect()
}

/// VEH-14: a vehicle without an autopilot refuses both orders; one with it accepts them.
#[test]
fn veh_14_engaging_needs_an_autopilot_system() {
    let mut b = car(&open_map(40, 10), false, FOE, &[]);
    for c in [engage(true), destination(10, 2)] {
        let m = refused(&mut b, c);
        assert!(m.contains("has no autopilot"), "{m}");
    }
    let mut b = car(&open_map(40, 10), true, FOE, &[]);
    ok(&mut b, destination(10, 2));
    ok(&mut b, engage(true));
    let s = get::<VehicleState>(&b, "car");
    assert!(s.autopilot_engaged);
    assert_eq!(s.autopilot_destination, Some(Square::new(10, 2)));
    // The raider is not aboard anything: it cannot disengage it.
    ok(&mut b, end_turn("buddy"));
    let m = refused(&mut b, order_of("raider", VehicleOrder::Autopilot { engage: false }));
    assert!(m.contains("not aboard"), "{m}");
    // A destination off the map is refused, not a panic.
    ok(&mut b, end_turn("raider"));
    let m = refused(&mut b, destination(39, 2));
    assert!(m.contains("does not fit on the map"), "{m}");
}

/// VEH-14: engaged, the vehicle is controlled; the pilot's own drive waits until the
/// autopilot is disengaged; engaging costs the swift action and the destination the move.
#[test]
fn veh_14_the_vehicle_counts_as_controlled_and_the_pilot_cannot_drive_it() {
    let mut b = car(&open_map(40, 10), true, FOE, &[]);
    let kinds = |ev: &[GameEvent]| -> Vec<ActionKind> {
        ev.iter()
            .filter_map(|e| match e {
                GameEvent::Sequence(SequenceEvent::ActionTaken { kind, .. }) => Some(*kind),
                _ => None,
            })
            .collect()
    };
    assert_eq!(kinds(&ok(&mut b, destination(12, 2))), [ActionKind::Move]);
    assert_eq!(kinds(&ok(&mut b, engage(true))), [ActionKind::Swift]);
    let s = get::<VehicleState>(&b, "car");
    assert!(s.is_controlled() && s.autopilot_engaged);
    let drive = VehicleOrder::Drive {
        path: vec![Square::new(3, 2)],
        heading: None,
    };
    let m = refused(&mut b, order_of("buddy", drive));
    assert!(m.contains("autopilot is driving") && m.contains("VEH-14"), "{m}");
}

/// VEH-14: on Buddy's count the autopilot takes two drive actions toward the destination
/// (30 ft, then the last 20 ft), ending faced toward it; the next round it holds there.
#[test]
fn veh_14_it_drives_to_the_destination_on_its_count_and_stops() {
    let mut b = car(&open_map(40, 10), true, FOE, &[]);
    let ev = engage_and_wait(&mut b, (12, 2));
    assert_eq!(
        moves(&ev),
        [
            (VehicleMove::Autopilot, 30, Square::new(8, 2)),
            (VehicleMove::Autopilot, 20, Square::new(12, 2))
        ]
    );
    let s = get::<VehicleState>(&b, "car");
    assert_eq!(s.heading, Heading::E);
    assert!(s.autopilot_engaged, "it stays engaged once there");
    // Buddy's own actions are untouched: a move action is still there to spend.
    ok(&mut b, destination(12, 2));
    ok(&mut b, end_turn("buddy"));
    let ev = ok(&mut b, end_turn("raider"));
    assert!(moves(&ev).is_empty());
    assert_eq!(idle_reasons(&ev), ["at its destination (12, 2)"]);
}

/// VEH-14: a creature in a corridor is never run over: the autopilot drives up to it and
/// holds, and nobody is hurt.
#[test]
fn veh_14_it_never_runs_over_a_creature_in_a_corridor() {
    let (wall, floor) = ("#".repeat(30), ".".repeat(30));
    let corridor = format!(
        "(rows: [\"{wall}\", \"{wall}\", \"{floor}\", \"{floor}\", \"{wall}\"], \
         legend: {{ '.': (terrain: Floor), '#': (terrain: Wall) }})"
    );
    let mut b = car(&corridor, true, &foe_at(8, 2), &[]);
    let ev = engage_and_wait(&mut b, (20, 2));
    assert_eq!(moves(&ev), [(VehicleMove::Autopilot, 20, Square::new(6, 2))]);
    assert!(idle_reasons(&ev)[0].starts_with("cannot get nearer to (20, 2)"));
    let all = all_events(&b);
    assert!(
        !all.iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::VehicleCollision { .. })))
    );
    assert!(
        !all.iter()
            .any(|e| matches!(e, GameEvent::Health(HealthEvent::DamageTaken { .. })))
    );
}

/// VEH-14: in the open it goes around a creature in its way, never through its square.
#[test]
fn veh_14_it_goes_around_a_creature_in_the_open() {
    let mut b = car(&open_map(40, 10), true, &foe_at(6, 2), &[]);
    let mut ev = engage_and_wait(&mut b, (12, 2));
    ok(&mut b, end_turn("buddy"));
    ev.extend(ok(&mut b, end_turn("raider")));
    let foe = Square::new(6, 2);
    for e in &ev {
        if let GameEvent::Vehicle(VehicleEvent::VehicleMoved { path, how, .. }) = e {
            assert_eq!(*how, VehicleMove::Autopilot);
            for at in path {
                assert!(!at.footprint(2).any(|sq| sq == foe), "{at} overlaps the raider");
            }
        }
    }
    assert_eq!(get::<fivefoot::rules::Placement>(&b, "car").at, Square::new(12, 2));
    assert!(
        !all_events(&b)
            .iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::VehicleCollision { .. })))
    );
}

/// VEH-14: its checks are its own. Buddy races, then is knocked out: the car rolls on
/// uncontrolled to (29, 2) (45 ft, then 30 ft, VEH-12; the raider stays near enough that it
/// does not escape, VEH-22). Pax, a passenger, takes control and engages the
/// autopilot with no destination; on Pax's next count the car still keeps going, so the
/// autopilot stops it short with d20 7 + autopilot 10 + vehicle 0 = 17 (not Pax's +2):
/// 30 ft − 15 ft = 15 ft still travelled (001:4378-4387).
#[test]
fn veh_14_its_piloting_checks_add_the_autopilot_then_the_vehicle_modifier() {
    let pax = r#"(id: "pax", side: "a", at: (3, 3), speed: (land: 30), initiative: 2, defenses: (eac: 14, kac: 15),
         health: (sp: 10, hp: 12, rp: 3), skills: Some((piloting: 2)), aboard: Some((vehicle: "car", role: Passenger)))"#;
    // Initiative 10 each; race check 10 + 8 = 18; the autopilot's stop-short check rolls 7.
    let mut b = car(
        &open_map(200, 10),
        true,
        &format!("{},\n{pax}", foe_at(40, 8)),
        &[10, 10, 7],
    );
    ok(&mut b, order_of("buddy", race(0, None)));
    pass_to(&mut b, "raider");
    knock_out_buddy(&mut b);
    pass_to(&mut b, "pax");
    ok(
        &mut b,
        order_of("pax", VehicleOrder::TakeControl { vehicle: "car".into() }),
    );
    ok(&mut b, order_of("pax", VehicleOrder::Autopilot { engage: true }));
    let before = all_events(&b).len();
    pass_to(&mut b, "raider");
    pass_to(&mut b, "pax");
    let ev = all_events(&b)[before..].to_vec();
    let check = ev
        .iter()
        .find_map(|e| match e {
            GameEvent::Vehicle(VehicleEvent::VehicleCheck { unit, check, .. }) if unit.0 == "car" => {
                Some(check.clone())
            }
            _ => None,
        })
        .expect("the autopilot's check");
    let mods: Vec<(i32, &str)> = check.modifiers.iter().map(|m| (m.value, m.source.as_str())).collect();
    assert_eq!(mods, [(10, "car's autopilot"), (0, "car's Piloting modifier")]);
    assert_eq!((check.roll.result, check.total), (7, 17));
    let stop: Vec<_> = moves(&ev)
        .into_iter()
        .filter(|m| m.0 == VehicleMove::StopShort)
        .collect();
    assert_eq!(stop, [(VehicleMove::StopShort, 15, Square::new(32, 2))]);
    let s = get::<VehicleState>(&b, "car");
    assert!(!s.keeps_going && !s.race_follow_up_due && s.autopilot_engaged);
    assert_eq!(s.last_piloting_result, Some(17));
}

/// Ends turns until it is `unit`'s.
fn pass_to(b: &mut Battle, unit: &str) {
    for _ in 0..10 {
        match active(b) {
            Some(u) if u == unit => return,
            Some(u) => {
                ok(b, end_turn(&u));
            }
            None => break,
        }
    }
    panic!("never {unit}'s turn: {:?}", order(b));
}

/// VEH-14: disengaged (a swift action), control is Buddy's again: the autopilot no longer
/// drives and Buddy's own drive is accepted; relinquishing control also disengages it.
#[test]
fn veh_14_disengaging_returns_control_to_the_pilot() {
    let mut b = car(&open_map(40, 10), true, FOE, &[]);
    let ev = engage_and_wait(&mut b, (30, 2));
    assert_eq!(moves(&ev).len(), 2);
    ok(&mut b, engage(false));
    assert!(!get::<VehicleState>(&b, "car").autopilot_engaged);
    let at = get::<fivefoot::rules::Placement>(&b, "car").at;
    let drive = VehicleOrder::Drive {
        path: vec![Square::new(at.x + 1, at.y)],
        heading: None,
    };
    let ev = ok(&mut b, order_of("buddy", drive));
    assert_eq!(moves(&ev), [(VehicleMove::Drive, 5, Square::new(at.x + 1, at.y))]);
    ok(&mut b, end_turn("buddy"));
    let ev = ok(&mut b, end_turn("raider"));
    assert!(moves(&ev).is_empty(), "disengaged, it does not drive on");
    // Engaged again, then Buddy relinquishes control: the autopilot disengages with it.
    ok(&mut b, engage(true));
    ok(&mut b, end_turn("buddy"));
    ok(&mut b, end_turn("raider"));
    ok(&mut b, order_of("buddy", VehicleOrder::Relinquish));
    let s = get::<VehicleState>(&b, "car");
    assert!(!s.autopilot_engaged && !s.is_controlled());
}

/// VEH-14: `query vehicle` shows the autopilot's state and destination (docs/cli.md).
#[test]
fn veh_14_the_vehicle_view_shows_the_autopilot() {
    let mut b = car(&open_map(40, 10), true, FOE, &[]);
    ok(&mut b, destination(12, 2));
    ok(&mut b, engage(true));
    let view = vehicle_view(b.world(), &UnitId::from("car")).expect("a vehicle");
    let json = serde_json::to_value(view).expect("serializable");
    assert_eq!(json["state"]["autopilot_engaged"], serde_json::json!(true));
    assert_eq!(json["state"]["autopilot_destination"], serde_json::json!([12, 2]));
}

/// VEH-14: the autopilot's turn is the same every time: the save (scenario, seed, dice and
/// commands) replays to the same events, byte for byte; the log narrates each of them.
#[test]
fn veh_14_the_autopilot_replays_and_is_narrated() {
    let mut b = car(&open_map(40, 10), true, &foe_at(6, 2), &[]);
    engage_and_wait(&mut b, (12, 2));
    ok(&mut b, end_turn("buddy"));
    ok(&mut b, end_turn("raider"));
    let save = b.save().to_ron();
    let save = fivefoot::history::SaveFile::from_ron(&save).expect("a save");
    let again = Battle::load(&save, &fivefoot::scenario::Templates::shipped()).expect("replays");
    let json = |b: &Battle| serde_json::to_string(&all_events(b)).expect("serializable");
    assert_eq!(json(&again), json(&b));
    let rules = b.world().resource::<fivefoot::ruleset::Ruleset>().clone();
    let lines: Vec<String> = all_events(&b)
        .iter()
        .map(|e| fivefoot::rules::narrate(e, &rules))
        .collect();
    for said in [
        "buddy enters (12, 2) as car's autopilot destination (VEH-14)",
        "car's autopilot engaged (buddy, a swift action, VEH-14)",
        "car drives on autopilot",
        "car's autopilot holds: at its destination (12, 2)",
    ] {
        assert!(lines.iter().any(|l| l.starts_with(said)), "{said} not in {lines:#?}");
    }
}

/// VEH-14 with VEH-11: the vehicle is controlled while the autopilot is engaged, so a
/// knocked-out pilot does not leave it uncontrolled: the autopilot drives on the pilot's
/// count in place of the pilot. Once the pilot is gone from the seat (relinquished) it
/// disengages: nobody is at the controls to give it a count.
#[test]
fn veh_14_it_keeps_driving_for_a_knocked_out_pilot() {
    let mut b = car(&open_map(40, 10), true, FOE, &[]);
    ok(&mut b, destination(20, 2));
    ok(&mut b, engage(true));
    ok(&mut b, end_turn("buddy"));
    knock_out_buddy(&mut b);
    let ev = ok(&mut b, end_turn("raider"));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::VehicleControl { .. }))),
        "{ev:?}"
    );
    assert_eq!(
        moves(&ev),
        [
            (VehicleMove::Autopilot, 30, Square::new(8, 2)),
            (VehicleMove::Autopilot, 30, Square::new(14, 2))
        ]
    );
    let s = get::<VehicleState>(&b, "car");
    assert!(s.is_controlled() && s.autopilot_engaged);
}

/// VEH-14 with VEH-11: a pilot who delays leaves a vehicle on autopilot controlled (it does
/// not get a count of its own); the autopilot drives again when the pilot's turn comes.
#[test]
fn veh_14_a_delaying_pilot_leaves_the_autopilot_in_control() {
    let mut b = car(&open_map(60, 10), true, FOE, &[]);
    ok(&mut b, destination(40, 2));
    ok(&mut b, engage(true));
    ok(&mut b, end_turn("buddy"));
    let ev = ok(&mut b, end_turn("raider"));
    assert_eq!(moves(&ev).len(), 2, "round 2: it drove on Buddy's count");
    let ev = ok(&mut b, GameCommand::Delay(cmd::Delay { unit: "buddy".into() }));
    assert!(!ev.iter().any(|e| matches!(
        e,
        GameEvent::Vehicle(VehicleEvent::VehicleControl { .. })
            | GameEvent::Vehicle(VehicleEvent::VehicleSlotTaken { .. })
    )));
    let s = get::<VehicleState>(&b, "car");
    assert!(s.autopilot_engaged && s.controlled_by == Some(UnitId::from("buddy")));
    assert!(
        !order(&b).iter().any(|(u, _)| u == "car"),
        "no count of its own: {:?}",
        order(&b)
    );
}

/// VEH-14 with VEH-10: a motorcycle on autopilot in the way of the runaway car dodges with
/// the autopilot's check: d20 9 + autopilot 10 + vehicle 0 = 19, which exceeds the car's
/// race result 18 (Ysoki's own +8 would have made 17 and crashed).
#[test]
fn veh_14_the_autopilot_dodges_an_uncontrolled_vehicle_with_its_own_check() {
    let cycle = r#"(id: "cycle", side: "b", at: (26, 2), size: Large, defenses: (eac: 10, kac: 12), health: (hp: 20),
         vehicle: Some((item_level: 1, heading: N, drive_ft: 30, full_ft: 60, collision: "2d4", collision_dc: 10, piloting: 0, attack_penalty: -1, full_speed_attack_penalty: -3, autopilot: Some((piloting: 10, war_machine: false))))),
        (id: "ysoki", side: "b", at: (26, 2), speed: (land: 30), initiative: 1, defenses: (eac: 11, kac: 12), health: (hp: 12), skills: Some((piloting: 8)), aboard: Some((vehicle: "cycle", role: Pilot))),"#;
    // Initiative d20s in id order: buddy 10 (14), raider 10 (10), ysoki 5 (6); race d20 10
    // (18); the cycle's autopilot rolls 9.
    let mut b = car_battle(
        &open_map(40, 10),
        "at: (2, 2), size: Large,",
        "item_level: 1, drive_ft: 30, full_ft: 60",
        &format!("{cycle}\n{FOE}"),
        &[10, 10, 5, 10, 9],
    );
    ok(&mut b, order_of("buddy", race(0, None)));
    ok(&mut b, end_turn("buddy"));
    knock_out_buddy(&mut b);
    ok(&mut b, end_turn("raider"));
    ok(&mut b, order_of("ysoki", VehicleOrder::Autopilot { engage: true }));
    let ev = ok(&mut b, end_turn("ysoki"));
    let check = ev
        .iter()
        .find_map(|e| match e {
            GameEvent::Vehicle(VehicleEvent::VehicleCheck { unit, check, .. }) if unit.0 == "cycle" => {
                Some(check.clone())
            }
            _ => None,
        })
        .expect("the autopilot's dodge");
    let mods: Vec<(i32, &str)> = check.modifiers.iter().map(|m| (m.value, m.source.as_str())).collect();
    assert_eq!(mods, [(10, "cycle's autopilot"), (0, "cycle's Piloting modifier")]);
    assert_eq!((check.total, check.dc, check.success), (19, Some(19), true));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::VehicleCollision { .. })))
    );
}
