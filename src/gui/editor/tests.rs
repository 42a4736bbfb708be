//! Headless tests of the editor's tools: a `MinimalPlugins` app with the editor's logic
//! plugins, the hovered square set directly and the mouse and keys pressed as the input plugin
//! would; each test checks what the document holds afterwards.

use super::session::{EditorSession, Selection, install_editor};
use crate::editor::EditorDoc;
use crate::grid::{Intersection, Square};
use crate::gui::editor::autosave::autosave_path;
use crate::gui::editor::files::restore;
use crate::gui::editor::state::FieldId;
use crate::gui::editor::state::FileIntent;
use crate::gui::editor::state::Focus;
use crate::gui::editor::state::JumpTo;
use crate::gui::editor::state::UiAction;
use crate::gui::editor::state::UnitField;
use crate::gui::editor::state::{Answer, Dialog};
use crate::gui::editor::state::{EdgeChoice, PaintChoice, Tool, ToolState};
use crate::gui::editor::tools::EditorHover;
use crate::gui::saves::DataDir;
use crate::gui::state::screen::Screen;
use crate::scenario::DEFAULT_SCENARIO;
use crate::scenario::format::{EdgeKind, TerrainKind};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use std::path::PathBuf;

pub(crate) fn headless(doc: EditorDoc, data: Option<PathBuf>) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_state(Screen::Editor);
    app.insert_resource(DataDir(data));
    app.init_resource::<ButtonInput<KeyCode>>();
    app.init_resource::<ButtonInput<MouseButton>>();
    app.add_message::<KeyboardInput>();
    app.add_message::<AppExit>();
    crate::gui::state::screen::order_sets(&mut app);
    app.add_plugins(super::logic_plugin);
    install_editor(app.world_mut(), EditorSession::new(doc));
    app.update();
    app
}

fn temp_dir(name: &str) -> PathBuf {
    crate::gui::testkit::temp_dir(&format!("editor-{name}"))
}

fn session(app: &App) -> &EditorSession {
    app.world().resource::<EditorSession>()
}

fn terrain(app: &App, x: i32, y: i32) -> TerrainKind {
    session(app).doc().cell(Square::new(x, y)).expect("on the map").terrain
}

fn tools(app: &mut App) -> Mut<'_, ToolState> {
    app.world_mut().resource_mut::<ToolState>()
}

fn hover(app: &mut App, x: i32, y: i32) {
    *app.world_mut().resource_mut::<EditorHover>() = EditorHover {
        square: Some(Square::new(x, y)),
        corner: Some(Intersection::new(x, y)),
    };
}

fn mouse(app: &mut App) -> Mut<'_, ButtonInput<MouseButton>> {
    app.world_mut().resource_mut::<ButtonInput<MouseButton>>()
}

/// Press at `from`, drag through `path`, release at the last square: one stroke.
fn drag(app: &mut App, from: (i32, i32), path: &[(i32, i32)]) {
    hover(app, from.0, from.1);
    mouse(app).press(MouseButton::Left);
    app.update();
    mouse(app).clear();
    for &(x, y) in path {
        hover(app, x, y);
        app.update();
    }
    mouse(app).release(MouseButton::Left);
    app.update();
    mouse(app).clear();
    app.update();
}

fn click(app: &mut App, x: i32, y: i32) {
    drag(app, (x, y), &[]);
}

fn chord(app: &mut App, keys: &[KeyCode]) {
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    for k in keys {
        input.press(*k);
    }
    app.update();
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    input.release_all();
    input.clear();
    app.update();
}

fn act(app: &mut App, action: UiAction) {
    app.world_mut().write_message(action);
    app.update();
    app.update();
}

