//! Events in words a player reads in the combat log, using the family's action names.

use crate::rules::{GameEvent, Modifier};
use crate::ruleset::Ruleset;

/// " +4 (Blaster attack bonus) +2 (fighting defensively, dodge)"; a modifier the stacking
/// rules leave out (§21) says so.
pub(crate) fn modifiers(mods: &[Modifier]) -> String {
    mods.iter()
        .map(|m| {
            let kind = match m.kind.is_untyped() {
                true => String::new(),
                false => format!(", {}", m.kind.name()),
            };
            let counted = if m.counts() {
                ""
            } else {
                "; does not stack, not counted"
            };
            format!(" {:+} ({}{kind}{counted})", m.value, m.source)
        })
        .collect()
}

/// One line describing `event`.
pub fn narrate(event: &GameEvent, rules: &Ruleset) -> String {
    match event {
        GameEvent::Sequence(e) => e.narrate(rules),
        GameEvent::Movement(e) => e.narrate(rules),
        GameEvent::Attack(e) => e.narrate(rules),
        GameEvent::Reaction(e) => e.narrate(rules),
        GameEvent::Area(e) => e.narrate(rules),
        GameEvent::Health(e) => e.narrate(rules),
        GameEvent::Maneuver(e) => e.narrate(rules),
        GameEvent::Vehicle(e) => e.narrate(rules),
        GameEvent::Chase(e) => e.narrate(rules),
    }
}

pub(crate) fn uses_text(uses_left: Option<u32>) -> String {
    match uses_left {
        None => String::new(),
        Some(1) => " (1 use left)".into(),
        Some(n) => format!(" ({n} uses left)"),
    }
}

pub(crate) fn mode_name(mode: crate::rules::MoveMode) -> &'static str {
    match mode {
        crate::rules::MoveMode::Move => "move",
        crate::rules::MoveMode::Double => "double move",
        crate::rules::MoveMode::Run => "run",
        crate::rules::MoveMode::Withdraw => "withdraw",
        crate::rules::MoveMode::GuardedStep => "guarded step",
        crate::rules::MoveMode::Crawl => "crawl",
        crate::rules::MoveMode::Minimum => "minimum movement",
        crate::rules::MoveMode::Charge => "charge",
        crate::rules::MoveMode::Squeeze => "squeeze",
    }
}

/// One line for an area attack: placement, scatter, the roll, the damage, each unit caught.
pub(crate) fn narrate_area(
    attacker: &crate::rules::UnitId,
    weapon: &str,
    context: &str,
    area: &crate::rules::area::AreaOutcome,
) -> String {
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
