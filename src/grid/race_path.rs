//! VEH-4: the straight line a vehicle's space follows when it must move "at its current
//! heading" (race, ram, uncontrolled, autocontrol). Pure geometry: the reference point is the
//! centre of the front edge (VEH-2); the space is translated one king step at a time so that
//! this point stays closest to the ray at `angle_deg` off the heading (Bresenham on the
//! reference point; 45° gives pure diagonal steps). Costs use the family's diagonal policy.

use super::Heading;
use crate::ruleset::DiagonalPolicy;

/// One step of a race line: the translation of the space from its start, and the distance
/// moved so far in feet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RaceStep {
    pub dx: i32,
    pub dy: i32,
    pub cost_ft: u32,
}

/// The steps of a race line up to `max_ft`, in order. `angle_deg` is measured from the
/// heading, positive to the right (clockwise); up to ±90° is accepted (the off-course arcs
/// reach ±67.5°, VEH-5), larger angles are clamped. The caller limits controlled lines to
/// the family's largest angle (VEH-2).
pub fn race_steps(
    heading: Heading,
    angle_deg: f64,
    max_ft: u32,
    square_ft: u32,
    diagonal: DiagonalPolicy,
) -> Vec<RaceStep> {
    let angle = angle_deg.clamp(-90.0, 90.0);
    let (ax, ay) = heading.step();
    let (rx, ry) = heading.right();
    let square_ft = square_ft.max(1);
    let mut steps = Vec::new();
    for k in 1i32.. {
        let (ahead, right) = offset_at(k, angle);
        let (dx, dy) = (ahead * ax + right * rx, ahead * ay + right * ry);
        let cost_ft = diagonal.squares(dx, dy) * square_ft;
        if cost_ft > max_ft {
            break;
        }
        steps.push(RaceStep { dx, dy, cost_ft });
    }
    steps
}

/// The heading-relative offset `(ahead, right)` after `k` steps along the ray at `angle`
/// degrees: the major axis advances one square per step, the minor one is the rounded
/// position of the ray there. Exactly 0° and ±45° are special-cased so that floating point
/// never bends a straight or diagonal line.
fn offset_at(k: i32, angle: f64) -> (i32, i32) {
    let sign = if angle < 0.0 { -1 } else { 1 };
    let a = angle.abs();
    if a == 0.0 {
        return (k, 0);
    }
    if a == 45.0 {
        return (k, sign * k);
    }
    if a == 90.0 {
        return (0, sign * k);
    }
    let t = a.to_radians().tan();
    if a < 45.0 {
        (k, sign * (f64::from(k) * t).round() as i32)
    } else {
        ((f64::from(k) / t).round() as i32, sign * k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALT: DiagonalPolicy = DiagonalPolicy::Alternating;

    fn offsets(h: Heading, angle: f64, ft: u32) -> Vec<(i32, i32)> {
        race_steps(h, angle, ft, 5, ALT).iter().map(|s| (s.dx, s.dy)).collect()
    }

    /// VEH-4 at 0°: straight ahead, 5 ft a square.
    #[test]
    fn veh_4_race_arc_bound_0_degrees_is_straight_ahead() {
        assert_eq!(offsets(Heading::E, 0.0, 20), [(1, 0), (2, 0), (3, 0), (4, 0)]);
        assert_eq!(offsets(Heading::N, 0.0, 10), [(0, -1), (0, -2)]);
    }

    /// VEH-4 at 45°: pure diagonal steps, costing 1-2-1-2 in starfinder.
    #[test]
    fn veh_4_race_arc_bound_45_degrees_is_pure_diagonal() {
        let s = race_steps(Heading::E, 45.0, 30, 5, ALT);
        let got: Vec<(i32, i32, u32)> = s.iter().map(|s| (s.dx, s.dy, s.cost_ft)).collect();
        assert_eq!(got, [(1, 1, 5), (2, 2, 15), (3, 3, 20), (4, 4, 30)]);
        assert_eq!(offsets(Heading::N, -45.0, 15), [(-1, -1), (-2, -2)]);
    }

    /// Every step is one king step from the last; angles between 0° and 45° bend gradually.
    #[test]
    fn race_lines_are_connected_king_steps() {
        for h in Heading::ALL {
            for angle in [-67.5, -45.0, -30.0, -22.5, -10.0, 0.0, 10.0, 22.5, 30.0, 45.0, 67.5] {
                let mut last = (0, 0);
                for (dx, dy) in offsets(h, angle, 200) {
                    assert!((dx - last.0).abs() <= 1 && (dy - last.1).abs() <= 1, "{h} {angle}");
                    assert_ne!((dx, dy), last);
                    last = (dx, dy);
                }
            }
        }
        assert_eq!(offsets(Heading::E, 22.5, 25), [(1, 0), (2, 1), (3, 1), (4, 2)]);
    }
}
