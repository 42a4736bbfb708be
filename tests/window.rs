//! The real-window test (issue #6 acceptance): opens the game on the shipped tutorial scenario
//! in an X11 window (Xvfb + software Vulkan in CI), moves the active unit by injecting a cursor
//! move and a left click the way winit delivers them, ends its turn with the `E` key, hovers a
//! far square for the next unit (one whose path provokes, if any), takes a screenshot of the
//! primary window, checks from its pixels that the map, the tokens and the path overlay are
//! drawn, and saves it as `docs/screenshot.png`. Then it opens the scenario editor (issue #8) on
//! a new map, paints a wall square with an injected cursor move and left click, and checks that
//! the document changed and that the square's pixels changed (saved as `docs/editor.png`);
//! then it clicks the tool bar's Undo button and checks that the square is floor again. Last
//! (issue #17) it opens the tutorial as shipped, where the computer plays the scavengers, ends
//! the crew's turn with `E`, lets the computer's turn play by itself (its indicator showing),
//! and checks from a screenshot (saved as `docs/computer.png`) that a scavenger's token stands
//! where the computer put it. The first battle is played hot-seat (both sides by the driver).
//! Then (issue #18's acceptance) at 1280×800 and again resized to 1024×768 it saves under
//! `docs/screens/` the title with a save present, a battle with the unit card open, an
//! attack's result floating on the map, the log scrolled back with PageUp and the legend with a
//! planned path, and checks from the UI tree that every UI node drawn is inside the window, that
//! End scrolls the title's last line fully into view, that the card, the legend and the log
//! panel are drawn, and the layout checks (the bars inside the window, the map in the area the
//! HUD leaves free, the legend and log panel below it).
//!
//! Without a display it prints that it skipped and passes, so `cargo test` works anywhere;
//! `FIVEFOOT_WINDOW_TEST=require` (set by `.ci/run`) makes a missing display a failure.

// A Bevy system's parameters (STYLE 13).
#![allow(clippy::too_many_arguments)]

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::ui::{CalculatedClip, UiGlobalTransform};
use bevy::window::{CursorMoved, PrimaryWindow};
use fivefoot::editor::EditorDoc;
use fivefoot::grid::{Space, Square};
use fivefoot::gui::GuiConfig;
use fivefoot::gui::board::feedback::Floating;
use fivefoot::gui::computer::ComputerIndicator;
use fivefoot::gui::editor::session::EditorSession;
use fivefoot::gui::editor::state::MapSize;
use fivefoot::gui::editor::state::UiAction;
use fivefoot::gui::hud::card::CardTarget;
use fivefoot::gui::hud::legend::Legend;
use fivefoot::gui::hud::log::{LogPanel, LogScroll};
use fivefoot::gui::intake::plan::Band;
use fivefoot::gui::intake::plan::path_preview;
use fivefoot::gui::intake::plan::reach_bands;
use fivefoot::gui::look::camera::{HudEdge, HudMargins, MainCamera};
use fivefoot::gui::look::markers::Token;
use fivefoot::gui::look::tiles::BoardSize;
use fivefoot::gui::look::tiles::{TILE, space_centre, square_centre};
use fivefoot::gui::look::token_art::ring_radius;
use fivefoot::gui::saves::{DataDir, autosave_path, save_new, write_save};
use fivefoot::gui::screens::title_menu::{Choice, TitleMenu};
use fivefoot::gui::state::intent::Intent;
use fivefoot::gui::state::screen::Screen;
use fivefoot::gui::state::session::computer_is_playing;
use fivefoot::gui::state::session::{Revision, Session};
use fivefoot::gui::views::path::PathOverlay;
use fivefoot::history::Terrain;
use fivefoot::history::{Battle, Sides};
use fivefoot::rules::reactions::threat::space_of;
use fivefoot::rules::{Combat, GameCommand, SideId, UnitId, UnitIndex};
use fivefoot::scenario::format::TerrainKind;
use fivefoot::scenario::{Templates, load_str};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const SCENARIO: &str = "scenarios/tutorial_relay.ron";
/// The whole test, window to exit, must finish within this (a hung driver fails, not hangs).
const TIME_LIMIT: Duration = Duration::from_secs(300);

fn main() -> ExitCode {
    let required = std::env::var("FIVEFOOT_WINDOW_TEST").is_ok_and(|v| v == "require");
    if std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty()) {
        if required {
            eprintln!("window: FAILED: no DISPLAY, and FIVEFOOT_WINDOW_TEST=require (run under xvfb-run)");
            return ExitCode::FAILURE;
        }
        println!("window: skipped: no DISPLAY (run it under `xvfb-run -a -s \"-screen 0 1280x800x24\"`; .ci/run does)");
        return ExitCode::SUCCESS;
    }
    std::thread::spawn(|| {
        std::thread::sleep(TIME_LIMIT);
        eprintln!("window: FAILED: no verdict within {TIME_LIMIT:?}");
        std::process::exit(1);
    });
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join(SCENARIO)).expect("the shipped scenario");
    // The driver plays both sides of the first battle (the shipped file gives one to the computer).
    let hot_seat = fivefoot::testing::hot_seat(&text);
    let battle = start(&hot_seat, &root);
    let computer_battle = start(&text, &root);

    let verdict = Arc::new(Mutex::new(Verdict::default()));
    let config = GuiConfig {
        title: "fivefoot window test".into(),
        size: (1280, 800),
        software_render: true,
    };
    let mut app = fivefoot::gui::app(Ok(battle), &config);
    // The game redraws only on input (`gui::idle`); the driver injects its input from inside
    // a frame, so the test runs every frame.
    app.insert_resource(bevy::winit::WinitSettings::continuous());
    // One player drives both sides here, and the autosave stays out of the user's data.
    app.insert_resource(fivefoot::gui::intake::handoff::HandOff {
        enabled: false,
        ..Default::default()
    });
    let data = std::env::temp_dir().join(format!("fivefoot-window-{}", std::process::id()));
    app.insert_resource(fivefoot::gui::saves::DataDir(Some(data.clone())));
    app.insert_resource(Driver {
        verdict: verdict.clone(),
        shot: root.join("docs/screenshot.png"),
        editor_shot: root.join("docs/editor.png"),
        computer_shot: root.join("docs/computer.png"),
        computer_battle: Some(computer_battle),
        ..Driver::default()
    });
    app.insert_resource(Accept {
        battles: SIZES
            .iter()
            .map(|_| Some(ready_to_attack(start(&hot_seat, &root))))
            .collect(),
        dir: root.join("docs/screens"),
        ..Accept::default()
    });
    app.add_systems(
        Update,
        (drive, accept.run_if(|d: Res<Driver>| d.phase == Phase::Accept))
            .chain()
            .before(fivefoot::gui::state::screen::AppSystems::Input),
    );
    let started = Instant::now();
    let exit = app.run();
    let verdict = verdict.lock().expect("verdict").clone();
    // The autosave folder is this run's own; leave nothing behind in the temp dir.
    let _ = std::fs::remove_dir_all(&data);
    println!("window: ran {:.1}s, exit {exit:?}", started.elapsed().as_secs_f32());
    for line in &verdict.notes {
        println!("window: {line}");
    }
    if verdict.failures.is_empty() && verdict.finished {
        println!("window: 1 passed, 0 failed");
        ExitCode::SUCCESS
    } else {
        for f in &verdict.failures {
            eprintln!("window: FAILED: {f}");
        }
        if !verdict.finished {
            eprintln!("window: FAILED: the driver did not finish");
        }
        println!("window: 0 passed, 1 failed");
        ExitCode::FAILURE
    }
}

