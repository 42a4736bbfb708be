//! The engine's plumbing, shared by every rule area: the command and event enums (one line
//! per command or event, each routed to the area that owns it), the shared gates of `check`
//! (the list of the areas' gates), the executor that emits and applies events, dice, errors,
//! modifiers, what the areas' apply and narration share, and forking a battle's world.

pub(crate) mod apply;
pub mod bounds;
pub mod check;
pub(crate) mod command;
pub(crate) mod dice;
pub(crate) mod error;
pub(crate) mod event;
pub(crate) mod executor;
pub mod fork;
pub(crate) mod modifier;
pub(crate) mod narrate;
pub(crate) mod resolve;
pub mod wire;
