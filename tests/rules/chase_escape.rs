//! A grid battle that ends in an escape or turns into a chase (VEH-22, §26), played on the
//! shipped Getaway scenario: the buggy drives, races away, the goblins take their turns (the
//! last volley), and at the start of Buddy's next turn the rules decide.

use fivefoot::grid::Square;
use fivefoot::history::Battle;
use fivefoot::rules::chase::{Chase, ChasePhase};
use fivefoot::rules::vehicle::VehicleOrder;
use fivefoot::rules::vehicle::escape::{EscapeVerdict, LeftBattle, escape_verdict};
use fivefoot::rules::{ChaseEvent, SequenceEvent, VehicleEvent, cmd};
use fivefoot::rules::{Combat, GameCommand, GameEvent, Placement, SideId, UnitId, UnitIndex};
use fivefoot::testing::{battle, ok, pass_until_turn_of};

const GETAWAY: &str = include_str!("../../scenarios/starfinder_getaway.ron");
const RIDER: &str = r#"aboard: Some((vehicle: "hoverbike", role: Pilot))"#;

fn id(s: &str) -> UnitId {
    UnitId(s.into())
}

fn component<T: bevy::prelude::Component + Clone>(b: &Battle, unit: &str) -> Option<T> {
    let e = b.world().resource::<UnitIndex>().0[&id(unit)];
    b.world().get::<T>(e).cloned()
}

fn vehicle(b: &mut Battle, order: VehicleOrder) -> Vec<GameEvent> {
    ok(
        b,
        GameCommand::Vehicle(cmd::Vehicle {
            unit: id("buddy"),
            order,
        }),
    )
}

/// Initiative (alphabetical, modifiers buddy +2, goblins +3, Sssazza +4): Buddy 20 first.
/// In round 1 Buddy races the (running) buggy east from a dead stop to the map's edge (d20
/// 10 + 8 against DC 16), then `more` dice. Returns the events of the command that starts Buddy's round-2 turn.
fn race_away(text: &str, initiative: &[u32], more: &[u32]) -> (Battle, Vec<GameEvent>) {
    let mut dice = initiative.to_vec();
    dice.push(10);
    dice.extend(more);
    let mut b = battle(text, &dice);
    pass_until_turn_of(&mut b, "buddy");
    assert_eq!(escape_verdict(b.world(), &id("buggy")), EscapeVerdict::Stays);
    vehicle(
        &mut b,
        VehicleOrder::Race {
            angle: 0,
            distance_ft: None,
        },
    );
    assert_eq!(component::<Placement>(&b, "buggy").unwrap().at, Square::new(62, 4));
    ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: id("buddy") }));
    let mut last = Vec::new();
    while b.world().resource::<Combat>().round < 2 {
        let unit = b.world().resource::<Combat>().active.clone().expect("a turn");
        last = ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit }));
    }
    (b, last)
}

/// VEH-22 with the Getaway's `Escape` objective: the same escape wins the battle for the crew.
#[test]
fn veh_22_an_escape_meets_the_escape_objective() {
    let start = GETAWAY.find("(id: \"goblin_rider\"").unwrap();
    let end = start + GETAWAY[start..].find("\n    ],").unwrap();
    let text = format!("{}{}", &GETAWAY[..start], &GETAWAY[end..]);
    let (b, _) = race_away(&text, &[18, 5, 4, 1], &[]);
    let outcome = b.outcome();
    assert!(outcome.over);
    assert_eq!(outcome.escaped, [SideId("crew".into())]);
    assert_eq!(outcome.winner, Some(SideId("crew".into())));
}

