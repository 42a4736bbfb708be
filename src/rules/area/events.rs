//! The events of area attacks, autofire and spells: their data, how each changes the battle (`apply`) and how it
//! reads in the log (`narrate`).

use crate::rules::D20Check;
use crate::rules::DieRoll;
use crate::rules::Profile;
use crate::rules::UnitId;
use crate::rules::area::AreaOutcome;
use crate::rules::engine::apply::entity;
use crate::rules::engine::narrate::modifiers;
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
    /// `by`'s attack of opportunity dealt `damage` to `unit` while it cast `spell`, a spell
    /// of `spell_level`, and `unit` made a Concentration check against the family's DC
    /// (d20 SRD: 10 + damage dealt + spell level, SPL-SRD-3); a failure loses the spell
    /// (`SpellLost` follows).
    ConcentrationChecked {
        unit: UnitId,
        spell: String,
        by: UnitId,
        damage: u32,
        spell_level: u32,
        check: D20Check,
    },
    /// The attack of opportunity by `by` hit and damaged `unit` while it cast `spell`:
    /// the spell fails and the use is lost (§8.2, 001:766-768; d20 SRD: after a failed
    /// Concentration check, SPL-SRD-3).
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
            AreaEvent::ConcentrationChecked { .. } => {}
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
            AreaEvent::ConcentrationChecked {
                unit,
                spell,
                by,
                damage,
                spell_level,
                check,
            } => format!(
                "{unit}, hurt for {damage} by {by}'s attack of opportunity, checks Concentration to keep casting {spell} (spell level {spell_level}): {}",
                check.text(modifiers)
            ),
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
            AreaEvent::ConcentrationChecked { check, .. } => vec![&check.roll],
            _ => Vec::new(),
        }
    }
}

/// One line for an area attack: placement, scatter, the roll, the damage, each unit caught.
fn narrate_area(attacker: &UnitId, weapon: &str, context: &str, area: &AreaOutcome) -> String {
    use crate::rules::area::AreaOf;
    let share = |s: crate::ruleset::DamageShare| match s {
        crate::ruleset::DamageShare::Full => "full",
        crate::ruleset::DamageShare::Half => "half",
        crate::ruleset::DamageShare::NoDamage => "no",
    };
    let mut text = format!("{attacker}: {context} with {weapon}");
    if let Some(p) = &area.placement {
        text += &format!(
            "; aimed at ({}, {}): d20 {}{} = {} vs AC {}, {}",
            p.aimed_at.i,
            p.aimed_at.j,
            p.check.roll.result,
            modifiers(&p.check.modifiers),
            p.check.total,
            p.check.dc.unwrap_or_default(),
            if p.check.success { "on target" } else { "miss" }
        );
    }
    if let Some(s) = &area.scatter {
        text += &format!(
            "; scatters d{} {} → {:?}, d{} {} squares, lands at ({}, {})",
            s.direction.sides,
            s.direction.result,
            s.toward,
            s.distance.sides,
            s.distance.result,
            s.landed.i,
            s.landed.j
        );
    }
    text += &match &area.area {
        AreaOf::Template {
            shape,
            direction,
            radius_squares,
            origin,
            shaped,
        } => format!(
            "; {}{:?}{} of {} squares at ({}, {}) fills {} squares",
            if *shaped { "shaped " } else { "" },
            shape,
            direction.map(|d| format!(" {d:?}")).unwrap_or_default(),
            radius_squares,
            origin.i,
            origin.j,
            area.squares.len()
        )
        .to_lowercase(),
        AreaOf::Autofire { at, braced } => {
            format!("; the 2×2 area at {at}{}", if *braced { ", braced" } else { "" })
        }
        AreaOf::Splash { primary } => format!("; splashing around {primary}"),
    };
    if let Some(a) = &area.attack {
        text += &format!("; d20 {}{} = {}", a.roll.result, modifiers(&a.modifiers), a.total);
        if !a.success {
            text += &format!(", below {} or a natural 1: no effect", a.dc.unwrap_or_default());
        }
    }
    if let Some(d) = &area.damage {
        let dice: Vec<String> = d.dice.iter().map(|r| r.result.to_string()).collect();
        text += &format!("; damage [{}]{:+} = {}", dice.join(" "), d.bonus, d.total);
    }
    if area.targets.is_empty() {
        text += "; no one caught";
    }
    for t in &area.targets {
        text += &format!("; {}", t.unit);
        if let Some(s) = &t.save {
            text += &format!(
                ": Reflex d20 {}{} = {} vs DC {}, {}",
                s.roll.result,
                modifiers(&s.modifiers),
                s.total,
                s.dc.unwrap_or_default(),
                if s.success { "saved" } else { "failed" }
            );
        }
        if let (Some(d), Some(hit)) = (&t.defense, t.hit) {
            text += &format!(": {} {}", d.name, d.value);
            if !d.modifiers.is_empty() {
                text += &format!(" (incl.{})", modifiers(&d.modifiers));
            }
            text += if hit { ", hit" } else { ", missed" };
        }
        if t.evasion {
            text += ", evasion";
        }
        text += &format!(", {} damage: {}", share(t.share), t.amount);
        if t.dealt != t.amount {
            text += &format!(" ({} gets through)", t.dealt);
        }
    }
    text
}
