//! The built-in scenario's tips (issue #18 item 9): short step prompts in a box beside the
//! map (hover to see the path, the bands, press 2 and hover a foe for the odds, the cover
//! lines, end the turn) that move on when the player has done each thing, or on "Next" (F1),
//! and can be hidden. Shown on the first run: playing the tutorial until its tips are finished
//! or hidden leaves a marker file in the data directory (`tutorial-done`). The box sits at the
//! bottom of the right column, above an attack or area preview when one shows (beside it when
//! the column has no room left). Owns only the tips;
//! it reads the battle, the hover, the mode and the attack preview and decides nothing.

use crate::gui::saves::DataDir;
use crate::gui::state::hover::Hover;
use crate::gui::state::mode::Mode;
use crate::gui::state::screen::{AppSystems, Screen};
use crate::gui::state::session::Session;
use crate::gui::state::session::acting_side;
use crate::gui::views::attack::AttackView;
use crate::history::Battle;
use crate::rules::{AttackEvent, GameCommand, GameEvent, SequenceEvent, SideId, UnitId, UnitIndex};
use crate::scenario::DEFAULT_SCENARIO_NAME;
use bevy::prelude::*;
use std::path::{Path, PathBuf};

pub(in crate::gui) fn plugin(app: &mut App) {
    app.init_resource::<Tutorial>();
    app.add_systems(OnEnter(Screen::Battle), (start_tutorial, spawn_tips).chain());
    app.add_systems(
        Update,
        tip_buttons.in_set(AppSystems::Input).run_if(in_state(Screen::Battle)),
    );
    app.add_systems(
        Update,
        follow_player
            .in_set(AppSystems::Derive)
            .run_if(in_state(Screen::Battle)),
    );
    app.add_systems(
        Update,
        draw_tips
            .in_set(AppSystems::Draw)
            .run_if(in_state(Screen::Battle))
            .run_if(resource_changed::<Tutorial>),
    );
    app.add_systems(
        Update,
        stack_tips_above_previews
            .after(AppSystems::Draw)
            .run_if(in_state(Screen::Battle)),
    );
}

/// The tips box's distance from the window's bottom when preview panels of these heights
/// (logical pixels) are shown in the right column: above the tallest, so neither covers the
/// other (issue #18); just above the bottom bar when none is.
pub fn tips_bottom(previews: &[f32]) -> f32 {
    let base = crate::gui::look::camera::HUD_BOTTOM + TIPS_GAP;
    let tallest = previews.iter().copied().fold(0.0, f32::max);
    if tallest > 0.0 { base + tallest + TIPS_GAP } else { base }
}

const TIPS_GAP: f32 = 8.0;

/// Where the tips box goes, as its (right, bottom) distances from the window's edges, when
/// preview panels of `previews` heights are shown, the box is `tips` tall and the right
/// column is free up to `ceiling` above the window's bottom (under the initiative tracker):
/// above the tallest preview when it fits there, else beside the column over the map's
/// bottom right corner, above the legend (`bottom_margin`: the bottom bar and the legend).
pub fn tips_place(previews: &[f32], tips: f32, ceiling: f32, bottom_margin: f32) -> (f32, f32) {
    let above = tips_bottom(previews);
    if above + tips <= ceiling {
        (TIPS_GAP, above)
    } else {
        (crate::gui::look::camera::HUD_RIGHT + TIPS_GAP, bottom_margin + TIPS_GAP)
    }
}

