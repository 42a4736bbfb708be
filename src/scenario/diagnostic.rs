//! Problems found in a scenario file, located at `file:line:col` with a hint to fix them.

use super::spans::{Seg, SourceMap};
use std::fmt;

/// One problem with a scenario, ready to print as `FILE:LINE:COL: error: MESSAGE`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Diagnostic {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: error: {}", self.file, self.line, self.col, self.message)
    }
}

/// A problem found by semantic validation, located by a path into the document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub path: Vec<Seg>,
    /// For problems inside a string (a map row): the character offset in it.
    pub char_in_string: Option<usize>,
    /// Point at the field name instead of its value (e.g. a field that must not be there).
    pub at_key: bool,
    pub message: String,
}

impl Problem {
    pub fn at(path: Vec<Seg>, message: impl Into<String>) -> Self {
        Self {
            path,
            char_in_string: None,
            at_key: false,
            message: message.into(),
        }
    }

    pub fn at_key(path: Vec<Seg>, message: impl Into<String>) -> Self {
        Self {
            path,
            char_in_string: None,
            at_key: true,
            message: message.into(),
        }
    }

    pub fn in_string(path: Vec<Seg>, offset: usize, message: impl Into<String>) -> Self {
        Self {
            path,
            char_in_string: Some(offset),
            at_key: false,
            message: message.into(),
        }
    }

    /// Resolves the path against the source text.
    pub fn locate(&self, file: &str, source: &SourceMap) -> Diagnostic {
        let pos = match (self.char_in_string, self.at_key) {
            (Some(offset), _) => source.pos_in_string(&self.path, offset),
            (None, true) => source.key_pos(&self.path),
            (None, false) => source.value_pos(&self.path),
        };
        Diagnostic {
            file: file.to_string(),
            line: pos.line,
            col: pos.col,
            message: self.message.clone(),
        }
    }
}
