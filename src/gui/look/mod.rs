//! How the window looks, shared by the folders that draw: the tile geometry (square ↔ world),
//! the camera's marker, the HUD's margins and the camera's maths, the colours a legend names,
//! the fonts, a token's face, and markers of what is on screen. Imports no other window module.

pub mod camera;
pub mod font;
pub mod markers;
pub mod palette;
pub mod tiles;
pub mod token_art;

use bevy::prelude::App;

/// The embedded images every drawing folder uses.
pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<tiles::GuiImages>();
}
