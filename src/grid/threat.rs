//! Threatened squares as pure geometry (THR-3, THR-4, THR-5): which squares a space reaches with a
//! given reach in squares, and the d20 SRD reach weapon's "donut" ([`ThreatReach`]). Whether a
//! creature can threaten at all (THR-1, THR-2) and with which reach is the rules layer's call.

use super::{Space, Square};
use crate::ruleset::{DiagonalPolicy, ReachMetric};
use serde::Serialize;

/// The squares a creature threatens, as reaches in squares (THR-3): every square within `near`,
/// and every square within `far` but not within `hole`. Without a hole that is simply "within
/// `far`". The hole is the d20 SRD reach weapon's: it "can't be used against an adjacent foe",
/// a Large wielder's not within its natural reach either (d20 SRD, not in seed 002), so a reach
/// weapon alone threatens a ring, while another weapon (a dagger, a claw) fills it through `near`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct ThreatReach {
    far: u32,
    near: u32,
    hole: u32,
}

impl ThreatReach {
    /// Every square within `squares` (THR-3).
    pub const fn within(squares: u32) -> Self {
        Self {
            far: squares,
            near: squares,
            hole: 0,
        }
    }

    /// The squares within `far` but beyond `hole`: a d20 SRD reach weapon whose wielder's
    /// natural reach is `hole` squares.
    pub fn ring(far: u32, hole: u32) -> Self {
        Self { far, near: 0, hole }.normalised()
    }

    /// The squares either reaches. Exact when the holes are equal or one of them is 0, which
    /// holds for one creature's weapons (a hole is always its natural reach).
    pub fn union(self, other: Self) -> Self {
        Self {
            far: self.far.max(other.far),
            near: self.near.max(other.near),
            hole: self.hole.max(other.hole),
        }
        .normalised()
    }

    /// The same squares with the hole dropped when nothing is left out by it.
    fn normalised(self) -> Self {
        if self.hole == 0 || self.near >= self.hole {
            return Self::within(self.far.max(self.near));
        }
        if self.far <= self.hole {
            return Self::within(self.near);
        }
        self
    }

    /// The farthest reach in squares.
    pub fn far(self) -> u32 {
        self.far
    }

    /// The squares within this many are not threatened unless within [`Self::near`]; 0 when
    /// there is no hole.
    pub fn hole(self) -> u32 {
        self.hole
    }

    /// The squares within this many are threatened whatever the hole.
    pub fn near(self) -> u32 {
        self.near
    }

    /// Whether a square is covered, given `within(r)`: whether it lies within `r` squares
    /// (false for `r == 0`).
    pub fn covers(self, within: impl Fn(u32) -> bool) -> bool {
        within(self.near) || (within(self.far) && !within(self.hole))
    }

    /// THR-3 with the hole: whether a creature occupying `space` threatens `q`.
    pub fn threatens(self, space: Space, metric: &ReachMetric, policy: DiagonalPolicy, q: Square) -> bool {
        let (gx, gy) = gaps(space, q);
        self.covers(|r| within_reach(gx, gy, r, metric, policy))
    }
}

/// Per-axis gap between the space and `q`: how many squares `q` lies beyond the space's nearest
/// row/column (0 when `q` is within the space's columns or rows).
fn gaps(space: Space, q: Square) -> (i64, i64) {
    let gap = |lo: i32, q: i32| {
        let (lo, q, hi) = (
            i64::from(lo),
            i64::from(q),
            i64::from(lo) + i64::from(space.side.max(1)) - 1,
        );
        (lo - q).max(q - hi).max(0)
    };
    (gap(space.at.x, q.x), gap(space.at.y, q.y))
}

