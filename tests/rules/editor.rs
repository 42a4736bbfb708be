//! The scenario editor's core through its public API: round trips of every scenario file in
//! the project, edits that parse back to the edited file, undo/redo, and the acceptance test
//! (a scenario built through commands, saved, validated by the real binary, played, re-saved).

use fivefoot::editor::{
    EditCommand, Editor, EditorDoc, JumpTarget, Layer, brush_squares, custom_unit, flood_fill, next_unit_id,
    rect_squares, unit_templates,
};
use fivefoot::grid::{Heading, Intersection, Light, Square};
use fivefoot::history::Battle;
use fivefoot::scenario::format::{Control, EdgeKind, Goal, ObjectiveDef, ScenarioFile, SideDef, TerrainKind, UnitDef};
use fivefoot::scenario::{Templates, load_str, parse_str};
use std::path::{Path, PathBuf};
use std::process::Command;

fn canon(file: &ScenarioFile) -> String {
    ron::to_string(file).unwrap()
}

/// Every `.ron` scenario in the project that parses (shipped and test scenarios).
fn project_scenarios() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in [
        "scenarios",
        "tests/areas",
        "tests/chase",
        "tests/fights",
        "tests/bad_scenarios",
        "tests/editor",
    ] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            if path.extension().is_some_and(|x| x == "ron")
                && let Ok(text) = std::fs::read_to_string(&path)
                && parse_str(&text, "t").is_ok()
            {
                out.push((path, text));
            }
        }
    }
    out.sort();
    out
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fivefoot-editor-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn side(id: &str, colour: &str) -> SideDef {
    SideDef {
        id: id.into(),
        name: id.to_uppercase(),
        control: Control::Human,
        colour: colour.into(),
        ai: None,
    }
}

#[test]
fn every_project_scenario_is_written_back_byte_for_byte_without_edits() {
    let files = project_scenarios();
    assert!(files.len() >= 15, "found only {} scenarios", files.len());
    for (path, text) in files {
        let doc = EditorDoc::from_text(&text, "t").unwrap();
        assert_eq!(doc.to_ron(), text, "{}", path.display());
    }
}

#[test]
fn a_syntax_broken_file_is_refused_with_its_position() {
    let err = EditorDoc::from_text("Scenario(\n    version: 1\n    name: \"x\",\n)", "broken.ron").unwrap_err();
    assert_eq!((err[0].file.as_str(), err[0].line), ("broken.ron", 3));
}

#[test]
fn an_edit_writes_text_that_parses_back_to_the_edited_file() {
    for (path, text) in project_scenarios() {
        let mut ed = Editor::new(EditorDoc::from_text(&text, "t").unwrap());
        let (w, h) = ed.doc.size();
        if w == 0 || h == 0 || w > 256 || h > 256 {
            continue;
        }
        ed.apply(EditCommand::SetName("Edited".into())).unwrap();
        ed.apply(EditCommand::Paint {
            squares: vec![Square::new(0, 0)],
            layer: Layer::Light(Light::Dim),
        })
        .unwrap();
        let written = ed.doc.to_ron();
        let back = parse_str(&written, "t").unwrap_or_else(|e| panic!("{}: {e:?}\n{written}", path.display()));
        assert_eq!(canon(&back), canon(&ed.doc.file), "{}", path.display());
        while ed.undo() {}
        assert_eq!(ed.doc.to_ron(), text, "{}: undo all", path.display());
    }
}

