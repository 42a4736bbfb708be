//! The vehicle chase rules on the pure chase board (RULES.md §26, WE-35..WE-37, CHS-3,
//! CHS-8..CHS-11, CHS-16, CHS-17), with scripted dice.

use fivefoot::rules::chase::{
    BoardingResult, Chase, ChaseAttackKind, ChasePhase, ChaseVehicle, Departure, MoveReason, PilotRequest, ZoneHazard,
};
use fivefoot::rules::{Dice, DiceExpr, Modifier, SideId, UnitId};
use fivefoot::ruleset::{
    ChaseRules, Family, Fraction, HazardEffect, HazardTrigger, PilotAction, Ruleset, Variants, load_embedded,
};

fn starfinder() -> Ruleset {
    load_embedded(Family::Starfinder).unwrap()
}

fn id(s: &str) -> UnitId {
    UnitId(s.into())
}

fn vehicle(name: &str, side: &str, piloting: i32, kac: i32, full_speed_ft: u32) -> ChaseVehicle {
    ChaseVehicle {
        id: id(name),
        name: name.into(),
        side: SideId(side.into()),
        item_level: 1,
        kac,
        eac: kac - 2,
        full_speed_ft,
        piloting,
        attack_penalty: -1,
        collision: DiceExpr::parse("4d4").unwrap(),
    }
}

/// A chase with each vehicle piloted by `<vehicle>-pilot`, in this order.
fn chase(vehicles: &[(ChaseVehicle, i32)]) -> Chase {
    Chase::new(
        6,
        vehicles
            .iter()
            .map(|(v, zone)| (v.clone(), Some(UnitId(format!("{}-pilot", v.id))), *zone))
            .collect(),
    )
}

fn req(vehicle: &str, action: PilotAction, skill: i32, double: bool) -> PilotRequest {
    PilotRequest {
        vehicle: id(vehicle),
        action,
        target: None,
        double,
        skill: Modifier::new(skill, format!("Piloting ({vehicle}'s pilot)")),
    }
}

/// Resolves and applies one pilot action with the next scripted d20 `die`.
fn act(c: &mut Chase, rules: &ChaseRules, r: &PilotRequest, die: Option<u32>) -> fivefoot::rules::chase::PilotOutcome {
    let mut dice = Dice::scripted(0, die);
    let out = c
        .resolve_pilot_action(rules, &Variants::default(), r, &mut dice)
        .unwrap();
    assert_eq!(dice.script_left(), 0, "the die was used");
    c.apply_pilot_action(rules, &out);
    out
}

fn progress(c: &mut Chase, rules: &ChaseRules) -> fivefoot::rules::chase::ProgressOutcome {
    let out = c.resolve_progress(rules, &[], &mut Dice::seeded(0)).unwrap();
    c.apply_progress(&out);
    out
}

fn zone(c: &Chase, v: &str) -> i32 {
    c.entry(&id(v)).unwrap().zone
}

fn departed(c: &Chase, v: &str) -> Option<Departure> {
    c.entry(&id(v)).unwrap().departed
}

/// WE-35: the buggy one zone ahead speeds up; the cruiser fails by less than 5; both advance
/// in chase progress; the buggy is 2 zones ahead of every pursuer and the chase is over.
#[test]
fn we_35_escaping_one_pursuer() {
    let ruleset = starfinder();
    let rules = ruleset.chases.as_ref().unwrap();
    let mut c = chase(&[
        (vehicle("buggy", "pcs", 0, 12, 400), 1),
        (vehicle("cruiser", "police", 0, 12, 400), 0),
    ]);
    let out = act(&mut c, rules, &req("buggy", PilotAction::SpeedUp, 8, false), Some(15));
    assert_eq!((out.success, out.moved_to), (true, Some(2)));
    assert_eq!(zone(&c, "buggy"), 2, "speed up moves at once");
    let out = act(&mut c, rules, &req("cruiser", PilotAction::SpeedUp, 8, false), Some(7));
    assert_eq!((out.success, out.margin()), (false, Some(-3)));
    assert_eq!(c.phase, ChasePhase::Progress);
    let p = progress(&mut c, rules);
    assert_eq!((zone(&c, "buggy"), zone(&c, "cruiser")), (3, 1));
    assert_eq!(p.moves[1].reason, MoveReason::SpeedUpNarrowMiss);
    assert_eq!(departed(&c, "buggy"), Some(Departure::Escaped));
    assert_eq!(departed(&c, "cruiser"), Some(Departure::LeftBehind));
    assert!(p.over);
    assert_eq!(c.phase, ChasePhase::Over);
}

