//! Starfinder vehicles on the grid (RULES.md §25): the data model (§25.1, §25.9), pilot
//! actions (§25.3-25.6), attacks from and against vehicles (§25.7-25.8) and the worked
//! examples WE-34, WE-53 and WE-54.

use super::support::*;
use fivefoot::grid::{Heading, Square};
use fivefoot::history::Battle;
use fivefoot::rules::vehicle::{
    Aboard, CollisionKind, RiderRole, VehicleMove, VehicleOrder, VehicleState, VehicleStats,
};
use fivefoot::rules::{AttackEvent, VehicleEvent, cmd};
use fivefoot::rules::{ConditionName, GameCommand, GameEvent, Placement, RuleError, UnitId, UnitIndex};
use fivefoot::testing::{battle, ok};

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

/// A starfinder battle on a `w × h` open map (or `rows`) with one vehicle `car` (its
/// `vehicle:` fields and unit fields given), Buddy piloting it (Piloting +8), and `extra`
/// units. Initiative: Buddy +4, the others +0.
pub fn car_battle(map: &str, car_unit: &str, car_vehicle: &str, extra: &str, dice: &[u32]) -> Battle {
    let text = format!(
        r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: {map},
    sides: [(id: "a", name: "Crew", control: Human, colour: "#3070d0"), (id: "b", name: "Raiders", control: Human, colour: "#d03030")],
    units: [
        (id: "car", side: "a", defenses: (eac: 12, kac: 14), health: (hp: 40), {car_unit}
         vehicle: Some((heading: E, collision: "4d6", collision_dc: 14, piloting: 0,
             attack_penalty: -2, full_speed_attack_penalty: -4, {car_vehicle}))),
        (id: "buddy", side: "a", at: (2, 2), speed: (land: 30), initiative: 4, defenses: (eac: 14, kac: 15),
         health: (sp: 10, hp: 12, rp: 3), skills: Some((piloting: 8)), aboard: Some((vehicle: "car", role: Pilot)),
         weapons: [(name: "Laser pistol", kind: Ranged, attack: 5, damage: "1d4", damage_types: [Fire], range_increment: Some(80))]),
        {extra}
    ])"##
    );
    battle(&text, dice)
}

pub fn open_map(w: u32, h: u32) -> String {
    format!("(size: ({w}, {h}), fill: '.', legend: {{ '.': (terrain: Floor), '#': (terrain: Wall) }})")
}

pub fn order_of(unit: &str, order: VehicleOrder) -> GameCommand {
    GameCommand::Vehicle(cmd::Vehicle {
        unit: UnitId::from(unit),
        order,
    })
}

pub fn race(angle: i32, distance_ft: Option<u32>) -> VehicleOrder {
    VehicleOrder::Race { angle, distance_ft }
}

pub fn moves(events: &[GameEvent]) -> Vec<(VehicleMove, u32, Square)> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Vehicle(VehicleEvent::VehicleMoved {
                how,
                moved_ft,
                path,
                from,
                ..
            }) => Some((*how, *moved_ft, path.last().copied().unwrap_or(*from))),
            _ => None,
        })
        .collect()
}

pub fn checks(events: &[GameEvent]) -> Vec<(i32, Option<i32>, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Vehicle(VehicleEvent::VehicleCheck { check, .. }) => {
                Some((check.total, check.dc, check.success))
            }
            _ => None,
        })
        .collect()
}

pub const FOE: &str = r#"(id: "raider", side: "b", at: (2, 8), speed: (land: 30), defenses: (eac: 11, kac: 12), health: (hp: 30), saves: Some((fortitude: 2, reflex: 2, will: 0)),
         weapons: [(name: "Club", kind: Melee, attack: 4, damage: "1d6", damage_types: [Bludgeoning])])"#;

/// Initiative dice: Buddy 10 (14), raider 10 (10).
pub const INIT: [u32; 2] = [10, 10];

