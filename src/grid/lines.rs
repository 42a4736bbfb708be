//! Line machinery shared by cover, concealment and sight (RULES.md §2.3 GEO-5, §10.1 CON-1):
//! the corner-to-corner line sets, the per-square terrain flags the line tests read, and the
//! concealment line test.
//!
//! A line test walks the squares a segment touches (`Segment::for_each_square`) and looks
//! only at squares whose flags say something is there, so an empty square costs one load.
//! `LineGrid` precomputes those flags (terrain, thin walls and creatures) once for many
//! queries on the same map; the plain functions read the `Map` directly. Rules decisions
//! (what obstructs, what a degree is worth) stay in `cover.rs` and `sight.rs`.
//! Over 600 lines: about 300 of them are its tests (line sets and the per-square flags).

use super::segment::Segment;
use super::{Cell, Concealment, CoverObject, Intersection, Map, Space, Square};
use crate::ruleset::ConcealmentRules;
use std::ops::ControlFlow;

/// Flag bits of one square as the line tests see it.
pub(crate) mod bits {
    /// Solid barrier (`blocks_loe`).
    pub const LOE: u16 = 1 << 0;
    /// Blocks line of sight only (`blocks_sight`).
    pub const SIGHT: u16 = 1 << 1;
    /// Authored cover object.
    pub const COVER: u16 = 1 << 2;
    /// Authored improved cover object.
    pub const IMPROVED: u16 = 1 << 3;
    /// Low obstacle / Low Object.
    pub const LOW: u16 = 1 << 4;
    /// Normal concealment.
    pub const CONCEAL: u16 = 1 << 5;
    /// Total concealment.
    pub const CONCEAL_TOTAL: u16 = 1 << 6;
    /// Occupied by a creature.
    pub const CREATURE: u16 = 1 << 7;
    /// The square's left edge is a blocking wall or closed door.
    pub const WALL_LEFT: u16 = 1 << 8;
    /// The square's top edge is a blocking wall or closed door.
    pub const WALL_TOP: u16 = 1 << 9;
    /// The edge leaving the square's top-left corner leftward blocks (top edge of the square
    /// to the left).
    pub const RAY_LEFT: u16 = 1 << 10;
    /// The edge leaving the square's top-left corner upward blocks (left edge of the square
    /// above).
    pub const RAY_UP: u16 = 1 << 11;
    /// Any thin wall at this square's left/top edges or top-left corner.
    pub const EDGES: u16 = WALL_LEFT | WALL_TOP | RAY_LEFT | RAY_UP;

    /// The four GEO-4 wall bits in the order `Segment::walls_at` takes them.
    pub fn walls(f: u16) -> [bool; 4] {
        [
            f & WALL_LEFT != 0,
            f & WALL_TOP != 0,
            f & RAY_LEFT != 0,
            f & RAY_UP != 0,
        ]
    }
}

/// The per-square flags a line test reads.
pub(crate) trait SquareFlags {
    fn flags(&self, sq: Square) -> u16;
    /// Whether a square carrying `IMPROVED` may lie where a line between the two spaces can
    /// touch it (lets cover stop walking a line at ordinary cover).
    fn may_have_improved(&self, _a: Space, _b: Space) -> bool {
        true
    }
    /// Calls `on` for every square the segment touches whose flags meet `mask`.
    #[inline]
    fn scan<B>(&self, seg: &Segment, mask: u16, on: impl FnMut(Square, u16) -> ControlFlow<B>) -> ControlFlow<B> {
        scan_squares(self, seg, mask, on)
    }
}