/// WE-36: with two cruisers, the one that failed is left behind but the buggy does not escape.
#[test]
fn we_36_two_pursuers_one_left_behind() {
    let ruleset = starfinder();
    let rules = ruleset.chases.as_ref().unwrap();
    let mut c = chase(&[
        (vehicle("buggy", "pcs", 0, 12, 400), 1),
        (vehicle("cruiser1", "police", 0, 12, 400), 0),
        (vehicle("cruiser2", "police", 0, 12, 400), 0),
    ]);
    act(&mut c, rules, &req("buggy", PilotAction::SpeedUp, 8, false), Some(15));
    act(
        &mut c,
        rules,
        &req("cruiser1", PilotAction::SpeedUp, 8, false),
        Some(15),
    );
    act(&mut c, rules, &req("cruiser2", PilotAction::SpeedUp, 8, false), Some(7));
    let p = progress(&mut c, rules);
    assert_eq!(
        [zone(&c, "buggy"), zone(&c, "cruiser1"), zone(&c, "cruiser2")],
        [3, 2, 1]
    );
    assert_eq!(departed(&c, "buggy"), None, "cruiser 1 is only one zone behind");
    assert_eq!(departed(&c, "cruiser1"), None);
    assert_eq!(departed(&c, "cruiser2"), Some(Departure::LeftBehind));
    assert!(!p.over);
    assert_eq!(c.phase, ChasePhase::Combat);
}

/// WE-37: the sample chase's pilot actions: Buddy's double maneuver (speed up 18 → 22, trick
/// 5 → 9), the ysoki's speed ups (12 → 19, 2 → 9); the buggy and ysoki 1 end two zones ahead
/// of ysoki 2, which is left behind.
#[test]
fn we_37_sample_chase_pilot_actions() {
    let ruleset = starfinder();
    let rules = ruleset.chases.as_ref().unwrap();
    let mut c = chase(&[
        (vehicle("buggy", "pcs", 0, 12, 400), 3),
        (vehicle("enercycle1", "redliners", 2, 12, 500), 3),
        (vehicle("enercycle2", "redliners", 2, 12, 500), 3),
    ]);
    let speed = act(&mut c, rules, &req("buggy", PilotAction::SpeedUp, 8, true), Some(18));
    let check = speed.check.as_ref().unwrap();
    assert_eq!((check.dc.unwrap(), check.total, speed.part), (18, 22, 1));
    assert!(
        check
            .modifiers
            .iter()
            .any(|m| m.value == -4 && m.source == "double maneuver")
    );
    assert_eq!(
        c.acting().unwrap().vehicle.id,
        id("buggy"),
        "second part of the double maneuver"
    );
    // After speeding up the buggy is ahead of both enercycles: +2 on all Piloting checks
    // (CHS-3, 001:4706-4711). The sample's total of 9 leaves that bonus out; the rule gives
    // 11, still a failure against DC 16.
    let trick = act(&mut c, rules, &req("buggy", PilotAction::Trick, 8, true), Some(5));
    let check = trick.check.as_ref().unwrap();
    assert_eq!(
        (check.dc.unwrap(), check.total, trick.success, trick.part),
        (16, 11, false, 2)
    );
    assert!(check.modifiers.iter().any(|m| m.source == "being ahead"));
    let y1 = act(
        &mut c,
        rules,
        &req("enercycle1", PilotAction::SpeedUp, 5, false),
        Some(12),
    );
    assert_eq!(y1.check.as_ref().unwrap().total, 19);
    let y2 = act(
        &mut c,
        rules,
        &req("enercycle2", PilotAction::SpeedUp, 5, false),
        Some(2),
    );
    assert_eq!((y2.check.as_ref().unwrap().total, y2.margin()), (9, Some(-9)));
    assert_eq!(
        [zone(&c, "buggy"), zone(&c, "enercycle1"), zone(&c, "enercycle2")],
        [4, 4, 3]
    );
    let p = progress(&mut c, rules);
    assert_eq!(
        [zone(&c, "buggy"), zone(&c, "enercycle1"), zone(&c, "enercycle2")],
        [5, 5, 3]
    );
    assert_eq!(p.departures, vec![(id("enercycle2"), Departure::LeftBehind)]);
    assert_eq!(c.phase, ChasePhase::Combat);
    // The buggy's pilot used a full action: nothing left for the combat phase (CHS-14).
    let allowance = c.pilot_allowance(&id("buggy"));
    assert!(!allowance.standard && !allowance.full_attack);
    assert!(c.pilot_allowance(&id("enercycle1")).standard);
    // WE-38: a wreck ends the chase (one foe left behind, the other wrecked).
    c.wreck(&id("enercycle1"));
    assert_eq!(c.phase, ChasePhase::Over);
}

/// Double maneuver: two successes still give at most +1 in chase progress (001:4916-4918);
/// a double speed up stays put only when both fail by 5 or more (001:4960-4963).
#[test]
fn double_maneuver_gives_at_most_one_zone_in_progress() {
    let ruleset = starfinder();
    let rules = ruleset.chases.as_ref().unwrap();
    let mut c = chase(&[(vehicle("a", "x", 0, 12, 400), 0), (vehicle("b", "y", 0, 12, 400), 0)]);
    act(&mut c, rules, &req("a", PilotAction::Evade, 10, true), Some(15));
    act(&mut c, rules, &req("a", PilotAction::KeepPace, 10, true), Some(15));
    // b: speed up twice, 1 + 5 − 4 = 2 (fails by 16), then 10 + 5 − 4 = 11 (fails by 7).
    act(&mut c, rules, &req("b", PilotAction::SpeedUp, 5, true), Some(1));
    act(&mut c, rules, &req("b", PilotAction::SpeedUp, 5, true), Some(10));
    let p = progress(&mut c, rules);
    assert_eq!((zone(&c, "a"), zone(&c, "b")), (1, 0));
    assert_eq!(p.moves[1].reason, MoveReason::FailedAll);
    assert!(c.evading(&id("a")), "evade's +2 AC for 1 round");
}

