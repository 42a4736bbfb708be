//! Determinism, save/load and undo: scenario + seed + commands ⇒ the same battle.

use super::support::*;
use fivefoot::history::{Battle, SaveFile};
use fivefoot::rules::GameCommand;
use fivefoot::rules::cmd;
use fivefoot::ruleset::ActionKind;
use fivefoot::scenario::Templates;
use fivefoot::testing::{ok, scenario, skirmish, unit};

fn script() -> Vec<GameCommand> {
    vec![
        act("a1", ActionKind::Move),
        end_turn("a1"),
        GameCommand::Delay(cmd::Delay { unit: "b1".into() }),
        end_turn("a2"),
        GameCommand::ActNow(cmd::ActNow { unit: "b1".into() }),
        end_turn("b1"),
        act("a1", ActionKind::Standard),
    ]
}

/// Initiative is scripted (a1 27, b1 15, a2 5) so the script fits every seed.
fn started(seed: u64) -> (String, Battle) {
    let text = skirmish(
        "starfinder",
        &[unit("a1", "a", 9), unit("a2", "a", 0), unit("b1", "b", 5)],
    );
    let battle = Battle::start(scenario(&text), &text, "t.ron", seed, vec![18, 5, 10]).unwrap();
    (text, battle)
}

#[test]
fn the_same_seed_and_commands_give_the_same_log_and_state() {
    let run = |seed| {
        let (_, mut b) = started(seed);
        for c in script() {
            ok(&mut b, c);
        }
        (serde_json::to_string(b.log()).unwrap(), b.state_hash())
    };
    assert_eq!(run(42), run(42));
}

#[test]
fn different_seeds_roll_different_initiative() {
    let text = skirmish(
        "starfinder",
        &[unit("a1", "a", 0), unit("a2", "a", 0), unit("b1", "b", 0)],
    );
    let logs: Vec<String> = (0..8)
        .map(|seed| {
            let b = Battle::start(scenario(&text), &text, "t.ron", seed, vec![]).unwrap();
            serde_json::to_string(b.log()).unwrap()
        })
        .collect();
    assert!(logs.windows(2).any(|w| w[0] != w[1]));
}

#[test]
fn a_save_made_mid_battle_loads_to_the_same_state_hash() {
    let (_, mut b) = started(7);
    for c in script().into_iter().take(4) {
        ok(&mut b, c);
    }
    let text = b.save().to_ron();
    let loaded = Battle::load(&SaveFile::from_ron(&text).unwrap(), &Templates::shipped()).unwrap();
    assert_eq!(loaded.state_hash(), b.state_hash());
    assert_eq!(loaded.log(), b.log());
    assert_eq!(loaded.commands(), b.commands());
}

#[test]
fn a_tampered_save_is_refused() {
    let (_, mut b) = started(7);
    ok(&mut b, end_turn("a1"));
    let mut save = b.save();
    save.dice = vec![18, 5, 11];
    let error = Battle::load(&save, &Templates::shipped())
        .err()
        .expect("refused")
        .to_string();
    assert!(error.contains("differs from the saved one"), "{error}");
}

#[test]
fn undo_rebuilds_the_battle_without_the_last_command() {
    let (_, mut b) = started(3);
    let before = b.state_hash();
    ok(&mut b, act("a1", ActionKind::Move));
    assert_ne!(b.state_hash(), before);
    b.undo().unwrap();
    assert_eq!(b.state_hash(), before);
    assert!(b.commands().is_empty());
    assert!(b.undo().is_err(), "combat start is not a command");
}

#[test]
fn undo_is_refused_after_a_command_that_rolled_dice() {
    let text = skirmish(
        "starfinder",
        &[unit("a1", "a", 0), unit("b1", "b", 0), unit("late", "b", 0)],
    )
    .replace("(id: \"late\",", "(id: \"late\", joins_round: 2,");
    let mut b = Battle::start(scenario(&text), &text, "t.ron", 5, vec![18, 6, 11]).unwrap();
    ok(&mut b, end_turn("a1"));
    ok(&mut b, end_turn("b1")); // the late joiner rolls initiative here
    assert!(b.undo().unwrap_err().to_string().contains("rolled dice"));
}

/// A scripted die that cannot come up on its die refuses the command and leaves the battle
/// exactly as it was (the command had started rolling).
#[test]
fn a_bad_scripted_die_refuses_the_command_and_changes_nothing() {
    let text = skirmish(
        "starfinder",
        &[unit("a1", "a", 0), unit("b1", "b", 0), unit("late", "b", 0)],
    )
    .replace("(id: \"late\",", "(id: \"late\", joins_round: 2,");
    let mut b = Battle::start(scenario(&text), &text, "t.ron", 5, vec![18, 6, 25]).unwrap();
    ok(&mut b, end_turn("a1"));
    let before = b.state_hash();
    let error = b.submit(end_turn("b1")).unwrap_err().to_string();
    assert!(
        error.contains("scripted die 25 cannot be the result of a d20"),
        "{error}"
    );
    assert_eq!(b.state_hash(), before);
    assert_eq!(b.commands().len(), 1);
}