/// The tutorial's battle from `text`, with its own seed.
fn start(text: &str, root: &Path) -> Battle {
    let spec = load_str(text, SCENARIO, &Templates::for_scenario(&root.join(SCENARIO))).expect("valid");
    let seed = spec.seed.unwrap_or(0);
    Battle::start(spec, text, SCENARIO, seed, Vec::new()).expect("starts")
}

#[derive(Debug, Clone, Default)]
struct Verdict {
    /// The battle's screenshot was checked.
    battle_checked: bool,
    /// The editor square's pixel before painting.
    before: Option<[u8; 3]>,
    /// The editor's screenshot was checked.
    editor_checked: bool,
    /// The screenshot after the computer's turn was checked.
    computer_checked: bool,
    finished: bool,
    failures: Vec<String>,
    notes: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Phase {
    #[default]
    WarmUp,
    Click,
    Release,
    AwaitMove,
    ReleaseKey,
    AwaitEndTurn,
    Settle,
    Shoot,
    AwaitShot,
    OpenEditor,
    EditorWarmUp,
    AwaitBefore,
    EditorClick,
    EditorRelease,
    AwaitPaint,
    EditorShoot,
    AwaitEditorShot,
    UndoClick,
    UndoRelease,
    AwaitUndo,
    OpenComputerBattle,
    ComputerWarmUp,
    EndHumanTurn,
    ReleaseHumanKey,
    AwaitComputerTurn,
    ComputerSettle,
    AwaitComputerShot,
    /// Issue #18's acceptance screenshots (the `accept` system runs them).
    Accept,
}

/// The editor's new map and the square the test paints.
const EDITOR_MAP: (u32, u32) = (12, 8);
const PAINTED: Square = Square::new(3, 3);

#[derive(Resource, Default)]
struct Driver {
    verdict: Arc<Mutex<Verdict>>,
    shot: PathBuf,
    editor_shot: PathBuf,
    /// Where the painted square is in the screenshots, in physical pixels.
    painted_px: Vec2,
    phase: Phase,
    frames: u32,
    unit: Option<UnitId>,
    first: Option<Square>,
    second: Option<Square>,
    next: Option<UnitId>,
    revision: u64,
    computer_shot: PathBuf,
    /// The battle the computer plays a side of, until it is put on screen.
    computer_battle: Option<Battle>,
    /// Where the computer's units stood when its turn began, and the log's length then.
    computer_before: Vec<(UnitId, Square)>,
    computer_entries: usize,
    /// The computer's indicator was seen on screen during its turn.
    indicator_seen: bool,
}

impl Driver {
    fn fail(&self, why: String) {
        self.verdict.lock().expect("verdict").failures.push(why);
    }
    fn note(&self, what: String) {
        self.verdict.lock().expect("verdict").notes.push(what);
    }
}

/// Where a world point is in the window, in logical pixels.
fn to_screen(camera: &(&Camera, &GlobalTransform), world: Vec2) -> Vec2 {
    camera
        .0
        .world_to_viewport(camera.1, world.extend(0.0))
        .expect("on screen")
}

/// Moves the cursor and writes the `CursorMoved` message, as winit's runner does.
fn move_cursor(window: &mut Window, entity: Entity, at: Vec2, moved: &mut MessageWriter<CursorMoved>) {
    window.set_cursor_position(Some(at));
    moved.write(CursorMoved {
        window: entity,
        position: at,
        delta: None,
    });
}

/// What the layout checks read (issue #18 item 3): the HUD's measured margins, the bars that
/// dock at the window's edges and the legend.
type Layout<'w, 's> = (
    Res<'w, HudMargins>,
    Res<'w, Legend>,
    Query<'w, 's, (&'static HudEdge, &'static ComputedNode, &'static UiGlobalTransform)>,
);

/// Issue #18 item 3, from the UI tree: the top bar is inside the window, the whole map is
/// drawn inside the area the HUD leaves free (nothing covers it), and the legend names the
/// move bands on the map.
fn check_layout(
    driver: &Driver,
    (margins, legend, bars): &Layout,
    window: &Window,
    camera: &(&Camera, &GlobalTransform),
    world: &World,
) {
    let size = window.size();
    for (edge, node, at) in bars.iter() {
        let half = node.size() * node.inverse_scale_factor() / 2.0;
        let centre = at.translation * node.inverse_scale_factor();
        let (min, max) = (centre - half, centre + half);
        if min.x < -0.5 || min.y < -0.5 || max.x > size.x + 0.5 || max.y > size.y + 0.5 {
            driver.fail(format!("the {edge:?} bar runs out of the {size} window: {min}..{max}"));
        }
    }
    let free = margins.free_area(size);
    let map = &world.resource::<Terrain>().0;
    let board = BoardSize {
        width: map.width(),
        height: map.height(),
    }
    .rect();
    for corner in [board.min, board.max] {
        let at = to_screen(camera, corner);
        if !free.inflate(1.0).contains(at) {
            driver.fail(format!(
                "the map's corner shows at {at}, outside the free area {free:?}"
            ));
        }
    }
    let labels: Vec<&str> = legend.entries.iter().map(|e| e.label).collect();
    if !labels.contains(&"move") {
        driver.fail(format!("the legend does not name the move band: {labels:?}"));
    }
    driver.note(format!("layout: free map area {free:?}; legend {labels:?}"));
}

/// A key press or release as winit's runner writes it.
fn key(key_code: KeyCode, state: ButtonState, window: Entity) -> KeyboardInput {
    KeyboardInput {
        key_code,
        logical_key: Key::Character("e".into()),
        state,
        text: (state == ButtonState::Pressed).then(|| "e".into()),
        repeat: false,
        window,
    }
}

fn drive(
    mut driver: ResMut<Driver>,
    session: Res<Session>,
    revision: Res<Revision>,
    path: Res<PathOverlay>,
    tokens: Query<&Token>,
    window: Single<(Entity, &mut Window), With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    mut moved: MessageWriter<CursorMoved>,
    mut clicks: MessageWriter<MouseButtonInput>,
    mut keys: MessageWriter<KeyboardInput>,
    editor: Option<Res<EditorSession>>,
    drawn: Option<Res<MapSize>>,
    ui_buttons: Query<(&UiAction, &UiGlobalTransform)>,
    // One parameter for two: a system takes at most 16.
    (indicator, layout): (Query<&InheritedVisibility, With<ComputerIndicator>>, Layout),
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) {
    driver.frames += 1;
    let (window_entity, mut window) = window.into_inner();
    let world = session.battle.world();
    if driver.frames > 3000 {
        driver.fail(format!("stuck in {:?}", driver.phase));
        exit.write(AppExit::Success);
        return;
    }
    match driver.phase {
        Phase::WarmUp => {
            // Let the first frames render (pipelines compile synchronously) and tokens spawn.
            if driver.frames < 20 || tokens.is_empty() {
                return;
            }
            let unit = world.resource::<Combat>().active.clone().expect("a unit's turn");
            let bands = reach_bands(world, &unit);
            let from = space_of(world, &unit).expect("placed").at;
            // Two squares away within one move: a short hop, leaving room for the hovered path.
            let Some(first) = bands
                .iter()
                .filter(|(sq, b)| **b == Band::Move && (sq.x - from.x).abs().max((sq.y - from.y).abs()) == 2)
                .map(|(sq, _)| *sq)
                .next()
            else {
                driver.fail(format!("{unit} has no square two away within a move"));
                exit.write(AppExit::Success);
                return;
            };
            driver.note(format!("{unit} moves from {from} to {first} by a click"));
            let at = to_screen(&camera, square_centre(first));
            move_cursor(&mut window, window_entity, at, &mut moved);
            driver.unit = Some(unit);
            driver.first = Some(first);
            driver.revision = revision.0;
            driver.phase = Phase::Click;
        }
        Phase::Click => {
            clicks.write(MouseButtonInput {
                button: MouseButton::Left,
                state: ButtonState::Pressed,
                window: window_entity,
            });
            driver.phase = Phase::Release;
        }
        Phase::Release => {
            clicks.write(MouseButtonInput {
                button: MouseButton::Left,
                state: ButtonState::Released,
                window: window_entity,
            });
            driver.phase = Phase::AwaitMove;
            driver.frames = 0;
        }
        Phase::AwaitMove => {
            if revision.0 == driver.revision {
                if driver.frames > 60 {
                    driver.fail("the click issued no accepted command".into());
                    exit.write(AppExit::Success);
                }
                return;
            }
            let unit = driver.unit.clone().expect("unit");
            let at = space_of(world, &unit).expect("placed").at;
            if Some(at) != driver.first {
                driver.fail(format!("{unit} is at {at}, not at the clicked {:?}", driver.first));
            }
            driver.note(format!("{unit} is at {at}"));
            keys.write(key(KeyCode::KeyE, ButtonState::Pressed, window_entity));
            driver.phase = Phase::ReleaseKey;
        }
        Phase::ReleaseKey => {
            keys.write(key(KeyCode::KeyE, ButtonState::Released, window_entity));
            driver.revision = revision.0;
            driver.phase = Phase::AwaitEndTurn;
            driver.frames = 0;
        }
        Phase::AwaitEndTurn => {
            let next = world.resource::<Combat>().active.clone();
            if next.is_none() || next == driver.unit {
                if driver.frames > 60 {
                    driver.fail("the E key did not end the turn".into());
                    exit.write(AppExit::Success);
                }
                return;
            }
            let next = next.expect("checked");
            // Hover a far square for the next unit, one whose path provokes if there is one.
            let at = space_of(world, &next).expect("placed").at;
            let far = |sq: &Square| (sq.x - at.x).abs() + (sq.y - at.y).abs();
            let Some(second) = reach_bands(world, &next)
                .into_iter()
                .filter(|(_, b)| *b != Band::Run)
                .map(|(sq, b)| {
                    let provokes = path_preview(world, &next, sq).is_ok_and(|p| !p.provokes.is_empty());
                    (provokes, b, far(&sq), -sq.x, -sq.y, sq)
                })
                .max()
                .map(|t| t.5)
            else {
                driver.fail(format!("{next} cannot move"));
                exit.write(AppExit::Success);
                return;
            };
            driver.note(format!("E ends the turn; {next} hovers {second}"));
            let screen = to_screen(&camera, square_centre(second));
            move_cursor(&mut window, window_entity, screen, &mut moved);
            driver.second = Some(second);
            driver.next = Some(next);
            driver.phase = Phase::Settle;
            driver.frames = 0;
        }
        Phase::Settle => {
            if driver.frames < 15 {
                return;
            }
            driver.phase = Phase::Shoot;
        }
        Phase::Shoot => {
            let Some(Ok(preview)) = path.preview.clone() else {
                driver.fail(format!(
                    "no path is planned to the hovered {:?}: {:?}",
                    driver.second, path.preview
                ));
                exit.write(AppExit::Success);
                return;
            };
            let unit = driver.unit.clone().expect("unit");
            let space = space_of(world, &unit).expect("placed");
            let mover = space_of(world, &driver.next.clone().expect("next")).expect("placed");
            let side = world
                .get::<SideId>(world.resource::<UnitIndex>().0[&unit])
                .expect("side")
                .clone();
            let colour = world
                .resource::<Sides>()
                .0
                .iter()
                .find(|s| s.id.0 == side.0)
                .expect("side")
                .colour;
            let scale = window.scale_factor();
            let px = |world_pos: Vec2| to_screen(&camera, world_pos) * scale;
            let first_step = preview.squares[0];
            let step_band = preview.step_bands()[0];
            let samples = vec![
                Sample {
                    what: "a wall tile of the map (square 0,0)".into(),
                    at: px(square_centre(Square::new(0, 0))),
                    expect: Expect::WallGrey,
                },
                Sample {
                    what: format!("{unit}'s token ring in its side's colour"),
                    // The ring's left side: the centre is the unit's icon (white).
                    at: px(space_centre(space) - Vec2::new(ring_radius(TILE * space.side as f32), 0.0)),
                    expect: Expect::Near(colour, 40),
                },
                Sample {
                    what: format!("the path's first step dot at {first_step} in the {step_band:?} colour"),
                    at: px(space_centre(Space::new(first_step, mover.side))),
                    expect: Expect::Near(srgb8(step_band.colour()), 40),
                },
            ];
            check_layout(&driver, &layout, &window, &camera, world);
            let last = *preview.squares.last().expect("steps");
            driver.note(format!(
                "path to {last}: {} ft, {} steps, band {:?}, provokes {:?}",
                preview.cost_ft,
                preview.squares.len(),
                preview.band,
                preview.provokes
            ));
            let verdict = driver.verdict.clone();
            let shot = driver.shot.clone();
            commands.spawn(Screenshot::primary_window()).observe(
                move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                    check_screenshot(&captured.image, &samples, &shot, &verdict);
                    // A battle that is not drawn right ends the test here.
                    if !verdict.lock().expect("verdict").failures.is_empty() {
                        verdict.lock().expect("verdict").finished = true;
                        exit.write(AppExit::Success);
                    }
                },
            );
            driver.phase = Phase::AwaitShot;
            driver.frames = 0;
        }
        Phase::AwaitShot => {
            if driver.verdict.lock().expect("verdict").battle_checked {
                driver.phase = Phase::OpenEditor;
            }
        }
        Phase::OpenEditor => {
            let (width, height) = EDITOR_MAP;
            commands.queue(move |world: &mut World| {
                fivefoot::gui::editor::session::open_editor(world, EditorDoc::blank("starfinder", width, height));
            });
            driver.note(format!("the editor opens on a new {width}×{height} map"));
            driver.phase = Phase::EditorWarmUp;
            driver.frames = 0;
        }
        Phase::EditorWarmUp => {
            // The map drawn and the camera fitted to it, and a few frames rendered.
            if driver.frames < 20 || drawn.is_none() {
                return;
            }
            let Some(editor) = editor else {
                driver.fail("the editor did not open".into());
                exit.write(AppExit::Success);
                return;
            };
            let before = editor.doc().cell(PAINTED).map(|c| c.terrain);
            driver.note(format!("square {PAINTED} is {before:?} before painting"));
            let at = to_screen(&camera, square_centre(PAINTED));
            move_cursor(&mut window, window_entity, at, &mut moved);
            driver.painted_px = at * window.scale_factor();
            let verdict = driver.verdict.clone();
            let px = driver.painted_px;
            commands
                .spawn(Screenshot::primary_window())
                .observe(move |captured: On<ScreenshotCaptured>| {
                    let pixel = pixel_at(&captured.image, px);
                    verdict.lock().expect("verdict").before = Some(pixel.unwrap_or_default());
                });
            driver.phase = Phase::AwaitBefore;
            driver.frames = 0;
        }
        Phase::AwaitBefore => {
            if driver.verdict.lock().expect("verdict").before.is_some() {
                driver.phase = Phase::EditorClick;
            }
        }
        Phase::EditorClick => {
            clicks.write(MouseButtonInput {
                button: MouseButton::Left,
                state: ButtonState::Pressed,
                window: window_entity,
            });
            driver.phase = Phase::EditorRelease;
        }
        Phase::EditorRelease => {
            clicks.write(MouseButtonInput {
                button: MouseButton::Left,
                state: ButtonState::Released,
                window: window_entity,
            });
            driver.phase = Phase::AwaitPaint;
            driver.frames = 0;
        }
        Phase::AwaitPaint => {
            let terrain = editor.as_ref().and_then(|e| e.doc().cell(PAINTED).map(|c| c.terrain));
            if terrain != Some(TerrainKind::Wall) {
                if driver.frames > 60 {
                    driver.fail(format!("the click did not paint {PAINTED}: it is {terrain:?}"));
                    exit.write(AppExit::Success);
                }
                return;
            }
            // Let the tiles redraw before the screenshot.
            if driver.frames < 15 {
                return;
            }
            driver.note(format!("the click painted {PAINTED}: {terrain:?}"));
            driver.phase = Phase::EditorShoot;
        }
        Phase::EditorShoot => {
            let verdict = driver.verdict.clone();
            let shot = driver.editor_shot.clone();
            let px = driver.painted_px;
            commands
                .spawn(Screenshot::primary_window())
                .observe(move |captured: On<ScreenshotCaptured>| {
                    check_painted(&captured.image, px, &shot, &verdict);
                });
            driver.phase = Phase::AwaitEditorShot;
        }
        Phase::AwaitEditorShot => {
            if !driver.verdict.lock().expect("verdict").editor_checked {
                return;
            }
            // The tool bar's Undo button, where the layout put it (physical pixels).
            let Some(at) = ui_buttons
                .iter()
                .find(|(action, _)| **action == UiAction::Undo)
                .map(|(_, t)| t.translation / window.scale_factor())
            else {
                driver.fail("no Undo button on the tool bar".into());
                exit.write(AppExit::Success);
                return;
            };
            driver.note(format!("the Undo button is at {at}"));
            move_cursor(&mut window, window_entity, at, &mut moved);
            driver.phase = Phase::UndoClick;
            driver.frames = 0;
        }
        Phase::UndoClick => {
            // A frame for the UI to see the cursor over the button.
            if driver.frames < 3 {
                return;
            }
            clicks.write(MouseButtonInput {
                button: MouseButton::Left,
                state: ButtonState::Pressed,
                window: window_entity,
            });
            driver.phase = Phase::UndoRelease;
        }
        Phase::UndoRelease => {
            clicks.write(MouseButtonInput {
                button: MouseButton::Left,
                state: ButtonState::Released,
                window: window_entity,
            });
            driver.phase = Phase::AwaitUndo;
            driver.frames = 0;
        }
        Phase::AwaitUndo => {
            let terrain = editor.as_ref().and_then(|e| e.doc().cell(PAINTED).map(|c| c.terrain));
            if terrain != Some(TerrainKind::Floor) {
                if driver.frames > 60 {
                    driver.fail(format!(
                        "the Undo button did not undo the paint: {PAINTED} is {terrain:?}"
                    ));
                    exit.write(AppExit::Success);
                }
                return;
            }
            driver.note(format!("the Undo button took the paint back: {PAINTED} is {terrain:?}"));
            driver.phase = Phase::OpenComputerBattle;
        }
        Phase::OpenComputerBattle => {
            let battle = driver.computer_battle.take().expect("the computer's battle");
            commands.queue(move |world: &mut World| fivefoot::gui::intake::open::open_session(world, battle));
            driver.note("the tutorial as shipped opens: the computer plays the scavengers".into());
            driver.phase = Phase::ComputerWarmUp;
            driver.frames = 0;
        }
        Phase::ComputerWarmUp => {
            if driver.frames < 20 || tokens.is_empty() {
                return;
            }
            driver.phase = Phase::EndHumanTurn;
        }
        Phase::EndHumanTurn => {
            let battle = &session.battle;
            if computer_is_playing(battle) {
                driver.computer_before = computer_units(battle);
                driver.computer_entries = battle.log().entries.len();
                driver.note(format!(
                    "the computer's turn begins: {:?}",
                    fivefoot::ai::computer_to_act(battle)
                ));
                driver.phase = Phase::AwaitComputerTurn;
                driver.frames = 0;
                return;
            }
            if driver.frames > 600 {
                driver.fail("the computer never got a turn".into());
                exit.write(AppExit::Success);
                return;
            }
            // A person's unit acts: E ends its turn (once its previous E was taken).
            if driver.frames.is_multiple_of(10) {
                keys.write(key(KeyCode::KeyE, ButtonState::Pressed, window_entity));
                driver.phase = Phase::ReleaseHumanKey;
            }
        }
        Phase::ReleaseHumanKey => {
            keys.write(key(KeyCode::KeyE, ButtonState::Released, window_entity));
            driver.phase = Phase::EndHumanTurn;
        }
        Phase::AwaitComputerTurn => {
            let battle = &session.battle;
            if indicator.iter().any(|v| v.get()) {
                driver.indicator_seen = true;
            }
            if computer_is_playing(battle) && !battle.outcome().over {
                if driver.frames > 2500 {
                    driver.fail("the computer's turn did not end by itself".into());
                    exit.write(AppExit::Success);
                }
                return;
            }
            let given = battle.log().entries.len() - driver.computer_entries;
            driver.note(format!("the computer's turn ended by itself after {given} command(s)"));
            if given == 0 {
                driver.fail("the computer gave no command".into());
            }
            if !driver.indicator_seen {
                driver.fail("the computer's indicator never showed during its turn".into());
            }
            driver.phase = Phase::ComputerSettle;
            driver.frames = 0;
        }
        Phase::ComputerSettle => {
            // Let the last slide finish and the indicator hide.
            if driver.frames < 40 {
                return;
            }
            let battle = &session.battle;
            let world = battle.world();
            let after = computer_units(battle);
            let moved = after
                .iter()
                .find(|(u, at)| driver.computer_before.iter().any(|(b, was)| b == u && was != at))
                .or(after.first())
                .cloned();
            let Some((unit, at)) = moved else {
                driver.fail("no computer unit is left on the map".into());
                exit.write(AppExit::Success);
                return;
            };
            let was = driver.computer_before.iter().find(|(u, _)| *u == unit).map(|(_, s)| *s);
            driver.note(format!(
                "{unit} stood at {was:?} and stands at {at} after the computer's turn"
            ));
            let space = space_of(world, &unit).expect("placed");
            let side = world
                .get::<SideId>(world.resource::<UnitIndex>().0[&unit])
                .expect("side")
                .clone();
            let colour = world
                .resource::<Sides>()
                .0
                .iter()
                .find(|s| s.id == side)
                .expect("side")
                .colour;
            let scale = window.scale_factor();
            let samples = vec![Sample {
                what: format!("{unit}'s token ring where the computer put it, in its side's colour"),
                // The ring's left side: the centre is the unit's icon (white).
                at: to_screen(
                    &camera,
                    space_centre(space) - Vec2::new(ring_radius(TILE * space.side as f32), 0.0),
                ) * scale,
                expect: Expect::Near(colour, 40),
            }];
            if indicator.iter().any(|v| v.get()) {
                driver.fail("the computer's indicator still shows on a person's turn".into());
            }
            let verdict = driver.verdict.clone();
            let shot = driver.computer_shot.clone();
            commands
                .spawn(Screenshot::primary_window())
                .observe(move |captured: On<ScreenshotCaptured>| {
                    check_screenshot(&captured.image, &samples, &shot, &verdict);
                    verdict.lock().expect("verdict").computer_checked = true;
                });
            driver.phase = Phase::AwaitComputerShot;
        }
        Phase::AwaitComputerShot => {
            if driver.verdict.lock().expect("verdict").computer_checked {
                driver.phase = Phase::Accept;
            }
        }
        Phase::Accept => {}
    }
}

/// Where each unit of a side the computer plays stands.
fn computer_units(battle: &Battle) -> Vec<(UnitId, Square)> {
    let world = battle.world();
    let sides = &world.resource::<Sides>().0;
    let computer = |side: &SideId| sides.iter().any(|s| &s.id == side && s.ai_level().is_some());
    let mut units: Vec<(UnitId, Square)> = world
        .resource::<UnitIndex>()
        .0
        .iter()
        .filter(|(_, e)| world.get::<SideId>(**e).is_some_and(computer))
        .filter_map(|(u, _)| space_of(world, u).map(|s| (u.clone(), s.at)))
        .collect();
    units.sort();
    units
}

/// The colour of one pixel of a screenshot (physical pixels), if it is inside.
fn pixel_at(image: &Image, at: Vec2) -> Option<[u8; 3]> {
    let rgb = image.clone().try_into_dynamic().ok()?.to_rgb8();
    let (x, y) = (at.x.round() as u32, at.y.round() as u32);
    (x < rgb.width() && y < rgb.height()).then(|| rgb.get_pixel(x, y).0)
}

/// The painted square's pixel must differ from before and be the wall tile's dark grey (under
/// the hover's light tint).
fn check_painted(image: &Image, at: Vec2, shot: &Path, verdict: &Arc<Mutex<Verdict>>) {
    let mut v = verdict.lock().expect("verdict");
    let before = v.before.unwrap_or_default();
    match pixel_at(image, at) {
        Some(after) => {
            let change: u32 = before.iter().zip(after).map(|(a, b)| a.abs_diff(b) as u32).sum();
            let line = format!(
                "the painted square's pixel went from #{:02x}{:02x}{:02x} to #{:02x}{:02x}{:02x} (change {change})",
                before[0], before[1], before[2], after[0], after[1], after[2]
            );
            let darker = after.iter().map(|c| *c as u32).sum::<u32>() < before.iter().map(|c| *c as u32).sum::<u32>();
            if change >= 60 && darker {
                v.notes.push(line);
            } else {
                v.failures.push(format!("{line}; expected a darker wall tile"));
            }
        }
        None => v
            .failures
            .push(format!("the painted square at {at} is outside the screenshot")),
    }
    match image.clone().try_into_dynamic().map(|d| d.to_rgb8()) {
        Ok(rgb) => match rgb.save(shot) {
            Ok(()) => v.notes.push(format!("saved {}", shot.display())),
            Err(e) => v.failures.push(format!("cannot save {}: {e}", shot.display())),
        },
        Err(e) => v.failures.push(format!("the editor screenshot cannot be read: {e}")),
    }
    v.editor_checked = true;
}

fn srgb8(colour: Color) -> [u8; 3] {
    let c = colour.to_srgba();
    [c.red, c.green, c.blue].map(|v| (v * 255.0).round() as u8)
}

#[derive(Debug, Clone)]
enum Expect {
    /// Within this distance per channel of the colour.
    Near([u8; 3], u8),
    /// The wall tile's dark blue-grey.
    WallGrey,
}

#[derive(Debug, Clone)]
struct Sample {
    what: String,
    at: Vec2,
    expect: Expect,
}

fn check_screenshot(image: &Image, samples: &[Sample], shot: &Path, verdict: &Arc<Mutex<Verdict>>) {
    let mut v = verdict.lock().expect("verdict");
    let rgb = match image.clone().try_into_dynamic() {
        Ok(dynamic) => dynamic.to_rgb8(),
        Err(e) => {
            v.failures.push(format!("the screenshot cannot be read: {e}"));
            v.battle_checked = true;
            return;
        }
    };
    v.notes.push(format!("screenshot {}×{}", rgb.width(), rgb.height()));
    for s in samples {
        let (x, y) = (s.at.x.round() as u32, s.at.y.round() as u32);
        if x >= rgb.width() || y >= rgb.height() {
            v.failures
                .push(format!("{} at ({x}, {y}) is outside the screenshot", s.what));
            continue;
        }
        let [r, g, b] = rgb.get_pixel(x, y).0;
        let ok = match s.expect {
            Expect::Near(c, tol) => [r, g, b].iter().zip(c).all(|(a, e)| a.abs_diff(e) <= tol),
            Expect::WallGrey => r < 110 && g < 110 && b < 130 && b >= r && r > 20,
        };
        let line = format!(
            "{}: pixel ({x}, {y}) is #{r:02x}{g:02x}{b:02x}, expected {:?}",
            s.what, s.expect
        );
        if ok {
            v.notes.push(line);
        } else {
            v.failures.push(line);
        }
    }
    match rgb.save(shot) {
        Ok(()) => v.notes.push(format!("saved {}", shot.display())),
        Err(e) => v.failures.push(format!("cannot save {}: {e}", shot.display())),
    }
    v.battle_checked = true;
}

/// The window sizes issue #18's acceptance screenshots are taken at.
const SIZES: [(u32, u32); 2] = [(1280, 800), (1024, 768)];

/// The acceptance phase's steps, run once per size in [`SIZES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Step {
    #[default]
    Resize,
    Title,
    TitleEnd,
    ReleaseEnd,
    TitleLast,
    OpenBattle,
    Card,
    Attack,
    Log,
    ReleasePageUp,
    LogShot,
    Legend,
    AwaitShot(Step2),
}