/// CHS-8: keep pace failed → back one zone; slow down overrides every success.
#[test]
fn chs_8_keep_pace_failure_falls_back_and_slow_down_stays() {
    let ruleset = starfinder();
    let rules = ruleset.chases.as_ref().unwrap();
    let mut c = chase(&[(vehicle("a", "x", 0, 12, 400), 2), (vehicle("b", "y", 0, 12, 400), 2)]);
    act(&mut c, rules, &req("a", PilotAction::KeepPace, 0, false), Some(2));
    act(&mut c, rules, &req("b", PilotAction::Evade, 10, true), Some(15));
    act(&mut c, rules, &req("b", PilotAction::SlowDown, 10, true), None);
    let p = progress(&mut c, rules);
    assert_eq!((zone(&c, "a"), zone(&c, "b")), (1, 2));
    assert_eq!(p.moves[1].reason, MoveReason::SlowedDown);
    assert!(c.evading(&id("b")), "slow down keeps evade's bonus");
}

/// CHS-9: an engaged vehicle that failed everything is carried along by one that advanced,
/// which then counts as ahead of it in the same zone (+2 Piloting against it, +2 to attacks).
#[test]
fn chs_9_engaged_vehicles_move_together_and_the_advancer_is_ahead() {
    let ruleset = starfinder();
    let rules = ruleset.chases.as_ref().unwrap();
    let mut c = chase(&[(vehicle("a", "x", 0, 12, 400), 2), (vehicle("b", "y", 0, 12, 400), 2)]);
    let mut engage = req("a", PilotAction::Engage, 10, false);
    engage.target = Some(id("b"));
    let out = act(&mut c, rules, &engage, Some(10));
    assert_eq!(out.check.as_ref().unwrap().dc.unwrap(), 12, "engage DC = enemy KAC");
    assert!(c.are_engaged(&id("a"), &id("b")));
    let err = c
        .check_pilot_action(&req("b", PilotAction::SpeedUp, 0, false))
        .unwrap_err();
    assert!(err.to_string().contains("engaged"), "{err}");
    act(&mut c, rules, &req("b", PilotAction::Evade, 0, false), Some(1));
    let p = progress(&mut c, rules);
    assert_eq!((zone(&c, "a"), zone(&c, "b")), (3, 3));
    assert_eq!(p.moves[1].reason, MoveReason::CarriedByEngagement);
    assert!(c.is_ahead(&id("a"), &id("b")) && !c.is_ahead(&id("b"), &id("a")));
    let mods = c
        .attack_modifiers(rules, &id("a"), &id("b"), ChaseAttackKind::Ranged)
        .unwrap();
    assert!(mods.iter().any(|m| m.source == "being ahead" && m.value == 2));
    // Next round: a's pilot, ahead of its only enemy, gets +2 on all Piloting checks.
    c.begin_round();
    let mods = c.pilot_modifiers(rules, &req("a", PilotAction::Evade, 0, false), false);
    assert!(mods.iter().any(|m| m.source == "being ahead"));
    let mods = c.pilot_modifiers(rules, &req("b", PilotAction::Evade, 0, false), false);
    assert!(!mods.iter().any(|m| m.source == "being ahead"));
    // If every engaged vehicle fails everything, none moves (not even a failed keep pace).
    act(&mut c, rules, &req("a", PilotAction::KeepPace, 0, false), Some(1));
    act(&mut c, rules, &req("b", PilotAction::KeepPace, 0, false), Some(1));
    let p = progress(&mut c, rules);
    assert_eq!((zone(&c, "a"), zone(&c, "b")), (3, 3));
    assert_eq!(p.moves[0].reason, MoveReason::EngagementHeld);
}

/// CHS-8 (001:4955-4958): only a required check that succeeded moves a vehicle; engaging an
/// ally and breaking free of willing allies need no check, so a pilot who did only that stays
/// (no free zone a round by engaging and parting), while an ally that advanced on its own
/// check still carries the engagement along (CHS-9).
#[test]
fn chs_8_actions_without_a_check_do_not_advance() {
    let ruleset = starfinder();
    let rules = ruleset.chases.as_ref().unwrap();
    let mut c = chase(&[
        (vehicle("a", "x", 0, 12, 400), 2),
        (vehicle("b", "x", 0, 12, 400), 2),
        (vehicle("foe", "y", 0, 12, 400), 2),
    ]);
    let mut engage = req("a", PilotAction::Engage, 10, false);
    engage.target = Some(id("b"));
    let out = act(&mut c, rules, &engage, None);
    assert!(out.check.is_none(), "allies engage freely");
    assert!(c.are_engaged(&id("a"), &id("b")));
    act(&mut c, rules, &req("b", PilotAction::Evade, 0, false), Some(1));
    act(&mut c, rules, &req("foe", PilotAction::Evade, 0, false), Some(1));
    let p = progress(&mut c, rules);
    assert_eq!(
        (zone(&c, "a"), zone(&c, "b")),
        (2, 2),
        "no check succeeded in the engagement"
    );
    assert!(p.moves.iter().all(|m| m.reason != MoveReason::Succeeded));
    // Next round a parts from its willing ally (no check) while b evades and succeeds.
    c.begin_round();
    let out = act(&mut c, rules, &req("a", PilotAction::BreakFree, 0, false), None);
    assert!(out.check.is_none(), "breaking free of allies needs no check");
    act(&mut c, rules, &req("b", PilotAction::Evade, 10, false), Some(15));
    act(&mut c, rules, &req("foe", PilotAction::Evade, 0, false), Some(1));
    let p = progress(&mut c, rules);
    assert_eq!(
        (zone(&c, "a"), zone(&c, "b")),
        (2, 3),
        "only b's successful check moves it"
    );
    assert_eq!(p.moves[0].reason, MoveReason::NoCheck);
}

