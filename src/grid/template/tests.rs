//! Unit tests of the area templates (AREA-1..AREA-4, WE-44, WE-45): counts in open ground,
//! symmetry under rotating and mirroring the map, and each way a map cuts a shape.

use super::loe::{first_obstacle, view};
use super::*;
use crate::grid::lines::bits;
use crate::grid::lines::tests::layout;
use crate::grid::segment::{Point, Segment};
use crate::grid::sight::{SAMPLE_SCALE, SightModel, sample_points, segment_blocker};
use crate::grid::{Cell, EdgeFeature};
use proptest::prelude::*;

const SF: DiagonalPolicy = DiagonalPolicy::Alternating;
const SAGA: DiagonalPolicy = DiagonalPolicy::EveryDiagonalTwo;

fn spec(shape: AreaShape, i: i32, j: i32, r: u32) -> TemplateSpec {
    TemplateSpec {
        shape,
        origin: Intersection::new(i, j),
        radius_squares: r,
    }
}

fn open(w: u32, h: u32) -> Map {
    Map::filled(w, h, Cell::default())
}

fn sq(x: i32, y: i32) -> Square {
    Square::new(x, y)
}

fn solid() -> Cell {
    Cell {
        blocks_loe: true,
        blocks_sight: true,
        blocks_movement: true,
        ..Cell::default()
    }
}

/// Squares of the template per row offset from the origin in the SE quadrant (the quadrant
/// rows of WE-44).
fn quadrant_rows(t: &Template, o: Intersection) -> Vec<usize> {
    let mut rows = Vec::new();
    for y in o.j.. {
        let n = t.squares.iter().filter(|s| s.y == y && s.x >= o.i).count();
        if n == 0 {
            break;
        }
        rows.push(n);
    }
    rows
}

#[test]
fn we_44_starfinder_bursts_cover_4_16_32_52_squares() {
    let map = open(30, 30);
    for (r, count) in [(1, 4), (2, 16), (3, 32), (4, 52)] {
        for shape in [
            AreaShape::Burst,
            AreaShape::Emanation,
            AreaShape::Spread,
            AreaShape::Cylinder,
        ] {
            let t = template(&map, SF, &spec(shape, 15, 15, r));
            assert_eq!(t.squares.len(), count, "{shape:?} {} ft", r * 5);
            assert!(t.cut_off.is_empty(), "open ground cuts nothing");
        }
    }
    let t = template(&map, SF, &spec(AreaShape::Burst, 15, 15, 4));
    assert_eq!(quadrant_rows(&t, Intersection::new(15, 15)), vec![4, 4, 3, 2]);
}

#[test]
fn we_45_saga_bursts_cover_4_and_12_squares() {
    let map = open(20, 20);
    for (r, count) in [(1, 4), (2, 12)] {
        for shape in [AreaShape::Burst, AreaShape::Spread, AreaShape::Cylinder] {
            assert_eq!(template(&map, SAGA, &spec(shape, 10, 10, r)).squares.len(), count);
        }
    }
}

#[test]
fn area_3_a_square_counts_when_the_area_reaches_its_far_edge() {
    let o = Intersection::new(5, 5);
    // The first square entered counts 1; the square beyond it 2.
    assert_eq!(area_distance(SF, o, sq(5, 5)), 1);
    assert_eq!(area_distance(SF, o, sq(4, 4)), 1);
    assert_eq!(area_distance(SF, o, sq(6, 5)), 2);
    assert!(!in_radius(SF, o, sq(6, 5), 1), "only its near edge is touched");
    // 1-2-1-2 from the near corner: (3, 1) offset → 1 + 3 + 0; (2, 2) → 1 + 2 + 1.
    assert_eq!(area_distance(SF, o, sq(8, 6)), 4);
    assert_eq!(area_distance(SF, o, sq(7, 7)), 4);
    assert_eq!(area_distance(SF, o, sq(2, 2)), 4, "the NW quadrant mirrors the SE one");
    assert_eq!(area_distance(SAGA, o, sq(7, 7)), 5);
}

#[test]
fn area_1_squares_off_the_map_are_not_listed() {
    let map = open(10, 10);
    let t = template(&map, SF, &spec(AreaShape::Burst, 0, 0, 2));
    assert_eq!(t.squares, vec![sq(0, 0), sq(1, 0), sq(0, 1), sq(1, 1)]);
    assert!(t.cut_off.is_empty());
    assert!(template(&map, SF, &spec(AreaShape::Burst, 3, 3, 0)).squares.is_empty());
}

