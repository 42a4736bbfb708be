//! The Starfinder vehicle chase (RULES.md §26, CHS-1..CHS-19): an abstract mode off the grid
//! where vehicles sit in zones. This module owns the chase board and its rules as pure data
//! and functions (`check` → `resolve` rolls and returns an outcome → `apply` writes it); the
//! executor wraps them in commands and events. It never touches the grid or the GUI.
//!
//! Family numbers come from `Ruleset::chases` (`None`: the family has no chases).

pub mod commands;
mod events;
pub use events::ChaseEvent;

mod boarding;
mod combat;
mod dcs;
mod from_grid;
mod game;
mod grid;
mod hazards;
pub mod options;
mod pilot_actions;
mod progress;
mod state;

pub use combat::{BoardingOutcome, BoardingResult, BoardingSkill, ChaseAttackKind, CollisionOutcome, PilotAllowance};
pub use dcs::{action_dc, boarding_dc, break_free_dc, collision_dc, double_maneuver_penalty};
pub(crate) use from_grid::begin_from_grid;
pub use from_grid::{BOARD_ZONES, ESCAPEE_ZONE, left_out_of_chase, zones_from_grid};
pub use game::{
    apply_chase_event, narrate_chase, pilot_action_chance, pilot_action_terms, refuse_in_chase, would_escape,
};
pub use grid::{
    ChaseTerms, attack_terms, chase_range_ft, chase_running, follow_vehicle_control, start_chase_round, vehicle_of,
};
pub use hazards::{HazardAttack, ZoneHazard, hazard_attack, hazards_on_entry};
pub use pilot_actions::{PilotOutcome, PilotRequest, phase_name};
pub use progress::{MoveReason, ProgressMove, ProgressOutcome, own_movement};
pub use state::{
    ActionResult, Chase, ChaseEntry, ChasePhase, ChaseVehicle, Departure, ManeuverUse, RoundRecord, TrickEffect,
    ZoneFeature,
};
