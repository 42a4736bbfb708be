//! The DCs of Table 8-3 and of boarding and collisions (RULES.md §26.3, §26.5; WE-55), from
//! `ChaseRules` data: `base + item level` for the actions against the course, the enemy
//! vehicle's KAC for the actions against a vehicle.

use super::state::ChaseVehicle;
use crate::ruleset::{ChaseRules, PilotAction, Variants};

/// The Piloting DC of `action` by a pilot of `own` against `enemies` (the target of engage;
/// the enemy vehicles of the engagement for break free). `None` when no check is needed:
/// slow down, engaging only allies, breaking free of only allies (001:4746-4763, 4834).
pub fn action_dc(
    rules: &ChaseRules,
    variants: &Variants,
    action: PilotAction,
    own: &ChaseVehicle,
    enemies: &[&ChaseVehicle],
) -> Option<i32> {
    let il = own.item_level as i32;
    match action {
        PilotAction::KeepPace => Some(rules.keep_pace_dc_base as i32 + il),
        PilotAction::Evade => Some(rules.evade_dc_base as i32 + il),
        PilotAction::SpeedUp => Some(rules.speed_up_dc_base as i32 + il),
        PilotAction::Trick => Some(rules.trick_dc_base as i32 + il),
        PilotAction::SlowDown => None,
        PilotAction::Engage => enemies.iter().map(|v| v.kac).max(),
        PilotAction::BreakFree => break_free_dc(rules, variants, enemies),
    }
}

/// Break free (001:4746-4752): 5 + the enemy's KAC; with several enemy vehicles the highest
/// KAC + 5 per enemy beyond the first, which read literally drops the base 5 (U26: the variant
/// `chase_breakfree_keep_base5` keeps it).
pub fn break_free_dc(rules: &ChaseRules, variants: &Variants, enemies: &[&ChaseVehicle]) -> Option<i32> {
    let highest = enemies.iter().map(|v| v.kac).max()?;
    let extra = enemies.len() as i32 - 1;
    let per_extra = rules.break_free_per_extra_vehicle as i32 * extra;
    let base = rules.break_free_kac_bonus as i32;
    Some(if extra == 0 {
        base + highest
    } else if variants.chase_breakfree_keep_base5 {
        base + highest + per_extra
    } else {
        highest + per_extra
    })
}

/// Collision (CHS-17): the KAC of the vehicle smashed into.
pub fn collision_dc(target: &ChaseVehicle) -> i32 {
    target.kac
}

/// Boarding between engaged vehicles (CHS-16): 5 + the KAC of the vehicle boarded.
pub fn boarding_dc(rules: &ChaseRules, target: &ChaseVehicle) -> i32 {
    rules.boarding_dc_base as i32 + target.kac
}

/// The double maneuver penalty (001:4903-4915): −4, or −2 when `own` is at least 50 ft
/// faster (full speed) than the fastest enemy vehicle still in the chase.
pub fn double_maneuver_penalty(rules: &ChaseRules, own: &ChaseVehicle, enemies: &[&ChaseVehicle]) -> i32 {
    let fastest = enemies.iter().map(|v| v.full_speed_ft).max().unwrap_or(0);
    if own.full_speed_ft >= fastest + rules.double_maneuver_fast_margin_ft {
        rules.double_maneuver_fast_penalty
    } else {
        rules.double_maneuver_penalty
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{DiceExpr, SideId, UnitId};
    use crate::ruleset::{Family, load_embedded};

    fn vehicle(item_level: u32, kac: i32, full_speed_ft: u32) -> ChaseVehicle {
        ChaseVehicle {
            id: UnitId(format!("v{kac}")),
            name: "v".into(),
            side: SideId("a".into()),
            item_level,
            kac,
            eac: kac - 2,
            full_speed_ft,
            piloting: 0,
            attack_penalty: -1,
            collision: DiceExpr::parse("4d4").unwrap(),
        }
    }

    /// WE-55: the chase DCs of an item level 4 vehicle against KAC 20 (and KAC 18).
    #[test]
    fn we_55_chase_dcs() {
        let ruleset = load_embedded(Family::Starfinder).unwrap();
        let rules = ruleset.chases.as_ref().unwrap();
        let literal = Variants::default();
        let keep_base = Variants {
            chase_breakfree_keep_base5: true,
            ..Variants::default()
        };
        let own = vehicle(4, 15, 400);
        let (a, b) = (vehicle(1, 20, 400), vehicle(1, 18, 400));
        let dc = |action| action_dc(rules, &literal, action, &own, &[&a]);
        assert_eq!(dc(PilotAction::KeepPace), Some(14));
        assert_eq!(dc(PilotAction::Evade), Some(14));
        assert_eq!(dc(PilotAction::SpeedUp), Some(21));
        assert_eq!(dc(PilotAction::Trick), Some(19));
        assert_eq!(dc(PilotAction::Engage), Some(20));
        assert_eq!(dc(PilotAction::BreakFree), Some(25));
        assert_eq!(dc(PilotAction::SlowDown), None);
        assert_eq!(break_free_dc(rules, &literal, &[&a, &b]), Some(25), "U26 literal");
        assert_eq!(break_free_dc(rules, &keep_base, &[&a, &b]), Some(30), "U26 variant");
        assert_eq!(break_free_dc(rules, &literal, &[]), None, "only allies: no check");
        assert_eq!(collision_dc(&a), 20);
        assert_eq!(boarding_dc(rules, &a), 25);
    }

    #[test]
    fn double_maneuver_penalty_is_reduced_only_at_50_ft_faster() {
        let ruleset = load_embedded(Family::Starfinder).unwrap();
        let rules = ruleset.chases.as_ref().unwrap();
        let enemy = vehicle(1, 12, 400);
        assert_eq!(double_maneuver_penalty(rules, &vehicle(1, 12, 449), &[&enemy]), -4);
        assert_eq!(double_maneuver_penalty(rules, &vehicle(1, 12, 450), &[&enemy]), -2);
    }
}
