//! Key taps for headless GUI tests: no input plugin runs there, so a test presses a key for
//! one frame and then clears "just pressed" itself, as the next frame would.

use bevy::prelude::*;

/// Presses `key` alone for one frame (anything still held is released first), then releases
/// and clears it.
pub(crate) fn tap_key(app: &mut App, key: KeyCode) {
    {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release_all();
        keys.clear();
        keys.press(key);
    }
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release_all();
    keys.clear();
}