/// The raider knocks the pilot Buddy out for 10 rounds, so the buggy is uncontrolled (VEH-11).
pub fn knock_out_buddy(b: &mut Battle) {
    ok(
        b,
        GameCommand::TrackEffect(cmd::TrackEffect {
            source: "raider".into(),
            target: "buddy".into(),
            name: "knocked out".into(),
            rounds: 10,
            condition: Some(ConditionName::Unconscious),
            damage: None,
        }),
    );
}

pub fn dice(rest: &[u32]) -> Vec<u32> {
    INIT.iter().chain(rest).copied().collect()
}

/// WE-34: after a race, a stop short with a Piloting result of 17 takes 15 ft off the
/// distance the vehicle still travels (here 60 ft of racing → 45 ft).
#[test]
fn we_34_stop_short_after_race_reduces_distance_by_15_ft() {
    let mut b = car_battle(
        &open_map(40, 10),
        "at: (2, 2), size: Large,",
        "item_level: 1, drive_ft: 30, full_ft: 60",
        FOE,
        &dice(&[10, 9]),
    );
    let ev = ok(&mut b, order_of("buddy", race(0, None)));
    assert_eq!(checks(&ev), [(18, Some(16), true)], "dead stop: DC 10 + 1 + 5");
    assert_eq!(moves(&ev), [(VehicleMove::Race, 60, Square::new(14, 2))]);
    ok(&mut b, end_turn("buddy"));
    ok(&mut b, end_turn("raider"));
    let ev = ok(&mut b, order_of("buddy", VehicleOrder::StopShort));
    assert_eq!(checks(&ev), [(17, None, true)]);
    assert_eq!(moves(&ev), [(VehicleMove::StopShort, 45, Square::new(23, 2))]);
    let s: VehicleState = get(&b, "car");
    assert!(!s.keeps_going);
    let p: Placement = get(&b, "buddy");
    assert_eq!(p.at, Square::new(23, 2), "the pilot rides along");
}

/// WE-53: an item-level-3 vehicle stopped last round races with DC 10 + 3 + 5 = 18; its
/// pilot knocked out after a 400-ft race, it moves 300 then 225 ft straight ahead on his
/// slot, keeping its heading, then 165 and 120.
#[test]
fn we_53_race_dc_and_uncontrolled_slowdown() {
    let mut b = car_battle(
        &open_map(400, 10),
        "at: (2, 2), size: Large,",
        "item_level: 3, drive_ft: 50, full_ft: 400",
        FOE,
        &dice(&[10]),
    );
    let ev = ok(&mut b, order_of("buddy", race(0, None)));
    assert_eq!(checks(&ev), [(18, Some(18), true)]);
    assert_eq!(moves(&ev)[0].1, 400);
    ok(&mut b, end_turn("buddy"));
    knock_out_buddy(&mut b);
    let ev = ok(&mut b, end_turn("raider"));
    assert!(
        ev.iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::VehicleControl { pilot: None, .. })))
    );
    let m = moves(&ev);
    assert_eq!(
        m.iter().map(|(h, ft, _)| (*h, *ft)).collect::<Vec<_>>(),
        [(VehicleMove::Uncontrolled, 300), (VehicleMove::Uncontrolled, 225)]
    );
    assert_eq!(m[1].2, Square::new(2 + 80 + 60 + 45, 2));
    let s: VehicleState = get(&b, "car");
    assert_eq!((s.heading, s.last_action_speed_ft), (Heading::E, 225));
    let p: Placement = get(&b, "buddy");
    assert_eq!(
        p.at,
        Square::new(2 + 80 + 60 + 45, 2),
        "the knocked-out pilot rides along"
    );
    // Buddy's next slot: 165 then 120.
    let mut ev = Vec::new();
    while active(&b).as_deref() != Some("raider") {
        let unit = active(&b).expect("a turn");
        ev.extend(ok(&mut b, end_turn(&unit)));
    }
    ev.extend(ok(&mut b, end_turn("raider")));
    let ft: Vec<u32> = moves(&ev).iter().map(|m| m.1).collect();
    assert_eq!(ft, [165, 120]);
}

