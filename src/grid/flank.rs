//! The flanking line test of FLK-1 as pure geometry: does a line between two flankers' centres pass
//! through opposite borders or opposite corners of the opponent's space. Threat checks belong to the rules layer.

use super::{Space, Square};

/// One side of the opponent's rectangle, as a bit of a side set.
const LEFT: u8 = 1;
const RIGHT: u8 = 2;
const TOP: u8 = 4;
const BOTTOM: u8 = 8;

/// A parameter `t = num / den` along a segment, `den > 0`, compared exactly.
#[derive(Clone, Copy)]
struct Ratio {
    num: i128,
    den: i128,
}

impl Ratio {
    const ZERO: Ratio = Ratio { num: 0, den: 1 };
    const ONE: Ratio = Ratio { num: 1, den: 1 };

    /// `num / den` for any non-zero `den`, normalised to a positive denominator.
    fn new(num: i128, den: i128) -> Self {
        if den < 0 {
            Ratio { num: -num, den: -den }
        } else {
            Ratio { num, den }
        }
    }

    fn lt(self, other: Ratio) -> bool {
        self.num * other.den < other.num * self.den
    }

    fn max(self, other: Ratio) -> Ratio {
        if self.lt(other) { other } else { self }
    }

    fn min(self, other: Ratio) -> Ratio {
        if other.lt(self) { other } else { self }
    }
}

/// The sides of `[lo, hi]` on one axis that the coordinate `p + t·d` lies on, as `lo_bit`/`hi_bit`.
fn axis_sides(p: i128, d: i128, t: Ratio, lo: i128, hi: i128, lo_bit: u8, hi_bit: u8) -> u8 {
    // Coordinate · den, exact.
    let c = p * t.den + t.num * d;
    let mut sides = 0;
    if c == lo * t.den {
        sides |= lo_bit;
    }
    if c == hi * t.den {
        sides |= hi_bit;
    }
    sides
}

/// FLK-1 for one pair of squares: the segment between the centres of `a` and `b` meets the
/// bounding rectangle of `o`, and its entry and exit points lie on opposite sides (left/right or
/// top/bottom; a corner belongs to both of its sides) or on diagonally opposite corners.
///
/// Works in doubled coordinates so that centres `(2x+1, 2y+1)` and the rectangle's lattice sides
/// are integers, and clips the segment (Liang–Barsky) with exact rational parameters.
pub fn flanking_pair(a: Square, b: Square, o: Space) -> bool {
    if a == b {
        return false;
    }
    let centre = |s: Square| (2 * i128::from(s.x) + 1, 2 * i128::from(s.y) + 1);
    let (p, q) = (centre(a), centre(b));
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let side = i128::from(o.side.max(1));
    let (x_lo, y_lo) = (2 * i128::from(o.at.x), 2 * i128::from(o.at.y));
    let (x_hi, y_hi) = (x_lo + 2 * side, y_lo + 2 * side);

    // Clip t ∈ [0, 1] to lo ≤ p + t·d ≤ hi on each axis.
    let (mut t0, mut t1) = (Ratio::ZERO, Ratio::ONE);
    for (p, d, lo, hi) in [(p.0, dx, x_lo, x_hi), (p.1, dy, y_lo, y_hi)] {
        if d == 0 {
            if p < lo || p > hi {
                return false;
            }
        } else {
            let (ta, tb) = (Ratio::new(lo - p, d), Ratio::new(hi - p, d));
            let (enter, leave) = if d > 0 { (ta, tb) } else { (tb, ta) };
            t0 = t0.max(enter);
            t1 = t1.min(leave);
        }
    }
    // Empty, or a single touching point (a corner is never opposite itself).
    if !t0.lt(t1) {
        return false;
    }
    let sides =
        |t: Ratio| axis_sides(p.0, dx, t, x_lo, x_hi, LEFT, RIGHT) | axis_sides(p.1, dy, t, y_lo, y_hi, TOP, BOTTOM);
    let (entry, exit) = (sides(t0), sides(t1));
    let opposite = |s1: u8, s2: u8| entry & s1 != 0 && exit & s2 != 0;
    // Diagonally opposite corners share a left/right (and top/bottom) opposite pair, so they are
    // covered by the side test; they are kept explicit to mirror FLK-1.
    let corner = |s: u8| s.count_ones() == 2;
    let opposite_corners = corner(entry) && corner(exit) && entry & exit == 0;
    opposite(LEFT, RIGHT) || opposite(RIGHT, LEFT) || opposite(TOP, BOTTOM) || opposite(BOTTOM, TOP) || opposite_corners
}