/// Summed-area table of the cells carrying `bit`: entry `(c, r)` of the
/// `(stride + 1) × (rows + 1)` table counts them in columns `0..c`, rows `0..r`.
fn prefix_counts(flags: &[u16], stride: usize, rows: usize, bit: u16) -> Vec<u32> {
    let w = stride + 1;
    let mut t = vec![0u32; w * (rows + 1)];
    for r in 0..rows {
        for c in 0..stride {
            let here = u32::from(flags[r * stride + c] & bit != 0);
            t[(r + 1) * w + c + 1] = here + t[r * w + c + 1] + t[(r + 1) * w + c] - t[r * w + c];
        }
    }
    t
}

/// `SquareFlags::scan` by looking up every square.
#[inline]
fn scan_squares<T: SquareFlags + ?Sized, B>(
    terrain: &T,
    seg: &Segment,
    mask: u16,
    mut on: impl FnMut(Square, u16) -> ControlFlow<B>,
) -> ControlFlow<B> {
    seg.for_each_square(|sq| {
        let f = terrain.flags(sq);
        if f & mask != 0 {
            on(sq, f)
        } else {
            ControlFlow::Continue(())
        }
    })
}

fn terrain_flags(map: &Map, sq: Square) -> u16 {
    let mut f = 0;
    if let Some(c) = map.cell(sq) {
        f |= cell_flags(c);
    }
    let (x, y) = (sq.x, sq.y);
    if map.vertical_edge(x, y).blocks() {
        f |= bits::WALL_LEFT;
    }
    if map.horizontal_edge(x, y).blocks() {
        f |= bits::WALL_TOP;
    }
    if map.horizontal_edge(x - 1, y).blocks() {
        f |= bits::RAY_LEFT;
    }
    if map.vertical_edge(x, y - 1).blocks() {
        f |= bits::RAY_UP;
    }
    f
}

fn cell_flags(c: &Cell) -> u16 {
    let mut f = 0;
    if c.blocks_loe {
        f |= bits::LOE;
    }
    if c.blocks_sight {
        f |= bits::SIGHT;
    }
    match c.cover {
        CoverObject::None => {}
        CoverObject::Cover => f |= bits::COVER,
        CoverObject::Improved => f |= bits::IMPROVED,
    }
    if c.low {
        f |= bits::LOW;
    }
    match c.concealment {
        Concealment::None => {}
        Concealment::Normal => f |= bits::CONCEAL,
        Concealment::Total => f |= bits::CONCEAL_TOTAL,
    }
    f
}

/// Flags read straight from a `Map` and a short list of creature spaces (one-off queries).
pub(crate) struct MapView<'a> {
    pub map: &'a Map,
    pub creatures: &'a [Space],
}

impl SquareFlags for MapView<'_> {
    fn flags(&self, sq: Square) -> u16 {
        let mut f = terrain_flags(self.map, sq);
        if self.creatures.iter().any(|s| s.contains(sq)) {
            f |= bits::CREATURE;
        }
        f
    }
}

/// The creatures of `others` whose space can be touched by a line between the two spaces
/// (their bounding box grown by one square).
pub(crate) fn creatures_near(others: &[Space], a: Space, b: Space) -> Vec<Space> {
    let lo_x = a.at.x.min(b.at.x) - 1;
    let lo_y = a.at.y.min(b.at.y) - 1;
    let hi_x = (a.at.x + a.side as i32).max(b.at.x + b.side as i32);
    let hi_y = (a.at.y + a.side as i32).max(b.at.y + b.side as i32);
    others
        .iter()
        .filter(|s| s.at.x <= hi_x && s.at.x + s.side as i32 > lo_x && s.at.y <= hi_y && s.at.y + s.side as i32 > lo_y)
        .copied()
        .collect()
}

/// Terrain, thin-wall and creature flags of a whole map, precomputed for many line queries
/// on the same map (a cover matrix, an AI sweep, a GUI overlay). Rebuild it when the map,
/// a door or a creature's position changes. Creatures include the attacker and target of
/// later queries: their own squares never obstruct (GEO-5), so that is harmless.
#[derive(Debug, Clone)]
pub struct LineGrid {
    /// Width of the padded grid (map width + 2).
    stride: usize,
    rows: usize,
    flags: Vec<u16>,
    /// Prefix counts of `IMPROVED` squares, `(stride + 1) × (rows + 1)`.
    improved: Vec<u32>,
}