/// CHS-3: +2 on checks against enemies behind you; on all checks only when ahead of all.
#[test]
fn chs_3_being_ahead_of_some_enemies_helps_only_against_them() {
    let ruleset = starfinder();
    let rules = ruleset.chases.as_ref().unwrap();
    let mut c = chase(&[
        (vehicle("pc", "pcs", 0, 12, 400), 2),
        (vehicle("front", "foes", 0, 12, 400), 3),
        (vehicle("back", "foes", 0, 12, 400), 2),
    ]);
    // pc and back are engaged, pc advanced on its own last round (CHS-9).
    c.vehicles[0].engagement = Some(0);
    c.vehicles[2].engagement = Some(0);
    c.ahead_in_zone = vec![(id("pc"), id("back"))];
    let ahead = |mods: Vec<Modifier>| mods.iter().any(|m| m.source == "being ahead");
    assert!(!ahead(c.pilot_modifiers(
        rules,
        &req("pc", PilotAction::Evade, 0, false),
        false
    )));
    assert!(ahead(c.pilot_modifiers(
        rules,
        &req("pc", PilotAction::BreakFree, 0, false),
        false
    )));
    assert!(ahead(c.pilot_modifiers(
        rules,
        &req("front", PilotAction::KeepPace, 0, false),
        false
    )));
    assert!(!ahead(c.pilot_modifiers(
        rules,
        &req("back", PilotAction::BreakFree, 0, false),
        false
    )));
}

/// Trick (001:4874-4885): vehicles behind take −2 for 1 round; one pilot's tricks don't stack,
/// different pilots' do.
#[test]
fn trick_penalties_stack_only_across_pilots() {
    let ruleset = starfinder();
    let rules = ruleset.chases.as_ref().unwrap();
    let mut c = chase(&[
        (vehicle("a", "x", 0, 12, 400), 3),
        (vehicle("b", "x", 0, 12, 400), 3),
        (vehicle("c", "y", 0, 12, 400), 2),
    ]);
    act(&mut c, rules, &req("a", PilotAction::Trick, 10, true), Some(15));
    act(&mut c, rules, &req("a", PilotAction::Trick, 10, true), Some(15));
    act(&mut c, rules, &req("b", PilotAction::Trick, 10, false), Some(15));
    let mods = c.pilot_modifiers(rules, &req("c", PilotAction::KeepPace, 0, false), false);
    let tricks: Vec<i32> = mods
        .iter()
        .filter(|m| m.source.starts_with("trick"))
        .map(|m| m.value)
        .collect();
    assert_eq!(tricks, vec![-2, -2]);
    act(&mut c, rules, &req("c", PilotAction::KeepPace, 0, false), Some(20));
    progress(&mut c, rules);
    // Next round, before a and b act again, the penalty still holds; after they act, it ends.
    c.begin_round();
    let mods = c.pilot_modifiers(rules, &req("c", PilotAction::KeepPace, 0, false), false);
    assert_eq!(mods.iter().filter(|m| m.source.starts_with("trick")).count(), 2);
    act(&mut c, rules, &req("a", PilotAction::Evade, 10, false), Some(15));
    let mods = c.pilot_modifiers(rules, &req("c", PilotAction::KeepPace, 0, false), false);
    assert_eq!(mods.iter().filter(|m| m.source.starts_with("trick")).count(), 1);
}

/// CHS-13, CHS-15: ranged reaches one zone away, melee only engaged and with reach; CHS-12:
/// the vehicle's normal attack penalty.
#[test]
fn chs_12_13_15_attacks_between_vehicles() {
    let ruleset = starfinder();
    let rules = ruleset.chases.as_ref().unwrap();
    let mut c = chase(&[
        (vehicle("a", "x", 0, 12, 400), 2),
        (vehicle("b", "y", 0, 12, 400), 1),
        (vehicle("far", "y", 0, 12, 400), 0),
    ]);
    assert!(
        c.attack_modifiers(rules, &id("a"), &id("b"), ChaseAttackKind::Ranged)
            .is_err(),
        "not in combat"
    );
    for v in ["a", "b", "far"] {
        act(&mut c, rules, &req(v, PilotAction::Evade, 0, false), Some(1));
    }
    progress(&mut c, rules);
    let mods = c
        .attack_modifiers(rules, &id("a"), &id("b"), ChaseAttackKind::Ranged)
        .unwrap();
    assert_eq!(mods.iter().map(|m| m.value).collect::<Vec<_>>(), vec![-1, 2]);
    assert!(
        c.attack_modifiers(rules, &id("a"), &id("far"), ChaseAttackKind::Ranged)
            .is_err()
    );
    assert!(
        c.attack_modifiers(rules, &id("a"), &id("b"), ChaseAttackKind::Melee { reach: true })
            .is_err(),
        "not engaged"
    );
    assert_eq!(c.range_ft(rules, &id("a"), &id("b")), Some(200));
}