#[test]
fn direction8_steps_rotate_and_parse() {
    for (k, d) in Direction8::ALL.into_iter().enumerate() {
        assert_eq!(d.index(), k);
        assert_eq!(d.rotate_clockwise(8), d);
        assert_eq!(d.rotate_clockwise(-1).rotate_clockwise(1), d);
        assert_eq!(Direction8::from_step(d.step().0, d.step().1), Some(d));
        assert_eq!(d.name().parse::<Direction8>(), Ok(d));
        assert_eq!(d.name().to_lowercase().parse::<Direction8>(), Ok(d));
        assert_eq!(serde_json::to_string(&d).unwrap(), format!("\"{}\"", d.name()));
        // A clockwise quarter turn with y down maps (dx, dy) to (−dy, dx).
        let (dx, dy) = d.step();
        assert_eq!(d.rotate_clockwise(2).step(), (-dy, dx));
        assert_eq!(d.opposite().step(), (-dx, -dy));
        assert_eq!(d.is_diagonal(), dx != 0 && dy != 0);
    }
    assert!("north".parse::<Direction8>().is_err());
}

// ---- symmetry ----

/// The map turned a quarter clockwise as drawn: square (x, y) goes to (H − 1 − y, x).
fn rotate_map(map: &Map) -> Map {
    let (w, h) = (map.width() as i32, map.height() as i32);
    let mut out = Map::filled(h as u32, w as u32, Cell::default());
    for s in map.squares() {
        out.set_cell(rot_sq(map, s), *map.cell(s).unwrap());
    }
    for i in 0..=w {
        for j in 0..h {
            out.set_horizontal_edge(h - j - 1, i, map.vertical_edge(i, j));
        }
    }
    for i in 0..w {
        for j in 0..=h {
            out.set_vertical_edge(h - j, i, map.horizontal_edge(i, j));
        }
    }
    out
}

fn rot_sq(map: &Map, s: Square) -> Square {
    Square::new(map.height() as i32 - 1 - s.y, s.x)
}

fn rot_point(map: &Map, p: Intersection) -> Intersection {
    Intersection::new(map.height() as i32 - p.j, p.i)
}

/// The map mirrored left to right: square (x, y) goes to (W − 1 − x, y).
fn mirror_map(map: &Map) -> Map {
    let (w, h) = (map.width() as i32, map.height() as i32);
    let mut out = Map::filled(w as u32, h as u32, Cell::default());
    for s in map.squares() {
        out.set_cell(Square::new(w - 1 - s.x, s.y), *map.cell(s).unwrap());
    }
    for i in 0..=w {
        for j in 0..h {
            out.set_vertical_edge(w - i, j, map.vertical_edge(i, j));
        }
    }
    for i in 0..w {
        for j in 0..=h {
            out.set_horizontal_edge(w - i - 1, j, map.horizontal_edge(i, j));
        }
    }
    out
}

fn map_shape(shape: AreaShape, f: impl Fn(Direction8) -> Direction8) -> AreaShape {
    match shape {
        AreaShape::Cone(d) => AreaShape::Cone(f(d)),
        AreaShape::Line(d) => AreaShape::Line(f(d)),
        other => other,
    }
}

/// A cut reason without the obstacle: which of two obstacles a symmetric walk meets first in
/// one column may differ between mirror images; everything else must not.
fn reason_key(r: &CutReason) -> (u8, u32) {
    match r {
        CutReason::Solid => (0, 0),
        CutReason::NoLineOfEffect { .. } => (1, 0),
        CutReason::PathTooLong { path_squares } => (2, *path_squares),
        CutReason::NoPath { searched_squares } => (3, *searched_squares),
        CutReason::LineStopped { .. } => (4, 0),
    }
}

/// The template as a sorted list of (square, covered or why not), with squares moved by `f`.
fn transformed(t: &Template, f: impl Fn(Square) -> Square) -> Vec<(Square, Option<(u8, u32)>)> {
    let mut v: Vec<_> = t
        .squares
        .iter()
        .map(|s| (f(*s), None))
        .chain(t.cut_off.iter().map(|c| (f(c.square), Some(reason_key(&c.reason)))))
        .collect();
    v.sort_by_key(|(s, _)| (s.y, s.x));
    v
}

fn assert_well_formed(map: &Map, t: &Template) {
    let key = |s: &Square| (s.y, s.x);
    assert!(
        t.squares.windows(2).all(|w| key(&w[0]) < key(&w[1])),
        "sorted, no duplicates"
    );
    assert!(t.cut_off.windows(2).all(|w| key(&w[0].square) < key(&w[1].square)));
    assert!(
        t.squares
            .iter()
            .chain(t.cut_off.iter().map(|c| &c.square))
            .all(|s| map.contains(*s))
    );
    assert!(t.cut_off.iter().all(|c| !t.contains(c.square)));
}

