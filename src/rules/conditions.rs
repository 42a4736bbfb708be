//! The conditions a unit has right now (§20): authored ones, those granted by tracked
//! effects, flat-footed from the start of combat, bleeding from the scenario, and those its
//! life state implies.

use super::health::LifeState;
use super::{Combat, ConditionName, Conditions, StartFlatFooted, UnitId, UnitIndex};
use bevy::prelude::World;
use std::collections::BTreeSet;

/// Every condition `unit` has now.
pub fn effective_conditions(world: &World, unit: &UnitId) -> BTreeSet<ConditionName> {
    let Some(&e) = world.resource::<UnitIndex>().0.get(unit) else {
        return BTreeSet::new();
    };
    let mut out: BTreeSet<ConditionName> = world.get::<Conditions>(e).map(|c| c.0.clone()).unwrap_or_default();
    if world.get::<StartFlatFooted>(e).is_some() {
        out.insert(ConditionName::FlatFooted);
    }
    if world.get::<super::bleeding::Bleeding>(e).is_some() {
        out.insert(ConditionName::Bleeding);
    }
    let combat = world.resource::<Combat>();
    out.extend(
        combat
            .effects
            .iter()
            .filter(|x| &x.target == unit)
            .filter_map(|x| x.condition),
    );
    match world.get::<LifeState>(e).copied().unwrap_or_default() {
        LifeState::Fine | LifeState::Disabled => {}
        LifeState::Stable | LifeState::Unconscious => {
            out.extend([ConditionName::Unconscious, ConditionName::Helpless]);
            if world.get::<LifeState>(e) == Some(&LifeState::Stable) {
                out.insert(ConditionName::Stable);
            }
        }
        LifeState::Dying | LifeState::Dead => {
            out.extend([ConditionName::Unconscious, ConditionName::Helpless]);
        }
    }
    out
}

/// Conditions under which a creature cannot act at all (§20: no actions).
pub const NO_ACTIONS: [ConditionName; 7] = [
    ConditionName::Cowering,
    ConditionName::Unconscious,
    ConditionName::Helpless,
    ConditionName::Asleep,
    ConditionName::Paralyzed,
    ConditionName::Stunned,
    ConditionName::Dazed,
];

/// Whether `unit` is helpless (MOV-11: others may pass and end in its square).
pub fn is_helpless(world: &World, unit: &UnitId) -> bool {
    let c = effective_conditions(world, unit);
    c.contains(&ConditionName::Helpless) || c.contains(&ConditionName::Paralyzed)
}

/// The sum of defense modifiers from tracked effects on `unit` (e.g. a charge's −2).
pub fn effect_defense_modifiers(world: &World, unit: &UnitId) -> Vec<(String, i32)> {
    world
        .resource::<Combat>()
        .effects
        .iter()
        .filter(|x| &x.target == unit && x.defense != 0)
        .map(|x| (x.name.clone(), x.defense))
        .collect()
}
