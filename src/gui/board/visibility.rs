//! Hidden-information mode on the board (scenario `hidden_information: true`): the map shows
//! the human side on screen (also while the computer plays its turn) only what its units can
//! see (`views::sight`, as the rules' `rules::sight::side_view` says, which `query visible`
//! also answers): unseen squares are dimmed on a fog layer and unseen enemies' tokens are
//! hidden. Purely a view: the rules, the CLI and saves are untouched.

use crate::grid::Square;
use crate::gui::look::markers::Token;
use crate::gui::look::tiles::tile_pos;
use crate::gui::state::screen::{AppSystems, Screen, SyncTokens};
use crate::gui::views::sight::Sight;
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (hide_unseen_tokens.after(SyncTokens), paint_fog)
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Battle)),
    );
}

fn hide_unseen_tokens(sight: Res<Sight>, mut tokens: Query<(&Token, &mut Visibility)>) {
    for (token, mut visibility) in &mut tokens {
        let want = if sight.hides(&token.0) {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        if *visibility != want {
            *visibility = want;
        }
    }
}

/// The fog tilemap (hidden-information mode only): dims the squares the side does not see.
#[derive(Component)]
pub struct FogLayer;

fn paint_fog(
    sight: Res<Sight>,
    layer: Option<Single<(&TileStorage, &TilemapSize, Ref<FogLayer>)>>,
    mut tiles: Query<&mut TileVisible>,
) {
    let Some(layer) = layer else { return };
    let (storage, size, new) = *layer;
    if !sight.is_changed() && !new.is_added() {
        return;
    }
    for y in 0..size.y {
        for x in 0..size.x {
            let sq = Square::new(x as i32, (size.y - 1 - y) as i32);
            let Some(tile) = storage.get(&tile_pos(sq, size.y)) else {
                continue;
            };
            if let Ok(mut visible) = tiles.get_mut(tile) {
                let want = !sight.shows(sq);
                if visible.0 != want {
                    visible.0 = want;
                }
            }
        }
    }
}
