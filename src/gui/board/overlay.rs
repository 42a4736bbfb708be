//! The movement overlays painted on the tiles (MOV-1, MOV-2, §5.6, §8.2): the squares the
//! active unit reaches with a move, a double move and a run (the B toggle), the squares the
//! other side threatens (the T toggle), and the squares where the planned path provokes, from
//! `views::reach` and `views::path`. Decides no rule; it only paints.
//!
//! Calm by design (issue #18 item 4): each band is a light fill with a bright outline along
//! its edge only, so the terrain under it stays readable; threat is hatched, provoking squares
//! filled. The tiles come from a small atlas drawn here at start-up ([`overlay_alpha`]).

use crate::grid::Square;
use crate::gui::board::map::OverlayLayer;
use crate::gui::intake::plan::{Band, PathPreview};
use crate::gui::look::palette::{PROVOKE_COLOUR, THREAT_COLOUR};
use crate::gui::look::tiles::tile_pos;
use crate::gui::state::mode::ShowBands;
use crate::gui::state::panel::Panel;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::views::path::PathOverlay;
use crate::gui::views::reach::{ReachOverlay, ThreatOverlay};
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy_ecs_tilemap::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<OverlayAtlas>();
    app.add_systems(
        Update,
        (
            toggle_bands.in_set(AppSystems::Input),
            (use_overlay_atlas, paint_overlay_tiles)
                .chain()
                .in_set(AppSystems::Draw),
        )
            .run_if(in_state(Screen::Battle)),
    );
}

fn toggle_bands(keys: Res<ButtonInput<KeyCode>>, panel: Res<Panel>, mut show: ResMut<ShowBands>) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    // An open panel (a picker, the menu) has the keys.
    if keys.just_pressed(KeyCode::KeyB) && !ctrl && !panel.is_open() {
        show.0 = !show.0;
    }
}

/// Pixels per side of an overlay atlas tile, and of the outline drawn along a band's edge.
pub const OVERLAY_TILE_PX: u32 = 64;
pub const OUTLINE_PX: u32 = 5;
/// The overlay atlas: tiles 0..16 are a light fill with an outline on the sides set in the
/// index (bits [`NORTH`], [`EAST`], [`SOUTH`], [`WEST`]); then a solid tile and a hatched one.
pub const SOLID_TILE: u32 = 16;
pub const HATCH_TILE: u32 = 17;
pub const OVERLAY_TILES: u32 = 18;
pub const NORTH: u32 = 1;
pub const EAST: u32 = 2;
pub const SOUTH: u32 = 4;
pub const WEST: u32 = 8;
/// A band's fill and outline opacity (out of 255): the fill light enough that the terrain
/// under it reads.
pub const BAND_FILL_ALPHA: u8 = 38;
pub const BAND_OUTLINE_ALPHA: u8 = 235;

/// The opacity of pixel (`x`, `y`) (from the top-left) of atlas tile `tile`.
pub fn overlay_alpha(tile: u32, x: u32, y: u32) -> u8 {
    let last = OVERLAY_TILE_PX - OUTLINE_PX;
    match tile {
        SOLID_TILE => 255,
        // Diagonal stripes, 6 px on and 6 px off.
        HATCH_TILE => {
            if ((x + y) / 6).is_multiple_of(2) {
                210
            } else {
                30
            }
        }
        mask => {
            let edge = (mask & NORTH != 0 && y < OUTLINE_PX)
                || (mask & SOUTH != 0 && y >= last)
                || (mask & WEST != 0 && x < OUTLINE_PX)
                || (mask & EAST != 0 && x >= last);
            if edge { BAND_OUTLINE_ALPHA } else { BAND_FILL_ALPHA }
        }
    }
}

/// How far apart two colours look: the distance in Oklab (0 the same colour; about 0.1 is
/// plainly different side by side).
pub fn perceptual_distance(a: Color, b: Color) -> f32 {
    let (a, b) = (Oklaba::from(a), Oklaba::from(b));
    Vec3::new(a.lightness - b.lightness, a.a - b.a, a.b - b.b).length()
}

/// The overlay atlas image (white, the opacity from [`overlay_alpha`]), tinted per tile.
#[derive(Resource, Debug, Clone)]
pub struct OverlayAtlas(pub Handle<Image>);

