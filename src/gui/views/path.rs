//! The planned path of the active unit to the hovered square in move mode (`intake::plan`,
//! the same plan a click sends), with where it provokes and who reacts, refreshed when the
//! battle, the hover, the mode or the toggles change; `board::path` draws it and the status
//! line reads its cost.

use crate::grid::Square;
use crate::gui::intake::plan::{PathPreview, path_preview_in};
use crate::gui::state::hover::Hover;
use crate::gui::state::mode::{Mode, Toggles};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::{Revision, Session};
use crate::gui::views::reach::{ReachOverlay, derive_threat};
use crate::rules::reactions::threat::space_of;
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<PathOverlay>();
    app.add_systems(
        Update,
        // After the reach overlay: the hovered square's band comes from it.
        derive_path
            .after(derive_threat)
            .in_set(AppSystems::Derive)
            .run_if(in_state(Screen::Battle)),
    );
}

/// The planned path to the hovered square, or why there is none.
#[derive(Resource, Debug, Default)]
pub struct PathOverlay {
    pub key: Option<(Revision, Square, bool)>,
    pub preview: Option<Result<PathPreview, String>>,
}

/// The path to the hovered square in move mode (none while aiming an attack or an area).
fn derive_path(
    session: Res<Session>,
    revision: Res<Revision>,
    hover: Res<Hover>,
    mode: Res<Mode>,
    toggles: Res<Toggles>,
    reach: Res<ReachOverlay>,
    mut path: ResMut<PathOverlay>,
) {
    let aimed = hover.0.filter(|_| *mode == Mode::Move);
    let key = aimed.map(|sq| (*revision, sq, toggles.avoid_aoo));
    if path.key == key {
        return;
    }
    path.key = key;
    path.preview = match (aimed, &reach.unit) {
        (Some(sq), Some(unit)) => {
            let world = session.battle.world();
            let standing = space_of(world, unit).is_some_and(|s| s.at == sq);
            let band = reach.bands.get(&sq).copied();
            (!standing).then(|| path_preview_in(world, unit, sq, toggles.avoid_aoo, band).map_err(|e| e.to_string()))
        }
        _ => None,
    };
}
