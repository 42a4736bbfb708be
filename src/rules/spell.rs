//! Casting a spell on the grid (RULES.md §4.3.1 "Cast a spell", §8.2 casting while
//! threatened): the action it takes, the attacks of opportunity it provokes, and the spell
//! failing when one of them hits and damages the caster (starfinder 001:754-769). What a
//! spell does once cast is the spell's own business and not modelled here.

use super::error::illegal;
use super::health::LifeState;
use super::resolve::take_action;
use super::threat::{provoked_by, space_of};
use super::{Combat, Executor, GameEvent, Profile, RuleError, UnitId};
use crate::ruleset::{ActionKind, AooTrigger, Ruleset, SpellcastingRules};
use bevy::prelude::World;
use serde::{Deserialize, Serialize};

/// A spell or spell-like ability a unit can cast, with the uses it has left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spell {
    pub name: String,
    /// The action casting takes; `None`: the family's default (a standard action).
    pub action: Option<ActionKind>,
    /// Whether casting provokes ("unless the spell specifies otherwise", 001:763-765).
    pub provokes: bool,
    /// A spell-like ability: provokes as a spell does (001:2628-2631), through its own trigger.
    pub spell_like: bool,
    /// Casts left (spell slots or uses per day); `None`: at will.
    pub uses: Option<u32>,
}

impl Spell {
    fn trigger(&self) -> AooTrigger {
        if self.spell_like {
            AooTrigger::SpellLikeAbility
        } else {
            AooTrigger::CastSpell
        }
    }
}

fn spellcasting(rules: &Ruleset) -> Result<SpellcastingRules, RuleError> {
    rules
        .spellcasting
        .ok_or_else(|| RuleError::NotSupported(format!("casting spells is not in {}'s rules yet", rules.name)))
}

/// Checks that `unit` can cast `spell` now: the family has spellcasting, the unit knows the
/// spell and has a use of it left, and it has the action. Returns the spell and its action.
pub fn check_cast_spell(world: &World, unit: &UnitId, spell: &str) -> Result<(Spell, ActionKind), RuleError> {
    let rules = world.resource::<Ruleset>();
    let casting = spellcasting(rules)?;
    let e = *world
        .resource::<super::UnitIndex>()
        .0
        .get(unit)
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    if !world.get::<LifeState>(e).copied().unwrap_or_default().can_act() {
        return Err(illegal(format!("{unit} cannot act")));
    }
    let profile = world
        .get::<Profile>(e)
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let known = profile
        .spell_named(spell)
        .ok_or_else(|| illegal(format!("{unit} has no spell named {spell}")))?;
    if known.uses == Some(0) {
        return Err(illegal(format!("{unit} has no uses of {} left", known.name)));
    }
    let action = known.action.unwrap_or(casting.default_action);
    world.resource::<Combat>().can_spend(&rules.actions, action)?;
    Ok((known.clone(), action))
}

/// Casts the spell: takes the action, resolves every attack of opportunity it provokes
/// before it takes effect (001:1154-1155), then either the spell is cast or, when one of
/// those attacks damaged the caster, it fails and the use is lost (001:766-768).
pub fn execute_cast_spell(ex: &mut Executor, unit: &UnitId, spell: &str) -> Result<(), RuleError> {
    let (spell, action) = check_cast_spell(ex.world, unit, spell)?;
    let casting = spellcasting(ex.ruleset())?;
    take_action(ex, unit, action, format!("cast {}", spell.name));
    let square = space_of(ex.world, unit)
        .map(|s| s.at)
        .ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let reactors = if spell.provokes {
        provoked_by(ex.world, unit, spell.trigger())
    } else {
        Vec::new()
    };
    let mut disrupted_by = None;
    for reactor in &reactors {
        let mark = ex.events.len();
        super::movement::attack_of_opportunity(ex, reactor, unit, square, "casting a spell, in")?;
        let damaged = ex.events[mark..]
            .iter()
            .any(|e| matches!(e, GameEvent::DamageTaken { unit: hurt, amount, .. } if hurt == unit && *amount > 0));
        if damaged && disrupted_by.is_none() {
            disrupted_by = Some(reactor.clone());
        }
    }
    let uses_left = spell.uses.map(|n| n.saturating_sub(1));
    let fails = disrupted_by.filter(|_| casting.lost_when_aoo_damages);

    match fails {
        Some(by) => ex.emit(GameEvent::SpellLost {
            unit: unit.clone(),
            spell: spell.name,
            by,
            uses_left,
        }),

        None => ex.emit(GameEvent::SpellCast {
            unit: unit.clone(),
            spell: spell.name,
            uses_left,
        }),
    }
    Ok(())
}
