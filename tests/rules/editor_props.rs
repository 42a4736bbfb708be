//! Random edit sequences through the editor's command layer: after every command the
//! written text reads back as exactly the edited file, and undoing everything gives back the
//! original text byte for byte (redoing everything, the edited text).

use fivefoot::editor::{EditCommand, Editor, EditorDoc, Layer, brush_squares, custom_unit, flood_fill, rect_squares};
use fivefoot::grid::{Concealment, Heading, Intersection, Light, Square};
use fivefoot::scenario::format::{Control, EdgeKind, Goal, ObjectiveDef, SideDef, TerrainKind, UnitDef};
use fivefoot::scenario::parse_str;
use proptest::prelude::*;
use std::path::Path;

const FILES: [&str; 8] = [
    "scenarios/tutorial_relay.ron",
    "scenarios/d20_srd_ruined_keep.ron",
    "scenarios/d20_modern_warehouse.ron",
    "scenarios/saga_hangar.ron",
    "scenarios/starfinder_buggy_raid.ron",
    "scenarios/starfinder_redliner_chase.ron",
    "scenarios/starfinder_salvage_yard.ron",
    "tests/editor/open_field.ron",
];

#[derive(Debug, Clone)]
enum Op {
    Paint {
        x: u8,
        y: u8,
        size: u8,
        layer: u8,
    },
    Rect {
        x0: u8,
        y0: u8,
        x1: u8,
        y1: u8,
        layer: u8,
    },
    Fill {
        x: u8,
        y: u8,
        layer: u8,
    },
    Resize {
        dw: i8,
        dh: i8,
    },
    Edge {
        x: u8,
        y: u8,
        len: u8,
        vertical: bool,
        kind: u8,
    },
    Name(String),
    Description(String),
    Seed(Option<u64>),
    Hidden(bool),
    AddSide(String),
    EditSide {
        idx: u8,
        name: String,
        new_id: bool,
    },
    RemoveSide(u8),
    PlaceUnit {
        side: u8,
        x: u8,
        y: u8,
        template: bool,
    },
    EditUnit {
        idx: u8,
        name: String,
    },
    MoveUnit {
        idx: u8,
        x: u8,
        y: u8,
    },
    Rotate {
        idx: u8,
        heading: u8,
    },
    RemoveUnit(u8),
    AddObjective {
        side: u8,
        rounds: u8,
    },
    EditObjective {
        idx: u8,
        rounds: u8,
    },
    RemoveObjective(u8),
    Zone {
        id: u8,
        x0: u8,
        y0: u8,
        x1: u8,
        y1: u8,
        on: bool,
    },
    Undo,
    Redo,
}

fn text() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 \"\\\\é\n'#/]{0,10}"
}

