//! Scripted fights on the shipped scenarios, one per family (issue #4): `fivefoot run` plays
//! `tests/fights/<scenario>.ron` with every die scripted until one side is down.

use serde_json::{Value, json};
use std::process::Command;

/// The life states of a unit that is out of the fight.
const DOWN: [&str; 4] = ["dying", "stable", "unconscious", "dead"];

/// `fivefoot run scenarios/NAME.ron --script tests/fights/NAME.ron --dice DICE --json`: the
/// whole script is accepted and the dice it rolls are exactly `dice`, none from the seed.
fn fight(name: &str, dice: &[u32]) -> Value {
    let list = dice.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
    let scenario = format!("scenarios/{name}.ron");
    let script = format!("tests/fights/{name}.ron");
    let out = Command::new(env!("CARGO_BIN_EXE_fivefoot"))
        .args(["run", &scenario, "--script", &script, "--dice", &list, "--json"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    let doc: Value = serde_json::from_slice(&out.stdout).expect("stdout is JSON");
    assert!(doc["rejected"].is_null(), "refused: {}", doc["rejected"]);
    let rolled = dice_in(&doc);
    assert!(rolled.iter().all(|d| d["scripted"] == true), "a die came from the seed");
    // The JSON objects list their fields alphabetically, so compare the dice as a multiset.
    let mut results: Vec<u64> = rolled.iter().map(|d| d["result"].as_u64().unwrap()).collect();
    let mut expected: Vec<u64> = dice.iter().map(|&d| u64::from(d)).collect();
    results.sort_unstable();
    expected.sort_unstable();
    assert_eq!(results, expected, "every scripted die is used");
    doc
}

/// Every die in the log (objects with a `scripted` field).
fn dice_in(doc: &Value) -> Vec<&Value> {
    fn walk<'a>(v: &'a Value, out: &mut Vec<&'a Value>) {
        match v {
            Value::Object(map) if map.contains_key("scripted") => out.push(v),
            Value::Object(map) => map.values().for_each(|v| walk(v, out)),
            Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(&doc["log"], &mut out);
    out
}

fn events<'a>(doc: &'a Value, kind: &str) -> Vec<&'a Value> {
    doc["log"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|entry| entry["events"].as_array().unwrap())
        .filter(|e| e["event"] == kind)
        .collect()
}

/// Each attack in words: who, whom, the d20 and total against the defense, and the outcome.
fn attacks(doc: &Value) -> Vec<String> {
    events(doc, "attack_resolved")
        .into_iter()
        .map(|e| {
            let a = &e["attack"];
            let outcome = match (a["hit"].as_bool().unwrap(), a["critical"].as_bool().unwrap()) {
                (false, _) => "miss".to_string(),
                (true, false) => format!("hit for {}", a["damage"]["dealt"]),
                (true, true) => format!("critical for {}", a["damage"]["dealt"]),
            };
            let chance = match &a["miss_chance"] {
                Value::Null => String::new(),
                mc => format!(" ({}% miss chance, d% {})", mc[0], mc[1]["result"]),
            };
            format!(
                "{} -> {} ({}): d20 {} = {} vs {}: {outcome}{chance}",
                e["attacker"].as_str().unwrap(),
                e["target"].as_str().unwrap(),
                a["weapon"].as_str().unwrap(),
                a["roll"]["result"],
                a["total"],
                a["defense"]["value"],
            )
        })
        .collect()
}

fn damage_taken(doc: &Value) -> Vec<(String, u64)> {
    events(doc, "damage_taken")
        .into_iter()
        .map(|e| (e["unit"].as_str().unwrap().to_string(), e["amount"].as_u64().unwrap()))
        .collect()
}

fn life_changes(doc: &Value) -> Vec<String> {
    events(doc, "life_state_changed")
        .into_iter()
        .map(|e| {
            format!(
                "{}: {} -> {}",
                e["unit"].as_str().unwrap(),
                e["from"].as_str().unwrap(),
                e["to"].as_str().unwrap()
            )
        })
        .collect()
}

/// Every unit's life state at the end as `(unit, side, state)` in the order of `state.units`;
/// the final state's `life_state` must agree with the last `life_state_changed` event.
fn final_states(doc: &Value) -> Vec<(String, String, String)> {
    let changes = events(doc, "life_state_changed");
    doc["state"]["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            let id = u["id"].as_str().unwrap();
            let state = changes
                .iter()
                .rev()
                .find(|e| e["unit"] == id)
                .map_or("fine", |e| e["to"].as_str().unwrap());
            assert_eq!(u["life_state"], state, "{id}'s final life state");
            (
                id.to_string(),
                u["side"].as_str().unwrap().to_string(),
                state.to_string(),
            )
        })
        .collect()
}

