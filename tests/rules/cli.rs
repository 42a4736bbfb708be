//! The headless CLI as scripts use it: `run` and `query` JSON, exit codes, determinism of
//! the printed output.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fivefoot(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fivefoot"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fivefoot-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn json(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

const SCENARIO: &str = "scenarios/tutorial_relay.ron";

fn script() -> PathBuf {
    // With seed 11 the tutorial's order is fixed by its dice; the script ends three turns.
    temp_file("script.ron", "[]")
}

fn first_turns_script(seed: &str) -> PathBuf {
    let order = fivefoot(&["query", SCENARIO, "--seed", seed, "initiative"]);
    let order = json(&order);
    let units: Vec<String> = order["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["unit"].as_str().unwrap().to_string())
        .collect();
    let commands: Vec<String> = units
        .iter()
        .take(3)
        .map(|u| format!("EndTurn(unit: \"{u}\")"))
        .collect();
    temp_file(&format!("turns-{seed}.ron"), &format!("[{}]", commands.join(", ")))
}

#[test]
fn run_twice_with_one_seed_prints_identical_json() {
    let script = first_turns_script("11");
    let args = [
        "run",
        SCENARIO,
        "--script",
        script.to_str().unwrap(),
        "--seed",
        "11",
        "--json",
    ];
    let (a, b) = (fivefoot(&args), fivefoot(&args));
    assert_eq!(json(&a), json(&b));
    assert_eq!(a.stdout, b.stdout, "byte for byte");
    let doc = json(&a);
    assert_eq!(doc["format"], 2);
    assert_eq!(doc["seed"], 11);
    assert_eq!(doc["log"].as_array().unwrap().len(), 4, "combat start + three commands");
    assert!(doc["rejected"].is_null());
    assert!(doc["state_hash"].as_str().unwrap().starts_with("fnv1a64:"));
}

#[test]
fn scripted_dice_fix_initiative() {
    let out = fivefoot(&["query", SCENARIO, "--dice", "1,2,3,4,20", "initiative"]);
    let doc = json(&out);
    // Units roll in id order: goblin_a, goblin_b, ksarik, navasi, obozaya (obozaya +1 rolls 20).
    assert_eq!(doc["order"][0]["unit"], "obozaya");
    assert_eq!(doc["order"][0]["count"], 21);
    assert_eq!(doc["active"], "obozaya");
}

#[test]
fn a_refused_command_stops_the_run_with_exit_1_and_its_reason() {
    let script = temp_file("bad.ron", r#"[EndTurn(unit: "nobody")]"#);
    let out = fivefoot(&["run", SCENARIO, "--script", script.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["rejected"]["index"], 0);
    assert_eq!(doc["rejected"]["reason"], "there is no unit `nobody` in this battle");
}

#[test]
fn query_turn_and_unit_answer_as_json() {
    let turn = json(&fivefoot(&["query", SCENARIO, "--seed", "5", "turn"]));
    assert_eq!(turn["round"], 1);
    let names: Vec<&str> = turn["available_actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["standard action", "move action", "swift action", "full action"]);
    let unit = json(&fivefoot(&["query", SCENARIO, "--seed", "5", "unit", "ksarik"]));
    assert_eq!(unit["reach_ft"], 10);
    assert_eq!(unit["defenses"]["eac_kac"]["kac"], 15);
    let missing = fivefoot(&["query", SCENARIO, "unit", "nobody"]);
    assert_eq!(missing.status.code(), Some(1));
}

#[test]
fn run_writes_a_save_that_query_reads_back() {
    let script = first_turns_script("9");
    let save = std::env::temp_dir().join(format!("fivefoot-cli-{}/battle.save.ron", std::process::id()));
    let run = fivefoot(&[
        "run",
        SCENARIO,
        "--script",
        script.to_str().unwrap(),
        "--seed",
        "9",
        "--json",
        "--save",
        save.to_str().unwrap(),
    ]);
    let ran = json(&run);
    let turn = json(&fivefoot(&["query", save.to_str().unwrap(), "turn"]));
    assert_eq!(turn["active"], ran["state"]["combat"]["active"]);
    assert!(Path::new(&save).exists());
}

#[test]
fn an_empty_script_only_starts_the_combat() {
    let out = fivefoot(&["run", SCENARIO, "--script", script().to_str().unwrap(), "--seed", "1"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Round 1"), "{text}");
    assert!(text.contains("state hash fnv1a64:"));
}

#[test]
fn query_path_reach_and_threat_answer_as_json() {
    let path = json(&fivefoot(&["query", SCENARIO, "--seed", "3", "path", "obozaya", "5,2"]));
    assert_eq!(path["legal"], true);
    let steps: u64 = path["steps_ft"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .sum();
    assert_eq!(
        path["cost_ft"].as_u64().unwrap(),
        steps,
        "the cost is the sum of the steps"
    );
    assert_eq!(
        path["squares"].as_array().unwrap().last().unwrap(),
        &serde_json::json!([5, 2])
    );
    let far = json(&fivefoot(&[
        "query", SCENARIO, "--seed", "3", "path", "obozaya", "12,6", "--action", "move",
    ]));
    assert_eq!(far["legal"], false);
    assert!(far["reason"].as_str().unwrap().contains("cannot be reached"));
    let reach = json(&fivefoot(&["query", SCENARIO, "--seed", "3", "reach", "navasi"]));
    assert!(!reach["bands"]["move"].as_array().unwrap().is_empty());
    assert!(!reach["bands"]["double"].as_array().unwrap().is_empty());
    let threat = json(&fivefoot(&["query", SCENARIO, "threat", "ksarik"]));
    assert_eq!(threat["reach_ft"], 10);
    assert_eq!(
        threat["squares"].as_array().unwrap().len(),
        24,
        "WE-43: the whole 5×5 block around it"
    );
}

#[test]
fn query_cover_flank_and_sight_answer_as_json() {
    let cover = json(&fivefoot(&[
        "query", SCENARIO, "--seed", "3", "cover", "navasi", "ksarik",
    ]));
    assert_eq!(cover["degree"], "cover", "the low wall between them (§9.4)");
    assert_eq!(cover["ac_bonus"], 4);
    assert!(
        cover["lines"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["obstructed_by"]["kind"] == "low_obstacle")
    );
    let los = json(&fivefoot(&["query", SCENARIO, "los", "navasi", "ksarik"]));
    assert_eq!(los["line_of_sight"], true);
    let loe = json(&fivefoot(&["query", SCENARIO, "loe", "navasi", "goblin_a"]));
    assert_eq!(loe["line_of_effect"], false, "behind the wall");
    let flank = json(&fivefoot(&["query", SCENARIO, "flank", "obozaya", "navasi"]));
    assert_eq!(flank["flanked"], false);
    let attack = json(&fivefoot(&["query", SCENARIO, "attack", "navasi", "ksarik"]));
    assert_eq!(attack["legal"], true);
    assert!(attack["chance_to_hit"].as_f64().unwrap() > 0.0);
}

#[test]
fn a_closed_pipe_never_panics() {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_fivefoot"))
        .args(["query", SCENARIO, "reach", "navasi"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away before the output is written
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    child.wait().unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// The squares of a `query template` answer as (x, y) pairs.
fn squares_of(v: &serde_json::Value) -> Vec<(i64, i64)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| (s[0].as_i64().unwrap(), s[1].as_i64().unwrap()))
        .collect()
}

#[test]
fn query_template_we_44_burst_lists_squares_and_units_in_it() {
    let burst = json(&fivefoot(&[
        "query",
        SCENARIO,
        "template",
        "burst",
        "--origin",
        "3,3",
        "--size-ft",
        "10",
        "--by",
        "navasi",
    ]));
    assert_eq!(burst["shape"], "burst");
    assert_eq!(burst["radius_squares"], 2);
    assert_eq!(burst["diagonal"], "alternating");
    assert_eq!(burst["by"], "navasi");
    let squares = squares_of(&burst["squares"]);
    assert_eq!(squares.len(), 16, "WE-44: a 10-ft burst in the open covers 16 squares");
    assert!(squares.contains(&(1, 1)) && squares.contains(&(4, 4)) && !squares.contains(&(5, 3)));
    // navasi stands at (2, 4), obozaya at (1, 2): both inside, each with its square.
    let affected = burst["affected"].as_array().unwrap();
    let units: Vec<&str> = affected.iter().map(|a| a["unit"].as_str().unwrap()).collect();
    assert_eq!(units, vec!["navasi", "obozaya"]);
    assert_eq!(squares_of(&affected[0]["squares"]), vec![(2, 4)]);
    assert!(burst["cut_off"].as_array().unwrap().is_empty());
}

/// AREA-4: the query shows each affected unit's cover against the area, judged from the
/// origin: the crate at (3, 5) lies between the point (4, 6) and navasi at (2, 4); a spread
/// reaches around it, so there it gives none.
#[test]
fn query_template_area_4_cover_judged_from_the_origin() {
    let cover_of = |shape: &str| {
        let t = json(&fivefoot(&[
            "query",
            SCENARIO,
            "template",
            shape,
            "--origin",
            "4,6",
            "--size-ft",
            "15",
        ]));
        let affected = t["affected"].as_array().unwrap().clone();
        affected
            .iter()
            .map(|a| {
                (
                    a["unit"].as_str().unwrap().to_string(),
                    a["cover"].as_str().unwrap().to_string(),
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(cover_of("burst"), vec![("navasi".to_string(), "cover".to_string())]);
    assert_eq!(cover_of("spread"), vec![("navasi".to_string(), "none".to_string())]);
}

#[test]
fn query_template_we_45_saga_burst_radius_2_covers_12_squares() {
    let burst = json(&fivefoot(&[
        "query",
        "scenarios/saga_hangar.ron",
        "template",
        "burst",
        "--origin",
        "8,6",
        "--size-ft",
        "10",
    ]));
    assert_eq!(burst["diagonal"], "every_diagonal_two");
    assert_eq!(burst["squares"].as_array().unwrap().len(), 12);
}

#[test]
fn query_template_area_4_walls_cut_bursts_and_spreads_with_reasons() {
    // The relay's middle wall: solid on x = 7 except (7, 3) (a closed door on its west edge)
    // and the low wall at (7, 4).
    let burst = json(&fivefoot(&[
        "query",
        SCENARIO,
        "template",
        "burst",
        "--origin",
        "6,2",
        "--size-ft",
        "15",
    ]));
    let cut = burst["cut_off"].as_array().unwrap();
    let kind = |sq: (i64, i64)| {
        cut.iter()
            .find(|c| (c["square"][0].as_i64().unwrap(), c["square"][1].as_i64().unwrap()) == sq)
            .map(|c| c["reason"]["kind"].as_str().unwrap().to_string())
    };
    assert_eq!(kind((7, 1)).as_deref(), Some("solid"));
    assert_eq!(kind((8, 1)).as_deref(), Some("no_line_of_effect"));
    assert!(!squares_of(&burst["squares"]).contains(&(8, 1)));
    let spread = json(&fivefoot(&[
        "query",
        SCENARIO,
        "template",
        "spread",
        "--origin",
        "6,3",
        "--size-ft",
        "15",
    ]));
    let long = spread["cut_off"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["square"] == serde_json::json!([7, 3]))
        .expect("(7, 3) is behind the closed door");
    // Round through the low wall at (7, 4): seed (6, 3) 1, (6, 4) 2, (7, 4) 3, (7, 3) 4.
    assert_eq!(
        long["reason"],
        serde_json::json!({ "kind": "path_too_long", "path_squares": 4 })
    );
}

#[test]
fn query_template_cones_and_lines_start_at_the_users_corner() {
    let cone = json(&fivefoot(&[
        "query",
        SCENARIO,
        "template",
        "cone",
        "--origin",
        "3,5",
        "--size-ft",
        "15",
        "--dir",
        "E",
        "--by",
        "navasi",
    ]));
    assert_eq!(cone["direction"], "E");
    assert_eq!(cone["squares"].as_array().unwrap().len(), 10);
    assert!(
        cone["affected"].as_array().unwrap().is_empty(),
        "navasi is behind its own cone"
    );
    let line = json(&fivefoot(&[
        "query",
        SCENARIO,
        "template",
        "line",
        "--origin",
        "1,5",
        "--size-ft",
        "30",
        "--dir",
        "e",
    ]));
    assert_eq!(
        squares_of(&line["squares"]),
        vec![(1, 5), (2, 5), (3, 5), (4, 5), (5, 5), (6, 5)],
        "the row on the line's right-hand side"
    );
    let off_corner = fivefoot(&[
        "query",
        SCENARIO,
        "template",
        "cone",
        "--origin",
        "5,5",
        "--size-ft",
        "15",
        "--dir",
        "E",
        "--by",
        "navasi",
    ]);
    assert_eq!(off_corner.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&off_corner.stderr).contains("corner"));
}

#[test]
fn query_template_refuses_bad_requests_with_exit_1() {
    for (args, says) in [
        (vec!["burst", "--origin", "3,3", "--size-ft", "12"], "multiple"),
        (vec!["cone", "--origin", "3,3", "--size-ft", "10"], "--dir"),
        (
            vec!["burst", "--origin", "3,3", "--size-ft", "10", "--dir", "N"],
            "--dir",
        ),
        (
            vec!["line", "--origin", "3,3", "--size-ft", "10", "--dir", "up"],
            "direction",
        ),
        (
            vec!["burst", "--origin", "30,3", "--size-ft", "10"],
            "not an intersection",
        ),
        (
            vec!["burst", "--origin", "10,2", "--size-ft", "10", "--by", "navasi"],
            "line of effect",
        ),
    ] {
        let mut all = vec!["query", SCENARIO, "template"];
        all.extend(args.iter().copied());
        let out = fivefoot(&all);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// Issue #16 item 5: `query path` and `query reach` for a unit that cannot act answer as
/// `Move` does — refused, with `Move`'s reason — through the same gates (`check`'s actor
/// refusals: §20 no actions), not with a path `Move` then refuses. So does a charge.
#[test]
fn query_path_and_reach_refuse_a_unit_that_cannot_act_as_move_does() {
    for condition in [
        "Paralyzed",
        "Stunned",
        "Helpless",
        "Unconscious",
        "Asleep",
        "Dazed",
        "Cowering",
    ] {
        let effect = format!(
            r#"TrackEffect(source: "obozaya", target: "obozaya", name: "spell", rounds: 2, condition: Some({condition}))"#
        );
        let script = temp_file(&format!("cannot_act_{condition}.ron"), &format!("[{effect}]"));
        let script = script.to_str().unwrap();
        // What `Move` says.
        let moved = temp_file(
            &format!("cannot_act_move_{condition}.ron"),
            &format!(r#"[{effect}, Move(unit: "obozaya", to: (5, 2))]"#),
        );
        let out = fivefoot(&["run", SCENARIO, "--seed", "3", "--script", moved.to_str().unwrap()]);
        assert!(!out.status.success(), "{condition}: Move is refused");
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        let reason = stderr
            .lines()
            .find_map(|l| l.split_once("was refused: ").map(|(_, r)| r.to_string()))
            .unwrap_or_else(|| panic!("{condition}: {stderr}"));
        assert!(reason.contains("cannot act"), "{condition}: {reason}");

        let base = ["query", SCENARIO, "--seed", "3", "--script", script];
        for action in [None, Some("move"), Some("double"), Some("run")] {
            let mut args = base.to_vec();
            args.extend(["path", "obozaya", "5,2"]);
            if let Some(a) = action {
                args.extend(["--action", a]);
            }
            let path = json(&fivefoot(&args));
            assert_eq!(path["legal"], false, "{condition} {action:?}: {path}");
            assert_eq!(path["reason"], reason.as_str(), "{condition} {action:?}");
        }
        let mut args = base.to_vec();
        args.extend(["path", "obozaya", "9,4", "--action", "charge"]);
        let charge = json(&fivefoot(&args));
        assert_eq!(charge["legal"], false, "{condition}: {charge}");
        assert_eq!(charge["reason"], reason.as_str(), "{condition}");

        let mut args = base.to_vec();
        args.extend(["reach", "obozaya"]);
        let reach = json(&fivefoot(&args));
        for band in ["move", "double", "run"] {
            assert!(
                reach["bands"][band].as_array().unwrap().is_empty(),
                "{condition}: {reach}"
            );
            assert_eq!(reach["refused"][band], reason.as_str(), "{condition}");
        }
        assert_eq!(reach["reason"], reason.as_str(), "{condition}");
    }
    // A unit that can act gets its bands and no reason.
    let reach = json(&fivefoot(&["query", SCENARIO, "--seed", "3", "reach", "obozaya"]));
    assert!(reach["reason"].is_null());
    assert!(!reach["bands"]["move"].as_array().unwrap().is_empty());
}

/// `simulate --json` (docs/cli.md): the documented fields, every side in `wins`, and the same
/// figures whether the games run on one thread or two.
#[test]
fn simulate_prints_the_documented_json_the_same_on_any_number_of_threads() {
    let args = |jobs: &'static str| {
        [
            "simulate",
            SCENARIO,
            "--games",
            "2",
            "--seed",
            "3",
            "--max-rounds",
            "4",
            "--side",
            "crew=easy",
            "--side",
            "goblins=baseline",
            "--jobs",
            jobs,
            "--json",
        ]
    };
    let one = json(&fivefoot(&args("1")));
    for field in ["games", "wins", "draws", "rounds", "decision_ms", "refused"] {
        assert!(one.get(field).is_some(), "no `{field}` in {one}");
    }
    assert_eq!(one["games"], 2);
    assert_eq!(one["first_seed"], 3);
    for side in ["crew", "goblins"] {
        assert!(one["wins"][side].is_u64(), "{side} in wins");
    }
    assert_eq!(one["sides"]["crew"]["policy"], "easy");
    assert_eq!(one["sides"]["goblins"]["policy"], "baseline");
    assert_eq!(one["refused"], 0);
    let played = one["wins"]["crew"].as_u64().unwrap() + one["wins"]["goblins"].as_u64().unwrap();
    assert_eq!(played + one["draws"].as_u64().unwrap(), 2);
    for key in ["p50", "p99", "max"] {
        assert!(one["decision_ms"][key].is_f64(), "decision_ms.{key}");
    }
    let two = json(&fivefoot(&args("2")));
    for field in ["wins", "draws", "rounds", "refused", "violations"] {
        assert_eq!(one[field], two[field], "{field} with two threads");
    }
}

/// `simulate` on a scenario that is not valid prints one `FILE:LINE:COL: error:` line per
/// problem and exits 1; a side the scenario lacks is an error at the argument.
#[test]
fn simulate_refuses_a_bad_scenario_and_an_unknown_side_with_one_line_errors() {
    let bad = temp_file(
        "bad_simulate.ron",
        "Scenario(version: 1, name: \"x\", ruleset: \"starfinder\",\n  map: (size: (4, 4), fill: '.', legend: {}),\n)\n",
    );
    let bad = bad.to_str().unwrap();
    let out = fivefoot(&["simulate", bad, "--games", "1"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with(&format!("{bad}:3:1: error: ")), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(out.stdout.is_empty());
    let out = fivefoot(&["simulate", SCENARIO, "--side", "pirates=easy"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("<command line>:1:") && err.contains("no side `pirates`"),
        "{err}"
    );
    let out = fivefoot(&["simulate", SCENARIO, "--side", "crew=wizard"]);
    assert_eq!(out.status.code(), Some(2));
}