/// Keeps the tips box clear of the preview panel shown (the attack or area preview shares the
/// right column's bottom): above it, or beside it when the column has no room left under the
/// initiative tracker. A panel shown this frame is laid out after it: one more frame is asked
/// for, so an idle window does not keep the boxes overlapping.
// A Bevy query filter (STYLE 13).
#[allow(clippy::type_complexity)]
fn stack_tips_above_previews(
    previews: Query<(Ref<Node>, &ComputedNode), (With<crate::gui::look::markers::PreviewPanel>, Without<TipsBox>)>,
    tracker: Query<&ComputedNode, (With<crate::gui::look::markers::TrackerPanel>, Without<TipsBox>)>,
    window: Option<Single<&Window, With<bevy::window::PrimaryWindow>>>,
    margins: Option<Res<crate::gui::look::camera::HudMargins>>,
    mut tips: Query<(&mut Node, &ComputedNode), With<TipsBox>>,
    redraw: Option<ResMut<Messages<bevy::window::RequestRedraw>>>,
) {
    let logical = |c: &ComputedNode| c.size().y * c.inverse_scale_factor();
    let mut again = false;
    let shown: Vec<f32> = previews
        .iter()
        .filter(|(node, _)| node.display != Display::None)
        .map(|(node, computed)| {
            let h = logical(computed);
            again |= node.is_changed() && h <= 0.0;
            h
        })
        .collect();
    let margins = margins.map_or_else(Default::default, |m| *m);
    let tracker_bottom = margins.top + tracker.iter().map(logical).fold(0.0, f32::max);
    let ceiling = window.map_or(f32::INFINITY, |w| w.height() - tracker_bottom - TIPS_GAP);
    for (mut node, computed) in &mut tips {
        let (right, bottom) = tips_place(&shown, logical(computed), ceiling, margins.bottom);
        let (right, bottom) = (Val::Px(right), Val::Px(bottom));
        if node.bottom != bottom || node.right != right {
            node.bottom = bottom;
            node.right = right;
            again = true;
        }
    }
    if let (true, Some(mut redraw)) = (again, redraw) {
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// The tips, in order.
pub const STEPS: [&str; 6] = [
    "Your side, the Relay Crew, acts first. Move the mouse over a square of the map: the line shows the path your unit would take to it.",
    "The coloured bands show how far your unit can go this turn: the nearest band with one move action, the next with a double move, the farthest only running. Click a square in the nearest band to move there.",
    "Press 2 (Attack) and move the mouse over an enemy: the panel shows your chance to hit, every modifier and where it comes from.",
    "The thin lines from your unit to the enemy's corners decide cover: a line a wall or crate blocks gives the enemy cover, and your odds drop. Click the enemy to attack, or press Esc to go back to moving.",
    "Press E to end the turn. Your other crew member acts next, then the Scavengers.",
    "That's the basics. Eliminate the Scavengers to win. Esc opens the menu: save, load, undo and settings.",
];

/// The tips' state: on or off, the step shown and the side the player leads.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Tutorial {
    pub active: bool,
    pub step: usize,
    /// The side that acts first in the tutorial: the player's.
    pub side: Option<SideId>,
}

/// What the player has done so far, as far as the tips care.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress {
    /// The mouse is over a square of the map.
    pub hovered: bool,
    /// A unit of the player's side moved.
    pub moved: bool,
    /// Attack mode with an enemy under the mouse (the odds are on screen).
    pub aiming: bool,
    /// A unit of the player's side attacked.
    pub attacked: bool,
    /// A unit of the player's side ended its turn.
    pub ended: bool,
}

/// The first step from `step` on whose request the player has not yet done (a player who ran
/// ahead skips the tips about what they already did); the last step stays until it is closed.
pub fn advance(step: usize, progress: Progress) -> usize {
    let done = |step: usize| match step {
        // Clicking a square to move means the path was seen.
        0 => progress.hovered || progress.moved,
        1 => progress.moved,
        2 => progress.aiming || progress.attacked,
        3 => progress.attacked || progress.ended,
        4 => progress.ended,
        _ => false,
    };
    let mut step = step;
    while done(step) {
        step += 1;
    }
    step
}

/// The file whose presence says the tutorial's tips were seen to the end or hidden.
pub fn marker_path(dir: &Path) -> PathBuf {
    dir.join("tutorial-done")
}

/// Whether the tips show: no marker yet (or no data directory to keep one in).
pub fn first_run(dir: Option<&Path>) -> bool {
    dir.is_none_or(|d| !marker_path(d).exists())
}

/// Whether `battle` is the built-in tutorial, at its start.
pub fn is_tutorial_start(battle: &Battle) -> bool {
    battle.scenario_file() == DEFAULT_SCENARIO_NAME && battle.commands().is_empty()
}