/// VEH-22: with no foe able to pursue, the buggy beyond both goblins' run (4 × 30 ft) after
/// their turns escapes with Buddy and Sssazza: they leave the map and the initiative order, the
/// next turn is a goblin's, and the battle is over with no winner (the crew got away).
#[test]
fn veh_22_a_vehicle_beyond_every_foe_on_foot_escapes() {
    let start = GETAWAY.find("(id: \"goblin_rider\"").unwrap();
    let end = start + GETAWAY[start..].find("\n    ],").unwrap();
    // Without the crew's `Escape` objective: getting away alone wins nothing (VEH-22).
    let text = format!("{}{}", &GETAWAY[..start], &GETAWAY[end..]).replace(r#"(side: "crew", goal: Escape),"#, "");
    let (b, events) = race_away(&text, &[18, 5, 4, 1], &[]);
    let escaped = events
        .iter()
        .find_map(|e| match e {
            GameEvent::Vehicle(VehicleEvent::VehicleEscaped { vehicle, riders, foes }) => Some((vehicle, riders, foes)),
            _ => None,
        })
        .expect("the buggy escapes");
    assert_eq!(escaped.0, &id("buggy"));
    assert_eq!(escaped.1, &[id("buddy"), id("sssazza")]);
    let reach: Vec<(&str, u32, u32)> = escaped
        .2
        .iter()
        .map(|f| (f.unit.0.as_str(), f.distance_ft, f.run_ft))
        .collect();
    // Gaps of 53 across, 2 down (goblin_1) and 51 across, 2 down (goblin_2), by 1-2-1-2.
    assert_eq!(reach, [("goblin_1", 270, 120), ("goblin_2", 260, 120)]);
    for unit in ["buggy", "buddy", "sssazza"] {
        assert!(component::<Placement>(&b, unit).is_none(), "{unit} is off the map");
        assert_eq!(component::<LeftBattle>(&b, unit), Some(LeftBattle::Escaped));
    }
    let combat = b.world().resource::<Combat>();
    let order: Vec<&str> = combat.order.iter().map(|e| e.unit.0.as_str()).collect();
    assert_eq!(order, ["goblin_1", "goblin_2"]);
    assert_eq!(combat.active, Some(id("goblin_1")));
    let outcome = b.outcome();
    assert!(outcome.over);
    assert_eq!(outcome.winner, None);
    assert_eq!(outcome.escaped, [SideId("crew".into())]);
    assert!(outcome.eliminated.is_empty());
    assert!(outcome.objectives.iter().all(|o| !o.met));
    let rules = fivefoot::ruleset::load_embedded(fivefoot::ruleset::Family::Starfinder).unwrap();
    let event = GameEvent::Vehicle(VehicleEvent::VehicleEscaped {
        vehicle: escaped.0.clone(),
        riders: escaped.1.clone(),
        foes: escaped.2.clone(),
    });
    let line = fivefoot::rules::narrate(&event, &rules);
    assert!(line.contains("buggy escapes with buddy, sssazza"), "{line}");
    // A new round rolls nobody back in.
    let mut b = b;
    for unit in ["goblin_1", "goblin_2"] {
        ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: id(unit) }));
    }
    let combat = b.world().resource::<Combat>();
    assert_eq!(combat.round, 3);
    assert_eq!(combat.order.len(), 2);
}

