//! Active hazards in chase zones (RULES.md §26.6, CHS-19): a hazard of a CR attacks a vehicle
//! entering its zone with the Table 8-4 bonus and damage (`ChaseRules::hazard_table`), and
//! may knock it off course (−4 to Piloting for 1 round). Damage and off course together:
//! −2 to the attack and half damage. Rolls go through the battle's `Dice`.

use crate::rules::{Dice, DieRoll, Modifier, RuleError, UnitId};
use crate::ruleset::{ChaseRules, Fraction, HazardEffect, HazardTrigger};
use serde::{Deserialize, Serialize};

/// A hazard placed in a zone by the scenario.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZoneHazard {
    pub name: String,
    pub zone: i32,
    pub cr: Fraction,
    pub effect: HazardEffect,
    pub trigger: HazardTrigger,
    /// A first-entrant hazard that has already attacked.
    pub spent: bool,
}

/// A hazard's attack on one vehicle, with every die and modifier.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HazardAttack {
    pub hazard: String,
    pub vehicle: UnitId,
    pub roll: DieRoll,
    pub modifiers: Vec<Modifier>,
    pub total: i32,
    /// The vehicle's KAC: hazards batter vehicles physically (the seed names no AC).
    pub ac: i32,
    pub hit: bool,
    pub damage_dice: Vec<DieRoll>,
    pub damage: u32,
    pub off_course: bool,
}

/// Rolls `hazard`'s attack against a vehicle with KAC `kac`.
pub fn hazard_attack(
    rules: &ChaseRules,
    hazard: &ZoneHazard,
    vehicle: &UnitId,
    kac: i32,
    dice: &mut Dice,
) -> Result<HazardAttack, RuleError> {
    let row = rules.hazard_row(hazard.cr).ok_or_else(|| {
        RuleError::NotSupported(format!(
            "a hazard of CR {}/{} (Table 8-4 has no such row)",
            hazard.cr.num, hazard.cr.den
        ))
    })?;
    let both = hazard.effect == HazardEffect::DamageAndOffCourse;
    let mut modifiers = vec![Modifier::new(row.attack, format!("{} (Table 8-4)", hazard.name))];
    if both {
        modifiers.push(Modifier::new(rules.hazard_both_attack, "damages and knocks off course"));
    }
    let roll = dice.roll(20, format!("hazard attack ({} on {vehicle})", hazard.name))?;
    let total = roll.result as i32 + modifiers.iter().map(|m| m.value).sum::<i32>();
    let hit = total >= kac;
    let mut damage_dice = Vec::new();
    let mut damage = 0;
    if hit && hazard.effect != HazardEffect::OffCourse {
        let mut sum = row.damage.bonus;
        for _ in 0..row.damage.count {
            let d = dice.roll(row.damage.sides, format!("hazard damage ({})", hazard.name))?;
            sum += d.result as i32;
            damage_dice.push(d);
        }
        damage = sum.max(0) as u32;
        if both {
            damage = rules.hazard_both_damage.of_floor(damage);
        }
    }
    Ok(HazardAttack {
        hazard: hazard.name.clone(),
        vehicle: vehicle.clone(),
        roll,
        modifiers,
        total,
        ac: kac,
        hit,
        damage_dice,
        damage,
        off_course: hit && hazard.effect != HazardEffect::Damage,
    })
}

/// Which hazards attack a vehicle entering `zone`, in scenario order (every entrant, or the
/// first entrant of a hazard not spent yet).
pub fn hazards_on_entry(hazards: &[ZoneHazard], zone: i32) -> Vec<usize> {
    hazards
        .iter()
        .enumerate()
        .filter(|(_, h)| {
            h.zone == zone
                && match h.trigger {
                    HazardTrigger::EveryEntrant => true,
                    HazardTrigger::FirstEntrant => !h.spent,
                    HazardTrigger::Rearmost | HazardTrigger::Random => false,
                }
        })
        .map(|(i, _)| i)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{Family, load_embedded};

    fn hazard(effect: HazardEffect) -> ZoneHazard {
        ZoneHazard {
            name: "falling rocks".into(),
            zone: 3,
            cr: Fraction::new(1, 1),
            effect,
            trigger: HazardTrigger::FirstEntrant,
            spent: false,
        }
    }

    /// Table 8-4: CR 1 attacks at +8 for 4d4; damage and off course: +6 and half damage.
    #[test]
    fn chs_19_hazard_attack_uses_table_8_4() {
        let ruleset = load_embedded(Family::Starfinder).unwrap();
        let rules = ruleset.chases.as_ref().unwrap();
        assert_eq!(rules.hazard_table.len(), 23);
        assert_eq!(rules.hazard_row(Fraction::new(1, 3)).unwrap().attack, 4);
        assert_eq!(
            rules.hazard_row(Fraction::new(20, 1)).unwrap().damage.to_string(),
            "25d10"
        );
        let v = UnitId("buggy".into());
        let mut dice = Dice::scripted(0, [5, 1, 2, 3, 4]);
        let a = hazard_attack(rules, &hazard(HazardEffect::Damage), &v, 12, &mut dice).unwrap();
        assert_eq!((a.total, a.hit, a.damage, a.off_course), (13, true, 10, false));
        let mut dice = Dice::scripted(0, [5, 1, 2, 3, 4]);
        let b = hazard_attack(rules, &hazard(HazardEffect::DamageAndOffCourse), &v, 12, &mut dice).unwrap();
        assert_eq!((b.total, b.hit, b.damage, b.off_course), (11, false, 0, false));
        let mut dice = Dice::scripted(0, [6, 1, 2, 3, 4]);
        let c = hazard_attack(rules, &hazard(HazardEffect::DamageAndOffCourse), &v, 12, &mut dice).unwrap();
        assert_eq!((c.total, c.hit, c.damage, c.off_course), (12, true, 5, true));
    }

    #[test]
    fn a_first_entrant_hazard_attacks_once() {
        let mut hazards = vec![hazard(HazardEffect::Damage)];
        assert_eq!(hazards_on_entry(&hazards, 3), vec![0]);
        assert!(hazards_on_entry(&hazards, 2).is_empty());
        hazards[0].spent = true;
        assert!(hazards_on_entry(&hazards, 3).is_empty());
    }
}