#[test]
fn the_editor_acceptance_scenario_is_built_saved_validated_played_and_resaved_identically() {
    let mut ed = Editor::new(EditorDoc::blank("starfinder", 12, 8));
    let map = ed.doc.size();
    // Walls round the edge: fill the whole map with wall, then floor inside.
    let all = rect_squares(Square::new(0, 0), Square::new(11, 7), map);
    ed.apply(EditCommand::Paint {
        squares: all,
        layer: Layer::Terrain(TerrainKind::Wall),
    })
    .unwrap();
    let inside = rect_squares(Square::new(1, 1), Square::new(10, 6), map);
    ed.apply(EditCommand::Paint {
        squares: inside,
        layer: Layer::Terrain(TerrainKind::Floor),
    })
    .unwrap();
    ed.apply(EditCommand::Paint {
        squares: brush_squares(Square::new(5, 4), 3, map),
        layer: Layer::Terrain(TerrainKind::Difficult),
    })
    .unwrap();
    ed.apply(EditCommand::Paint {
        squares: vec![Square::new(8, 2)],
        layer: Layer::Terrain(TerrainKind::Cover),
    })
    .unwrap();
    ed.apply(EditCommand::Paint {
        squares: rect_squares(Square::new(1, 5), Square::new(3, 6), map),
        layer: Layer::Light(Light::Dim),
    })
    .unwrap();
    ed.apply(EditCommand::Edge {
        from: Intersection::new(7, 1),
        to: Intersection::new(7, 3),
        kind: Some(EdgeKind::Wall),
    })
    .unwrap();
    ed.apply(EditCommand::Edge {
        from: Intersection::new(7, 3),
        to: Intersection::new(7, 4),
        kind: Some(EdgeKind::Door { open: false }),
    })
    .unwrap();
    ed.apply(EditCommand::SetName("Editor acceptance".into())).unwrap();
    ed.apply(EditCommand::SetDescription(
        "Built through the editor's commands.".into(),
    ))
    .unwrap();
    ed.apply(EditCommand::SetSeed(Some(7))).unwrap();
    ed.apply(EditCommand::AddSide(side("crew", "#3070d0"))).unwrap();
    ed.apply(EditCommand::AddSide(side("goblins", "#d03030"))).unwrap();
    ed.apply(EditCommand::PlaceUnit(custom_unit(
        "starfinder",
        "hero",
        "crew",
        Square::new(2, 2),
    )))
    .unwrap();
    let templates = Templates::shipped();
    let choices = unit_templates("starfinder", &templates);
    assert!(choices.iter().any(|c| c.name == "space_goblin"), "{choices:?}");
    for at in [Square::new(9, 2), Square::new(10, 5)] {
        let id = next_unit_id(&ed.doc.file, "goblin");
        ed.apply(EditCommand::PlaceUnit(UnitDef {
            id: Some(id),
            template: Some("space_goblin".into()),
            side: Some("goblins".into()),
            at: Some(at),
            ..UnitDef::default()
        }))
        .unwrap();
    }
    assert_eq!(next_unit_id(&ed.doc.file, "goblin"), "goblin_3");
    ed.apply(EditCommand::PaintZone {
        id: "exit".into(),
        squares: rect_squares(Square::new(9, 5), Square::new(10, 6), map),
        on: true,
    })
    .unwrap();
    ed.apply(EditCommand::AddObjective(ObjectiveDef {
        side: "crew".into(),
        goal: Goal::ReachZone("exit".into()),
    }))
    .unwrap();
    ed.apply(EditCommand::AddObjective(ObjectiveDef {
        side: "goblins".into(),
        goal: Goal::EliminateSide("crew".into()),
    }))
    .unwrap();
    assert_eq!(ed.doc.problems(&templates), vec![]);

    let dir = temp_dir("acceptance");
    let path = dir.join("acceptance.ron");
    ed.save_as(&path).unwrap();
    assert!(!ed.is_dirty());
    let saved = std::fs::read_to_string(&path).unwrap();

    let out = Command::new(env!("CARGO_BIN_EXE_fivefoot"))
        .args(["validate", path.to_str().unwrap()])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success(), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("ok: \"Editor acceptance\" (starfinder), 12×8 map, 3 units"));

    let spec = load_str(&saved, "acceptance.ron", &templates).unwrap();
    let battle = Battle::start(spec, &saved, "acceptance.ron", 7, vec![]);
    assert!(battle.is_ok(), "the battle starts");

    let reopened = EditorDoc::open(&path).unwrap();
    assert_eq!(reopened.to_ron(), saved);
    ed.save_as(&path).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), saved);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn validation_problems_name_a_target_to_jump_to() {
    let mut ed = Editor::new(EditorDoc::blank("starfinder", 6, 6));
    ed.apply(EditCommand::AddSide(side("a", "#102030"))).unwrap();
    ed.apply(EditCommand::PlaceUnit(custom_unit(
        "starfinder",
        "u",
        "a",
        Square::new(2, 2),
    )))
    .unwrap();
    ed.apply(EditCommand::Paint {
        squares: vec![Square::new(2, 2)],
        layer: Layer::Terrain(TerrainKind::Wall),
    })
    .unwrap();
    let problems = ed.doc.problems(&Templates::shipped());
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].target, Some(JumpTarget::Unit("u".into())));
    assert!(problems[0].message.contains("inside a wall"));
    let text = ed.doc.to_ron();
    let line = text.lines().nth(problems[0].line - 1).unwrap();
    assert!(line.contains("at:"), "{line}");
}