/// What follows a screenshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step2 {
    TitleEnd,
    Attack,
    Log,
    Legend,
    NextSize,
}

/// Issue #18's acceptance: the title with a save, the unit card, an attack's result on the
/// map, the log scrolled back and the legend, at each size.
#[derive(Resource, Default)]
struct Accept {
    size: usize,
    step: Step,
    frames: u32,
    /// A hot-seat battle per size, played until its active unit can attack, and that attack.
    battles: Vec<Option<(Battle, Option<GameCommand>)>>,
    attack: Option<GameCommand>,
    revision: u64,
    /// Screenshots saved so far.
    taken: Arc<Mutex<usize>>,
    waiting_for: usize,
    dir: PathBuf,
}

/// Plays `battle` (the computer's choices for both sides) until its active unit has an attack
/// allowed; returns the battle and that attack.
fn ready_to_attack(mut battle: Battle) -> (Battle, Option<GameCommand>) {
    for _ in 0..300 {
        if battle.outcome().over {
            break;
        }
        let world = battle.world();
        if let Some(unit) = world.resource::<Combat>().active.clone()
            && let Ok(options) = fivefoot::rules::options::options(world, &unit)
            && let Some(attack) = options.allowed().find(|c| matches!(c, GameCommand::Attack(_)))
        {
            return (battle, Some(attack.clone()));
        }
        let command = match fivefoot::ai::acting_side(&battle) {
            Some(side) => fivefoot::ai::next_command(&battle, &side, fivefoot::ai::Level::Normal),
            None => fivefoot::ai::referee_command(&battle),
        };
        let Some(command) = command else { break };
        if battle.submit(command).is_err() {
            break;
        }
    }
    (battle, None)
}