/// VEH-22: a foe on foot within its run distance of the vehicle (the hoverbike's rider, here
/// standing 115 ft from where the buggy stops) keeps it in the battle.
#[test]
fn veh_22_a_foe_on_foot_within_its_run_keeps_the_vehicle_in_the_battle() {
    let text = GETAWAY
        .replace(RIDER, "")
        .replace(r#"side: "goblins", at: (40, 6),"#, r#"side: "goblins", at: (40, 8),"#);
    let (b, events) = race_away(&text, &[18, 5, 4, 3, 1], &[]);
    assert!(!events.iter().any(|e| matches!(
        e,
        GameEvent::Vehicle(VehicleEvent::VehicleEscaped { .. }) | GameEvent::Chase(ChaseEvent::ChaseBegan { .. })
    )));
    assert_eq!(b.world().resource::<Combat>().active, Some(id("buddy")));
    assert!(component::<Placement>(&b, "buggy").is_some());
    assert!(!b.outcome().over, "{:?}", b.outcome());
}

/// VEH-22 → §26: the goblins' hoverbike has a pilot, so instead of escaping the battle becomes
/// a chase: the buggy in zone 4, the hoverbike 110 ft away one zone behind, the goblins on foot
/// left out; the chase starts in the pilot-actions phase of round 2 with Buddy acting first.
#[test]
fn veh_22_chs_4_foes_with_a_piloted_vehicle_turn_the_escape_into_a_chase() {
    let (mut b, events) = race_away(GETAWAY, &[18, 5, 4, 3, 1], &[10, 10]);
    let (zones, left_out) = events
        .iter()
        .find_map(|e| match e {
            GameEvent::Chase(ChaseEvent::ChaseBegan {
                escapee,
                zones,
                left_out,
                foes,
            }) => {
                assert_eq!(escapee, &id("buggy"));
                assert_eq!(foes.len(), 2);
                Some((zones.clone(), left_out.clone()))
            }
            _ => None,
        })
        .expect("a chase begins");
    assert_eq!(zones, [(id("buggy"), 4), (id("hoverbike"), 3)]);
    assert_eq!(left_out, [id("goblin_1"), id("goblin_2")]);
    let chase = b.world().resource::<Chase>().clone();
    assert_eq!((chase.round, chase.phase), (2, ChasePhase::PilotActions));
    assert_eq!(chase.acting().and_then(|e| e.pilot.clone()), Some(id("buddy")));
    assert_eq!(component::<LeftBattle>(&b, "goblin_1"), Some(LeftBattle::LeftBehind));
    let order: Vec<String> = b
        .world()
        .resource::<Combat>()
        .order
        .iter()
        .map(|e| e.unit.0.clone())
        .collect();
    assert_eq!(order, ["buddy", "goblin_rider", "sssazza"]);
    assert!(!b.outcome().over);
    // The chase is played with the chase commands from here on.
    let refused = b.submit(GameCommand::EndTurn(cmd::EndTurn { unit: id("buddy") }));
    assert!(refused.is_err());
    // The buggy raced on the grid, but in the chase it keeps going no more: after both keep
    // pace (d20 10 each), ending Buddy's turn leaves it under his control, where it was (no
    // VEH-6 follow-up due, no uncontrolled roll on the grid).
    for pilot in ["buddy", "goblin_rider"] {
        ok(
            &mut b,
            GameCommand::PilotAction(cmd::PilotAction {
                unit: id(pilot),
                action: fivefoot::ruleset::PilotAction::KeepPace,
                target: None,
                double: false,
            }),
        );
    }
    ok(&mut b, GameCommand::ChaseProgress(cmd::ChaseProgress { stay: vec![] }));
    ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: id("buddy") }));
    let state: fivefoot::rules::vehicle::VehicleState = component(&b, "buggy").unwrap();
    assert_eq!(state.controlled_by, Some(id("buddy")));
    assert_eq!(component::<Placement>(&b, "buggy").unwrap().at, Square::new(62, 4));
}

/// VEH-22 headless: `fivefoot run` plays `tests/chase/starfinder_getaway.ron`; the log carries
/// `chase_began` with the foes' distances and runs and the derived zones, and the first pilot
/// action of the new chase is accepted.
#[test]
fn veh_22_getaway_turns_into_a_chase_headless() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fivefoot"))
        .args([
            "run",
            "scenarios/starfinder_getaway.ron",
            "--script",
            "tests/chase/starfinder_getaway.ron",
            "--dice",
            "18,5,4,3,1,10",
            "--json",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    assert!(doc["rejected"].is_null(), "refused: {}", doc["rejected"]);
    let events: Vec<&serde_json::Value> = doc["log"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|entry| entry["events"].as_array().unwrap())
        .collect();
    let began = events
        .iter()
        .find(|e| e["event"] == "chase_began")
        .expect("chase_began");
    assert_eq!(began["zones"], serde_json::json!([["buggy", 4], ["hoverbike", 3]]));
    assert_eq!(began["left_out"], serde_json::json!(["goblin_1", "goblin_2"]));
    assert_eq!(
        began["foes"][0],
        serde_json::json!({ "unit": "goblin_1", "distance_ft": 270, "run_ft": 120 })
    );
    assert!(events.iter().any(|e| e["event"] == "chase_pilot_action"));
}

/// VEH-22: escaping is the riders' choice: a vehicle whose pilot is knocked out does not
/// escape (it rolls on uncontrolled, VEH-11), however far it got.
#[test]
fn veh_22_a_vehicle_without_a_pilot_able_to_act_does_not_escape() {
    let start = GETAWAY.find("(id: \"goblin_rider\"").unwrap();
    let end = start + GETAWAY[start..].find("\n    ],").unwrap();
    let text = format!("{}{}", &GETAWAY[..start], &GETAWAY[end..]);
    let mut b = battle(&text, &[18, 5, 4, 1, 10]);
    vehicle(
        &mut b,
        VehicleOrder::Race {
            angle: 0,
            distance_ft: None,
        },
    );
    ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: id("buddy") }));
    ok(
        &mut b,
        GameCommand::TrackEffect(cmd::TrackEffect {
            source: "goblin_1".into(),
            target: "buddy".into(),
            name: "knocked out".into(),
            rounds: 10,
            condition: Some(fivefoot::rules::ConditionName::Unconscious),
            damage: None,
        }),
    );
    let mut events = Vec::new();
    while b.world().resource::<Combat>().round < 2 {
        let unit = b.world().resource::<Combat>().active.clone().expect("a turn");
        events = ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit }));
    }
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::VehicleEscaped { .. })))
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::VehicleControl { pilot: None, .. })))
    );
    assert!(component::<LeftBattle>(&b, "buggy").is_none());
}