impl FromWorld for OverlayAtlas {
    fn from_world(world: &mut World) -> Self {
        let (w, h) = (OVERLAY_TILE_PX * OVERLAY_TILES, OVERLAY_TILE_PX);
        let mut data = Vec::with_capacity((w * h * 4) as usize);
        for y in 0..h {
            for x in 0..w {
                let alpha = overlay_alpha(x / OVERLAY_TILE_PX, x % OVERLAY_TILE_PX, y);
                data.extend_from_slice(&[255, 255, 255, alpha]);
            }
        }
        let image = Image::new(
            Extent3d {
                width: w,
                height: h,
                depth_or_array_layers: 1,
            },
            TextureDimension::D2,
            data,
            TextureFormat::Rgba8UnormSrgb,
            RenderAssetUsages::default(),
        );
        Self(world.resource_mut::<Assets<Image>>().add(image))
    }
}

/// The overlay layer (spawned by `map` with the terrain atlas) draws with the overlay atlas.
fn use_overlay_atlas(atlas: Res<OverlayAtlas>, mut layers: Query<&mut TilemapTexture, Added<OverlayLayer>>) {
    for mut texture in &mut layers {
        *texture = TilemapTexture::Single(atlas.0.clone());
    }
}

/// The sides of `sq` where the band it is in ends (its neighbour is in another band, or none):
/// where its outline goes.
pub fn outline_sides(marks: &BTreeMap<Square, Mark>, sq: Square) -> u32 {
    let mine = marks.get(&sq);
    [(0, -1, NORTH), (1, 0, EAST), (0, 1, SOUTH), (-1, 0, WEST)]
        .into_iter()
        .filter(|(dx, dy, _)| marks.get(&Square::new(sq.x + dx, sq.y + dy)) != mine)
        .fold(0, |sides, (_, _, side)| sides | side)
}

/// The atlas tile and the tint of every marked square: bands outlined along their edges over
/// a light fill, threat hatched, provoking squares filled.
pub fn overlay_tiles(marks: &BTreeMap<Square, Mark>) -> BTreeMap<Square, (u32, Color)> {
    marks
        .iter()
        .map(|(sq, mark)| {
            let tile = match mark {
                Mark::Reach(band) => (outline_sides(marks, *sq), band.colour()),
                Mark::Threatened => (HATCH_TILE, THREAT_COLOUR.with_alpha(0.55)),
                Mark::Provokes => (SOLID_TILE, PROVOKE_COLOUR.with_alpha(0.5)),
            };
            (*sq, tile)
        })
        .collect()
}

/// What one overlay square shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Reachable in this band.
    Reach(Band),
    /// Threatened by the other side (shown with the T toggle).
    Threatened,
    /// The planned path leaves this square while threatened: it provokes.
    Provokes,
}

/// The overlay squares from the reach bands and the planned path: the band of each reachable
/// square, with the squares the path would provoke on marked over them.
pub fn overlay_marks(
    bands: &BTreeMap<Square, Band>,
    threatened: &BTreeSet<Square>,
    path: Option<&PathPreview>,
) -> BTreeMap<Square, Mark> {
    overlay_marks_shown(bands, true, threatened, path)
}

/// [`overlay_marks`] with the bands shown or not (the B toggle).
pub fn overlay_marks_shown(
    bands: &BTreeMap<Square, Band>,
    show_bands: bool,
    threatened: &BTreeSet<Square>,
    path: Option<&PathPreview>,
) -> BTreeMap<Square, Mark> {
    let bands = bands.iter().filter(|_| show_bands);
    let mut marks: BTreeMap<Square, Mark> = bands.map(|(sq, b)| (*sq, Mark::Reach(*b))).collect();
    for sq in threatened {
        marks.insert(*sq, Mark::Threatened);
    }
    for (sq, _) in path.map(|p| p.provokes.as_slice()).unwrap_or_default() {
        marks.insert(*sq, Mark::Provokes);
    }
    marks
}

