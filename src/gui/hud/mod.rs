//! The heads-up display over the battle map: the top bar with the action bar (`bar`) and its
//! keys and pickers (`actions`), the bottom panel's mode and status lines (`status`) over the
//! scrolling battle log (`log`), the choice panel (`panel`), the initiative tracker, the unit
//! card (`card`), the attack and area previews' panels and lines (`attack`, `area`), the aim
//! of a kind from "More actions" on the map (`option_aim`), the weapon
//! and target keys (`arms`) and the map's legend. Reads the interaction state and the views,
//! writes intents; imports no other folder of the window's top layer. Asks the rules; decides
//! none.

pub mod actions;
pub mod area;
pub mod arms;
pub mod attack;
pub mod bar;
pub mod card;
pub mod initiative;
pub mod legend;
pub mod log;
pub mod option_aim;
pub mod panel;
pub mod status;

use bevy::prelude::App;

/// The HUD's plugins.
pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_plugins((
        bar::plugin,
        status::plugin,
        actions::plugin,
        attack::plugin,
        arms::plugin,
        area::plugin,
        initiative::plugin,
        log::plugin,
        card::plugin,
        panel::plugin,
        legend::plugin,
        option_aim::plugin,
    ));
}