/// FLK-1 (geometry only): the first pair `(x_sq, y_sq)`, with `x_sq` of `x` and `y_sq` of `y`, whose
/// centre line passes through opposite borders or opposite corners of `o`'s space; `None` if no
/// pair does. A multi-square flanker flanks if any of its squares qualifies (001:1749-1750).
///
/// Pairs are tried with `x`'s squares in (y, x) order, and for each of them `y`'s squares in
/// (y, x) order. Whether both flankers threaten `o` (and reach 0) is checked by the rules layer.
pub fn flanking_line(x: Space, y: Space, o: Space) -> Option<(Square, Square)> {
    x.squares()
        .flat_map(|xs| y.squares().map(move |ys| (xs, ys)))
        .find(|&(xs, ys)| flanking_pair(xs, ys, o))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn one(x: i32, y: i32) -> Space {
        Space::one(Square::new(x, y))
    }

    fn sq(x: i32, y: i32) -> Square {
        Square::new(x, y)
    }

    /// Medium opponent of the §12 examples, at (0, 0).
    const O: Space = Space::one(Square::new(0, 0));

    #[test]
    fn flk_1_opposite_sides_flank() {
        assert_eq!(flanking_line(one(-1, 0), one(1, 0), O), Some((sq(-1, 0), sq(1, 0))));
        assert!(flanking_line(one(0, -1), one(0, 1), O).is_some());
    }

    #[test]
    fn flk_1_opposite_corners_flank() {
        assert!(flanking_line(one(-1, -1), one(1, 1), O).is_some());
        assert!(flanking_line(one(1, -1), one(-1, 1), O).is_some());
    }

    #[test]
    fn flk_1_left_side_to_bottom_does_not_flank() {
        // Enters the left side, leaves through the bottom (y grows downward).
        assert_eq!(flanking_line(one(-1, 0), one(1, 1), O), None);
        // Neighbouring sides and a flanker beside the partner never flank.
        assert_eq!(flanking_line(one(-1, 0), one(0, 1), O), None);
        assert_eq!(flanking_line(one(-1, -1), one(1, -1), O), None);
        assert_eq!(flanking_line(one(-1, -1), one(1, 0), O), None);
    }

    #[test]
    fn flk_1_reach_10_flanker_two_squares_away_flanks() {
        assert!(flanking_line(one(-2, 0), one(1, 0), O).is_some());
        assert!(flanking_line(one(-2, -2), one(1, 1), O).is_some());
    }

    #[test]
    fn flk_1_only_touching_a_corner_does_not_flank() {
        // The line from (-1,0) to (1,-2) touches only the top-left corner of O.
        assert_eq!(flanking_line(one(-1, 0), one(1, -2), O), None);
        // Line from (−1,1) to (1,−1) crosses O's interior diagonally through opposite corners.
        assert!(flanking_line(one(-1, 1), one(1, -1), O).is_some());
    }

    #[test]
    fn flk_1_we_18_opposite_sides_flank() {
        // Altronus and Raia on either side of the ksarik: a vertical line crosses top and bottom.
        let ksarik = one(5, 5);
        assert_eq!(flanking_line(one(5, 4), one(5, 6), ksarik), Some((sq(5, 4), sq(5, 6))));
    }

    #[test]
    fn flk_1_we_19_no_opposite_line_no_flank() {
        // Obozaya at a side of the ksarik, the partners at the neighbouring side and a corner.
        let ksarik = one(5, 5);
        assert_eq!(flanking_line(one(4, 5), one(5, 6), ksarik), None);
        assert_eq!(flanking_line(one(4, 5), one(6, 6), ksarik), None);
    }

    #[test]
    fn flk_1_we_20_reach_creature_flanks_from_two_squares() {
        // Ksarik with 10 ft reach two squares left of Navasi, goblin adjacent on the right.
        let navasi = one(5, 5);
        assert!(flanking_line(one(3, 5), one(6, 5), navasi).is_some());
    }

    #[test]
    fn flk_1_we_21_large_opponent_flanked_from_opposite_sides() {
        // A Large droid at (4,4)-(5,5), flankers on its left and right.
        let droid = Space::new(sq(4, 4), 2);
        assert_eq!(flanking_line(one(3, 4), one(6, 4), droid), Some((sq(3, 4), sq(6, 4))));
        assert!(flanking_line(one(3, 5), one(6, 5), droid).is_some());
        assert!(flanking_line(one(4, 3), one(5, 6), droid).is_some());
        // Offset rows still cross left and right.
        assert!(flanking_line(one(3, 4), one(6, 5), droid).is_some());
        // Left side to bottom side does not.
        assert_eq!(flanking_line(one(3, 4), one(4, 6), droid), None);
    }

    #[test]
    fn flk_1_large_opponent_flanked_from_opposite_corners() {
        let droid = Space::new(sq(4, 4), 2);
        assert!(flanking_line(one(3, 3), one(6, 6), droid).is_some());
        assert!(flanking_line(one(6, 3), one(3, 6), droid).is_some());
        // Two corner squares on the same side of the droid do not.
        assert_eq!(flanking_line(one(3, 3), one(6, 3), droid), None);
    }

    #[test]
    fn flk_1_multi_square_flanker_flanks_if_any_square_qualifies() {
        // Opponent at (2,2), partner diagonally at (3,3), Large flanker at (0,1)-(1,2): only its
        // square (1,1) lies on the opposite-corner diagonal.
        let o = one(2, 2);
        let large = Space::new(sq(0, 1), 2);
        let partner = one(3, 3);
        let qualifying: Vec<_> = large.squares().filter(|&s| flanking_pair(s, sq(3, 3), o)).collect();
        assert_eq!(qualifying, vec![sq(1, 1)]);
        assert_eq!(flanking_line(large, partner, o), Some((sq(1, 1), sq(3, 3))));
        assert_eq!(flanking_line(partner, large, o), Some((sq(3, 3), sq(1, 1))));
    }

    #[test]
    fn flk_1_flanker_inside_the_opponent_does_not_flank() {
        assert_eq!(flanking_line(one(0, 0), one(1, 0), O), None);
        assert_eq!(flanking_line(one(-1, 0), one(-1, 0), O), None);
    }

    fn space() -> impl Strategy<Value = Space> {
        (0..8i32, 0..8i32, 1..=3u32).prop_map(|(x, y, side)| Space::new(Square::new(x, y), side))
    }

    proptest! {
        #[test]
        fn flk_1_flanking_is_symmetric(x in space(), y in space(), o in space()) {
            let xy = flanking_line(x, y, o);
            let yx = flanking_line(y, x, o);
            prop_assert_eq!(xy.is_some(), yx.is_some());
            if let Some((a, b)) = xy {
                prop_assert!(flanking_pair(b, a, o));
            }
        }

        #[test]
        fn flk_1_flanking_is_mirror_invariant(x in space(), y in space(), o in space()) {
            // Mirroring the whole layout left-right keeps the answer.
            let mirror = |s: Space| Space::new(Square::new(20 - s.at.x - s.side as i32 + 1, s.at.y), s.side);
            prop_assert_eq!(flanking_line(x, y, o).is_some(), flanking_line(mirror(x), mirror(y), mirror(o)).is_some());
        }
    }
}
