//! Benchmark of trying a command on a copy of a battle (issue #15 item 4), as the reaction
//! prompt's dry run and the computer opponent do: after 1,000 accepted commands, the dry run
//! of one more command by replaying the whole history (how the prompt did it before) and by
//! forking the battle (`Battle::fork`, how it does it now), measured in the same run.
//! Figures and method: docs/performance.md.

mod common;

use common::measure;
use fivefoot::grid::Square;
use fivefoot::history::Battle;
use fivefoot::rules::reactions::threat::space_of;
use fivefoot::rules::{Combat, GameCommand, MoveMode, cmd};
use fivefoot::scenario::{Templates, load_str};

/// Four units far apart on an open map, so the moves below never come within reach.
const FIELD: &str = r##"Scenario(
    version: 1,
    name: "Fork benchmark",
    ruleset: "starfinder",
    map: (size: (24, 24), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [
        (id: "a", name: "A", control: Human, colour: "#3070d0"),
        (id: "b", name: "B", control: Human, colour: "#d03030"),
    ],
    units: [
        (id: "a1", side: "a", at: (1, 1), speed: (land: 30), initiative: 4, defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
        (id: "a2", side: "a", at: (1, 20), speed: (land: 30), initiative: 3, defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
        (id: "b1", side: "b", at: (20, 1), speed: (land: 30), initiative: 2, defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
        (id: "b2", side: "b", at: (20, 20), speed: (land: 30), initiative: 1, defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
    ],
)"##;

/// The active unit steps one square east or back west, by the turn's parity.
fn step(battle: &Battle, east: bool) -> GameCommand {
    let unit = battle.world().resource::<Combat>().active.clone().expect("a turn");
    let at = space_of(battle.world(), &unit).expect("placed").at;
    let to = Square::new(if east { at.x + 1 } else { at.x - 1 }, at.y);
    GameCommand::Move(cmd::Move {
        unit,
        to,
        path: None,
        mode: MoveMode::Move,
    })
}

fn end_turn(battle: &Battle) -> GameCommand {
    let unit = battle.world().resource::<Combat>().active.clone().expect("a turn");
    GameCommand::EndTurn(cmd::EndTurn { unit })
}

fn main() {
    let spec = load_str(FIELD, "fork.ron", &Templates::shipped()).expect("valid");
    let mut battle = Battle::start(spec.clone(), FIELD, "fork.ron", 7, Vec::new()).expect("starts");
    for turn in 0..500 {
        let east = (turn / 4) % 2 == 0;
        battle.submit(step(&battle, east)).expect("a step");
        battle.submit(end_turn(&battle)).expect("ends");
    }
    assert_eq!(battle.commands().len(), 1000);
    let tried = step(&battle, true);
    let save = battle.save();
    measure("dry run by replaying 1,000 commands (before)", 10, || {
        let mut commands = save.commands.clone();
        commands.push(tried.clone());
        let copy = Battle::replay(
            spec.clone(),
            &save.scenario,
            &save.scenario_file,
            save.seed,
            save.dice.clone(),
            commands,
        )
        .expect("replays");
        std::hint::black_box(copy.log().entries.last().map(|e| e.events.clone()));
    });
    measure("dry run on a fork after 1,000 commands (now)", 1000, || {
        std::hint::black_box(battle.fork().submit(tried.clone()).expect("allowed"));
    });
    measure("fork alone", 1000, || {
        std::hint::black_box(battle.fork());
    });
}
