//! A serializable snapshot of battle state: what `run --json` prints as the final state and
//! what the state hash is computed from (saves are checked by comparing hashes).

use crate::grid::Square;
use crate::rules::health::ability::{AbilityDamage, penalty_for};
use crate::rules::{Ability, DiceExpr, LifeState, health::bleeding};
use crate::rules::{
    Combat, ConditionName, Conditions, Health, Placement, Profile, SideId, StartFlatFooted, UnitId, UnitIndex,
};
use crate::ruleset::{Ruleset, Size};
use bevy::prelude::{Entity, World};
use serde::Serialize;
use std::collections::BTreeMap;

/// The state of one unit.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UnitSnapshot {
    pub id: UnitId,
    pub name: String,
    pub side: SideId,
    pub at: Square,
    pub size: Size,
    /// Side of the space in squares.
    pub space: u32,
    pub reach_ft: u32,
    pub speed_ft: u32,
    pub initiative_modifier: i32,
    pub health: Health,
    /// Fine, or how the unit is down (§17).
    pub life_state: LifeState,
    pub conditions: Vec<ConditionName>,
    /// Flat-footed from the start of combat until it acts (§3.2).
    pub flat_footed: bool,
    /// Height above the ground in feet (MOV-14).
    pub altitude_ft: u32,
    /// saga Shield Rating now, for a unit with shields (§16.3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shield_rating: Option<u32>,
    /// The weapons it holds now (a disarm takes one away, §4.4).
    pub weapons: Vec<String>,
    /// The spells it can cast and their uses left (§4.3.1); left out when it has none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub spells: Vec<SpellShown>,
    /// Damage to each ability and what it takes off the modifier (HP-SF-8); left out when
    /// the unit has none.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub ability_damage: BTreeMap<Ability, AbilityDamageShown>,
    /// The bleed the unit takes at the start of its turn, the worst of its bleeds (§20).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bleeding: Option<DiceExpr>,
}

/// One spell in a snapshot: `uses_left` is `None` for an at-will spell.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SpellShown {
    pub name: String,
    pub uses_left: Option<u32>,
}

/// One ability's damage in a snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct AbilityDamageShown {
    pub damage: u32,
    /// Added to the ability's modifier (e.g. −2 for 5 damage).
    pub penalty: i32,
}

/// The state of the whole battle.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BattleSnapshot {
    pub ruleset: String,
    pub combat: Combat,
    pub units: Vec<UnitSnapshot>,
    /// Weapons lying on the ground (§4.4 disarm), when there are any.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ground: Vec<crate::rules::maneuver::items::GroundItem>,
}

impl BattleSnapshot {
    pub fn of(world: &World) -> Self {
        let index = world.resource::<UnitIndex>();
        let units = index.0.keys().filter_map(|id| UnitSnapshot::of(world, id)).collect();
        Self {
            ruleset: world.resource::<Ruleset>().id.to_string(),
            combat: world.resource::<Combat>().clone(),
            units,
            ground: world
                .get_resource::<crate::rules::maneuver::items::Ground>()
                .map(|g| g.0.clone())
                .unwrap_or_default(),
        }
    }
}

impl UnitSnapshot {
    pub fn of(world: &World, id: &UnitId) -> Option<Self> {
        let e = *world.resource::<UnitIndex>().0.get(id)?;
        let profile = world.get::<Profile>(e)?;
        let placement = world.get::<Placement>(e)?;
        Some(Self {
            id: id.clone(),
            name: profile.name.clone(),
            side: world.get::<SideId>(e)?.clone(),
            at: placement.at,
            size: profile.size,
            space: placement.side_squares,
            reach_ft: profile.reach_ft,
            speed_ft: profile.speed.land,
            initiative_modifier: profile.initiative,
            health: *world.get::<Health>(e)?,
            life_state: world.get::<LifeState>(e).copied().unwrap_or_default(),
            conditions: world
                .get::<Conditions>(e)
                .map(|c| c.0.iter().copied().collect())
                .unwrap_or_default(),
            flat_footed: world.get::<StartFlatFooted>(e).is_some(),
            altitude_ft: world.get::<crate::rules::Elevation>(e).map_or(0, |h| h.0)
                * world.resource::<Ruleset>().grid.square_ft,
            shield_rating: world.get::<crate::rules::Shields>(e).map(|s| s.0),
            weapons: profile.weapons.iter().map(|w| w.name.clone()).collect(),
            spells: profile
                .spells
                .iter()
                .map(|s| SpellShown {
                    name: s.name.clone(),
                    uses_left: s.uses,
                })
                .collect(),
            ability_damage: ability_damage(world, e),
            bleeding: world.resource::<Ruleset>().health.bleeding.and_then(|rules| {
                let all = bleeding::bleeds(world, id);
                bleeding::worst(&rules, &all).map(|b| b.damage)
            }),
        })
    }
}

/// HP-SF-8: each damaged ability with its penalty, in ability order.
fn ability_damage(world: &World, e: Entity) -> BTreeMap<Ability, AbilityDamageShown> {
    let (Some(rules), Some(damage)) = (
        world.resource::<Ruleset>().health.ability_damage,
        world.get::<AbilityDamage>(e),
    ) else {
        return BTreeMap::new();
    };
    damage
        .0
        .iter()
        .filter(|(_, d)| **d > 0)
        .map(|(a, d)| {
            let shown = AbilityDamageShown {
                damage: *d,
                penalty: penalty_for(&rules, *d),
            };
            (*a, shown)
        })
        .collect()
}

/// A stable hash of the battle state: FNV-1a 64 over its canonical JSON, as `fnv1a64:HEX`.
pub fn state_hash(world: &World) -> String {
    let json = serde_json::to_string(&BattleSnapshot::of(world)).unwrap_or_default();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in json.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("fnv1a64:{h:016x}")
}
