//! What a computer side knows when it decides: its own units and the foes it may take into
//! account, each summed up once (`Fighter`). With hidden information on (the scenario's
//! `hidden_information`), the foes are only those the side sees now: the rules' view of the
//! side (`rules::derive::side_view_now`, the kept `SideViews` when the battle was derived, as
//! the window's is), so the computer never targets, paths around or scores a unit it cannot
//! see. Reads the world, changes nothing.

use super::odds::{AttackOdds, health_left, standing};
use crate::grid::Space;
use crate::history::Battle;
use crate::rules::derive::side_view_now;
use crate::rules::health::LifeState;
use crate::rules::health::conditions::effective_conditions;
use crate::rules::reactions::threat::{space_of, striking_reach};
use crate::rules::sight::SideView;
use crate::rules::vehicle::escape::{LeftBattle, OffMap};
use crate::rules::vehicle::riding;
use crate::rules::{
    ConditionName, Elevation, Health, Profile, SideId, UnitId, UnitIndex, UnitKind, Weapon, WeaponKind,
};
use crate::ruleset::Ruleset;
use bevy::prelude::World;
use std::collections::BTreeSet;

/// One unit as the computer weighs it.
#[derive(Debug, Clone)]
pub struct Fighter {
    pub id: UnitId,
    pub side: SideId,
    pub space: Space,
    pub elevation: u32,
    pub state: LifeState,
    pub health: Health,
    /// What the unit is worth to its side: the damage it can deal in a round (its best
    /// weapon's mean damage at an even chance to hit), plus one.
    pub worth: f64,
    pub kind: UnitKind,
    /// The vehicle it rides, if any.
    pub aboard: Option<UnitId>,
    /// Land speed in squares (one move action).
    pub speed: u32,
    /// Its best melee weapon and the squares it strikes to.
    pub melee: Option<(Weapon, u32)>,
    /// Its best ranged (or thrown) weapon without an area, and the squares within which it
    /// shoots without a range penalty worth noting.
    pub ranged: Option<(Weapon, u32)>,
    pub conditions: BTreeSet<ConditionName>,
}

impl Fighter {
    /// Able to act (not dying, unconscious or dead).
    pub fn able(&self) -> bool {
        self.state.can_act()
    }

    /// A creature (not a vehicle or an object).
    pub fn creature(&self) -> bool {
        !matches!(self.kind, UnitKind::Vehicle | UnitKind::Object)
    }

    /// The share of its worth it still stands for (`odds::standing`).
    pub fn standing(&self) -> f64 {
        standing(&self.health, self.state)
    }

    /// Health left before it drops.
    pub fn health_left(&self) -> i64 {
        health_left(&self.health).0
    }

    /// It prefers to shoot: its ranged weapon deals more than its melee one.
    pub fn shooter(&self) -> bool {
        match (&self.ranged, &self.melee) {
            (Some((r, _)), Some((m, _))) => mean(r) > mean(m) * 1.1,
            (Some(_), None) => true,
            _ => false,
        }
    }
}

/// The mean damage of a weapon's roll.
pub fn mean(w: &Weapon) -> f64 {
    w.damage.twice_average() as f64 / 2.0
}

/// What one side knows now.
#[derive(Debug, Clone)]
pub struct Known {
    pub side: SideId,
    /// Its units on the map (able or not).
    pub own: Vec<Fighter>,
    /// The foes it may take into account: on the map, seen when information is hidden.
    pub foes: Vec<Fighter>,
    /// With hidden information: what the side sees (the squares, and the units: its own
    /// among them).
    pub view: Option<SideView>,
}

impl Known {
    /// What `side` knows in `battle` now.
    pub fn of(battle: &Battle, side: &SideId) -> Known {
        let world = battle.world();
        let view = battle
            .spec()
            .hidden_information
            .then(|| side_view_now(world, side).into_owned());
        let mut own = Vec::new();
        let mut foes = Vec::new();
        for id in world.resource::<UnitIndex>().0.keys() {
            let Some(f) = fighter(world, id) else { continue };
            if &f.side == side {
                own.push(f);
            } else if view.as_ref().is_none_or(|v| v.visible.contains(id)) {
                foes.push(f);
            }
        }
        Known {
            side: side.clone(),
            own,
            foes,
            view,
        }
    }

