//! `query SCENARIO vehicle VEHICLE` and `query SCENARIO race VEHICLE` (starfinder §25):
//! the JSON views of `rules::vehicle`, documented in docs/cli.md.

use crate::history::Battle;
use crate::rules::UnitId;
use crate::rules::vehicle::{race_view, vehicle_view};
use serde_json::Value;

pub fn vehicle_answer(battle: &Battle, vehicle: &str) -> Result<Value, String> {
    let view = vehicle_view(battle.world(), &UnitId::from(vehicle)).map_err(|e| e.to_string())?;
    serde_json::to_value(view).map_err(|e| e.to_string())
}

pub fn race_answer(battle: &Battle, vehicle: &str) -> Result<Value, String> {
    let view = race_view(battle.world(), &UnitId::from(vehicle)).map_err(|e| e.to_string())?;
    serde_json::to_value(view).map_err(|e| e.to_string())
}