fn shapes(dir: Direction8) -> [AreaShape; 6] {
    [
        AreaShape::Burst,
        AreaShape::Emanation,
        AreaShape::Spread,
        AreaShape::Cylinder,
        AreaShape::Cone(dir),
        AreaShape::Line(dir),
    ]
}

#[test]
fn area_cone_in_all_8_directions_is_a_rotation_of_one_another() {
    let map = open(30, 30);
    let o = Intersection::new(15, 15);
    for r in [3, 6, 12] {
        let count = |d: Direction8| template(&map, SF, &spec(AreaShape::Cone(d), o.i, o.j, r)).squares.len();
        let (orth, diag) = (count(Direction8::N), count(Direction8::NE));
        for d in Direction8::ALL {
            assert_eq!(count(d), if d.is_diagonal() { diag } else { orth }, "{d} {} ft", r * 5);
        }
        // Turning the map a quarter about the origin turns each cone into the next-but-one.
        let turned = rotate_map(&map);
        for d in Direction8::ALL {
            let t = template(&map, SF, &spec(AreaShape::Cone(d), o.i, o.j, r));
            let p = rot_point(&map, o);
            let u = template(&turned, SF, &spec(AreaShape::Cone(d.rotate_clockwise(2)), p.i, p.j, r));
            assert_eq!(transformed(&t, |s| rot_sq(&map, s)), transformed(&u, |s| s));
        }
    }
    // 15 ft: east takes the columns' squares within 45°, 2 + 4 + 4; south-east the quadrant.
    assert_eq!(
        template(&map, SF, &spec(AreaShape::Cone(Direction8::E), 15, 15, 3))
            .squares
            .len(),
        10
    );
    assert_eq!(
        template(&map, SF, &spec(AreaShape::Cone(Direction8::SE), 15, 15, 3))
            .squares
            .len(),
        8
    );
}

