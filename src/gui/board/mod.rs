//! The battle map and what is drawn on it: the tilemap (`map`), the unit tokens (their icon
//! faces in `token_art`), the movement overlays painted on the tiles (`overlay`) and the
//! planned path's markers (`path`), the camera, the mouse and keys over the map (`input`), the
//! animations played from the rules' events, the results floated over the units they happened
//! to and the down markers (`feedback`), and the fog of hidden-information mode
//! (`visibility`). Reads the interaction state and the views, writes intents; imports no other
//! folder of the window's top layer.

pub mod animation;
pub mod camera;
pub mod feedback;
pub mod input;
pub mod map;
pub mod overlay;
pub mod path;
pub mod tokens;
pub mod visibility;

use bevy::prelude::App;

/// The board's plugins.
pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_plugins((
        map::plugin,
        tokens::plugin,
        overlay::plugin,
        path::plugin,
        camera::plugin,
        input::plugin,
        animation::plugin,
        visibility::plugin,
        feedback::plugin,
    ));
}
