//! `rules::options` and `Battle::fork` on random battles (issue #15 items 4, 5): every choice
//! the options list marks allowed passes `check` and is accepted when sent; a fork taken at any
//! point plays the same commands into the same events and state as the battle it came from.

use fivefoot::history::{Battle, open_file};
use fivefoot::rules::chase::Chase;
use fivefoot::rules::options::OptionKind;
use fivefoot::rules::{Combat, GameCommand, UnitId, check, options};
use proptest::prelude::*;
use std::path::Path;

const SCENARIOS: [&str; 9] = [
    "scenarios/tutorial_relay.ron",
    "scenarios/d20_srd_ruined_keep.ron",
    "scenarios/d20_srd_gatehouse.ron",
    "scenarios/d20_modern_warehouse.ron",
    "scenarios/saga_hangar.ron",
    "scenarios/starfinder_buggy_raid.ron",
    "scenarios/starfinder_getaway.ron",
    "scenarios/starfinder_redliner_chase.ron",
    "scenarios/starfinder_salvage_yard.ron",
];

fn start(scenario: usize, seed: u64) -> Battle {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(SCENARIOS[scenario]);
    open_file(&path, Some(seed), &[]).expect("a shipped scenario starts")
}

/// The units that may give a command now: the active unit, the delaying ones (in a delay
/// window), those with a readied action, and the acting pilot of a chase.
fn actors(b: &Battle) -> Vec<UnitId> {
    let world = b.world();
    let combat = world.resource::<Combat>();
    let mut out: Vec<UnitId> = combat.active.iter().cloned().collect();
    out.extend(combat.delaying.iter().map(|d| d.unit.clone()));
    out.extend(combat.readied.iter().map(|r| r.unit.clone()));
    if let Some(pilot) = world
        .get_resource::<Chase>()
        .and_then(|c| c.acting())
        .and_then(|e| e.pilot.clone())
    {
        out.push(pilot);
    }
    out.sort();
    out.dedup();
    out
}

/// Every allowed choice of every actor, checked: all of them but the moves, and a sample of
/// the moves (each is a path search); `pick` chooses the sample.
fn allowed_choices(b: &Battle, pick: u32) -> Vec<GameCommand> {
    let mut allowed = Vec::new();
    for unit in actors(b) {
        let list = options(b.world(), &unit).expect("a known unit");
        for option in &list.options {
            let choices: Vec<&GameCommand> = option
                .choices
                .iter()
                .filter(|c| c.allowed())
                .map(|c| &c.command)
                .collect();
            for (i, command) in choices.iter().enumerate() {
                let sampled = option.kind != OptionKind::Move || (i as u32 + pick).is_multiple_of(17);
                if sampled {
                    assert_eq!(check(b.world(), command), Ok(()), "listed as allowed: {command:?}");
                }
            }
            allowed.extend(choices.into_iter().cloned());
        }
    }
    // A delay window or chase progress has no actor's list: the rules' own way on.
    if allowed.is_empty() {
        for command in [
            GameCommand::Proceed(fivefoot::rules::cmd::Proceed),
            GameCommand::ChaseProgress(fivefoot::rules::cmd::ChaseProgress { stay: Vec::new() }),
        ] {
            if check(b.world(), &command).is_ok() {
                allowed.push(command);
            }
        }
    }
    allowed
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Issue #15 items 4 and 5: on a random battle, every option marked allowed passes `check`
    /// and is accepted; a fork taken part-way plays the same commands the same way.
    #[test]
    fn every_allowed_option_passes_check_and_a_fork_plays_the_same(
        scenario in 0..SCENARIOS.len(),
        seed in 0u64..10_000,
        picks in proptest::collection::vec(0u32..10_000, 80),
        fork_at in 0usize..80,
    ) {
        let mut b = start(scenario, seed);
        let mut fork: Option<Battle> = None;
        for (step, pick) in picks.iter().enumerate() {
            if step == fork_at {
                fork = Some(b.fork());
            }
            let allowed = allowed_choices(&b, *pick);
            prop_assert!(!allowed.is_empty() || b.outcome().over, "someone may always act: {:?}", actors(&b));
            if allowed.is_empty() {
                break;
            }
            let command = allowed[*pick as usize % allowed.len()].clone();
            let events = b.submit(command.clone());
            prop_assert!(events.is_ok(), "an allowed option was refused: {command:?}: {events:?}");
            if let Some(f) = fork.as_mut() {
                prop_assert_eq!(f.submit(command), events, "the fork plays it the same");
            }
            if b.outcome().over {
                break;
            }
        }
        if let Some(f) = fork {
            prop_assert_eq!(f.state_hash(), b.state_hash());
            prop_assert_eq!(f.commands(), b.commands());
        }
    }
}