#[test]
fn area_cone_boundary_is_included() {
    let o = Intersection::new(5, 5);
    // Square (6, 6) has its centre exactly on the 45° ray: in the east cone and the south one.
    assert!(in_cone(o, Direction8::E, sq(6, 6)));
    assert!(in_cone(o, Direction8::S, sq(6, 6)));
    assert!(in_cone(o, Direction8::SE, sq(6, 6)));
    assert!(
        in_cone(o, Direction8::E, sq(6, 3)),
        "centre offset (1.5, −1.5): on the boundary"
    );
    assert!(!in_cone(o, Direction8::E, sq(5, 6)), "(0.5, 1.5) is 71° off east");
    // A diagonal cone is the quadrant: its boundary rays are the grid lines through O.
    assert!(in_cone(o, Direction8::SE, sq(5, 9)));
    assert!(!in_cone(o, Direction8::SE, sq(4, 9)));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    /// Turning the map a quarter turns every template; mirroring it mirrors every shape but
    /// the line (whose orthogonal width is on its right-hand side). Counts, cut squares and
    /// reasons (spread path lengths included) follow exactly.
    #[test]
    fn prop_area_templates_turn_and_mirror_with_the_map(
        walls in prop::collection::vec((any::<bool>(), 0i32..11, 0i32..11, 0u8..3), 0..30),
        solids in prop::collection::vec((0i32..11, 0i32..11, any::<bool>()), 0..12),
        o in (0i32..12, 0i32..12),
        r in 1u32..8,
        dir in 0usize..8,
        saga in any::<bool>(),
    ) {
        let mut map = Map::filled(11, 10, Cell::default());
        for (v, x, y, kind) in walls {
            let f = [EdgeFeature::Wall, EdgeFeature::Door { open: false }, EdgeFeature::Door { open: true }][kind as usize];
            if v { map.set_vertical_edge(x, y, f) } else { map.set_horizontal_edge(x, y, f) }
        }
        for (x, y, hard_only) in solids {
            let cell = if hard_only { Cell { hard_corner: true, ..Cell::default() } } else { solid() };
            map.set_cell(sq(x, y), cell);
        }
        let diagonal = if saga { SAGA } else { SF };
        let o = Intersection::new(o.0, o.1);
        let d = Direction8::ALL[dir];
        let turned = rotate_map(&map);
        let mirrored = mirror_map(&map);
        for shape in shapes(d) {
            let t = template(&map, diagonal, &spec(shape, o.i, o.j, r));
            assert_well_formed(&map, &t);
            let p = rot_point(&map, o);
            let u = template(&turned, diagonal, &spec(map_shape(shape, |d| d.rotate_clockwise(2)), p.i, p.j, r));
            prop_assert_eq!(transformed(&t, |s| rot_sq(&map, s)), transformed(&u, |s| s), "{:?}", shape);
            if !matches!(shape, AreaShape::Line(_)) {
                let w = map.width() as i32;
                let flip = |d: Direction8| Direction8::from_step(-d.step().0, d.step().1).unwrap();
                let m = template(&mirrored, diagonal, &spec(map_shape(shape, flip), w - o.i, o.j, r));
                prop_assert_eq!(transformed(&t, |s| Square::new(w - 1 - s.x, s.y)), transformed(&m, |s| s), "{:?}", shape);
            }
        }
    }

    /// Issue #16 item 8: a burst or cone skips walking the lines to squares with no
    /// obstruction near them (`Obstructions::clear`); it must decide every square exactly as
    /// walking the lines does, walls on the map's border and origins at its edges included.
    #[test]
    fn prop_item8_unwalked_lines_decide_as_walked_ones(
        walls in prop::collection::vec((any::<bool>(), 0i32..13, 0i32..13), 0..12),
        solids in prop::collection::vec((0i32..12, 0i32..12), 0..6),
        o in (0i32..13, 0i32..13),
        r in 1u32..16,
        dir in 0usize..8,
        saga in any::<bool>(),
    ) {
        let mut map = Map::filled(12, 12, Cell::default());
        for (v, x, y) in walls {
            if v { map.set_vertical_edge(x, y, EdgeFeature::Wall) } else { map.set_horizontal_edge(x, y, EdgeFeature::Wall) }
        }
        for (x, y) in solids {
            map.set_cell(sq(x, y), solid());
        }
        let diagonal = if saga { SAGA } else { SF };
        let o = Intersection::new(o.0, o.1);
        for shape in [AreaShape::Burst, AreaShape::Cone(Direction8::ALL[dir])] {
            let t = template(&map, diagonal, &spec(shape, o.i, o.j, r));
            for s in radius_squares_on(&map, diagonal, o, r) {
                if let AreaShape::Cone(d) = shape && !in_cone(o, d, s) {
                    continue;
                }
                let walked = if map.cell(s).unwrap().blocks_loe {
                    Some(CutReason::Solid)
                } else {
                    origin_blocked(&map, o, s).map(|blocked_by| CutReason::NoLineOfEffect { blocked_by })
                };
                prop_assert_eq!(t.cut_reason(s), walked.as_ref(), "{:?} {:?}", shape, s);
            }
        }
    }

    /// The spread's two-phase search (to the radius, then on only as far as its cut squares
    /// need) gives the same squares and path lengths as one full search to twice the radius.
    #[test]
    fn prop_area_spread_matches_one_full_search(
        walls in prop::collection::vec((any::<bool>(), 0i32..14, 0i32..14), 0..40),
        solids in prop::collection::vec((0i32..14, 0i32..14), 0..20),
        o in (0i32..15, 0i32..15),
        r in 1u32..8,
        saga in any::<bool>(),
    ) {
        let mut map = Map::filled(14, 14, Cell::default());
        for (v, x, y) in walls {
            if v { map.set_vertical_edge(x, y, EdgeFeature::Wall) } else { map.set_horizontal_edge(x, y, EdgeFeature::Wall) }
        }
        for (x, y) in solids {
            map.set_cell(sq(x, y), solid());
        }
        let diagonal = if saga { SAGA } else { SF };
        let o = Intersection::new(o.0, o.1);
        let full: std::collections::HashMap<Square, u32> = spread_distances(&map, diagonal, o, 2 * r).into_iter().collect();
        let t = template(&map, diagonal, &spec(AreaShape::Spread, o.i, o.j, r));
        for s in radius_squares_on(&map, diagonal, o, r) {
            let expected = match full.get(&s) {
                Some(&c) if c <= r => None,
                _ if map.cell(s).unwrap().blocks_loe => Some(CutReason::Solid),
                Some(&c) => Some(CutReason::PathTooLong { path_squares: c }),
                None => Some(CutReason::NoPath { searched_squares: 2 * r }),
            };
            prop_assert_eq!(t.cut_reason(s), expected.as_ref(), "{:?}", s);
            prop_assert_eq!(t.contains(s), expected.is_none());
        }
        prop_assert_eq!(t.squares.len() + t.cut_off.len(), radius_squares_on(&map, diagonal, o, r).count());
    }

    /// The spread's search (ring queue, cached steps, dominated parities dropped) finds the
    /// same distances as a plain Dijkstra over (square, parity) reading the map directly.
    #[test]
    fn prop_area_spread_distances_match_a_plain_dijkstra(
        walls in prop::collection::vec((any::<bool>(), 0i32..12, 0i32..12), 0..40),
        solids in prop::collection::vec((0i32..12, 0i32..12, any::<bool>()), 0..20),
        o in (0i32..13, 0i32..13),
        limit in 1u32..16,
        saga in any::<bool>(),
    ) {
        let mut map = Map::filled(12, 12, Cell::default());
        for (v, x, y) in walls {
            if v { map.set_vertical_edge(x, y, EdgeFeature::Wall) } else { map.set_horizontal_edge(x, y, EdgeFeature::Wall) }
        }
        for (x, y, hard_only) in solids {
            map.set_cell(sq(x, y), if hard_only { Cell { hard_corner: true, ..Cell::default() } } else { solid() });
        }
        let diagonal = if saga { SAGA } else { SF };
        let o = Intersection::new(o.0, o.1);
        let fast: std::collections::BTreeMap<Square, u32> = spread_distances(&map, diagonal, o, limit).into_iter().collect();
        prop_assert_eq!(fast, plain_spread(&map, diagonal, o, limit));
    }

    /// The obstacle walk decides exactly as the line-of-effect walk of `sight.rs`.
    #[test]
    fn prop_loe_1_obstacle_walk_matches_segment_blocker(
        walls in prop::collection::vec((any::<bool>(), 0i32..8, 0i32..8), 0..24),
        solids in prop::collection::vec((0i32..8, 0i32..8), 0..10),
        o in (0i32..9, 0i32..9),
        target in (0i32..8, 0i32..8),
    ) {
        let mut map = Map::filled(8, 8, Cell::default());
        for (v, x, y) in walls {
            if v { map.set_vertical_edge(x, y, EdgeFeature::Wall) } else { map.set_horizontal_edge(x, y, EdgeFeature::Wall) }
        }
        for (x, y) in solids {
            map.set_cell(sq(x, y), solid());
        }
        let terrain = view(&map);
        let from = Point::new(o.0 as i64 * SAMPLE_SCALE, o.1 as i64 * SAMPLE_SCALE);
        for p in sample_points(sq(target.0, target.1)) {
            let seg = Segment::new(from, p, SAMPLE_SCALE);
            let blocked = segment_blocker(&terrain, SightModel::Crossing, &seg, bits::LOE, None).is_some();
            prop_assert_eq!(first_obstacle(&terrain, &seg).is_some(), blocked);
        }
    }
}

