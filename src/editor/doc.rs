//! The document the editor works on: the raw scenario file, where it is saved, and the text
//! it was read from (which the writer keeps wherever the file did not change).

use super::map_edit::{cell_char, floor, map_size};
use super::problems::{EditorProblem, target_of};
use super::writer;
use crate::grid::Square;
use crate::scenario::format::{LegendEntry, MapDef, ScenarioFile};
use crate::scenario::spans::SourceMap;
use crate::scenario::{Diagnostic, Templates, parse_str, read_text, validate};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A scenario being edited.
#[derive(Debug, Clone)]
pub struct EditorDoc {
    pub file: ScenarioFile,
    pub path: Option<PathBuf>,
    pub(crate) base: Arc<writer::Baseline>,
}

impl EditorDoc {
    /// A new scenario: an open floor map of `width × height` (clamped to 1..=256), no sides or
    /// units, named "New scenario".
    pub fn blank(ruleset: &str, width: u32, height: u32) -> EditorDoc {
        let (w, h) = (
            width.clamp(1, super::MAX_EDIT_SIDE),
            height.clamp(1, super::MAX_EDIT_SIDE),
        );
        let mut legend = BTreeMap::new();
        legend.insert('.', floor());
        let file = ScenarioFile {
            version: 1,
            name: "New scenario".into(),
            description: String::new(),
            ruleset: ruleset.to_string(),
            seed: None,
            gravity: Default::default(),
            map: MapDef {
                rows: vec![".".repeat(w as usize); h as usize],
                size: None,
                fill: None,
                legend,
                edges: Vec::new(),
            },
            sides: Vec::new(),
            units: Vec::new(),
            zones: Vec::new(),
            objectives: Vec::new(),
            hidden_information: false,
            chase: None,
        };
        let text = writer::fresh(&file);
        EditorDoc {
            base: Arc::new(writer::Baseline::new(text, &file)),
            file,
            path: None,
        }
    }

    /// Reads the scenario at `path`; refuses only unreadable or syntax-broken files
    /// (semantic problems are listed by `problems`).
    pub fn open(path: &Path) -> Result<EditorDoc, Vec<Diagnostic>> {
        let text = read_text(path)?;
        let mut doc = Self::from_text(&text, &path.display().to_string())?;
        doc.path = Some(path.to_path_buf());
        Ok(doc)
    }

    /// Reads scenario text; `label` names it in diagnostics.
    pub fn from_text(text: &str, label: &str) -> Result<EditorDoc, Vec<Diagnostic>> {
        let file = parse_str(text, label)?;
        Ok(EditorDoc {
            base: Arc::new(writer::Baseline::new(text.to_string(), &file)),
            file,
            path: None,
        })
    }

    /// The file as text: the text it was read from where nothing changed, new parts in the
    /// same style (see `docs/scenario-format.md`, "Files written by the editor").
    pub fn to_ron(&self) -> String {
        writer::write(&self.base, &self.file)
    }

    /// Saves atomically to `path` and remembers it.
    pub fn save_as(&mut self, path: &Path) -> std::io::Result<()> {
        super::save::write_atomic(path, &self.to_ron())?;
        self.path = Some(path.to_path_buf());
        Ok(())
    }

    /// The map's width and height in squares.
    pub fn size(&self) -> (u32, u32) {
        map_size(&self.file.map)
    }

    /// The legend entry painted on `sq` (`None` off the map or for a character missing from
    /// the legend).
    pub fn cell(&self, sq: Square) -> Option<&LegendEntry> {
        self.file.map.legend.get(&cell_char(&self.file.map, sq)?)
    }

    /// The validator's problems with the file as written (empty = valid), in file order.
    pub fn problems(&self, templates: &Templates) -> Vec<EditorProblem> {
        let Err(problems) = validate(&self.file, templates) else {
            return Vec::new();
        };
        let text = self.to_ron();
        let source = SourceMap::new(&text);
        let mut out: Vec<EditorProblem> = problems
            .iter()
            .map(|p| {
                let d = p.locate("", &source);
                EditorProblem {
                    message: p.message.clone(),
                    line: d.line,
                    col: d.col,
                    target: target_of(&self.file, p),
                }
            })
            .collect();
        out.sort_by_key(|p| (p.line, p.col));
        out
    }

    /// Legend characters of the file as opened: painting never removes them.
    pub(crate) fn kept_legend(&self) -> &BTreeSet<char> {
        &self.base.legend
    }
}
