//! The events of the combat sequence (initiative, rounds, turns, delay, ready, tracked effects): their data, how each changes the battle (`apply`) and how it
//! reads in the log (`narrate`).

use crate::rules::ConditionName;
use crate::rules::DelayWindow;
use crate::rules::DelayingUnit;
use crate::rules::DiceExpr;
use crate::rules::DieRoll;
use crate::rules::Hold;
use crate::rules::InitiativeEntry;
use crate::rules::Interruption;
use crate::rules::Modifier;
use crate::rules::ReadiedAction;
use crate::rules::StartFlatFooted;
use crate::rules::SupportBonus;
use crate::rules::TrackedEffect;
use crate::rules::TurnBudget;
use crate::rules::UnitId;
use crate::rules::engine::apply::combat;
use crate::rules::engine::apply::entity;
use crate::rules::engine::apply::modifier;
use crate::rules::engine::narrate::modifiers;
use crate::rules::sequence::combat::is_zero;
use crate::rules::unit::JoinsRound;
use crate::ruleset::ActionKind;
use crate::ruleset::Ruleset;
use crate::ruleset::stacking::BonusType;
use bevy::prelude::World;
use serde::Deserialize;
use serde::Serialize;

/// One unit's place in the initiative order as an event reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderEntry {
    pub unit: UnitId,
    pub count: i32,
}

/// What happened in the combat sequence (initiative, rounds, turns, delay, ready, tracked effects), with every die rolled and every modifier and its source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum SequenceEvent {
    /// Combat begins (SEQ-1): who is aware, and whether there is a surprise round.
    CombatStarted {
        ruleset: String,
        surprise_round: bool,
        aware: Vec<UnitId>,
        surprised: Vec<UnitId>,
    },
    /// A unit starts combat flat-footed (§3.2) until it acts.
    StartedFlatFooted {
        unit: UnitId,
    },
    /// An initiative check (§3.3).
    InitiativeRolled {
        unit: UnitId,
        roll: DieRoll,
        modifiers: Vec<Modifier>,
        total: i32,
    },
    /// Tied units rolled off (§3.3 tie-break 2); `rolls` in the order of `units`.
    InitiativeRollOff {
        units: Vec<UnitId>,
        rolls: Vec<DieRoll>,
    },
    /// The initiative order now is this (after rolling, or after late joiners are inserted).
    InitiativeOrder {
        order: Vec<OrderEntry>,
    },
    /// A late joiner enters the battle (SEQ-1 step 7).
    UnitJoined {
        unit: UnitId,
        round: u32,
    },
    /// A round begins; round 0 is the surprise round.
    RoundStarted {
        round: u32,
        surprise: bool,
    },
    TurnStarted {
        unit: UnitId,
        round: u32,
        count: i32,
    },
    /// An action was spent from the turn budget (ACT-1): `kind` as requested, `slot` the
    /// part of the budget that paid for it.
    ActionTaken {
        unit: UnitId,
        kind: ActionKind,
        slot: ActionKind,
        description: String,
    },
    /// The unit is no longer flat-footed from the start of combat.
    FlatFootedEnded {
        unit: UnitId,
    },
    TurnEnded {
        unit: UnitId,
    },
    /// The unit delays (SEQ-8); it leaves the order until it acts.
    Delayed {
        unit: UnitId,
        count: i32,
    },
    /// A turn has ended while units are delaying: they may act now or pass.
    DelayWindowOpened {
        after: UnitId,
        delaying: Vec<UnitId>,
    },
    /// A delaying unit steps in with a new initiative count (SEQ-8).
    DelayEnded {
        unit: UnitId,
        new_count: i32,
    },
    /// A unit still delaying at the end of the round goes to the end of the order (SEQ-8).
    DelayedToEnd {
        unit: UnitId,
        new_count: i32,
    },
    /// The delaying units pass; the next turn begins.
    DelayWindowClosed,
    ActionReadied {
        unit: UnitId,
        action: ActionKind,
        trigger: String,
    },
    /// The readied action fires before `before`'s action; the unit's count becomes `new_count` (SEQ-9).
    ReadiedActionFired {
        unit: UnitId,
        action: ActionKind,
        before: UnitId,
        new_count: i32,
    },
    /// The readier is done with its readied action; the interrupted turn resumes.
    ReadiedActionDone {
        unit: UnitId,
        resumes: UnitId,
    },
    /// The unit's next turn came before the trigger (§3.5 "expiry").
    ReadiedActionLost {
        unit: UnitId,
    },
    /// A tracked effect begins (SEQ-5); while it lasts the target has `condition` (if any),
    /// `defense` (of `defense_type`) added to its defenses (e.g. a charge's −2), `attack` added
    /// to its own attack rolls, and with `no_attacks` it makes no attacks at all.
    EffectStarted {
        id: u32,
        name: String,
        source: UnitId,
        target: UnitId,
        rounds: u32,
        round: u32,
        count: i32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        condition: Option<ConditionName>,
        #[serde(default, skip_serializing_if = "is_zero")]
        defense: i32,
        #[serde(default, skip_serializing_if = "BonusType::is_untyped")]
        defense_type: BonusType,
        #[serde(default, skip_serializing_if = "is_zero")]
        attack: i32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        no_attacks: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        support: Option<SupportBonus>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hold: Option<Hold>,
        /// Bleeding: the damage the target takes at the start of each of its turns (§20).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        damage: Option<DiceExpr>,
    },
    /// A tracked effect ends, just before the initiative count it began on (SEQ-5).
    EffectEnded {
        id: u32,
        name: String,
        target: UnitId,
    },
}

