//! The game's two text faces, embedded in the binary: DejaVu Sans, a proportional face for the
//! UI's words, put in place of Bevy's default font (so every `TextFont` without a handle uses
//! it), and DejaVu Sans Mono under [`MONO_FONT`] for text whose numbers line up in columns
//! (the initiative counts, the previews' modifier lists). Both replace the built-in Fira Mono
//! subset, which has no `−`, `×`, `·`, `→`, `≥` or `…`, characters the log, the previews and
//! the title screen print.

use bevy::asset::{AssetId, Assets, uuid_handle};
use bevy::prelude::*;
use bevy::text::Font;

/// The proportional UI face, embedded so the game runs without its `assets/` folder.
const UI_FONT_DATA: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
/// The monospace face, for columns of numbers.
const MONO_FONT_DATA: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansMono.ttf");

/// The UI font: the default handle, which [`install`] fills with DejaVu Sans, so text spawned
/// with `TextFont::default()` or `TextFont::from_font_size` is already in it.
pub const UI_FONT: Handle<Font> = Handle::Uuid(AssetId::<Font>::DEFAULT_UUID, std::marker::PhantomData);

/// The monospace font, for text laid out in columns.
pub const MONO_FONT: Handle<Font> = uuid_handle!("5f1d8a52-8c3e-4b7e-9a61-3d2c0f7e4b19");

/// Text in the UI font at `size` pixels.
pub fn ui_text(size: f32) -> TextFont {
    TextFont::from_font_size(size).with_font(UI_FONT)
}

/// Text in the monospace font at `size` pixels: columns of numbers stay aligned.
pub fn mono_text(size: f32) -> TextFont {
    TextFont::from_font_size(size).with_font(MONO_FONT)
}

/// Puts both faces in place: DejaVu Sans as the default font (the one every `TextFont` without
/// a handle uses), DejaVu Sans Mono under [`MONO_FONT`]. Needs the text plugin (part of
/// `DefaultPlugins`) first.
pub fn install(app: &mut App) {
    let mut fonts = app.world_mut().resource_mut::<Assets<Font>>();
    // The text plugin has already put its own font under the default id; this one replaces it.
    let _ = fonts.insert(UI_FONT.id(), Font::from_bytes(UI_FONT_DATA.to_vec()));
    let _ = fonts.insert(MONO_FONT.id(), Font::from_bytes(MONO_FONT_DATA.to_vec()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ui_font_is_the_default_one_and_mono_is_another() {
        assert_eq!(UI_FONT.id(), AssetId::<Font>::default());
        assert_ne!(MONO_FONT.id(), UI_FONT.id());
        assert_eq!(ui_text(13.0).font, TextFont::default().font);
        assert_eq!(mono_text(13.0).font, bevy::text::FontSource::Handle(MONO_FONT));
    }
}
