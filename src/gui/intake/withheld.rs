//! What a side may read of the log in hidden-information mode: the units an event names, and
//! the line a withheld run of events shows (the hand-off's recap and the HUD's log withhold
//! alike).

use crate::rules::{UnitId, UnitIndex};
use bevy::prelude::*;
use std::collections::BTreeSet;

/// The units a log event names: every string in it that is a unit id of this battle.
pub fn units_named(world: &World, event: &crate::rules::GameEvent) -> BTreeSet<UnitId> {
    fn walk(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::String(s) => out.push(s.clone()),
            serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            serde_json::Value::Object(o) => o.values().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    let mut strings = Vec::new();
    if let Ok(v) = serde_json::to_value(event) {
        walk(&v, &mut strings);
    }
    let index = &world.resource::<UnitIndex>().0;
    strings
        .into_iter()
        .map(UnitId)
        .filter(|u| index.contains_key(u))
        .collect()
}

/// The line a withheld log entry shows.
pub const WITHHELD: &str = "(something happens out of sight)";