/// CHS-16: boarding DC 5 + KAC; failing by 5 or more is a fall (1d6 under 10 ft). CHS-17:
/// a collision deals the collision damage and half of it back.
#[test]
fn chs_16_17_boarding_and_collision() {
    let ruleset = starfinder();
    let rules = ruleset.chases.as_ref().unwrap();
    let mut c = chase(&[(vehicle("a", "x", 0, 12, 400), 2), (vehicle("b", "y", 0, 14, 400), 2)]);
    let mut engage = req("a", PilotAction::Engage, 10, false);
    engage.target = Some(id("b"));
    act(&mut c, rules, &engage, Some(10));
    act(&mut c, rules, &req("b", PilotAction::Evade, 0, false), Some(1));
    progress(&mut c, rules);
    let skill = Modifier::new(5, "Athletics");
    let b = c
        .resolve_boarding(
            rules,
            &id("a"),
            &id("b"),
            skill.clone(),
            5,
            &mut Dice::scripted(0, [14]),
        )
        .unwrap();
    assert_eq!(
        (b.check.dc.unwrap(), b.check.total, b.result),
        (19, 19, BoardingResult::Boarded)
    );
    let b = c
        .resolve_boarding(
            rules,
            &id("a"),
            &id("b"),
            skill.clone(),
            5,
            &mut Dice::scripted(0, [10]),
        )
        .unwrap();
    assert_eq!(b.result, BoardingResult::Stayed, "failed by 4");
    let b = c
        .resolve_boarding(rules, &id("a"), &id("b"), skill, 5, &mut Dice::scripted(0, [9, 4]))
        .unwrap();
    assert_eq!((b.result, b.fall_damage), (BoardingResult::Fell, 4));
    let hit = c
        .resolve_collision(
            rules,
            &id("a"),
            &id("b"),
            Modifier::new(5, "Piloting"),
            &mut Dice::scripted(0, [9, 1, 2, 3, 1]),
        )
        .unwrap();
    assert_eq!(
        (hit.check.dc.unwrap(), hit.check.success, hit.damage, hit.self_damage),
        (14, true, 7, 3)
    );
}

/// The sample chase's dice (001:5380-5509): initiative (alphabetical: buddy, chalak, merris,
/// sssazza, ysoki1, ysoki2), the pilot actions, then the combat phase.
const SAMPLE_DICE: &str = "16,6,12,18,11,10,18,5,12,2,5,12,2,8,20,2,3";

fn fivefoot(args: &[&str]) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fivefoot"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

/// WE-37, WE-38 headless: `fivefoot run` plays the shipped Redliner chase with the sample's
/// dice; enercycle 2 is left behind, enercycle 1 is wrecked by Cha'lak's critical hit and
/// the chase is over.
#[test]
fn we_37_38_redliner_chase_plays_headless_with_scripted_dice() {
    let scenario = "scenarios/starfinder_redliner_chase.ron";
    let script = "tests/chase/starfinder_redliner_chase.ron";
    let doc = fivefoot(&["run", scenario, "--script", script, "--dice", SAMPLE_DICE, "--json"]);
    assert!(doc["rejected"].is_null(), "refused: {}", doc["rejected"]);
    let events: Vec<&serde_json::Value> = doc["log"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|entry| entry["events"].as_array().unwrap())
        .collect();
    let of = |kind: &str| {
        events
            .iter()
            .filter(|e| e["event"] == kind)
            .copied()
            .collect::<Vec<_>>()
    };
    let pilot: Vec<(i64, bool)> = of("chase_pilot_action")
        .iter()
        .map(|e| {
            let c = &e["outcome"]["check"];
            (c["total"].as_i64().unwrap(), c["success"].as_bool().unwrap())
        })
        .collect();
    // Buddy 22 (speed up) and 11 (trick: the sample's 9 plus being ahead, CHS-3); ysoki 19, 9.
    assert_eq!(pilot, [(22, true), (11, false), (19, true), (9, false)]);
    let progress = of("chase_progressed");
    assert_eq!(
        progress[0]["outcome"]["departures"],
        serde_json::json!([["enercycle2", "left_behind"]])
    );
    let attacks: Vec<(&str, i64, bool, bool)> = of("attack_resolved")
        .iter()
        .map(|e| {
            let a = &e["attack"];
            (
                e["attacker"].as_str().unwrap(),
                a["total"].as_i64().unwrap(),
                a["hit"].as_bool().unwrap(),
                a["critical"].as_bool().unwrap(),
            )
        })
        .collect();
    // Sssazza 9 misses EAC 10 and Merris's 15 hits (CHS-12: the buggy's −2); the ysoki misses
    // Merris (behind the buggy's cover); Cha'lak's natural 20 is a critical hit.
    assert_eq!(attacks[0], ("sssazza", 9, false, false));
    assert_eq!(attacks[1], ("merris", 15, true, false));
    assert_eq!((attacks[2].0, attacks[2].2), ("ysoki1", false));
    assert_eq!((attacks[3].0, attacks[3].2, attacks[3].3), ("chalak", true, true));
    let chase = fivefoot(&["query", "--dice", SAMPLE_DICE, "--script", script, scenario, "chase"]);
    assert_eq!(chase["phase"], "over");
    let left: Vec<(String, serde_json::Value)> = chase["vehicles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["vehicle"].as_str().unwrap().to_string(), v["left"].clone()))
        .collect();
    assert!(left.contains(&("enercycle1".into(), "wrecked".into())), "{left:?}");
    assert!(left.contains(&("enercycle2".into(), "left_behind".into())), "{left:?}");
    assert!(left.contains(&("buggy".into(), serde_json::Value::Null)), "{left:?}");
}

/// CHS-4: grid commands wait for the pilot actions and chase progress phases.
#[test]
fn chs_4_no_attacks_before_chase_progress() {
    let scenario = "scenarios/starfinder_redliner_chase.ron";
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fivefoot"))
        .args(["run", scenario, "--script", "/dev/stdin", "--dice", SAMPLE_DICE])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(br#"[Attack(unit: "sssazza", target: "enercycle1")]"#)?;
            child.wait_with_output()
        })
        .expect("the binary runs");
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(
        text.contains("refused") && text.contains("pilot actions phase"),
        "{text}"
    );
}

