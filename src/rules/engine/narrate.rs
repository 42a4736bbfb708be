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