/// WE-53: the same vehicle that moved last round races with DC 13 (no dead-stop +5).
#[test]
fn we_53_race_dc_13_after_moving_last_round() {
    let mut b = car_battle(
        &open_map(200, 10),
        "at: (2, 2), size: Large,",
        "item_level: 3, drive_ft: 50, full_ft: 100",
        FOE,
        &dice(&[10, 10]),
    );
    ok(&mut b, order_of("buddy", race(0, Some(50))));
    ok(&mut b, end_turn("buddy"));
    ok(&mut b, end_turn("raider"));
    let ev = ok(&mut b, order_of("buddy", race(0, Some(50))));
    assert_eq!(checks(&ev), [(18, Some(13), true)]);
}

/// VEH-12, VEH-10: an uncontrolled vehicle slows and crashes into a wall: double
/// collision damage to itself, and it stops.
#[test]
fn veh_10_12_uncontrolled_vehicle_slows_and_crashes_into_a_wall() {
    let rows = r#"(rows: [
        "..............................#...",
        "..............................#...",
        "..............................#...",
        "..............................#...",
        "..............................#...",
        "..............................#...",
        "..............................#...",
        "..............................#...",
        "..............................#...",
        "..............................#...",
    ], legend: { '.': (terrain: Floor), '#': (terrain: Wall) })"#;
    // Race 60 ft, then knocked out: 45 ft reaches x = 23; then 30 ft would reach x = 29 but
    // the wall at x = 30 stops the 2-wide vehicle at x = 28 and it crashes.
    let mut b = car_battle(
        rows,
        "at: (2, 2), size: Large,",
        "item_level: 1, drive_ft: 30, full_ft: 60",
        FOE,
        &dice(&[10, 1, 1, 1, 1]),
    );
    ok(&mut b, order_of("buddy", race(0, None)));
    ok(&mut b, end_turn("buddy"));
    knock_out_buddy(&mut b);
    let ev = ok(&mut b, end_turn("raider"));
    let m = moves(&ev);
    assert_eq!(m[0], (VehicleMove::Uncontrolled, 45, Square::new(23, 2)));
    assert_eq!(m[1], (VehicleMove::Uncontrolled, 25, Square::new(28, 2)));
    let crash = ev
        .iter()
        .find_map(|e| match e {
            GameEvent::Vehicle(VehicleEvent::VehicleCollision {
                kind: CollisionKind::Crash,
                rolled,
                vehicle_damage,
                ..
            }) => Some((*rolled, *vehicle_damage)),
            _ => None,
        })
        .expect("a crash");
    assert_eq!(crash, (4, 8), "4d6 of 1s doubled");
    assert!(
        ev.iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::VehicleStopped { .. })))
    );
    assert!(!get::<VehicleState>(&b, "car").keeps_going);
}