/// VEH-22 → CHS-10 → the end: in the chase that began on the grid the buggy speeds up (d20
/// 15, Piloting 8 and being ahead 2, against DC 18) while the hoverbike fails badly (1); at
/// chase progress the buggy escapes and the hoverbike is left behind: both leave the battle
/// with their riders, nobody takes another turn (no new round brings them back), and the
/// battle is over.
#[test]
fn veh_22_chs_10_a_chase_from_the_grid_ends_the_battle_when_it_ends() {
    let (mut b, _) = race_away(GETAWAY, &[18, 5, 4, 3, 1], &[15, 1]);
    for pilot in ["buddy", "goblin_rider"] {
        ok(
            &mut b,
            GameCommand::PilotAction(cmd::PilotAction {
                unit: id(pilot),
                action: fivefoot::ruleset::PilotAction::SpeedUp,
                target: None,
                double: false,
            }),
        );
    }
    let events = ok(&mut b, GameCommand::ChaseProgress(cmd::ChaseProgress { stay: vec![] }));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, GameEvent::Sequence(SequenceEvent::TurnEnded { unit }) if unit == &id("buddy")))
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, GameEvent::Sequence(SequenceEvent::RoundStarted { .. })))
    );
    for unit in ["buggy", "buddy", "sssazza"] {
        assert_eq!(component::<LeftBattle>(&b, unit), Some(LeftBattle::Escaped), "{unit}");
    }
    for unit in ["hoverbike", "goblin_rider"] {
        assert_eq!(
            component::<LeftBattle>(&b, unit),
            Some(LeftBattle::LeftBehind),
            "{unit}"
        );
    }
    let combat = b.world().resource::<Combat>();
    assert!(combat.order.is_empty() && combat.active.is_none());
    let outcome = b.outcome();
    assert!(outcome.over);
    assert_eq!(outcome.escaped, [SideId("crew".into())]);
}

/// The Getaway without the hoverbike's rider and with goblin_2 waiting near the east edge.
fn edge_watch() -> String {
    let start = GETAWAY.find("(id: \"goblin_rider\"").unwrap();
    let end = start + GETAWAY[start..].find("\n    ],").unwrap();
    format!("{}{}", &GETAWAY[..start], &GETAWAY[end..]).replace(
        r#"(id: "goblin_2", template: "space_goblin", side: "goblins", at: (11, 7))"#,
        r#"(id: "goblin_2", template: "space_goblin", side: "goblins", at: (55, 7))"#,
    )
}

