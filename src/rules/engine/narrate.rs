//! What every area's narration shares: modifiers with their sources and the uses left, in
//! the words a player reads in the combat log. Narrating an event is `event::narrate`.

use crate::rules::Modifier;

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

pub(crate) fn uses_text(uses_left: Option<u32>) -> String {
    match uses_left {
        None => String::new(),
        Some(1) => " (1 use left)".into(),
        Some(n) => format!(" ({n} uses left)"),
    }
}