/// Every UI node drawn (its part inside any clipping ancestor) lies inside the window; `what`
/// names the screen in the failure.
fn check_inside(driver: &Driver, what: &str, nodes: &Nodes, window: &Window) {
    let size = window.physical_size().as_vec2();
    let mut drawn = 0;
    for (node, at, visible, clip, name) in nodes.iter() {
        if !visible.get() || node.size().min_element() <= 0.0 {
            continue;
        }
        let rect = Rect::from_center_size(at.translation, node.size());
        let shown = clip.map_or(rect, |c| rect.intersect(c.clip));
        if shown.is_empty() {
            continue;
        }
        drawn += 1;
        if shown.min.x < -1.0 || shown.min.y < -1.0 || shown.max.x > size.x + 1.0 || shown.max.y > size.y + 1.0 {
            driver.fail(format!(
                "{what}: the UI node {:?} shows at {}..{}, outside the {size} window",
                name.map(|n| n.as_str()),
                shown.min,
                shown.max
            ));
        }
    }
    driver.note(format!("{what}: {drawn} UI nodes drawn inside the {size} window"));
}

type Nodes<'w, 's> = Query<
    'w,
    's,
    (
        &'static ComputedNode,
        &'static UiGlobalTransform,
        &'static InheritedVisibility,
        Option<&'static CalculatedClip>,
        Option<&'static Name>,
    ),