/// WE-54: a ram at the end of the race line: collision 14, the creature fails its Reflex
/// save against DC 14 and takes 28; the rammer takes 7.
#[test]
fn we_54_ram_creature_double_damage_half_to_rammer() {
    let foe = r#"(id: "raider", side: "b", at: (10, 2), speed: (land: 30), defenses: (eac: 11, kac: 12), health: (hp: 40), saves: Some((fortitude: 2, reflex: 2, will: 0)))"#;
    // Piloting 10 + 8 = 18 vs 16; collision 3+3+4+4 = 14; Reflex 5 + 2 = 7 < 14.
    let mut b = car_battle(
        &open_map(30, 8),
        "at: (2, 2), size: Large,",
        "item_level: 1, drive_ft: 30, full_ft: 60",
        foe,
        &dice(&[10, 3, 3, 4, 4, 5]),
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
    assert_eq!(moves(&ev), [(VehicleMove::Ram, 30, Square::new(8, 2))]);
    let hit = ev
        .iter()
        .find_map(|e| match e {
            GameEvent::Vehicle(VehicleEvent::VehicleCollision {
                kind: CollisionKind::Ram,
                rolled,
                target_damage,
                vehicle_damage,
                save,
                ..
            }) => Some((
                *rolled,
                *target_damage,
                *vehicle_damage,
                save.as_ref().map(|s| (s.total, s.dc, s.success)),
            )),
            _ => None,
        })
        .expect("a ram");
    assert_eq!(hit, (14, 28, 7, Some((7, Some(14), false))));
}

/// WE-54: against a piloted vehicle the defender must exceed the rammer's Piloting result;
/// a tie goes to the attacker.
#[test]
fn we_54_ram_vehicle_tie_goes_to_attacker() {
    let other = r#"(id: "cycle", side: "b", at: (10, 2), size: Large, defenses: (eac: 10, kac: 12), health: (hp: 20),
         vehicle: Some((item_level: 1, heading: W, drive_ft: 30, full_ft: 60, collision: "2d4", collision_dc: 10, piloting: 0, attack_penalty: -1, full_speed_attack_penalty: -3))),
        (id: "ysoki", side: "b", at: (10, 2), speed: (land: 30), defenses: (eac: 11, kac: 12), health: (hp: 12), skills: Some((piloting: 8)), aboard: Some((vehicle: "cycle", role: Pilot)))"#;
    // Initiative: buddy 10, ysoki 10 (tie broken by modifier: buddy +4).
    // Ram: Piloting 10 + 8 = 18; collision 1,1,1,1 = 4; defender 10 + 8 = 18: a tie, hit.
    let mut b = car_battle(
        &open_map(30, 8),
        "at: (2, 2), size: Large,",
        "item_level: 1, drive_ft: 30, full_ft: 60",
        other,
        &dice(&[10, 1, 1, 1, 1, 10]),
    );
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
    let hit = ev
        .iter()
        .find_map(|e| match e {
            GameEvent::Vehicle(VehicleEvent::VehicleCollision {
                target_damage, save, ..
            }) => Some((*target_damage, save.as_ref().map(|s| (s.total, s.dc, s.success)))),
            _ => None,
        })
        .expect("a ram");
    assert_eq!(hit, (8, Some((18, Some(19), false))));
}

/// VEH-9: run over hits each creature at most once, even when the path crosses it twice;
/// the collision dice are rolled once and the vehicle takes half the roll per creature.
#[test]
fn veh_9_run_over_hits_each_creature_once() {
    let goblins = r#"(id: "g1", side: "b", at: (6, 3), initiative: 1, speed: (land: 30), defenses: (eac: 10, kac: 11), health: (hp: 30), saves: Some((fortitude: 1, reflex: 1, will: 0))),
        (id: "g2", side: "b", at: (9, 3), speed: (land: 30), defenses: (eac: 10, kac: 11), health: (hp: 30), saves: Some((fortitude: 1, reflex: 1, will: 0)))"#;
    // Initiative: buddy, g1, g2 (10 each). Collision 2,2,2,2 = 8; saves 1 and 20.
    let mut b = car_battle(
        &open_map(30, 10),
        "at: (2, 2), size: Huge,",
        "item_level: 1, drive_ft: 40, full_ft: 120",
        goblins,
        &[10, 10, 10, 2, 2, 2, 2, 1, 20],
    );
    let path: Vec<Square> = [
        (3, 2),
        (4, 2),
        (5, 2),
        (6, 2),
        (7, 2),
        (8, 2),
        (9, 2),
        (10, 2),
        (9, 2),
        (8, 2),
        (7, 2),
        (6, 2),
        (5, 2),
        (4, 2),
        (3, 2),
        (2, 2),
    ]
    .iter()
    .map(|&(x, y)| Square::new(x, y))
    .collect();
    let ev = ok(
        &mut b,
        order_of(
            "buddy",
            VehicleOrder::RunOver {
                path,
                heading: Some(Heading::W),
            },
        ),
    );
    let hits: Vec<(String, u32, u32)> = ev
        .iter()
        .filter_map(|e| match e {
            GameEvent::Vehicle(VehicleEvent::VehicleCollision {
                kind: CollisionKind::RunOver,
                target: Some(t),
                target_damage,
                vehicle_damage,
                ..
            }) => Some((t.0.clone(), *target_damage, *vehicle_damage)),
            _ => None,
        })
        .collect();
    assert_eq!(hits, [("g1".to_string(), 8, 4), ("g2".to_string(), 4, 4)]);
    let s: VehicleState = get(&b, "car");
    assert_eq!(s.heading, Heading::W);
}

