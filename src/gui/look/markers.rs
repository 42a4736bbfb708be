//! Markers of what is on screen, for the window's other folders to find without importing the
//! code that draws it: tokens and their labels (board), a vehicle's heading wedge (vehicles),
//! the right column's preview panels and the tracker (hud).

use crate::grid::{Heading, Space};
use crate::rules::UnitId;
use bevy::prelude::*;

/// A token's name label: the unit's space, whether it is the active unit, and how many
/// characters the name has (for its width before the text is laid out).
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct TokenLabel {
    pub space: Space,
    pub active: bool,
    pub chars: usize,
}

/// A unit's token (the parent of its disc, label and bar).
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct Token(pub UnitId);

/// The heading wedge of a vehicle token (tests find it by this).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeadingMarker(pub Heading);

/// A preview panel of the right column (attack, area): the tutorial's tips stack above the
/// one shown (`screens::tutorial`).
#[derive(Component, Debug, Clone, Copy)]
pub struct PreviewPanel;

/// The tracker's panel (the tutorial's tips keep below it).
#[derive(Component, Debug, Clone, Copy)]
pub struct TrackerPanel;
