//! The editor's map: the document's terrain, concealment and light as three
//! `bevy_ecs_tilemap` layers (updated in place after an edit, rebuilt when the map is
//! resized), thin walls and doors, zones, unit tokens (their icons on a ring of their side's
//! colour, as in battle; a vehicle with a bar on its front edge), and on top the stroke being
//! drawn, the hover and the selection.

use super::session::{DocRevision, EditorSession, Selection};
use super::ui::parse_colour;
use crate::editor::{EditorDoc, brush_squares};
use crate::grid::{Heading, Intersection, Light, Square};
use crate::gui::editor::state::FitCamera;
use crate::gui::editor::state::MapSize;
use crate::gui::editor::state::{Tool, ToolState};
use crate::gui::editor::tools::{EditorHover, Stroke, straight_run};
use crate::gui::look::tiles::{GuiImages, TILE, TerrainTile, haze_tint, layer_bundle, shade, square_centre, tile_pos};
use crate::gui::look::token_art::{Face, TokenIcons, spawn_face};
use crate::gui::state::screen::{AppSystems, Screen};
use crate::scenario::format::{EdgeKind, LegendEntry, TerrainKind};
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Editor), redraw_all);
    app.add_systems(
        Update,
        (
            sync_tiles.run_if(resource_changed::<DocRevision>),
            draw_things.run_if(resource_changed::<DocRevision>),
            draw_preview,
        )
            .chain()
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Editor))
            .run_if(resource_exists::<EditorSession>),
    );
}

/// The three tile layers of the drawn map.
#[derive(Resource, Debug, Clone, Copy)]
struct Layers {
    terrain: Entity,
    concealment: Entity,
    light: Entity,
}

/// The tile a legend entry shows.
pub fn terrain_tile(entry: &LegendEntry) -> TerrainTile {
    match entry.terrain {
        TerrainKind::Floor if entry.difficult => TerrainTile::Difficult,
        TerrainKind::Floor => TerrainTile::Floor,
        TerrainKind::Wall => TerrainTile::Wall,
        TerrainKind::Difficult => TerrainTile::Difficult,
        TerrainKind::LowObstacle => TerrainTile::LowObstacle,
        TerrainKind::Cover => TerrainTile::Cover,
        TerrainKind::ImprovedCover => TerrainTile::ImprovedCover,
    }
}

/// The haze drawn over a square for its concealment, as on the battle map (none: transparent).
pub fn concealment_tint(entry: &LegendEntry) -> Color {
    haze_tint(entry.concealment, entry.blocks_sight).unwrap_or(Color::NONE)
}

/// The tint drawn over a square for its light (bright light: a faint yellow).
pub fn light_tint(light: Light) -> Color {
    match (light, shade(light)) {
        (Light::Bright, _) => Color::srgba(1.0, 0.95, 0.5, 0.18),
        (_, Some(alpha)) => Color::BLACK.with_alpha(alpha),
        (_, None) => Color::NONE,
    }
}

/// What the three layers show on `sq`.
fn tiles(doc: &EditorDoc, sq: Square) -> [(TerrainTile, Color); 3] {
    match doc.cell(sq) {
        Some(e) => [
            (terrain_tile(e), Color::WHITE),
            (TerrainTile::Concealment, concealment_tint(e)),
            (TerrainTile::White, light_tint(e.light)),
        ],
        None => [(TerrainTile::White, Color::NONE); 3],
    }
}

fn redraw_all(mut commands: Commands, mut revision: ResMut<DocRevision>) {
    // Everything drawn was despawned when the editor was left.
    commands.remove_resource::<MapSize>();
    commands.remove_resource::<Layers>();
    commands.insert_resource(FitCamera);
    revision.0 += 1;
}

fn spawn_layer(
    commands: &mut Commands,
    name: &str,
    (width, height): (u32, u32),
    texture: &Handle<Image>,
    z: f32,
    tile: impl Fn(Square) -> (TerrainTile, Color),
) -> Entity {
    let size = TilemapSize { x: width, y: height };
    let layer = commands
        .spawn((Name::new(name.to_string()), DespawnOnExit(Screen::Editor)))
        .id();
    let mut storage = TileStorage::empty(size);
    for y in 0..height as i32 {
        for x in 0..width as i32 {
            let sq = Square::new(x, y);
            let (kind, colour) = tile(sq);
            let pos = tile_pos(sq, height);
            let entity = commands
                .spawn(TileBundle {
                    position: pos,
                    tilemap_id: TilemapId(layer),
                    texture_index: TileTextureIndex(kind.index()),
                    color: TileColor(colour),
                    ..default()
                })
                .id();
            // Children of the layer, so a resize that drops the layer drops its tiles.
            commands.entity(layer).add_child(entity);
            storage.set(&pos, entity);
        }
    }
    commands
        .entity(layer)
        .insert(layer_bundle(size, storage, texture, height, z));
    layer
}

