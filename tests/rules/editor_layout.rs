//! The editor's writer keeps a hand-written file's layout: comments and untouched parts
//! survive edits elsewhere, and changed parts are written in the shipped files' style.

use fivefoot::editor::{EditCommand, Editor, EditorDoc, Layer, custom_unit, rect_squares};
use fivefoot::grid::{Heading, Intersection, Light, Square};
use fivefoot::scenario::format::{EdgeKind, TerrainKind};
use fivefoot::scenario::parse_str;
use std::path::Path;

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

fn editor(path: &str) -> (String, Editor) {
    let text = read(path);
    let ed = Editor::new(EditorDoc::from_text(&text, path).unwrap());
    (text, ed)
}

/// The written text reads back as the edited file.
fn check_reads_back(ed: &Editor) -> String {
    let text = ed.doc.to_ron();
    let back = parse_str(&text, "t").unwrap();
    assert_eq!(ron::to_string(&back).unwrap(), ron::to_string(&ed.doc.file).unwrap());
    text
}

#[test]
fn turning_a_vehicle_changes_only_its_heading_in_the_text() {
    let (text, mut ed) = editor("scenarios/starfinder_buggy_raid.ron");
    ed.apply(EditCommand::RotateVehicle {
        id: "buggy".into(),
        heading: Heading::S,
    })
    .unwrap();
    assert_eq!(check_reads_back(&ed), text.replacen("heading: E", "heading: S", 1));
}

#[test]
fn painting_with_an_existing_legend_character_changes_only_that_row() {
    let (text, mut ed) = editor("scenarios/d20_srd_ruined_keep.ron");
    ed.apply(EditCommand::Paint {
        squares: vec![Square::new(6, 1)],
        layer: Layer::Terrain(TerrainKind::Wall),
    })
    .unwrap();
    assert_eq!(check_reads_back(&ed), text.replacen("\"#,,,,#....", "\"#,,,,##...", 1));
    // Painting keeps the other layers: a wall on dim floor is a new, dim wall character.
    ed.apply(EditCommand::Paint {
        squares: vec![Square::new(1, 1)],
        layer: Layer::Terrain(TerrainKind::Wall),
    })
    .unwrap();
    let out = check_reads_back(&ed);
    assert!(
        out.contains("\"#a,,,##...") && out.contains("            'a': (terrain: Wall, light: Dim),\n        },"),
        "{out}"
    );
}

#[test]
fn moving_a_unit_keeps_every_other_line() {
    let (text, mut ed) = editor("scenarios/tutorial_relay.ron");
    ed.apply(EditCommand::MoveUnit {
        id: "goblin_a".into(),
        to: Square::new(9, 1),
    })
    .unwrap();
    assert_eq!(
        check_reads_back(&ed),
        text.replacen("side: \"goblins\", at: (10, 1))", "side: \"goblins\", at: (9, 1))", 1)
    );
}

#[test]
fn a_seed_is_added_after_the_ruleset_and_removed_with_its_line() {
    let (text, mut ed) = editor("tests/editor/open_field.ron");
    ed.apply(EditCommand::SetSeed(Some(5))).unwrap();
    assert_eq!(
        check_reads_back(&ed),
        text.replacen(
            "    ruleset: \"d20_srd\",\n",
            "    ruleset: \"d20_srd\",\n    seed: 5,\n",
            1
        )
    );
    let (text, mut ed) = editor("scenarios/tutorial_relay.ron");
    ed.apply(EditCommand::SetSeed(None)).unwrap();
    assert_eq!(check_reads_back(&ed), text.replacen("    seed: 2021,\n", "", 1));
}