/// VEH-3, §25.3: drive moves along a free path and sets the heading; it may not pass
/// through creatures, even allies.
#[test]
fn veh_3_drive_sets_heading_and_refuses_creatures() {
    let mut b = car_battle(
        &open_map(20, 10),
        "at: (2, 2), size: Large,",
        "item_level: 1, drive_ft: 30, full_ft: 60",
        FOE,
        &dice(&[]),
    );
    let through = order_of(
        "buddy",
        VehicleOrder::Drive {
            path: vec![
                Square::new(2, 3),
                Square::new(2, 4),
                Square::new(2, 5),
                Square::new(2, 6),
                Square::new(2, 7),
            ],
            heading: None,
        },
    );
    assert!(matches!(b.submit(through), Err(RuleError::IllegalMove(m)) if m.contains("raider")));
    let ev = ok(
        &mut b,
        order_of(
            "buddy",
            VehicleOrder::Drive {
                path: vec![Square::new(3, 3), Square::new(4, 3), Square::new(5, 3)],
                heading: Some(Heading::S),
            },
        ),
    );
    assert_eq!(moves(&ev), [(VehicleMove::Drive, 15, Square::new(5, 3))]);
    assert_eq!(get::<VehicleState>(&b, "car").heading, Heading::S);
}

/// VEH-2: a race line may be at most 45° off the heading.
#[test]
fn veh_2_race_refuses_angles_past_45_degrees() {
    let mut b = car_battle(
        &open_map(40, 40),
        "at: (2, 2), size: Large,",
        "item_level: 1, drive_ft: 30, full_ft: 60",
        FOE,
        &dice(&[10]),
    );
    let e = b.submit(order_of("buddy", race(46, None))).unwrap_err();
    assert!(e.to_string().contains("45"), "{e}");
    let ev = ok(&mut b, order_of("buddy", race(45, Some(30))));
    assert_eq!(
        moves(&ev)[0].2,
        Square::new(6, 6),
        "30 ft at 45°: four diagonals (1-2-1-2)"
    );
}

/// VEH-19: a rider attacking after the vehicle raced (full speed) takes the full-speed
/// penalty.
#[test]
fn veh_19_attack_from_vehicle_after_full_speed() {
    let mut b = car_battle(
        &open_map(40, 12),
        "at: (2, 2), size: Large,",
        "item_level: 1, drive_ft: 30, full_ft: 60",
        FOE,
        &dice(&[10, 10, 1]),
    );
    ok(&mut b, order_of("buddy", race(0, Some(20))));
    ok(&mut b, end_turn("buddy"));
    ok(&mut b, end_turn("raider"));
    let ev = ok(
        &mut b,
        GameCommand::Attack(cmd::Attack {
            unit: "buddy".into(),
            target: "raider".into(),
            weapon: None,
            defensively: false,
            mount: None,
        }),
    );
    let mods: Vec<(i32, String)> = ev
        .iter()
        .find_map(|e| match e {
            GameEvent::Attack(AttackEvent::AttackResolved { attack, .. }) => {
                Some(attack.modifiers.iter().map(|m| (m.value, m.source.clone())).collect())
            }
            _ => None,
        })
        .expect("an attack");
    assert!(
        mods.iter().any(|(v, s)| *v == -4 && s.contains("full speed")),
        "{mods:?}"
    );
}

