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
const UI_FONT_DATA: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
/// The monospace face, for columns of numbers.
const MONO_FONT_DATA: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSansMono.ttf");

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

/// The advance of every DejaVu Sans Mono glyph, in ems.
pub const MONO_EM: f32 = 0.602;

/// How many monospace characters at `size` pixels fit in `width` pixels.
pub fn mono_chars(width: f32, size: f32) -> usize {
    (width / (size * MONO_EM)).floor().max(1.0) as usize
}

/// The advance of an average DejaVu Sans character in mixed text, in ems, rounded up (its
/// lowercase runs about 0.55), so a line cut to [`ui_chars`] fits.
pub const UI_EM: f32 = 0.56;

/// About how many characters of the UI font at `size` pixels fit in `width` pixels.
pub fn ui_chars(width: f32, size: f32) -> usize {
    (width / (size * UI_EM)).floor().max(1.0) as usize
}

/// `text` cut to at most `max` characters, its end replaced by "…" when cut, so a line that
/// must stay one line (a tracker row, a title row) never wraps.
pub fn ellipsize(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let kept: String = text.chars().take(max.saturating_sub(1)).collect();
    format!("{}…", kept.trim_end())
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
    fn a_long_line_is_cut_with_an_ellipsis_and_a_short_one_kept() {
        assert_eq!(ellipsize("Goblin", 10), "Goblin");
        assert_eq!(ellipsize("Space goblin boss", 10), "Space gob…");
        assert_eq!(ellipsize("Space goblin boss", 7), "Space…", "no space before the …");
        assert_eq!(ellipsize("abcdefghij", 10), "abcdefghij");
        assert_eq!(ellipsize("abcdefghijk", 10).chars().count(), 10);
        assert_eq!(mono_chars(234.0, 14.0), 27);
    }

    #[test]
    fn the_ui_font_is_the_default_one_and_mono_is_another() {
        assert_eq!(UI_FONT.id(), AssetId::<Font>::default());
        assert_ne!(MONO_FONT.id(), UI_FONT.id());
        assert_eq!(ui_text(13.0).font, TextFont::default().font);
        assert_eq!(mono_text(13.0).font, bevy::text::FontSource::Handle(MONO_FONT));
    }
}