/// Types `text` at the end of the focused field as Bevy's text input (`EditableText`, which
/// these headless tests do not run) leaves it: the field's text is in `Focus`. Control
/// characters type nothing. Then `end` is pressed.
fn type_text(app: &mut App, text: &str, end: Key) {
    if let Some(typing) = app.world_mut().resource_mut::<Focus>().0.as_mut() {
        typing.text.extend(text.chars().filter(|c| !c.is_control()));
    }
    app.world_mut().write_message(KeyboardInput {
        key_code: KeyCode::KeyA,
        logical_key: end,
        state: ButtonState::Pressed,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
    app.update();
    app.update();
}

/// Backspace once in the focused field, as the text input does.
fn backspace(app: &mut App) {
    if let Some(typing) = app.world_mut().resource_mut::<Focus>().0.as_mut() {
        typing.text.pop();
    }
}

/// Backspace over everything the focused field holds.
fn clear_field(app: &mut App) {
    if let Some(typing) = app.world_mut().resource_mut::<Focus>().0.as_mut() {
        typing.text.clear();
    }
}

#[test]
fn a_brush_stroke_of_size_3_paints_one_undo_step_and_ctrl_z_ctrl_y_undo_and_redo_it() {
    let mut app = headless(EditorDoc::blank("starfinder", 12, 8), None);
    let status = app.world().resource::<super::EditorStatus>().0.clone();
    assert!(
        status.contains("not autosaved"),
        "without a data directory it says so: {status}"
    );
    tools(&mut app).brush = 3;
    tools(&mut app).paint = PaintChoice::Terrain(TerrainKind::Wall);
    drag(&mut app, (2, 2), &[(3, 2), (5, 2)]);
    for x in 1..=6 {
        for y in 1..=3 {
            assert_eq!(terrain(&app, x, y), TerrainKind::Wall, "({x}, {y}) under the stroke");
        }
    }
    assert_eq!(terrain(&app, 7, 2), TerrainKind::Floor);
    assert_eq!(terrain(&app, 2, 4), TerrainKind::Floor);
    assert!(session(&app).unsaved());
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(terrain(&app, 2, 2), TerrainKind::Floor, "the whole stroke is one step");
    assert_eq!(terrain(&app, 6, 3), TerrainKind::Floor);
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyY]);
    assert_eq!(terrain(&app, 6, 3), TerrainKind::Wall, "redone");
    act(&mut app, UiAction::Undo);
    assert_eq!(terrain(&app, 6, 3), TerrainKind::Floor, "the Undo button");
    act(&mut app, UiAction::Redo);
    assert_eq!(terrain(&app, 6, 3), TerrainKind::Wall, "the Redo button");
}

#[test]
fn the_rectangle_and_the_fill_paint_their_squares_and_the_keys_choose_tools() {
    let mut app = headless(EditorDoc::blank("starfinder", 10, 6), None);
    chord(&mut app, &[KeyCode::KeyR]);
    assert_eq!(app.world().resource::<ToolState>().tool, Tool::Rect);
    tools(&mut app).paint = PaintChoice::Terrain(TerrainKind::Cover);
    drag(&mut app, (4, 3), &[(2, 2), (1, 1)]);
    let covered = (0..10)
        .flat_map(|x| (0..6).map(move |y| (x, y)))
        .filter(|&(x, y)| terrain(&app, x, y) == TerrainKind::Cover)
        .count();
    assert_eq!(covered, 4 * 3, "the rectangle (1,1)–(4,3)");
    chord(&mut app, &[KeyCode::KeyF]);
    tools(&mut app).paint = PaintChoice::Terrain(TerrainKind::Difficult);
    click(&mut app, 9, 5);
    assert_eq!(
        terrain(&app, 0, 0),
        TerrainKind::Difficult,
        "the floor around is filled"
    );
    assert_eq!(
        terrain(&app, 2, 2),
        TerrainKind::Cover,
        "the rectangle is another region"
    );
}

