//! Benchmark of the cover line test (RULES.md §9 COV-1, §11 LOE-1): the full attacker ×
//! target cover matrix for 100 units (10 of them Large) on a 128 × 128 map from a
//! deterministic generator, once with rooms of thin walls and doors and once on open ground,
//! both strewn with pillars, crates, improved cover, low walls and smoke.
//! Plain `std::time` with medians (no extra dependency); run with
//! `cargo bench --no-default-features --bench cover`. Figures and method: docs/performance.md.

mod common;

use common::{Rng, measure, room_walls};
use fivefoot::grid::{
    AttackKind, Cell, Concealment, CoverObject, CoverParams, LineGrid, Map, SightModel, Space, Square, cover,
};
use fivefoot::ruleset::{Family, load_embedded};

const SIZE: i32 = 128;
const UNITS: usize = 100;

/// A 128 × 128 map. `rooms`: a 16-square room grid of thin walls with two doorways per
/// wall (an open door, a closed door or a gap); always: solid pillars, crates, improved
/// cover, low walls and smoke scattered on 1 square in 40.
fn battle_map(rng: &mut Rng, rooms: bool) -> Map {
    let mut map = Map::filled(SIZE as u32, SIZE as u32, Cell::default());
    if rooms {
        room_walls(&mut map, rng);
    }
    for _ in 0..SIZE * SIZE / 40 {
        let sq = Square::new(rng.below(SIZE), rng.below(SIZE));
        let mut cell = Cell::default();
        match rng.below(10) {
            0..=3 => {
                cell.blocks_loe = true;
                cell.blocks_sight = true;
                cell.blocks_movement = true;
            }
            4..=5 => cell.cover = CoverObject::Cover,
            6 => cell.cover = CoverObject::Improved,
            7..=8 => cell.low = true,
            _ => cell.concealment = Concealment::Normal,
        }
        map.set_cell(sq, cell);
    }
    map
}

/// 100 units on free squares, every tenth one Large (2 × 2).
fn units(map: &Map, rng: &mut Rng) -> Vec<Space> {
    let mut out: Vec<Space> = Vec::new();
    while out.len() < UNITS {
        let side = if out.len() % 10 == 9 { 2 } else { 1 };
        let s = Space::new(Square::new(rng.below(SIZE - 1), rng.below(SIZE - 1)), side);
        let free = s.squares().all(|sq| {
            let c = map.cell(sq).unwrap();
            !c.blocks_loe && c.cover == CoverObject::None && !c.low
        });
        if free && !out.iter().any(|o| o.squares().any(|sq| s.contains(sq))) {
            out.push(s);
        }
    }
    out
}

fn main() {
    for (name, rooms) in [("rooms", true), ("open ground", false)] {
        let mut rng = Rng(0x5EED_C0FE_u64);
        let map = battle_map(&mut rng, rooms);
        let units = units(&map, &mut rng);
        println!("== {name} map ==");
        for family in [Family::Starfinder, Family::Saga] {
            run(&map, &units, family);
        }
    }
}

fn run(map: &Map, units: &[Space], family: Family) {
    let ruleset = load_embedded(family).unwrap();
    let params = CoverParams::from_ruleset(&ruleset);
    let grid = LineGrid::new(map, units);
    let mut tally = [0usize; 6];
    for &a in units {
        for &t in units {
            if a != t {
                tally[grid.cover(&params, a, t, AttackKind::Ranged).degree as usize] += 1;
            }
        }
    }
    let names = ["none", "soft", "partial", "cover", "improved", "total"];
    let mix: Vec<String> = names.iter().zip(tally).map(|(n, c)| format!("{n} {c}")).collect();
    println!("{family:?}: {} pairs: {}", UNITS * (UNITS - 1), mix.join(", "));
    measure(&format!("{family:?} LineGrid::new (128x128, 100 units)"), 200, || {
        std::hint::black_box(LineGrid::new(map, units));
    });
    measure(
        &format!("{family:?} cover matrix (LineGrid::new + cover_matrix)"),
        30,
        || {
            let grid = LineGrid::new(map, units);
            std::hint::black_box(grid.cover_matrix(&params, units, AttackKind::Ranged));
        },
    );
    measure(
        &format!("{family:?} cover matrix (LineGrid::new + 9900 cover)"),
        30,
        || {
            let grid = LineGrid::new(map, units);
            for &a in units {
                for &t in units {
                    if a != t {
                        std::hint::black_box(grid.cover(&params, a, t, AttackKind::Ranged));
                    }
                }
            }
        },
    );
    measure(
        &format!("{family:?} cover matrix (9900 plain cover(map, ..))"),
        5,
        || {
            for &a in units {
                for &t in units {
                    if a != t {
                        std::hint::black_box(cover(map, &params, a, t, units, AttackKind::Ranged));
                    }
                }
            }
        },
    );
    let model = SightModel::of(&ruleset.cover);
    measure(&format!("{family:?} line-of-sight matrix (LineGrid)"), 30, || {
        for &a in units {
            for &t in units {
                if a != t {
                    std::hint::black_box(grid.line_of_sight(model, a, t, |_| false));
                }
            }
        }
    });
}