/// After an edit: the tiles take the document's values; a new size rebuilds the layers.
fn sync_tiles(
    mut commands: Commands,
    session: Res<EditorSession>,
    images: Res<GuiImages>,
    drawn: Option<Res<MapSize>>,
    layers: Option<Res<Layers>>,
    storages: Query<&TileStorage>,
    mut tile_query: Query<(&mut TileTextureIndex, &mut TileColor)>,
) {
    let doc = session.doc();
    let (width, height) = doc.size();
    let same = drawn.as_deref() == Some(&MapSize { width, height });
    if let (true, Some(layers)) = (same, layers.as_deref()) {
        let ids = [layers.terrain, layers.concealment, layers.light];
        for y in 0..height as i32 {
            for x in 0..width as i32 {
                let sq = Square::new(x, y);
                let pos = tile_pos(sq, height);
                for (layer, (kind, colour)) in ids.iter().zip(tiles(doc, sq)) {
                    let Some(tile) = storages.get(*layer).ok().and_then(|s| s.get(&pos)) else {
                        continue;
                    };
                    if let Ok((mut index, mut tint)) = tile_query.get_mut(tile) {
                        index.set_if_neq(TileTextureIndex(kind.index()));
                        if tint.0 != colour {
                            tint.0 = colour;
                        }
                    }
                }
            }
        }
        return;
    }
    if let Some(layers) = layers.as_deref() {
        for e in [layers.terrain, layers.concealment, layers.light] {
            commands.entity(e).try_despawn();
        }
    }
    let size = (width, height);
    let terrain = spawn_layer(&mut commands, "Editor terrain", size, &images.terrain, 0.0, |sq| {
        tiles(doc, sq)[0]
    });
    let concealment = spawn_layer(&mut commands, "Editor concealment", size, &images.terrain, 0.5, |sq| {
        tiles(doc, sq)[1]
    });
    let light = spawn_layer(&mut commands, "Editor light", size, &images.terrain, 1.0, |sq| {
        tiles(doc, sq)[2]
    });
    commands.insert_resource(Layers {
        terrain,
        concealment,
        light,
    });
    commands.insert_resource(MapSize { width, height });
}

/// The world position of a grid corner.
pub fn corner_position(c: Intersection) -> Vec2 {
    square_centre(Square::new(c.i, c.j)) + Vec2::new(-TILE / 2.0, TILE / 2.0)
}

/// A zone's colour, from its id (the same id is always the same colour).
pub fn zone_colour(id: &str) -> Color {
    let hash = id.bytes().fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(b as u32));
    Color::hsla((hash % 360) as f32, 0.8, 0.55, 0.35)
}

/// The thin sprite along grid lines from `a` to `b`.
fn line_sprite(a: Vec2, b: Vec2, thickness: f32, colour: Color, z: f32) -> (Sprite, Transform) {
    let d = b - a;
    let length = d.length().max(1.0);
    (
        Sprite {
            color: colour,
            custom_size: Some(Vec2::new(length + thickness, thickness)),
            ..default()
        },
        Transform::from_translation(((a + b) / 2.0).extend(z)).with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
    )
}

/// Everything drawn from the document other than tiles: edges, zones, units.
#[derive(Component)]
struct DocSprite;