#[test]
fn light_and_concealment_paint_their_own_layer_and_keep_the_terrain() {
    let mut app = headless(EditorDoc::blank("d20_srd", 6, 6), None);
    tools(&mut app).paint = PaintChoice::Terrain(TerrainKind::Wall);
    click(&mut app, 1, 1);
    tools(&mut app).paint = PaintChoice::Light(crate::grid::Light::Darkness);
    click(&mut app, 1, 1);
    tools(&mut app).paint = PaintChoice::Concealment(crate::grid::Concealment::Normal);
    click(&mut app, 1, 1);
    let cell = session(&app).doc().cell(Square::new(1, 1)).expect("on the map").clone();
    assert_eq!(cell.terrain, TerrainKind::Wall);
    assert_eq!(cell.light, crate::grid::Light::Darkness);
    assert_eq!(cell.concealment, crate::grid::Concealment::Normal);
}

#[test]
fn an_edge_drag_draws_a_straight_run_along_the_grid_lines() {
    let mut app = headless(EditorDoc::blank("starfinder", 10, 6), None);
    tools(&mut app).tool = Tool::Edge;
    tools(&mut app).edge = EdgeChoice::Door;
    drag(&mut app, (2, 2), &[(5, 3)]);
    let edges = &session(&app).doc().file.map.edges;
    assert_eq!(edges.len(), 1);
    assert_eq!(
        (edges[0].from, edges[0].to),
        (Intersection::new(2, 2), Intersection::new(5, 2))
    );
    assert_eq!(edges[0].kind, EdgeKind::Door { open: false });
}

#[test]
fn sides_units_and_zones_are_added_moved_and_removed_from_the_panel_and_the_map() {
    let mut app = headless(EditorDoc::blank("starfinder", 10, 8), None);
    tools(&mut app).tool = Tool::Place;
    click(&mut app, 2, 2);
    assert!(session(&app).doc().file.units.is_empty(), "no side to place for yet");
    act(&mut app, UiAction::AddSide);
    act(&mut app, UiAction::AddSide);
    assert_eq!(session(&app).doc().file.sides.len(), 2);
    let template = session(&app)
        .choices
        .1
        .first()
        .expect("a starfinder template")
        .name
        .clone();
    act(&mut app, UiAction::PlaceTemplate(Some(template.clone())));
    click(&mut app, 2, 2);
    act(&mut app, UiAction::PlaceTemplate(None));
    click(&mut app, 6, 5);
    let units = session(&app).units.clone();
    assert_eq!(units.len(), 2);
    assert_eq!((units[0].at, units[1].at), (Square::new(2, 2), Square::new(6, 5)));
    assert!(!units[0].custom && units[1].custom);
    // Drag the first unit with the select tool.
    chord(&mut app, &[KeyCode::KeyV]);
    drag(&mut app, (2, 2), &[(3, 4)]);
    assert_eq!(session(&app).units[0].at, Square::new(3, 4));
    assert_eq!(
        *app.world().resource::<Selection>(),
        Selection::Unit(units[0].id.clone())
    );
    chord(&mut app, &[KeyCode::Delete]);
    assert_eq!(session(&app).units.len(), 1, "Delete removes the selected unit");
    // A zone painted on the map, then an objective naming it.
    act(&mut app, UiAction::UseZone("exit".into()));
    drag(&mut app, (0, 0), &[(1, 0)]);
    assert_eq!(session(&app).doc().file.zones[0].id, "exit");
    act(&mut app, UiAction::AddObjective);
    act(&mut app, UiAction::ObjectiveGoal(0));
    let goal = session(&app).doc().file.objectives[0].goal.clone();
    assert_eq!(goal, crate::scenario::format::Goal::ReachZone("exit".into()));
    // Removing a side removes its units in the same step.
    let side = session(&app).units[0].side.clone().expect("a side");
    act(&mut app, UiAction::RemoveSide(side));
    assert!(session(&app).units.is_empty());
}