impl SequenceEvent {
    /// Applies the event to the battle (STYLE 3: with the other areas' `apply`, the only
    /// writer of battle state).
    pub fn apply(&self, world: &mut World) {
        match self {
            // Rolls only inform; the order they lead to arrives as `InitiativeOrder`.
            SequenceEvent::CombatStarted { .. }
            | SequenceEvent::InitiativeRolled { .. }
            | SequenceEvent::InitiativeRollOff { .. } => {}
            SequenceEvent::TurnEnded { unit } => {
                let mut c = combat(world);
                c.next_index = c.index_of(unit).map_or(c.next_index, |i| i + 1);
                c.active = None;
                c.budget = None;
                c.acted_in_combat.insert(unit.clone());
            }
            SequenceEvent::StartedFlatFooted { unit } => {
                if let Some(e) = entity(world, unit) {
                    world.entity_mut(e).insert(StartFlatFooted);
                }
            }
            SequenceEvent::FlatFootedEnded { unit } => {
                if let Some(e) = entity(world, unit) {
                    world.entity_mut(e).remove::<StartFlatFooted>();
                }
            }
            SequenceEvent::UnitJoined { unit, .. } => {
                if let Some(e) = entity(world, unit) {
                    world.entity_mut(e).remove::<JoinsRound>();
                }
            }
            SequenceEvent::InitiativeOrder { order } => {
                let entries: Vec<InitiativeEntry> = order
                    .iter()
                    .map(|o| InitiativeEntry {
                        unit: o.unit.clone(),
                        count: o.count,
                        modifier: modifier(world, &o.unit),
                    })
                    .collect();
                combat(world).order = entries;
            }
            SequenceEvent::RoundStarted { round, surprise } => {
                crate::rules::chase::start_chase_round(world, *round);
                let mut c = combat(world);
                c.round = *round;
                c.surprise_round = *surprise;
                c.active = None;
                c.next_index = 0;
                crate::rules::vehicle::new_round(world);
            }
            SequenceEvent::TurnStarted { unit, .. } => {
                let surprise = combat(world).surprise_round;
                let rules = world.resource::<Ruleset>();
                let mut budget = TurnBudget::new(&rules.actions, surprise);
                // §20: a condition that limits the turn (staggered) holds for the whole turn.
                let conditions = crate::rules::health::conditions::effective_conditions(world, unit);
                budget.one_main_action = rules
                    .conditions
                    .iter()
                    .any(|c| c.one_main_action && conditions.contains(&c.condition));
                let mut c = combat(world);
                c.active = Some(unit.clone());
                c.budget = Some(budget);
                c.acted = false;
                // MOV-4: the 1-2-1-2 counter lives for one turn; reactions come back (§4.2).
                c.diagonals = 0;
                c.fly_heading = None;
                c.reactions_used.remove(unit);
            }
            SequenceEvent::ActionTaken { unit, kind, slot, .. } => {
                let rules = world.resource::<Ruleset>().actions.clone();
                let mut c = combat(world);
                if let Some(b) = c.budget.as_mut() {
                    b.pay(&rules, *kind, *slot);
                }
                c.acted = true;
                c.acted_in_combat.insert(unit.clone());
            }
            SequenceEvent::Delayed { unit, count } => {
                let mut c = combat(world);
                if let Some(i) = c.index_of(unit) {
                    let entry = c.order.remove(i);
                    c.next_index = i;
                    c.delaying.push(DelayingUnit {
                        unit: unit.clone(),
                        count: *count,
                        modifier: entry.modifier,
                    });
                }
                c.active = None;
                c.budget = None;
            }
            SequenceEvent::DelayWindowOpened { after, .. } => {
                combat(world).window = Some(DelayWindow { after: after.clone() });
            }
            SequenceEvent::DelayWindowClosed => combat(world).window = None,
            SequenceEvent::DelayEnded { unit, new_count } => {
                let mut c = combat(world);
                let after = c.window.take().map(|w| w.after);
                if let Some(pos) = c.delaying.iter().position(|d| &d.unit == unit) {
                    let d = c.delaying.remove(pos);
                    let at = after.and_then(|a| c.index_of(&a)).map_or(c.next_index, |i| i + 1);
                    let at = at.min(c.order.len());
                    c.order.insert(
                        at,
                        InitiativeEntry {
                            unit: d.unit,
                            count: *new_count,
                            modifier: d.modifier,
                        },
                    );
                    c.next_index = at;
                }
            }
            SequenceEvent::DelayedToEnd { unit, new_count } => {
                let mut c = combat(world);
                if let Some(pos) = c.delaying.iter().position(|d| &d.unit == unit) {
                    let d = c.delaying.remove(pos);
                    c.order.push(InitiativeEntry {
                        unit: d.unit,
                        count: *new_count,
                        modifier: d.modifier,
                    });
                }
            }
            SequenceEvent::ActionReadied { unit, action, trigger } => {
                let mut c = combat(world);
                c.readied.push(ReadiedAction {
                    unit: unit.clone(),
                    action: *action,
                    trigger: trigger.clone(),
                });
                c.acted = true;
            }
            SequenceEvent::ReadiedActionFired {
                unit,
                action,
                before,
                new_count,
            } => {
                let mut c = combat(world);
                c.readied.retain(|r| &r.unit != unit);
                if let Some(i) = c.index_of(unit) {
                    let mut entry = c.order.remove(i);
                    entry.count = *new_count;
                    let at = c.index_of(before).unwrap_or(c.order.len());
                    c.order.insert(at, entry);
                }
                // §3.5: the readier now takes exactly its readied action, then the turn resumes.
                let budget = TurnBudget::readied(*action);
                let interrupted = Interruption {
                    unit: before.clone(),
                    budget: c.budget.take(),
                    acted: c.acted,
                    diagonals: c.diagonals,
                };
                c.interruption = Some(interrupted);
                c.active = Some(unit.clone());
                c.budget = Some(budget);
                c.acted = false;
                c.diagonals = 0;
            }
            SequenceEvent::ReadiedActionDone { .. } => {
                let mut c = combat(world);
                if let Some(i) = c.interruption.take() {
                    c.active = Some(i.unit);
                    c.budget = i.budget;
                    c.acted = i.acted;
                    c.diagonals = i.diagonals;
                }
            }
            SequenceEvent::ReadiedActionLost { unit } => combat(world).readied.retain(|r| &r.unit != unit),
            SequenceEvent::EffectStarted {
                id,
                name,
                source,
                target,
                rounds,
                round,
                count,
                condition,
                defense,
                defense_type,
                attack,
                no_attacks,
                support,
                hold,
                damage,
            } => {
                let mut c = combat(world);
                c.effects.push(TrackedEffect {
                    id: *id,
                    name: name.clone(),
                    source: source.clone(),
                    target: target.clone(),
                    rounds: *rounds,
                    round: *round,
                    count: *count,
                    condition: *condition,
                    defense: *defense,
                    defense_type: *defense_type,
                    attack: *attack,
                    no_attacks: *no_attacks,
                    support: support.clone(),
                    hold: *hold,
                    damage: *damage,
                });
                c.next_effect_id = c.next_effect_id.max(id + 1);
            }
            SequenceEvent::EffectEnded { id, .. } => combat(world).effects.retain(|e| e.id != *id),
        }
    }