/// VEH-21: the buggy races to the east edge; goblin_2 can still run to it, so it does not
/// escape (VEH-22); Buddy drives it off the map (a move action): the buggy, Buddy and Sssazza
/// lose their squares and can only wait; it cannot come back the same round; the next round
/// (goblin_2 still within reach of where it left) Buddy drives it back in across the east
/// edge, facing west, with Sssazza in the same seat.
#[test]
fn veh_21_a_vehicle_leaves_the_map_and_comes_back_after_a_round() {
    let (mut b, events) = race_away(&edge_watch(), &[18, 5, 4, 1], &[]);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::VehicleEscaped { .. })))
    );
    let seat = component::<Placement>(&b, "sssazza").unwrap().at;
    assert_eq!(seat, Square::new(62, 5));
    let left = ok(&mut b, GameCommand::LeaveMap(cmd::LeaveMap { unit: id("buddy") }));
    assert!(left.iter().any(|e| matches!(
        e,
        GameEvent::Vehicle(VehicleEvent::VehicleLeftMap { edge: fivefoot::grid::Heading::E, exit, riders, .. })
            if *exit == Square::new(62, 4) && riders == &[id("buddy"), id("sssazza")]
    )));
    for unit in ["buggy", "buddy", "sssazza"] {
        assert!(component::<Placement>(&b, unit).is_none(), "{unit} is off the map");
    }
    let back = GameCommand::ReturnToMap(cmd::ReturnToMap {
        unit: id("buddy"),
        at: Square::new(62, 0),
        heading: fivefoot::grid::Heading::W,
    });
    let early = b.submit(back.clone()).unwrap_err().to_string();
    assert!(early.contains("at least 1 round"), "{early}");
    ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: id("buddy") }));
    while b.world().resource::<Combat>().active != Some(id("sssazza")) {
        let unit = b.world().resource::<Combat>().active.clone().expect("a turn");
        ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit }));
    }
    let shot = GameCommand::Attack(cmd::Attack {
        unit: id("sssazza"),
        target: id("goblin_2"),
        weapon: None,
        defensively: false,
        mount: None,
    });
    let refused = b.submit(shot).unwrap_err().to_string();
    assert!(refused.contains("off the map"), "{refused}");
    let events = ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit: id("sssazza") }));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, GameEvent::Vehicle(VehicleEvent::VehicleEscaped { .. })))
    );
    assert_eq!(b.world().resource::<Combat>().active, Some(id("buddy")));
    let wrong_edge = GameCommand::ReturnToMap(cmd::ReturnToMap {
        unit: id("buddy"),
        at: Square::new(0, 0),
        heading: fivefoot::grid::Heading::E,
    });
    assert!(b.submit(wrong_edge).unwrap_err().to_string().contains("E edge it left"));
    ok(&mut b, back);
    assert_eq!(component::<Placement>(&b, "buggy").unwrap().at, Square::new(62, 0));
    assert_eq!(component::<Placement>(&b, "sssazza").unwrap().at, Square::new(62, 1));
    let state: fivefoot::rules::vehicle::VehicleState = component(&b, "buggy").unwrap();
    assert_eq!(state.heading, fivefoot::grid::Heading::W);
}

/// VEH-21 with VEH-22: off the map, the vehicle is judged from where it left: once goblin_2
/// (the only goblin near that edge) is knocked out, the buggy escapes at the start of Buddy's
/// next turn instead of coming back.
#[test]
fn veh_21_22_a_vehicle_off_the_map_beyond_every_foe_escapes() {
    let (mut b, _) = race_away(&edge_watch(), &[18, 5, 4, 1], &[]);
    ok(&mut b, GameCommand::LeaveMap(cmd::LeaveMap { unit: id("buddy") }));
    ok(
        &mut b,
        GameCommand::TrackEffect(cmd::TrackEffect {
            source: "buddy".into(),
            target: "goblin_2".into(),
            name: "knocked out".into(),
            rounds: 10,
            condition: Some(fivefoot::rules::ConditionName::Unconscious),
            damage: None,
        }),
    );
    let mut events = Vec::new();
    while b.world().resource::<Combat>().round < 3 {
        let unit = b.world().resource::<Combat>().active.clone().expect("a turn");
        events = ok(&mut b, GameCommand::EndTurn(cmd::EndTurn { unit }));
    }
    let foes = events
        .iter()
        .find_map(|e| match e {
            GameEvent::Vehicle(VehicleEvent::VehicleEscaped { foes, .. }) => Some(foes.clone()),
            _ => None,
        })
        .expect("the buggy escapes");
    assert_eq!(foes.len(), 1);
    assert_eq!((foes[0].unit.0.as_str(), foes[0].distance_ft), ("goblin_1", 270));
    assert_eq!(component::<LeftBattle>(&b, "sssazza"), Some(LeftBattle::Escaped));
}