// ---- what a map takes away ----

#[test]
fn area_4_burst_does_not_reach_behind_a_wall() {
    // A thin wall on the grid line x = 3, rows 0..6; the burst goes off at (1, 3).
    let l = layout(&[
        ". . .|. . .", //
        ". . .|. . .",
        ". . .|. . .",
        ". . .|. . .",
        ". . .|. . .",
        ". . .|. . .",
    ]);
    let t = template(&l.map, SF, &spec(AreaShape::Burst, 1, 3, 3));
    let open_ground = template(&l.map, SF, &spec(AreaShape::Cylinder, 1, 3, 3));
    assert!(t.squares.iter().all(|s| s.x < 3));
    let behind: Vec<Square> = open_ground.squares.iter().copied().filter(|s| s.x >= 3).collect();
    assert!(!behind.is_empty());
    assert_eq!(t.cut_off.iter().map(|c| c.square).collect::<Vec<_>>(), behind);
    for c in &t.cut_off {
        let CutReason::NoLineOfEffect {
            blocked_by: Obstacle::Wall { from, to },
        } = c.reason
        else {
            panic!("{c:?}");
        };
        assert!(from.i == 3 && to.i == 3, "the wall on x = 3: {c:?}");
    }
    assert_eq!(t.squares.len() + t.cut_off.len(), open_ground.squares.len());
}

#[test]
fn area_4_burst_sees_round_a_pillar_but_not_into_its_shadow() {
    let mut map = open(12, 12);
    map.set_cell(sq(6, 5), solid());
    let t = template(&map, SF, &spec(AreaShape::Burst, 5, 5, 5));
    assert_eq!(t.cut_reason(sq(6, 5)), Some(&CutReason::Solid));
    // Straight behind the pillar, every sample line crosses it.
    assert_eq!(
        t.cut_reason(sq(8, 5)),
        Some(&CutReason::NoLineOfEffect {
            blocked_by: Obstacle::Square { at: sq(6, 5) }
        })
    );
    // The square beside the shadow is reached by a line past the pillar's corner.
    assert!(t.contains(sq(8, 4)));
}

#[test]
fn area_1_origin_on_a_solid_corner_reaches_the_open_squares_round_it() {
    let mut map = open(6, 6);
    map.set_cell(sq(2, 2), solid());
    let t = template(&map, SF, &spec(AreaShape::Burst, 2, 2, 1));
    assert_eq!(t.squares, vec![sq(1, 1), sq(2, 1), sq(1, 2)]);
    assert_eq!(
        t.cut_off,
        vec![CutOff {
            square: sq(2, 2),
            reason: CutReason::Solid
        }]
    );
    let s = template(&map, SF, &spec(AreaShape::Spread, 2, 2, 1));
    assert_eq!(s, t);
}