>;

/// The legend (when it has entries) and the log panel are drawn, inside the window, outside
/// the map's free area (they sit below it); `what` names the screen in the failure.
fn check_panels(
    driver: &Driver,
    what: &str,
    nodes: &Nodes,
    log: &Query<Entity, With<LogPanel>>,
    layout: &Layout,
    window: &Window,
) {
    let (margins, legend, _) = layout;
    let free = margins.free_area(window.size());
    let scale = window.scale_factor();
    let rect_of = |found: Option<(&ComputedNode, &UiGlobalTransform)>| {
        found
            .filter(|(node, _)| node.size().min_element() > 0.0)
            .map(|(node, at)| Rect::from_center_size(at.translation / scale, node.size() / scale))
    };
    let legend_rect = rect_of(
        nodes
            .iter()
            .find(|(.., name)| name.is_some_and(|n| n.as_str() == "Legend"))
            .map(|(node, at, ..)| (node, at)),
    );
    let log_rect = rect_of(
        log.iter()
            .next()
            .and_then(|e| nodes.get(e).ok())
            .map(|(node, at, ..)| (node, at)),
    );
    let panels = [
        ("legend", legend_rect, !legend.entries.is_empty()),
        ("log panel", log_rect, true),
    ];
    for (panel, rect, expected) in panels {
        match rect {
            None if expected => driver.fail(format!("{what}: the {panel} is not drawn")),
            None => {}
            Some(r) => {
                let inside = Rect::from_corners(Vec2::ZERO, window.size()).inflate(1.0);
                if !inside.contains(r.min) || !inside.contains(r.max) {
                    driver.fail(format!("{what}: the {panel} at {r:?} runs out of the window"));
                }
                if !r.intersect(free).inflate(-1.0).is_empty() {
                    driver.fail(format!("{what}: the {panel} at {r:?} covers the map's area {free:?}"));
                }
                driver.note(format!("{what}: the {panel} is at {}..{}", r.min, r.max));
            }
        }
    }
}

