//! The screens around the battle and the way between them: the screen states and routing
//! (`states`), the title screen (`title`) and its menu's entries (`title_menu`), the setup step
//! before a battle (`setup`: who plays each side), the in-game menu, saves, the hot-seat
//! hand-off, the end screen and the tutorial's tips. The plugins are wired in
//! `gui::plugin`.

pub mod handoff;
pub mod menu;
pub mod results;
pub mod saves;
pub mod setup;
pub mod states;
pub mod title;
pub mod title_menu;
pub mod tutorial;
