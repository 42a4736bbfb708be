//! The battle map: one `bevy_ecs_tilemap` layer for the terrain (one tile per legend kind, with
//! the grid drawn into each tile's border), one of translucent haze over concealing and
//! sight-blocking squares (smoke, fog: the ground stays visible under it), one for dim light
//! and darkness, one for the overlays (a white tile tinted at run time), and sprites for thin
//! walls and doors on square edges. The coordinates and tiles are `look::tiles`'.

use crate::grid::EdgeFeature;
use crate::grid::{Map, Square};
use crate::gui::board::visibility::FogLayer;
use crate::gui::look::tiles::square_centre;
use crate::gui::look::tiles::{BoardSize, GuiImages, TILE, TerrainTile, haze_tint, layer_bundle, shade, tile_pos};
use crate::gui::state::screen::Screen;
use crate::gui::state::session::Session;
use crate::history::Terrain;
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Battle), spawn_board);
}

/// The overlay tilemap (reach bands, provoking squares).
#[derive(Component)]
pub struct OverlayLayer;

/// The terrain tilemap.
#[derive(Component)]
pub struct TerrainLayer;

fn spawn_layer(
    commands: &mut Commands,
    name: &str,
    map: &Map,
    texture: &Handle<Image>,
    z: f32,
    mut tile: impl FnMut(Square) -> Option<(TerrainTile, Color, bool)>,
) -> Entity {
    let size = TilemapSize {
        x: map.width(),
        y: map.height(),
    };
    let layer = commands
        .spawn((Name::new(name.to_string()), DespawnOnExit(Screen::Battle)))
        .id();
    let mut storage = TileStorage::empty(size);
    for y in 0..map.height() as i32 {
        for x in 0..map.width() as i32 {
            let sq = Square::new(x, y);
            let Some((kind, colour, visible)) = tile(sq) else {
                continue;
            };
            let pos = tile_pos(sq, map.height());
            let entity = commands
                .spawn(TileBundle {
                    position: pos,
                    tilemap_id: TilemapId(layer),
                    texture_index: TileTextureIndex(kind.index()),
                    color: TileColor(colour),
                    visible: TileVisible(visible),
                    ..default()
                })
                .id();
            storage.set(&pos, entity);
        }
    }
    commands
        .entity(layer)
        .insert(layer_bundle(size, storage, texture, map.height(), z));
    layer
}

fn spawn_board(mut commands: Commands, session: Res<Session>, images: Res<GuiImages>) {
    let map = &session.battle.world().resource::<Terrain>().0;
    commands.insert_resource(BoardSize {
        width: map.width(),
        height: map.height(),
    });
    let terrain = spawn_layer(&mut commands, "Terrain", map, &images.terrain, 0.0, |sq| {
        map.cell(sq).map(|c| (TerrainTile::of(c), Color::WHITE, true))
    });
    commands.entity(terrain).insert(TerrainLayer);
    spawn_layer(&mut commands, "Haze", map, &images.terrain, 0.5, |sq| {
        let tint = map.cell(sq).and_then(|c| haze_tint(c.concealment, c.blocks_sight))?;
        Some((TerrainTile::Concealment, tint, true))
    });
    spawn_layer(&mut commands, "Light", map, &images.terrain, 1.0, |sq| {
        let alpha = map.cell(sq).and_then(|c| shade(c.light))?;
        Some((TerrainTile::White, Color::BLACK.with_alpha(alpha), true))
    });
    let overlay = spawn_layer(&mut commands, "Overlay", map, &images.terrain, 2.0, |_| {
        Some((TerrainTile::White, Color::NONE, false))
    });
    commands.entity(overlay).insert(OverlayLayer);
    if session.battle.spec().hidden_information {
        // Only in hidden-information mode: a tile per square is not free on large maps.
        let fog = spawn_layer(&mut commands, "Fog", map, &images.terrain, 1.5, |_| {
            Some((TerrainTile::White, Color::srgba(0.02, 0.02, 0.05, 0.62), false))
        });
        commands.entity(fog).insert(FogLayer);
    }
    spawn_edges(&mut commands, map, &images);
}

