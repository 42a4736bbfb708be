//! Vehicles on screen (RULES.md §25, §26): their hulls on the board, the vehicle orders given
//! from the board (`piloting`) and what their aim shows (`aim_view`), the autopilot keys, and
//! the vehicle chase panel (`chase`). The orders and their verdicts are the rules' options
//! list's. The plugins are wired in `gui::plugin`.

pub mod aim_view;
pub mod autopilot;
pub mod chase;
pub mod hulls;
pub mod piloting;
