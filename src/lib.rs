//! fivefoot: the d20 family's grid combat rules as an ECS rules core, a headless CLI and
//! (feature `gui`) a windowed game.
//!
//! The rules core (`grid`, `ruleset`, `scenario`, `rules`, `history`) needs no window, GPU
//! or asset server; the GUI only reads rule state and sends commands.

pub mod ai;
pub mod cli;
pub mod editor;
pub mod grid;
#[cfg(feature = "gui")]
pub mod gui;
pub mod history;
pub mod rules;
pub mod ruleset;
pub mod scenario;
pub mod testing;