fn op() -> impl Strategy<Value = Op> {
    let c = 0u8..40;
    prop_oneof![
        4 => (c.clone(), c.clone(), 0u8..6, 0u8..12).prop_map(|(x, y, size, layer)| Op::Paint { x, y, size, layer }),
        2 => (c.clone(), c.clone(), c.clone(), c.clone(), 0u8..12).prop_map(|(x0, y0, x1, y1, layer)| Op::Rect { x0, y0, x1, y1, layer }),
        1 => (c.clone(), c.clone(), 0u8..12).prop_map(|(x, y, layer)| Op::Fill { x, y, layer }),
        1 => (-6i8..6, -6i8..6).prop_map(|(dw, dh)| Op::Resize { dw, dh }),
        3 => (c.clone(), c.clone(), 1u8..8, any::<bool>(), 0u8..4).prop_map(|(x, y, len, vertical, kind)| Op::Edge { x, y, len, vertical, kind }),
        1 => text().prop_map(Op::Name),
        1 => text().prop_map(Op::Description),
        1 => proptest::option::of(any::<u64>()).prop_map(Op::Seed),
        1 => any::<bool>().prop_map(Op::Hidden),
        1 => text().prop_map(Op::AddSide),
        1 => (any::<u8>(), text(), any::<bool>()).prop_map(|(idx, name, new_id)| Op::EditSide { idx, name, new_id }),
        1 => any::<u8>().prop_map(Op::RemoveSide),
        3 => (any::<u8>(), c.clone(), c.clone(), any::<bool>()).prop_map(|(side, x, y, template)| Op::PlaceUnit { side, x, y, template }),
        1 => (any::<u8>(), text()).prop_map(|(idx, name)| Op::EditUnit { idx, name }),
        3 => (any::<u8>(), c.clone(), c.clone()).prop_map(|(idx, x, y)| Op::MoveUnit { idx, x, y }),
        1 => (any::<u8>(), 0u8..4).prop_map(|(idx, heading)| Op::Rotate { idx, heading }),
        2 => any::<u8>().prop_map(Op::RemoveUnit),
        1 => (any::<u8>(), 0u8..4).prop_map(|(side, rounds)| Op::AddObjective { side, rounds }),
        1 => (any::<u8>(), 0u8..4).prop_map(|(idx, rounds)| Op::EditObjective { idx, rounds }),
        1 => any::<u8>().prop_map(Op::RemoveObjective),
        2 => (0u8..3, c.clone(), c.clone(), c.clone(), c, any::<bool>()).prop_map(|(id, x0, y0, x1, y1, on)| Op::Zone { id, x0, y0, x1, y1, on }),
        2 => Just(Op::Undo),
        1 => Just(Op::Redo),
    ]
}

fn layer(n: u8) -> Layer {
    const TERRAIN: [TerrainKind; 6] = [
        TerrainKind::Floor,
        TerrainKind::Wall,
        TerrainKind::Difficult,
        TerrainKind::LowObstacle,
        TerrainKind::Cover,
        TerrainKind::ImprovedCover,
    ];
    const LIGHT: [Light; 4] = [Light::Bright, Light::Normal, Light::Dim, Light::Darkness];
    const CONCEALMENT: [Concealment; 3] = [Concealment::None, Concealment::Normal, Concealment::Total];
    match n {
        0..6 => Layer::Terrain(TERRAIN[n as usize]),
        6..10 => Layer::Light(LIGHT[(n - 6) as usize]),
        _ => Layer::Concealment(CONCEALMENT[(n - 10) as usize % 3]),
    }
}

fn pick<T>(list: &[T], i: u8) -> Option<&T> {
    (!list.is_empty()).then(|| &list[i as usize % list.len()])
}

