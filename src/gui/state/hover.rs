//! Where the cursor is on the map: the hovered square and the nearest intersection (written
//! by the board's input, read by every preview).

use crate::grid::{Intersection, Square};
use bevy::prelude::*;

/// The map square under the cursor, if any (not when the cursor is over the HUD).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Hover(pub Option<Square>);

/// The grid intersection nearest the cursor, on the map (where an area template goes).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct HoverCorner(pub Option<Intersection>);

/// Whether the cursor is over a HUD panel (anything that takes the mouse: the bars, the log,
/// the tracker, the previews): the wheel there belongs to the panel (the log scrolls), not to
/// the map's zoom or an area template's turn (issue #18).
pub fn cursor_over_hud(ui: Query<&Interaction>) -> bool {
    ui.iter().any(|i| *i != Interaction::None)
}
