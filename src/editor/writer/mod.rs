//! The layout-keeping writer. A file that did not change is written back as the exact text
//! it was read from. A changed one is spliced (`splice`): every value, list item and legend
//! entry that did not change keeps its source text and comments, and only the changed parts
//! are written, in the style of the shipped scenarios (`render`) with defaults left out
//! (`minimal`). Whatever is written is read back and must give exactly the edited file;
//! if not (never expected), the file is written afresh below its top comment block.

mod cst;
mod minimal;
mod render;
mod splice;

use crate::scenario::format::{LegendEntry, MapDef, ScenarioFile};
use crate::scenario::ron_options;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// What the writer keeps from the file as opened.
#[derive(Debug)]
pub(crate) struct Baseline {
    pub text: String,
    /// The source text indexed (`None` if the scanner cannot index it).
    doc: Option<cst::Doc>,
    /// The canonical RON of the file the text parses to, and its index.
    pub canon: String,
    canon_doc: Option<cst::Doc>,
    /// Its legend characters (painting never removes them).
    pub legend: BTreeSet<char>,
}

impl Baseline {
    pub fn new(text: String, file: &ScenarioFile) -> Baseline {
        let canon = canonical(file);
        Baseline {
            doc: cst::parse(&text),
            canon_doc: cst::parse(&canon),
            text,
            canon,
            legend: file.map.legend.keys().copied().collect(),
        }
    }
}

/// ron's compact serialization: equal values give equal text.
pub(crate) fn canonical<T: Serialize>(value: &T) -> String {
    ron::to_string(value).unwrap_or_default()
}

/// `file` as text, keeping `base` where it can.
pub(crate) fn write(base: &Baseline, file: &ScenarioFile) -> String {
    let canon = canonical(file);
    if canon == base.canon {
        return base.text.clone();
    }
    let min = minimal_file(file);
    if let Some(text) = spliced(base, &canon, &min) {
        return same_line_ends(&base.text, text, &canon);
    }
    let afresh = format!("{}{}", leading_comments(&base.text), body(&min));
    if reads_back(&afresh, &canon) {
        return afresh;
    }
    let config = ron::ser::PrettyConfig::new().indentor("    ").struct_names(false);
    format!(
        "{}Scenario{}\n",
        leading_comments(&base.text),
        ron::ser::to_string_pretty(file, config).unwrap_or_default()
    )
}

/// `text` with the new line breaks written like the source's, if those are `\r\n` (and the
/// text still reads back as `canon`).
fn same_line_ends(source: &str, text: String, canon: &str) -> String {
    if !source.contains("\r\n") {
        return text;
    }
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    let mut prev = '\0';
    for c in text.chars() {
        if c == '\n' && prev != '\r' {
            out.push('\r');
        }
        out.push(c);
        prev = c;
    }
    if reads_back(&out, canon) { out } else { text }
}

/// Whether `text` reads back as the file whose canonical text is `canon`.
fn reads_back(text: &str, canon: &str) -> bool {
    ron_options()
        .from_str::<ScenarioFile>(text)
        .is_ok_and(|back| canonical(&back) == canon)
}

/// The source text with the changes spliced in, if it reads back as the file (`canon`,
/// minimal text `min`).
fn spliced(base: &Baseline, canon: &str, min: &str) -> Option<String> {
    let (src_doc, orig_doc) = (base.doc.as_ref()?, base.canon_doc.as_ref()?);
    let (new_doc, min_doc) = (cst::parse(canon)?, cst::parse(min)?);
    let text = splice::splice(&splice::Inputs {
        src: &base.text,
        src_doc,
        orig: &base.canon,
        orig_doc,
        new: canon,
        new_doc: &new_doc,
        min,
        min_doc: &min_doc,
    });
    reads_back(&text, canon).then_some(text)
}

/// The text of a new scenario: a short comment (kept as the file's top comment block, so it
/// names no field that may change), then the file.
pub(crate) fn fresh(file: &ScenarioFile) -> String {
    format!(
        "// A scenario made with the fivefoot scenario editor (docs/scenario-format.md).\n{}",
        body(&minimal_file(file))
    )
}

/// The comment lines (and blank lines) before the scenario itself.
fn leading_comments(text: &str) -> &str {
    let mut end = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if t.is_empty() || t.starts_with("//") {
            end += line.len();
        } else {
            break;
        }
    }
    &text[..end]
}

/// The whole file laid out from its minimal text.
fn body(min: &str) -> String {
    match cst::parse(min) {
        Some(doc) => format!("Scenario{}\n", render::render(min, &doc.root, 0, 8, &[])),
        None => format!("Scenario{min}\n"),
    }
}

