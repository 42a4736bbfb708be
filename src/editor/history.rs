//! The editor: applies commands to the document as undoable steps and tracks whether it has
//! changed since it was opened or saved. Steps are snapshots of the file (small), so undo
//! gives back exactly the file, and with it exactly the text, of the step before.

use super::command::{self, Context, EditCommand, EditError};
use super::doc::EditorDoc;
use crate::scenario::format::{MapDef, ScenarioFile};
use std::path::Path;

/// How many steps undo remembers.
const MAX_UNDO: usize = 500;

/// A document with its undo/redo history.
#[derive(Debug, Clone)]
pub struct Editor {
    pub doc: EditorDoc,
    /// Earlier states with their revision numbers, oldest first.
    undo: Vec<(ScenarioFile, u64)>,
    redo: Vec<(ScenarioFile, u64)>,
    /// The current state's revision; every applied command makes a new one.
    revision: u64,
    next_revision: u64,
    saved_revision: u64,
}

impl Editor {
    pub fn new(doc: EditorDoc) -> Editor {
        Editor {
            doc,
            undo: Vec::new(),
            redo: Vec::new(),
            revision: 0,
            next_revision: 1,
            saved_revision: 0,
        }
    }

    /// Applies `cmd` as one undo step; a refused command changes nothing, and one that
    /// changes nothing adds no step.
    pub fn apply(&mut self, cmd: EditCommand) -> Result<(), EditError> {
        let mut file = self.doc.file.clone();
        let ctx = Context {
            kept_legend: self.doc.kept_legend(),
        };
        command::apply(&mut file, cmd, &ctx)?;
        if same_file(&file, &self.doc.file) {
            return Ok(());
        }
        let before = std::mem::replace(&mut self.doc.file, file);
        self.undo.push((before, self.revision));
        if self.undo.len() > MAX_UNDO {
            self.undo.remove(0);
        }
        self.redo.clear();
        self.revision = self.next_revision;
        self.next_revision += 1;
        Ok(())
    }

    pub fn undo(&mut self) -> bool {
        let Some((file, rev)) = self.undo.pop() else {
            return false;
        };
        let now = std::mem::replace(&mut self.doc.file, file);
        self.redo.push((now, self.revision));
        self.revision = rev;
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some((file, rev)) = self.redo.pop() else {
            return false;
        };
        let now = std::mem::replace(&mut self.doc.file, file);
        self.undo.push((now, self.revision));
        self.revision = rev;
        true
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// A number that changes whenever the file does (apply, undo, redo) and comes back with
    /// the state: the GUI can keep `problems()` until it changes.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether the file differs from the one last opened or saved.
    pub fn is_dirty(&self) -> bool {
        self.revision != self.saved_revision
    }

    /// Saves atomically to `path`; the file is clean afterwards.
    pub fn save_as(&mut self, path: &Path) -> std::io::Result<()> {
        self.doc.save_as(path)?;
        self.saved_revision = self.revision;
        Ok(())
    }
}

/// Whether two files hold the same values. The map, the large part, is compared field by
/// field; the rest by its canonical RON (painting runs this on every brush step).
pub(crate) fn same_file(a: &ScenarioFile, b: &ScenarioFile) -> bool {
    use super::map_edit::same_entry;
    let (ma, mb) = (&a.map, &b.map);
    let same_map = ma.rows == mb.rows
        && ma.size == mb.size
        && ma.fill == mb.fill
        && ma.legend.len() == mb.legend.len()
        && ma
            .legend
            .iter()
            .zip(&mb.legend)
            .all(|((ca, ea), (cb, eb))| ca == cb && same_entry(ea, eb))
        && ma.edges.len() == mb.edges.len()
        && ma
            .edges
            .iter()
            .zip(&mb.edges)
            .all(|(x, y)| x.from == y.from && x.to == y.to && x.kind == y.kind);
    let without_map = |f: &ScenarioFile| {
        let mut rest = f.clone();
        rest.map = MapDef {
            rows: Vec::new(),
            size: None,
            fill: None,
            legend: Default::default(),
            edges: Vec::new(),
        };
        super::writer::canonical(&rest)
    };
    same_map && without_map(a) == without_map(b)
}