#[test]
fn area_1_origin_on_a_wall_line_reaches_both_sides() {
    // A thin wall along x = 3 through the origin (3, 3): the point touches both sides.
    let l = layout(&[
        ". . .|. . .", //
        ". . .|. . .",
        ". . .|. . .",
        ". . .|. . .",
        ". . .|. . .",
        ". . .|. . .",
    ]);
    for shape in [AreaShape::Burst, AreaShape::Spread] {
        let t = template(&l.map, SF, &spec(shape, 3, 3, 2));
        assert_eq!(t.squares.len(), 16, "{shape:?}");
        assert!(t.cut_off.is_empty());
    }
}

#[test]
fn area_cylinder_ignores_walls() {
    let l = layout(&[
        ". . # # . .", //
        ". .|. . . .",
        ". . # . . .",
        "- - - - - -",
        ". . . . . .",
    ]);
    let t = template(&l.map, SF, &spec(AreaShape::Cylinder, 3, 2, 2));
    let open_ground = template(&open(6, 4), SF, &spec(AreaShape::Cylinder, 3, 2, 2));
    assert_eq!(t.squares, open_ground.squares);
    assert!(t.cut_off.is_empty());
    assert!(t.contains(sq(2, 2)) && t.contains(sq(3, 0)), "solid squares included");
}

// ---- lines ----

#[test]
fn area_line_is_one_square_wide_on_its_right_hand_side() {
    let map = open(20, 20);
    let line = |d: Direction8, r: u32| template(&map, SF, &spec(AreaShape::Line(d), 10, 10, r)).squares;
    assert_eq!(line(Direction8::E, 3), vec![sq(10, 10), sq(11, 10), sq(12, 10)]);
    assert_eq!(line(Direction8::W, 2), vec![sq(8, 9), sq(9, 9)]);
    assert_eq!(line(Direction8::S, 2), vec![sq(9, 10), sq(9, 11)]);
    assert_eq!(line(Direction8::N, 2), vec![sq(10, 8), sq(10, 9)]);
    // Diagonal: the squares whose corners it joins; 30 ft reaches the far corner of the
    // fourth (four diagonals, 1 + 2 + 1 + 2 = 6 squares of distance).
    assert_eq!(
        line(Direction8::SE, 6),
        vec![sq(10, 10), sq(11, 11), sq(12, 12), sq(13, 13)]
    );
    assert_eq!(
        line(Direction8::NW, 2),
        vec![sq(8, 8), sq(9, 9)],
        "the first diagonal counts 1"
    );
    assert_eq!(
        template(&map, SAGA, &spec(AreaShape::Line(Direction8::NE), 10, 10, 6))
            .squares
            .len(),
        3
    );
    assert_eq!(first_line_square(Intersection::new(10, 10), Direction8::SW), sq(9, 10));
}

#[test]
fn area_line_stops_at_a_solid_square() {
    let l = layout(&[". . # . . ."]);
    let t = template(&l.map, SF, &spec(AreaShape::Line(Direction8::E), 0, 0, 5));
    assert_eq!(t.squares, vec![sq(0, 0), sq(1, 0)]);
    let stop = CutReason::LineStopped {
        at: Obstacle::Square { at: sq(2, 0) },
    };
    assert_eq!(
        t.cut_off,
        vec![
            CutOff {
                square: sq(2, 0),
                reason: CutReason::Solid
            },
            CutOff {
                square: sq(3, 0),
                reason: stop.clone()
            },
            CutOff {
                square: sq(4, 0),
                reason: stop
            },
        ]
    );
}

#[test]
fn area_line_stops_at_a_thin_wall_edge() {
    let l = layout(&[
        ". . .!. . .", //
        ". . . . . .",
    ]);
    let t = template(&l.map, SF, &spec(AreaShape::Line(Direction8::E), 0, 0, 6));
    assert_eq!(t.squares, vec![sq(0, 0), sq(1, 0), sq(2, 0)]);
    let wall = Obstacle::Wall {
        from: Intersection::new(3, 0),
        to: Intersection::new(3, 1),
    };
    assert!(
        t.cut_off
            .iter()
            .all(|c| c.reason == CutReason::LineStopped { at: wall })
    );
    assert_eq!(t.cut_off.len(), 3);
    // Along the other side of the same grid line the row below is free.
    let below = template(&l.map, SF, &spec(AreaShape::Line(Direction8::E), 0, 1, 6));
    assert_eq!(below.squares.len(), 6);
    // A wall along the side of the row does not stop it.
    let side = layout(&[
        "- - - - - -", //
        ". . . . . .",
    ]);
    let t = template(&side.map, SF, &spec(AreaShape::Line(Direction8::E), 0, 0, 6));
    assert_eq!(t.squares.len(), 6);
}