#[test]
fn typing_in_a_field_sets_the_name_seed_and_size_and_bad_numbers_are_refused() {
    let mut app = headless(EditorDoc::blank("saga", 8, 8), None);
    act(&mut app, UiAction::Focus(FieldId::Name));
    type_text(&mut app, "!Ambush", Key::Enter);
    assert_eq!(
        session(&app).doc().file.name,
        "New scenario!Ambush",
        "typed after the current name"
    );
    act(&mut app, UiAction::Focus(FieldId::Seed));
    type_text(&mut app, "12x", Key::Enter);
    assert_eq!(session(&app).doc().file.seed, None);
    let status = app.world().resource::<super::EditorStatus>().0.clone();
    assert!(status.contains("whole number"), "{status}");
    act(&mut app, UiAction::Focus(FieldId::Width));
    type_text(&mut app, "\u{8}\u{8}", Key::Escape);
    assert_eq!(session(&app).doc().size(), (8, 8), "Esc cancels");
    act(&mut app, UiAction::Focus(FieldId::Width));
    backspace(&mut app);
    type_text(&mut app, "12", Key::Enter);
    assert_eq!(session(&app).doc().size(), (12, 8));
}

#[test]
fn clicking_a_problem_jumps_to_its_unit_and_selects_it() {
    let mut app = headless(EditorDoc::blank("starfinder", 8, 8), None);
    act(&mut app, UiAction::AddSide);
    tools(&mut app).tool = Tool::Place;
    // Two units on one square: the validator names the second.
    click(&mut app, 5, 6);
    click(&mut app, 5, 6);
    let problems = session(&app).problems.clone();
    let (i, id) = problems
        .iter()
        .enumerate()
        .find_map(|(i, p)| match &p.target {
            Some(crate::editor::JumpTarget::Unit(id)) => Some((i, id.clone())),
            _ => None,
        })
        .unwrap_or_else(|| panic!("a problem about the unit (one side, no objective): {problems:?}"));
    let mut jumps = app.world_mut().resource_mut::<Messages<JumpTo>>();
    jumps.clear();
    act(&mut app, UiAction::Problem(i));
    assert_eq!(*app.world().resource::<Selection>(), Selection::Unit(id));
    let jumped: Vec<JumpTo> = app.world_mut().resource_mut::<Messages<JumpTo>>().drain().collect();
    assert_eq!(jumped, vec![JumpTo(Square::new(5, 6))]);
}

