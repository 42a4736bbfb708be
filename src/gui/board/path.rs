//! The planned path to the hovered square (MOV-1, MOV-2, §5.6, §8.2), as
//! `rules::movement::plan_move` plans it (`query path`): each step's cost and the total,
//! coloured by the band its feet fall in, the squares where it provokes and a ring on each
//! reactor; with the V toggle, the path that provokes the fewest. Its numbers keep the name
//! labels' size on screen at any zoom. Decides no rule.

use crate::grid::{Space, Square};
use crate::gui::board::input::Hover;
use crate::gui::board::map::{TILE, space_centre};
use crate::gui::board::overlay::{Band, PROVOKE_COLOUR, ReachOverlay, derive_threat, reach_bands};
use crate::gui::hud::actions::modes::{Mode, Toggles};
use crate::gui::session::{Revision, Session};
use crate::gui::{AppSystems, Screen};
use crate::rules::movement::plan_move;
use crate::rules::reactions::threat::space_of;
use crate::rules::{Combat, GameCommand, MoveMode, RuleError, UnitId, cmd};
use bevy::prelude::*;

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<PathOverlay>();
    app.add_systems(
        Update,
        (
            // After the reach overlay: the hovered square's band comes from it.
            derive_path.after(derive_threat).in_set(AppSystems::Derive),
            (draw_path_markers, fit_path_texts).chain().in_set(AppSystems::Draw),
        )
            .run_if(in_state(Screen::Battle)),
    );
}

/// The planned move to one square, as the rules would execute it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathPreview {
    /// The smallest band whose plan reaches the square.
    pub band: Band,
    /// The mode the move is sent in: the band's, or a guarded step (§4.3.2, the d20 5-ft step)
    /// when the square is one step away, the band's move would provoke and the rules allow the
    /// step, which never does.
    pub mode: MoveMode,
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
    if band == Band::Move
        && plan.squares.len() == 1
        && !plan.provokes.is_empty()
        && let Some(step) = guarded_step(world, unit, to)
    {
        return Ok(step);
    }
    Ok(PathPreview {
        band,
        mode: band.mode(),
        from: plan.from,
        squares: plan.squares,
        steps_ft: plan.steps_ft,
        cost_ft: plan.cost_ft,
        speed_ft: speed_ft(world, unit),
        provokes: plan.provokes.into_iter().map(|(_, sq, r)| (sq, r)).collect(),
    })
}

/// The guarded step to `to` (§4.3.2), when the rules accept it and it provokes nobody.
fn guarded_step(world: &World, unit: &UnitId, to: Square) -> Option<PathPreview> {
    let step = GameCommand::Move(cmd::Move {
        unit: unit.clone(),
        to,
        path: None,
        mode: MoveMode::GuardedStep,
    });
    crate::rules::check(world, &step).ok()?;
    let plan = plan_move(world, unit, to, None, MoveMode::GuardedStep, false).ok()?;
    plan.provokes.is_empty().then(|| PathPreview {
        band: Band::Move,
        mode: MoveMode::GuardedStep,
        from: plan.from,
        squares: plan.squares,
        steps_ft: plan.steps_ft,
        cost_ft: plan.cost_ft,
        speed_ft: speed_ft(world, unit),
        provokes: Vec::new(),
    })
}

/// The unit's land speed in feet now (MOV-1).
fn speed_ft(world: &World, unit: &UnitId) -> u32 {
    crate::rules::movement::speed::unit_land_speed_ft(world, unit)
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

/// One drawn piece of the planned path (dot, cost label, total, reactor ring).
#[derive(Component)]
pub struct PathMarker;

/// A number or word of the path (a step's cost, the total, "AoO"): drawn at the name labels'
/// size on screen whatever the zoom (`tokens::label_look`).
#[derive(Component)]
pub struct PathText;

/// The scale of the path's texts at `zoom` (world units per pixel): as a focused name label's,
/// so they read between `LABEL_MIN_PX` and `LABEL_MAX_PX` tall at every zoom.
pub fn path_text_scale(zoom: f32) -> f32 {
    crate::gui::board::tokens::label_look(zoom, 1, true).unwrap_or(1.0)
}

/// Scales the path's texts to the zoom, when the zoom changes or new ones are drawn.
fn fit_path_texts(
    camera: Option<Single<Ref<Projection>, With<crate::gui::board::camera::MainCamera>>>,
    added: Query<(), Added<PathText>>,
    mut texts: Query<&mut Transform, With<PathText>>,
) {
    let Some(camera) = camera else { return };
    let projection = camera.into_inner();
    if !projection.is_changed() && added.is_empty() {
        return;
    }
    let Projection::Orthographic(ortho) = &*projection else {
        return;
    };
    let scale = Vec3::splat(path_text_scale(ortho.scale));
    for mut t in &mut texts {
        if t.scale != scale {
            t.scale = scale;
        }
    }
}

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
            PathText,
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
                PathText,
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
            PathText,
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
    use crate::gui::board::overlay::tests::{me, my_turn};
    use crate::gui::board::overlay::{Mark, overlay_marks};
    use std::collections::{BTreeMap, BTreeSet};

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

    /// §4.3.2 guarded step: one square out of the foe's reach would provoke as a plain move,
    /// so the preview (and the click) takes the guarded step, which provokes nobody; two
    /// squares away stays a plain move (the test above).
    #[test]
    fn one_square_out_of_reach_is_a_guarded_step_that_provokes_nobody() {
        let b = my_turn();
        let preview = path_preview(b.world(), &me(), Square::new(1, 2)).expect("legal");
        assert_eq!((preview.mode, preview.band), (MoveMode::GuardedStep, Band::Move));
        assert!(preview.provokes.is_empty());
        let command =
            crate::gui::session::command_for(&crate::gui::session::Intent::MoveTo(Square::new(1, 2)), b.world())
                .expect("legal");
        assert!(matches!(command, GameCommand::Move(m) if m.mode == MoveMode::GuardedStep));
        let far = path_preview(b.world(), &me(), Square::new(0, 2)).expect("legal");
        assert_eq!(far.mode, MoveMode::Move);
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

    /// Issue #18: the path's numbers read at the name labels' size on screen at every zoom.
    #[test]
    fn path_numbers_keep_a_readable_size_at_every_zoom() {
        use crate::gui::board::tokens::{LABEL_MAX_PX, LABEL_MIN_PX};
        for zoom in [0.2, 0.5, 1.0, 1.5, 2.5, 4.0] {
            let px = 13.0 * path_text_scale(zoom) / zoom;
            assert!(
                (LABEL_MIN_PX * 0.99..=LABEL_MAX_PX * 1.01).contains(&px),
                "zoom {zoom}: {px} px"
            );
        }
    }

    #[test]
    fn a_square_out_of_every_band_has_no_plan_and_a_reason() {
        let b = my_turn();
        let err = path_preview(b.world(), &me(), Square::new(3, 2)).expect_err("occupied");
        assert!(!err.to_string().is_empty());
        assert!(overlay_marks(&BTreeMap::new(), &BTreeSet::new(), None).is_empty());
    }
}
