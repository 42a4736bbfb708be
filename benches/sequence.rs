//! Benchmark of the command path: validating the tutorial scenario, starting a battle, and
//! ending turns through `Battle::submit` (message → check → execute → apply → log).
//! Plain `std::time` with medians (no extra dependency); run with `cargo bench`.
//! Figures and method: docs/performance.md.

mod common;

use common::measure;
use fivefoot::history::Battle;
use fivefoot::rules::cmd;
use fivefoot::rules::{Combat, GameCommand};
use fivefoot::scenario::{DEFAULT_SCENARIO, Templates, load_str};

fn main() {
    let templates = Templates::shipped();
    measure("validate tutorial scenario", 200, || {
        std::hint::black_box(load_str(DEFAULT_SCENARIO, "t.ron", &templates).unwrap());
    });
    let spec = load_str(DEFAULT_SCENARIO, "t.ron", &templates).unwrap();
    measure("start battle (spawn + initiative)", 200, || {
        std::hint::black_box(Battle::start(spec.clone(), DEFAULT_SCENARIO, "t.ron", 1, vec![]).unwrap());
    });
    let mut battle = Battle::start(spec.clone(), DEFAULT_SCENARIO, "t.ron", 1, vec![]).unwrap();
    measure("end one turn (submit through messages)", 2000, || {
        let active = battle.world().resource::<Combat>().active.clone().unwrap();
        std::hint::black_box(
            battle
                .submit(GameCommand::EndTurn(cmd::EndTurn { unit: active }))
                .unwrap(),
        );
    });
    measure("state hash", 2000, || {
        std::hint::black_box(battle.state_hash());
    });
}
