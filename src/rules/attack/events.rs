//! The events of attack rolls and the support actions: their data, how each changes the battle (`apply`) and how it
//! reads in the log (`narrate`).

use crate::rules::DieRoll;
use crate::rules::UnitId;
use crate::rules::attack::AttackRoll;
use crate::rules::engine::apply::entity;
use crate::rules::engine::narrate::modifiers;
use crate::rules::support::SupportKind;
use crate::rules::support::SupportRoll;
use crate::ruleset::Ruleset;
use bevy::prelude::World;
use serde::Deserialize;
use serde::Serialize;

/// What happened in attack rolls and the support actions, with every die rolled and every modifier and its source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum AttackEvent {
    /// One attack roll with every modifier and its source, the defense and the damage (ATK-1).
    AttackResolved {
        attacker: UnitId,
        target: UnitId,
        context: String,
        attack: Box<AttackRoll>,
    },
    /// Covering or harrying fire, aid another or suppress was rolled (§4.3.1); a hit starts
    /// its effect.
    SupportResolved {
        unit: UnitId,
        kind: SupportKind,
        /// The ally covered, or the foe harried, aided against or suppressed.
        target: UnitId,
        /// The ally aided (aid another).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ally: Option<UnitId>,
        roll: Box<SupportRoll>,
    },
}

impl AttackEvent {
    /// Applies the event to the battle (STYLE 3: with the other areas' `apply`, the only
    /// writer of battle state).
    pub fn apply(&self, world: &mut World) {
        match self {
            AttackEvent::SupportResolved { .. } => {}
            AttackEvent::AttackResolved { target, attack, .. } => {
                // §16.3: a hit that exceeded the Shield Rating lowered it.
                if let Some(shield) = attack.damage.as_ref().and_then(|d| d.shield)
                    && let Some(e) = entity(world, target)
                {
                    world.entity_mut(e).insert(crate::rules::Shields(shield.now));
                }
            }
        }
    }

    /// The event in words a player reads in the combat log, with the family's action names.
    pub fn narrate(&self, rules: &Ruleset) -> String {
        let _name = |k| rules.actions.name_of(k).to_string();
        match self {
            AttackEvent::SupportResolved {
                unit,
                kind,
                target,
                ally,
                roll,
            } => format!(
                "{unit}: {} ({target}{}) with {}: d20 {}{} = {} vs {}: {}",
                kind.name(),
                ally.as_ref().map(|a| format!(", for {a}")).unwrap_or_default(),
                roll.weapon,
                roll.check.roll.result,
                modifiers(&roll.check.modifiers),
                roll.check.total,
                roll.check.dc.unwrap_or_default(),
                if roll.check.success { "hit" } else { "miss" }
            ),
            AttackEvent::AttackResolved {
                attacker,
                target,
                attack,
                ..
            } => {
                let outcome = match (attack.hit, attack.critical) {
                    (true, true) => "critical hit",
                    (true, false) => "hit",
                    _ => "miss",
                };
                let defense = &attack.defense;
                let damage = attack
                    .damage
                    .as_ref()
                    .map(|d| {
                        let dice: Vec<String> = d.dice.iter().map(|r| r.result.to_string()).collect();
                        let shields = d
                            .shield
                            .map(|s| format!(", shields stop {} (SR {} → {})", s.absorbed, s.rating, s.now))
                            .unwrap_or_default();
                        format!(
                            ", damage [{}]{:+} = {}{}{shields}",
                            dice.join(" "),
                            d.bonus,
                            d.total,
                            if d.lethal { "" } else { " nonlethal" }
                        )
                    })
                    .unwrap_or_default();
                format!(
                    "{attacker} attacks {target} with {}: d20 {}{} = {} vs {} {}: {outcome}{damage}",
                    attack.weapon,
                    attack.roll.result,
                    modifiers(&attack.modifiers),
                    attack.total,
                    defense.name,
                    defense.value
                )
            }
        }
    }

    /// The dice the event rolled (undo is allowed only for commands that rolled none).
    pub fn dice(&self) -> Vec<&DieRoll> {
        match self {
            AttackEvent::AttackResolved { attack, .. } => {
                let mut dice = vec![&attack.roll];
                dice.extend(attack.confirmation.iter());
                dice.extend(attack.miss_chance.iter().map(|(_, d)| d));
                dice.extend(attack.damage.iter().flat_map(|d| d.dice.iter()));
                dice
            }
            AttackEvent::SupportResolved { roll, .. } => vec![&roll.check.roll],
        }
    }
}
