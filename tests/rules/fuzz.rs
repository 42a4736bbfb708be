//! Issue #16 acceptance: a deterministic fuzz test of the headless CLI over hostile input.
//! It mutates the shipped scenarios (`scenarios/*.ron`), scripts generated from each battle's
//! initiative order (squares and numbers on and far off the map), and saves written by
//! `run --save`, and runs `validate`, `run` and `query` on them in-process (`cli::run_args`),
//! a fixed number of cases from fixed seeds, so every run is the same run. Each case must
//! finish (no hang: a watchdog), must not panic, must exit 0 or 1, and every line it writes
//! to stderr must be one `FILE:LINE:COL: error: ...` line.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

/// Cases per kind; together they take 15 to 30 seconds in a debug build.
const SCENARIO_CASES: usize = 2_400;
const SCRIPT_CASES: usize = 1_600;
const SAVE_CASES: usize = 1_200;

/// Longer than any case takes in a debug build on a slow machine, far shorter than a hang.
const CASE_TIMEOUT: Duration = Duration::from_secs(60);

/// splitmix64: a tiny, fixed generator, so the cases never depend on a crate's version.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Numbers that broke the engine before (issue #16 items 6–10) and their neighbours.
const EXTREMES: [&str; 14] = [
    "2147483647",
    "-2147483648",
    "4294967295",
    "2147483650",
    "18446744073709551615",
    "99999999999999999999999",
    "1000000",
    "1000001",
    "10001",
    "5000",
    "0",
    "-1",
    "-10001",
    "3",
];

/// Characters that break syntax, lines or encodings.
const NOISE: [&str; 16] = [
    "(",
    ")",
    "[",
    "]",
    ",",
    "\"",
    "'",
    ":",
    "\n",
    "\u{0}",
    "\u{1b}[2J",
    "é",
    "\u{feff}",
    "\\",
    "Some(",
    "//",
];

/// One to three random edits of `text`.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(chars.len() + 1);
        match rng.below(8) {
            // A number becomes an extreme one.
            0..=2 => {
                let starts: Vec<usize> = (0..chars.len())
                    .filter(|&i| chars[i].is_ascii_digit() && (i == 0 || !chars[i - 1].is_ascii_alphanumeric()))
                    .collect();
                if starts.is_empty() {
                    continue;
                }
                let start = *rng.pick(&starts);
                let mut end = start;
                while end < chars.len() && chars[end].is_ascii_digit() {
                    end += 1;
                }
                let with: Vec<char> = rng.pick(&EXTREMES).chars().collect();
                chars.splice(start..end, with);
            }
            3 => {
                let end = (at + 1 + rng.below(6)).min(chars.len());
                chars.drain(at.min(end)..end);
            }
            4 => {
                let noise: Vec<char> = rng.pick(&NOISE).chars().collect();
                chars.splice(at..at, noise);
            }
            5 => {
                let len = rng.below(40);
                let end = (at + len).min(chars.len());
                let copy: Vec<char> = chars[at.min(end)..end].to_vec();
                let to = rng.below(chars.len() + 1);
                chars.splice(to..to, copy);
            }
            // A control character inside a string, as a RON escape.
            6 => {
                let quotes: Vec<usize> = (0..chars.len()).filter(|&i| chars[i] == '"').collect();
                if let Some(&q) = quotes.get(rng.below(quotes.len().max(1))) {
                    chars.splice(q + 1..q + 1, "\\n\\u{1b}".chars());
                }
            }
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}

/// The outcome of one command line.
struct Ran {
    code: u8,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str]) -> Ran {
    let args: Vec<OsString> = std::iter::once("fivefoot")
        .chain(args.iter().copied())
        .map(OsString::from)
        .collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = fivefoot::cli::run_args(args, &mut out, &mut err);
    Ran {
        code,
        stdout: String::from_utf8_lossy(&out).into_owned(),
        stderr: String::from_utf8_lossy(&err).into_owned(),
    }
}

