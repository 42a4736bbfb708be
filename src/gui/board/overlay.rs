//! The movement overlays on the tiles (MOV-1, MOV-2, §5.6, §8.2): the squares the active unit
//! reaches with a move, a double move and a run (the B toggle), the squares the other side
//! threatens (the T toggle), and the squares where the planned path (`path`) provokes. The
//! bands come from `rules::movement::reach_plan` (as `query reach`): this file decides no rule, it only
//! asks and paints.
//!
//! Calm by design (issue #18 item 4): each band is a light fill with a bright outline along
//! its edge only, so the terrain under it stays readable; threat is hatched, provoking squares
//! filled. The tiles come from a small atlas drawn here at start-up ([`overlay_alpha`]).

use crate::grid::Square;
use crate::gui::board::map::{OverlayLayer, tile_pos};
use crate::gui::board::path::{PathOverlay, PathPreview};
use crate::gui::hud::actions::modes::Toggles;
use crate::gui::session::{Revision, Session};
use crate::gui::{AppSystems, Screen};
use crate::history::Terrain;
use crate::rules::cmd;
use crate::rules::movement::reach_plan::plan_reach;
use crate::rules::reactions::threat::{hostile, space_of, threatened_by};
use crate::rules::{Combat, GameCommand, MoveMode, UnitId, UnitIndex};
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy_ecs_tilemap::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<ReachOverlay>();
    app.init_resource::<ThreatOverlay>();
    app.init_resource::<ShowBands>();
    app.init_resource::<OverlayAtlas>();
    app.add_systems(
        Update,
        (
            toggle_bands.in_set(AppSystems::Input),
            (derive_reach, derive_threat).chain().in_set(AppSystems::Derive),
            (use_overlay_atlas, paint_overlay_tiles)
                .chain()
                .in_set(AppSystems::Draw),
        )
            .run_if(in_state(Screen::Battle)),
    );
}

/// Whether the move bands are drawn (`B` toggles; the planned path still shows without them).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowBands(pub bool);

impl Default for ShowBands {
    fn default() -> Self {
        Self(true)
    }
}

fn toggle_bands(
    keys: Res<ButtonInput<KeyCode>>,
    panel: Res<crate::gui::hud::panel::Panel>,
    mut show: ResMut<ShowBands>,
) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    // An open panel (a picker, the menu) has the keys.
    if keys.just_pressed(KeyCode::KeyB) && !ctrl && !panel.is_open() {
        show.0 = !show.0;
    }
}

/// The movement bands, smallest first (MOV-1, MOV-2, §5.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Band {
    Move,
    Double,
    Run,
}

impl Band {
    pub const ALL: [Band; 3] = [Band::Move, Band::Double, Band::Run];

    /// The move mode the rules plan this band with.
    pub fn mode(self) -> MoveMode {
        match self {
            Band::Move => MoveMode::Move,
            Band::Double => MoveMode::Double,
            Band::Run => MoveMode::Run,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Band::Move => "move",
            Band::Double => "double move",
            Band::Run => "run",
        }
    }

    /// The band's colour: cool and calm (blue, teal, pale sand), well apart from the danger
    /// colours (threat red, provoking magenta) and the area template's orange.
    pub fn colour(self) -> Color {
        match self {
            Band::Move => Color::srgb_u8(0x3d, 0x8b, 0xff),
            Band::Double => Color::srgb_u8(0x2e, 0xc4, 0xa0),
            Band::Run => Color::srgb_u8(0xe6, 0xdf, 0xc0),
        }
    }
}

/// Colour of a square the other side threatens (T toggle), drawn hatched.
pub const THREAT_COLOUR: Color = Color::srgb(0.92, 0.16, 0.16);

/// Colour of a provoking square and of the reactor's mark.
pub const PROVOKE_COLOUR: Color = Color::srgb(0.95, 0.1, 0.75);

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

/// Every square `unit` can move to now, in the smallest band the rules allow (the turn's
/// remaining actions count): one `rules::movement::reach_plan` (one board, one sweep per band), which
/// answers each square as `plan_move` would.
pub fn reach_bands(world: &World, unit: &UnitId) -> BTreeMap<Square, Band> {
    let modes = Band::ALL.map(Band::mode);
    let Ok(plan) = plan_reach(world, unit, &modes) else {
        return BTreeMap::new();
    };
    plan.smallest()
        .into_iter()
        .filter_map(|(sq, (mode, _))| Band::ALL.into_iter().find(|b| b.mode() == mode).map(|b| (sq, b)))
        .collect()
}

/// Every square a unit hostile to `unit` threatens now (THR-1..THR-5: `query threat` of each)
/// that a unit could stand on: a wall square is threatened in the rules' geometry, but nobody
/// can be there to be attacked, so painting it would only hide the wall.
pub fn threatened_by_foes(world: &World, unit: &UnitId) -> BTreeSet<Square> {
    let map = &world.resource::<Terrain>().0;
    world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| *u != unit && hostile(world, unit, u))
        .flat_map(|u| threatened_by(world, u))
        .filter(|sq| map.cell(*sq).is_some_and(|c| !c.blocks_movement))
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

