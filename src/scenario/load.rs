//! Reading scenario files: size and encoding checks, RON syntax errors from ron's spans,
//! then semantic validation located with the span index. Never panics on any input.

use super::diagnostic::Diagnostic;
use super::format::ScenarioFile;
use super::spans::SourceMap;
use super::spec::ScenarioSpec;
use super::syntax::syntax_diagnostic;
use super::templates::Templates;
use super::validate::validate;
use ron::extensions::Extensions;
use std::path::Path;

/// Files larger than this are refused before they are read.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// RON options for every file we read: `Some` may be left out (`seed: 7`).
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME)
}

/// Loads and validates the scenario at `path`.
pub fn load_file(path: &Path) -> Result<ScenarioSpec, Vec<Diagnostic>> {
    let label = path.display().to_string();
    let text = read_text(path)?;
    load_str(&text, &label, &Templates::for_scenario(path))
}

/// Reads a text file with the size and UTF-8 checks, reporting problems as diagnostics.
pub fn read_text(path: &Path) -> Result<String, Vec<Diagnostic>> {
    let label = path.display().to_string();
    let fail = |line, col, message: String| {
        vec![Diagnostic {
            file: label.clone(),
            line,
            col,
            message,
        }]
    };
    let meta = std::fs::metadata(path).map_err(|e| fail(1, 1, format!("cannot read the file: {e}")))?;
    if meta.is_dir() {
        return Err(fail(1, 1, "this is a folder, not a scenario file".into()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(fail(
            1,
            1,
            format!(
                "the file is {} bytes; scenario files may be at most {MAX_FILE_BYTES} bytes",
                meta.len()
            ),
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| fail(1, 1, format!("cannot read the file: {e}")))?;
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let good = std::str::from_utf8(good).unwrap_or_default();
        let line = good.matches('\n').count() + 1;
        let col = good.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        fail(line, col, "the file is not UTF-8 text (is it a scenario file?)".into())
    })
}

/// Parses and validates scenario text; `label` names the file in diagnostics.
pub fn load_str(text: &str, label: &str, templates: &Templates) -> Result<ScenarioSpec, Vec<Diagnostic>> {
    let file: ScenarioFile = parse_str(text, label)?;
    validate(&file, templates).map_err(|problems| {
        let source = SourceMap::new(text);
        let mut diagnostics: Vec<Diagnostic> = problems.iter().map(|p| p.locate(label, &source)).collect();
        diagnostics.sort_by_key(|d| (d.line, d.col));
        diagnostics
    })
}

/// Parses scenario text without semantic checks (the editor and round-trip tests use this).
pub fn parse_str(text: &str, label: &str) -> Result<ScenarioFile, Vec<Diagnostic>> {
    if text.trim().is_empty() {
        return Err(vec![Diagnostic {
            file: label.to_string(),
            line: 1,
            col: 1,
            message: "the file is empty (a scenario starts with `Scenario(`)".into(),
        }]);
    }
    ron_options()
        .from_str(text)
        .map_err(|e| vec![syntax_diagnostic(text, label, &e)])
}