#[test]
fn comments_of_untouched_parts_survive_edits_elsewhere() {
    let (text, mut ed) = editor("scenarios/tutorial_relay.ron");
    ed.apply(EditCommand::Paint {
        squares: vec![Square::new(2, 2)],
        layer: Layer::Light(Light::Dim),
    })
    .unwrap();
    ed.apply(EditCommand::Edge {
        from: Intersection::new(1, 1),
        to: Intersection::new(1, 3),
        kind: Some(EdgeKind::Wall),
    })
    .unwrap();
    ed.apply(EditCommand::SetHiddenInformation(true)).unwrap();
    ed.apply(EditCommand::RemoveUnit("obozaya".into())).unwrap();
    ed.apply(EditCommand::PlaceUnit(custom_unit(
        "starfinder",
        "newbie",
        "crew",
        Square::new(3, 3),
    )))
    .unwrap();
    let out = check_reads_back(&ed);
    let top: String = text.lines().take(3).map(|l| format!("{l}\n")).collect();
    assert!(out.starts_with(&top), "{out}");
    let navasi = &text[text.find("        (\n            id: \"navasi\"").unwrap()
        ..text.find("        (\n            id: \"obozaya\"").unwrap()];
    assert!(out.contains(navasi), "{out}");
    assert!(!out.contains("obozaya"));
    for kept in [
        "        // A closed door on the west edge of the gap (7, 3) in the middle wall: the grid\n",
        "            'c': (terrain: Cover),\n            ',': (terrain: Floor, light: Dim),\n        },\n",
        "            (from: (7, 3), to: (7, 4), kind: Door(open: false)),\n            (from: (1, 1), to: (1, 3), kind: Wall),\n",
        "            \"#.,~~..#..c..#\",\n",
        "    ],\n    hidden_information: true,\n)\n",
        "        (\n            id: \"newbie\", side: \"crew\", at: (3, 3), speed: (land: 30),\n",
    ] {
        assert!(out.contains(kept), "missing {kept:?} in\n{out}");
    }
}

#[test]
fn a_map_drawn_by_size_and_fill_becomes_rows_when_painted() {
    let (text, mut ed) = editor("tests/editor/open_field.ron");
    ed.apply(EditCommand::Paint {
        squares: rect_squares(Square::new(4, 3), Square::new(6, 4), (12, 9)),
        layer: Layer::Terrain(TerrainKind::Difficult),
    })
    .unwrap();
    let out = check_reads_back(&ed);
    let rows = "    map: (\n        rows: [\n            \"............\",\n            \"............\",\n            \"............\",\n            \"....~~~.....\",\n            \"....~~~.....\",\n            \"............\",\n            \"............\",\n            \"............\",\n            \"............\",\n        ],\n        legend: {\n            '.': (terrain: Floor),   // short grass\n            '~': (terrain: Difficult),\n        },\n    ),\n";
    let before = &text[..text.find("    map: (").unwrap()];
    let after = &text[text.find("    sides: [").unwrap()..];
    assert_eq!(out, format!("{before}{rows}{after}"));
}

#[test]
fn a_new_scenario_is_written_in_the_shipped_style() {
    let doc = EditorDoc::blank("saga", 3, 2);
    assert_eq!(
        doc.to_ron(),
        "// A scenario made with the fivefoot scenario editor (docs/scenario-format.md).\nScenario(\n    version: 1,\n    name: \"New scenario\",\n    ruleset: \"saga\",\n    map: (\n        rows: [\n            \"...\",\n            \"...\",\n        ],\n        legend: {\n            '.': (terrain: Floor),\n        },\n    ),\n    sides: [],\n    units: [],\n)\n"
    );
}

#[test]
fn a_file_with_windows_line_ends_and_tabs_keeps_them() {
    let text = read("tests/editor/open_field.ron")
        .replace("\n", "\r\n")
        .replace("    ", "\t");
    let mut ed = Editor::new(EditorDoc::from_text(&text, "t").unwrap());
    assert_eq!(ed.doc.to_ron(), text);
    ed.apply(EditCommand::SetSeed(Some(3))).unwrap();
    ed.apply(EditCommand::PlaceUnit(fivefoot::scenario::format::UnitDef {
        id: Some("n2".into()),
        template: Some("orc_warrior".into()),
        side: Some("north".into()),
        at: Some(Square::new(3, 1)),
        ..Default::default()
    }))
    .unwrap();
    let out = check_reads_back(&ed);
    assert!(out.contains("\r\n\tseed: 3,\r\n"), "{out:?}");
    assert!(
        out.contains("\r\n\t\t(id: \"n2\", template: \"orc_warrior\", side: \"north\", at: (3, 1)),\r\n\t],"),
        "{out:?}"
    );
    assert!(!out.replace("\r\n", "").contains('\n'));
}