#[test]
fn undo_and_redo_restore_each_step_and_a_refused_command_changes_nothing() {
    let mut ed = Editor::new(EditorDoc::blank("d20_srd", 5, 5));
    let t0 = ed.doc.to_ron();
    assert!(!ed.can_undo() && !ed.is_dirty());
    ed.apply(EditCommand::Resize { width: 7, height: 3 }).unwrap();
    let t1 = ed.doc.to_ron();
    assert_eq!(ed.doc.size(), (7, 3));
    assert!(ed.apply(EditCommand::Resize { width: 0, height: 3 }).is_err());
    assert!(ed.apply(EditCommand::RemoveUnit("nobody".into())).is_err());
    assert_eq!(ed.doc.to_ron(), t1);
    let r1 = ed.revision();
    assert!(ed.undo());
    assert_eq!(ed.doc.to_ron(), t0);
    assert!(!ed.is_dirty());
    assert_ne!(ed.revision(), r1);
    assert!(ed.redo());
    assert_eq!(ed.doc.to_ron(), t1);
    assert!(ed.is_dirty() && !ed.can_redo());
    assert_eq!(ed.revision(), r1);
}

#[test]
fn flood_fill_takes_the_connected_squares_of_one_cell() {
    let mut ed = Editor::new(EditorDoc::blank("starfinder", 5, 3));
    ed.apply(EditCommand::Paint {
        squares: rect_squares(Square::new(2, 0), Square::new(2, 2), (5, 3)),
        layer: Layer::Terrain(TerrainKind::Wall),
    })
    .unwrap();
    let left = flood_fill(&ed.doc, Square::new(0, 1));
    assert_eq!(left.len(), 6);
    assert!(left.iter().all(|s| s.x < 2));
    assert!(flood_fill(&ed.doc, Square::new(9, 9)).is_empty());
}

#[test]
fn a_vehicle_turns_and_its_riders_move_with_it() {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/starfinder_buggy_raid.ron"))
            .unwrap();
    let mut ed = Editor::new(EditorDoc::from_text(&text, "t").unwrap());
    ed.apply(EditCommand::RotateVehicle {
        id: "buggy".into(),
        heading: Heading::S,
    })
    .unwrap();
    ed.apply(EditCommand::MoveUnit {
        id: "buggy".into(),
        to: Square::new(4, 2),
    })
    .unwrap();
    let unit = |id: &str| {
        ed.doc
            .file
            .units
            .iter()
            .find(|u| u.id.as_deref() == Some(id))
            .unwrap()
            .clone()
    };
    assert_eq!(unit("buggy").vehicle.unwrap().heading, Heading::S);
    assert_eq!(unit("buddy").at, Some(Square::new(5, 2)));
    assert!(
        ed.apply(EditCommand::RotateVehicle {
            id: "goblin_1".into(),
            heading: Heading::S
        })
        .is_err()
    );
    assert_eq!(ed.doc.problems(&Templates::shipped()), vec![]);
}

