//! Damage to health in each family's model (RULES.md §17): starfinder Stamina → Hit Points
//! with dying and massive damage (HP-SF-1), d20 thresholds (§17.2–17.3), saga Damage
//! Threshold and condition track (HP-SG-3, HP-SG-4). Pure: computes the new health and life
//! state; events carry the result and `apply` stores it. Also the area's gate on acting
//! (`actor_refusal`: §20 no actions, HP-SF-2) and its commands' checks.

pub mod commands;
mod events;
pub use events::HealthEvent;

pub mod ability;
pub mod bleeding;
pub mod conditions;
pub mod options;
pub mod recover;
pub mod recovery;

use super::Health;
use crate::ruleset::{HealthRules, MassiveDamage};
use bevy::prelude::Component;
use serde::{Deserialize, Serialize};

/// Whether a unit can still act, and how it is down (§17, §20 dying/stable/dead/disabled).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LifeState {
    #[default]
    Fine,
    /// d20 at exactly the disabled threshold (0 HP): still acts (what it may do: not in seeds).
    Disabled,
    /// starfinder at 0 HP, d20 below 0: unconscious, losing ground each turn.
    Dying,
    /// starfinder: at 0 HP, unconscious, not dying.
    Stable,
    /// saga: knocked out at the end of the condition track.
    Unconscious,
    Dead,
}

impl LifeState {
    /// Still standing and able to take actions.
    pub fn can_act(self) -> bool {
        matches!(self, LifeState::Fine | LifeState::Disabled)
    }
}

/// The health area's gate on a command's actor (`engine::resolve::actor_refusal`): §20
/// stunned, dazed, paralyzed, asleep or helpless units take no actions (dying and stable
/// units' own recovery commands are handled by their checks), and HP-SF-2 a dying (or
/// unconscious, or dead) unit takes none of the actions that need it able, not even those
/// that roll nothing.
pub fn actor_refusal(world: &bevy::prelude::World, command: &super::GameCommand) -> Option<super::RuleError> {
    let unit = command.actor()?;
    let gates = command.gates();
    if gates.acts
        && let Some(c) = conditions::effective_conditions(world, unit)
            .into_iter()
            .find(|c| conditions::NO_ACTIONS.contains(c))
        && super::unit_component::<LifeState>(world, unit).is_none_or(|s| s.can_act())
    {
        return Some(super::RuleError::IllegalMove(format!(
            "{unit} cannot act while {}",
            format!("{c:?}").to_lowercase()
        )));
    }
    match gates.needs_able {
        true => check_can_act(world, unit).err(),
        false => None,
    }
}

/// Refuses a command by `unit` when it cannot act (dying, unconscious, dead); a unit with no
/// life state yet is fine.
pub fn check_can_act(world: &bevy::prelude::World, unit: &super::UnitId) -> Result<(), super::RuleError> {
    match super::unit_component::<LifeState>(world, unit)
        .copied()
        .unwrap_or_default()
        .can_act()
    {
        true => Ok(()),
        false => Err(super::RuleError::IllegalMove(format!("{unit} cannot act"))),
    }
}

/// The result of one instance of damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageResult {
    pub health: Health,
    pub state: LifeState,
    /// Condition-track steps lost (saga), 0 elsewhere.
    pub track_steps: u32,
}