/// CHS-10: `would_escape` names, before chase progress, exactly the vehicles that escape in it
/// (WE-35: the buggy), and nobody when no vehicle gets two zones clear (WE-36: the second
/// cruiser keeps pace, so the buggy stays in the chase).
#[test]
fn chs_10_would_escape_predicts_the_escapes_of_chase_progress() {
    let ruleset = starfinder();
    let rules = ruleset.chases.as_ref().unwrap();
    let mut c = chase(&[
        (vehicle("buggy", "pcs", 0, 12, 400), 1),
        (vehicle("cruiser", "police", 0, 12, 400), 0),
    ]);
    assert!(c.would_escape(rules).is_empty(), "not in the progress phase yet");
    act(&mut c, rules, &req("buggy", PilotAction::SpeedUp, 8, false), Some(15));
    act(&mut c, rules, &req("cruiser", PilotAction::SpeedUp, 8, false), Some(7));
    assert_eq!(c.would_escape(rules), [id("buggy")]);
    let p = progress(&mut c, rules);
    assert_eq!(p.departures[0], (id("buggy"), Departure::Escaped));

    let mut c = chase(&[
        (vehicle("buggy", "pcs", 0, 12, 400), 1),
        (vehicle("cruiser1", "police", 0, 12, 400), 0),
        (vehicle("cruiser2", "police", 0, 12, 400), 1),
    ]);
    act(&mut c, rules, &req("buggy", PilotAction::SpeedUp, 8, false), Some(15));
    act(&mut c, rules, &req("cruiser1", PilotAction::SpeedUp, 8, false), Some(1));
    act(
        &mut c,
        rules,
        &req("cruiser2", PilotAction::KeepPace, 8, false),
        Some(10),
    );
    assert!(c.would_escape(rules).is_empty());
    let p = progress(&mut c, rules);
    assert!(p.departures.iter().all(|(_, d)| *d != Departure::Escaped));
}

fn follower(name: &str, zone: i32, trigger: HazardTrigger, rounds: Option<u32>) -> ZoneHazard {
    ZoneHazard {
        name: name.into(),
        zone,
        cr: Fraction::new(1, 1),
        effect: HazardEffect::Damage,
        trigger,
        spent: false,
        rounds,
        attacks: 0,
    }
}

/// Both pilots keep pace (d20 10 + 8 against DC 11): both advance one zone.
fn both_keep_pace(c: &mut Chase, rules: &ChaseRules) {
    act(c, rules, &req("buggy", PilotAction::KeepPace, 8, false), Some(10));
    act(c, rules, &req("cruiser", PilotAction::KeepPace, 8, false), Some(10));
}

