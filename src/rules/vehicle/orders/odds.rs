//! The odds of a vehicle order's Piloting check before it is made (issue #18 item 5): a race's
//! check (VEH-5: DC 10 + item level, +5 from a dead stop) and a ram's, which is the same check
//! on the race line (VEH-8), with the rammed creature's chance to avoid it (a Reflex save
//! against the collision DC). Pure: the DC and modifiers `race_check` and `ram_defense` roll
//! with; rolls nothing.

use super::race::race_dc;
use crate::rules::vehicle::access::{piloted_by, piloting_modifiers, reflex, vehicle};
use crate::rules::{D20Check, Modifier, Profile, RuleError, UnitId, UnitKind};
use bevy::prelude::World;
use serde::Serialize;

/// A d20 check before it is rolled: what it must reach, its modifiers and the chance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CheckOdds {
    pub dc: i32,
    pub modifiers: Vec<Modifier>,
    /// The sum of the modifiers that count (§21).
    pub bonus: i32,
    /// The chance, in percent, that d20 + `bonus` reaches `dc`.
    pub chance: f64,
}

impl CheckOdds {
    pub fn new(dc: i32, modifiers: Vec<Modifier>) -> Self {
        let bonus = modifiers
            .iter()
            .filter(|m| m.counts())
            .fold(0i32, |sum, m| sum.saturating_add(m.value));
        let chance = (D20Check::chance(&modifiers, dc) * 1000.0).round() / 10.0;
        CheckOdds {
            dc,
            modifiers,
            bonus,
            chance,
        }
    }
}

/// VEH-5: the Piloting check `pilot` would make to race the vehicle it controls now (also
/// whether it is from a dead stop, +5 to the DC).
pub fn race_odds(world: &World, pilot: &UnitId) -> Result<(CheckOdds, bool), RuleError> {
    let v = piloted_by(world, pilot)?;
    let (dc, dead_stop) = race_dc(world, &v)?;
    Ok((CheckOdds::new(dc, piloting_modifiers(world, pilot, &v)), dead_stop))
}

/// A ram before it is made (VEH-8): the rammer's Piloting check, and what the target rolls to
/// avoid it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RamOdds {
    pub piloting: CheckOdds,
    pub dead_stop: bool,
    /// A creature's Reflex save against the vehicle's collision DC (its chance to avoid the
    /// ram once the check succeeds); `None` for a vehicle, whose pilot must beat the rammer's
    /// result (an opposed roll, WE-54), or an object, which cannot avoid it.
    pub target_reflex: Option<CheckOdds>,
}

/// VEH-8: the odds of `pilot` ramming `target` with the vehicle it controls.
pub fn ram_odds(world: &World, pilot: &UnitId, target: &UnitId) -> Result<RamOdds, RuleError> {
    let (piloting, dead_stop) = race_odds(world, pilot)?;
    let v = piloted_by(world, pilot)?;
    let is_vehicle = vehicle(world, target).is_ok();
    let object = crate::rules::unit_component::<Profile>(world, target).is_some_and(|p| p.kind == UnitKind::Object);
    let target_reflex = (!is_vehicle && !object).then(|| {
        let bonus = reflex(world, target).unwrap_or(0);
        CheckOdds::new(v.stats.collision_dc, vec![Modifier::new(bonus, "Reflex save")])
    });
    Ok(RamOdds {
        piloting,
        dead_stop,
        target_reflex,
    })
}