#[test]
fn a_huge_or_ragged_map_is_refused_or_repaired_without_panicking() {
    let huge = "Scenario(version: 1, name: \"h\", ruleset: \"d20_srd\", map: (size: (4000000000, 5), fill: '.', legend: {'.': (terrain: Floor)}), sides: [], units: [])";
    let mut ed = Editor::new(EditorDoc::from_text(huge, "h").unwrap());
    assert_eq!(ed.doc.size(), (4_000_000_000, 5));
    let paint = |sq| EditCommand::Paint {
        squares: vec![sq],
        layer: Layer::Terrain(TerrainKind::Wall),
    };
    assert!(ed.apply(paint(Square::new(1, 1))).is_err());
    assert!(
        ed.apply(EditCommand::Edge {
            from: Intersection::new(0, 0),
            to: Intersection::new(0, 5),
            kind: Some(EdgeKind::Wall)
        })
        .is_err()
    );
    assert!(flood_fill(&ed.doc, Square::new(0, 0)).is_empty());
    assert_eq!(
        rect_squares(Square::new(0, 0), Square::new(i32::MAX, i32::MAX), ed.doc.size()).len(),
        1024 * 5
    );
    let problems = ed.doc.problems(&Templates::shipped());
    assert!(
        problems
            .iter()
            .any(|p| p.message.contains("1 to 1024") && p.target == Some(JumpTarget::Scenario)),
        "{problems:?}"
    );
    ed.apply(EditCommand::Resize { width: 4, height: 3 }).unwrap();
    assert_eq!(
        (ed.doc.file.map.size, ed.doc.file.map.fill),
        (Some((4, 3)), Some('.')),
        "an open map stays one"
    );
    ed.apply(paint(Square::new(1, 1))).unwrap();
    assert_eq!(
        (ed.doc.file.map.size, ed.doc.file.map.rows.as_slice()),
        (None, &["....", ".#..", "...."].map(String::from)[..])
    );

    let ragged = "Scenario(version: 1, name: \"r\", ruleset: \"d20_srd\", map: (rows: [\"...\", \".\", \".?...\"], legend: {'.': (terrain: Floor)}), sides: [], units: [])";
    let mut ed = Editor::new(EditorDoc::from_text(ragged, "r").unwrap());
    assert!(ed.doc.cell(Square::new(1, 2)).is_none(), "`?` is not in the legend");
    let problems = ed.doc.problems(&Templates::shipped());
    assert!(
        problems
            .iter()
            .any(|p| p.target == Some(JumpTarget::Square(Square::new(0, 1)))),
        "{problems:?}"
    );
    ed.apply(paint(Square::new(2, 1))).unwrap();
    assert_eq!(ed.doc.file.map.rows, vec!["...", "..#", ".?."]);
    let back = parse_str(&ed.doc.to_ron(), "r").unwrap();
    assert_eq!(canon(&back), canon(&ed.doc.file));
    let problems = ed.doc.problems(&Templates::shipped());
    assert!(
        problems
            .iter()
            .any(|p| p.target == Some(JumpTarget::Square(Square::new(1, 2)))),
        "{problems:?}"
    );
}

#[test]
fn removing_a_side_removes_its_units_and_objectives_in_one_step() {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/tutorial_relay.ron")).unwrap();
    let mut ed = Editor::new(EditorDoc::from_text(&text, "t").unwrap());
    ed.apply(EditCommand::RemoveSide("goblins".into())).unwrap();
    assert_eq!(ed.doc.file.sides.len(), 1);
    assert!(ed.doc.file.units.iter().all(|u| u.side.as_deref() == Some("crew")));
    assert!(
        ed.doc.file.objectives.is_empty(),
        "the goblins' objective and the one against them"
    );
    assert!(ed.undo());
    assert_eq!(ed.doc.to_ron(), text);
    // Renaming a side's id renames it where units and objectives name it.
    let mut renamed = ed.doc.file.sides[1].clone();
    renamed.id = "scavengers".into();
    ed.apply(EditCommand::EditSide {
        id: "goblins".into(),
        side: renamed,
    })
    .unwrap();
    assert_eq!(ed.doc.problems(&Templates::shipped()), vec![]);
    assert!(
        ed.doc
            .to_ron()
            .contains("(side: \"crew\", goal: EliminateSide(\"scavengers\")),")
    );
}

