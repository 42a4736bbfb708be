//! The events of damage, health, conditions and recovery: their data, how each changes the battle (`apply`) and how it
//! reads in the log (`narrate`).

use crate::rules::Ability;
use crate::rules::Bleeding;
use crate::rules::ConditionName;
use crate::rules::Conditions;
use crate::rules::DiceExpr;
use crate::rules::DieRoll;
use crate::rules::Health;
use crate::rules::Recovery;
use crate::rules::UnitId;
use crate::rules::engine::apply::combat;
use crate::rules::engine::apply::entity;
use crate::rules::health::LifeState;
use crate::rules::health::ability::AbilityDamage;
use crate::ruleset::Ruleset;
use bevy::prelude::World;
use serde::Deserialize;
use serde::Serialize;

/// What happened in damage, health, conditions and recovery, with every die rolled and every modifier and its source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum HealthEvent {
    /// Damage taken and the unit's health afterwards (§17).
    DamageTaken {
        unit: UnitId,
        amount: u32,
        lethal: bool,
        health: Health,
        track_steps: u32,
    },
    /// A hit did the unit no harm (saga: droids are immune to stun, §16.4).
    DamageIgnored { unit: UnitId, reason: String },
    /// The unit went down, died, or got back up (§17).
    LifeStateChanged {
        unit: UnitId,
        from: LifeState,
        to: LifeState,
    },
    /// The unit can take no more actions this turn (saga: after a charge).
    ActionsForfeited { unit: UnitId, reason: String },
    /// Resolve Points spent or lost (starfinder §17.1); `rp` is what is left.
    ResolveSpent {
        unit: UnitId,
        amount: u32,
        rp: u32,
        reason: String,
    },
    /// A dying unit that dropped on its own turn loses no Resolve at the end of it (HP-SF-2).
    DyingGraceUsed { unit: UnitId },
    /// Hit points regained, and the unit's health afterwards.
    Healed { unit: UnitId, amount: u32, health: Health },
    /// saga: a second wind was used (HP-SG-11).
    SecondWindCaught { unit: UnitId },
    /// saga: a swift action spent toward Recover (HP-SG-7).
    RecoverProgressed {
        unit: UnitId,
        swift_actions: u32,
        needed: u32,
        round: u32,
    },
    /// saga: the unit moved `steps` up the condition track; its health afterwards.
    TrackImproved { unit: UnitId, steps: u32, health: Health },
    /// Ability damage (HP-SF-8) from `source`: `amount` dealt, the unit's `total` damage to
    /// that ability now (never above its `score`), and `penalty`, what the total takes off
    /// the ability's modifier.
    AbilityDamaged {
        unit: UnitId,
        source: UnitId,
        ability: Ability,
        amount: u32,
        total: u32,
        score: u32,
        penalty: i32,
    },
    /// Constitution damage cost Stamina (HP-SF-8): `sp_max_lost` from the maximum and
    /// `sp_lost` from the current Stamina Points; `health` afterwards.
    StaminaDrained {
        unit: UnitId,
        sp_lost: u32,
        sp_max_lost: u32,
        health: Health,
        reason: String,
    },
    /// A bleeding unit's bleed at the start of its turn (§20): the worst of its `bleeds`,
    /// `damage` (from `source`) rolled as `dice` + `bonus` = `total`, never below 0. The
    /// damage follows as `DamageTaken`.
    BleedDamage {
        unit: UnitId,
        source: String,
        damage: DiceExpr,
        bleeds: u32,
        dice: Vec<DieRoll>,
        bonus: i32,
        total: u32,
    },
    /// The unit stops bleeding (§20), every bleed at once; the tracked effects in `effects`
    /// that carried bleeds end with it.
    BleedingStopped {
        unit: UnitId,
        reason: String,
        effects: Vec<u32>,
    },
    /// A condition was gained or lost without a duration (drop prone, stand up).
    ConditionChanged {
        unit: UnitId,
        condition: ConditionName,
        gained: bool,
    },
}

