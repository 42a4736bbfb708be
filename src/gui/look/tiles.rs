//! The map's coordinates and tiles, shared by the battle board and the editor's map: square
//! (x right, y down) ↔ world (y up), one square = [`TILE`] units; the embedded images; the
//! terrain atlas's tiles, haze and shade; the board's size; and one tilemap layer's bundle.

use crate::grid::{Cell, Concealment, CoverObject, Intersection, Light, Space, Square};
use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

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

/// The world position of a grid intersection (a square's top-left corner).
pub fn intersection_point(p: Intersection) -> Vec2 {
    square_centre(Square::new(p.i, p.j)) + Vec2::new(-TILE / 2.0, TILE / 2.0)
}

/// The intersection nearest `world` (a square's top-left corner is its own number), if on the
/// map's corners.
pub fn hovered_corner(world: Option<Vec2>, board: BoardSize, over_ui: bool) -> Option<Intersection> {
    let w = world?;
    let tile = TILE;
    let at = Intersection::new(
        ((w.x + tile / 2.0) / tile).round() as i32,
        ((tile / 2.0 - w.y) / tile).round() as i32,
    );
    let on = at.i >= 0 && at.j >= 0 && at.i as u32 <= board.width && at.j as u32 <= board.height;
    (!over_ui && on).then_some(at)
}

/// The square under a cursor at `world`, if it is on the map.
pub fn hovered_square(world: Option<Vec2>, board: BoardSize, over_ui: bool) -> Option<Square> {
    let sq = square_at(world?);
    (!over_ui && board.contains(sq)).then_some(sq)
}