#[test]
fn saving_an_invalid_scenario_asks_first_and_leaving_unsaved_asks_too() {
    let data = temp_dir("save");
    let mut app = headless(EditorDoc::blank("starfinder", 6, 6), Some(data.clone()));
    tools(&mut app).paint = PaintChoice::Terrain(TerrainKind::Wall);
    click(&mut app, 0, 0);
    let autosave = autosave_path(&data, &session(&app).autosave_id);
    assert!(autosave.exists(), "an edit is autosaved");
    assert!(!session(&app).problems.is_empty(), "no sides: invalid");
    let file = data.join("mine.ron");
    app.world_mut().write_message(FileIntent::SaveTo(file.clone()));
    app.update();
    let question = app.world().resource::<Dialog>().0.clone().expect("asked");
    assert!(question.text.contains("problem"));
    assert!(!file.exists(), "not saved before the answer");
    act(&mut app, UiAction::Dialog(Answer::SaveAnyway(file.clone())));
    assert!(file.exists(), "saved after the warning");
    assert!(!session(&app).unsaved());
    assert!(!autosave.exists(), "the autosave is not needed after a save");
    let reopened = EditorDoc::open(&file).expect("reads back");
    assert_eq!(
        reopened.cell(Square::new(0, 0)).expect("on map").terrain,
        TerrainKind::Wall
    );

    click(&mut app, 1, 1);
    act(&mut app, UiAction::Leave);
    assert!(app.world().resource::<Dialog>().0.is_some(), "unsaved edits: asked");
    act(&mut app, UiAction::Dialog(Answer::Cancel));
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Editor);
    // Ctrl+S saves to the file the document now has (after the same warning).
    chord(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyS]);
    assert!(app.world().resource::<Dialog>().0.is_some());
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn each_session_autosaves_to_its_own_file_and_restores_from_it() {
    let data = temp_dir("restore");
    let mut app = headless(EditorDoc::blank("d20_modern", 7, 5), Some(data.clone()));
    act(&mut app, UiAction::Focus(FieldId::Name));
    type_text(&mut app, " two", Key::Enter);
    let first = autosave_path(&data, &session(&app).autosave_id);
    let mut other = headless(EditorDoc::blank("saga", 3, 3), Some(data.clone()));
    click(&mut other, 0, 0);
    assert_eq!(
        super::autosave::autosaves(&data).len(),
        2,
        "a second session never overwrites the first one's work"
    );
    let restored = restore(&first).expect("restores");
    assert_eq!(restored.doc().file.name, "New scenario two");
    assert_eq!(restored.doc().size(), (7, 5));
    assert!(restored.unsaved(), "restored work counts as unsaved");
    assert_eq!(
        restored.autosave_id,
        session(&app).autosave_id,
        "further edits go to the same file"
    );
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn play_test_starts_the_battle_and_back_to_editor_keeps_the_document() {
    let doc = EditorDoc::from_text(DEFAULT_SCENARIO, "tutorial_relay.ron").expect("reads");
    let data = temp_dir("playtest");
    let mut app = headless(doc, Some(data.clone()));
    assert!(session(&app).problems.is_empty(), "{:?}", session(&app).problems);
    act(&mut app, UiAction::Focus(FieldId::Name));
    type_text(&mut app, "!", Key::Enter);
    let before = session(&app).doc().to_ron();
    act(&mut app, UiAction::PlayTest);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Battle);
    let battle_name = app
        .world()
        .resource::<crate::gui::state::session::Session>()
        .battle
        .spec()
        .name
        .clone();
    assert!(
        battle_name.ends_with('!'),
        "the edited document is played: {battle_name}"
    );
    assert_eq!(
        app.world().resource::<DataDir>().0,
        Some(data.join("playtest")),
        "the test's autosave stays out of the player's"
    );
    crate::gui::intake::open::back_to_editor(app.world_mut());
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Editor);
    assert_eq!(session(&app).doc().to_ron(), before);
    assert_eq!(app.world().resource::<DataDir>().0, Some(data.clone()));
    std::fs::remove_dir_all(&data).unwrap();
}

/// Issue #17: the side switch writes `control` and the level button `ai: (level: ..)`, the
/// fields the setup screen and the computer read; the play test's battle has the computer
/// play the side so set.
#[test]
fn the_side_switch_writes_the_control_and_the_computers_level_and_the_play_test_keeps_them() {
    use crate::scenario::format::{AiLevel, Control};
    let doc = EditorDoc::from_text(DEFAULT_SCENARIO, "tutorial_relay.ron").expect("reads");
    let mut app = headless(doc, None);
    let side = |app: &App, id: &str| {
        let sides = &session(app).doc().file.sides;
        let s = sides.iter().find(|s| s.id == id).expect("the side").clone();
        (s.control, s.ai.map(|a| a.level))
    };
    assert_eq!(side(&app, "goblins"), (Control::Ai, Some(AiLevel::Easy)));
    act(&mut app, UiAction::SideLevel("goblins".into()));
    assert_eq!(side(&app, "goblins"), (Control::Ai, None), "Normal: `ai` left out");
    act(&mut app, UiAction::SideLevel("goblins".into()));
    assert_eq!(side(&app, "goblins"), (Control::Ai, Some(AiLevel::Hard)));
    act(&mut app, UiAction::SideLevel("crew".into()));
    assert_eq!(side(&app, "crew"), (Control::Human, None), "a human side has no level");
    act(&mut app, UiAction::SideControl("crew".into()));
    assert_eq!(side(&app, "crew"), (Control::Ai, None));
    act(&mut app, UiAction::SideControl("crew".into()));
    assert_eq!(side(&app, "crew"), (Control::Human, None));
    assert!(session(&app).doc().to_ron().contains("ai: (level: Hard)"));
    assert!(session(&app).problems.is_empty(), "{:?}", session(&app).problems);
    act(&mut app, UiAction::PlayTest);
    let battle = &app.world().resource::<crate::gui::state::session::Session>().battle;
    let goblins = crate::rules::SideId("goblins".into());
    assert_eq!(crate::ai::computer_level(battle, &goblins), Some(AiLevel::Hard));
    assert_eq!(
        crate::ai::computer_level(battle, &crate::rules::SideId("crew".into())),
        None
    );
}

