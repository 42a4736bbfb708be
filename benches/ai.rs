//! Benchmark of the computer player's decision time (issue #17 item 7): one unit's whole
//! turn (every decision from the start of its turn to its end, summed) at Normal and Hard,
//! over whole games of every shipped scenario and a few rounds of a generated 64×64 map with
//! 40 units a side, played headless by `ai::runner` (the same path as `fivefoot simulate`).
//! The baseline policy's time is measured in the same run as the yardstick of the machine's
//! speed at that moment. Figures and method: docs/performance.md.
//!
//! `cargo bench --no-default-features --bench ai` (release profile). Prints p50, p99 and max
//! per setting and the targets: Normal p50 < 20 ms and p99 < 250 ms, Hard p99 < 1 s; with
//! each row the fingerprint of every command its games gave (`GameReport::transcript`), so a
//! change meant only to be faster can show it chose the same. `-- WORD...` runs only the rows
//! whose name and level contain every WORD (`-- generated normal`, `-- hangar`). The last rows
//! time one decision on a hidden-information battle with and without the rules' derived state
//! kept, as the window keeps it (`-- window`).

mod common;

use common::Rng;
use fivefoot::ai::runner::{GameReport, Setup, play};
use fivefoot::ai::{Policy, acting_side, next_command_with};
use fivefoot::history::Battle;
use fivefoot::rules::SideId;
use fivefoot::scenario::{ScenarioSpec, Templates, load_str};
use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Games per shipped scenario and setting.
const GAMES: u64 = 3;