#[test]
fn a_zone_painted_off_again_is_removed_and_its_objective_reported() {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/starfinder_buggy_raid.ron"))
            .unwrap();
    let mut ed = Editor::new(EditorDoc::from_text(&text, "t").unwrap());
    let gate = rect_squares(Square::new(28, 4), Square::new(30, 8), ed.doc.size());
    ed.apply(EditCommand::PaintZone {
        id: "far_gate".into(),
        squares: vec![Square::new(28, 4)],
        on: false,
    })
    .unwrap();
    assert!(
        ed.doc
            .to_ron()
            .contains("(id: \"far_gate\", rects: [(x: 29, y: 4, w: 2, h: 1), (x: 28, y: 5, w: 3, h: 4)]),")
    );
    ed.apply(EditCommand::PaintZone {
        id: "far_gate".into(),
        squares: gate,
        on: false,
    })
    .unwrap();
    assert!(ed.doc.file.zones.is_empty());
    let problems = ed.doc.problems(&Templates::shipped());
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].target, Some(JumpTarget::Objective(0)));
    assert!(
        ed.apply(EditCommand::PaintZone {
            id: "far_gate".into(),
            squares: vec![],
            on: false
        })
        .is_err()
    );
}

#[test]
fn unit_templates_offer_only_the_stat_blocks_each_family_can_use() {
    let templates = Templates::shipped();
    let names =
        |family: &str| -> Vec<String> { unit_templates(family, &templates).into_iter().map(|c| c.name).collect() };
    assert_eq!(
        names("starfinder"),
        vec![
            "android_operative",
            "cargo_loader",
            "ksarik",
            "space_goblin",
            "vesk_soldier",
            "ysoki_mechanic"
        ]
    );
    assert_eq!(
        names("d20_srd"),
        vec![
            "goblin",
            "halfling_rogue",
            "hobgoblin",
            "human_cleric",
            "human_fighter",
            "human_wizard",
            "orc_sergeant",
            "orc_warrior"
        ]
    );
    assert_eq!(
        names("d20_modern"),
        vec!["fast_hero", "smart_hero", "street_thug", "strong_hero"]
    );
    assert_eq!(
        names("saga"),
        vec![
            "jedi",
            "loader_droid",
            "scoundrel",
            "soldier",
            "stormtrooper",
            "swoop_thug"
        ]
    );
    // Issue #18 item 12: at least four to choose from in every family.
    for family in ["starfinder", "d20_srd", "d20_modern", "saga"] {
        assert!(names(family).len() >= 4, "{family}");
    }
    for family in ["starfinder", "d20_srd", "d20_modern", "saga"] {
        let mut ed = Editor::new(EditorDoc::blank(family, 4, 4));
        ed.apply(EditCommand::AddSide(side("a", "#000000"))).unwrap();
        ed.apply(EditCommand::PlaceUnit(custom_unit(family, "c", "a", Square::new(1, 1))))
            .unwrap();
        assert_eq!(ed.doc.problems(&templates), vec![], "{family}");
    }
}

#[test]
fn painting_a_layer_keeps_the_others_and_terrain_drops_the_old_terrains_refinements() {
    let text = "Scenario(version: 1, name: \"h\", ruleset: \"d20_srd\", map: (rows: [\"h.\"], legend: {'h': (terrain: Wall, hard_corner: false), '.': (terrain: Floor)}), sides: [], units: [])";
    let mut ed = Editor::new(EditorDoc::from_text(text, "h").unwrap());
    let at = |ed: &Editor, x| ed.doc.cell(Square::new(x, 0)).cloned().unwrap();
    ed.apply(EditCommand::Paint {
        squares: vec![Square::new(0, 0)],
        layer: Layer::Light(Light::Dim),
    })
    .unwrap();
    let hedge = at(&ed, 0);
    assert_eq!(
        (hedge.terrain, hedge.hard_corner, hedge.light),
        (TerrainKind::Wall, Some(false), Light::Dim)
    );
    ed.apply(EditCommand::Paint {
        squares: vec![Square::new(0, 0)],
        layer: Layer::Terrain(TerrainKind::Floor),
    })
    .unwrap();
    let floor = at(&ed, 0);
    assert_eq!(
        (floor.terrain, floor.hard_corner, floor.light),
        (TerrainKind::Floor, None, Light::Dim)
    );
    ed.apply(EditCommand::Paint {
        squares: vec![Square::new(0, 0)],
        layer: Layer::Light(Light::Normal),
    })
    .unwrap();
    assert_eq!(
        ed.doc.file.map.rows,
        vec![".."],
        "back to the legend's own floor character"
    );
    assert_eq!(
        ed.doc.file.map.legend.len(),
        2,
        "the entries the editor added are gone, the file's own kept"
    );
}

