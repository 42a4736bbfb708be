//! Mass play as a test (issue #17 item 8): a few whole games of every shipped scenario,
//! computer against computer, through `ai::runner` (the path `fivefoot simulate` takes): no
//! panic, no command the rules refuse, no invariant broken, no stall. Short games (a round
//! cap), the cheaper levels and a single round at Hard keep the debug build within about a
//! minute; the long run of thousands of release games is reported in docs/ai.md.

use fivefoot::ai::Policy;
use fivefoot::ai::runner::{GameReport, Setup, play};
use fivefoot::rules::SideId;
use fivefoot::scenario::{Templates, load_str};
use std::collections::BTreeMap;

/// The games of one scenario: per game its seed, the first side's and the second side's
/// policies and the round cap.
const GAMES: [(u64, Policy, Policy, u32); 4] = [
    (1, Policy::Normal, Policy::Normal, 3),
    (2, Policy::Easy, Policy::Baseline, 6),
    (3, Policy::Baseline, Policy::Easy, 6),
    // Hard plays every round out on forks: one round keeps the debug build quick.
    (4, Policy::Hard, Policy::Normal, 1),
];

fn problems(report: &GameReport) -> Vec<String> {
    let mut out: Vec<String> = report.refused.iter().map(|r| format!("refused: {r}")).collect();
    out.extend(report.violations.iter().map(|v| format!("invariant: {v}")));
    out.extend(report.stalled.iter().map(|s| format!("stalled: {s}")));
    out
}

/// Plays the `GAMES` of `file` (under `scenarios/`), panicking with every fault found.
fn plays_cleanly(file: &str) {
    let name = format!("scenarios/{file}");
    let text = std::fs::read_to_string(&name).expect("readable");
    let spec = load_str(&text, &name, &Templates::shipped()).expect("valid");
    let sides: Vec<SideId> = spec.sides.iter().map(|s| s.id.clone()).collect();
    let mut faults = Vec::new();
    for (seed, first, second, rounds) in GAMES {
        let setup = Setup {
            policies: BTreeMap::from([(sides[0].clone(), first), (sides[1].clone(), second)]),
            max_rounds: rounds,
        };
        let report = play(&spec, &text, &name, seed, &setup);
        assert!(report.rounds >= 1, "{name}: the game began");
        faults.extend(
            problems(&report)
                .into_iter()
                .map(|p| format!("{name} seed {seed} ({} v {}): {p}", first.name(), second.name())),
        );
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The scenarios played below, one test each (so they run side by side).
const PLAYED: [&str; 14] = [
    "d20_modern_night_shift.ron",
    "d20_modern_rooftop_handoff.ron",
    "d20_modern_warehouse.ron",
    "d20_srd_gatehouse.ron",
    "d20_srd_goblin_camp.ron",
    "d20_srd_ruined_keep.ron",
    "saga_echo_outpost.ron",
    "saga_hangar.ron",
    "saga_spaceport_cantina.ron",
    "starfinder_buggy_raid.ron",
    "starfinder_getaway.ron",
    "starfinder_redliner_chase.ron",
    "starfinder_salvage_yard.ron",
    "tutorial_relay.ron",
];

/// Every shipped scenario is among those played.
#[test]
fn mass_play_covers_every_shipped_scenario() {
    let mut files: Vec<String> = std::fs::read_dir("scenarios")
        .expect("scenarios/")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".ron"))
        .collect();
    files.sort();
    assert_eq!(files, PLAYED, "add the new scenario to PLAYED and a test for it");
}

#[test]
fn the_night_shift_plays_computer_against_computer_without_a_fault() {
    plays_cleanly("d20_modern_night_shift.ron");
}

#[test]
fn the_rooftop_handoff_plays_computer_against_computer_without_a_fault() {
    plays_cleanly("d20_modern_rooftop_handoff.ron");
}

#[test]
fn the_warehouse_plays_computer_against_computer_without_a_fault() {
    plays_cleanly("d20_modern_warehouse.ron");
}

#[test]
fn the_gatehouse_plays_computer_against_computer_without_a_fault() {
    plays_cleanly("d20_srd_gatehouse.ron");
}

#[test]
fn the_goblin_camp_plays_computer_against_computer_without_a_fault() {
    plays_cleanly("d20_srd_goblin_camp.ron");
}

/// The Gatehouse: a d20 SRD wizard whose spells are a cone, a line and a spread (SPL-SRD-1..5).
#[test]
fn the_ruined_keep_plays_computer_against_computer_without_a_fault() {
    plays_cleanly("d20_srd_ruined_keep.ron");
}

#[test]
fn the_echo_outpost_plays_computer_against_computer_without_a_fault() {
    plays_cleanly("saga_echo_outpost.ron");
}

#[test]
fn the_hangar_plays_computer_against_computer_without_a_fault() {
    plays_cleanly("saga_hangar.ron");
}

#[test]
fn the_spaceport_cantina_plays_computer_against_computer_without_a_fault() {
    plays_cleanly("saga_spaceport_cantina.ron");
}

#[test]
fn the_buggy_raid_plays_computer_against_computer_without_a_fault() {
    plays_cleanly("starfinder_buggy_raid.ron");
}

#[test]
fn the_getaway_plays_computer_against_computer_without_a_fault() {
    plays_cleanly("starfinder_getaway.ron");
}

#[test]
fn the_redliner_chase_plays_computer_against_computer_without_a_fault() {
    plays_cleanly("starfinder_redliner_chase.ron");
}

#[test]
fn the_salvage_yard_plays_computer_against_computer_without_a_fault() {
    plays_cleanly("starfinder_salvage_yard.ron");
}

#[test]
fn the_tutorial_plays_computer_against_computer_without_a_fault() {
    plays_cleanly("tutorial_relay.ron");
}

/// A game's transcript fingerprint (`GameReport::transcript`) is the same when the same game
/// is played again and differs when other commands are given (another seed): what shows that a
/// change meant only to make the computer faster chose nothing else.
#[test]
fn the_transcript_fingerprints_the_commands_given() {
    let name = "scenarios/tutorial_relay.ron";
    let text = std::fs::read_to_string(name).expect("readable");
    let spec = load_str(&text, name, &Templates::shipped()).expect("valid");
    let setup = Setup {
        policies: BTreeMap::new(),
        max_rounds: 2,
    };
    let once = play(&spec, &text, name, 1, &setup);
    let again = play(&spec, &text, name, 1, &setup);
    let other = play(&spec, &text, name, 2, &setup);
    assert!(once.commands.values().sum::<u32>() > 0, "commands were given");
    assert_eq!(once.transcript, again.transcript);
    assert_ne!(once.transcript, other.transcript);
}
