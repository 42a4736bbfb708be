//! The movement overlays (MOV-1, MOV-2, §5.6, §8.2): the squares the active unit reaches with
//! a move, a double move and a run; the planned path to the hovered square with each step's
//! cost and the total, coloured by band; the squares where the path provokes, and the reactors.
//! Every answer comes from `rules::reach_plan` (the bands, as `query reach`) and
//! `rules::movement::plan_move` (the path, as `query path`): this file decides no rule, it
//! only asks and paints.

use crate::grid::{Space, Square};
use crate::gui::board::input::Hover;
use crate::gui::board::map::{OverlayLayer, TILE, space_centre, tile_pos};
use crate::gui::hud::actions::modes::{Mode, Toggles};
use crate::gui::session::{Revision, Session};
use crate::gui::{AppSystems, Screen};
use crate::rules::cmd;
use crate::rules::movement::plan_move;
use crate::rules::reach_plan::plan_reach;
use crate::rules::threat::{hostile, space_of, threatened_by};
use crate::rules::{Combat, GameCommand, MoveMode, Profile, RuleError, UnitId, UnitIndex};
use crate::ruleset::Ruleset;
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<ReachOverlay>();
    app.init_resource::<PathOverlay>();
    app.init_resource::<ThreatOverlay>();
    app.add_systems(
        Update,
        (
            (derive_reach, derive_threat, derive_path)
                .chain()
                .in_set(AppSystems::Derive),
            (paint_overlay_tiles, draw_path_markers).in_set(AppSystems::Draw),
        )
            .run_if(in_state(Screen::Battle)),
    );
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

    /// The band's colour: blue, amber, red.
    pub fn colour(self) -> Color {
        match self {
            Band::Move => Color::srgb_u8(0x2f, 0x9b, 0xff),
            Band::Double => Color::srgb_u8(0xf5, 0xc0, 0x1a),
            Band::Run => Color::srgb_u8(0xf0, 0x4a, 0x2a),
        }
    }
}

/// Colour of a square the other side threatens (T toggle).
pub const THREAT_COLOUR: Color = Color::srgb(0.75, 0.1, 0.95);

/// Colour of a provoking square and of the reactor's mark.
pub const PROVOKE_COLOUR: Color = Color::srgb(0.85, 0.05, 0.45);

/// The planned move to one square, as the rules would execute it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathPreview {
    /// The smallest band whose plan reaches the square.
    pub band: Band,
    pub from: Square,
    /// Each next top-left square; the destination last.
    pub squares: Vec<Square>,
    /// The cost of each step in feet.
    pub steps_ft: Vec<u32>,
    pub cost_ft: u32,
    /// The unit's speed for one move action in feet (where the move band ends).
    pub speed_ft: u32,
    /// Each provocation as planned: the square left and the reactor.
    pub provokes: Vec<(Square, UnitId)>,
}

impl PathPreview {
    /// The band each step falls in by the feet spent so far: within one move, within two,
    /// or beyond (a run's steps are all run).
    pub fn step_bands(&self) -> Vec<Band> {
        let mut spent = 0;
        self.steps_ft
            .iter()
            .map(|ft| {
                spent += ft;
                match self.band {
                    Band::Run => Band::Run,
                    _ if spent <= self.speed_ft => Band::Move,
                    _ => Band::Double,
                }
            })
            .collect()
    }

    /// Feet spent after each step.
    pub fn running_totals(&self) -> Vec<u32> {
        self.steps_ft
            .iter()
            .scan(0, |spent, ft| {
                *spent += ft;
                Some(*spent)
            })
            .collect()
    }
}

/// The cheapest legal move of `unit` to `to` in the smallest band, planned by the rules; the
/// error of the largest band when none reaches.
pub fn path_preview(world: &World, unit: &UnitId, to: Square) -> Result<PathPreview, RuleError> {
    path_preview_avoiding(world, unit, to, false)
}

/// [`path_preview`], preferring the path with the fewest provocations when `avoid_aoo`
/// (the planner's choice, as `query path --avoid-aoo`).
pub fn path_preview_avoiding(
    world: &World,
    unit: &UnitId,
    to: Square,
    avoid_aoo: bool,
) -> Result<PathPreview, RuleError> {
    let band = reach_bands(world, unit).get(&to).copied();
    path_preview_in(world, unit, to, avoid_aoo, band)
}

/// The path preview when the square's band is already known from the reach overlay: one
/// `plan_move` in that band (a hover costs one plan, not one per band). With no band the
/// square is out of every band; the largest band's plan says why.
pub fn path_preview_in(
    world: &World,
    unit: &UnitId,
    to: Square,
    avoid_aoo: bool,
    band: Option<Band>,
) -> Result<PathPreview, RuleError> {
    let band = band.unwrap_or(Band::Run);
    let plan = plan_move(world, unit, to, None, band.mode(), avoid_aoo)?;
    Ok(PathPreview {
        band,
        from: plan.from,
        squares: plan.squares,
        steps_ft: plan.steps_ft,
        cost_ft: plan.cost_ft,
        speed_ft: speed_ft(world, unit),
        provokes: plan.provokes.into_iter().map(|(_, sq, r)| (sq, r)).collect(),
    })
}