/// §25.10: other families refuse vehicle commands.
#[test]
fn veh_commands_not_supported_in_d20_srd() {
    let text = fivefoot::testing::skirmish(
        "d20_srd",
        &[
            fivefoot::testing::unit("a1", "a", 5),
            fivefoot::testing::unit("b1", "b", 0),
        ],
    );
    let mut b = battle(&text, &[10, 10]);
    let e = b.submit(order_of("a1", VehicleOrder::Start)).unwrap_err();
    assert!(
        matches!(e, RuleError::NotSupported(ref m) if m.contains("vehicles are not supported in")),
        "{e}"
    );
}

/// §25.9: a rider does not walk off on its own; it gets off first.
#[test]
fn veh_rider_must_disembark_before_moving() {
    let mut b = car_battle(
        &open_map(20, 10),
        "at: (2, 2), size: Large,",
        "item_level: 1, drive_ft: 30, full_ft: 60",
        FOE,
        &dice(&[]),
    );
    let walk = GameCommand::Move(cmd::Move {
        unit: "buddy".into(),
        to: Square::new(2, 5),
        path: None,
        mode: Default::default(),
    });
    assert!(matches!(b.submit(walk.clone()), Err(RuleError::IllegalMove(m)) if m.contains("get off")));
    let ev = ok(
        &mut b,
        order_of("buddy", VehicleOrder::Disembark { to: Square::new(2, 4) }),
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::VehicleControl { pilot: None, .. })))
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::RiderDisembarked { .. })))
    );
    assert_eq!(get::<Placement>(&b, "buddy").at, Square::new(2, 4));
}

/// `query vehicle` and `query race` answer from the shipped buggy scenario.
#[test]
fn veh_queries_on_the_shipped_buggy_raid() {
    use fivefoot::rules::vehicle::{race_view, vehicle_view};
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/starfinder_buggy_raid.ron"
    ))
    .unwrap();
    let b = battle(&text, &[10, 10, 10, 10, 10, 10, 10]);
    let v = vehicle_view(b.world(), &UnitId::from("buggy")).unwrap();
    assert_eq!(v.heading, Heading::E);
    assert_eq!(v.aboard.len(), 3);
    let r = race_view(b.world(), &UnitId::from("buggy")).unwrap();
    assert_eq!((r.dc, r.dead_stop), (16, true));
    assert_eq!(r.lines.len(), 91);
    let straight = r.lines.iter().find(|l| l.angle == 0).unwrap();
    assert!(
        straight.blocked_by.as_deref().is_some_and(|b| b.contains("wall")),
        "{straight:?}"
    );
    assert!(r.end_squares.contains(&straight.end.unwrap()));
}

