//! Bleeding (RULES.md §20, starfinder 001:3845-3851): a bleeding unit takes the listed damage
//! at the start of each of its turns, only the worst of several bleeds applies, and any
//! effect that restores Hit Points to it stops it. A bleed comes from the scenario (the
//! unit's `Bleeding` component) or from a tracked effect with `damage` (`TrackEffect`); only
//! `apply` adds or removes either.
//!
//! The DC 15 Medicine check that also stops it is a skill check, which the engine does not
//! model: `TreatBleeding` is refused as not supported rather than resolved with a guess.

use crate::rules::HealthEvent;
use crate::rules::engine::error::illegal;
use crate::rules::health::LifeState;
use crate::rules::{Bleeding, Combat, ConditionName, DiceExpr, Executor, RuleError, UnitId, unit_component};
use crate::ruleset::{BleedingRules, Ruleset, WorstBleed};
use bevy::prelude::World;

/// One bleed on a unit: its damage each turn, where it came from, and the tracked effect
/// that carries it, if one does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bleed {
    pub damage: DiceExpr,
    pub source: String,
    pub effect: Option<u32>,
}

/// Every bleed on `unit` now: the scenario's first, then effects in the order they began.
pub fn bleeds(world: &World, unit: &UnitId) -> Vec<Bleed> {
    let mut out: Vec<Bleed> = unit_component::<Bleeding>(world, unit)
        .map(|b| Bleed {
            damage: b.0,
            source: "bleeding".into(),
            effect: None,
        })
        .into_iter()
        .collect();
    out.extend(
        world
            .resource::<Combat>()
            .effects
            .iter()
            .filter(|e| &e.target == unit)
            .filter_map(|e| {
                e.damage.map(|damage| Bleed {
                    damage,
                    source: e.name.clone(),
                    effect: Some(e.id),
                })
            }),
    );
    out
}

/// §20: "you take only the damage from the worst effect". The seed does not say how dice
/// compare; the family's `worst` says (starfinder: the highest average, then the highest
/// maximum, then the first).
pub fn worst<'b>(rules: &BleedingRules, bleeds: &'b [Bleed]) -> Option<&'b Bleed> {
    let key = |b: &Bleed| match rules.worst {
        WorstBleed::HighestAverage => (b.damage.twice_average(), b.damage.max()),
    };
    bleeds.iter().fold(None, |best, b| match best {
        Some(x) if key(x) >= key(b) => Some(x),
        _ => Some(b),
    })
}

/// The family's bleeding rules, or why it has none.
fn rules_of(world: &World) -> Result<BleedingRules, RuleError> {
    let rules = world.resource::<Ruleset>();
    rules.health.bleeding.ok_or_else(|| {
        RuleError::NotSupported(format!(
            "the bleeding condition is not in {}'s rules (RULES.md §20 gives it for starfinder only)",
            rules.name
        ))
    })
}

/// Reads a bleed's damage: a dice expression that can deal at least 1.
pub fn parse_bleed(text: &str) -> Result<DiceExpr, String> {
    let damage = DiceExpr::parse(text).map_err(|e| e.to_string())?;
    if damage.max() < 1 {
        return Err(format!(
            "bleeding of `{text}` can never deal damage (it must be able to deal at least 1)"
        ));
    }
    Ok(damage)
}

/// Checks what a `TrackEffect` says about damage: the bleeding condition needs it (in a
/// family that has bleeding), every other effect must leave it out.
pub fn check_effect_damage(
    world: &World,
    condition: Option<ConditionName>,
    damage: Option<&str>,
) -> Result<Option<DiceExpr>, RuleError> {
    let bleeding = condition == Some(ConditionName::Bleeding);
    if bleeding {
        rules_of(world)?;
    }
    match (bleeding, damage) {
        (true, None) => Err(illegal(
            "the bleeding condition needs `damage`, what it deals at the start of each turn (e.g. \"1d4\")",
        )),
        (true, Some(text)) => parse_bleed(text).map(Some).map_err(RuleError::IllegalMove),
        (false, Some(_)) => Err(illegal("`damage` is only for the bleeding condition")),
        (false, None) => Ok(None),
    }
}