/// The sides whose every unit is down at the end.
fn sides_down(doc: &Value) -> Vec<String> {
    let states = final_states(doc);
    let mut sides: Vec<String> = states.iter().map(|(_, side, _)| side.clone()).collect();
    sides.sort();
    sides.dedup();
    sides.retain(|side| {
        states
            .iter()
            .filter(|(_, s, _)| s == side)
            .all(|(_, _, state)| DOWN.contains(&state.as_str()))
    });
    sides
}

fn state_of<'a>(doc: &'a Value, unit: &str) -> (&'a Value, String) {
    let u = doc["state"]["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["id"] == unit)
        .unwrap_or_else(|| panic!("no unit {unit}"));
    let state = final_states(doc).into_iter().find(|(id, _, _)| id == unit).unwrap().2;
    (&u["health"], state)
}

fn owned(items: &[(&str, u64)]) -> Vec<(String, u64)> {
    items.iter().map(|&(u, n)| (u.to_string(), n)).collect()
}

#[test]
fn starfinder_salvage_yard_scripted_fight_ends_with_a_side_down() {
    let doc = fight(
        "starfinder_salvage_yard",
        &[
            7, 8, 6, 2, 12, 18, 17, // initiative, in id order: ashok .. seven
            5,  // seven misses goblin_b
            15, 7, // pip hits goblin_b, 1d8
            14, 3, // boss hits raskha, 1d4
            2, // goblin_a misses pip
            16, 5, // ashok hits raskha, 1d8+6
            18, 6, // round 2: seven hits the boss, 1d6
            20, 8, 8, 20, 8, 8, // raskha's full attack: two crits, 1d8+4 rolled twice each
            12, 6, // pip hits goblin_a, 1d8
        ],
    );
    assert_eq!(doc["ruleset"], "starfinder");
    assert_eq!(
        attacks(&doc),
        [
            "seven -> goblin_b (Tactical semi-auto pistol): d20 5 = 8 vs 16: miss",
            "pip -> goblin_b (Azimuth laser rifle): d20 15 = 21 vs 14: hit for 7",
            "boss -> raskha (Junk pistol): d20 14 = 19 vs 19: hit for 3",
            "goblin_a -> pip (Junk pistol): d20 2 = 5 vs 18: miss",
            "ashok -> raskha (Loader claw): d20 16 = 26 vs 18: hit for 11",
            "seven -> boss (Tactical semi-auto pistol): d20 18 = 21 vs 16: hit for 6",
            "raskha -> ashok (Hook-pole): d20 20 = 24 vs 16: critical for 24",
            "raskha -> ashok (Hook-pole): d20 20 = 24 vs 16: critical for 24",
            "pip -> goblin_a (Azimuth laser rifle): d20 12 = 18 vs 14: hit for 6",
        ]
    );
    assert_eq!(
        damage_taken(&doc),
        owned(&[
            ("goblin_b", 7),
            ("raskha", 3),
            ("raskha", 11),
            ("boss", 6),
            ("ashok", 24),
            ("ashok", 24),
            ("goblin_a", 6)
        ])
    );
    assert_eq!(
        life_changes(&doc),
        [
            "goblin_b: fine -> dead",
            "boss: fine -> dead",
            "ashok: fine -> dead",
            "goblin_a: fine -> dead"
        ],
        "NPCs without Resolve die at 0 HP"
    );
    assert_eq!(sides_down(&doc), ["scavengers"]);
    let (raskha, state) = state_of(&doc, "raskha");
    assert_eq!(state, "fine");
    assert_eq!(
        raskha["stamina_hit_points_resolve"]["sp"], 6,
        "20 Stamina less 3 and 11"
    );
    assert_eq!(raskha["stamina_hit_points_resolve"]["hp"], 26, "Stamina took it all");
    let (ashok, _) = state_of(&doc, "ashok");
    assert_eq!(ashok["stamina_hit_points_resolve"]["hp"], 0);
    assert_eq!(doc["state"]["combat"]["round"], 2);
}

#[test]
fn d20_srd_ruined_keep_scripted_fight_ends_with_a_side_down() {
    let doc = fight(
        "d20_srd_ruined_keep",
        &[
            15, 10, 16, 12, 8, 6, 4, // initiative: anselm, grukk, kerra, lidda, orc_a, orc_b, orc_c
            14, 6, // lidda hits orc_a, 1d6
            18, 12, // kerra beats orc_c's AC; the 20% miss chance (dim light) rolls 12
            16, 7, // anselm hits orc_b, 1d8
            18, 2, // grukk's javelin hits lidda, 1d6+3
            3, // orc_c's javelin misses lidda
            13, 6, // round 2: lidda hits orc_c, 1d6
            20, 15, 8, 8, // kerra: natural 20, confirmed with 15, 1d8 rolled twice
        ],
    );
    assert_eq!(doc["ruleset"], "d20_srd");
    assert_eq!(
        attacks(&doc),
        [
            "lidda -> orc_a (Light crossbow): d20 14 = 19 vs 13: hit for 6",
            "kerra -> orc_c (Longbow): d20 18 = 21 vs 17: miss (20% miss chance, d% 12)",
            "anselm -> orc_b (Light crossbow): d20 16 = 16 vs 13: hit for 7",
            "grukk -> lidda (Javelin): d20 18 = 18 vs 16: hit for 5",
            "orc_c -> lidda (Javelin): d20 3 = 4 vs 16: miss",
            "lidda -> orc_c (Light crossbow): d20 13 = 18 vs 17: hit for 6",
            "kerra -> grukk (Longbow): d20 20 = 23 vs 18: critical for 16",
        ]
    );
    let crit = events(&doc, "attack_resolved").last().unwrap()["attack"].clone();
    assert_eq!(crit["confirmation"]["result"], 15, "d20_srd confirms criticals");
    assert_eq!(
        damage_taken(&doc),
        owned(&[("orc_a", 6), ("orc_b", 7), ("lidda", 5), ("orc_c", 6), ("grukk", 16)])
    );
    assert_eq!(
        life_changes(&doc),
        [
            "orc_a: fine -> dying",
            "orc_b: fine -> dying",
            "orc_c: fine -> dying",
            "grukk: fine -> dying"
        ]
    );
    assert_eq!(sides_down(&doc), ["orcs"]);
    for (unit, hp) in [("orc_a", -1), ("orc_b", -2), ("orc_c", -1), ("grukk", -3), ("lidda", 3)] {
        assert_eq!(state_of(&doc, unit).0["hit_points"]["hp"], hp, "{unit}");
    }
    assert_eq!(state_of(&doc, "lidda").1, "fine");
    assert_eq!(doc["state"]["combat"]["round"], 2);
}

#[test]
fn d20_modern_warehouse_scripted_fight_ends_with_a_side_down() {
    let doc = fight(
        "d20_modern_warehouse",
        &[
            17, 5, 15, 8, 9, 6, // initiative of the aware: cole, lookout, marsh, thug_a, thug_b, vince
            17, 55, 6, 5,  // surprise round: cole hits thug_a, the smoke's 20% misses (55), 2d6
            10, // marsh misses thug_b
            19, 70, 4, 3,  // thug_b hits cole through the smoke, 2d6
            12, // round 1: reyes (surprised) rolls initiative
            15, 5, 5, // cole hits the lookout, 2d6
            19, 8, 8, // marsh hits vince, 2d8
            19, 6, 6, // reyes hits thug_b, 2d6
        ],
    );
    assert_eq!(doc["ruleset"], "d20_modern");
    let started = &events(&doc, "combat_started")[0];
    assert_eq!(started["surprise_round"], true);
    assert_eq!(started["surprised"], json!(["reyes"]));
    assert_eq!(
        attacks(&doc),
        [
            "cole -> thug_a (Glock 17): d20 17 = 17 vs 12: hit for 11 (20% miss chance, d% 55)",
            "marsh -> thug_b (Mossberg shotgun): d20 10 = 8 vs 16: miss",
            "thug_b -> cole (Pistol): d20 19 = 17 vs 17: hit for 7 (20% miss chance, d% 70)",
            "cole -> lookout (Glock 17): d20 15 = 19 vs 13: hit for 10",
            "marsh -> vince (Mossberg shotgun): d20 19 = 19 vs 18: hit for 16",
            "reyes -> thug_b (Beretta 92F): d20 19 = 17 vs 17: hit for 12",
        ]
    );
    assert_eq!(
        damage_taken(&doc),
        owned(&[
            ("thug_a", 11),
            ("cole", 7),
            ("lookout", 10),
            ("vince", 16),
            ("thug_b", 12)
        ])
    );
    assert_eq!(
        life_changes(&doc),
        [
            "thug_a: fine -> dying",
            "lookout: fine -> dying",
            "vince: fine -> dying",
            "thug_b: fine -> dying"
        ]
    );
    assert_eq!(sides_down(&doc), ["thugs"]);
    for (unit, hp) in [
        ("thug_a", -2),
        ("lookout", -1),
        ("vince", -1),
        ("thug_b", -3),
        ("cole", 9),
    ] {
        assert_eq!(state_of(&doc, unit).0["hit_points"]["hp"], hp, "{unit}");
    }
    assert_eq!(doc["state"]["combat"]["round"], 1);
    assert_eq!(doc["state"]["combat"]["active"], "reyes");
}

#[test]
fn saga_hangar_scripted_fight_ends_with_a_side_down() {
    let doc = fight(
        "saga_hangar",
        &[
            12, 10, 2, 4, 13, 7, 8, 11, // initiative: kessa, lira, loader, sergeant, torv, trooper_a..c
            16, 2, 3, 2, // kessa hits trooper_a, 3d8
            4, // torv misses trooper_b
            17, 8, 8, 8, // trooper_c hits kessa, 3d8
            15, 8, 7, 5, // trooper_b hits lira, 3d8
            20, 6, 6, 6, // trooper_a: natural 20 on torv, 3d8 doubled
            14, 4, 4, 4, // the sergeant hits lira, 3d8
        ],
    );
    assert_eq!(doc["ruleset"], "saga");
    assert_eq!(
        attacks(&doc),
        [
            "kessa -> trooper_a (Heavy blaster pistol): d20 16 = 17 vs 15: hit for 7",
            "torv -> trooper_b (Blaster carbine): d20 4 = 3 vs 20: miss",
            "trooper_c -> kessa (Blaster rifle): d20 17 = 18 vs 17: hit for 24",
            "trooper_b -> lira (Blaster rifle): d20 15 = 16 vs 15: hit for 20",
            "trooper_a -> torv (Blaster rifle): d20 20 = 18 vs 21: critical for 36",
            "sergeant -> lira (Blaster rifle): d20 14 = 15 vs 14: hit for 12",
        ]
    );
    let track: Vec<(String, u64)> = events(&doc, "damage_taken")
        .into_iter()
        .map(|e| {
            (
                e["unit"].as_str().unwrap().to_string(),
                e["track_steps"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        damage_taken(&doc),
        owned(&[
            ("trooper_a", 7),
            ("kessa", 24),
            ("lira", 20),
            ("torv", 36),
            ("lira", 12)
        ])
    );
    assert_eq!(
        track[2],
        ("lira".to_string(), 1),
        "20 meets her damage threshold 15: one step"
    );
    assert_eq!(
        life_changes(&doc),
        ["kessa: fine -> dead", "torv: fine -> dead", "lira: fine -> unconscious"],
        "a hit that reaches 0 HP kills if it meets the threshold, else knocks out"
    );
    assert_eq!(sides_down(&doc), ["rebels"]);
    let (lira, _) = state_of(&doc, "lira");
    assert_eq!(lira["damage_threshold_track"]["hp"], 0);
    assert_eq!(
        lira["damage_threshold_track"]["track_step"], 5,
        "helpless at the end of the track"
    );
    let (trooper_a, state) = state_of(&doc, "trooper_a");
    assert_eq!(
        (trooper_a["damage_threshold_track"]["hp"].clone(), state.as_str()),
        (json!(3), "fine")
    );
    assert_eq!(
        doc["state"]["combat"]["round"], 1,
        "over before the reinforcements join in round 2"
    );
    assert_eq!(doc["state"]["combat"]["active"], "loader");
}