impl HealthEvent {
    /// Applies the event to the battle (STYLE 3: with the other areas' `apply`, the only
    /// writer of battle state).
    pub fn apply(&self, world: &mut World) {
        match self {
            HealthEvent::DamageIgnored { .. } => {}
            HealthEvent::ActionsForfeited { .. } => {
                let mut c = combat(world);
                if let Some(b) = c.budget.as_mut() {
                    b.forfeit();
                }
            }
            HealthEvent::DamageTaken { unit, health, .. } => {
                if let Some(e) = entity(world, unit) {
                    world.entity_mut(e).insert(*health);
                }
            }
            HealthEvent::LifeStateChanged { unit, to, .. } => {
                if let Some(e) = entity(world, unit) {
                    world.entity_mut(e).insert(*to);
                }
                // A vehicle at 0 HP is wrecked and out of a chase (001:5499-5509).
                if !to.can_act()
                    && let Some(mut chase) = world.get_resource_mut::<crate::rules::chase::Chase>()
                {
                    chase.wreck(unit);
                }
                let mut c = combat(world);
                match to {
                    // HP-SF-2: dropping on one's own turn delays the first Resolve loss.
                    LifeState::Dying if c.active.as_ref() == Some(unit) => {
                        c.dying_grace.insert(unit.clone());
                    }
                    LifeState::Stable => {
                        let round = c.round;
                        c.stabilized_in_round.insert(unit.clone(), round);
                        c.dying_grace.remove(unit);
                    }
                    _ => {
                        c.dying_grace.remove(unit);
                    }
                }
            }
            HealthEvent::DyingGraceUsed { unit } => {
                combat(world).dying_grace.remove(unit);
            }
            HealthEvent::ResolveSpent { unit, rp: left, .. } => {
                if let Some(e) = entity(world, unit)
                    && let Some(mut h) = world.get_mut::<Health>(e)
                    && let Health::StaminaHitPointsResolve { rp, .. } = &mut *h
                {
                    *rp = *left;
                }
            }
            HealthEvent::Healed { unit, health, .. } => {
                if let Some(e) = entity(world, unit) {
                    world.entity_mut(e).insert(*health);
                }
            }
            HealthEvent::RecoverProgressed {
                unit,
                swift_actions,
                needed,
                round,
            } => {
                if let Some(e) = entity(world, unit)
                    && let Some(mut r) = world.get_mut::<Recovery>(e)
                {
                    // A completed recovery starts the count again.
                    r.recover_swift_actions = if swift_actions >= needed { 0 } else { *swift_actions };
                    r.recover_round = *round;
                }
            }
            HealthEvent::TrackImproved { unit, health, .. } => {
                if let Some(e) = entity(world, unit) {
                    world.entity_mut(e).insert(*health);
                }
            }
            HealthEvent::SecondWindCaught { unit } => {
                if let Some(e) = entity(world, unit)
                    && let Some(mut r) = world.get_mut::<Recovery>(e)
                {
                    r.second_winds_today += 1;
                    r.second_wind_this_encounter = true;
                }
            }
            HealthEvent::AbilityDamaged {
                unit, ability, total, ..
            } => {
                if let Some(e) = entity(world, unit) {
                    match world.get_mut::<AbilityDamage>(e) {
                        Some(mut damage) => {
                            damage.0.insert(*ability, *total);
                        }
                        None => {
                            let damage = AbilityDamage([(*ability, *total)].into());
                            world.entity_mut(e).insert(damage);
                        }
                    }
                }
            }
            HealthEvent::StaminaDrained { unit, health, .. } => {
                if let Some(e) = entity(world, unit) {
                    world.entity_mut(e).insert(*health);
                }
            }
            // The damage itself arrives as `DamageTaken`.
            HealthEvent::BleedDamage { .. } => {}
            HealthEvent::BleedingStopped { unit, effects, .. } => {
                if let Some(e) = entity(world, unit) {
                    world.entity_mut(e).remove::<Bleeding>();
                }
                combat(world).effects.retain(|x| !effects.contains(&x.id));
            }
            HealthEvent::ConditionChanged {
                unit,
                condition,
                gained,
            } => {
                if let Some(e) = entity(world, unit)
                    && let Some(mut c) = world.get_mut::<Conditions>(e)
                {
                    match gained {
                        true => c.0.insert(*condition),
                        false => c.0.remove(condition),
                    };
                }
            }
        }
    }