impl LineGrid {
    /// Precomputes the flags of `map` with `creatures` standing on it.
    pub fn new(map: &Map, creatures: &[Space]) -> Self {
        let (w, h) = (map.width() as usize, map.height() as usize);
        let (stride, rows) = (w + 2, h + 2);
        let mut flags = vec![0u16; stride * rows];
        for r in 0..rows {
            for c in 0..stride {
                flags[r * stride + c] = terrain_flags(map, Square::new(c as i32 - 1, r as i32 - 1));
            }
        }
        let mut grid = Self {
            stride,
            rows,
            improved: prefix_counts(&flags, stride, rows, bits::IMPROVED),
            flags,
        };
        for s in creatures {
            for sq in s.squares() {
                if let Some(i) = grid.index(sq) {
                    grid.flags[i] |= bits::CREATURE;
                }
            }
        }
        grid
    }

    #[inline]
    fn index(&self, sq: Square) -> Option<usize> {
        // Off-grid coordinates wrap to huge unsigned values: one compare per axis.
        let (c, r) = ((sq.x as isize + 1) as usize, (sq.y as isize + 1) as usize);
        (c < self.stride && r < self.rows).then(|| r * self.stride + c)
    }
}

impl SquareFlags for LineGrid {
    #[inline]
    fn flags(&self, sq: Square) -> u16 {
        match self.index(sq) {
            Some(i) => self.flags[i],
            None => 0,
        }
    }

    fn may_have_improved(&self, a: Space, b: Space) -> bool {
        // Lines stay inside the bounding box of both spaces; touched squares, one more ring.
        let lo_x = a.at.x.min(b.at.x) - 1;
        let lo_y = a.at.y.min(b.at.y) - 1;
        let hi_x = (a.at.x + a.side as i32).max(b.at.x + b.side as i32);
        let hi_y = (a.at.y + a.side as i32).max(b.at.y + b.side as i32);
        // Prefix sums over the padded grid: cell (c, r) holds the count in [0, c) × [0, r).
        let clamp = |v: i32, n: usize| (v + 1).clamp(0, n as i32) as usize;
        let (c0, c1) = (clamp(lo_x, self.stride), clamp(hi_x + 1, self.stride));
        let (r0, r1) = (clamp(lo_y, self.rows), clamp(hi_y + 1, self.rows));
        let w = self.stride + 1;
        let at = |c: usize, r: usize| self.improved[r * w + c];
        at(c1, r1) + at(c0, r0) > at(c0, r1) + at(c1, r0)
    }

    /// Walks the flat flag array by index: a segment between points on the map touches only
    /// squares of the padded grid, so no square needs a bounds test of its own.
    #[inline]
    fn scan<B>(&self, seg: &Segment, mask: u16, mut on: impl FnMut(Square, u16) -> ControlFlow<B>) -> ControlFlow<B> {
        let s = seg.scale;
        let (w, h) = ((self.stride as i64 - 2) * s, (self.rows as i64 - 2) * s);
        let on_map = |p: super::segment::Point| p.x >= 0 && p.y >= 0 && p.x <= w && p.y <= h;
        if !(on_map(seg.from) && on_map(seg.to)) {
            return scan_squares(self, seg, mask, on);
        }
        let o = seg.octant();
        let (offset, per_column, per_row) = o.linear(self.stride as i64);
        let flags = &self.flags[..];
        seg.walk_normalised(&o, |c, r| {
            let f = flags[(offset + c * per_column + r * per_row) as usize];
            if f & mask != 0 {
                on(o.square(c, r), f)
            } else {
                ControlFlow::Continue(())
            }
        })
    }
}