/// The command an op stands for in the editor's current state (`None`: undo/redo or nothing
/// to pick from).
fn command(ed: &mut Editor, op: Op) -> Option<EditCommand> {
    let file = &ed.doc.file;
    let size = ed.doc.size();
    let sq = |x: u8, y: u8| Square::new(x as i32, y as i32);
    let side_id = |i: u8| pick(&file.sides, i).map(|s| s.id.clone());
    let unit_id = |i: u8| pick(&file.units, i).and_then(|u| u.id.clone());
    let rounds_goal = |side: String, rounds: u8| ObjectiveDef {
        side,
        goal: if rounds == 0 {
            Goal::SurviveRounds(3)
        } else {
            Goal::HoldZone {
                zone: "z0".into(),
                rounds: rounds as u32,
            }
        },
    };
    Some(match op {
        Op::Undo => {
            ed.undo();
            return None;
        }
        Op::Redo => {
            ed.redo();
            return None;
        }
        Op::Paint {
            x,
            y,
            size: s,
            layer: l,
        } => EditCommand::Paint {
            squares: brush_squares(sq(x, y), s as u32, size),
            layer: layer(l),
        },
        Op::Rect {
            x0,
            y0,
            x1,
            y1,
            layer: l,
        } => EditCommand::Paint {
            squares: rect_squares(sq(x0, y0), sq(x1, y1), size),
            layer: layer(l),
        },
        Op::Fill { x, y, layer: l } => EditCommand::Paint {
            squares: flood_fill(&ed.doc, sq(x, y)),
            layer: layer(l),
        },
        Op::Resize { dw, dh } => EditCommand::Resize {
            width: (size.0 as i64 + dw as i64).max(0) as u32,
            height: (size.1 as i64 + dh as i64).max(0) as u32,
        },
        Op::Edge {
            x,
            y,
            len,
            vertical,
            kind,
        } => {
            let from = Intersection::new(x as i32, y as i32);
            let to = if vertical {
                Intersection::new(x as i32, (y + len) as i32)
            } else {
                Intersection::new((x + len) as i32, y as i32)
            };
            let kind = match kind {
                0 => None,
                1 => Some(EdgeKind::Wall),
                2 => Some(EdgeKind::Door { open: false }),
                _ => Some(EdgeKind::Door { open: true }),
            };
            EditCommand::Edge { from, to, kind }
        }
        Op::Name(s) => EditCommand::SetName(s),
        Op::Description(s) => EditCommand::SetDescription(s),
        Op::Seed(s) => EditCommand::SetSeed(s),
        Op::Hidden(b) => EditCommand::SetHiddenInformation(b),
        Op::AddSide(name) => EditCommand::AddSide(SideDef {
            id: format!("side_{}", file.sides.len()),
            name,
            control: Control::Human,
            colour: "#123456".into(),
            ai: None,
        }),
        Op::EditSide { idx, name, new_id } => {
            let id = side_id(idx)?;
            let mut side = pick(&file.sides, idx)?.clone();
            side.name = name;
            if new_id {
                side.id = format!("{id}_x");
            }
            EditCommand::EditSide { id, side }
        }
        Op::RemoveSide(i) => EditCommand::RemoveSide(side_id(i)?),
        Op::PlaceUnit { side, x, y, template } => {
            let side = side_id(side)?;
            let id = fivefoot::editor::next_unit_id(file, "new");
            if template {
                EditCommand::PlaceUnit(UnitDef {
                    id: Some(id),
                    template: Some("space_goblin".into()),
                    side: Some(side),
                    at: Some(sq(x, y)),
                    ..UnitDef::default()
                })
            } else {
                EditCommand::PlaceUnit(custom_unit(&file.ruleset, &id, &side, sq(x, y)))
            }
        }
        Op::EditUnit { idx, name } => {
            let id = unit_id(idx)?;
            let mut unit = pick(&file.units, idx)?.clone();
            unit.name = (!name.is_empty()).then_some(name);
            EditCommand::EditUnit { id, unit }
        }
        Op::MoveUnit { idx, x, y } => EditCommand::MoveUnit {
            id: unit_id(idx)?,
            to: sq(x, y),
        },
        Op::Rotate { idx, heading } => EditCommand::RotateVehicle {
            id: unit_id(idx)?,
            heading: [Heading::N, Heading::E, Heading::S, Heading::W][heading as usize],
        },
        Op::RemoveUnit(i) => EditCommand::RemoveUnit(unit_id(i)?),
        Op::AddObjective { side, rounds } => EditCommand::AddObjective(rounds_goal(side_id(side)?, rounds)),
        Op::EditObjective { idx, rounds } => {
            let index = idx as usize % file.objectives.len().max(1);
            let side = file.objectives.get(index)?.side.clone();
            EditCommand::EditObjective {
                index,
                objective: rounds_goal(side, rounds),
            }
        }
        Op::RemoveObjective(i) => EditCommand::RemoveObjective(i as usize % file.objectives.len().max(1)),
        Op::Zone { id, x0, y0, x1, y1, on } => EditCommand::PaintZone {
            id: format!("z{id}"),
            squares: rect_squares(sq(x0, y0), sq(x1, y1), size),
            on,
        },
    })
}

