//! The events of area attacks, autofire and spells: their data, how each changes the battle (`apply`) and how it
//! reads in the log (`narrate`).

use crate::rules::DieRoll;
use crate::rules::Profile;
use crate::rules::UnitId;
use crate::rules::area::AreaOutcome;
use crate::rules::engine::apply::entity;
use crate::rules::engine::narrate::narrate_area;
use crate::rules::engine::narrate::uses_text;
use crate::ruleset::Ruleset;
use bevy::prelude::World;
use serde::Deserialize;
use serde::Serialize;

/// What happened in area attacks, autofire and spells, with every die rolled and every modifier and its source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum AreaEvent {
    /// An area attack (§18.3, §19): where it went off, the squares it filled, the one roll
    /// (saga), each caught unit's save or defense, its share and the damage it took. The
    /// damage follows as `DamageTaken` per unit.
    AreaResolved {
        attacker: UnitId,
        weapon: String,
        context: String,
        area: Box<AreaOutcome>,
    },
    /// `unit` cast `spell`; `uses_left`: `None` when it is at will (§4.3.1).
    SpellCast {
        unit: UnitId,
        spell: String,
        uses_left: Option<u32>,
    },
    /// The attack of opportunity by `by` hit and damaged `unit` while it cast `spell`:
    /// the spell fails and the use is lost (§8.2, 001:766-768).
    SpellLost {
        unit: UnitId,
        spell: String,
        by: UnitId,
        uses_left: Option<u32>,
    },
}

impl AreaEvent {
    /// Applies the event to the battle (STYLE 3: with the other areas' `apply`, the only
    /// writer of battle state).
    pub fn apply(&self, world: &mut World) {
        match self {
            AreaEvent::AreaResolved { area, .. } => {
                // §16.3: shields lowered by the damage that exceeded them.
                for t in &area.targets {
                    if let Some(shield) = t.shield
                        && let Some(e) = entity(world, &t.unit)
                    {
                        world.entity_mut(e).insert(crate::rules::Shields(shield.now));
                    }
                }
            }
            AreaEvent::SpellCast { unit, spell, uses_left }
            | AreaEvent::SpellLost {
                unit, spell, uses_left, ..
            } => {
                if let Some(e) = entity(world, unit)
                    && let Some(mut p) = world.get_mut::<Profile>(e)
                    && let Some(s) = p.spells.iter_mut().find(|s| &s.name == spell)
                {
                    s.uses = *uses_left;
                }
            }
        }
    }

    /// The event in words a player reads in the combat log, with the family's action names.
    pub fn narrate(&self, _rules: &Ruleset) -> String {
        match self {
            AreaEvent::AreaResolved {
                attacker,
                weapon,
                context,
                area,
            } => narrate_area(attacker, weapon, context, area),
            AreaEvent::SpellCast { unit, spell, uses_left } => format!("{unit} casts {spell}{}", uses_text(*uses_left)),
            AreaEvent::SpellLost {
                unit,
                spell,
                by,
                uses_left,
            } => format!(
                "{by}'s attack of opportunity breaks {unit}'s concentration: {spell} fails and is lost{}",
                uses_text(*uses_left)
            ),
        }
    }

    /// The dice the event rolled (undo is allowed only for commands that rolled none).
    pub fn dice(&self) -> Vec<&DieRoll> {
        match self {
            AreaEvent::AreaResolved { area, .. } => area.dice(),
            _ => Vec::new(),
        }
    }
}
