//! The keys of numbered choices (1 to 9, then 0) and how a key is written on a button or in
//! a panel.

use bevy::prelude::*;

/// The digit key of the `i`th option (1 to 9, then 0).
pub fn digit(i: usize) -> KeyCode {
    const KEYS: [KeyCode; 10] = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
        KeyCode::Digit0,
    ];
    KEYS[i.min(9)]
}

/// The label of a key as the panel shows it: "1", "Y", "Esc".
pub fn key_name(key: KeyCode) -> String {
    let name = format!("{key:?}");
    name.strip_prefix("Digit")
        .or_else(|| name.strip_prefix("Key"))
        .unwrap_or(match key {
            KeyCode::Escape => "Esc",
            _ => &name,
        })
        .to_string()
}
