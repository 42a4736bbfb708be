//! The views the window derives from the battle and the interaction state, each refreshed in
//! `AppSystems::Derive` when what it depends on changes and read by whatever draws or words
//! it: the action bar's verdicts, the planned path and the reach and threat overlays, what the
//! side on screen sees, the attack, area and vehicle-order previews, the aim of a kind from
//! "More actions" (`option_aim`), a unit's badges and a
//! command's animation cues. Above the intake (a preview shows the command a click would
//! send); `board`, `hud`, `vehicles` and `screens` read them.

pub mod area;
pub mod attack;
pub mod badges;
pub mod bar;
pub mod cues;
pub mod option_aim;
pub mod path;
pub mod reach;
pub mod sight;
pub mod vehicle_aim;

use bevy::prelude::App;

/// The derived views' resources and systems.
pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_plugins((
        bar::plugin,
        reach::plugin,
        path::plugin,
        sight::plugin,
        attack::plugin,
        area::plugin,
        vehicle_aim::plugin,
        option_aim::plugin,
    ));
}