/// VEH-4 with VEH-10: a race line that a wall cuts short ends, when the pilot names no
/// square, on the last free square with its distance named, so the vehicle stops there;
/// racing the same line at full speed runs into the wall and crashes.
#[test]
fn veh_4_a_blocked_race_line_ends_before_the_wall_unless_raced_at_full_speed() {
    let rows = r#"(rows: [
        "............#.....",
        "............#.....",
        "............#.....",
        "............#.....",
        "............#.....",
        "............#.....",
        "............#.....",
        "............#.....",
        "............#.....",
        "............#.....",
    ], legend: { '.': (terrain: Floor), '#': (terrain: Wall) })"#;
    let make = || {
        car_battle(
            rows,
            "at: (2, 2), size: Large,",
            "item_level: 1, drive_ft: 30, full_ft: 60",
            FOE,
            &dice(&[15, 1, 1, 1, 1]),
        )
    };
    let crashed = |ev: &[GameEvent]| {
        ev.iter().any(|e| {
            matches!(
                e,
                GameEvent::Vehicle(VehicleEvent::VehicleCollision {
                    kind: CollisionKind::Crash,
                    ..
                })
            )
        })
    };
    let mut b = make();
    let end = fivefoot::rules::vehicle::race_line_end(b.world(), &UnitId::from("car"), 0).expect("a line");
    assert_eq!((end.at, end.distance_ft), (Square::new(10, 2), Some(40)));
    let last_of_line = fivefoot::rules::vehicle::race_ends(b.world(), &UnitId::from("car"))
        .expect("ends")
        .into_iter()
        .find(|e| e.at == Square::new(10, 2))
        .expect("the square before the wall is an end");
    assert_eq!(last_of_line.distance_ft, Some(40));
    let ev = ok(&mut b, order_of("buddy", race(0, end.distance_ft)));
    assert_eq!(moves(&ev).last().map(|m| m.2), Some(Square::new(10, 2)));
    assert!(!crashed(&ev), "stops before the wall");

    let mut full_speed = make();
    let ev = ok(&mut full_speed, order_of("buddy", race(0, None)));
    assert!(crashed(&ev), "60 ft at full speed runs into the wall");
}

/// Issue #18 item 5, VEH-5 (WE-53): the race's odds before it is made — DC 18 from a dead stop
/// (10 + item level 3 + 5) with Piloting +8 needs a 10: 55 %; after moving, DC 13 needs a 5:
/// 80 %. The check then rolls against that DC with that bonus.
#[test]
fn veh_5_the_race_preview_gives_the_piloting_checks_chance() {
    use fivefoot::rules::vehicle::race_odds;
    let mut b = car_battle(
        &open_map(200, 10),
        "at: (2, 2), size: Large,",
        "item_level: 3, drive_ft: 50, full_ft: 100",
        FOE,
        &dice(&[10, 10]),
    );
    let (odds, dead_stop) = race_odds(b.world(), &"buddy".into()).expect("buddy pilots");
    assert_eq!((odds.dc, odds.bonus, odds.chance, dead_stop), (18, 8, 55.0, true));
    let ev = ok(&mut b, order_of("buddy", race(0, Some(50))));
    assert_eq!(checks(&ev), [(10 + odds.bonus, Some(odds.dc), true)]);
    ok(&mut b, end_turn("buddy"));
    ok(&mut b, end_turn("raider"));
    let (odds, dead_stop) = race_odds(b.world(), &"buddy".into()).expect("buddy pilots");
    assert_eq!((odds.dc, odds.chance, dead_stop), (13, 80.0, false));
    assert!(race_odds(b.world(), &"raider".into()).is_err(), "not a pilot");
}

/// VEH-8 (WE-54): the ram's odds — the race check, DC 16 with +8 (65 %), and the creature's
/// Reflex save +2 against collision DC 14 to avoid it (45 %); a vehicle's pilot rolls an
/// opposed check instead, so no fixed chance is given for it.
#[test]
fn veh_8_the_ram_preview_gives_both_checks() {
    use fivefoot::rules::vehicle::ram_odds;
    let foe = r#"(id: "raider", side: "b", at: (10, 2), speed: (land: 30), defenses: (eac: 11, kac: 12), health: (hp: 40), saves: Some((fortitude: 2, reflex: 2, will: 0)))"#;
    let b = car_battle(
        &open_map(30, 8),
        "at: (2, 2), size: Large,",
        "item_level: 1, drive_ft: 30, full_ft: 60",
        foe,
        &dice(&[]),
    );
    let odds = ram_odds(b.world(), &"buddy".into(), &"raider".into()).expect("buddy pilots");
    assert_eq!((odds.piloting.dc, odds.piloting.chance), (16, 65.0));
    let reflex = odds.target_reflex.expect("a creature saves");
    assert_eq!((reflex.dc, reflex.bonus, reflex.chance), (14, 2, 45.0));
}
