//! The conditions a unit has right now (§20): authored ones, those granted by tracked
//! effects, flat-footed from the start of combat, bleeding from the scenario, and those its
//! life state implies; and what tracked effects add to its defense and its own attacks.

use crate::rules::health::LifeState;
use crate::rules::{Combat, ConditionName, Conditions, Modifier, StartFlatFooted, TrackedEffect, UnitId, UnitIndex};
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
    if world.get::<crate::rules::Bleeding>(e).is_some() {
        out.insert(ConditionName::Bleeding);
    }
    let combat = world.resource::<Combat>();
    // The condition first: few effects grant one, and comparing ids is the costly part.
    out.extend(
        combat
            .effects
            .iter()
            .filter(|x| x.condition.is_some() && &x.target == unit)
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

/// The defense modifiers tracked effects give `unit` (a charge's −2, a saga fighting
/// defensively dodge bonus), each named after its effect and with its bonus type (§21).
pub fn effect_defense_modifiers(world: &World, unit: &UnitId) -> Vec<Modifier> {
    effects_on(world, unit)
        .filter(|x| x.defense != 0)
        .map(|x| Modifier::typed(x.defense, x.defense_type, x.name.clone()))
        .collect()
}

/// The modifiers tracked effects give `unit`'s own attack rolls (saga fighting defensively
/// −5, full-attack penalties until its next turn, §4.3.1).
pub fn effect_attack_modifiers(world: &World, unit: &UnitId) -> Vec<Modifier> {
    effects_on(world, unit)
        .filter(|x| x.attack != 0)
        .map(|x| Modifier::new(x.attack, x.name.clone()))
        .collect()
}

/// The effect under which `unit` chose to make no attacks at all until its next turn (saga
/// fighting defensively, §4.3.1), if any.
pub fn no_attacks_effect<'w>(world: &'w World, unit: &UnitId) -> Option<&'w TrackedEffect> {
    // The flag first: comparing ids is the costly part.
    world
        .resource::<Combat>()
        .effects
        .iter()
        .find(|x| x.no_attacks && &x.target == unit)
}

fn effects_on<'w>(world: &'w World, unit: &UnitId) -> impl Iterator<Item = &'w TrackedEffect> {
    world
        .resource::<Combat>()
        .effects
        .iter()
        .filter(move |x| &x.target == unit)
}
