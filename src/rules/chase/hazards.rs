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
    /// Rearmost and random hazards: how many chase progresses they attack after (angry
    /// beasts: 2); `None`: until the chase ends (the megashark follows the chase).
    #[serde(default)]
    pub rounds: Option<u32>,
    /// Attacks a rearmost or random hazard has made at the end of chase progress.
    #[serde(default)]
    pub attacks: u32,
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
    /// The die that chose the target among several (a random hazard's victim, or the
    /// rearmost vehicle among several side by side at the rear).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pick: Option<DieRoll>,
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
        pick: None,
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
                    // These attack at the end of chase progress instead.
                    HazardTrigger::Rearmost | HazardTrigger::Random => false,
                }
        })
        .map(|(i, _)| i)
        .collect()
}

/// A vehicle still in the chase after chase progress: its id, zone and KAC.
pub struct Standing<'a> {
    pub id: &'a UnitId,
    pub zone: i32,
    pub kac: i32,
}

/// The attacks made at the end of chase progress (CHS-19, the sample environments'
/// megashark, death worm, angry beasts and piranha swarm), in scenario order, against the
/// vehicles still in the chase (`standing`, in chase order, on their zones after the moves).
///
/// Readings (not in seeds beyond the sample lines):
/// * `rearmost`: wakes once the foremost vehicle has reached its zone ("when a vehicle first
///   enters its zone"), then at the end of every chase progress, that one included, attacks
///   the vehicle at the rear: the lowest zone; among several there, not one that is ahead of
///   another (CHS-9); among those still tied, one picked by a die. It follows the chase for
///   `rounds` progresses, or to the end.
/// * `random`: after every chase progress, a vehicle in its zone picked by a die (none there:
///   no attack), for `rounds` progresses or to the end.
pub fn end_of_progress_attacks(
    rules: &ChaseRules,
    hazards: &[ZoneHazard],
    standing: &[Standing],
    ahead: &dyn Fn(&UnitId, &UnitId) -> bool,
    dice: &mut Dice,
) -> Result<Vec<HazardAttack>, RuleError> {
    let mut out = Vec::new();
    for h in hazards {
        if h.rounds.is_some_and(|r| h.attacks >= r) {
            continue;
        }
        let candidates: Vec<&Standing> = match h.trigger {
            HazardTrigger::Rearmost => {
                let reached = standing.iter().any(|v| v.zone >= h.zone);
                let Some(rear) = standing.iter().map(|v| v.zone).min() else {
                    continue;
                };
                if !(reached || h.attacks > 0) {
                    continue;
                }
                let last: Vec<&Standing> = standing.iter().filter(|v| v.zone == rear).collect();
                last.iter()
                    .filter(|v| !last.iter().any(|o| ahead(v.id, o.id)))
                    .copied()
                    .collect()
            }
            HazardTrigger::Random => standing.iter().filter(|v| v.zone == h.zone).collect(),
            HazardTrigger::EveryEntrant | HazardTrigger::FirstEntrant => continue,
        };
        let (target, pick) = match candidates.len() {
            0 => continue,
            1 => (candidates[0], None),
            n => {
                let roll = dice.roll(n as u32, format!("{}: which vehicle it attacks", h.name))?;
                (candidates[(roll.result.clamp(1, n as u32) - 1) as usize], Some(roll))
            }
        };
        let mut attack = hazard_attack(rules, h, target.id, target.kac, dice)?;
        attack.pick = pick;
        out.push(attack);
    }
    Ok(out)
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
            rounds: None,
            attacks: 0,
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