/// THR-3 on precomputed gaps. Both family metrics and Chebyshev grow with each axis' gap, so the
/// nearest square of the space is found per axis and `min over s of D(s, q) = D(gap_x, gap_y)`.
fn within_reach(gx: i64, gy: i64, reach: u32, metric: &ReachMetric, policy: DiagonalPolicy) -> bool {
    let chebyshev = gx.max(gy);
    // Every metric here is at least Chebyshev, and in-space squares (gap 0, 0) never count.
    if reach == 0 || chebyshev == 0 || chebyshev > i64::from(reach) {
        return false;
    }
    match *metric {
        ReachMetric::FamilyDistance {
            reach_10_diagonal_exception,
        } => {
            // THR-4: exactly 10 ft also takes the second diagonal (Chebyshev ≤ 2), already checked above.
            if reach_10_diagonal_exception && reach == 2 {
                return true;
            }
            // Gaps are ≤ reach here; a reach beyond i32::MAX squares is not a map distance.
            match (i32::try_from(gx), i32::try_from(gy)) {
                (Ok(dx), Ok(dy)) => policy.squares(dx, dy) <= reach,
                _ => false,
            }
        }
        // saga: reach 1 = adjacent (THR-5), reach ≥ 2 = Chebyshev ≤ reach (engine default).
        ReachMetric::Chebyshev => true,
    }
}

/// THR-3/THR-4/THR-5: whether a creature occupying `space` with `reach_squares` of reach threatens
/// `q`. Squares of the space itself are never threatened; reach 0 threatens nothing. `policy` is the
/// family's diagonal count (§2.2), used by [`ReachMetric::FamilyDistance`] only.
pub fn threatens_square(
    space: Space,
    reach_squares: u32,
    metric: &ReachMetric,
    policy: DiagonalPolicy,
    q: Square,
) -> bool {
    let (gx, gy) = gaps(space, q);
    within_reach(gx, gy, reach_squares, metric, policy)
}

/// The bounding box `(x0, x1, y0, y1)` (inclusive) of the squares `space` can reach with
/// `reach_squares`, clipped to a `width × height` map; `None` when nothing is left.
fn reach_box(space: Space, reach_squares: u32, width: u32, height: u32) -> Option<(i32, i32, i32, i32)> {
    if reach_squares == 0 {
        return None;
    }
    let (r, side) = (i64::from(reach_squares), i64::from(space.side.max(1)));
    // Square coordinates are i32, so a map wider than i32::MAX is clipped there.
    let clip = |lo: i32, extent: u32| {
        let extent = i64::from(extent).min(i64::from(i32::MAX));
        let (a, b) = (
            (i64::from(lo) - r).max(0),
            (i64::from(lo) + side - 1 + r).min(extent - 1),
        );
        // Both within 0..=i32::MAX when non-empty.
        (a <= b).then_some((a as i32, b as i32))
    };
    let (x0, x1) = clip(space.at.x, width)?;
    let (y0, y1) = clip(space.at.y, height)?;
    Some((x0, x1, y0, y1))
}

/// Calls `f` for every square of a `width × height` map threatened from `space` (THR-3), in
/// (y, x) order, visiting only the bounding box of the reach clipped to the map.
fn for_each_threatened(
    space: Space,
    reach: ThreatReach,
    metric: &ReachMetric,
    policy: DiagonalPolicy,
    (x0, x1, y0, y1): (i32, i32, i32, i32),
    mut f: impl FnMut(Square),
) {
    for y in y0..=y1 {
        for x in x0..=x1 {
            let q = Square::new(x, y);
            let (gx, gy) = gaps(space, q);
            if reach.covers(|r| within_reach(gx, gy, r, metric, policy)) {
                f(q);
            }
        }
    }
}

/// THR-3: every square of a `width × height` map (squares `(0, 0)` to `(width-1, height-1)`)
/// threatened from `space`, sorted by (y, x). Never contains the space's own squares.
pub fn threatened_squares(
    space: Space,
    reach: ThreatReach,
    metric: &ReachMetric,
    policy: DiagonalPolicy,
    width: u32,
    height: u32,
) -> Vec<Square> {
    let Some(bbox) = reach_box(space, reach.far(), width, height) else {
        return Vec::new();
    };
    let (x0, x1, y0, y1) = bbox;
    // One allocation: the box bounds the result.
    let mut out = Vec::with_capacity((x1 - x0 + 1) as usize * (y1 - y0 + 1) as usize);
    for_each_threatened(space, reach, metric, policy, bbox, |q| out.push(q));
    out
}