/// Whether `line` is `FILE:LINE:COL: error: MESSAGE`, with a positive line and column.
fn is_located_error(line: &str) -> bool {
    let Some((head, message)) = line.split_once(": error: ") else {
        return false;
    };
    let mut parts = head.rsplitn(3, ':');
    let (Some(col), Some(row), Some(file)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let positive = |s: &str| s.parse::<usize>().is_ok_and(|n| n > 0);
    !file.is_empty() && positive(row) && positive(col) && !message.trim().is_empty()
}

/// The checks every case must pass; `Err` says which failed.
fn judge(ran: &Ran) -> Result<(), String> {
    if ran.code > 1 {
        return Err(format!("exit code {}", ran.code));
    }
    if ran.code == 1 && ran.stderr.trim().is_empty() {
        return Err("exit code 1 without a message".into());
    }
    if ran.code == 0 && !ran.stderr.is_empty() {
        return Err("exit code 0 with a message".into());
    }
    match ran.stderr.lines().find(|l| !is_located_error(l)) {
        Some(bad) => Err(format!("not a one-line FILE:LINE:COL: error: {bad:?}")),
        None => Ok(()),
    }
}

/// Runs `cases` on a worker thread, each with `CASE_TIMEOUT`; panics (failing the test) with
/// the case's description on a panic, a hang or a failed check.
fn fuzz(name: &'static str, cases: Vec<Box<dyn FnOnce() -> (String, Ran) + Send>>) {
    let (tx, rx) = mpsc::channel();
    let count = cases.len();
    std::thread::spawn(move || {
        for case in cases {
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(case));
            let message = match outcome {
                Ok((what, ran)) => judge(&ran).map_err(|why| format!("{why}\n{what}\n--- stderr ---\n{}", ran.stderr)),
                Err(_) => Err("the case panicked (see the panic message above)".to_string()),
            };
            if tx.send(message).is_err() {
                return;
            }
        }
    });
    for i in 0..count {
        match rx.recv_timeout(CASE_TIMEOUT) {
            Ok(Ok(())) => {}
            Ok(Err(why)) => panic!("{name} case {i}: {why}"),
            Err(_) => panic!("{name} case {i} did not finish within {CASE_TIMEOUT:?} (a hang)"),
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(kind: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fivefoot-fuzz-{kind}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn shipped_scenarios() -> Vec<(String, String)> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("scenarios"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".ron"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|n| {
            let text = std::fs::read_to_string(root().join("scenarios").join(&n)).unwrap();
            (n, text)
        })
        .collect()
}

fn write(path: &Path, text: &str) -> String {
    std::fs::write(path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// Mutated scenarios: `validate`, and for some `query ... turn` and `run` with no commands.
#[test]
fn fuzz_mutated_scenarios_are_refused_on_one_located_line_each() {
    let dir = scratch("scenarios");
    let scenarios = shipped_scenarios();
    let empty_script = write(&dir.join("empty.ron"), "[]");
    let mut rng = Rng(16);
    let cases = (0..SCENARIO_CASES)
        .map(|i| {
            let (name, text) = rng.pick(&scenarios).clone();
            let mutant = mutate(&mut rng, &text);
            let deep = rng.chance(25);
            let path = write(&dir.join(format!("s{i}.ron")), &mutant);
            let script = empty_script.clone();
            Box::new(move || {
                let mut ran = run(&["validate", &path]);
                if deep && ran.code == 0 {
                    ran = run(&["query", &path, "--seed", "1", "turn"]);
                    if ran.code == 0 {
                        ran = run(&["run", &path, "--seed", "2", "--script", &script]);
                    }
                }
                (format!("mutant of {name}:\n{mutant}"), ran)
            }) as Box<dyn FnOnce() -> (String, Ran) + Send>
        })
        .collect();
    fuzz("scenario", cases);
    let _ = std::fs::remove_dir_all(dir);
}

/// The unit ids of a battle in initiative order (from `query initiative`).
fn order(scenario: &str) -> Vec<String> {
    let ran = run(&["query", scenario, "--seed", "1", "initiative"]);
    assert_eq!(ran.code, 0, "{}", ran.stderr);
    let doc: serde_json::Value = serde_json::from_str(&ran.stdout).unwrap();
    doc["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["unit"].as_str().unwrap().to_string())
        .collect()
}

/// A coordinate: usually near the map, sometimes far off it.
fn coordinate(rng: &mut Rng) -> String {
    if rng.chance(20) {
        rng.pick(&EXTREMES).to_string()
    } else {
        (rng.below(24) as i64 - 2).to_string()
    }
}

fn number(rng: &mut Rng) -> String {
    if rng.chance(30) {
        rng.pick(&EXTREMES).trim_start_matches('-').to_string()
    } else {
        (1 + rng.below(6)).to_string()
    }
}

/// A script: turns of the battle's units in initiative order, each a few random commands of
/// the active unit, then its `EndTurn`.
fn script(rng: &mut Rng, units: &[String]) -> String {
    let mut commands = Vec::new();
    for turn in 0..1 + rng.below(4) {
        let u = &units[turn % units.len()];
        for _ in 0..rng.below(3) {
            let t = rng.pick(units).clone();
            let (x, y, n) = (coordinate(rng), coordinate(rng), number(rng));
            let angle = *rng.pick(&["0", "45", "-30", "2147483647", "-2147483648", "400"]);
            let command = match rng.below(16) {
                0 => format!("Move(unit: \"{u}\", to: ({x}, {y}))"),
                1 => format!("Move(unit: \"{u}\", to: ({x}, {y}), mode: Run)"),
                2 => format!("Move(unit: \"{u}\", to: ({x}, {y}), path: Some([({y}, {x}), ({x}, {y})]), mode: Double)"),
                3 => format!("Attack(unit: \"{u}\", target: \"{t}\")"),
                4 => format!("Charge(unit: \"{u}\", target: \"{t}\", to: Some(({x}, {y})))"),
                5 => format!("TrackEffect(source: \"{u}\", target: \"{t}\", name: \"x\", rounds: {n})"),
                6 => format!("DamageAbility(source: \"{u}\", target: \"{t}\", ability: Dex, amount: {n})"),
                7 => format!("AreaAttack(unit: \"{u}\", weapon: \"Frag grenade I\", at: ({x}, {y}))"),
                8 => format!("CastSpell(unit: \"{u}\", spell: \"x\", at: Some(({x}, {y})), squares: [({x}, {y})])"),
                9 => format!("Maneuver(unit: \"{u}\", target: \"{t}\", maneuver: Reposition(to: ({x}, {y})))"),
                10 => format!("Fly(unit: \"{u}\", route: [To(({x}, {y})), Up])"),
                11 => format!("Vehicle(unit: \"{u}\", order: Race(angle: {angle}, distance_ft: Some({n})))"),
                12 => format!("Vehicle(unit: \"{u}\", order: Drive(path: [({x}, {y})]))"),
                13 => format!("ReturnToMap(unit: \"{u}\", at: ({x}, {y}), heading: W)"),
                14 => format!("Decline(reactors: [\"{t}\"], then: Move(unit: \"{u}\", to: ({x}, {y})))"),
                _ => format!("Autofire(unit: \"{u}\", weapon: \"x\", at: ({x}, {y}))"),
            };
            commands.push(command);
        }
        commands.push(format!("EndTurn(unit: \"{u}\")"));
    }
    format!("[\n    {},\n]\n", commands.join(",\n    "))
}

/// Generated scripts, some of them mutated, played with `run` (and `query --script`).
#[test]
fn fuzz_hostile_scripts_are_refused_on_one_located_line_each() {
    let dir = scratch("scripts");
    let battles: Vec<(String, Vec<String>)> = ["tutorial_relay.ron", "starfinder_buggy_raid.ron", "saga_hangar.ron"]
        .iter()
        .map(|n| {
            let path = root().join("scenarios").join(n).to_str().unwrap().to_string();
            let units = order(&path);
            (path, units)
        })
        .collect();
    let mut rng = Rng(7);
    let cases = (0..SCRIPT_CASES)
        .map(|i| {
            let (scenario, units) = rng.pick(&battles).clone();
            let mut text = script(&mut rng, &units);
            if rng.chance(40) {
                text = mutate(&mut rng, &text);
            }
            let json = rng.chance(50);
            let path = write(&dir.join(format!("c{i}.ron")), &text);
            Box::new(move || {
                let ran = if json {
                    run(&["run", &scenario, "--seed", "1", "--script", &path, "--json"])
                } else {
                    run(&["query", &scenario, "--seed", "1", "--script", &path, "turn"])
                };
                (format!("script for {scenario}:\n{text}"), ran)
            }) as Box<dyn FnOnce() -> (String, Ran) + Send>
        })
        .collect();
    fuzz("script", cases);
    let _ = std::fs::remove_dir_all(dir);
}

/// Saves written by `run --save`, mutated, read back by `query` and `run`.
#[test]
fn fuzz_mutated_saves_are_refused_on_one_located_line_each() {
    let dir = scratch("saves");
    let mut saves = Vec::new();
    for (k, n) in ["tutorial_relay.ron", "starfinder_buggy_raid.ron"].iter().enumerate() {
        let scenario = root().join("scenarios").join(n).to_str().unwrap().to_string();
        let units = order(&scenario);
        let turns: Vec<String> = units
            .iter()
            .take(3)
            .map(|u| format!("EndTurn(unit: \"{u}\")"))
            .collect();
        let script = write(&dir.join(format!("turns{k}.ron")), &format!("[{}]", turns.join(", ")));
        let save = dir.join(format!("base{k}.save.ron"));
        let ran = run(&[
            "run",
            &scenario,
            "--seed",
            "1",
            "--script",
            &script,
            "--save",
            save.to_str().unwrap(),
        ]);
        assert_eq!(ran.code, 0, "{}", ran.stderr);
        saves.push(std::fs::read_to_string(&save).unwrap());
    }
    let empty_script = write(&dir.join("empty.ron"), "[]");
    let mut rng = Rng(12);
    let cases = (0..SAVE_CASES)
        .map(|i| {
            let base = rng.pick(&saves).clone();
            let mutant = mutate(&mut rng, &base);
            let query = rng.chance(60);
            let path = write(&dir.join(format!("m{i}.save.ron")), &mutant);
            let script = empty_script.clone();
            Box::new(move || {
                let ran = if query {
                    run(&["query", &path, "initiative"])
                } else {
                    run(&["run", &path, "--script", &script])
                };
                (format!("mutated save:\n{mutant}"), ran)
            }) as Box<dyn FnOnce() -> (String, Ran) + Send>
        })
        .collect();
    fuzz("save", cases);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_error_line_check_accepts_only_located_one_line_errors() {
    assert!(is_located_error("a/b.ron:3:14: error: unknown ruleset `x`"));
    assert!(is_located_error("<command line>:1:22: error: there is no unit `x`"));
    assert!(!is_located_error("error: command 1 was refused"));
    assert!(!is_located_error("b.ron: 50:10: Expected identifier"));
    assert!(!is_located_error("b.ron:0:1: error: x"));
}
