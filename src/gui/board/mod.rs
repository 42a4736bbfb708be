//! The battle map and what is drawn on it: the tilemap and its coordinates (`map`), the unit
//! tokens (their icon faces in `token_art`), the movement overlays on the tiles (`overlay`) and
//! the planned path (`path`), the camera, the mouse and keys over the map (`input`), the
//! animations played from the rules' events, the results floated over the units they happened
//! to and the down markers (`feedback`), and the fog of hidden-information mode. Reads rule
//! state; the plugins are wired in `gui::plugin`.

pub mod animation;
pub mod camera;
pub mod feedback;
pub mod input;
pub mod map;
pub mod overlay;
pub mod path;
pub mod token_art;
pub mod tokens;
pub mod visibility;
