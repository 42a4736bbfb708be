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
#[cfg(test)]
pub mod testkit;
pub mod view;
