//! Scenario files: the RON format a person writes, validation with `file:line:col` errors,
//! stat-block templates, and the validated `ScenarioSpec` a battle is built from.

mod chase_format;
mod diagnostic;
pub mod format;
pub mod icons;
pub mod limits;
mod load;
pub mod spans;
mod spec;
mod syntax;
mod templates;
mod validate;
mod validate_chase;
mod validate_vehicle;
mod vehicle_format;

pub use chase_format::{ChaseDef, ChaseFeatureDef, ChaseHazardDef, ChasePositionDef};
pub use diagnostic::{Diagnostic, Problem, one_line};
pub use load::{
    MAX_FILE_BYTES, load_file, load_str, parse_str, read_regular_file, read_text, ron_options, without_bom,
};
pub use spec::{ChaseSpec, Objective, ScenarioSpec, Side, UnitSpec, VehicleSpec, Zone};
pub use syntax::syntax_diagnostic;
pub use templates::Templates;
pub use validate::{MAX_MAP_SIDE, validate};

/// The scenario the game opens when none is given; works without any files on disk.
pub const DEFAULT_SCENARIO: &str = include_str!("../../scenarios/tutorial_relay.ron");
/// The file name shown for the embedded default scenario.
pub const DEFAULT_SCENARIO_NAME: &str = "scenarios/tutorial_relay.ron";
