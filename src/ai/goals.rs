//! What a side plays for, read from the scenario's objectives: zones it must reach or hold,
//! zones its foes must reach or hold (to guard and contest), rounds to survive, and whether
//! the battle is won by elimination. The scores read these; nothing here decides a move.

use crate::grid::{Space, Square};
use crate::rules::SideId;
use crate::scenario::ScenarioSpec;
use crate::scenario::format::Goal;

/// The objectives as one side sees them.
#[derive(Debug, Clone, Default)]
pub struct Goals {
    /// Zones a unit of the side wins by standing in.
    pub reach: Vec<Vec<Square>>,
    /// Zones the side wins by holding (a unit in, no foe in) for some rounds.
    pub hold: Vec<Vec<Square>>,
    /// Zones the foes win by reaching: guard them.
    pub guard: Vec<Vec<Square>>,
    /// Zones the foes win by holding: contest them.
    pub contest: Vec<Vec<Square>>,
    /// The side wins by lasting some rounds: caution pays.
    pub survive: bool,
    /// The side wins by escaping aboard its vehicles: it runs from a chase.
    pub escape: bool,
    /// A foe wins by escaping: the side hunts it in a chase.
    pub stop_escape: bool,
}

impl Goals {
    pub fn of(spec: &ScenarioSpec, side: &SideId) -> Goals {
        let zone = |id: &str| {
            spec.zones
                .iter()
                .find(|z| z.id == id)
                .map(|z| z.squares.clone())
                .unwrap_or_default()
        };
        let mut goals = Goals::default();
        for o in &spec.objectives {
            let own = &o.side == side;
            match (&o.goal, own) {
                (Goal::ReachZone(z), true) => goals.reach.push(zone(z)),
                (Goal::ReachZone(z), false) => goals.guard.push(zone(z)),
                (Goal::HoldZone { zone: z, .. }, true) => goals.hold.push(zone(z)),
                (Goal::HoldZone { zone: z, .. }, false) => goals.contest.push(zone(z)),
                (Goal::SurviveRounds(_), true) => goals.survive = true,
                (Goal::Escape, true) => goals.escape = true,
                (Goal::Escape, false) => goals.stop_escape = true,
                _ => {}
            }
        }
        goals
    }

    /// Zones where standing helps the side (to reach, hold or contest).
    pub fn stand_in(&self) -> impl Iterator<Item = &Vec<Square>> {
        self.reach.iter().chain(self.hold.iter()).chain(self.contest.iter())
    }
}

/// Squares between `space` and the nearest square of `zone` (0 when they overlap), by the
/// larger of the two axes; `None` for an empty zone.
pub fn zone_gap(space: Space, zone: &[Square]) -> Option<u32> {
    let last = space.side.max(1) as i32 - 1;
    let axis = |v: i32, lo: i32| (lo - v).max(v - (lo + last)).max(0);
    zone.iter()
        .map(|sq| axis(sq.x, space.at.x).max(axis(sq.y, space.at.y)) as u32)
        .min()
}

/// Whether `space` has a square in `zone`.
pub fn inside(space: Space, zone: &[Square]) -> bool {
    space.squares().any(|sq| zone.contains(&sq))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_to_a_zone() {
        let zone = vec![Square::new(5, 5), Square::new(6, 5)];
        assert_eq!(zone_gap(Space::new(Square::new(5, 5), 1), &zone), Some(0));
        assert_eq!(zone_gap(Space::new(Square::new(2, 5), 1), &zone), Some(3));
        assert_eq!(zone_gap(Space::new(Square::new(8, 8), 1), &zone), Some(3));
        assert_eq!(
            zone_gap(Space::new(Square::new(3, 4), 2), &zone),
            Some(1),
            "a 2×2 space"
        );
        assert_eq!(zone_gap(Space::new(Square::new(0, 0), 1), &[]), None);
    }
}
