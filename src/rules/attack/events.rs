//! The events of attack rolls and the support actions: their data (with the kinds of support
//! and a support action's roll), how each changes the battle (`apply`) and how it reads in the
//! log (`narrate`).

use crate::rules::D20Check;
use crate::rules::DieRoll;
use crate::rules::UnitId;
use crate::rules::attack::{AttackRoll, DamageRoll};
use crate::rules::engine::apply::entity;
use crate::rules::engine::narrate::modifiers;
use crate::ruleset::Ruleset;
use bevy::prelude::World;
use serde::Deserialize;
use serde::Serialize;

/// Which kind of support.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SupportKind {
    /// starfinder: an ally gains the bonus to its AC against the next attack by a creature
    /// in the shooter's line of effect.
    Covering,
    /// starfinder: the next ally to attack the foe gains the bonus to that attack roll.
    Harrying,
    /// saga: one chosen ally gains the bonus on its next attack roll against the foe.
    Aid,
    /// saga: the foe takes the penalty on its next attack roll.
    Suppress,
}

impl SupportKind {
    pub fn name(self) -> &'static str {
        match self {
            SupportKind::Covering => "covering fire",
            SupportKind::Harrying => "harrying fire",
            SupportKind::Aid => "aid another",
            SupportKind::Suppress => "suppress",
        }
    }
}

/// The roll of one support action: against the fixed defense it is made against (AC 15,
/// Reflex 10: the check's `dc`; `success`: it hit).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SupportRoll {
    pub weapon: String,
    #[serde(flatten)]
    pub check: D20Check,
}

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
    /// A coup de grace (§4.3.1): no attack roll, the damage (a critical hit where the family
    /// says so) and, after the damage, any save against death (`coup_de_grace_save`).
    CoupDeGraceDelivered {
        attacker: UnitId,
        target: UnitId,
        weapon: String,
        critical: bool,
        damage: Box<DamageRoll>,
    },
    /// The Fortitude save of a target that survived a coup de grace: failed, it dies.
    CoupDeGraceSave { unit: UnitId, check: D20Check },
}

impl AttackEvent {
    /// Applies the event to the battle (STYLE 3: with the other areas' `apply`, the only
    /// writer of battle state).
    pub fn apply(&self, world: &mut World) {
        match self {
            AttackEvent::SupportResolved { .. } | AttackEvent::CoupDeGraceSave { .. } => {}
            AttackEvent::CoupDeGraceDelivered { target, damage, .. } => {
                // §16.3: as for a hit, a blow through the Shield Rating lowers it.
                if let Some(shield) = damage.shield
                    && let Some(e) = entity(world, target)
                {
                    world.entity_mut(e).insert(crate::rules::Shields(shield.now));
                }
            }
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
    pub fn narrate(&self, _rules: &Ruleset) -> String {
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
                let damage = attack.damage.as_ref().map(damage_text).unwrap_or_default();
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
            AttackEvent::CoupDeGraceDelivered {
                attacker,
                target,
                weapon,
                critical,
                damage,
            } => format!(
                "{attacker} delivers a coup de grace to {target} with {weapon}: {}{}",
                if *critical {
                    "automatic critical hit"
                } else {
                    "automatic hit"
                },
                damage_text(damage)
            ),
            AttackEvent::CoupDeGraceSave { unit, check } => format!(
                "{unit} saves against death (Fortitude): d20 {}{} = {} vs DC {}: {}",
                check.roll.result,
                modifiers(&check.modifiers),
                check.total,
                check.dc.unwrap_or_default(),
                if check.success { "survives" } else { "fails" }
            ),
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
            AttackEvent::CoupDeGraceDelivered { damage, .. } => damage.dice.iter().collect(),
            AttackEvent::CoupDeGraceSave { check, .. } => vec![&check.roll],
        }
    }
}

/// ", damage [4 6]+3 = 13" with shields and nonlethal damage said, as the log writes a hit's.
fn damage_text(d: &DamageRoll) -> String {
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
}