fn side_of(battle: &Battle, unit: &UnitId) -> Option<SideId> {
    let world = battle.world();
    let entity = world.resource::<UnitIndex>().0.get(unit).copied()?;
    world.get::<SideId>(entity).cloned()
}

/// What `side` has done in `battle`, read from its log.
pub fn logged_progress(battle: &Battle, side: &SideId) -> Progress {
    let ours = |unit: &UnitId| side_of(battle, unit).as_ref() == Some(side);
    let mut progress = Progress::default();
    for entry in battle.log().entries.iter().filter(|e| e.command.is_some()) {
        if let Some(GameCommand::Move(m)) = &entry.command {
            progress.moved |= ours(&m.unit);
        }
        for event in &entry.events {
            match event {
                GameEvent::Attack(AttackEvent::AttackResolved { attacker, .. }) => progress.attacked |= ours(attacker),
                GameEvent::Sequence(SequenceEvent::TurnEnded { unit }) => progress.ended |= ours(unit),
                _ => {}
            }
        }
    }
    progress
}

/// Writes the marker so the tips do not show again.
fn mark_done(dir: &DataDir) {
    if let Some(dir) = &dir.0 {
        let _ = std::fs::create_dir_all(dir);
        let _ = crate::history::write_atomic(&marker_path(dir), b"The tutorial's tips were seen.\n");
    }
}

/// On the battle screen: the tips start with a fresh tutorial on the first run and stop for
/// any other battle (a hand-off back to the same battle keeps them where they were).
fn start_tutorial(session: Res<Session>, dir: Res<DataDir>, mut tutorial: ResMut<Tutorial>) {
    let battle = &session.battle;
    if is_tutorial_start(battle) && first_run(dir.0.as_deref()) {
        if !tutorial.active {
            *tutorial = Tutorial {
                active: true,
                step: 0,
                side: acting_side(battle),
            };
        }
    } else if tutorial.active && battle.scenario_file() != DEFAULT_SCENARIO_NAME {
        tutorial.active = false;
    }
}

fn follow_player(
    session: Res<Session>,
    hover: Option<Res<Hover>>,
    mode: Option<Res<Mode>>,
    view: Option<Res<AttackView>>,
    mut first_hover: Local<Option<Option<crate::grid::Square>>>,
    mut tutorial: ResMut<Tutorial>,
) {
    let (true, Some(side)) = (tutorial.active, tutorial.side.clone()) else {
        *first_hover = None;
        return;
    };
    let mut progress = logged_progress(&session.battle, &side);
    // The pointer went to another square of the map (one resting there when the tips began
    // is not the player trying it).
    let hovered = hover.and_then(|h| h.0);
    if first_hover.is_none() && hovered.is_some() {
        *first_hover = Some(hovered);
    }
    progress.hovered = first_hover.is_some_and(|first| hovered.is_some() && hovered != first);
    progress.aiming =
        mode.is_some_and(|m| matches!(*m, Mode::Attack | Mode::FullAttack)) && view.is_some_and(|v| v.hover.is_some());
    let next = advance(tutorial.step, progress);
    if next != tutorial.step {
        tutorial.step = next;
    }
}

#[derive(Component)]
struct TipsBox;

#[derive(Component)]
struct TipText;

#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum TipButton {
    Next,
    Hide,
}

fn spawn_tips(mut commands: Commands) {
    let button = |label: &str, which: TipButton| {
        (
            Name::new(format!("Tip button {label}")),
            which,
            Button,
            Node {
                padding: UiRect::axes(Val::Px(10.0), Val::Px(4.0)),
                ..default()
            },
            BackgroundColor(Color::srgb(0.2, 0.26, 0.36)),
            children![(
                Text::new(label.to_string()),
                TextFont::from_font_size(13.0),
                TextColor(Color::WHITE),
            )],
        )
    };
    commands.spawn((
        Name::new("Tutorial tips"),
        TipsBox,
        DespawnOnExit(Screen::Battle),
        Visibility::Hidden,
        Node {
            position_type: PositionType::Absolute,
            right: Val::Px(8.0),
            bottom: Val::Px(tips_bottom(&[])),
            width: Val::Px(crate::gui::look::camera::HUD_RIGHT - 16.0),
            flex_direction: FlexDirection::Column,
            row_gap: Val::Px(8.0),
            padding: UiRect::all(Val::Px(10.0)),
            border: UiRect::left(Val::Px(3.0)),
            ..default()
        },
        BorderColor::all(Color::srgb(0.95, 0.8, 0.45)),
        BackgroundColor(Color::srgba(0.08, 0.09, 0.12, 0.94)),
        GlobalZIndex(5),
        children![
            (
                Name::new("Tip"),
                TipText,
                Text::new(""),
                TextFont::from_font_size(14.0),
                TextColor(Color::srgb(0.92, 0.92, 0.94)),
            ),
            (
                Node {
                    column_gap: Val::Px(8.0),
                    ..default()
                },
                children![
                    button("Next (F1)", TipButton::Next),
                    button("Hide tips", TipButton::Hide)
                ],
            ),
        ],
    ));
}

