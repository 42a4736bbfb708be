//! Pure geometry on plain types: squares, intersections, sizes of spaces. No ECS, no rules data.
//!
//! Owns the coordinate conventions of GRID-1..GRID-4 in RULES.md; rule families pick
//! metrics and policies from their ruleset, never from here.

mod map;
mod space;
mod square;

pub use map::{Cell, Concealment, CoverObject, EdgeFeature, Light, Map};
pub use space::Space;
pub use square::{Intersection, Square};
