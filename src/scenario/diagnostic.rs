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
    /// One line, always: control characters in the file name or the message (a name written
    /// `"\n"` in a scenario, echoed back) are shown escaped (issue #16 item 11).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: error: {}",
            one_line(&self.file),
            self.line,
            self.col,
            one_line(&self.message)
        )
    }
}

/// `text` with every control character and line or paragraph separator escaped the way Rust
/// writes them in a string (`\n`, `\t`, `\u{1b}`), so text a user wrote can be echoed on one
/// line. Other characters, `é` or `×`, stay as they are.
pub fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    let special = |c: char| c.is_control() || c == '\u{2028}' || c == '\u{2029}';
    if !text.contains(special) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if special(c) {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue #16 item 11: a diagnostic is one line whatever the user wrote.
    #[test]
    fn item11_control_characters_are_escaped_in_diagnostics() {
        let d = Diagnostic {
            file: "a\nb.ron".into(),
            line: 3,
            col: 4,
            message: "unknown ruleset `\n\u{1b}[31m` (é)".into(),
        };
        assert_eq!(
            d.to_string(),
            "a\\nb.ron:3:4: error: unknown ruleset `\\n\\u{1b}[31m` (é)"
        );
        assert_eq!(one_line("plain ×"), "plain ×");
    }
}
