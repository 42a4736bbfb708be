//! Benchmark of movement queries as the game and the CLI run them: from battle state to
//! answer, including building the planner's board (terrain, creatures, threat layers) from
//! the ECS world. 256×256 and 64×64 maps, 30 % difficult terrain, wall blocks, 200 units.
//! Includes the whole reach overlay (`rules::movement::reach_plan`) against the per-square way it
//! replaced. Plain `std::time` medians; figures and method in docs/performance.md.

mod common;

use common::measure;
use fivefoot::grid::{Planner, Square, reach};
use fivefoot::history::Battle;
use fivefoot::rules::cmd;
use fivefoot::rules::movement::board::board_for;
use fivefoot::rules::movement::reach_plan::plan_reach;
use fivefoot::rules::movement::{MoveMode, plan_move};
use fivefoot::rules::{Combat, UnitId};
use fivefoot::scenario::{Templates, load_str};

/// A deterministic xorshift generator, so every run measures the same battle.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Scenario text: `size`² squares, 30 % difficult, wall blocks, 200 units (100 a side).
fn scenario(size: usize) -> String {
    let mut rng = Rng(0x5eed + size as u64);
    let mut rows = vec![vec!['.'; size]; size];
    for row in rows.iter_mut() {
        for c in row.iter_mut() {
            if rng.next() % 100 < 30 {
                *c = '~';
            }
        }
    }
    for _ in 0..size * size / 256 {
        let (x, y) = ((rng.next() as usize) % size, (rng.next() as usize) % size);
        for d in 0..(2 + rng.next() as usize % 5) {
            if x + d < size {
                rows[y][x + d] = '#';
            }
        }
    }
    let centre = size / 2;
    rows[centre][centre] = '.';
    let mut units = vec![format!(
        "(id: \"mover\", side: \"a\", at: ({centre}, {centre}), speed: (land: 30), defenses: (eac: 10, kac: 10), health: (hp: 20))"
    )];
    let mut placed = std::collections::BTreeSet::from([(centre, centre)]);
    while units.len() < 201 {
        let (x, y) = ((rng.next() as usize) % size, (rng.next() as usize) % size);
        if rows[y][x] == '#' || !placed.insert((x, y)) {
            continue;
        }
        let side = if units.len() % 2 == 0 { "a" } else { "b" };
        units.push(format!(
            "(id: \"u{}\", side: \"{side}\", at: ({x}, {y}), speed: (land: 30), defenses: (eac: 10, kac: 10), health: (hp: 20), weapons: [(name: \"Claw\", kind: Melee, attack: 1, damage: \"1d4\", damage_types: [Slashing])])",
            units.len()
        ));
    }
    let rows: Vec<String> = rows
        .iter()
        .map(|r| format!("\"{}\"", r.iter().collect::<String>()))
        .collect();
    format!(
        r##"Scenario(version: 1, name: "bench", ruleset: "starfinder",
    map: (rows: [{}], legend: {{ '.': (terrain: Floor), '~': (terrain: Difficult), '#': (terrain: Wall) }}),
    sides: [(id: "a", name: "A", control: Human, colour: "#3070d0"), (id: "b", name: "B", control: Human, colour: "#d03030")],
    units: [{}])"##,
        rows.join(",\n"),
        units.join(",\n")
    )
}

fn main() {
    for size in [256, 64] {
        let text = scenario(size);
        let spec = load_str(&text, "bench.ron", &Templates::shipped()).expect("valid bench scenario");
        // End turns until the mover is the active unit.
        let mut battle = Battle::start(spec, &text, "bench.ron", 7, vec![]).unwrap();
        while battle
            .world()
            .resource::<Combat>()
            .active
            .as_ref()
            .map(|u| u.0.as_str())
            != Some("mover")
        {
            let active = battle.world().resource::<Combat>().active.clone().unwrap();
            battle
                .submit(fivefoot::rules::GameCommand::EndTurn(cmd::EndTurn { unit: active }))
                .unwrap();
        }
        let world = battle.world();
        let mover = UnitId::from("mover");
        let centre = (size / 2) as i32;
        let goal = (0..8)
            .flat_map(|d| [(centre + 4 + d, centre + 2), (centre - 4 - d, centre - 2)])
            .map(|(x, y)| Square::new(x, y))
            .find(|sq| plan_move(world, &mover, *sq, None, MoveMode::Double, false).is_ok())
            .expect("a reachable goal");
        measure(&format!("{size}²: board from the world (200 units)"), 200, || {
            std::hint::black_box(board_for(world, &mover));
        });
        measure(
            &format!("{size}²: reach query (board + move and double bands)"),
            200,
            || {
                let layers = board_for(world, &mover);
                let board = layers.board(world);
                let mut planner = Planner::new();
                std::hint::black_box(reach(&mut planner, &board, Square::new(centre, centre), 0, 6));
                std::hint::black_box(reach(&mut planner, &board, Square::new(centre, centre), 0, 12));
            },
        );
        let modes = [MoveMode::Move, MoveMode::Double, MoveMode::Run];
        measure(
            &format!("{size}²: reach plan (board + move, double, run)"),
            200,
            || {
                std::hint::black_box(plan_reach(world, &mover, &modes).unwrap());
            },
        );
        // What the GUI overlay did before `reach_plan`: one `plan_move` per square and band.
        measure(&format!("{size}²: reach, one plan_move per square (old)"), 3, || {
            let r = 24;
            for y in centre - r..=centre + r {
                for x in centre - r..=centre + r {
                    for mode in modes {
                        if plan_move(world, &mover, Square::new(x, y), None, mode, false).is_ok() {
                            break;
                        }
                    }
                }
            }
        });
        measure(&format!("{size}²: path query (plan_move, double move)"), 200, || {
            std::hint::black_box(plan_move(world, &mover, goal, None, MoveMode::Double, false).unwrap());
        });
        measure(&format!("{size}²: path query avoiding AoOs"), 200, || {
            std::hint::black_box(plan_move(world, &mover, goal, None, MoveMode::Double, true).unwrap());
        });
    }
}
