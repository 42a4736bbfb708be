//! The CLI's vehicle answers: `query attack --mount` previews firing a mounted weapon the way
//! `Attack { mount }` fires it (VEH-20).

use std::process::Command;

fn query(args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_fivefoot"))
        .arg("query")
        .arg("scenarios/starfinder_buggy_raid.ron")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

/// VEH-20: the gunner may preview the roof laser from the buggy; a passenger may not; without
/// `--mount` the weapon is not the gunner's own.
#[test]
fn veh_20_query_attack_with_a_mounted_weapon() {
    let fire = |unit: &str| query(&["attack", unit, "goblin_1", "--weapon", "Roof laser", "--mount", "buggy"]);
    let gunner = fire("sssazza");
    assert_eq!(gunner["legal"], true, "{gunner}");
    assert_eq!(
        (gunner["weapon"].as_str(), gunner["mount"].as_str()),
        (Some("Roof laser"), Some("buggy"))
    );
    let passenger = fire("merris");
    assert_eq!(passenger["legal"], false, "{passenger}");
    assert!(
        passenger["reason"].as_str().unwrap().contains("passenger"),
        "{passenger}"
    );
    let own = query(&["attack", "sssazza", "goblin_1", "--weapon", "Roof laser"]);
    assert_eq!(own["legal"], false, "{own}");
}