#[test]
fn edges_are_kept_as_written_merged_into_runs_and_split_when_erased() {
    let text = "Scenario(version: 1, name: \"e\", ruleset: \"d20_srd\", map: (rows: [\"....\", \"....\", \"....\"], legend: {'.': (terrain: Floor)}, edges: [\n    (from: (1, 3), to: (1, 0), kind: Wall), // written bottom up\n]), sides: [], units: [])";
    let mut ed = Editor::new(EditorDoc::from_text(text, "e").unwrap());
    let edge = |from: (i32, i32), to: (i32, i32), kind| EditCommand::Edge {
        from: Intersection::new(from.0, from.1),
        to: Intersection::new(to.0, to.1),
        kind,
    };
    // Setting what is already there changes nothing, not even the direction it is written in.
    ed.apply(edge((1, 1), (1, 2), Some(EdgeKind::Wall))).unwrap();
    assert!(!ed.can_undo());
    ed.apply(edge((0, 1), (3, 1), Some(EdgeKind::Door { open: true })))
        .unwrap();
    assert!(
        ed.doc
            .to_ron()
            .contains("    (from: (1, 3), to: (1, 0), kind: Wall), // written bottom up\n")
    );
    ed.apply(edge((1, 2), (1, 1), None)).unwrap();
    let runs: Vec<_> = ed
        .doc
        .file
        .map
        .edges
        .iter()
        .map(|e| ((e.from.i, e.from.j), (e.to.i, e.to.j), e.kind))
        .collect();
    assert_eq!(
        runs,
        vec![
            ((1, 0), (1, 1), EdgeKind::Wall),
            ((1, 2), (1, 3), EdgeKind::Wall),
            ((0, 1), (3, 1), EdgeKind::Door { open: true }),
        ]
    );
    assert!(
        ed.apply(edge((0, 0), (2, 2), Some(EdgeKind::Wall))).is_err(),
        "diagonal"
    );
    assert!(
        ed.apply(edge((0, 0), (0, 4), Some(EdgeKind::Wall))).is_err(),
        "off the map"
    );
    ed.apply(EditCommand::Resize { width: 2, height: 3 }).unwrap();
    let runs: Vec<_> = ed
        .doc
        .file
        .map
        .edges
        .iter()
        .map(|e| ((e.from.i, e.from.j), (e.to.i, e.to.j)))
        .collect();
    assert_eq!(
        runs,
        vec![((1, 0), (1, 1)), ((1, 2), (1, 3)), ((0, 1), (2, 1))],
        "cut to the map, in place"
    );
    assert!(
        ed.doc
            .to_ron()
            .contains("    (from: (1, 0), to: (1, 1), kind: Wall), // written bottom up\n"),
        "{}",
        ed.doc.to_ron()
    );
}

#[test]
fn a_unit_off_the_map_can_still_be_edited_but_not_placed_or_moved_there() {
    let mut ed = Editor::new(EditorDoc::blank("d20_srd", 4, 4));
    ed.apply(EditCommand::AddSide(side("a", "#000000"))).unwrap();
    let mut unit = custom_unit("d20_srd", "u", "a", Square::new(9, 9));
    assert!(ed.apply(EditCommand::PlaceUnit(unit.clone())).is_err());
    unit.at = Some(Square::new(1, 1));
    ed.apply(EditCommand::PlaceUnit(unit.clone())).unwrap();
    assert!(
        ed.apply(EditCommand::PlaceUnit(unit.clone())).is_err(),
        "the id is taken"
    );
    ed.apply(EditCommand::Resize { width: 1, height: 1 }).unwrap();
    let problems = ed.doc.problems(&Templates::shipped());
    assert!(
        problems.iter().any(|p| p.target == Some(JumpTarget::Unit("u".into()))),
        "{problems:?}"
    );
    unit.name = Some("Renamed".into());
    ed.apply(EditCommand::EditUnit {
        id: "u".into(),
        unit: unit.clone(),
    })
    .unwrap();
    assert!(
        ed.apply(EditCommand::MoveUnit {
            id: "u".into(),
            to: Square::new(2, 2)
        })
        .is_err()
    );
    unit.side = Some("nobody".into());
    assert!(ed.apply(EditCommand::EditUnit { id: "u".into(), unit }).is_err());
}