fn reads_back(ed: &Editor) -> Result<(), TestCaseError> {
    let text = ed.doc.to_ron();
    let back = parse_str(&text, "t").map_err(|e| TestCaseError::fail(format!("{e:?}\n{text}")))?;
    prop_assert_eq!(
        ron::to_string(&back).unwrap(),
        ron::to_string(&ed.doc.file).unwrap(),
        "{}",
        text
    );
    Ok(())
}

/// Byte offsets just after a `,` or an opening bracket outside strings, chars and comments,
/// where a person may put spaces, line breaks and comments.
fn gaps(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' | b'\'' => {
                let q = b[i];
                i += 1;
                while i < b.len() && b[i] != q {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b',' | b'(' | b'[' | b'{' => out.push(i + 1),
            _ => {}
        }
        i += 1;
    }
    out
}

const TRIVIA: [&str; 6] = [
    " ",
    "\n",
    "\n        // a comment\n        ",
    "  // trailing\n",
    " /* block */ ",
    "\n\n",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn odd_spacing_and_comments_anywhere_survive_edits(
        which in 0..FILES.len(),
        inserts in proptest::collection::vec((any::<proptest::sample::Index>(), 0..TRIVIA.len()), 1..12),
        ops in proptest::collection::vec(op(), 1..8),
    ) {
        let mut text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(FILES[which])).unwrap();
        for (at, t) in inserts {
            let spots = gaps(&text);
            let pos = spots[at.index(spots.len())];
            text.insert_str(pos, TRIVIA[t]);
        }
        prop_assume!(parse_str(&text, "t").is_ok());
        let mut ed = Editor::new(EditorDoc::from_text(&text, "t").unwrap());
        prop_assert_eq!(ed.doc.to_ron(), text.clone());
        for op in ops {
            if let Some(cmd) = command(&mut ed, op) {
                let _ = ed.apply(cmd);
            }
            reads_back(&ed)?;
        }
        while ed.undo() {}
        prop_assert_eq!(ed.doc.to_ron(), text);
    }

    #[test]
    fn random_edits_read_back_exactly_and_undo_all_gives_the_original_bytes(
        which in 0..FILES.len(),
        ops in proptest::collection::vec(op(), 1..14),
    ) {
        let original = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(FILES[which])).unwrap();
        let mut ed = Editor::new(EditorDoc::from_text(&original, FILES[which]).unwrap());
        for op in ops {
            if let Some(cmd) = command(&mut ed, op) {
                let before = ed.doc.to_ron();
                if ed.apply(cmd).is_err() {
                    prop_assert_eq!(ed.doc.to_ron(), before);
                }
            }
            reads_back(&ed)?;
        }
        let edited = ed.doc.to_ron();
        let mut steps = 0;
        while ed.undo() {
            steps += 1;
            reads_back(&ed)?;
        }
        prop_assert_eq!(ed.doc.to_ron(), original);
        for _ in 0..steps {
            prop_assert!(ed.redo());
        }
        prop_assert_eq!(ed.doc.to_ron(), edited);
    }

    #[test]
    fn a_damaged_file_never_makes_the_editor_panic(
        which in 0..FILES.len(),
        cut in any::<proptest::sample::Index>(),
        len in 0usize..40,
        junk in "[ -~\n]{0,6}",
        ops in proptest::collection::vec(op(), 0..5),
    ) {
        let mut text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(FILES[which])).unwrap();
        let mut at = cut.index(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let mut end = (at + len).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.replace_range(at..end, &junk);
        let Ok(doc) = EditorDoc::from_text(&text, "t") else {
            return Ok(());
        };
        prop_assert_eq!(doc.to_ron(), text.clone());
        let _ = doc.problems(&fivefoot::scenario::Templates::shipped());
        let mut ed = Editor::new(doc);
        for op in ops {
            if let Some(cmd) = command(&mut ed, op) {
                let _ = ed.apply(cmd);
            }
            reads_back(&ed)?;
            let _ = ed.doc.problems(&fivefoot::scenario::Templates::shipped());
        }
    }
}