#[test]
fn area_line_diagonal_stops_at_a_joint_not_at_a_wall_end_or_a_pinch() {
    // A wall through the corner (2, 2) on both sides of it separates (1, 1) from (2, 2).
    let mut map = open(6, 6);
    map.set_vertical_edge(2, 1, EdgeFeature::Wall);
    map.set_vertical_edge(2, 2, EdgeFeature::Wall);
    let t = template(&map, SF, &spec(AreaShape::Line(Direction8::SE), 0, 0, 8));
    assert_eq!(t.squares, vec![sq(0, 0), sq(1, 1)]);
    assert_eq!(
        t.cut_reason(sq(2, 2)),
        Some(&CutReason::LineStopped {
            at: Obstacle::Joint {
                at: Intersection::new(2, 2)
            }
        })
    );
    // Only a wall's free end at the corner: the line passes.
    let mut end = open(6, 6);
    end.set_vertical_edge(2, 1, EdgeFeature::Wall);
    assert_eq!(
        template(&end, SF, &spec(AreaShape::Line(Direction8::SE), 0, 0, 8))
            .squares
            .len(),
        6
    );
    // Two solid squares meeting at the corner: the segment crosses neither (LOE-1).
    let mut pinch = open(6, 6);
    pinch.set_cell(sq(2, 1), solid());
    pinch.set_cell(sq(1, 2), solid());
    assert_eq!(
        template(&pinch, SF, &spec(AreaShape::Line(Direction8::SE), 0, 0, 8))
            .squares
            .len(),
        6
    );
}

// ---- spreads ----

/// The wall of the spread tests: solid squares (0..=3, 2), open at x = 4 and 5.
fn corner_map() -> Map {
    layout(&[
        ". . . . . .", //
        ". . . . . .",
        "# # # # . .",
        ". . . . . .",
        ". . . . . .",
    ])
    .map
}

#[test]
fn area_spread_turns_a_corner_and_loses_the_distance_spent() {
    let map = corner_map();
    let (o, r) = (Intersection::new(1, 1), 6);
    let t = template(&map, SF, &spec(AreaShape::Spread, o.i, o.j, r));
    let cost: std::collections::BTreeMap<Square, u32> = spread_distances(&map, SF, o, 12).into_iter().collect();
    // Round the wall's end: (4, 1) is 4 (seed 1 + three steps), then (4, 2) and (4, 3) one
    // each — not diagonally past the solid (3, 2), which would save one.
    assert_eq!(cost[&sq(4, 1)], 4);
    assert_eq!(cost[&sq(4, 2)], 5);
    assert_eq!(cost[&sq(4, 3)], 6);
    assert!(t.contains(sq(4, 3)), "round the corner, within 30 ft");
    // (3, 3) is 4 from the origin as the crow flies but 7 the way round.
    assert_eq!(area_distance(SF, o, sq(3, 3)), 4);
    assert_eq!(
        t.cut_reason(sq(3, 3)),
        Some(&CutReason::PathTooLong { path_squares: 7 })
    );
    assert_eq!(
        t.cut_reason(sq(0, 3)),
        Some(&CutReason::PathTooLong { path_squares: 10 })
    );
    assert_eq!(t.cut_reason(sq(1, 2)), Some(&CutReason::Solid));
    // A burst from the same point does not turn the corner at all.
    let burst = template(&map, SF, &spec(AreaShape::Burst, o.i, o.j, r));
    assert!(!burst.contains(sq(4, 3)));
    assert!(matches!(
        burst.cut_reason(sq(0, 3)),
        Some(CutReason::NoLineOfEffect { .. })
    ));
    // The spread covers exactly the squares within its radius by path.
    let within: Vec<Square> = {
        let mut v: Vec<Square> = cost.iter().filter(|(_, c)| **c <= r).map(|(s, _)| *s).collect();
        v.sort_by_key(|s| (s.y, s.x));
        v
    };
    assert_eq!(t.squares, within);
}

#[test]
fn area_spread_does_not_pass_a_thin_wall_or_squeeze_past_its_end() {
    // A thin wall on x = 2 from y = 0 to y = 2; the spread starts at (1, 1).
    let mut map = open(6, 5);
    map.set_vertical_edge(2, 0, EdgeFeature::Wall);
    map.set_vertical_edge(2, 1, EdgeFeature::Wall);
    let cost: std::collections::BTreeMap<Square, u32> = spread_distances(&map, SF, Intersection::new(1, 1), 10)
        .into_iter()
        .collect();
    // (1, 1) → (1, 2) → (2, 2): the diagonal from (1, 1) would pass the wall's end at (2, 2).
    assert_eq!(cost[&sq(1, 2)], 2);
    assert_eq!(cost[&sq(2, 2)], 3);
    // Then back up the far side, never diagonally past the wall's end either.
    assert_eq!(cost[&sq(2, 1)], 4);
    assert_eq!(cost[&sq(2, 0)], 5);
    let t = template(&map, SF, &spec(AreaShape::Spread, 1, 1, 2));
    assert_eq!(
        t.cut_reason(sq(2, 2)),
        Some(&CutReason::PathTooLong { path_squares: 3 })
    );
    assert_eq!(
        t.cut_reason(sq(2, 1)),
        Some(&CutReason::PathTooLong { path_squares: 4 })
    );
    assert!(t.contains(sq(1, 2)));
}