/// Thin walls as dark bars and doors as door sprites along their grid lines (GEO-4).
fn spawn_edges(commands: &mut Commands, map: &Map, images: &GuiImages) {
    let mut spawn = |feature: EdgeFeature, centre: Vec2, vertical: bool| {
        let rotation = if vertical {
            Quat::from_rotation_z(std::f32::consts::FRAC_PI_2)
        } else {
            Quat::IDENTITY
        };
        let sprite = match feature {
            EdgeFeature::None => return,
            EdgeFeature::Wall => Sprite {
                color: Color::srgb_u8(0x1c, 0x1e, 0x24),
                custom_size: Some(Vec2::new(TILE + 6.0, 8.0)),
                ..default()
            },
            EdgeFeature::Door { open } => Sprite {
                image: images.door.clone(),
                color: if open {
                    Color::WHITE.with_alpha(0.45)
                } else {
                    Color::WHITE
                },
                custom_size: Some(Vec2::new(TILE, 12.0)),
                ..default()
            },
        };
        commands.spawn((
            Name::new(format!("Edge {feature:?}")),
            DespawnOnExit(Screen::Battle),
            sprite,
            Transform::from_translation(centre.extend(3.0)).with_rotation(rotation),
        ));
    };
    for j in 0..map.height() as i32 {
        for i in 0..=map.width() as i32 {
            let centre = square_centre(Square::new(i, j)) - Vec2::new(TILE / 2.0, 0.0);
            spawn(map.vertical_edge(i, j), centre, true);
        }
    }
    for j in 0..=map.height() as i32 {
        for i in 0..map.width() as i32 {
            let centre = square_centre(Square::new(i, j)) + Vec2::new(0.0, TILE / 2.0);
            spawn(map.horizontal_edge(i, j), centre, false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::grid::Concealment;
    use crate::grid::CoverObject;
    use crate::grid::Light;
    use crate::grid::Space;
    use crate::gui::look::tiles::space_centre;
    use crate::gui::look::tiles::square_at;
    use crate::gui::look::tiles::square_centre;

    #[test]
    fn squares_and_world_positions_round_trip() {
        for sq in [Square::new(0, 0), Square::new(3, 7), Square::new(13, 2)] {
            assert_eq!(square_at(square_centre(sq)), sq);
            assert_eq!(square_at(square_centre(sq) + Vec2::new(31.0, -31.0)), sq);
            assert_eq!(square_at(square_centre(sq) + Vec2::new(-31.0, 31.0)), sq);
        }
        assert_eq!(square_at(Vec2::new(33.0, 0.0)), Square::new(1, 0));
        assert_eq!(square_at(Vec2::new(0.0, -33.0)), Square::new(0, 1));
        assert_eq!(space_centre(Space::new(Square::new(1, 1), 2)), Vec2::new(96.0, -96.0));
    }

    #[test]
    fn tiles_count_y_up() {
        assert_eq!(tile_pos(Square::new(2, 0), 8), TilePos { x: 2, y: 7 });
        assert_eq!(tile_pos(Square::new(2, 7), 8), TilePos { x: 2, y: 0 });
    }

    #[test]
    fn each_legend_kind_has_its_tile() {
        let floor = Cell::default();
        let wall = Cell {
            blocks_movement: true,
            blocks_loe: true,
            hard_corner: true,
            ..floor
        };
        let crate_ = Cell {
            blocks_movement: true,
            cover: CoverObject::Cover,
            ..floor
        };
        let slit = Cell {
            cover: CoverObject::Improved,
            ..floor
        };
        let low = Cell { low: true, ..floor };
        let rubble = Cell {
            difficult: true,
            ..floor
        };
        let fog = Cell {
            concealment: crate::grid::Concealment::Normal,
            ..floor
        };
        let smoky_rubble = Cell {
            concealment: crate::grid::Concealment::Normal,
            ..rubble
        };
        let kinds: Vec<TerrainTile> = [floor, wall, crate_, slit, low, rubble, fog, smoky_rubble]
            .iter()
            .map(TerrainTile::of)
            .collect();
        use TerrainTile::*;
        // Fog is not ground: the floor (or rubble) under it shows, with haze laid over it.
        assert_eq!(
            kinds,
            vec![
                Floor,
                Wall,
                Cover,
                ImprovedCover,
                LowObstacle,
                Difficult,
                Floor,
                Difficult
            ]
        );
        assert_eq!(shade(Light::Dim), Some(0.35));
    }

    #[test]
    fn concealing_squares_get_a_haze_thicker_where_sight_is_blocked() {
        let alpha = |c, b| haze_tint(c, b).map(|t| t.alpha());
        assert_eq!(alpha(Concealment::None, false), None);
        let light = alpha(Concealment::Normal, false).expect("a veil");
        let thick = alpha(Concealment::Total, false).expect("a thick haze");
        assert!(
            0.0 < light && light < thick && thick < 1.0,
            "translucent: the ground shows"
        );
        assert_eq!(alpha(Concealment::None, true), Some(thick));
        assert_eq!(shade(Light::Normal), None);
    }

    #[test]
    fn the_board_rectangle_covers_every_square() {
        let size = BoardSize { width: 14, height: 8 };
        let rect = size.rect();
        assert!(rect.contains(square_centre(Square::new(0, 0))));
        assert!(rect.contains(square_centre(Square::new(13, 7))));
        assert!(!rect.contains(square_centre(Square::new(14, 7))));
        assert!(size.contains(Square::new(13, 7)) && !size.contains(Square::new(-1, 0)));
    }
}