fn draw_things(
    mut commands: Commands,
    session: Res<EditorSession>,
    images: Res<GuiImages>,
    icons: Res<TokenIcons>,
    old: Query<Entity, With<DocSprite>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let file = &session.doc().file;
    let spawn = |commands: &mut Commands, bundle: (Sprite, Transform), name: String| {
        commands.spawn((Name::new(name), DocSprite, DespawnOnExit(Screen::Editor), bundle));
    };
    for edge in &file.map.edges {
        let colour = match edge.kind {
            EdgeKind::Wall => Color::srgb_u8(0x1c, 0x1e, 0x24),
            EdgeKind::Door { open: false } => Color::srgb_u8(0xb0, 0x7a, 0x3a),
            EdgeKind::Door { open: true } => Color::srgba_u8(0xb0, 0x7a, 0x3a, 0x80),
        };
        let (a, b) = (corner_position(edge.from), corner_position(edge.to));
        spawn(
            &mut commands,
            line_sprite(a, b, 8.0, colour, 3.0),
            format!("Edge {:?}", edge.kind),
        );
    }
    for zone in &file.zones {
        for r in &zone.rects {
            let top_left = corner_position(Intersection::new(r.x, r.y));
            let size = Vec2::new(r.w as f32, r.h as f32) * TILE;
            let centre = top_left + Vec2::new(size.x, -size.y) / 2.0;
            let sprite = Sprite {
                color: zone_colour(&zone.id),
                custom_size: Some(size),
                ..default()
            };
            spawn(
                &mut commands,
                (sprite, Transform::from_translation(centre.extend(2.0))),
                format!("Zone {}", zone.id),
            );
        }
    }
    for unit in &session.units {
        let colour = unit
            .side
            .as_ref()
            .and_then(|s| file.sides.iter().find(|d| &d.id == s))
            .map_or(Color::srgb(0.6, 0.6, 0.6), |s| parse_colour(&s.colour));
        let n = unit.squares as f32;
        let centre = square_centre(unit.at) + Vec2::new(n - 1.0, -(n - 1.0)) * TILE / 2.0;
        // The battle's token face: the unit's icon on a ring of its side's colour.
        let face = Face {
            side_colour: colour,
            down: false,
            ring: unit.heading.is_none(),
            icon: icons.0.get(unit.icon),
            facing: None,
        };
        commands
            .spawn((
                Name::new(format!("Unit {}", unit.id)),
                DocSprite,
                DespawnOnExit(Screen::Editor),
                Transform::from_translation(centre.extend(4.0)),
                Visibility::default(),
            ))
            .with_children(|t| spawn_face(t, &images, n * TILE * 1.05, &face));
        if let Some(heading) = unit.heading {
            let (dx, dy) = heading.step();
            let front = centre + Vec2::new(dx as f32, -dy as f32) * n * TILE * 0.42;
            let along = if matches!(heading, Heading::N | Heading::S) {
                Vec2::new(n * TILE * 0.6, 8.0)
            } else {
                Vec2::new(8.0, n * TILE * 0.6)
            };
            let bar = Sprite {
                color: Color::srgb(1.0, 0.9, 0.2),
                custom_size: Some(along),
                ..default()
            };
            spawn(
                &mut commands,
                (bar, Transform::from_translation(front.extend(4.5))),
                format!("Heading of {}", unit.id),
            );
        }
        commands.spawn((
            Name::new(format!("Label {}", unit.id)),
            DocSprite,
            DespawnOnExit(Screen::Editor),
            Text2d::new(unit.id.clone()),
            TextFont::from_font_size(15.0),
            TextColor(Color::WHITE),
            // Under the icon, on the ring's lower edge.
            Transform::from_translation((centre + Vec2::new(0.0, -n * TILE * 0.38)).extend(5.0)),
        ));
    }
}

/// The stroke, hover and selection overlay.
#[derive(Component)]
struct PreviewSprite;

/// The squares the tool would change under the hover (before the button is pressed).
pub fn hover_squares(tools: &ToolState, hover: EditorHover, session: &EditorSession) -> Vec<Square> {
    match (tools.tool, hover.square) {
        (Tool::Brush | Tool::Zone, Some(sq)) => brush_squares(sq, tools.brush, session.doc().size()),
        (Tool::Place, Some(sq)) => {
            // The placed unit's whole space, from its top-left square.
            let n = session.place_squares(tools.place.as_deref()) as i32;
            (0..n)
                .flat_map(|dy| (0..n).map(move |dx| Square::new(sq.x + dx, sq.y + dy)))
                .collect()
        }
        (Tool::Rect | Tool::Fill | Tool::Select, Some(sq)) => vec![sq],
        _ => Vec::new(),
    }
}