#[test]
fn a_vehicle_turns_a_quarter_and_a_custom_units_form_edits_its_stats() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/starfinder_buggy_raid.ron");
    let mut app = headless(EditorDoc::open(&path).expect("opens"), None);
    let vehicle = session(&app)
        .units
        .iter()
        .find(|u| u.heading.is_some())
        .expect("the buggy")
        .clone();
    act(&mut app, UiAction::SelectUnit(vehicle.id.clone()));
    chord(&mut app, &[KeyCode::KeyT]);
    let turned = session(&app)
        .units
        .iter()
        .find(|u| u.id == vehicle.id)
        .expect("kept")
        .heading;
    assert_eq!(turned, vehicle.heading.map(super::tools::turned));
    assert_ne!(turned, vehicle.heading);
    act(&mut app, UiAction::RotateUnit(vehicle.id.clone()));
    let twice = session(&app)
        .units
        .iter()
        .find(|u| u.id == vehicle.id)
        .expect("kept")
        .heading;
    assert_eq!(twice, turned.map(super::tools::turned), "the Turn button");
    let creature = session(&app)
        .units
        .iter()
        .find(|u| u.heading.is_none())
        .expect("a rider")
        .clone();
    act(&mut app, UiAction::RotateUnit(creature.id.clone()));
    let status = app.world().resource::<super::EditorStatus>().0.clone();
    assert!(status.contains("not a vehicle"), "{status}");

    act(&mut app, UiAction::PlaceTemplate(None));
    click(&mut app, 10, 10);
    let Selection::Unit(id) = app.world().resource::<Selection>().clone() else {
        panic!("the placed unit is selected");
    };
    act(&mut app, UiAction::Focus(FieldId::Unit(id.clone(), UnitField::Hp)));
    clear_field(&mut app);
    type_text(&mut app, "25", Key::Enter);
    let unit = session(&app)
        .doc()
        .file
        .units
        .iter()
        .find(|u| u.id.as_deref() == Some(id.as_str()))
        .expect("placed")
        .clone();
    assert_eq!(unit.health.and_then(|h| h.hp), Some(25));
    act(&mut app, UiAction::Focus(FieldId::Unit(id.clone(), UnitField::Size)));
    clear_field(&mut app);
    type_text(&mut app, "large", Key::Enter);
    let big = session(&app).units.iter().find(|u| u.id == id).expect("placed").squares;
    assert_eq!(big, 2, "a Large unit fills 2×2 squares");
}