/// Tints the overlay tilemap: band outlines for the reach, hatched threat, magenta where the
/// path provokes.
fn paint_overlay_tiles(
    reach: Res<ReachOverlay>,
    threat: Res<ThreatOverlay>,
    path: Res<PathOverlay>,
    show: Res<ShowBands>,
    layer: Single<(&TileStorage, &TilemapSize, Ref<OverlayLayer>)>,
    mut tiles: Query<(&mut TileColor, &mut TileVisible, &mut TileTextureIndex)>,
) {
    let (storage, size, new) = *layer;
    if !reach.is_changed() && !path.is_changed() && !threat.is_changed() && !show.is_changed() && !new.is_added() {
        return;
    }
    let preview = path.preview.as_ref().and_then(|p| p.as_ref().ok());
    let painted = overlay_tiles(&overlay_marks_shown(&reach.bands, show.0, &threat.squares, preview));
    for y in 0..size.y {
        for x in 0..size.x {
            let sq = Square::new(x as i32, (size.y - 1 - y) as i32);
            let Some(tile) = storage.get(&tile_pos(sq, size.y)) else {
                continue;
            };
            let Ok((mut colour, mut visible, mut index)) = tiles.get_mut(tile) else {
                continue;
            };
            let tile = painted.get(&sq);
            visible.set_if_neq(TileVisible(tile.is_some()));
            if let Some((at, tint)) = tile {
                index.set_if_neq(TileTextureIndex(*at));
                if colour.0 != *tint {
                    colour.0 = *tint;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::intake::plan::reach_bands;
    use crate::gui::testkit::{beside_foe as my_turn, me};
    use crate::gui::views::reach::moves_on_the_grid;
    use crate::gui::views::reach::threatened_by_foes;
    use crate::rules::reactions::threat::threatened_by;
    use crate::rules::sequence::combat::Combat;
    use crate::rules::{UnitId, cmd};
    use crate::testing::battle;

    /// MOV-1, MOV-2, §5.6: speed 30 ft is 6 squares a move, 12 a double move; a run goes
    /// straight beyond that.
    /// CHS-4: in a vehicle chase nobody moves square by square, so the move overlay is off;
    /// on an ordinary battle it is on.
    #[test]
    fn chs_4_no_move_overlay_in_a_chase() {
        let chase = crate::testing::battle(include_str!("../../../scenarios/starfinder_redliner_chase.ron"), &[]);
        let world = chase.world();
        let active = world.resource::<Combat>().active.clone().expect("a turn");
        assert!(!moves_on_the_grid(world, &active));
        let b = crate::testing::battle(include_str!("../../../scenarios/tutorial_relay.ron"), &[]);
        let active = b.world().resource::<Combat>().active.clone().expect("a turn");
        assert!(moves_on_the_grid(b.world(), &active));
    }

    #[test]
    fn reach_bands_follow_the_rules_move_double_run() {
        let b = my_turn();
        assert_eq!(b.world().resource::<Combat>().active, Some(me()));
        let bands = reach_bands(b.world(), &me());
        assert_eq!(bands.get(&Square::new(2, 7)), Some(&Band::Move), "5 squares down");
        assert_eq!(bands.get(&Square::new(9, 7)), Some(&Band::Double), "7 across, 5 down");
        assert_eq!(bands.get(&Square::new(3, 2)), None, "the foe's square");
        assert!(!bands.contains_key(&Square::new(2, 2)), "its own square");
        assert!(bands.values().any(|b| *b == Band::Run) || bands.len() == 12 * 8 - 2);
    }

    /// Issue #18 item 4: the bands, the danger colours (threat, provoking squares) and the
    /// area template all read apart from each other.
    #[test]
    fn band_colours_stay_apart_from_danger_and_area_colours() {
        let named = [
            ("move", Band::Move.colour()),
            ("double", Band::Double.colour()),
            ("run", Band::Run.colour()),
            ("threat", THREAT_COLOUR),
            ("provokes", PROVOKE_COLOUR),
            ("area", crate::gui::look::palette::AREA_COLOUR),
        ];
        for (i, (a, ca)) in named.iter().enumerate() {
            for (b, cb) in &named[i + 1..] {
                let d = perceptual_distance(*ca, *cb);
                assert!(d >= 0.12, "{a} and {b} are too close: {d}");
            }
        }
        // The run band in particular is no warm danger colour.
        for danger in [THREAT_COLOUR, PROVOKE_COLOUR, crate::gui::look::palette::AREA_COLOUR] {
            assert!(perceptual_distance(Band::Run.colour(), danger) >= 0.2);
        }
    }

    /// A band is outlined only along its edges; its inside is a light fill that leaves the
    /// terrain readable.
    #[test]
    fn bands_are_outlined_on_their_edges_over_a_light_fill() {
        let mut marks = BTreeMap::new();
        for x in 0..3 {
            marks.insert(Square::new(x, 0), Mark::Reach(Band::Move));
        }
        marks.insert(Square::new(3, 0), Mark::Reach(Band::Double));
        assert_eq!(outline_sides(&marks, Square::new(0, 0)), NORTH | SOUTH | WEST);
        assert_eq!(outline_sides(&marks, Square::new(1, 0)), NORTH | SOUTH);
        assert_eq!(
            outline_sides(&marks, Square::new(2, 0)),
            NORTH | SOUTH | EAST,
            "the double band starts"
        );
        assert_eq!(outline_sides(&marks, Square::new(3, 0)), NORTH | EAST | SOUTH | WEST);
        let tiles = overlay_tiles(&marks);
        assert_eq!(tiles[&Square::new(1, 0)], (NORTH | SOUTH, Band::Move.colour()));
        // The middle of any band tile is the light fill; its outlined side is bright.
        assert_eq!(overlay_alpha(NORTH | SOUTH, 32, 32), BAND_FILL_ALPHA);
        assert_eq!(overlay_alpha(NORTH | SOUTH, 32, 1), BAND_OUTLINE_ALPHA);
        assert_eq!(
            overlay_alpha(NORTH | SOUTH, 1, 32),
            BAND_FILL_ALPHA,
            "no outline on the west"
        );
        const { assert!(BAND_FILL_ALPHA < 64, "the fill stays light") };
        // Threat is hatched: stripes and gaps.
        assert_ne!(overlay_alpha(HATCH_TILE, 0, 0), overlay_alpha(HATCH_TILE, 6, 0));
        marks.insert(Square::new(1, 0), Mark::Threatened);
        assert_eq!(overlay_tiles(&marks)[&Square::new(1, 0)].0, HATCH_TILE);
    }

    /// The B toggle hides the bands; the threat and the provoking squares still show.
    #[test]
    fn hiding_the_bands_keeps_the_danger_marks() {
        let mut b = my_turn();
        // The threat overlay reads the rules' derived state, as the window keeps it.
        b.derive();
        let w = b.world();
        let threatened = threatened_by_foes(w, &me());
        let hidden = overlay_marks_shown(&reach_bands(w, &me()), false, &threatened, None);
        assert!(!hidden.is_empty());
        assert!(hidden.values().all(|m| *m == Mark::Threatened));
    }

    /// THR-1, issue #18: the threat overlay leaves out wall squares (nobody stands there).
    #[test]
    fn threat_is_not_painted_on_walls() {
        let walled = crate::gui::testkit::BESIDE_FOE.replace(
            "map: (size: (12, 8), fill: '.', legend: { '.': (terrain: Floor) }),",
            r#"map: (rows: [
        "............",
        "............",
        "....#.......",
        "....#.......",
        "............",
        "............",
        "............",
        "............",
    ], legend: { '.': (terrain: Floor), '#': (terrain: Wall) }),"#,
        );
        let mut b = battle(&walled, &[]);
        let foe = UnitId("foe".into());
        crate::testing::ok(
            &mut b,
            crate::rules::GameCommand::EndTurn(cmd::EndTurn { unit: foe.clone() }),
        );
        b.derive();
        let w = b.world();
        let rules_threat: BTreeSet<Square> = threatened_by(w, &foe).into_iter().collect();
        assert!(
            rules_threat.contains(&Square::new(4, 2)),
            "the rules' geometry reaches the wall"
        );
        let painted = threatened_by_foes(w, &me());
        assert!(!painted.contains(&Square::new(4, 2)) && !painted.contains(&Square::new(4, 3)));
        assert!(painted.contains(&Square::new(2, 2)) && painted.contains(&Square::new(3, 3)));
    }

    /// THR-1: with the T toggle the overlay marks exactly the squares the other side
    /// threatens (`query threat` of each foe), over the reach bands.
    #[test]
    fn the_threat_toggle_marks_every_square_the_other_side_threatens() {
        let mut b = my_turn();
        // The threat overlay reads the rules' derived state, as the window keeps it.
        b.derive();
        let w = b.world();
        let threatened = threatened_by_foes(w, &me());
        let foe: BTreeSet<Square> = threatened_by(w, &UnitId("foe".into())).into_iter().collect();
        assert_eq!(threatened, foe);
        assert!(threatened.contains(&Square::new(2, 2)), "my own square is threatened");
        assert!(!threatened.contains(&Square::new(6, 6)));
        assert!(
            threatened_by_foes(w, &UnitId("foe".into())).is_empty(),
            "me has no weapon"
        );
        let marks = overlay_marks(&reach_bands(w, &me()), &threatened, None);
        assert_eq!(marks.get(&Square::new(2, 3)), Some(&Mark::Threatened));
        assert_eq!(marks.get(&Square::new(2, 6)), Some(&Mark::Reach(Band::Move)));
    }
}
