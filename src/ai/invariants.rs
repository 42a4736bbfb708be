//! Facts every battle state must keep, whatever was played: checked by the headless runner
//! after every command, so mass play finds rules bugs (issue #17 item 5). A violation is a
//! bug in the rules (or in the runner), never a player's mistake: the rules refuse illegal
//! commands before they change anything.
//!
//! * No two able creatures come to share a square at the same height (MOV-11: a move never
//!   ends in another creature's square unless it is helpless; one that moved in while the
//!   other was helpless may still be there when it gets back up), riders aside (§25.9: they
//!   share their vehicle's space).
//! * Every unit on the map stands on it, and a unit on the ground not inside a wall (GRID-5).
//! * Health stays within its bounds (§17): points between 0 (or, d20, the dead threshold)
//!   and their maximum, the condition track within its five steps.
//! * The turn's action budget never exceeds the family's allowance (ACT-1), nor the
//!   reactions a unit used this round the family's limit (§8.3).

use crate::history::Battle;
use crate::rules::health::LifeState;
use crate::rules::vehicle::escape::{LeftBattle, OffMap};
use crate::rules::vehicle::riding;
use crate::rules::{
    Combat, ConditionName, Conditions, Elevation, Health, Placement, Terrain, UnitId, UnitIndex, unit_component,
};
use crate::ruleset::{AooLimit, Ruleset};
use bevy::prelude::World;
use std::collections::BTreeSet;

/// The invariants of one battle as it goes: what they need to remember between commands
/// (which creatures already shared a square).
#[derive(Debug, Clone, Default)]
pub struct Watch {
    sharing: BTreeSet<(UnitId, UnitId)>,
}

impl Watch {
    /// Every invariant `battle` breaks now, one line each.
    pub fn violations(&mut self, battle: &Battle) -> Vec<String> {
        let world = battle.world();
        let mut out = Vec::new();
        self.placements(world, &mut out);
        health(world, &mut out);
        budget(world, &mut out);
        out
    }
}

/// A unit on the map able to stand its ground: not down, not helpless.
fn solid(world: &World, unit: &UnitId) -> bool {
    let able = unit_component::<LifeState>(world, unit)
        .copied()
        .unwrap_or_default()
        .can_act();
    let helpless = unit_component::<Conditions>(world, unit)
        .is_some_and(|c| c.0.contains(&ConditionName::Helpless) || c.0.contains(&ConditionName::Paralyzed));
    able && !helpless
}

fn on_map(world: &World, unit: &UnitId) -> Option<Placement> {
    let e = *world.resource::<UnitIndex>().0.get(unit)?;
    if world.get::<LeftBattle>(e).is_some() || world.get::<OffMap>(e).is_some() {
        return None;
    }
    world.get::<Placement>(e).copied()
}

impl Watch {
    fn placements(&mut self, world: &World, out: &mut Vec<String>) {
        let map = &world.resource::<Terrain>().0;
        let units: Vec<(UnitId, Placement, u32)> = world
            .resource::<UnitIndex>()
            .0
            .keys()
            .filter_map(|u| {
                let p = on_map(world, u)?;
                let height = unit_component::<Elevation>(world, u).map_or(0, |h| h.0);
                Some((u.clone(), p, height))
            })
            .collect();
        for (u, p, height) in &units {
            for sq in p.squares() {
                if !map.contains(sq) {
                    out.push(format!("{u} stands off the map at ({}, {})", sq.x, sq.y));
                } else if *height == 0 && map.cell(sq).is_some_and(|c| c.blocks_movement) && riding(world, u).is_none()
                {
                    out.push(format!("{u} stands inside a wall at ({}, {})", sq.x, sq.y));
                }
            }
        }
        let mut sharing = BTreeSet::new();
        for (i, (a, pa, ha)) in units.iter().enumerate() {
            for (b, pb, hb) in &units[i + 1..] {
                if ha != hb || riding(world, a).is_some() || riding(world, b).is_some() {
                    continue;
                }
                let Some(sq) = pa.squares().find(|s| pb.squares().any(|t| t == *s)) else {
                    continue;
                };
                let pair = (a.clone(), b.clone());
                if solid(world, a) && solid(world, b) && !self.sharing.contains(&pair) {
                    out.push(format!("{a} and {b} share the square ({}, {})", sq.x, sq.y));
                }
                sharing.insert(pair);
            }
        }
        self.sharing = sharing;
    }
}

fn health(world: &World, out: &mut Vec<String>) {
    for (unit, e) in &world.resource::<UnitIndex>().0 {
        let Some(h) = world.get::<Health>(*e) else { continue };
        let bad = match *h {
            Health::StaminaHitPointsResolve {
                sp,
                sp_max,
                hp,
                hp_max,
                rp,
                rp_max,
            } => sp > sp_max || hp > hp_max || rp_max.is_some_and(|m| rp > m),
            Health::HitPoints { hp, hp_max } => hp > hp_max,
            Health::DamageThresholdTrack {
                hp, hp_max, track_step, ..
            } => hp > hp_max || track_step > 5,
        };
        if bad {
            out.push(format!("{unit}'s health is out of bounds: {h:?}"));
        }
        let state = world.get::<LifeState>(*e).copied().unwrap_or_default();
        if let Health::StaminaHitPointsResolve { hp, .. } = *h
            && hp > 0
            && matches!(state, LifeState::Dying | LifeState::Dead)
        {
            out.push(format!("{unit} is {state:?} with {hp} Hit Points left"));
        }
    }
}

fn budget(world: &World, out: &mut Vec<String>) {
    let rules = world.resource::<Ruleset>();
    let combat = world.resource::<Combat>();
    if let Some(b) = &combat.budget {
        let a = &rules.actions.per_turn;
        if b.standard > a.standard || b.move_ > a.move_ || b.swift > a.swift {
            out.push(format!(
                "{}'s action budget exceeds the allowance: {b:?}",
                combat.active.as_ref().map_or("nobody".to_string(), |u| u.to_string())
            ));
        }
    }
    let limit = match &rules.aoo.limit {
        AooLimit::UsesReaction => rules.actions.reactions_per_round,
        AooLimit::PerRound {
            count,
            more_with_feat: None,
        } => Some(*count),
        AooLimit::PerRound { .. } => None,
    };
    if let Some(limit) = limit {
        for (unit, used) in &combat.reactions_used {
            if *used > limit {
                out.push(format!(
                    "{unit} used {used} reactions this round (the limit is {limit})"
                ));
            }
        }
    }
}
