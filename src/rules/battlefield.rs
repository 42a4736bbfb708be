//! The battlefield as resources: the map the rules measure on (`Terrain`) and its environment
//! (ENV-1). Spawned from a scenario by `history`; the rules only read them.

use crate::grid::Map;
use bevy::prelude::Resource;

/// The battle map as a resource (the geometry stays a plain `grid::Map`).
#[derive(Resource, Debug, Clone)]
pub struct Terrain(pub Map);

/// The battlefield's environment (ENV-1).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct Environment {
    pub gravity: crate::ruleset::Gravity,
}