fn draw_tips(
    tutorial: Res<Tutorial>,
    mut tips: Single<&mut Visibility, With<TipsBox>>,
    mut text: Single<&mut Text, With<TipText>>,
) {
    let shown = tutorial.active && tutorial.step < STEPS.len();
    **tips = if shown {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    if shown {
        text.0 = format!("Tip {}/{}: {}", tutorial.step + 1, STEPS.len(), STEPS[tutorial.step]);
    }
}

fn tip_buttons(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Query<(&Interaction, &TipButton), Changed<Interaction>>,
    dir: Res<DataDir>,
    mut tutorial: ResMut<Tutorial>,
) {
    if !tutorial.active {
        return;
    }
    let mut pressed = buttons
        .iter()
        .filter(|(i, _)| **i == Interaction::Pressed)
        .map(|(_, b)| *b);
    let which = pressed
        .next()
        .or_else(|| keys.just_pressed(KeyCode::F1).then_some(TipButton::Next));
    match which {
        Some(TipButton::Next) if tutorial.step + 1 < STEPS.len() => tutorial.step += 1,
        Some(TipButton::Next | TipButton::Hide) => {
            tutorial.active = false;
            mark_done(&dir);
        }
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::state::session::acting_side;
    use crate::gui::testkit::tap_key;
    use crate::rules::{Combat, cmd};

    /// Issue #18: the tips box sits above a shown attack or area preview, not over it; with
    /// none shown it sits just above the bottom bar.
    #[test]
    fn the_tips_stack_above_a_shown_preview_panel() {
        let bar = crate::gui::look::camera::HUD_BOTTOM;
        assert_eq!(tips_bottom(&[]), bar + TIPS_GAP);
        assert_eq!(tips_bottom(&[0.0]), bar + TIPS_GAP, "not laid out yet");
        assert_eq!(tips_bottom(&[120.0, 300.0]), bar + 300.0 + 2.0 * TIPS_GAP);
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.add_systems(Update, stack_tips_above_previews);
        let tips = app.world_mut().spawn((TipsBox, Node::default())).id();
        let panel = app
            .world_mut()
            .spawn((
                crate::gui::look::markers::PreviewPanel,
                Node::default(),
                ComputedNode {
                    size: Vec2::new(250.0, 300.0),
                    ..ComputedNode::default()
                },
            ))
            .id();
        app.update();
        let bottom = |app: &App| app.world().get::<Node>(tips).expect("tips").bottom;
        assert_eq!(bottom(&app), Val::Px(bar + 300.0 + 2.0 * TIPS_GAP));
        app.world_mut().get_mut::<Node>(panel).expect("panel").display = Display::None;
        app.update();
        assert_eq!(bottom(&app), Val::Px(bar + TIPS_GAP));
        // No room above the preview under the tracker: beside the column, above the legend.
        let right = crate::gui::look::camera::HUD_RIGHT;
        assert_eq!(
            tips_place(&[300.0], 150.0, 768.0 - 250.0, 176.0),
            (right + TIPS_GAP, 176.0 + TIPS_GAP)
        );
        assert_eq!(
            tips_place(&[300.0], 150.0, 800.0, 176.0),
            (TIPS_GAP, bar + 300.0 + 2.0 * TIPS_GAP)
        );
        assert_eq!(tips_place(&[], 150.0, 400.0, 176.0), (TIPS_GAP, bar + TIPS_GAP));
    }

    #[test]
    fn each_tip_waits_for_what_it_asks() {
        let none = Progress::default();
        for step in 0..STEPS.len() {
            assert_eq!(advance(step, none), step, "step {step} waits");
        }
        assert_eq!(advance(0, Progress { hovered: true, ..none }), 1);
        let moved = Progress { moved: true, ..none };
        assert_eq!(advance(1, moved), 2);
        assert_eq!(advance(2, moved), 2, "moving is not aiming");
        assert_eq!(advance(0, moved), 2, "a move shows the path and the bands were seen");
        assert_eq!(advance(2, Progress { aiming: true, ..none }), 3);
        assert_eq!(
            advance(3, Progress { ended: true, ..none }),
            5,
            "ending the turn skips the attack and the end-turn tip"
        );
        assert_eq!(advance(4, Progress { ended: true, ..none }), 5);
        let all = Progress {
            hovered: true,
            moved: true,
            aiming: true,
            attacked: true,
            ended: true,
        };
        assert_eq!(advance(5, all), 5, "the last tip stays until closed");
        assert_eq!(advance(0, all), 5, "a player who ran ahead skips to the last tip");
    }

    /// Issue #18 item 9: the player's side acts first in the built-in scenario.
    #[test]
    fn in_the_tutorial_the_players_side_acts_first_and_its_progress_is_read_from_the_log() {
        let mut battle = crate::gui::testkit::tutorial();
        assert!(is_tutorial_start(&battle));
        let side = acting_side(&battle).expect("a side acts");
        assert_eq!(side, SideId("crew".into()), "the Relay Crew moves first");
        assert_eq!(logged_progress(&battle, &side), Progress::default());
        let unit = battle.world().resource::<Combat>().active.clone().expect("a turn");
        let at = crate::rules::reactions::threat::space_of(battle.world(), &unit)
            .expect("placed")
            .at;
        let to = crate::grid::Square::new(at.x + 1, at.y);
        let path = crate::gui::intake::plan::path_preview(battle.world(), &unit, to).expect("a step");
        crate::testing::ok(
            &mut battle,
            GameCommand::Move(cmd::Move {
                unit: unit.clone(),
                to,
                path: Some(path.squares),
                mode: crate::rules::MoveMode::Move,
            }),
        );
        crate::testing::ok(&mut battle, GameCommand::EndTurn(cmd::EndTurn { unit }));
        let progress = logged_progress(&battle, &side);
        assert!(progress.moved && progress.ended && !progress.attacked);
        assert!(!is_tutorial_start(&battle), "no longer at its start");
        let other = logged_progress(&battle, &SideId("goblins".into()));
        assert_eq!(other, Progress::default());
    }

    fn tips_app(dir: Option<PathBuf>) -> App {
        let mut app = crate::gui::testkit::battle_app(crate::gui::testkit::tutorial());
        app.insert_resource(DataDir(dir));
        app.add_plugins(plugin);
        app.update();
        app
    }

    /// Shown on the first run; hiding the tips leaves the marker, and then they stay away.
    #[test]
    fn the_tips_show_on_the_first_run_and_hiding_them_leaves_the_marker() {
        let dir = std::env::temp_dir().join(format!("fivefoot-tutorial-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        assert!(first_run(Some(&dir)));
        let mut app = tips_app(Some(dir.clone()));
        let tutorial = app.world().resource::<Tutorial>().clone();
        assert!(tutorial.active);
        assert_eq!(tutorial.step, 0);
        tap_key(&mut app, KeyCode::F1);
        assert_eq!(app.world().resource::<Tutorial>().step, 1, "F1: the next tip");
        for _ in 0..STEPS.len() {
            tap_key(&mut app, KeyCode::F1);
        }
        assert!(
            !app.world().resource::<Tutorial>().active,
            "past the last tip they close"
        );
        assert!(marker_path(&dir).exists());
        assert!(!first_run(Some(&dir)));
        let again = tips_app(Some(dir.clone()));
        assert!(!again.world().resource::<Tutorial>().active, "not shown again");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