/// The minimal text of the whole file. The scenario's own fields are decided on a light
/// copy (a one-square map, lists cut to one item) so the trial reads stay small; the map and
/// each list item are made minimal on their own.
fn minimal_file(file: &ScenarioFile) -> String {
    let mut light = file.clone();
    let mut legend = BTreeMap::new();
    legend.insert('.', super::map_edit::floor());
    light.map = MapDef {
        rows: vec![".".into()],
        size: None,
        fill: None,
        legend,
        edges: Vec::new(),
    };
    light.sides.truncate(1);
    light.units.truncate(1);
    light.zones.truncate(1);
    light.objectives.truncate(1);
    let top = minimal::minimal(&light);
    let Some(doc) = cst::parse(&top) else {
        return canonical(file);
    };
    fn items<T: Serialize + serde::de::DeserializeOwned>(list: &[T]) -> String {
        let parts: Vec<String> = list.iter().map(minimal::minimal).collect();
        format!("[{}]", parts.join(","))
    }
    let mut fields = Vec::new();
    for e in &doc.root.entries {
        let Some(name) = e.key_text(&top) else {
            return canonical(file);
        };
        let text = match name {
            "map" => minimal_map(&file.map),
            "sides" => items(&file.sides),
            "units" => items(&file.units),
            "zones" => items(&file.zones),
            "objectives" => items(&file.objectives),
            _ => e.value.text(&top).to_string(),
        };
        fields.push(format!("{name}:{text}"));
    }
    format!("({})", fields.join(","))
}

