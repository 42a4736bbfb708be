//! The game's text font: DejaVu Sans Mono, embedded in the binary and put in place of Bevy's
//! default font, because the built-in Fira Mono subset has no `−`, `×`, `·`, `→`, `≥` or `…`,
//! which the combat log, the attack preview and the title screen print.

use bevy::asset::{AssetId, Assets};
use bevy::prelude::*;
use bevy::text::Font;

/// The font file, embedded so the game runs without its `assets/` folder.
const FONT_DATA: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansMono.ttf");

/// Replaces the default font (the one every `TextFont` without a handle uses). Needs the text
/// plugin (part of `DefaultPlugins`) first.
pub fn install(app: &mut App) {
    let mut fonts = app.world_mut().resource_mut::<Assets<Font>>();
    // The text plugin has already put its own font there; this one replaces it.
    let _ = fonts.insert(AssetId::default(), Font::from_bytes(FONT_DATA.to_vec()));
}