/// Applies `amount` damage (`lethal` false = nonlethal, starfinder §16.5) from one attack.
pub fn take_damage(rules: &HealthRules, health: Health, state: LifeState, amount: u32, lethal: bool) -> DamageResult {
    match health {
        Health::StaminaHitPointsResolve {
            sp,
            sp_max,
            hp,
            hp_max,
            rp,
            rp_max,
        } => {
            // HP-SF-1: Stamina first, then Hit Points; HP never below 0.
            let to_sp = amount.min(sp);
            let to_hp = amount - to_sp;
            let sp = sp - to_sp;
            let new_hp = hp.saturating_sub(to_hp);
            let mut out = Health::StaminaHitPointsResolve {
                sp,
                sp_max,
                hp: new_hp,
                hp_max,
                rp,
                rp_max,
            };
            let npc_dies = rp_max.is_none() && rules.resolve.is_some_and(|r| r.npcs_die_at_zero);
            let massive = rules.massive_damage == MassiveDamage::ExcessAtLeastMaxHp;
            let state = match state {
                LifeState::Fine | LifeState::Disabled if to_hp > 0 && to_hp >= hp => {
                    let excess = to_hp - hp;
                    if !lethal {
                        LifeState::Stable
                    } else if (massive && excess >= hp_max) || npc_dies {
                        // Massive damage (HP-SF-1), or an NPC without Resolve (001:1292-1301).
                        LifeState::Dead
                    } else {
                        LifeState::Dying
                    }
                }
                LifeState::Dying | LifeState::Stable if to_hp > 0 => {
                    // HP-SF-1 at 0 HP: one attack of at least max HP kills; otherwise Resolve is lost.
                    if (massive && to_hp >= hp_max) || rp == 0 {
                        LifeState::Dead
                    } else {
                        out = Health::StaminaHitPointsResolve {
                            sp,
                            sp_max,
                            hp: 0,
                            hp_max,
                            rp: rp - 1,
                            rp_max,
                        };
                        LifeState::Dying
                    }
                }
                other => other,
            };
            DamageResult {
                health: out,
                state,
                track_steps: 0,
            }
        }
        Health::HitPoints { hp, hp_max } => {
            // §17.2–17.3: HP may go below 0; disabled at 0, dying below, dead at the threshold.
            let hp = hp - amount as i32;
            let state = match rules.thresholds {
                Some(t) if hp <= t.dead_at_or_below => LifeState::Dead,
                Some(t) if hp <= t.dying_at_or_below => LifeState::Dying,
                Some(t) if hp <= t.disabled_at => LifeState::Disabled,
                _ if state == LifeState::Dead => LifeState::Dead,
                _ => LifeState::Fine,
            };
            DamageResult {
                health: Health::HitPoints { hp, hp_max },
                state,
                track_steps: 0,
            }
        }
        Health::DamageThresholdTrack {
            hp, damage_threshold, ..
        } => {
            // HP-SG-3: a hit that reaches 0 HP and meets the threshold kills; one that
            // reaches 0 otherwise knocks out (−5 steps); a hit at or over the threshold
            // costs a step. Force Points are not modelled yet. Loading a ruleset guarantees
            // a condition track with this health model.
            let Some(track) = rules.condition_track.as_ref() else {
                return untouched(health, state);
            };
            let meets = amount as i32 >= damage_threshold;
            let (hp, steps, state) = if state == LifeState::Unconscious && meets {
                (0, 0, LifeState::Dead)
            } else if amount >= hp {
                match meets {
                    true => (0, 0, LifeState::Dead),
                    false => (0, track.zero_hp_steps, LifeState::Unconscious),
                }
            } else {
                let steps = if meets { track.threshold_hit_steps } else { 0 };
                (hp - amount, steps, state)
            };
            move_down_track(health, hp, steps, track.helpless_step(), state)
        }
    }
}

/// The damage changed nothing.
fn untouched(health: Health, state: LifeState) -> DamageResult {
    DamageResult {
        health,
        state,
        track_steps: 0,
    }
}

/// HP-SG-4: sets a saga unit's HP to `new_hp` and moves it `steps` down the condition
/// track, stopping at the helpless step; a unit still standing when it reaches that step
/// falls unconscious.
fn move_down_track(mut health: Health, new_hp: u32, steps: u32, helpless: u32, mut state: LifeState) -> DamageResult {
    if let Health::DamageThresholdTrack { hp, track_step, .. } = &mut health {
        let step = (u32::from(*track_step) + steps).min(helpless);
        *hp = new_hp;
        *track_step = step as u8;
        if step >= helpless && state.can_act() {
            state = LifeState::Unconscious;
        }
    }
    DamageResult {
        health,
        state,
        track_steps: steps,
    }
}

