//! The colours the window shares between what draws a thing and the legend that names it:
//! the attack's lines, the area template, the danger marks, a vehicle order's aim, the
//! heading wedge, and the HUD panels' background.

use bevy::prelude::*;

/// The attack's lines: a clear line, an obstructed one, the flanking line.
pub const CLEAR_LINE: Color = Color::srgb(0.4, 1.0, 0.55);
pub const BLOCKED_LINE: Color = Color::srgb(1.0, 0.45, 0.1);
pub const FLANK_LINE: Color = Color::srgb(0.2, 0.85, 1.0);

/// Concealment lines (dashed): through concealment, and clear.
pub const CONCEALED_LINE: Color = Color::srgb(0.75, 0.45, 1.0);
pub const UNCONCEALED_LINE: Color = Color::srgb(0.85, 0.8, 1.0);

/// An area template's squares, and those its origin's line of effect does not reach.
pub const AREA_COLOUR: Color = Color::srgb(1.0, 0.55, 0.1);
pub const CUT_OFF_COLOUR: Color = Color::srgb(0.35, 0.35, 0.4);

/// Colour of a square the other side threatens (T toggle), drawn hatched.
pub const THREAT_COLOUR: Color = Color::srgb(0.92, 0.16, 0.16);

/// Colour of a provoking square and of the reactor's mark.
pub const PROVOKE_COLOUR: Color = Color::srgb(0.95, 0.1, 0.75);

/// A vehicle order's aim: a race's end squares, the picked angle's line, the arc's edges, a
/// drive's path.
pub const END_COLOUR: Color = Color::srgba(0.95, 0.75, 0.2, 0.28);
pub const LINE_COLOUR: Color = Color::srgba(1.0, 0.9, 0.3, 0.55);
pub const ARC_COLOUR: Color = Color::srgba(1.0, 0.84, 0.2, 0.9);
pub const PATH_COLOUR: Color = Color::srgba(0.3, 0.8, 1.0, 0.35);

/// The heading wedge's colour.
pub const WEDGE_COLOUR: Color = Color::srgb(1.0, 0.84, 0.2);

/// The HUD's panels' background.
pub const PANEL: Color = Color::srgba(0.06, 0.07, 0.09, 0.88);