/// The four corners of a square (GEO-5): top-left, top-right, bottom-left, bottom-right.
pub fn corners(sq: Square) -> [Intersection; 4] {
    [
        Intersection::new(sq.x, sq.y),
        Intersection::new(sq.x + 1, sq.y),
        Intersection::new(sq.x, sq.y + 1),
        Intersection::new(sq.x + 1, sq.y + 1),
    ]
}

/// The four lines from `from` to the corners of `to` (GEO-5), in `corners` order.
pub fn corner_lines(from: Intersection, to: Square) -> [Segment; 4] {
    corners(to).map(|c| Segment::corners(from, c))
}

/// CON-1, line part: the concealment the target has against the attacker from the lines.
/// The attacker picks one square of its space, one square of the target's space and one
/// corner of its square; a choice is as concealed as the most concealing square any of its
/// four lines touches. With `lines_count_border_and_end_squares` (both families), touching a
/// square's border counts and the attacker's and target's own squares count; without it
/// only crossed squares outside both spaces count. The result is the attacker's best choice.
/// Darkness against a viewer's senses is the rules layer's job: see `concealment_lines_with`.
pub fn concealment_lines(map: &Map, rules: &ConcealmentRules, attacker: Space, target: Space) -> Concealment {
    concealment_lines_in(&MapView { map, creatures: &[] }, rules, attacker, target, |_| {
        Concealment::None
    })
}

/// `concealment_lines` with an extra per-square level (e.g. darkness for this viewer,
/// §10.3); a square conceals by the larger of its own `concealment` and `extra(sq)`.
pub fn concealment_lines_with(
    map: &Map,
    rules: &ConcealmentRules,
    attacker: Space,
    target: Space,
    extra: impl Fn(Square) -> Concealment,
) -> Concealment {
    concealment_lines_in(&MapView { map, creatures: &[] }, rules, attacker, target, extra)
}

impl LineGrid {
    /// `concealment_lines_with` on the precomputed grid.
    pub fn concealment_lines(
        &self,
        rules: &ConcealmentRules,
        attacker: Space,
        target: Space,
        extra: impl Fn(Square) -> Concealment,
    ) -> Concealment {
        concealment_lines_in(self, rules, attacker, target, extra)
    }
}

fn level(f: u16) -> Concealment {
    if f & bits::CONCEAL_TOTAL != 0 {
        Concealment::Total
    } else if f & bits::CONCEAL != 0 {
        Concealment::Normal
    } else {
        Concealment::None
    }
}

fn rank(c: Concealment) -> u8 {
    match c {
        Concealment::None => 0,
        Concealment::Normal => 1,
        Concealment::Total => 2,
    }
}

fn concealment_lines_in<T: SquareFlags>(
    terrain: &T,
    rules: &ConcealmentRules,
    attacker: Space,
    target: Space,
    extra: impl Fn(Square) -> Concealment,
) -> Concealment {
    concealment_choice(terrain, rules, attacker, target, &extra).0
}

/// CON-1 line part with the choice that decided it: the level, and the target square and
/// attacker corner whose lines gave it (`None` only when the target has no squares).
fn concealment_choice<T: SquareFlags>(
    terrain: &T,
    rules: &ConcealmentRules,
    attacker: Space,
    target: Space,
    extra: &impl Fn(Square) -> Concealment,
) -> (Concealment, Option<(Square, Intersection)>) {
    let mut best = Concealment::Total;
    let mut decided = None;
    for a_sq in attacker.squares() {
        for t_sq in target.squares() {
            for c in corners(a_sq) {
                let mut choice = Concealment::None;
                for seg in corner_lines(c, t_sq) {
                    if let Some((lvl, _)) = line_concealment(terrain, rules, attacker, target, &seg, extra, choice) {
                        choice = lvl;
                    }
                    if rank(choice) >= rank(best) {
                        break;
                    }
                }
                if rank(choice) < rank(best) || decided.is_none() {
                    best = if rank(choice) < rank(best) { choice } else { best };
                    decided = Some((t_sq, c));
                    if best == Concealment::None {
                        return (best, decided);
                    }
                }
            }
        }
    }
    (best, decided)
}

