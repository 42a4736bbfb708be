//! Benchmark of the cover line test (RULES.md §9 COV-1, §11 LOE-1): the full attacker ×
//! target cover matrix for 100 units (10 of them Large) on a 128 × 128 map from a
//! deterministic generator, once with rooms of thin walls and doors and once on open ground,
//! both strewn with pillars, crates, improved cover, low walls and smoke.
//! Plain `std::time` with medians (no extra dependency); run with
//! `cargo bench --no-default-features --bench cover`. Figures and method: docs/performance.md.

mod common;

use common::measure;
use fivefoot::grid::{
    AttackKind, Cell, Concealment, CoverObject, CoverParams, EdgeFeature, LineGrid, Map, SightModel, Space, Square,
    cover,
};
use fivefoot::ruleset::{Family, load_embedded};

const SIZE: i32 = 128;
const UNITS: usize = 100;

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: i32) -> i32 {
        (self.next() % n as u64) as i32
    }
}

/// A 128 × 128 map. `rooms`: a 16-square room grid of thin walls with two doorways per
/// wall (an open door, a closed door or a gap); always: solid pillars, crates, improved
/// cover, low walls and smoke scattered on 1 square in 40.
fn battle_map(rng: &mut Rng, rooms: bool) -> Map {
    let mut map = Map::filled(SIZE as u32, SIZE as u32, Cell::default());
    for line in (16..SIZE).step_by(16).filter(|_| rooms) {
        for k in 0..SIZE {
            map.set_vertical_edge(line, k, EdgeFeature::Wall);
            map.set_horizontal_edge(k, line, EdgeFeature::Wall);
        }
        let door = |rng: &mut Rng| match rng.below(3) {
            0 => EdgeFeature::Door { open: true },
            1 => EdgeFeature::Door { open: false },
            _ => EdgeFeature::None,
        };
        for room in (0..SIZE).step_by(16) {
            // Per room and wall line: a two-square gap in the vertical wall, a one-square gap
            // in the horizontal one, and a door (open, closed or missing) in each.
            let (a, b) = (room + 2 + rng.below(5), room + 9 + rng.below(5));
            map.set_vertical_edge(line, a, EdgeFeature::None);
            map.set_vertical_edge(line, a + 1, EdgeFeature::None);
            map.set_horizontal_edge(a, line, EdgeFeature::None);
            map.set_horizontal_edge(b, line, door(rng));
            map.set_vertical_edge(line, b, door(rng));
        }
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
