//! Pure geometry on plain types: squares, intersections, sizes of spaces, lines, paths and area
//! templates. No ECS, no rules data.
//!
//! Owns the coordinate conventions of GRID-1..GRID-4 in RULES.md; rule families pick
//! metrics and policies from their ruleset, never from here.

mod board;
mod cover;
mod flank;
mod heading;
mod line_walk;
mod lines;
mod map;
mod path;
#[cfg(test)]
mod path_testkit;
mod race_path;
mod reach;
mod segment;
mod sight;
mod space;
mod square;
mod template;
mod threat;

pub use board::{MoveBoard, PathErrorKind, SquareState, StepShape};
pub use cover::{
    AttackKind, CoverDegree, CoverLine, CoverParams, CoverResult, Obstruction, cover, cover_bonuses, cover_from_point,
};
pub use flank::{flanking_line, flanking_pair};
pub use heading::Heading;
pub use line_walk::{StraightSteps, straight_path, straight_steps, swept_squares};
pub use lines::{
    ConcealmentLine, LineGrid, concealment_decided, concealment_lines, concealment_lines_with, corner_lines, corners,
    whole_space_concealment,
};
pub use map::{Cell, Concealment, CoverObject, EdgeFeature, Light, Map};
pub use path::{PathError, Plan, Planner, PricedPath};
pub use race_path::{RaceStep, race_steps};
pub use reach::{ReachMap, reach};
pub use segment::{Contact, Edge, EdgeContact, Ends, Point, Rays, Segment, WallCrossing};
pub use sight::{SAMPLE_SCALE, SightModel, line_of_effect, line_of_effect_with, line_of_sight, sample_points};
pub use space::Space;
pub use square::{Intersection, Square};
pub use template::{
    AreaShape, CutOff, CutReason, Direction8, Obstacle, ShapeProblem, Template, TemplateSpec, area_distance,
    check_shaped, first_line_square, in_cone, in_radius, near_corner_offset, open_ground_squares, origin_blocked,
    spread_distances, template,
};
pub use threat::{ThreatReach, threat_mask_fill, threatened_squares, threatens_square};
