//! What outcomes are worth, in one currency: a unit's worth (`Fighter::worth`, about the
//! damage it deals in a round) times the share of it that stands (`odds::standing`). An
//! attack is worth the expected drop in its target's standing, through the rules' own damage
//! step (`health::take_damage`), so a hit that drops a foe counts for most of the foe, and a
//! wounded or dangerous foe is worth more to hit than a fresh or harmless one.

use super::odds::{AttackOdds, standing};
use crate::rules::Health;
use crate::rules::health::{LifeState, take_damage};
use crate::ruleset::HealthRules;

/// The expected share of its worth `target` loses to `attacks` made one after another.
pub fn standing_lost(rules: &HealthRules, health: Health, state: LifeState, attacks: &[AttackOdds]) -> f64 {
    let before = standing(&health, state);
    if before <= 0.0 {
        return 0.0;
    }
    let after: f64 = outcomes(rules, health, state, attacks)
        .iter()
        .map(|(h, s, p)| p * standing(h, *s))
        .sum();
    (before - after).max(0.0)
}

/// The chance that `attacks`, made one after another, leave the target unable to act.
pub fn drop_chance(rules: &HealthRules, health: Health, state: LifeState, attacks: &[AttackOdds]) -> f64 {
    if !state.can_act() {
        return 0.0;
    }
    outcomes(rules, health, state, attacks)
        .iter()
        .filter(|(_, s, _)| !s.can_act())
        .map(|(_, _, p)| p)
        .sum()
}

/// The target's possible states after `attacks`, with their chances (equal states merged).
fn outcomes(
    rules: &HealthRules,
    health: Health,
    state: LifeState,
    attacks: &[AttackOdds],
) -> Vec<(Health, LifeState, f64)> {
    let mut states: Vec<(Health, LifeState, f64)> = vec![(health, state, 1.0)];
    for odds in attacks {
        let mut next: Vec<(Health, LifeState, f64)> = Vec::with_capacity(states.len() * 4);
        let mut add = |h: Health, s: LifeState, p: f64| {
            if p <= 0.0 {
                return;
            }
            match next.iter_mut().find(|(nh, ns, _)| *nh == h && *ns == s) {
                Some(entry) => entry.2 += p,
                None => next.push((h, s, p)),
            }
        };
        for (h, s, p) in &states {
            if !s.can_act() {
                add(*h, *s, *p);
                continue;
            }
            add(*h, *s, p * (1.0 - odds.hit));
            let plain = odds.hit - odds.crit;
            for (k, pk) in odds.damage.p.iter().enumerate() {
                if *pk <= 0.0 {
                    continue;
                }
                let hit = take_damage(rules, *h, *s, k as u32, true);
                add(hit.health, hit.state, p * plain * pk);
                if odds.crit > 0.0 {
                    let amount = (k as u32).saturating_mul(odds.crit_factor);
                    let crit = take_damage(rules, *h, *s, amount, true);
                    add(crit.health, crit.state, p * odds.crit * pk);
                }
            }
        }
        // Keep the table small: the least likely states are folded into the likeliest.
        if next.len() > 256 {
            next.sort_by(|a, b| b.2.total_cmp(&a.2));
            let rest: f64 = next[256..].iter().map(|e| e.2).sum();
            next.truncate(256);
            next[0].2 += rest;
        }
        states = next;
    }
    states
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::odds::DamageDist;
    use crate::ruleset::{Family, load_embedded};

    fn odds(hit: f64, dmg: &str) -> AttackOdds {
        AttackOdds {
            hit,
            crit: 0.0,
            damage: DamageDist::of(&crate::rules::DiceExpr::parse(dmg).unwrap(), 0),
            crit_factor: 2,
        }
    }

    #[test]
    fn a_sure_hit_that_drops_the_target_takes_its_whole_standing() {
        let rules = load_embedded(Family::D20Srd).unwrap();
        let health = Health::HitPoints { hp: 5, hp_max: 10 };
        let lost = standing_lost(&rules.health, health, LifeState::Fine, &[odds(1.0, "10")]);
        assert!((lost - 0.75).abs() < 1e-9, "{lost}");
    }

    #[test]
    fn a_wounded_target_loses_more_to_the_same_attack() {
        let rules = load_embedded(Family::D20Srd).unwrap();
        let attack = [odds(0.6, "1d8+2")];
        let fresh = standing_lost(
            &rules.health,
            Health::HitPoints { hp: 20, hp_max: 20 },
            LifeState::Fine,
            &attack,
        );
        let hurt = standing_lost(
            &rules.health,
            Health::HitPoints { hp: 4, hp_max: 20 },
            LifeState::Fine,
            &attack,
        );
        assert!(hurt > 2.0 * fresh, "hurt {hurt} fresh {fresh}");
    }
}