    /// With hidden information: the units the side sees (its own among them).
    pub fn seen(&self) -> Option<&BTreeSet<UnitId>> {
        self.view.as_ref().map(|v| &v.visible)
    }

    /// Whether the side may take `unit` into account.
    pub fn knows(&self, unit: &UnitId) -> bool {
        self.seen().is_none_or(|s| s.contains(unit))
    }

    pub fn unit(&self, id: &UnitId) -> Option<&Fighter> {
        self.own.iter().chain(self.foes.iter()).find(|f| &f.id == id)
    }

    /// Foes able to act that fight (creatures, and vehicles with someone aboard to fight).
    pub fn threats(&self) -> impl Iterator<Item = &Fighter> {
        self.foes
            .iter()
            .filter(|f| f.able() && f.creature() && f.aboard.is_none())
    }

    /// Foes worth attacking: able creatures, and vehicles.
    pub fn targets(&self) -> impl Iterator<Item = &Fighter> {
        self.foes.iter().filter(|f| f.able())
    }
}

/// `side`'s units on the battle map now, summed up (what [`Known::of`] gives as `own`; the
/// side's own units need no view).
pub fn own_units(world: &World, side: &SideId) -> Vec<Fighter> {
    world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter_map(|id| fighter(world, id))
        .filter(|f| &f.side == side)
        .collect()
}

/// The summary of `id`, if it is on the battle map.
pub fn fighter(world: &World, id: &UnitId) -> Option<Fighter> {
    let e = *world.resource::<UnitIndex>().0.get(id)?;
    if world.get::<LeftBattle>(e).is_some() || world.get::<OffMap>(e).is_some() {
        return None;
    }
    let rules = world.resource::<Ruleset>();
    let profile = world.get::<Profile>(e)?;
    let health = *world.get::<Health>(e)?;
    let side = world.get::<SideId>(e)?.clone();
    let space = space_of(world, id)?;
    let state = world.get::<LifeState>(e).copied().unwrap_or_default();
    let conditions = effective_conditions(world, id);
    let square = rules.grid.square_ft.max(1);
    let speed = crate::rules::movement::speed::unit_land_speed_ft(world, id) / square;
    let melee = profile
        .weapons
        .iter()
        .filter(|w| matches!(w.kind, WeaponKind::Melee | WeaponKind::Unarmed) && w.area.is_none())
        .max_by(|a, b| score_weapon(a).total_cmp(&score_weapon(b)))
        .map(|w| (w.clone(), striking_reach(rules, profile, w).far().max(1)));
    let ranged = profile
        .weapons
        .iter()
        .filter(|w| matches!(w.kind, WeaponKind::Ranged | WeaponKind::Thrown) && w.area.is_none() && !w.autofire_only)
        .max_by(|a, b| score_weapon(a).total_cmp(&score_weapon(b)))
        .map(|w| (w.clone(), short_range(w, square)));
    let best = melee
        .iter()
        .chain(ranged.iter())
        .map(|(w, _)| AttackOdds::estimate(&rules.attack, w.attack, 10 + w.attack, &w.damage).mean())
        .fold(0.0, f64::max);
    let worth = match profile.kind {
        UnitKind::Vehicle | UnitKind::Object => 1.0 + best * 0.25,
        _ => 1.0 + best,
    };
    Some(Fighter {
        id: id.clone(),
        side,
        space,
        elevation: world.get::<Elevation>(e).map_or(0, |h| h.0),
        state,
        health,
        worth,
        kind: profile.kind,
        aboard: riding(world, id),
        speed,
        melee,
        ranged,
        conditions,
    })
}

/// A weapon's attack bonus and mean damage as one number, to pick a unit's best.
fn score_weapon(w: &Weapon) -> f64 {
    mean(w) * (1.0 + f64::from(w.attack) / 20.0)
}

/// The squares within which a ranged weapon shoots at no more than its first penalty: two
/// range increments, or saga's short band.
fn short_range(w: &Weapon, square_ft: u32) -> u32 {
    if let Some(bands) = w.range_bands {
        return bands.short.max(1);
    }
    w.range_increment_ft.map_or(6, |ft| (2 * ft / square_ft).max(1))
}
