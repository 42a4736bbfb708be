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
    assert_eq!(doc["format"], 1);
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