/// The map's minimal text: its own fields decided without the legend and rows, then the
/// legend entries each made minimal.
fn minimal_map(map: &MapDef) -> String {
    let mut light = map.clone();
    light.legend = BTreeMap::new();
    let top = minimal::minimal(&light);
    let Some(doc) = cst::parse(&top) else {
        return canonical(map);
    };
    let mut fields = Vec::new();
    for e in &doc.root.entries {
        let Some(name) = e.key_text(&top) else {
            return canonical(map);
        };
        let text = match name {
            "legend" => {
                let parts: Vec<String> = map
                    .legend
                    .iter()
                    .map(|(c, entry): (&char, &LegendEntry)| format!("{}:{}", canonical(c), minimal::minimal(entry)))
                    .collect();
                format!("{{{}}}", parts.join(","))
            }
            "edges" => {
                let parts: Vec<String> = map.edges.iter().map(minimal::minimal).collect();
                format!("[{}]", parts.join(","))
            }
            _ => e.value.text(&top).to_string(),
        };
        fields.push(format!("{name}:{text}"));
    }
    format!("({})", fields.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::{EditCommand, Editor, EditorDoc, Layer, custom_unit, rect_squares};
    use crate::grid::{Intersection, Light, Square};
    use crate::scenario::format::{EdgeKind, Goal, ObjectiveDef, TerrainKind};

    /// Each edit on its own, on every shipped scenario, is written by splicing (not by the
    /// fallback that writes the file afresh).
    #[test]
    fn edits_to_shipped_scenarios_are_spliced() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).collect();
        files.sort();
        assert!(files.len() >= 7);
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let doc = EditorDoc::from_text(&text, "t").unwrap();
            let (w, h) = doc.size();
            let side = doc.file.sides[0].id.clone();
            let unit = doc.file.units[0].id.clone().unwrap();
            let commands = vec![
                EditCommand::SetName("A \"quoted\"\nname é".into()),
                EditCommand::SetDescription(String::new()),
                EditCommand::SetSeed(Some(1)),
                EditCommand::SetSeed(None),
                EditCommand::SetHiddenInformation(true),
                EditCommand::Paint {
                    squares: rect_squares(Square::new(1, 1), Square::new(3, 2), (w, h)),
                    layer: Layer::Light(Light::Darkness),
                },
                EditCommand::Paint {
                    squares: vec![Square::new(2, 2)],
                    layer: Layer::Terrain(TerrainKind::ImprovedCover),
                },
                EditCommand::Resize {
                    width: w + 2,
                    height: h + 1,
                },
                EditCommand::Resize {
                    width: w - 1,
                    height: h - 1,
                },
                EditCommand::Edge {
                    from: Intersection::new(1, 1),
                    to: Intersection::new(1, 3),
                    kind: Some(EdgeKind::Wall),
                },
                EditCommand::RemoveSide(side.clone()),
                EditCommand::PlaceUnit(custom_unit(&doc.file.ruleset, "zz", &side, Square::new(1, 1))),
                EditCommand::MoveUnit {
                    id: unit.clone(),
                    to: Square::new(1, 1),
                },
                EditCommand::RemoveUnit(unit),
                EditCommand::PaintZone {
                    id: "zz".into(),
                    squares: rect_squares(Square::new(1, 1), Square::new(2, 3), (w, h)),
                    on: true,
                },
                EditCommand::AddObjective(ObjectiveDef {
                    side,
                    goal: Goal::SurviveRounds(4),
                }),
            ];
            for cmd in commands {
                let mut ed = Editor::new(doc.clone());
                let what = format!("{}: {cmd:?}", path.display());
                ed.apply(cmd).unwrap();
                let canon = canonical(&ed.doc.file);
                let out = spliced(&ed.doc.base, &canon, &minimal_file(&ed.doc.file));
                assert!(out.is_some(), "{what}");
                assert!(out.unwrap().starts_with(leading_comments(&text)), "{what}");
            }
        }
    }

    fn shipped() -> Vec<(String, EditorDoc)> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).collect();
        files.sort();
        files
            .into_iter()
            .map(|p| {
                let text = std::fs::read_to_string(&p).unwrap();
                let doc = EditorDoc::from_text(&text, "t").unwrap();
                (text, doc)
            })
            .collect()
    }

    /// A command from four small numbers, for the state `ed` is in.
    fn command(ed: &Editor, k: u8, a: u8, b: u8, c: u8) -> Option<EditCommand> {
        let file = &ed.doc.file;
        let (w, h) = ed.doc.size();
        let sq = |x: u8, y: u8| Square::new(i32::from(x % 40), i32::from(y % 40));
        let unit = |i: u8| {
            file.units
                .get(i as usize % file.units.len().max(1))
                .and_then(|u| u.id.clone())
        };
        let side = |i: u8| {
            file.sides
                .get(i as usize % file.sides.len().max(1))
                .map(|s| s.id.clone())
        };
        let layers = [
            Layer::Terrain(TerrainKind::Wall),
            Layer::Terrain(TerrainKind::Floor),
            Layer::Terrain(TerrainKind::Cover),
            Layer::Light(Light::Dim),
            Layer::Light(Light::Normal),
        ];
        Some(match k % 12 {
            0 | 1 => EditCommand::Paint {
                squares: rect_squares(sq(a, b), sq(a.saturating_add(c % 4), b.saturating_add(c % 3)), (w, h)),
                layer: layers[c as usize % 5],
            },
            2 => EditCommand::Resize {
                width: (w + u32::from(a % 5)).saturating_sub(2).max(1),
                height: (h + u32::from(b % 5)).saturating_sub(2).max(1),
            },
            3 => EditCommand::Edge {
                from: Intersection::new(i32::from(a % 20), i32::from(b % 10)),
                to: Intersection::new(i32::from(a % 20), i32::from(b % 10 + c % 4 + 1)),
                kind: [None, Some(EdgeKind::Wall), Some(EdgeKind::Door { open: true })][c as usize % 3],
            },
            4 => EditCommand::MoveUnit {
                id: unit(a)?,
                to: sq(b, c),
            },
            5 => EditCommand::RemoveUnit(unit(a)?),
            6 => EditCommand::PlaceUnit(custom_unit(
                &file.ruleset,
                &crate::editor::next_unit_id(file, "p"),
                &side(a)?,
                sq(b, c),
            )),
            7 => EditCommand::PaintZone {
                id: format!("z{}", a % 2),
                squares: rect_squares(sq(b, c), sq(b.saturating_add(2), c.saturating_add(1)), (w, h)),
                on: !a.is_multiple_of(3),
            },
            8 => EditCommand::AddObjective(ObjectiveDef {
                side: side(a)?,
                goal: Goal::SurviveRounds(u32::from(b % 5 + 1)),
            }),
            9 => EditCommand::RemoveObjective(a as usize % file.objectives.len().max(1)),
            10 => EditCommand::SetSeed(a.is_multiple_of(2).then_some(u64::from(b))),
            _ => EditCommand::RemoveSide(side(a)?),
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 40, failure_persistence: None, ..Default::default() })]

        /// After any sequence of edits, the file is written by splicing.
        #[test]
        fn random_edits_are_spliced(
            which in 0usize..7,
            ops in proptest::collection::vec((0u8..12, 0u8..255, 0u8..255, 0u8..255), 1..10),
        ) {
            let (text, doc) = shipped().swap_remove(which);
            let mut ed = Editor::new(doc);
            for (k, a, b, c) in ops {
                if let Some(cmd) = command(&ed, k, a, b, c) {
                    let _ = ed.apply(cmd);
                }
                let canon = canonical(&ed.doc.file);
                if canon == ed.doc.base.canon {
                    continue;
                }
                let out = spliced(&ed.doc.base, &canon, &minimal_file(&ed.doc.file));
                proptest::prop_assert!(out.as_ref().is_some_and(|o| o.starts_with(leading_comments(&text))), "{:?}", ed.doc.file);
            }
        }
    }
}
