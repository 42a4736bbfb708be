//! The vehicle chase on screen (RULES.md §26): the chase panel (`panel`) drawing what the
//! chase view derives from the battle (`view`: the board of zones, the pilot menu), the
//! player's intents and the commands they stand for (`intents`), the combat-phase buttons
//! (`combat`), the choice to stay in the chase (`stay`), the camera refit that keeps the map
//! visible under the panel (`dock`), and the map-edge buttons that lead into a chase (`edge`,
//! VEH-21).

pub mod combat;
pub mod dock;
pub mod edge;
pub mod intents;
pub mod panel;
pub mod stay;
pub mod view;

use bevy::prelude::App;

/// The chase panel's plugins.
pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_plugins((panel::plugin, intents::plugin, view::plugin, dock::plugin, edge::plugin));
}

/// A headless app on the battle screen over `battle` with the chase panel, its intents and
/// view, one frame in (the chase tests' app).
#[cfg(test)]
pub(crate) fn chase_app(battle: crate::history::Battle) -> bevy::prelude::App {
    let mut app = crate::gui::testkit::battle_app(battle);
    app.add_plugins((panel::plugin, intents::plugin, view::plugin));
    app.update();
    app
}

/// Presses the chase panel's button `label` and runs a frame.
#[cfg(test)]
pub(crate) fn press(app: &mut bevy::prelude::App, label: &str) {
    crate::gui::testkit::press_button(app, &format!("Chase button {label}"));
}