/// Saves the primary window's next frame as `name` at the current size and counts it.
fn shoot(accept: &mut Accept, driver: &Driver, commands: &mut Commands, name: &str, next: Step2) {
    let (w, h) = SIZES[accept.size];
    let shot = accept.dir.join(format!("{name}-{w}.png"));
    let verdict = driver.verdict.clone();
    let taken = accept.taken.clone();
    accept.waiting_for = *taken.lock().expect("taken") + 1;
    commands
        .spawn(Screenshot::primary_window())
        .observe(move |captured: On<ScreenshotCaptured>| {
            let mut v = verdict.lock().expect("verdict");
            match captured.image.clone().try_into_dynamic().map(|d| d.to_rgb8()) {
                Ok(rgb) => {
                    if (rgb.width(), rgb.height()) != (w, h) {
                        v.failures.push(format!(
                            "{} is {}×{}, not {w}×{h}",
                            shot.display(),
                            rgb.width(),
                            rgb.height()
                        ));
                    }
                    match rgb.save(&shot) {
                        Ok(()) => v.notes.push(format!("saved {}", shot.display())),
                        Err(e) => v.failures.push(format!("cannot save {}: {e}", shot.display())),
                    }
                }
                Err(e) => v.failures.push(format!("{} cannot be read: {e}", shot.display())),
            }
            *taken.lock().expect("taken") += 1;
        });
    accept.step = Step::AwaitShot(next);
    accept.frames = 0;
}