#[test]
fn area_spread_saga_counts_every_diagonal_two() {
    let map = corner_map();
    let cost: std::collections::BTreeMap<Square, u32> = spread_distances(&map, SAGA, Intersection::new(1, 1), 12)
        .into_iter()
        .collect();
    assert_eq!(cost[&sq(4, 1)], 4);
    assert_eq!(cost[&sq(5, 0)], 5, "seed (1, 0) and four steps east");
    // (5, 2): 1 + 4 east + 1 south; a diagonal would cost 2 and save nothing.
    assert_eq!(cost[&sq(5, 2)], 6);
}

#[test]
fn area_spread_into_a_sealed_room_finds_no_path() {
    let l = layout(&[
        ". . . . . . . .", //
        ". . . . # # # .",
        ". . . . # . # .",
        ". . . . # # # .",
    ]);
    let t = template(&l.map, SF, &spec(AreaShape::Spread, 2, 2, 4));
    assert_eq!(t.cut_reason(sq(5, 2)), Some(&CutReason::NoPath { searched_squares: 8 }));
    assert_eq!(t.cut_reason(sq(4, 2)), Some(&CutReason::Solid));
}

/// The spread's distances the slow, obvious way: Dijkstra with a binary heap over (square,
/// diagonal count parity), every rule read straight from the map.
fn plain_spread(
    map: &Map,
    diagonal: DiagonalPolicy,
    o: Intersection,
    limit: u32,
) -> std::collections::BTreeMap<Square, u32> {
    use std::cmp::Reverse;
    use std::collections::{BTreeMap, BinaryHeap};
    let blocks = |s: Square| map.cell(s).is_some_and(|c| c.blocks_loe);
    let hard = |s: Square| map.cell(s).is_some_and(|c| c.blocks_loe || c.hard_corner);
    let walls_at = |i: i32, j: i32| {
        map.vertical_edge(i, j - 1).blocks()
            || map.vertical_edge(i, j).blocks()
            || map.horizontal_edge(i - 1, j).blocks()
            || map.horizontal_edge(i, j).blocks()
    };
    let mut best: BTreeMap<(Square, u32), u32> = BTreeMap::new();
    let mut heap = BinaryHeap::new();
    for (x, y) in [(o.i - 1, o.j - 1), (o.i, o.j - 1), (o.i - 1, o.j), (o.i, o.j)] {
        let s = sq(x, y);
        if map.contains(s) && !blocks(s) {
            heap.push(Reverse((1u32, s, 0u32)));
        }
    }
    while let Some(Reverse((c, s, p))) = heap.pop() {
        if c > limit || best.contains_key(&(s, p)) {
            continue;
        }
        best.insert((s, p), c);
        for (dx, dy) in crate::grid::path::DIRS {
            let t = sq(s.x + dx, s.y + dy);
            if !map.contains(t) || blocks(t) {
                continue;
            }
            let (step, np) = if dx != 0 && dy != 0 {
                if walls_at(s.x + i32::from(dx > 0), s.y + i32::from(dy > 0))
                    || hard(sq(s.x + dx, s.y))
                    || hard(sq(s.x, s.y + dy))
                {
                    continue;
                }
                match diagonal {
                    DiagonalPolicy::Alternating => (1 + p, 1 - p),
                    DiagonalPolicy::EveryDiagonalTwo => (2, 0),
                }
            } else {
                let wall = match (dx, dy) {
                    (1, _) => map.vertical_edge(s.x + 1, s.y),
                    (-1, _) => map.vertical_edge(s.x, s.y),
                    (_, 1) => map.horizontal_edge(s.x, s.y + 1),
                    _ => map.horizontal_edge(s.x, s.y),
                };
                if wall.blocks() {
                    continue;
                }
                (1, p)
            };
            heap.push(Reverse((c + step, t, np)));
        }
    }
    let mut out: BTreeMap<Square, u32> = BTreeMap::new();
    for ((s, _), c) in best {
        let e = out.entry(s).or_insert(c);
        *e = (*e).min(c);
    }
    out
}