    /// The event in words a player reads in the combat log, with the family's action names.
    pub fn narrate(&self, _rules: &Ruleset) -> String {
        match self {
            HealthEvent::DamageTaken { unit, amount, .. } => format!("{unit} takes {amount} damage"),
            HealthEvent::DamageIgnored { unit, reason } => format!("{unit} is unharmed: {reason}"),
            HealthEvent::LifeStateChanged { unit, to, .. } => {
                format!("{unit} is now {}", format!("{to:?}").to_lowercase())
            }
            HealthEvent::ResolveSpent {
                unit,
                amount,
                rp,
                reason,
            } => {
                format!("{unit} spends {amount} Resolve ({reason}); {rp} left")
            }
            HealthEvent::DyingGraceUsed { unit } => format!("{unit} dropped on its own turn and loses no Resolve yet"),
            HealthEvent::Healed { unit, amount, .. } => format!("{unit} regains {amount} HP"),
            HealthEvent::SecondWindCaught { unit } => format!("{unit} catches a second wind"),
            HealthEvent::RecoverProgressed {
                unit,
                swift_actions,
                needed,
                ..
            } => format!("{unit} works to recover ({swift_actions} of {needed} swift actions)"),
            HealthEvent::TrackImproved { unit, steps, .. } => {
                format!("{unit} moves {steps} step(s) up the condition track")
            }
            HealthEvent::ActionsForfeited { unit, reason } => format!("{unit} can take no more actions: {reason}"),
            HealthEvent::AbilityDamaged {
                unit,
                source,
                ability,
                amount,
                total,
                score,
                penalty,
            } => {
                let name = ability.name();
                let of = if total >= score {
                    "equal to its score".to_string()
                } else {
                    format!("score {score}")
                };
                format!(
                    "{unit} takes {amount} {name} damage from {source} ({total} in all, {of}): {penalty:+} to its {name} \
                 modifier for {}",
                    crate::rules::health::ability::affects(*ability)
                )
            }
            HealthEvent::StaminaDrained {
                unit,
                sp_lost,
                sp_max_lost,
                reason,
                ..
            } => format!("{unit} loses {sp_lost} SP and {sp_max_lost} maximum SP ({reason})"),
            HealthEvent::BleedDamage {
                unit,
                source,
                damage,
                bleeds,
                dice,
                bonus,
                total,
            } => {
                let dice: Vec<String> = dice.iter().map(|r| r.result.to_string()).collect();
                let worst = if *bleeds > 1 {
                    format!(", the worst of {bleeds} bleeds")
                } else {
                    String::new()
                };
                format!(
                    "{unit} bleeds ({source}: {damage}{worst}): [{}]{bonus:+} = {total}",
                    dice.join(" ")
                )
            }
            HealthEvent::BleedingStopped { unit, reason, .. } => format!("{unit} stops bleeding ({reason})"),
            HealthEvent::ConditionChanged {
                unit,
                condition,
                gained: true,
            } => format!("{unit} is now {condition:?}"),
            HealthEvent::ConditionChanged {
                unit,
                condition,
                gained: false,
            } => format!("{unit} is no longer {condition:?}"),
        }
    }

    /// The dice the event rolled (undo is allowed only for commands that rolled none).
    pub fn dice(&self) -> Vec<&DieRoll> {
        match self {
            HealthEvent::BleedDamage { dice, .. } => dice.iter().collect(),
            _ => Vec::new(),
        }
    }
}