fn accept(
    mut accept: ResMut<Accept>,
    driver: Res<Driver>,
    (session, revision, screen): (Res<Session>, Res<Revision>, Res<State<Screen>>),
    window: Single<(Entity, &mut Window), With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MainCamera>>,
    mut moved: MessageWriter<CursorMoved>,
    mut keys: MessageWriter<KeyboardInput>,
    mut intents: MessageWriter<Intent>,
    (menu, card, scroll, floating): (Res<TitleMenu>, Res<CardTarget>, Res<LogScroll>, Query<&Floating>),
    (data, log): (Res<DataDir>, Query<Entity, With<LogPanel>>),
    nodes: Nodes,
    texts: Query<(&Text, &ComputedNode, &UiGlobalTransform, Option<&CalculatedClip>)>,
    layout: Layout,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) {
    accept.frames += 1;
    let (window_entity, mut window) = window.into_inner();
    let (w, h) = SIZES[accept.size];
    let stop = |why: String, exit: &mut MessageWriter<AppExit>| {
        driver.fail(why);
        driver.verdict.lock().expect("verdict").finished = true;
        exit.write(AppExit::Success);
    };
    if accept.frames > 600 {
        stop(format!("acceptance at {w}×{h}: stuck in {:?}", accept.step), &mut exit);
        return;
    }
    let world = session.battle.world();
    match accept.step {
        Step::Resize => {
            if accept.frames == 1 {
                window.resolution.set(w as f32, h as f32);
                if accept.size == 0 {
                    // A save on the title screen: the autosave and one made with Ctrl+S.
                    let dir = data.0.clone().expect("the test's data dir");
                    let written = write_save(&autosave_path(&dir), &session.battle)
                        .and_then(|()| save_new(&dir, &session.battle).map(|_| ()));
                    if let Err(e) = written {
                        stop(format!("cannot write a save: {e}"), &mut exit);
                        return;
                    }
                }
                return;
            }
            if accept.frames < 20 {
                return;
            }
            if window.physical_size() != UVec2::new(w, h) {
                stop(
                    format!("the window is {}, not {w}×{h}", window.physical_size()),
                    &mut exit,
                );
                return;
            }
            driver.note(format!("acceptance at {w}×{h}"));
            intents.write(Intent::Menu);
            accept.step = Step::Title;
            accept.frames = 0;
        }
        Step::Title => {
            if *screen.get() != Screen::Title || accept.frames < 30 {
                return;
            }
            if !menu.entries.iter().any(|e| matches!(e.choice, Some(Choice::Resume(_)))) {
                driver.fail(format!("the title at {w}×{h} offers no Resume with a save present"));
            }
            let labels: Vec<&str> = menu.entries.iter().map(|e| e.label.as_str()).collect();
            driver.note(format!("title entries: {labels:?}"));
            check_inside(&driver, &format!("title {w}×{h}"), &nodes, &window);
            shoot(&mut accept, &driver, &mut commands, "title", Step2::TitleEnd);
        }
        Step::TitleEnd | Step::ReleaseEnd => {
            let state = if accept.step == Step::TitleEnd {
                ButtonState::Pressed
            } else {
                ButtonState::Released
            };
            keys.write(KeyboardInput {
                key_code: KeyCode::End,
                logical_key: Key::End,
                state,
                text: None,
                repeat: false,
                window: window_entity,
            });
            accept.step = if state == ButtonState::Pressed {
                Step::ReleaseEnd
            } else {
                Step::TitleLast
            };
            accept.frames = 0;
        }
        Step::TitleLast => {
            if accept.frames < 15 {
                return;
            }
            // End selects the list's last line: it must scroll fully into view.
            let Some(&last) = menu.rows().last() else {
                stop("the title menu has no lines".into(), &mut exit);
                return;
            };
            let label = menu.entries[last].label.clone();
            if menu.selected != last {
                driver.fail(format!("End did not select the title's last line {label:?}"));
            }
            let shown: Vec<(Rect, Rect)> = texts
                .iter()
                .filter(|(text, ..)| text.0 == label)
                .map(|(_, node, at, clip)| {
                    let rect = Rect::from_center_size(at.translation, node.size());
                    (rect, clip.map_or(rect, |c| rect.intersect(c.clip)))
                })
                .collect();
            let size = window.physical_size().as_vec2();
            let whole = |(rect, shown): &(Rect, Rect)| {
                (rect.min - shown.min).abs().max_element() <= 1.0
                    && (rect.max - shown.max).abs().max_element() <= 1.0
                    && rect.max.y <= size.y + 1.0
            };
            match shown.first() {
                Some(r) if whole(r) => driver.note(format!(
                    "title {w}×{h}: End scrolls the last line {label:?} fully into view at {:?}",
                    r.0
                )),
                Some(r) => driver.fail(format!(
                    "title {w}×{h}: the last line {label:?} shows only {:?} of {:?}",
                    r.1, r.0
                )),
                None => driver.fail(format!("title {w}×{h}: no text {label:?} drawn")),
            }
            accept.step = Step::OpenBattle;
            accept.frames = 0;
        }
        Step::OpenBattle => {
            let size = accept.size;
            let Some((battle, Some(attack))) = accept.battles[size].take() else {
                stop("the prepared battle has no attack to make".into(), &mut exit);
                return;
            };
            driver.note(format!("the battle opens with {attack:?} allowed"));
            accept.attack = Some(attack);
            commands.queue(move |world: &mut World| fivefoot::gui::intake::open::open_session(world, battle));
            accept.step = Step::Card;
            accept.frames = 0;
        }
        Step::Card => {
            let Some(GameCommand::Attack(attack)) = accept.attack.clone() else {
                unreachable!("an attack")
            };
            if *screen.get() != Screen::Battle || accept.frames < 30 {
                return;
            }
            let Some(space) = space_of(world, &attack.target) else {
                stop(format!("{} is not on the map", attack.target), &mut exit);
                return;
            };
            if accept.frames == 30 {
                let at = to_screen(&camera, space_centre(space));
                move_cursor(&mut window, window_entity, at, &mut moved);
                return;
            }
            if accept.frames < 45 {
                return;
            }
            if card.shown() != Some(&attack.target) {
                driver.fail(format!(
                    "hovering {} shows the card of {:?}",
                    attack.target,
                    card.shown()
                ));
            }
            check_layout(&driver, &layout, &window, &camera, world);
            check_inside(&driver, &format!("card {w}×{h}"), &nodes, &window);
            check_panels(&driver, &format!("card {w}×{h}"), &nodes, &log, &layout, &window);
            shoot(&mut accept, &driver, &mut commands, "card", Step2::Attack);
        }
        Step::Attack => {
            if accept.frames == 1 {
                accept.revision = revision.0;
                intents.write(Intent::Command(accept.attack.clone().expect("attack")));
                return;
            }
            if revision.0 == accept.revision {
                if accept.frames > 60 {
                    stop("the attack was not accepted".into(), &mut exit);
                }
                return;
            }
            // The result has risen a little, not yet faded.
            if floating.is_empty() || floating.iter().all(|f| f.age < 0.3) {
                return;
            }
            driver.note(format!(
                "the attack shows {} floating result(s)",
                floating.iter().count()
            ));
            check_layout(&driver, &layout, &window, &camera, world);
            check_inside(&driver, &format!("attack {w}×{h}"), &nodes, &window);
            check_panels(&driver, &format!("attack {w}×{h}"), &nodes, &log, &layout, &window);
            shoot(&mut accept, &driver, &mut commands, "attack", Step2::Log);
        }
        Step::Log => {
            keys.write(KeyboardInput {
                key_code: KeyCode::PageUp,
                logical_key: Key::PageUp,
                state: ButtonState::Pressed,
                text: None,
                repeat: false,
                window: window_entity,
            });
            accept.step = Step::ReleasePageUp;
        }
        Step::ReleasePageUp => {
            keys.write(KeyboardInput {
                key_code: KeyCode::PageUp,
                logical_key: Key::PageUp,
                state: ButtonState::Released,
                text: None,
                repeat: false,
                window: window_entity,
            });
            accept.step = Step::LogShot;
            accept.frames = 0;
        }
        Step::LogShot => {
            if accept.frames < 10 {
                return;
            }
            if scroll.0.is_none() {
                driver.fail(format!("PageUp did not scroll the log back at {w}×{h}"));
            }
            driver.note(format!("the log scrolled back: {:?}", *scroll));
            check_layout(&driver, &layout, &window, &camera, world);
            check_inside(&driver, &format!("log {w}×{h}"), &nodes, &window);
            check_panels(&driver, &format!("log {w}×{h}"), &nodes, &log, &layout, &window);
            shoot(&mut accept, &driver, &mut commands, "log", Step2::Legend);
        }
        Step::Legend => {
            let Some(unit) = world.resource::<Combat>().active.clone() else {
                stop("no unit acts after the attack".into(), &mut exit);
                return;
            };
            if accept.frames == 1 {
                let from = space_of(world, &unit).expect("placed").at;
                let far = |sq: &Square| (sq.x - from.x).abs() + (sq.y - from.y).abs();
                let target = reach_bands(world, &unit)
                    .into_iter()
                    .filter(|(_, b)| *b == Band::Move)
                    .max_by_key(|(sq, _)| (far(sq), -sq.x, -sq.y))
                    .map(|(sq, _)| sq);
                if let Some(sq) = target {
                    let at = to_screen(&camera, square_centre(sq));
                    move_cursor(&mut window, window_entity, at, &mut moved);
                }
                return;
            }
            if accept.frames < 15 {
                return;
            }
            let labels: Vec<&str> = layout.1.entries.iter().map(|e| e.label).collect();
            if labels.is_empty() {
                driver.fail(format!("no legend at {w}×{h}"));
            }
            check_layout(&driver, &layout, &window, &camera, world);
            check_inside(&driver, &format!("legend {w}×{h}"), &nodes, &window);
            check_panels(&driver, &format!("legend {w}×{h}"), &nodes, &log, &layout, &window);
            shoot(&mut accept, &driver, &mut commands, "legend", Step2::NextSize);
        }
        Step::AwaitShot(next) => {
            if *accept.taken.lock().expect("taken") < accept.waiting_for {
                return;
            }
            accept.frames = 0;
            accept.step = match next {
                Step2::TitleEnd => Step::TitleEnd,
                Step2::Attack => Step::Attack,
                Step2::Log => Step::Log,
                Step2::Legend => Step::Legend,
                Step2::NextSize if accept.size + 1 < SIZES.len() => {
                    accept.size += 1;
                    Step::Resize
                }
                Step2::NextSize => {
                    driver.verdict.lock().expect("verdict").finished = true;
                    exit.write(AppExit::Success);
                    Step::AwaitShot(next)
                }
            };
        }
    }
}