/// The unit's land speed in feet now (MOV-1).
fn speed_ft(world: &World, unit: &UnitId) -> u32 {
    let Some(e) = world.resource::<UnitIndex>().0.get(unit) else {
        return 0;
    };
    let Some(profile) = world.get::<Profile>(*e) else {
        return 0;
    };
    let conditions = crate::rules::conditions::effective_conditions(world, unit);
    crate::rules::speed::land_speed_ft(
        world.resource::<Ruleset>(),
        profile,
        &conditions,
        world.get::<crate::rules::Health>(*e),
    )
}

/// Every square `unit` can move to now, in the smallest band the rules allow (the turn's
/// remaining actions count): one `rules::reach_plan` (one board, one sweep per band), which
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

/// Every square a unit hostile to `unit` threatens now (THR-1..THR-5: `query threat` of each).
pub fn threatened_by_foes(world: &World, unit: &UnitId) -> BTreeSet<Square> {
    world
        .resource::<UnitIndex>()
        .0
        .keys()
        .filter(|u| *u != unit && hostile(world, unit, u))
        .flat_map(|u| threatened_by(world, u))
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
    let mut marks: BTreeMap<Square, Mark> = bands.iter().map(|(sq, b)| (*sq, Mark::Reach(*b))).collect();
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

/// The planned path to the hovered square, or why there is none.
#[derive(Resource, Debug, Default)]
pub struct PathOverlay {
    pub key: Option<(Revision, Square, bool)>,
    pub preview: Option<Result<PathPreview, String>>,
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

fn derive_reach(session: Res<Session>, revision: Res<Revision>, mut reach: ResMut<ReachOverlay>) {
    if reach.revision == Some(*revision) {
        return;
    }
    let world = session.battle.world();
    let unit = world.resource::<Combat>().active.clone();
    let unit = unit.filter(|u| moves_on_the_grid(world, u));
    reach.bands = unit.as_ref().map(|u| reach_bands(world, u)).unwrap_or_default();
    reach.unit = unit;
    reach.revision = Some(*revision);
}

fn derive_threat(
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

/// Tints the overlay tilemap: band colours for the reach, magenta where the path provokes.
fn paint_overlay_tiles(
    reach: Res<ReachOverlay>,
    threat: Res<ThreatOverlay>,
    path: Res<PathOverlay>,
    layer: Single<(&TileStorage, &TilemapSize, Ref<OverlayLayer>)>,
    mut tiles: Query<(&mut TileColor, &mut TileVisible)>,
) {
    let (storage, size, new) = *layer;
    if !reach.is_changed() && !path.is_changed() && !threat.is_changed() && !new.is_added() {
        return;
    }
    let preview = path.preview.as_ref().and_then(|p| p.as_ref().ok());
    let marks = overlay_marks(&reach.bands, &threat.squares, preview);
    for y in 0..size.y {
        for x in 0..size.x {
            let sq = Square::new(x as i32, (size.y - 1 - y) as i32);
            let Some(tile) = storage.get(&tile_pos(sq, size.y)) else {
                continue;
            };
            let Ok((mut colour, mut visible)) = tiles.get_mut(tile) else {
                continue;
            };
            let tint = match marks.get(&sq) {
                Some(Mark::Reach(band)) => Some(band.colour().with_alpha(0.22)),
                Some(Mark::Threatened) => Some(THREAT_COLOUR.with_alpha(0.4)),
                Some(Mark::Provokes) => Some(PROVOKE_COLOUR.with_alpha(0.55)),
                None => None,
            };
            visible.0 = tint.is_some();
            if let Some(tint) = tint {
                colour.0 = tint;
            }
        }
    }
}

/// One drawn piece of the planned path (dot, cost label, total, reactor ring).
#[derive(Component)]
pub struct PathMarker;

/// Draws the path: a dot per step in its band colour with the step's cost, the total at the
/// destination, and a ring on each reactor the path provokes.
fn draw_path_markers(
    mut commands: Commands,
    session: Res<Session>,
    path: Res<PathOverlay>,
    images: Res<crate::gui::board::map::GuiImages>,
    old: Query<Entity, With<PathMarker>>,
) {
    if !path.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(Ok(preview)) = &path.preview else {
        return;
    };
    let world = session.battle.world();
    let side = world
        .resource::<Combat>()
        .active
        .as_ref()
        .and_then(|unit| space_of(world, unit))
        .map_or(1, |s| s.side);
    let font = |size: f32| TextFont::from_font_size(size);
    let totals = preview.running_totals();
    for (i, ((sq, step), band)) in preview
        .squares
        .iter()
        .zip(&preview.steps_ft)
        .zip(preview.step_bands())
        .enumerate()
    {
        let centre = space_centre(Space::new(*sq, side));
        commands.spawn((
            Name::new(format!("Path step {}", i + 1)),
            PathMarker,
            DespawnOnExit(Screen::Battle),
            Sprite {
                image: images.dot.clone(),
                color: band.colour(),
                custom_size: Some(Vec2::splat(TILE * 0.34)),
                ..default()
            },
            Transform::from_translation(centre.extend(6.0)),
        ));
        commands.spawn((
            Name::new(format!("Path cost {}", i + 1)),
            PathMarker,
            DespawnOnExit(Screen::Battle),
            Text2d::new(format!("{step}")),
            font(13.0),
            TextColor(Color::WHITE),
            Transform::from_translation((centre + Vec2::new(0.0, TILE * 0.3)).extend(7.0)),
        ));
        if i + 1 == preview.squares.len() {
            commands.spawn((
                Name::new("Path total"),
                PathMarker,
                DespawnOnExit(Screen::Battle),
                Text2d::new(format!("{} ft {}", totals[i], preview.band.label())),
                font(14.0),
                TextColor(Color::WHITE),
                TextBackgroundColor(Color::BLACK.with_alpha(0.6)),
                Transform::from_translation((centre - Vec2::new(0.0, TILE * 0.32)).extend(7.5)),
            ));
        }
    }
    for (sq, reactor) in &preview.provokes {
        commands.spawn((
            Name::new(format!("Provokes {reactor}")),
            PathMarker,
            DespawnOnExit(Screen::Battle),
            Text2d::new("AoO"),
            font(13.0),
            TextColor(Color::WHITE),
            Transform::from_translation((space_centre(Space::new(*sq, side)) - Vec2::new(0.0, TILE * 0.3)).extend(7.0)),
        ));
        if let Some(space) = space_of(world, reactor) {
            commands.spawn((
                Name::new(format!("Reactor {reactor}")),
                PathMarker,
                DespawnOnExit(Screen::Battle),
                Sprite {
                    image: images.ring.clone(),
                    color: PROVOKE_COLOUR,
                    custom_size: Some(Vec2::splat(TILE * space.side as f32 * 1.05)),
                    ..default()
                },
                Transform::from_translation(space_centre(space).extend(8.0)),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
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

    fn me() -> UnitId {
        UnitId("me".into())
    }

    fn my_turn() -> crate::history::Battle {
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

    /// §8.2: leaving a square the foe threatens provokes; the overlay marks that square and
    /// names the reactor.
    #[test]
    fn path_that_leaves_a_threatened_square_marks_it_and_the_reactor() {
        let b = my_turn();
        let preview = path_preview(b.world(), &me(), Square::new(0, 2)).expect("legal");
        assert_eq!(preview.band, Band::Move);
        assert_eq!(preview.squares, vec![Square::new(1, 2), Square::new(0, 2)]);
        assert_eq!(preview.steps_ft, vec![5, 5]);
        assert_eq!(preview.running_totals(), vec![5, 10]);
        assert_eq!(preview.provokes, vec![(Square::new(2, 2), UnitId("foe".into()))]);
        let bands = reach_bands(b.world(), &me());
        let marks = overlay_marks(&bands, &BTreeSet::new(), Some(&preview));
        assert_eq!(marks.get(&Square::new(2, 2)), Some(&Mark::Provokes));
        assert_eq!(marks.get(&Square::new(0, 2)), Some(&Mark::Reach(Band::Move)));
        assert_eq!(
            marks.values().filter(|m| **m == Mark::Provokes).count(),
            1,
            "only the square left"
        );
    }

    /// The steps of a double move turn from the move colour to the double colour once the
    /// first move's feet are spent.
    #[test]
    fn steps_are_coloured_by_the_band_their_feet_fall_in() {
        let b = my_turn();
        let preview = path_preview(b.world(), &me(), Square::new(2, 7)).expect("legal");
        assert_eq!(preview.band, Band::Move);
        let far = path_preview(b.world(), &me(), Square::new(9, 7)).expect("legal");
        assert_eq!(far.band, Band::Double);
        let bands = far.step_bands();
        assert_eq!(far.cost_ft, *far.running_totals().last().expect("steps"));
        let first_double = bands.iter().position(|b| *b == Band::Double).expect("a double step");
        assert!(bands[..first_double].iter().all(|b| *b == Band::Move));
        assert!(far.running_totals()[first_double] > 30);
        assert!(far.running_totals()[first_double - 1] <= 30);
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

    /// §8.2: with avoid-AoO the planner goes around the foe's threat where the shortest path
    /// would provoke.
    #[test]
    fn avoiding_aoo_plans_around_the_threat() {
        let b = my_turn();
        let w = b.world();
        let to = Square::new(4, 2);
        let plain = path_preview(w, &me(), to).expect("legal");
        let careful = path_preview_avoiding(w, &me(), to, true).expect("legal");
        let plan = plan_move(w, &me(), to, None, careful.band.mode(), true).expect("legal");
        assert_eq!(careful.squares, plan.squares);
        assert!(careful.provokes.len() <= plain.provokes.len());
    }

    #[test]
    fn a_square_out_of_every_band_has_no_plan_and_a_reason() {
        let b = my_turn();
        let err = path_preview(b.world(), &me(), Square::new(3, 2)).expect_err("occupied");
        assert!(!err.to_string().is_empty());
        assert!(overlay_marks(&BTreeMap::new(), &BTreeSet::new(), None).is_empty());
    }
}
