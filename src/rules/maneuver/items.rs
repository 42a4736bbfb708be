//! Weapons lying on the battlefield after a disarm (§4.4), and picking them back up
//! (manipulate an item, §4.3.2). Only `apply` changes the `Ground` resource.

use crate::grid::Square;
use crate::rules::ManeuverEvent;
use crate::rules::engine::error::illegal;
use crate::rules::reactions::opportunity::provoked_by;
use crate::rules::reactions::threat::space_of;
use crate::rules::sequence::turn::take_action;
use crate::rules::{Combat, Executor, RuleError, UnitId, Weapon};
use crate::ruleset::{ActionKind, AooTrigger, Ruleset};
use bevy::prelude::{Resource, World};
use serde::{Deserialize, Serialize};

/// A weapon on the ground.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GroundItem {
    pub at: Square,
    pub weapon: Weapon,
    /// Who held it last.
    pub dropped_by: UnitId,
}

/// Every weapon on the ground, in the order they fell.
#[derive(Resource, Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Ground(pub Vec<GroundItem>);

/// The action picking an item up takes in this family (001:948-951; 004:533-535).
fn pick_up_action(rules: &Ruleset) -> Result<ActionKind, RuleError> {
    rules
        .maneuvers
        .as_ref()
        .map(|m| m.pick_up)
        .ok_or_else(|| RuleError::NotSupported(format!("picking up items is not in {}'s rules yet", rules.name)))
}

/// The index in `Ground` of the weapon named `weapon` that `unit` can reach: in its space
/// or a square next to it.
pub fn check_pick_up(world: &World, unit: &UnitId, weapon: &str) -> Result<usize, RuleError> {
    let rules = world.resource::<Ruleset>();
    let action = pick_up_action(rules)?;
    world.resource::<Combat>().can_spend(&rules.actions, action)?;
    let space = space_of(world, unit).ok_or_else(|| RuleError::UnknownUnit(unit.clone()))?;
    let near = |sq: Square| {
        space
            .squares()
            .any(|s| (s.x - sq.x).abs() <= 1 && (s.y - sq.y).abs() <= 1)
    };
    let ground = world.resource::<Ground>();
    ground
        .0
        .iter()
        .position(|g| g.weapon.name.eq_ignore_ascii_case(weapon) && near(g.at))
        .ok_or_else(|| illegal(format!("no {weapon} lies in or next to {unit}'s space")))
}

/// Picks the weapon up: the family's action, and in saga it provokes (004:672).
pub fn execute_pick_up(ex: &mut Executor, unit: &UnitId, weapon: &str) -> Result<(), RuleError> {
    let index = check_pick_up(ex.world, unit, weapon)?;
    let action = pick_up_action(ex.ruleset())?;
    let item = ex.world.resource::<Ground>().0[index].clone();
    take_action(ex, unit, action, format!("pick up {}", item.weapon.name));
    let square = space_of(ex.world, unit).map_or(item.at, |s| s.at);
    for reactor in provoked_by(ex.world, unit, AooTrigger::PickUpItem) {
        crate::rules::reactions::opportunity::attack_of_opportunity(
            ex,
            &reactor,
            unit,
            square,
            "picking up an item, at",
        )?;
    }
    if !ex
        .get::<crate::rules::LifeState>(unit)
        .copied()
        .unwrap_or_default()
        .can_act()
    {
        return Ok(());
    }
    ex.emit(ManeuverEvent::ItemPickedUp {
        unit: unit.clone(),
        weapon: item.weapon.name,
        at: item.at,
    });
    Ok(())
}