/// CHS-19, the megashark (a `rearmost` hazard, CR 1: +8, 4d4): asleep until the foremost
/// vehicle reaches its zone, then at the end of each chase progress it attacks the vehicle at
/// the rear, following the chase; with `rounds: 1` (angry beasts style) it stops after one.
#[test]
fn chs_19_a_rearmost_hazard_attacks_the_rear_vehicle_after_chase_progress() {
    let ruleset = starfinder();
    let rules = ruleset.chases.as_ref().unwrap();
    for rounds in [None, Some(1)] {
        let mut c = chase(&[
            (vehicle("buggy", "pcs", 0, 12, 400), 1),
            (vehicle("cruiser", "police", 0, 12, 400), 0),
        ]);
        c.hazards = vec![follower("megashark", 3, HazardTrigger::Rearmost, rounds)];
        both_keep_pace(&mut c, rules);
        let out = c.resolve_progress(rules, &[], &mut Dice::scripted(0, [])).unwrap();
        assert!(out.followers.is_empty(), "the buggy reached zone 2 only");
        c.apply_progress(&out);
        c.begin_round();
        both_keep_pace(&mut c, rules);
        let mut dice = Dice::scripted(0, [10, 1, 2, 3, 4]);
        let out = c.resolve_progress(rules, &[], &mut dice).unwrap();
        assert_eq!(dice.script_left(), 0);
        let shark = &out.followers[0];
        assert_eq!(
            (
                shark.vehicle.0.as_str(),
                shark.total,
                shark.hit,
                shark.damage,
                shark.pick.is_none()
            ),
            ("cruiser", 18, true, 10, true)
        );
        c.apply_progress(&out);
        assert_eq!(c.hazards[0].attacks, 1);
        c.begin_round();
        both_keep_pace(&mut c, rules);
        let out = c.resolve_progress(rules, &[], &mut Dice::scripted(0, [5])).unwrap();
        match rounds {
            None => assert_eq!(out.followers[0].vehicle, id("cruiser"), "it follows the chase"),
            Some(_) => assert!(out.followers.is_empty(), "its rounds are over"),
        }
    }
}

/// CHS-19: two vehicles side by side at the rear: a die picks the rearmost hazard's victim,
/// and the pick is in the event.
#[test]
fn chs_19_a_die_picks_among_vehicles_tied_at_the_rear() {
    let ruleset = starfinder();
    let rules = ruleset.chases.as_ref().unwrap();
    let mut c = chase(&[
        (vehicle("buggy", "pcs", 0, 12, 400), 2),
        (vehicle("cruiser", "police", 0, 12, 400), 2),
    ]);
    c.hazards = vec![follower("death worm", 3, HazardTrigger::Rearmost, None)];
    both_keep_pace(&mut c, rules);
    let mut dice = Dice::scripted(0, [2, 1]);
    let out = c.resolve_progress(rules, &[], &mut dice).unwrap();
    let worm = &out.followers[0];
    assert_eq!(worm.pick.as_ref().map(|d| (d.sides, d.result)), Some((2, 2)));
    assert_eq!((worm.vehicle.0.as_str(), worm.hit), ("cruiser", false));
}

/// CHS-19, the piranha swarm (a `random` hazard): after each chase progress it attacks a
/// vehicle in its zone picked by a die; with nobody there it does nothing.
#[test]
fn chs_19_a_random_hazard_attacks_a_vehicle_in_its_zone_after_chase_progress() {
    let ruleset = starfinder();
    let rules = ruleset.chases.as_ref().unwrap();
    let mut c = chase(&[
        (vehicle("buggy", "pcs", 0, 12, 400), 1),
        (vehicle("cruiser", "police", 0, 12, 400), 1),
    ]);
    c.hazards = vec![follower("piranha swarm", 2, HazardTrigger::Random, None)];
    let mut empty = c.clone();
    both_keep_pace(&mut c, rules);
    let mut dice = Dice::scripted(0, [1, 19, 1, 1, 1, 1]);
    let out = c.resolve_progress(rules, &[], &mut dice).unwrap();
    let swarm = &out.followers[0];
    assert_eq!(swarm.pick.as_ref().map(|d| d.result), Some(1));
    assert_eq!((swarm.vehicle.0.as_str(), swarm.hit, swarm.damage), ("buggy", true, 4));
    // Slowing down keeps both out of the swarm's zone.
    act(&mut empty, rules, &req("buggy", PilotAction::SlowDown, 8, false), None);
    act(
        &mut empty,
        rules,
        &req("cruiser", PilotAction::SlowDown, 8, false),
        None,
    );
    let out = empty.resolve_progress(rules, &[], &mut Dice::scripted(0, [])).unwrap();
    assert!(out.followers.is_empty());
}

/// CHS-10 headless: `query ... chase` lists in the progress phase the vehicles that would
/// escape (the buggy, two zones clear of both enercycles), and nobody in the sample's round.
#[test]
fn chs_10_query_chase_lists_the_vehicles_that_would_escape() {
    let scenario = "scenarios/starfinder_redliner_chase.ron";
    let dice = "16,6,12,18,11,10,18,5,1,1";
    let script = "tests/chase/starfinder_redliner_escape.ron";
    let chase = fivefoot(&["query", "--dice", dice, "--script", script, scenario, "chase"]);
    assert_eq!(chase["phase"], "progress");
    assert_eq!(chase["would_escape"], serde_json::json!(["buggy"]));
    let sample = "16,6,12,18,11,10,18,5,12,2";
    let chase = fivefoot(&["query", "--dice", sample, "--script", script, scenario, "chase"]);
    assert_eq!(chase["phase"], "progress");
    assert_eq!(chase["would_escape"], serde_json::json!([]));
}