#[test]
fn an_objectives_field_sets_its_zone_and_rounds() {
    let mut app = headless(EditorDoc::blank("starfinder", 8, 8), None);
    act(&mut app, UiAction::AddSide);
    act(&mut app, UiAction::AddObjective);
    let goal = |app: &App| session(app).doc().file.objectives[0].goal.clone();
    use crate::scenario::format::Goal;
    assert_eq!(goal(&app), Goal::SurviveRounds(5), "no other side to eliminate");
    act(&mut app, UiAction::ObjectiveGoal(0));
    act(&mut app, UiAction::ObjectiveGoal(0));
    act(&mut app, UiAction::ObjectiveGoal(0));
    assert!(matches!(goal(&app), Goal::HoldZone { .. }), "{:?}", goal(&app));
    act(&mut app, UiAction::Focus(FieldId::Objective(0)));
    clear_field(&mut app);
    type_text(&mut app, "bridge 3", Key::Enter);
    assert_eq!(
        goal(&app),
        Goal::HoldZone {
            zone: "bridge".into(),
            rounds: 3
        }
    );
}

#[test]
fn every_shipped_scenario_opens_in_the_editor_with_no_problems_and_its_units_drawn() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    assert!(files.len() >= 5);
    for file in files {
        let session = EditorSession::new(EditorDoc::open(&file).expect("opens"));
        assert!(
            session.problems.is_empty(),
            "{}: {:?}",
            file.display(),
            session.problems
        );
        let placed = session.doc().file.units.iter().filter(|u| u.at.is_some()).count();
        assert_eq!(session.units.len(), placed, "{}", file.display());
        let map = session.doc().size();
        for u in &session.units {
            let n = u.squares as i32;
            assert!(
                u.at.x >= 0 && u.at.y >= 0 && u.at.x + n <= map.0 as i32 && u.at.y + n <= map.1 as i32,
                "{}: {} drawn off the map",
                file.display(),
                u.id
            );
        }
    }
}

/// Issue #18 item 12: an "eliminate side" objective names the side to defeat, picked among
/// the other sides by name; the heading reads in side names.
#[test]
fn an_elimination_objectives_foe_is_picked_by_side_name() {
    use crate::scenario::format::Goal;
    let mut app = headless(EditorDoc::blank("saga", 6, 6), None);
    for _ in 0..3 {
        act(&mut app, UiAction::AddSide);
    }
    act(&mut app, UiAction::AddObjective);
    let goal = |app: &App| session(app).doc().file.objectives[0].goal.clone();
    assert_eq!(goal(&app), Goal::EliminateSide("side_2".into()));
    act(&mut app, UiAction::ObjectiveFoe(0));
    assert_eq!(goal(&app), Goal::EliminateSide("side_3".into()));
    act(&mut app, UiAction::ObjectiveFoe(0));
    assert_eq!(
        goal(&app),
        Goal::EliminateSide("side_2".into()),
        "the objective's own side is never its foe"
    );
    let file = session(&app).doc().file.clone();
    let name = |id: &str| {
        file.sides
            .iter()
            .find(|s| s.id == id)
            .map_or_else(|| id.to_string(), |s| s.name.clone())
    };
    assert_eq!(
        super::sidebar::objective_summary(&name("side_1"), &goal(&app), name),
        "Side 1 defeat Side 2"
    );
}

/// The editor draws each unit with the icon the battle gives it: its own, its template's, or
/// its kind's.
#[test]
fn placed_units_carry_their_battle_icons() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios/starfinder_buggy_raid.ron");
    let session = EditorSession::new(EditorDoc::open(&file).expect("opens"));
    let icon = |id: &str| {
        session
            .units
            .iter()
            .find(|u| u.id == id)
            .map(|u| u.icon)
            .unwrap_or_else(|| panic!("{id} placed"))
    };
    let text = std::fs::read_to_string(&file).unwrap();
    let battle = crate::testing::battle(&text, &[]);
    for u in &session.units {
        assert_eq!(
            Some(u.icon),
            crate::gui::look::token_art::icon_of(&battle, &crate::rules::UnitId(u.id.clone())),
            "{}",
            u.id
        );
    }
    assert_eq!(icon("merris"), "astronaut-helmet", "its own");
    assert_eq!(icon("buggy"), "jeep", "a vehicle's default");
    assert!(session.units.iter().any(|u| u.icon == "goblin-head"), "the template's");
}
