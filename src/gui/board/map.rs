//! The battle map: one `bevy_ecs_tilemap` layer for the terrain (one tile per legend kind, with
//! the grid drawn into each tile's border), one of translucent haze over concealing and
//! sight-blocking squares (smoke, fog: the ground stays visible under it), one for dim light
//! and darkness, one for the overlays (a white tile tinted at run time), and sprites for thin
//! walls and doors on square edges.
//! Also the coordinates: square (x right, y down) ↔ world (y up), one square = [`TILE`] units.

use crate::grid::{Cell, Concealment, CoverObject, EdgeFeature, Light, Map, Space, Square};
use crate::gui::Screen;
use crate::gui::session::Session;
use crate::history::Terrain;
use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<GuiImages>();
    app.add_systems(OnEnter(Screen::Battle), spawn_board);
}

/// World units per square (and pixels per square at zoom 1).
pub const TILE: f32 = 64.0;

/// The images the game draws with, embedded so the binary runs from anywhere.
#[derive(Resource, Debug, Clone)]
pub struct GuiImages {
    /// The terrain atlas: one 64×64 tile per [`TerrainTile`], the last one plain white.
    pub terrain: Handle<Image>,
    pub token: Handle<Image>,
    pub dot: Handle<Image>,
    pub ring: Handle<Image>,
    pub door: Handle<Image>,
}

impl FromWorld for GuiImages {
    fn from_world(world: &mut World) -> Self {
        let mut images = world.resource_mut::<Assets<Image>>();
        let mut add = |bytes: &[u8]| {
            let image = Image::from_buffer(
                bytes,
                ImageType::Extension("png"),
                CompressedImageFormats::NONE,
                true,
                ImageSampler::Default,
                RenderAssetUsages::default(),
            )
            // The PNGs are part of the source tree; a broken one is a build mistake.
            .expect("embedded PNG decodes");
            images.add(image)
        };
        Self {
            terrain: add(include_bytes!("../../../assets/tiles/terrain.png")),
            token: add(include_bytes!("../../../assets/tokens/token.png")),
            dot: add(include_bytes!("../../../assets/tokens/dot.png")),
            ring: add(include_bytes!("../../../assets/tokens/ring.png")),
            door: add(include_bytes!("../../../assets/tiles/door.png")),
        }
    }
}

/// The terrain tiles of the atlas, in atlas order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TerrainTile {
    Floor,
    Wall,
    Difficult,
    LowObstacle,
    Cover,
    ImprovedCover,
    /// A soft white cloud (`tools/haze_tile.py`), tinted by [`haze_tint`] and laid over the
    /// ground of concealing squares.
    Concealment,
    /// Plain white, tinted for overlays and shading.
    White,
}

impl TerrainTile {
    pub fn index(self) -> u32 {
        self as u32
    }

    /// The tile a square's ground shows: what stops you first wins (wall, cover objects,
    /// low obstacles), then difficult ground, then plain floor. Concealment is not ground: it
    /// is the haze layer over it ([`haze_tint`]).
    pub fn of(cell: &Cell) -> Self {
        match cell {
            c if c.blocks_movement && c.cover == CoverObject::None => TerrainTile::Wall,
            c if c.cover == CoverObject::Improved => TerrainTile::ImprovedCover,
            c if c.cover == CoverObject::Cover => TerrainTile::Cover,
            c if c.blocks_movement => TerrainTile::Wall,
            c if c.low => TerrainTile::LowObstacle,
            c if c.difficult => TerrainTile::Difficult,
            _ => TerrainTile::Floor,
        }
    }
}

/// The haze over a square that conceals (a light veil) or blocks sight or conceals totally (a
/// thick one); `None` for a clear square. Shared with the editor's map.
pub fn haze_tint(concealment: Concealment, blocks_sight: bool) -> Option<Color> {
    let haze = Color::srgb(0.86, 0.88, 0.92);
    match (concealment, blocks_sight) {
        (Concealment::Total, _) | (_, true) => Some(haze.with_alpha(0.92)),
        (Concealment::Normal, false) => Some(haze.with_alpha(0.62)),
        (Concealment::None, false) => None,
    }
}

/// How dark a square is drawn (alpha of black over it).
pub fn shade(light: Light) -> Option<f32> {
    match light {
        Light::Bright | Light::Normal => None,
        Light::Dim => Some(0.35),
        Light::Darkness => Some(0.65),
    }
}

/// The world position of a square's centre.
pub fn square_centre(sq: Square) -> Vec2 {
    Vec2::new(sq.x as f32 * TILE, -(sq.y as f32) * TILE)
}

/// The world position of a space's centre (a Large creature's 2×2 block, ...).
pub fn space_centre(space: Space) -> Vec2 {
    let half = (space.side as f32 - 1.0) * TILE / 2.0;
    square_centre(space.at) + Vec2::new(half, -half)
}

/// The square under a world position.
pub fn square_at(world: Vec2) -> Square {
    Square::new(
        (world.x / TILE + 0.5).floor() as i32,
        (-world.y / TILE + 0.5).floor() as i32,
    )
}

/// The tilemap position of a square on a map `height` squares tall (tilemaps count y up).
pub fn tile_pos(sq: Square, height: u32) -> TilePos {
    TilePos {
        x: sq.x as u32,
        y: height - 1 - sq.y as u32,
    }
}

/// The size of the map on screen, for the camera and the input.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardSize {
    pub width: u32,
    pub height: u32,
}

impl BoardSize {
    pub fn contains(self, sq: Square) -> bool {
        sq.x >= 0 && sq.y >= 0 && (sq.x as u32) < self.width && (sq.y as u32) < self.height
    }

    /// The world rectangle the map covers.
    pub fn rect(self) -> Rect {
        Rect::new(
            -TILE / 2.0,
            TILE / 2.0 - self.height as f32 * TILE,
            self.width as f32 * TILE - TILE / 2.0,
            TILE / 2.0,
        )
    }
}

/// The overlay tilemap (reach bands, provoking squares).
#[derive(Component)]
pub struct OverlayLayer;

/// The terrain tilemap.
#[derive(Component)]
pub struct TerrainLayer;

/// A layer's per-square tile: `None` leaves the square empty.
/// The tilemap of one layer of `size` squares drawn `z` deep: row 0 of the grid at the top
/// (tilemaps count y upwards). The battle board and the editor's map use it.
pub fn layer_bundle(
    size: TilemapSize,
    storage: TileStorage,
    texture: &Handle<Image>,
    height: u32,
    z: f32,
) -> TilemapBundle {
    let tile_size = TilemapTileSize { x: TILE, y: TILE };
    TilemapBundle {
        grid_size: tile_size.into(),
        map_type: TilemapType::Square,
        size,
        storage,
        texture: TilemapTexture::Single(texture.clone()),
        tile_size,
        anchor: TilemapAnchor::None,
        transform: Transform::from_xyz(0.0, -(height as f32 - 1.0) * TILE, z),
        ..default()
    }
}

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
        commands.entity(fog).insert(crate::gui::board::visibility::FogLayer);
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