#[test]
fn huge_numbers_in_a_file_never_make_an_edit_panic() {
    let text = "Scenario(version: 1, name: \"x\", ruleset: \"d20_srd\", map: (rows: [\"...\", \"...\"], legend: {'.': (terrain: Floor)}, edges: [(from: (0, -2000000000), to: (0, 2000000000), kind: Wall)]), sides: [(id: \"a\", name: \"A\", control: Human, colour: \"#000000\")], units: [(id: \"u\", side: \"a\", at: (-2000000000, 2000000000))], zones: [(id: \"z\", rects: [(x: -2000000000, y: 0, w: 4000000000, h: 4000000000)])])";
    let mut ed = Editor::new(EditorDoc::from_text(text, "x").unwrap());
    ed.apply(EditCommand::MoveUnit {
        id: "u".into(),
        to: Square::new(1, 1),
    })
    .unwrap();
    ed.apply(EditCommand::Edge {
        from: Intersection::new(1, 0),
        to: Intersection::new(1, 2),
        kind: Some(EdgeKind::Wall),
    })
    .unwrap();
    assert_eq!(
        ed.doc.file.map.edges.len(),
        2,
        "the edge off the map is kept as written"
    );
    ed.apply(EditCommand::PaintZone {
        id: "z".into(),
        squares: vec![Square::new(0, 0)],
        on: false,
    })
    .unwrap();
    ed.apply(EditCommand::Resize { width: 5, height: 5 }).unwrap();
    ed.apply(EditCommand::Paint {
        squares: vec![Square::new(i32::MIN, i32::MAX)],
        layer: Layer::Light(Light::Dim),
    })
    .unwrap();
    assert!(brush_squares(Square::new(i32::MAX, i32::MIN), 5, (5, 5)).is_empty());
    let back = parse_str(&ed.doc.to_ron(), "x").unwrap();
    assert_eq!(canon(&back), canon(&ed.doc.file));
    let _ = ed.doc.problems(&Templates::shipped());
}

#[test]
fn a_chase_problem_with_a_vehicle_jumps_to_it() {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/starfinder_redliner_chase.ron"))
            .unwrap();
    let mut ed = Editor::new(EditorDoc::from_text(&text, "t").unwrap());
    let mut chase = ed.doc.file.chase.clone().unwrap();
    let vehicle = chase.positions[0].vehicle.clone();
    chase.positions[0].zone = 99;
    ed.doc.file.chase = Some(chase);
    let problems = ed.doc.problems(&Templates::shipped());
    assert!(
        problems
            .iter()
            .any(|p| p.target == Some(JumpTarget::Unit(vehicle.clone()))),
        "{problems:?}"
    );
}

#[test]
fn a_failed_save_leaves_the_old_file_and_no_temporary_file() {
    let dir = temp_dir("failed-save");
    let mut ed = Editor::new(EditorDoc::blank("starfinder", 3, 3));
    ed.apply(EditCommand::SetName("Saved".into())).unwrap();
    // The target is a folder with something in it: the rename over it fails.
    let target = dir.join("taken.ron");
    std::fs::create_dir_all(target.join("inside")).unwrap();
    assert!(ed.save_as(&target).is_err());
    assert!(ed.is_dirty() && ed.doc.path.is_none());
    assert!(target.join("inside").is_dir(), "the old entry is untouched");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(
        left,
        vec![std::ffi::OsString::from("taken.ron")],
        "no temporary file is left"
    );
    assert!(ed.save_as(&dir.join("missing-folder").join("x.ron")).is_err());
    let good = dir.join("good.ron");
    ed.save_as(&good).unwrap();
    assert_eq!(ed.doc.path.as_deref(), Some(good.as_path()));
    assert_eq!(std::fs::read_to_string(&good).unwrap(), ed.doc.to_ron());
    let _ = std::fs::remove_dir_all(dir);
}
