//! The layout-keeping writer: a file that did not change is written back as the exact text
//! it was read from; a changed one keeps the comment block at the top.

use crate::scenario::format::ScenarioFile;
use serde::Serialize;
use std::collections::BTreeSet;

/// What the writer keeps from the file as opened.
#[derive(Debug)]
pub(crate) struct Baseline {
    pub text: String,
    /// The canonical RON of the file the text parses to.
    pub canon: String,
    /// Its legend characters (painting never removes them).
    pub legend: BTreeSet<char>,
}

impl Baseline {
    pub fn new(text: String, file: &ScenarioFile) -> Baseline {
        Baseline {
            text,
            canon: canonical(file),
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
    if canonical(file) == base.canon {
        return base.text.clone();
    }
    format!("{}{}", leading_comments(&base.text), body(file))
}

/// The text of a new scenario: a short comment, then the file.
pub(crate) fn fresh(file: &ScenarioFile) -> String {
    format!(
        "// {}: made with the fivefoot scenario editor.\n{}",
        file.name.replace('\n', " "),
        body(file)
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

fn body(file: &ScenarioFile) -> String {
    let config = ron::ser::PrettyConfig::new().indentor("    ").struct_names(false);
    let text = ron::ser::to_string_pretty(file, config).unwrap_or_default();
    format!("Scenario{text}\n")
}