/// The most concealing square that counts on one line (CON-1), if it conceals more than
/// `above`: its level and the square.
fn line_concealment<T: SquareFlags>(
    terrain: &T,
    rules: &ConcealmentRules,
    attacker: Space,
    target: Space,
    seg: &Segment,
    extra: &impl Fn(Square) -> Concealment,
    above: Concealment,
) -> Option<(Concealment, Square)> {
    let with_border = rules.lines_count_border_and_end_squares;
    let mut found: Option<(Concealment, Square)> = None;
    let _ = seg.for_each_square(|sq| {
        let here = extra(sq);
        let lvl = level(terrain.flags(sq));
        let lvl = if rank(here) > rank(lvl) { here } else { lvl };
        let floor = found.map_or(above, |(f, _)| f);
        if lvl == Concealment::None || rank(lvl) <= rank(floor) {
            return ControlFlow::Continue(());
        }
        let counts = if with_border {
            true
        } else {
            !attacker.contains(sq) && !target.contains(sq) && seg.contact(sq) == Some(super::segment::Contact::Crosses)
        };
        if counts {
            found = Some((lvl, sq));
        }
        if found.is_some_and(|(f, _)| f == Concealment::Total) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    found
}

/// One line of the attacker's choice that decided the concealment (for showing it): from the
/// attacker's corner to a corner of the target's square, with the most concealing square it
/// counts, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConcealmentLine {
    pub from: Intersection,
    pub to: Intersection,
    /// The line's own level and the square that gives it (`None`: the line is clear).
    pub through: Option<(Concealment, Square)>,
}

/// `concealment_lines_with`, also returning the four lines of the choice that decided it
/// (CON-1: the attacker's least concealed choice; a choice is as concealed as its most
/// concealing line). Empty when the target has no squares.
pub fn concealment_decided(
    map: &Map,
    rules: &ConcealmentRules,
    attacker: Space,
    target: Space,
    extra: impl Fn(Square) -> Concealment,
) -> (Concealment, Vec<ConcealmentLine>) {
    let view = MapView { map, creatures: &[] };
    let (level, decided) = concealment_choice(&view, rules, attacker, target, &extra);
    let lines = decided
        .map(|(t_sq, c)| {
            corners(t_sq)
                .into_iter()
                .zip(corner_lines(c, t_sq))
                .map(|(to, seg)| ConcealmentLine {
                    from: c,
                    to,
                    through: line_concealment(&view, rules, attacker, target, &seg, &extra, Concealment::None),
                })
                .collect()
        })
        .unwrap_or_default();
    (level, lines)
}

/// CON-1, adjacent melee part: the concealment every square of the target's space is
/// inside (001:1611-1613; 004:711), i.e. the least concealed square of the space.
pub fn whole_space_concealment(map: &Map, target: Space, extra: impl Fn(Square) -> Concealment) -> Concealment {
    let mut least = Concealment::Total;
    for sq in target.squares() {
        let own = map.cell(sq).map_or(Concealment::None, |c| c.concealment);
        let here = extra(sq);
        let lvl = if rank(here) > rank(own) { here } else { own };
        if rank(lvl) < rank(least) {
            least = lvl;
        }
    }
    least
}

#[cfg(test)]
pub(crate) mod tests {
    //! ASCII maps shared by the cover and sight tests.
    use super::*;
    use crate::grid::EdgeFeature;
    use crate::ruleset::{ConcealmentModel, ConcealmentRules};
    use std::collections::BTreeMap;

    /// A map drawn in ASCII, read like the seeds' diagram captions.
    ///
    /// Cell lines put square `x` at column `2x`; the column after it (`2x + 1`) holds the
    /// vertical edge on the grid line `x + 1`: `|` wall, `!` closed door, `:` open door.
    /// An edge line (only ` -=o+`) holds the horizontal edges on the grid line above the
    /// next cell line, at the same columns as the squares: `-` wall, `=` closed door, `o` open
    /// door. Cells: `.` open, `#` solid wall, `c` cover object, `i` improved cover, `l` low
    /// obstacle, `~` smoke (concealment), `%` thick smoke (blocks sight, total concealment);
    /// an upper-case letter is a creature on open ground (a 2×2 block of one letter is a
    /// Large creature).
    pub struct Layout {
        pub map: Map,
        pub units: BTreeMap<char, Space>,
    }

    impl Layout {
        pub fn unit(&self, c: char) -> Space {
            self.units[&c]
        }

        /// Every creature except the ones named.
        pub fn others(&self, except: &[char]) -> Vec<Space> {
            self.units
                .iter()
                .filter(|(c, _)| !except.contains(c))
                .map(|(_, s)| *s)
                .collect()
        }
    }

    fn is_edge_line(line: &str) -> bool {
        line.chars().all(|c| " -=o+".contains(c)) && line.chars().any(|c| "-=o".contains(c))
    }

    pub fn layout(lines: &[&str]) -> Layout {
        let cell_lines: Vec<&str> = lines.iter().copied().filter(|l| !is_edge_line(l)).collect();
        let width = cell_lines.iter().map(|l| l.len().div_ceil(2)).max().unwrap_or(0) as u32;
        let mut map = Map::filled(width, cell_lines.len() as u32, Cell::default());
        let mut seen: BTreeMap<char, Vec<Square>> = BTreeMap::new();
        let mut y = 0i32;
        for line in lines {
            if is_edge_line(line) {
                for (k, ch) in line.chars().enumerate() {
                    let f = match ch {
                        '-' => EdgeFeature::Wall,
                        '=' => EdgeFeature::Door { open: false },
                        'o' => EdgeFeature::Door { open: true },
                        _ => continue,
                    };
                    map.set_horizontal_edge(k as i32 / 2, y, f);
                }
                continue;
            }
            for (k, ch) in line.chars().enumerate() {
                let x = k as i32 / 2;
                if k % 2 == 1 {
                    let f = match ch {
                        '|' => EdgeFeature::Wall,
                        '!' => EdgeFeature::Door { open: false },
                        ':' => EdgeFeature::Door { open: true },
                        _ => continue,
                    };
                    map.set_vertical_edge(x + 1, y, f);
                    continue;
                }
                let sq = Square::new(x, y);
                let mut cell = Cell::default();
                match ch {
                    '.' | ' ' => {}
                    '#' => {
                        cell.blocks_loe = true;
                        cell.blocks_sight = true;
                        cell.blocks_movement = true;
                    }
                    'c' => cell.cover = CoverObject::Cover,
                    'i' => cell.cover = CoverObject::Improved,
                    'l' => cell.low = true,
                    '~' => cell.concealment = Concealment::Normal,
                    '%' => {
                        cell.concealment = Concealment::Total;
                        cell.blocks_sight = true;
                    }
                    c if c.is_ascii_uppercase() => seen.entry(c).or_default().push(sq),
                    c => panic!("unknown layout cell {c:?}"),
                }
                map.set_cell(sq, cell);
            }
            y += 1;
        }
        let units = seen
            .into_iter()
            .map(|(c, sqs)| {
                let at = Square::new(
                    sqs.iter().map(|s| s.x).min().unwrap(),
                    sqs.iter().map(|s| s.y).min().unwrap(),
                );
                let side = (sqs.len() as f64).sqrt() as u32;
                assert_eq!((side * side) as usize, sqs.len(), "creature {c} is not square");
                let space = Space::new(at, side);
                assert!(sqs.iter().all(|s| space.contains(*s)), "creature {c} is not square");
                (c, space)
            })
            .collect();
        Layout { map, units }
    }

    pub fn starfinder_concealment() -> ConcealmentRules {
        ConcealmentRules {
            model: ConcealmentModel::MissChance {
                normal_pct: 20,
                total_pct: 50,
            },
            lines_count_border_and_end_squares: true,
            adjacent_melee_needs_whole_space: true,
            total_blocks_aoo: false,
            perception: None,
        }
    }

    use crate::grid::segment::Point;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// The precomputed grid's index walk reports exactly the flagged squares the plain walk
        /// over the map reports, in the same order.
        #[test]
        fn prop_geo_1_grid_scan_matches_map_scan(
            features in prop::collection::vec((0i32..24, 0i32..24, 0u8..5), 0..40),
            segs in prop::collection::vec((0i64..2400, 0i64..2400, 0i64..2400, 0i64..2400), 1..8),
        ) {
            let mut map = Map::filled(24, 24, Cell::default());
            for (x, y, kind) in features {
                let sq = Square::new(x, y);
                let mut c = *map.cell(sq).unwrap();
                match kind {
                    0 => c.blocks_loe = true,
                    1 => c.low = true,
                    2 => c.concealment = Concealment::Normal,
                    3 => map.set_vertical_edge(x, y, EdgeFeature::Wall),
                    _ => map.set_horizontal_edge(x, y, EdgeFeature::Wall),
                }
                map.set_cell(sq, c);
            }
            let creatures = [Space::one(Square::new(5, 5)), Space::new(Square::new(12, 3), 2)];
            let grid = LineGrid::new(&map, &creatures);
            let view = MapView { map: &map, creatures: &creatures };
            for (ax, ay, bx, by) in segs {
                let seg = Segment::new(Point::new(ax, ay), Point::new(bx, by), 100);
                for mask in [u16::MAX, bits::LOE | bits::EDGES, bits::CREATURE] {
                    let (mut fast, mut slow) = (Vec::new(), Vec::new());
                    let _ = grid.scan(&seg, mask, |sq, f| { fast.push((sq, f)); ControlFlow::<()>::Continue(()) });
                    let _ = view.scan(&seg, mask, |sq, f| { slow.push((sq, f)); ControlFlow::<()>::Continue(()) });
                    prop_assert_eq!(fast, slow);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// CON-1: the lines `concealment_decided` returns are one choice's four lines, the
        /// level it reports is `concealment_lines`', and that level is the most any of those
        /// lines passes through (a choice is as concealed as its most concealing line).
        #[test]
        fn prop_con_1_decided_lines_give_the_level(
            smoke in prop::collection::vec((0i32..12, 0i32..12, prop::bool::ANY), 0..30),
            (ax, ay, asz) in (0i32..10, 0i32..10, 1u32..3),
            (tx, ty, tsz) in (0i32..10, 0i32..10, 1u32..3),
            border in prop::bool::ANY,
        ) {
            let mut map = Map::filled(12, 12, Cell::default());
            for (x, y, total) in smoke {
                let mut c = *map.cell(Square::new(x, y)).unwrap();
                c.concealment = if total { Concealment::Total } else { Concealment::Normal };
                map.set_cell(Square::new(x, y), c);
            }
            let (a, t) = (Space::new(Square::new(ax, ay), asz), Space::new(Square::new(tx, ty), tsz));
            prop_assume!(!a.squares().any(|sq| t.contains(sq)));
            let rules = ConcealmentRules { lines_count_border_and_end_squares: border, ..starfinder_concealment() };
            let (level, lines) = concealment_decided(&map, &rules, a, t, |_| Concealment::None);
            prop_assert_eq!(level, concealment_lines(&map, &rules, a, t));
            prop_assert_eq!(lines.len(), 4);
            let worst = lines.iter().filter_map(|l| l.through.map(|(c, _)| rank(c))).max().unwrap_or(0);
            prop_assert_eq!(worst, rank(level));
            prop_assert!(lines.iter().all(|l| l.from == lines[0].from));
        }
    }

    #[test]
    fn layout_reads_walls_doors_and_units() {
        let l = layout(&[
            ". A|B .", //
            "  -   =", "# .:. C",
        ]);
        assert_eq!(l.map.width(), 4);
        assert_eq!(l.unit('A'), Space::one(Square::new(1, 0)));
        assert_eq!(l.map.vertical_edge(2, 0), EdgeFeature::Wall);
        assert_eq!(l.map.horizontal_edge(1, 1), EdgeFeature::Wall);
        assert_eq!(l.map.horizontal_edge(3, 1), EdgeFeature::Door { open: false });
        assert_eq!(l.map.vertical_edge(2, 1), EdgeFeature::Door { open: true });
        assert!(l.map.cell(Square::new(0, 1)).unwrap().blocks_loe);
        let big = layout(&[". T T", ". T T"]);
        assert_eq!(big.unit('T'), Space::new(Square::new(1, 0), 2));
    }

    #[test]
    fn geo_5_four_lines_per_corner() {
        let lines = corner_lines(Intersection::new(0, 0), Square::new(3, 1));
        assert_eq!(lines.len(), 4);
        assert_eq!(
            lines[3],
            Segment::corners(Intersection::new(0, 0), Intersection::new(4, 2))
        );
    }

    #[test]
    fn con_1_smoke_between_conceals() {
        let rules = starfinder_concealment();
        let l = layout(&["A . ~ . T"]);
        // Every corner has some line through the smoke square in the only row.
        assert_eq!(
            concealment_lines(&l.map, &rules, l.unit('A'), l.unit('T')),
            Concealment::Normal
        );
        let clear = layout(&[
            "A . . . T", //
            ". . . . .",
            ". . ~ . .",
        ]);
        assert_eq!(
            concealment_lines(&clear.map, &rules, clear.unit('A'), clear.unit('T')),
            Concealment::None
        );
    }

    #[test]
    fn con_1_own_squares_count() {
        let rules = starfinder_concealment();
        let mut l = layout(&["A . . . T"]);
        let smoke = Cell {
            concealment: Concealment::Normal,
            ..Cell::default()
        };
        l.map.set_cell(Square::new(4, 0), smoke);
        assert_eq!(
            concealment_lines(&l.map, &rules, l.unit('A'), l.unit('T')),
            Concealment::Normal
        );
        let without = ConcealmentRules {
            lines_count_border_and_end_squares: false,
            ..rules.clone()
        };
        assert_eq!(
            concealment_lines(&l.map, &without, l.unit('A'), l.unit('T')),
            Concealment::None
        );
    }

    #[test]
    fn con_1_thick_smoke_is_total_by_lines_and_darkness_predicate_adds() {
        let rules = starfinder_concealment();
        let l = layout(&["A . % . T"]);
        assert_eq!(
            concealment_lines(&l.map, &rules, l.unit('A'), l.unit('T')),
            Concealment::Total
        );
        let open = layout(&["A . . . T"]);
        let dark = |sq: Square| {
            if sq.x == 2 {
                Concealment::Normal
            } else {
                Concealment::None
            }
        };
        assert_eq!(
            concealment_lines_with(&open.map, &rules, open.unit('A'), open.unit('T'), dark),
            Concealment::Normal
        );
    }

    #[test]
    fn con_1_adjacent_melee_needs_the_whole_space() {
        let l = layout(&["~ ~ .", "~ ~ ."]);
        let none = |_| Concealment::None;
        assert_eq!(
            whole_space_concealment(&l.map, Space::new(Square::new(0, 0), 2), none),
            Concealment::Normal
        );
        assert_eq!(
            whole_space_concealment(&l.map, Space::new(Square::new(1, 0), 2), none),
            Concealment::None
        );
    }
}