/// saga stun or ion damage (DMG-5, DMG-6): a fraction comes off HP; reaching 0 HP or a full
/// amount at the Damage Threshold moves the condition track. `track` false: only the HP
/// loss applies (ion against a creature without cybernetics).
pub fn take_special(
    rules: &HealthRules,
    special: &crate::ruleset::SpecialDamage,
    health: Health,
    state: LifeState,
    amount: u32,
    track: bool,
) -> DamageResult {
    let Health::DamageThresholdTrack {
        hp, damage_threshold, ..
    } = health
    else {
        return untouched(health, state);
    };
    let Some(condition_track) = rules.condition_track.as_ref() else {
        return untouched(health, state);
    };
    let loss = special.hp_fraction.of_floor(amount).min(hp);
    let hp = hp - loss;
    let steps = match (track, hp == 0, amount as i32 >= damage_threshold) {
        (false, _, _) => 0,
        (true, true, _) => special.zero_hp_steps,
        (true, false, true) => special.threshold_steps,
        (true, false, false) => 0,
    };
    move_down_track(health, hp, steps, condition_track.helpless_step(), state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{Family, load_embedded};

    fn rules(f: Family) -> HealthRules {
        load_embedded(f).unwrap().health
    }

    fn sf(sp: u32, hp: u32, hp_max: u32, rp: Option<u32>) -> Health {
        Health::StaminaHitPointsResolve {
            sp,
            sp_max: sp,
            hp,
            hp_max,
            rp: rp.unwrap_or(0),
            rp_max: rp,
        }
    }

    #[test]
    fn we_22_stamina_absorbs_damage_before_hit_points() {
        let r = take_damage(
            &rules(Family::Starfinder),
            sf(6, 10, 10, Some(3)),
            LifeState::Fine,
            9,
            true,
        );
        assert_eq!(
            r.health,
            Health::StaminaHitPointsResolve {
                sp: 0,
                sp_max: 6,
                hp: 7,
                hp_max: 10,
                rp: 3,
                rp_max: Some(3)
            }
        );
        assert_eq!(r.state, LifeState::Fine);
    }

    #[test]
    fn we_23_navasi_drops_to_dying_at_zero_hit_points() {
        let r = rules(Family::Starfinder);
        let first = take_damage(&r, sf(1, 17, 17, Some(4)), LifeState::Fine, 12, true);
        assert!(matches!(
            first.health,
            Health::StaminaHitPointsResolve { sp: 0, hp: 6, .. }
        ));
        assert_eq!(first.state, LifeState::Fine);
        let second = take_damage(&r, first.health, first.state, 15, true);
        assert!(matches!(second.health, Health::StaminaHitPointsResolve { hp: 0, .. }));
        assert_eq!(second.state, LifeState::Dying);
    }

    #[test]
    fn we_24_massive_damage_kills_when_the_excess_reaches_max_hp() {
        let r = take_damage(
            &rules(Family::Starfinder),
            sf(0, 5, 22, Some(4)),
            LifeState::Fine,
            30,
            true,
        );
        assert_eq!(r.state, LifeState::Dead, "25 left over ≥ 22");
        let survives = take_damage(
            &rules(Family::Starfinder),
            sf(0, 5, 22, Some(4)),
            LifeState::Fine,
            26,
            true,
        );
        assert_eq!(survives.state, LifeState::Dying, "21 left over < 22");
    }

    #[test]
    fn hp_sf_1_npcs_without_resolve_die_at_zero_and_nonlethal_stabilizes() {
        let r = rules(Family::Starfinder);
        assert_eq!(
            take_damage(&r, sf(0, 6, 6, None), LifeState::Fine, 6, true).state,
            LifeState::Dead
        );
        assert_eq!(
            take_damage(&r, sf(0, 6, 6, None), LifeState::Fine, 6, false).state,
            LifeState::Stable
        );
    }

    #[test]
    fn d20_thresholds_disabled_dying_dead() {
        for family in [Family::D20Srd, Family::D20Modern] {
            let r = rules(family);
            let at =
                |hp: i32, dmg: u32| take_damage(&r, Health::HitPoints { hp, hp_max: 10 }, LifeState::Fine, dmg, true);
            assert_eq!(at(10, 10).state, LifeState::Disabled);
            assert_eq!(at(10, 11).state, LifeState::Dying);
            assert_eq!(at(10, 19).state, LifeState::Dying);
            assert_eq!(at(10, 20).state, LifeState::Dead);
            assert_eq!(at(10, 20).health, Health::HitPoints { hp: -10, hp_max: 10 });
        }
    }

    #[test]
    fn we_46_saga_damage_threshold_and_condition_track() {
        let r = rules(Family::Saga);
        let large = Health::DamageThresholdTrack {
            hp: 40,
            hp_max: 40,
            damage_threshold: 21,
            track_step: 0,
            heroic: false,
        };
        let a = take_damage(&r, large, LifeState::Fine, 21, true);
        assert_eq!(
            a.health,
            Health::DamageThresholdTrack {
                hp: 19,
                hp_max: 40,
                damage_threshold: 21,
                track_step: 1,
                heroic: false
            }
        );
        assert_eq!(a.track_steps, 1);
        let b = take_damage(&r, a.health, a.state, 25, true);
        assert_eq!(b.state, LifeState::Dead, "25 ≥ 19 left and ≥ DT 21");
        let knocked_out = take_damage(&r, a.health, a.state, 20, true);
        assert_eq!(
            knocked_out.state,
            LifeState::Unconscious,
            "reaches 0 below the threshold"
        );
    }
}