/// A 64×64 floor with scattered walls and crates, side `a` in the west third and side `b`
/// in the east third, 40 units each (a sword and a pistol, so both melee and ranged
/// candidates are weighed).
fn generated_map(seed: u64) -> String {
    let mut rng = Rng(seed);
    let mut rows: Vec<Vec<char>> = vec![vec!['.'; 64]; 64];
    for _ in 0..260 {
        let (x, y) = (rng.below(64) as usize, rng.below(64) as usize);
        rows[y][x] = if rng.below(3) == 0 { '#' } else { 'c' };
    }
    let mut units = Vec::new();
    for (side, x0) in [("a", 2), ("b", 46)] {
        for k in 0..40 {
            let (x, y) = (x0 + 2 * (k % 8), 4 + 3 * (k / 8) * 2);
            rows[y as usize][x as usize] = '.';
            units.push(format!(
                r#"(id: "{side}{k}", side: "{side}", at: ({x}, {y}), speed: (land: 30), initiative: {}, defenses: (eac: 13, kac: 14), health: (hp: 14),
                   weapons: [(name: "Sword", kind: Melee, attack: 5, damage: "1d8+2", damage_types: [Slashing]),
                             (name: "Pistol", kind: Ranged, attack: 5, damage: "1d6", damage_types: [Fire], range_increment: 60)])"#,
                rng.below(6)
            ));
        }
    }
    let rows: Vec<String> = rows
        .iter()
        .map(|r| format!("\"{}\"", r.iter().collect::<String>()))
        .collect();
    format!(
        r##"Scenario(version: 1, name: "Generated 64x64, 40 a side", ruleset: "starfinder",
    map: (rows: [{}], legend: {{ '.': (terrain: Floor), '#': (terrain: Wall), 'c': (terrain: Cover) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [{}],
)"##,
        rows.join(",\n"),
        units.join(",\n")
    )
}

/// Percentile `q` of `times` in milliseconds.
fn percentile(times: &[Duration], q: f64) -> f64 {
    let mut ms: Vec<f64> = times.iter().map(|d| d.as_secs_f64() * 1e3).collect();
    ms.sort_by(f64::total_cmp);
    if ms.is_empty() {
        return 0.0;
    }
    ms[(((ms.len() - 1) as f64) * q).round() as usize]
}

/// The unit-turn times of `policy` playing side `measured` (the other side at Normal) over
/// `games` games from seed 1, and the fingerprint of the commands of all those games.
fn turn_times(
    spec: &ScenarioSpec,
    text: &str,
    measured: &SideId,
    policy: Policy,
    games: u64,
    rounds: u32,
) -> (Vec<Duration>, u64) {
    let setup = Setup {
        policies: BTreeMap::from([(measured.clone(), policy)]),
        max_rounds: rounds,
    };
    let mut times = Vec::new();
    let mut transcript = 0u64;
    for seed in 1..=games {
        let report: GameReport = play(spec, text, "bench.ron", seed, &setup);
        assert!(report.refused.is_empty() && !report.panicked, "{:?}", report.stalled);
        times.extend(report.turn_times.get(measured).cloned().unwrap_or_default());
        transcript = transcript.rotate_left(7) ^ report.transcript;
    }
    (times, transcript)
}

/// Decisions timed per setting of [`window_decision`].
const DECISIONS: usize = 40;

/// One Normal decision as the window asks for it (issue #24 item 2), on a hidden-information
/// battle at its first turn: on the battle as the window keeps it (the rules' derived state
/// made after every command for the fog, so the decision reads what its side sees) and on the
/// same battle underived (the decision works out what its side sees itself, as every decision
/// did before the window kept it). The two are timed in turn, `DECISIONS` each; the median.
fn window_decision(name: &str, spec: &ScenarioSpec, text: &str) {
    let bare = Battle::start(spec.clone(), text, "bench.ron", 1, Vec::new()).expect("starts");
    let Some(side) = acting_side(&bare) else { return };
    let mut kept = bare.fork();
    kept.derive();
    let decide = |battle: &Battle| {
        let start = Instant::now();
        black_box(next_command_with(battle, &side, Policy::Normal));
        start.elapsed()
    };
    let (mut worked_out, mut read) = (Vec::new(), Vec::new());
    for _ in 0..DECISIONS {
        worked_out.push(decide(&bare));
        read.push(decide(&kept));
    }
    println!(
        "{name:<34} one decision (normal): view worked out p50 {:>8.2} ms, view kept p50 {:>8.2} ms",
        percentile(&worked_out, 0.5),
        percentile(&read, 0.5)
    );
}

fn row(name: &str, policy: Policy, times: &[Duration], transcript: Option<u64>) {
    let commands = transcript.map_or(String::new(), |t| format!("  commands {t:016x}"));
    println!(
        "{name:<34} {:<8} unit-turns {:>5}  p50 {:>8.2} ms  p99 {:>8.2} ms  max {:>8.2} ms{commands}",
        policy.name(),
        times.len(),
        percentile(times, 0.5),
        percentile(times, 0.99),
        percentile(times, 1.0)
    );
}

fn main() {
    // `cargo bench` passes `--bench`; the words after `--` pick the rows.
    let words: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let wanted = |name: &str, policy: Policy| {
        let label = format!("{name} {}", policy.name());
        words.iter().all(|w| label.contains(w.as_str()))
    };
    let templates = Templates::shipped();
    let mut all: BTreeMap<Policy, Vec<Duration>> = BTreeMap::new();
    let mut files: Vec<_> = std::fs::read_dir("scenarios")
        .expect("scenarios/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    // Each shipped scenario: its file name, text and validated spec.
    let shipped: Vec<(String, String, ScenarioSpec)> = files
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("readable");
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default();
            let spec = load_str(&text, &name, &templates).expect("valid");
            (name, text, spec)
        })
        .collect();
    for (name, text, spec) in &shipped {
        for side in spec.sides.iter().map(|s| s.id.clone()) {
            let label = format!("{name} ({})", side.0);
            for policy in [Policy::Baseline, Policy::Normal, Policy::Hard] {
                if !wanted(&label, policy) {
                    continue;
                }
                let (times, transcript) = turn_times(spec, text, &side, policy, GAMES, 20);
                row(&label, policy, &times, Some(transcript));
                all.entry(policy).or_default().extend(times);
            }
        }
    }
    for (policy, times) in &all {
        row("all shipped scenarios", *policy, times, None);
    }
    let name = "generated 64x64, 40 a side";
    let text = generated_map(17);
    let spec = load_str(&text, "generated.ron", &templates).expect("valid");
    for policy in [Policy::Baseline, Policy::Normal, Policy::Hard] {
        if wanted(name, policy) {
            let (times, transcript) = turn_times(&spec, &text, &SideId("a".into()), policy, 1, 3);
            row(name, policy, &times, Some(transcript));
        }
    }
    for (name, text, spec) in &shipped {
        if spec.hidden_information && wanted(&format!("{name} window"), Policy::Normal) {
            window_decision(name, spec, text);
        }
    }
    let name = "generated 64x64, hidden";
    if wanted(&format!("{name} window"), Policy::Normal) {
        let text = generated_map(17).replace(
            "ruleset: \"starfinder\",",
            "ruleset: \"starfinder\", hidden_information: true,",
        );
        let spec = load_str(&text, "generated.ron", &templates).expect("valid");
        assert!(spec.hidden_information);
        window_decision(name, &spec, &text);
    }
    println!("targets: normal p50 < 20 ms, p99 < 250 ms; hard p99 < 1000 ms (release build)");
}
