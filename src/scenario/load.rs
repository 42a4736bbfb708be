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

/// Reads a text file a person named (a scenario, script, save or template) with the size,
/// kind and UTF-8 checks, reporting problems as diagnostics. A UTF-8 byte order mark at the
/// start is dropped (issue #16 item 11), so line 1 column 1 is the first character after it.
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
    let bytes = read_regular_file(path).map_err(|message| fail(1, 1, message))?;
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").map(<[u8]>::to_vec).unwrap_or(bytes);
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let good = std::str::from_utf8(good).unwrap_or_default();
        let line = good.matches('\n').count() + 1;
        let col = good.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        fail(line, col, "the file is not UTF-8 text (is it a scenario file?)".into())
    })
}

/// The bytes of the regular file at `path` (issue #16 item 12): a folder, FIFO, device or
/// socket is refused before it is opened (opening a FIFO would wait for a writer, reading a
/// device might never end), and at most `MAX_FILE_BYTES` are read, counted while reading in
/// case the file grows. Symbolic links to regular files are followed. The one exception is
/// `/dev/stdin` named as it is: what the user pipes in (`... | fivefoot run S --script
/// /dev/stdin`), read to its end with the same cap.
pub fn read_regular_file(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let cannot = |e: std::io::Error| format!("cannot read the file: {e}");
    let too_big = |len: u64| format!("the file is {len} bytes or more; files may be at most {MAX_FILE_BYTES} bytes");
    if path == Path::new("/dev/stdin") {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(too_big(bytes.len() as u64));
        }
        return Ok(bytes);
    }
    let kind_of = |meta: &std::fs::Metadata| -> Result<(), String> {
        if meta.is_dir() {
            Err("this is a folder, not a file".into())
        } else if !meta.is_file() {
            Err("this is not a regular file (a FIFO, a device or a socket is not read)".into())
        } else {
            Ok(())
        }
    };
    let meta = std::fs::metadata(path).map_err(cannot)?;
    kind_of(&meta)?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_big(meta.len()));
    }
    let file = std::fs::File::open(path).map_err(cannot)?;
    // What was opened may not be what was looked at a moment ago.
    kind_of(&file.metadata().map_err(cannot)?)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(cannot)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_big(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Parses and validates scenario text; `label` names the file in diagnostics.
pub fn load_str(text: &str, label: &str, templates: &Templates) -> Result<ScenarioSpec, Vec<Diagnostic>> {
    let text = without_bom(text);
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
    let text = without_bom(text);
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

/// `text` without a leading UTF-8 byte order mark (issue #16 item 11).
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}
