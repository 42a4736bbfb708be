//! The vehicle chase on screen (RULES.md §26): the chase panel (`panel`: the board of zones,
//! the pilot menu, chase progress), its combat-phase buttons (`combat`), the choice to stay
//! in the chase (`stay`), the camera refit that keeps the map visible under it (`dock`), and
//! the map-edge buttons that lead into a chase (`edge`, VEH-21).

pub mod combat;
pub mod dock;
pub mod edge;
pub mod panel;
pub mod stay;