    /// The event in words a player reads in the combat log, with the family's action names.
    pub fn narrate(&self, rules: &Ruleset) -> String {
        let name = |k| rules.actions.name_of(k).to_string();
        match self {
            SequenceEvent::CombatStarted {
                ruleset,
                surprise_round,
                aware,
                surprised,
            } => {
                let ids = |v: &[crate::rules::UnitId]| v.iter().map(|u| u.0.as_str()).collect::<Vec<_>>().join(", ");
                match surprise_round {
                    true => format!(
                        "Combat begins ({ruleset}) with a surprise round: aware {}; surprised {}",
                        ids(aware),
                        ids(surprised)
                    ),
                    false => format!("Combat begins ({ruleset}); no surprise round"),
                }
            }
            SequenceEvent::StartedFlatFooted { unit } => format!("{unit} is flat-footed until it acts"),
            SequenceEvent::InitiativeRolled {
                unit,
                roll,
                modifiers: mods,
                total,
            } => {
                format!(
                    "{unit} rolls initiative: d{} {}{} = {total}",
                    roll.sides,
                    roll.result,
                    modifiers(mods)
                )
            }
            SequenceEvent::InitiativeRollOff { units, rolls } => {
                let parts: Vec<String> = units
                    .iter()
                    .zip(rolls)
                    .map(|(u, r)| format!("{u} d{} {}", r.sides, r.result))
                    .collect();
                format!("Initiative tie, roll-off: {}", parts.join(", "))
            }
            SequenceEvent::InitiativeOrder { order } => {
                let parts: Vec<String> = order.iter().map(|o| format!("{} ({})", o.unit, o.count)).collect();
                format!("Initiative order: {}", parts.join(", "))
            }
            SequenceEvent::UnitJoined { unit, round } => format!("{unit} joins the battle in round {round}"),
            SequenceEvent::RoundStarted { round: 0, .. } => "Surprise round".to_string(),
            SequenceEvent::RoundStarted { round, .. } => format!("Round {round}"),
            SequenceEvent::TurnStarted { unit, count, .. } => format!("{unit}'s turn (initiative {count})"),
            SequenceEvent::ActionTaken {
                unit,
                kind,
                slot,
                description,
            } => {
                let paid = if kind == slot {
                    String::new()
                } else {
                    format!(" (using its {})", name(*slot))
                };
                let action = name(*kind);
                // "an attack action", "a move action".
                let article = if action.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']) {
                    "an"
                } else {
                    "a"
                };
                format!("{unit} takes {article} {action}{paid}: {description}")
            }
            SequenceEvent::FlatFootedEnded { unit } => format!("{unit} is no longer flat-footed"),
            SequenceEvent::TurnEnded { unit } => format!("{unit} ends its turn"),
            SequenceEvent::Delayed { unit, count } => format!("{unit} delays (was initiative {count})"),
            SequenceEvent::DelayWindowOpened { after, delaying } => {
                let ids: Vec<&str> = delaying.iter().map(|u| u.0.as_str()).collect();
                format!("After {after}'s turn, delaying units may act now: {}", ids.join(", "))
            }
            SequenceEvent::DelayEnded { unit, new_count } => {
                format!("{unit} stops delaying; its initiative is now {new_count}")
            }
            SequenceEvent::DelayedToEnd { unit, new_count } => {
                format!("{unit} delayed all round and goes to the end of the order (initiative {new_count})")
            }
            SequenceEvent::DelayWindowClosed => "The delaying units keep waiting".to_string(),
            SequenceEvent::ActionReadied { unit, action, trigger } => {
                format!("{unit} readies a {}: {trigger}", name(*action))
            }
            SequenceEvent::ReadiedActionFired {
                unit,
                action,
                before,
                new_count,
            } => {
                format!(
                    "{unit}'s readied {} goes off before {before}; its initiative is now {new_count}",
                    name(*action)
                )
            }
            SequenceEvent::ReadiedActionDone { unit, resumes } => {
                format!("{unit} is done with its readied action; {resumes}'s turn goes on")
            }
            SequenceEvent::ReadiedActionLost { unit } => {
                format!("{unit}'s readied action is lost (its turn came first)")
            }
            SequenceEvent::EffectStarted {
                name: effect,
                target,
                rounds,
                count,
                defense,
                defense_type,
                attack,
                no_attacks,
                damage,
                ..
            } => {
                let mut terms = Vec::new();
                if *defense != 0 {
                    let kind = match defense_type.is_untyped() {
                        true => String::new(),
                        false => format!(" {}", defense_type.name()),
                    };
                    terms.push(format!("{defense:+}{kind} to its defense"));
                }
                if *attack != 0 {
                    terms.push(format!("{attack:+} on its attack rolls"));
                }
                if *no_attacks {
                    terms.push("no attacks at all, not even attacks of opportunity".to_string());
                }
                if let Some(d) = damage {
                    terms.push(format!("{d} damage at the start of each of its turns"));
                }
                let terms = match terms.is_empty() {
                    true => String::new(),
                    false => format!(" ({})", terms.join("; ")),
                };
                format!("{effect} on {target}{terms} for {rounds} round(s), from initiative {count}")
            }
            SequenceEvent::EffectEnded {
                name: effect, target, ..
            } => format!("{effect} on {target} ends"),
        }
    }

    /// The dice the event rolled (undo is allowed only for commands that rolled none).
    pub fn dice(&self) -> Vec<&DieRoll> {
        match self {
            SequenceEvent::InitiativeRolled { roll, .. } => vec![roll],
            SequenceEvent::InitiativeRollOff { rolls, .. } => rolls.iter().collect(),
            _ => Vec::new(),
        }
    }
}