/// The active unit's reach bands, recomputed when the battle changes.
#[derive(Resource, Debug, Default)]
pub struct ReachOverlay {
    pub revision: Option<Revision>,
    pub unit: Option<UnitId>,
    pub bands: BTreeMap<Square, Band>,
}

/// The squares the other side threatens, while the T toggle is on.
#[derive(Resource, Debug, Default)]
pub struct ThreatOverlay {
    pub key: Option<(Revision, bool)>,
    pub squares: BTreeSet<Square>,
}

/// Whether `unit` moves square by square now: not in a vehicle chase, where positions are
/// zones and the rules refuse every grid move (CHS-4), so there are no bands to show and no
/// path to plan.
pub fn moves_on_the_grid(world: &World, unit: &UnitId) -> bool {
    let stay = GameCommand::Move(cmd::Move {
        unit: unit.clone(),
        to: space_of(world, unit).map_or(Square::new(0, 0), |s| s.at),
        path: None,
        mode: MoveMode::default(),
    });
    crate::rules::chase::refuse_in_chase(world, &stay).is_none()
}

fn derive_reach(
    session: Res<Session>,
    revision: Res<Revision>,
    mut reach: ResMut<ReachOverlay>,
    computer: Option<Res<crate::gui::computer::ComputerTurn>>,
) {
    if reach.revision == Some(*revision) {
        return;
    }
    let world = session.battle.world();
    let unit = world.resource::<Combat>().active.clone();
    // No bands (so no planned path to click) for a unit the computer is moving.
    let unit = unit
        .filter(|u| moves_on_the_grid(world, u))
        .filter(|_| computer.is_none() || !crate::gui::computer::computer_is_playing(&session.battle));
    reach.bands = unit.as_ref().map(|u| reach_bands(world, u)).unwrap_or_default();
    reach.unit = unit;
    reach.revision = Some(*revision);
}

pub(in crate::gui) fn derive_threat(
    session: Res<Session>,
    revision: Res<Revision>,
    toggles: Res<Toggles>,
    mut threat: ResMut<ThreatOverlay>,
) {
    let key = Some((*revision, toggles.threat));
    if threat.key == key {
        return;
    }
    threat.key = key;
    let world = session.battle.world();
    threat.squares = match (toggles.threat, &world.resource::<Combat>().active) {
        (true, Some(unit)) => threatened_by_foes(world, unit),
        _ => BTreeSet::new(),
    };
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
pub(crate) mod tests {
    use super::*;
    use crate::testing::battle;

    /// `me` at (2, 2) next to `foe` at (3, 2), who has a blade. The foe acts first (so it is no
    /// longer flat-footed, §3.2) and ends its turn; `me` is active.
    const NEXT_TO_FOE: &str = r##"Scenario(version: 1, name: "t", ruleset: "starfinder",
    map: (size: (12, 8), fill: '.', legend: { '.': (terrain: Floor) }),
    sides: [
        (id: "a", name: "A", control: Human, colour: "#3070d0"),
        (id: "b", name: "B", control: Human, colour: "#d03030"),
    ],
    units: [
        (id: "me", side: "a", at: (2, 2), speed: (land: 30), initiative: 0,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3)),
        (id: "foe", side: "b", at: (3, 2), speed: (land: 30), initiative: 20,
         defenses: (eac: 12, kac: 14), health: (sp: 5, hp: 10, rp: 3),
         weapons: [(name: "Blade", kind: Melee, attack: 5, damage: "1d6", damage_types: [Slashing])]),
    ],
)"##;

    pub(crate) fn me() -> UnitId {
        UnitId("me".into())
    }

    pub(crate) fn my_turn() -> crate::history::Battle {
        let mut b = battle(NEXT_TO_FOE, &[]);
        let foe = UnitId("foe".into());
        assert_eq!(b.world().resource::<Combat>().active, Some(foe.clone()));
        crate::testing::ok(&mut b, crate::rules::GameCommand::EndTurn(cmd::EndTurn { unit: foe }));
        b
    }

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
            ("area", crate::gui::hud::area::AREA_COLOUR),
        ];
        for (i, (a, ca)) in named.iter().enumerate() {
            for (b, cb) in &named[i + 1..] {
                let d = perceptual_distance(*ca, *cb);
                assert!(d >= 0.12, "{a} and {b} are too close: {d}");
            }
        }
        // The run band in particular is no warm danger colour.
        for danger in [THREAT_COLOUR, PROVOKE_COLOUR, crate::gui::hud::area::AREA_COLOUR] {
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
        let b = my_turn();
        let w = b.world();
        let threatened = threatened_by_foes(w, &me());
        let hidden = overlay_marks_shown(&reach_bands(w, &me()), false, &threatened, None);
        assert!(!hidden.is_empty());
        assert!(hidden.values().all(|m| *m == Mark::Threatened));
    }

    /// THR-1, issue #18: the threat overlay leaves out wall squares (nobody stands there).
    #[test]
    fn threat_is_not_painted_on_walls() {
        let walled = NEXT_TO_FOE.replace(
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
        let b = my_turn();
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