/// THR-3 into a bit layer: ORs `bit` into `mask[y * width + x]` for every threatened square of a
/// `width × height` map, without allocating (the AoO layer of the movement planner).
///
/// # Panics
/// If `mask` is shorter than `width * height`.
// The same inputs as `threatened_squares` plus the layer; a parameter struct would only rename them.
#[allow(clippy::too_many_arguments)]
pub fn threat_mask_fill(
    space: Space,
    reach: ThreatReach,
    metric: &ReachMetric,
    policy: DiagonalPolicy,
    width: u32,
    height: u32,
    mask: &mut [u64],
    bit: u64,
) {
    assert!(
        mask.len() >= width as usize * height as usize,
        "threat mask smaller than the map"
    );
    let Some(bbox) = reach_box(space, reach.far(), width, height) else {
        return;
    };
    for_each_threatened(space, reach, metric, policy, bbox, |q| {
        mask[q.y as usize * width as usize + q.x as usize] |= bit;
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain reach of `r` squares.
    const fn within(r: u32) -> ThreatReach {
        ThreatReach::within(r)
    }

    const SF: ReachMetric = ReachMetric::FamilyDistance {
        reach_10_diagonal_exception: true,
    };
    const PLAIN: ReachMetric = ReachMetric::FamilyDistance {
        reach_10_diagonal_exception: false,
    };
    const SAGA: ReachMetric = ReachMetric::Chebyshev;
    const ALT: DiagonalPolicy = DiagonalPolicy::Alternating;
    const MANHATTAN: DiagonalPolicy = DiagonalPolicy::EveryDiagonalTwo;

    /// Offsets from `centre` of the threatened squares, for readable assertions.
    fn offsets(squares: &[Square], centre: Square) -> Vec<(i32, i32)> {
        squares.iter().map(|q| (q.x - centre.x, q.y - centre.y)).collect()
    }

    fn block(radius: i32) -> Vec<(i32, i32)> {
        let mut v = Vec::new();
        for dy in -radius..=radius {
            for dx in -radius..=radius {
                if (dx, dy) != (0, 0) {
                    v.push((dx, dy));
                }
            }
        }
        v
    }

    #[test]
    fn we_43_reach_10_threatens_the_second_diagonal() {
        let c = Square::new(10, 10);
        let got = threatened_squares(Space::one(c), within(2), &SF, ALT, 21, 21);
        assert_eq!(got.len(), 24);
        assert_eq!(offsets(&got, c), block(2));
        assert!(threatens_square(Space::one(c), 2, &SF, ALT, Square::new(12, 12)));
        assert!(threatens_square(Space::one(c), 2, &SF, ALT, Square::new(8, 8)));
    }

    #[test]
    fn thr_4_without_the_exception_reach_10_misses_the_second_diagonal() {
        let c = Square::new(10, 10);
        let got = threatened_squares(Space::one(c), within(2), &PLAIN, ALT, 21, 21);
        assert_eq!(got.len(), 20);
        for corner in [(2, 2), (-2, 2), (2, -2), (-2, -2)] {
            assert!(!offsets(&got, c).contains(&corner));
        }
    }

    #[test]
    fn we_43_reach_15_uses_normal_diagonal_counting() {
        let s = Space::one(Square::new(10, 10));
        let at = |dx, dy| threatens_square(s, 3, &SF, ALT, Square::new(10 + dx, 10 + dy));
        assert!(at(3, 1));
        assert!(at(2, 2));
        assert!(!at(3, 2));
        assert!(!at(-2, -3));
        assert!(at(-3, 0));
        assert!(!at(4, 0));
        // D_sf ≤ 3: a 7×7 block minus the 4 × 2 (3,2)-type squares and 4 corners (3,3).
        assert_eq!(threatened_squares(s, within(3), &SF, ALT, 30, 30).len(), 48 - 8 - 4);
    }

    #[test]
    fn thr_5_reach_5_threatens_the_eight_neighbours() {
        let c = Square::new(4, 4);
        for metric in [SF, PLAIN, SAGA] {
            let got = threatened_squares(Space::one(c), within(1), &metric, ALT, 9, 9);
            assert_eq!(offsets(&got, c), block(1), "{metric:?}");
        }
    }

    #[test]
    fn thr_3_large_tall_reach_10_threatens_a_6_by_6_block() {
        // Large (2×2) at (5,5)-(6,6) with 10 ft: every square with Chebyshev gap ≤ 2 (the
        // exception gives the corners (3,3), (8,8), ...).
        let s = Space::new(Square::new(5, 5), 2);
        let got = threatened_squares(s, within(2), &SF, ALT, 12, 12);
        assert_eq!(got.len(), 36 - 4);
        assert!(got.contains(&Square::new(3, 3)) && got.contains(&Square::new(8, 8)));
        assert!(got.contains(&Square::new(3, 7)) && got.contains(&Square::new(8, 4)));
        assert!(!got.contains(&Square::new(2, 5)) && !got.contains(&Square::new(9, 9)));
        // Without the exception the 4 outer corners drop (D_sf(2,2) = 3).
        let plain = threatened_squares(s, within(2), &PLAIN, ALT, 12, 12);
        assert_eq!(plain.len(), 32 - 4);
        assert!(!plain.contains(&Square::new(3, 3)));
    }

    #[test]
    fn thr_3_reach_0_threatens_nothing() {
        let s = Space::one(Square::new(3, 3));
        for metric in [SF, PLAIN, SAGA] {
            assert!(threatened_squares(s, within(0), &metric, ALT, 8, 8).is_empty());
            assert!(!threatens_square(s, 0, &metric, ALT, Square::new(4, 3)));
        }
    }

    #[test]
    fn thr_5_saga_reach_1_is_adjacent_including_diagonals() {
        let s = Space::one(Square::new(3, 3));
        let got = threatened_squares(s, within(1), &SAGA, MANHATTAN, 8, 8);
        assert_eq!(offsets(&got, Square::new(3, 3)), block(1));
        // Large saga creature: the 12 squares around its 2×2 space.
        let large = threatened_squares(Space::new(Square::new(3, 3), 2), within(1), &SAGA, MANHATTAN, 8, 8);
        assert_eq!(large.len(), 12);
    }

    #[test]
    fn thr_3_saga_reach_2_defaults_to_chebyshev() {
        let c = Square::new(5, 5);
        let got = threatened_squares(Space::one(c), within(2), &SAGA, MANHATTAN, 11, 11);
        assert_eq!(offsets(&got, c), block(2));
        assert!(!threatens_square(Space::one(c), 2, &SAGA, MANHATTAN, Square::new(8, 5)));
    }

    #[test]
    fn thr_3_family_distance_with_saga_diagonals_is_manhattan() {
        let s = Space::one(Square::new(5, 5));
        assert!(!threatens_square(s, 1, &PLAIN, MANHATTAN, Square::new(6, 6)));
        assert!(threatens_square(s, 2, &PLAIN, MANHATTAN, Square::new(6, 6)));
        assert!(!threatens_square(s, 2, &PLAIN, MANHATTAN, Square::new(7, 6)));
    }

    #[test]
    fn thr_3_clipped_at_map_edges() {
        let got = threatened_squares(Space::one(Square::new(0, 0)), within(2), &SF, ALT, 10, 10);
        assert_eq!(
            got.iter().map(|q| (q.x, q.y)).collect::<Vec<_>>(),
            vec![(1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2)]
        );
        // Bottom-right corner of a 4×3 map.
        let got = threatened_squares(Space::one(Square::new(3, 2)), within(1), &SF, ALT, 4, 3);
        assert_eq!(got, vec![Square::new(2, 1), Square::new(3, 1), Square::new(2, 2)]);
        // A space partly off the map still threatens the on-map squares it reaches.
        let got = threatened_squares(Space::new(Square::new(-1, -1), 2), within(1), &SF, ALT, 5, 5);
        assert_eq!(got, vec![Square::new(1, 0), Square::new(0, 1), Square::new(1, 1)]);
        assert!(threatened_squares(Space::one(Square::new(20, 20)), within(2), &SF, ALT, 5, 5).is_empty());
    }

    #[test]
    fn thr_3_never_includes_own_squares_and_is_sorted() {
        for side in 1..=4 {
            for reach in 0..=4 {
                for metric in [SF, PLAIN, SAGA] {
                    let s = Space::new(Square::new(4, 3), side);
                    let got = threatened_squares(s, within(reach), &metric, ALT, 14, 14);
                    assert!(got.iter().all(|q| !s.contains(*q)), "side {side} reach {reach}");
                    assert!(got.windows(2).all(|w| (w[0].y, w[0].x) < (w[1].y, w[1].x)));
                    // Agrees with the per-square predicate on the whole map.
                    let all: Vec<_> = (0..14)
                        .flat_map(|y| (0..14).map(move |x| Square::new(x, y)))
                        .filter(|q| threatens_square(s, reach, &metric, ALT, *q))
                        .collect();
                    assert_eq!(got, all);
                }
            }
        }
    }

    /// §6.2 (d20 SRD reach weapon): a ring beyond the natural reach; a second weapon's reach
    /// fills the hole as far as it goes; the mask agrees with the list.
    #[test]
    fn thr_3_reach_weapon_ring_and_union() {
        let c = Square::new(5, 5);
        let ring = ThreatReach::ring(2, 1);
        let got = threatened_squares(Space::one(c), ring, &SF, ALT, 11, 11);
        assert_eq!(
            offsets(&got, c),
            block(2)
                .into_iter()
                .filter(|(x, y)| x.abs().max(y.abs()) == 2)
                .collect::<Vec<_>>()
        );
        assert_eq!(ring.union(within(1)), within(2));
        assert_eq!(within(1).union(ring), within(2));
        assert_eq!(ThreatReach::ring(1, 1), within(0), "nothing beyond the hole");
        // Large (2×2), natural 10 ft, a 20-ft reach weapon: beyond 2 squares, within 4.
        let s = Space::new(c, 2);
        let large = ThreatReach::ring(4, 2);
        let at = |r: ThreatReach, x: i32| r.threatens(s, &SF, ALT, Square::new(x, 5));
        assert_eq!([4, 3, 2, 1, 0].map(|x| at(large, x)), [false, false, true, true, false]);
        // A 5-ft second weapon fills only the adjacent squares.
        let split = large.union(within(1));
        assert_eq!([4, 3, 2, 1, 0].map(|x| at(split, x)), [true, false, true, true, false]);
        let (w, h) = (14u32, 14u32);
        let mut mask = vec![0u64; (w * h) as usize];
        threat_mask_fill(s, split, &SF, ALT, w, h, &mut mask, 1);
        let listed = threatened_squares(s, split, &SF, ALT, w, h);
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                let q = Square::new(x, y);
                assert_eq!(mask[(y * w as i32 + x) as usize] == 1, listed.contains(&q), "{q}");
                assert_eq!(split.threatens(s, &SF, ALT, q), listed.contains(&q), "{q}");
            }
        }
    }

    #[test]
    fn thr_3_mask_fill_matches_the_square_list() {
        let (w, h) = (9u32, 7u32);
        let mut mask = vec![0u64; (w * h) as usize];
        let a = Space::one(Square::new(2, 2));
        let b = Space::new(Square::new(6, 4), 2);
        threat_mask_fill(a, within(2), &SF, ALT, w, h, &mut mask, 1);
        threat_mask_fill(b, within(1), &SF, ALT, w, h, &mut mask, 4);
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                let q = Square::new(x, y);
                let expect = u64::from(threatens_square(a, 2, &SF, ALT, q))
                    | (4 * u64::from(threatens_square(b, 1, &SF, ALT, q)));
                assert_eq!(mask[(y * w as i32 + x) as usize], expect, "{q}");
            }
        }
    }
}