/// §20: at the start of its turn a bleeding unit takes the worst bleed's damage, rolled with
/// the battle's dice, through the family's health model. A dead unit bleeds no more.
pub fn bleed_at_turn_start(ex: &mut Executor, unit: &UnitId) -> Result<(), RuleError> {
    let Ok(rules) = rules_of(ex.world) else {
        return Ok(());
    };
    if ex.get::<LifeState>(unit) == Some(&LifeState::Dead) {
        return Ok(());
    }
    let all = bleeds(ex.world, unit);
    let Some(bleed) = worst(&rules, &all).cloned() else {
        return Ok(());
    };
    let mut dice = Vec::new();
    for _ in 0..bleed.damage.count {
        dice.push(ex.roll(bleed.damage.sides, format!("bleeding ({unit})"))?);
    }
    let rolled: i64 = dice.iter().map(|d| i64::from(d.result)).sum::<i64>() + i64::from(bleed.damage.bonus);
    // A penalty can take a roll below 0; it then deals nothing (it is not a hit, so no
    // minimum damage applies).
    let total = rolled.max(0) as u32;
    ex.emit(HealthEvent::BleedDamage {
        unit: unit.clone(),
        source: bleed.source,
        damage: bleed.damage,
        bleeds: all.len() as u32,
        dice,
        bonus: bleed.damage.bonus,
        total,
    });
    if total > 0 {
        let ruleset = ex.ruleset().clone();
        crate::rules::attack::deal_damage(ex, &ruleset, unit, total, true)?;
    }
    Ok(())
}

/// §20: "any ability that restores Hit Points" stops the bleeding, every bleed at once.
pub fn stop_after_healing(ex: &mut Executor, unit: &UnitId) {
    let all = bleeds(ex.world, unit);
    if all.is_empty() {
        return;
    }
    ex.emit(HealthEvent::BleedingStopped {
        unit: unit.clone(),
        reason: "Hit Points restored".into(),
        effects: all.iter().filter_map(|b| b.effect).collect(),
    });
}

/// §20: the DC 15 Medicine check (a standard action) that stops bleeding. Always refused:
/// the engine has no skill checks, and guessing the roll would not be the rules.
pub fn check_treat_bleeding(world: &World, target: &UnitId) -> Result<(), RuleError> {
    let rules = rules_of(world)?;
    if bleeds(world, target).is_empty() {
        return Err(illegal(format!("{target} is not bleeding")));
    }
    Err(RuleError::NotSupported(format!(
        "stopping bleeding with a DC {} Medicine check (a standard action, §20) is a skill check, which the engine \
         does not model; an effect that restores Hit Points stops it",
        rules.medicine_dc
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bleed(text: &str) -> Bleed {
        Bleed {
            damage: DiceExpr::parse(text).unwrap(),
            source: text.into(),
            effect: None,
        }
    }

    /// §20: only the worst bleed applies: the highest average, a tie to the higher maximum.
    #[test]
    fn worst_bleed_is_the_highest_average_then_the_highest_maximum() {
        let rules = BleedingRules {
            medicine_dc: 15,
            worst: WorstBleed::HighestAverage,
        };
        let pick = |list: &[&str]| {
            let all: Vec<Bleed> = list.iter().map(|t| bleed(t)).collect();
            worst(&rules, &all).map(|b| b.source.clone())
        };
        assert_eq!(pick(&["1d4", "1d6", "2"]).as_deref(), Some("1d6"));
        // 2d4 and 1d7+1 both average 5 and reach 8: the first stays, in either order.
        assert_eq!(pick(&["2d4", "1d7+1"]).as_deref(), Some("2d4"));
        assert_eq!(pick(&["1d7+1", "2d4"]).as_deref(), Some("1d7+1"));
        // 1d6+2 averages 5.5, above 2d4's 5.
        assert_eq!(pick(&["2d4", "1d6+2"]).as_deref(), Some("1d6+2"));
        // 1d8 and 1d4+2 both average 4.5; 1d8 reaches 8.
        assert_eq!(pick(&["1d4+2", "1d8"]).as_deref(), Some("1d8"));
        assert_eq!(pick(&[]), None);
    }

    #[test]
    fn a_bleed_must_be_able_to_deal_damage() {
        assert!(parse_bleed("1d4").is_ok());
        assert!(parse_bleed("1d4-3").is_ok());
        assert!(parse_bleed("1d4-4").is_err());
        assert!(parse_bleed("0").is_err());
        assert!(parse_bleed("lots").is_err());
    }
}
