//! Benchmark of the area templates (RULES.md §19.1, AREA-1..AREA-4): a 60-ft spread and a
//! 120-ft line (targets: under 0.2 ms median each), and a 60-ft burst and cone for reference,
//! on a 128 × 128 map from a deterministic generator with rooms of thin walls and doors and
//! solid pillars, and on open ground with the pillars only, in both diagonal rules.
//! Plain `std::time` with medians (no extra dependency); run with
//! `cargo bench --no-default-features --bench areas`. Figures and method: docs/performance.md.

mod common;

use common::{Rng, measure, room_walls};
use fivefoot::grid::{AreaShape, Cell, Direction8, Intersection, Map, Square, TemplateSpec, template};
use fivefoot::ruleset::DiagonalPolicy;

const SIZE: i32 = 128;

/// A shape, given the direction drawn for cones and lines.
type Shape = fn(Direction8) -> AreaShape;
/// Origins per query kind; each timed run takes the next one.
const ORIGINS: usize = 64;

/// A 128 × 128 map. `rooms`: a 16-square room grid of thin walls with gaps and doors (open,
/// closed or missing) in every wall; always: solid pillars on 1 square in 100.
fn battle_map(rng: &mut Rng, rooms: bool) -> Map {
    let mut map = Map::filled(SIZE as u32, SIZE as u32, Cell::default());
    if rooms {
        room_walls(&mut map, rng);
    }
    for _ in 0..SIZE * SIZE / 100 {
        let sq = Square::new(rng.below(SIZE), rng.below(SIZE));
        map.set_cell(
            sq,
            Cell {
                blocks_loe: true,
                blocks_sight: true,
                blocks_movement: true,
                ..Cell::default()
            },
        );
    }
    map
}

/// Origins away from the map's edge (so every area lies wholly on the map) and directions.
fn origins(rng: &mut Rng) -> Vec<(Intersection, Direction8)> {
    (0..ORIGINS)
        .map(|_| {
            let o = Intersection::new(24 + rng.below(SIZE - 48), 24 + rng.below(SIZE - 48));
            (o, Direction8::ALL[rng.below(8) as usize])
        })
        .collect()
}

fn main() {
    for (name, rooms) in [("rooms", true), ("open ground", false)] {
        let mut rng = Rng(0x5EED_A4EA_u64);
        let map = battle_map(&mut rng, rooms);
        let at = origins(&mut rng);
        println!("== {name} map ==");
        for (family, diagonal) in [
            ("starfinder", DiagonalPolicy::Alternating),
            ("saga", DiagonalPolicy::EveryDiagonalTwo),
        ] {
            let kinds: [(&str, Shape, u32); 4] = [
                ("60-ft spread", |_| AreaShape::Spread, 12),
                ("120-ft line", AreaShape::Line, 24),
                ("60-ft burst", |_| AreaShape::Burst, 12),
                ("60-ft cone", AreaShape::Cone, 12),
            ];
            for (label, shape, r) in kinds {
                let mut covered = 0;
                let mut cut = 0;
                for &(origin, dir) in &at {
                    let t = template(&map, diagonal, &spec(shape(dir), origin, r));
                    covered += t.squares.len();
                    cut += t.cut_off.len();
                }
                let mut k = 0;
                measure(
                    &format!("{family} {label} (mean {}+{} cut)", covered / ORIGINS, cut / ORIGINS),
                    2000,
                    || {
                        let (origin, dir) = at[k % ORIGINS];
                        k += 1;
                        std::hint::black_box(template(&map, diagonal, &spec(shape(dir), origin, r)));
                    },
                );
            }
        }
    }
}

fn spec(shape: AreaShape, origin: Intersection, radius_squares: u32) -> TemplateSpec {
    TemplateSpec {
        shape,
        origin,
        radius_squares,
    }
}