/// CHS-19 in the scenario format: a `rearmost` hazard with `rounds` loads; `rounds` on a
/// hazard that attacks on entry, and two hazards of one name, are refused.
#[test]
fn chs_19_scenario_hazards_take_rearmost_random_and_rounds() {
    let text = include_str!("../../scenarios/starfinder_redliner_chase.ron");
    let with = |hazards: &str| {
        text.replace(
            "features: [],",
            &format!("features: [],\n        hazards: [{hazards}],"),
        )
    };
    let load = |t: String| fivefoot::scenario::load_str(&t, "t.ron", &fivefoot::scenario::Templates::shipped());
    let ok = load(with(
        r#"(name: "angry beasts", zone: 5, cr: "1", trigger: rearmost, rounds: Some(2)), (name: "piranha swarm", zone: 3, cr: "1/2", trigger: random)"#,
    ))
    .unwrap_or_else(|d| panic!("{}", d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")));
    let hazards = &ok.chase.as_ref().expect("a chase").hazards;
    assert_eq!(
        (hazards[0].trigger, hazards[0].rounds),
        (HazardTrigger::Rearmost, Some(2))
    );
    assert_eq!((hazards[1].trigger, hazards[1].rounds), (HazardTrigger::Random, None));
    let shown = |t: String| {
        let Err(diagnostics) = load(t) else { panic!("refused") };
        diagnostics.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")
    };
    let entry = shown(with(
        r#"(name: "rocks", zone: 5, cr: "1", trigger: first_entrant, rounds: Some(2))"#,
    ));
    assert!(
        entry.contains("`rounds` is for hazards that attack after chase progress"),
        "{entry}"
    );
    let twice = shown(with(
        r#"(name: "rocks", zone: 5, cr: "1"), (name: "rocks", zone: 6, cr: "1")"#,
    ));
    assert!(twice.contains("already named `rocks`"), "{twice}");
}

/// CHS-15: in a running chase positions are zones, so a ranged attack provokes only the
/// enemies whose melee the chase lets reach the shooter. Here the Redliners' first enercycle
/// stands next to the buggy on the grid, its pilot armed with a knife, but the vehicles are
/// not engaged: Sssazza's shot provokes nobody (it used to provoke an attack of opportunity
/// the chase then refused, failing the shot after the rules had allowed it).
#[test]
fn chs_15_a_shot_in_a_chase_provokes_only_reactors_the_chase_lets_reach() {
    use fivefoot::rules::chase::ChasePhase;
    use fivefoot::rules::{Combat, GameCommand, GameEvent, ReactionEvent, check, cmd};
    use fivefoot::testing::{battle, ok};
    let text = include_str!("../../scenarios/starfinder_redliner_chase.ron")
        .replace(
            r#"(id: "enercycle1", name: "Basic enercycle 1", side: "redliners", at: (12, 2),"#,
            r#"(id: "enercycle1", name: "Basic enercycle 1", side: "redliners", at: (4, 2),"#,
        )
        .replace(
            r#"(id: "ysoki1", name: "Ysoki gangster 1", side: "redliners", at: (12, 2),"#,
            r#"(id: "ysoki1", name: "Ysoki gangster 1", side: "redliners", at: (4, 2),"#,
        )
        .replace(
            r#"weapons: [(name: "Flame pistol", kind: Ranged, attack: 4, damage: "1d4", damage_types: [Fire], range_increment: Some(20))]),
        (id: "enercycle2""#,
            r#"weapons: [(name: "Flame pistol", kind: Ranged, attack: 4, damage: "1d4", damage_types: [Fire], range_increment: Some(20)),
                      (name: "Knife", kind: Melee, attack: 4, damage: "1d4", damage_types: [Slashing])]),
        (id: "enercycle2""#,
        );
    assert!(text.contains(r#"name: "Knife""#), "the scenario was edited");
    let mut b = battle(&text, &[]);
    // Every pilot slows down (no check): nobody engages.
    while let Some(pilot) = b.world().resource::<Chase>().acting().and_then(|e| e.pilot.clone()) {
        ok(
            &mut b,
            GameCommand::PilotAction(cmd::PilotAction {
                unit: pilot,
                action: PilotAction::SlowDown,
                target: None,
                double: false,
            }),
        );
        let pilot = b.world().resource::<Chase>().acting().and_then(|e| e.pilot.clone());
        if let Some(p) = pilot.filter(|p| {
            check(
                b.world(),
                &GameCommand::EndPilotTurn(cmd::EndPilotTurn { unit: p.clone() }),
            )
            .is_ok()
        }) {
            ok(&mut b, GameCommand::EndPilotTurn(cmd::EndPilotTurn { unit: p }));
        }
    }
    ok(
        &mut b,
        GameCommand::ChaseProgress(cmd::ChaseProgress { stay: Vec::new() }),
    );
    assert_eq!(b.world().resource::<Chase>().phase, ChasePhase::Combat);
    assert!(
        !b.world()
            .resource::<Chase>()
            .are_engaged(&id("buggy"), &id("enercycle1"))
    );
    fivefoot::testing::pass_until_turn_of(&mut b, "sssazza");
    assert_eq!(b.world().resource::<Combat>().active, Some(id("sssazza")));
    let shot = GameCommand::Attack(cmd::Attack {
        unit: id("sssazza"),
        target: id("ysoki1"),
        weapon: None,
        defensively: false,
        mount: None,
    });
    let events = ok(&mut b, shot);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, GameEvent::Reaction(ReactionEvent::AttackOfOpportunity { .. }))),
        "{events:?}"
    );
}