// A Bevy system's parameters (STYLE 13).
#[allow(clippy::too_many_arguments)]
fn draw_preview(
    mut commands: Commands,
    session: Res<EditorSession>,
    tools: Res<ToolState>,
    stroke: Res<Stroke>,
    hover: Res<EditorHover>,
    selection: Res<Selection>,
    revision: Res<DocRevision>,
    old: Query<Entity, With<PreviewSprite>>,
) {
    let changed = tools.is_changed()
        || stroke.is_changed()
        || hover.is_changed()
        || selection.is_changed()
        || revision.is_changed();
    if !changed {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    // Under the tokens (z 4), so a selected unit stays readable.
    let mut square = |sq: Square, colour: Color| {
        commands.spawn((
            PreviewSprite,
            DespawnOnExit(Screen::Editor),
            Sprite {
                color: colour,
                custom_size: Some(Vec2::splat(TILE)),
                ..default()
            },
            Transform::from_translation(square_centre(sq).extend(3.5)),
        ));
    };
    let squares: Vec<Square> = if stroke.active && !stroke.squares.is_empty() {
        stroke.squares.iter().copied().collect()
    } else {
        hover_squares(&tools, *hover, &session)
    };
    let tint = match tools.tool {
        Tool::Zone if tools.zone_erase => Color::srgba(1.0, 0.3, 0.3, 0.35),
        Tool::Zone => zone_colour(&tools.zone),
        _ => Color::srgba(1.0, 1.0, 1.0, 0.3),
    };
    for sq in squares {
        square(sq, tint);
    }
    match &*selection {
        Selection::Square(sq) => square(*sq, Color::srgba(1.0, 0.85, 0.2, 0.4)),
        Selection::Unit(id) => {
            if let Some(u) = session.units.iter().find(|u| &u.id == id) {
                for dy in 0..u.squares as i32 {
                    for dx in 0..u.squares as i32 {
                        square(
                            Square::new(u.at.x + dx, u.at.y + dy),
                            Color::srgba(1.0, 0.85, 0.2, 0.35),
                        );
                    }
                }
            }
        }
        _ => {}
    }
    if tools.tool == Tool::Edge {
        let (from, to) = match (stroke.corner, hover.corner) {
            (Some(from), Some(at)) => (from, straight_run(from, at)),
            (None, Some(at)) => (at, at),
            _ => return,
        };
        let (a, b) = (corner_position(from), corner_position(to));
        commands.spawn((
            PreviewSprite,
            DespawnOnExit(Screen::Editor),
            line_sprite(a, b, 10.0, Color::srgba(1.0, 0.9, 0.3, 0.8), 6.5),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Concealment;

    #[test]
    fn each_terrain_kind_has_its_tile_and_light_and_concealment_their_tints() {
        let entry = |terrain| LegendEntry {
            terrain,
            concealment: Concealment::None,
            light: Light::Normal,
            hard_corner: None,
            blocks_sight: false,
            difficult: false,
        };
        assert_eq!(terrain_tile(&entry(TerrainKind::Wall)), TerrainTile::Wall);
        assert_eq!(terrain_tile(&entry(TerrainKind::Cover)), TerrainTile::Cover);
        let rubble = LegendEntry {
            difficult: true,
            ..entry(TerrainKind::Floor)
        };
        assert_eq!(terrain_tile(&rubble), TerrainTile::Difficult);
        assert_eq!(concealment_tint(&entry(TerrainKind::Floor)), Color::NONE);
        let fog = LegendEntry {
            concealment: Concealment::Normal,
            ..entry(TerrainKind::Floor)
        };
        assert_ne!(concealment_tint(&fog), Color::NONE);
        assert_eq!(light_tint(Light::Normal), Color::NONE);
        assert_eq!(light_tint(Light::Darkness), Color::BLACK.with_alpha(0.65));
        assert_eq!(zone_colour("goal"), zone_colour("goal"));
        assert_eq!(
            corner_position(Intersection::new(0, 0)),
            Vec2::new(-TILE / 2.0, TILE / 2.0)
        );
    }

    #[test]
    fn the_hover_shows_the_brush_clipped_to_the_map_and_the_placed_units_space() {
        let session = EditorSession::new(EditorDoc::blank("starfinder", 6, 4));
        let hover = EditorHover {
            square: Some(Square::new(0, 0)),
            corner: None,
        };
        let mut tools = ToolState {
            brush: 3,
            ..ToolState::default()
        };
        assert_eq!(
            hover_squares(&tools, hover, &session).len(),
            4,
            "3×3 clipped at the corner"
        );
        tools.tool = Tool::Place;
        tools.place = None;
        assert_eq!(hover_squares(&tools, hover, &session), vec![Square::new(0, 0)]);
        assert_eq!(session.side_squares(Some(crate::ruleset::Size::Huge)), 3);
        tools.tool = Tool::Edge;
        assert!(
            hover_squares(&tools, hover, &session).is_empty(),
            "edges show a line instead"
        );
    }
}
