//! The chase as the grid's rules meet it (RULES.md §26): whether one is running, how far
//! apart two of its vehicles (or their riders) are and the chase's terms of an attack between
//! them (CHS-2, CHS-3, CHS-12, CHS-13, CHS-15, CHS-18), and the board kept in step with the
//! initiative and with who pilots. The attack situation, attacks of opportunity, the sequence
//! and the vehicles' apply ask here; nothing here reaches back into them (the chase's gate on
//! grid commands is `game`'s). Without a `Chase` resource none of this applies.

use super::combat::ChaseAttackKind;
use super::state::{Chase, ChasePhase};
use crate::rules::vehicle::Aboard;
use crate::rules::{Combat, Modifier, RuleError, UnitId, Weapon};
use crate::ruleset::{ChaseRules, Ruleset};
use bevy::prelude::World;

/// The chase numbers of the battle's family, or "not supported".
pub(super) fn chase_rules(world: &World) -> Result<&ChaseRules, RuleError> {
    let rules = world.resource::<Ruleset>();
    rules
        .chases
        .as_ref()
        .ok_or_else(|| RuleError::NotSupported(format!("vehicle chases are not supported in {}", rules.name)))
}

/// Whether a vehicle chase is running in this battle (a `Chase` that is not over).
pub fn chase_running(world: &World) -> bool {
    world
        .get_resource::<Chase>()
        .is_some_and(|c| c.phase != ChasePhase::Over)
}

/// The vehicle `unit` is: itself when a vehicle of the chase, else the one it rides.
pub fn vehicle_of(world: &World, unit: &UnitId) -> Option<UnitId> {
    let chase = world.get_resource::<Chase>()?;
    if chase.entry(unit).is_some() {
        return Some(unit.clone());
    }
    crate::rules::unit_component::<Aboard>(world, unit).map(|a| a.vehicle.clone())
}

/// The chase's pilot is the vehicle's: whoever controls it now (VEH-11: a pilot knocked out
/// loses control), so the pilot-actions phase never waits for one who no longer pilots it; a
/// vehicle nobody controls is uncontrolled (CHS-8). Called when a vehicle's control changes.
pub fn follow_vehicle_control(world: &mut World, vehicle: &UnitId, pilot: Option<UnitId>) {
    if let Some(mut board) = world.get_resource_mut::<Chase>() {
        board.set_pilot(vehicle, pilot);
    }
}

/// A new battle round: pilots act in initiative order (CHS-4), and after the first round
/// the next pilot-actions phase begins.
pub fn start_chase_round(world: &mut World, round: u32) {
    let order: Vec<UnitId> = world
        .resource::<Combat>()
        .order
        .iter()
        .map(|e| e.unit.clone())
        .collect();
    let Some(mut board) = world.get_resource_mut::<Chase>() else {
        return;
    };
    let rank = |pilot: &Option<UnitId>| {
        pilot
            .as_ref()
            .and_then(|p| order.iter().position(|u| u == p))
            .unwrap_or(usize::MAX)
    };
    board.vehicles.sort_by_key(|e| rank(&e.pilot));
    if round > board.round {
        board.begin_round();
    }
}

/// CHS-2, CHS-13: how far apart `attacker` and `target` are in the running chase, when both
/// are vehicles of it or ride one (`None` otherwise: they are measured on the grid).
pub fn chase_range_ft(world: &World, attacker: &UnitId, target: &UnitId) -> Option<u32> {
    let board = world.get_resource::<Chase>()?;
    if board.phase == ChasePhase::Over {
        return None;
    }
    let (from, to) = (vehicle_of(world, attacker)?, vehicle_of(world, target)?);
    let rules = world.resource::<Ruleset>().chases.as_ref()?;
    Some(board.range_ft(rules, &from, &to).unwrap_or_default())
}

/// The chase's part of an attack between two vehicles (or their riders).
pub struct ChaseTerms {
    pub distance_ft: u32,
    pub attack: Vec<Modifier>,
    pub defense: Vec<Modifier>,
}

/// CHS-12, CHS-13, CHS-15, CHS-3, CHS-18 for `attacker` attacking `target` with `weapon`, when
/// both are on vehicles in the chase; `None` otherwise.
pub fn attack_terms(
    world: &World,
    attacker: &UnitId,
    target: &UnitId,
    weapon: &Weapon,
    ranged: bool,
) -> Result<Option<ChaseTerms>, RuleError> {
    let Some(board) = world.get_resource::<Chase>() else {
        return Ok(None);
    };
    if board.phase == ChasePhase::Over {
        return Ok(None);
    }
    let (Some(from), Some(to)) = (vehicle_of(world, attacker), vehicle_of(world, target)) else {
        return Ok(None);
    };
    let rules = chase_rules(world)?;
    let kind = if ranged {
        ChaseAttackKind::Ranged
    } else {
        ChaseAttackKind::Melee {
            reach: weapon
                .reach_ft
                .is_some_and(|r| r > world.resource::<Ruleset>().grid.square_ft),
        }
    };
    let attack = board.attack_modifiers(rules, &from, &to, kind)?;
    let defense = board.defense_modifiers(rules, &to);
    let distance_ft = chase_range_ft(world, attacker, target).unwrap_or_default();
    Ok(Some(ChaseTerms {
        distance_ft,
        attack,
        defense,
    }))
}
