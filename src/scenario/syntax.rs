//! RON syntax errors in words a scenario author understands: ron's message plus a hint, and
//! for a string whose closing quote is missing, the position where that string starts.

use super::diagnostic::Diagnostic;
use ron::error::{Error, SpannedError};

/// Turns ron's error into a diagnostic for `label`.
pub fn syntax_diagnostic(text: &str, label: &str, e: &SpannedError) -> Diagnostic {
    let (line, col) = (e.span.start.line.max(1), e.span.start.col.max(1));
    if let Some((s_line, s_col)) = runaway_string(text, line, col) {
        return Diagnostic {
            file: label.to_string(),
            line: s_line,
            col: s_col,
            message: format!(
                "this string runs past the end of its line (ron reports at {line}:{col}: {}); is a closing `\"` missing?",
                e.code
            ),
        };
    }
    let hint = match &e.code {
        Error::ExpectedComma => " (is a `,` missing at the end of the previous value, or a `)` or `]` not closed?)",
        Error::ExpectedStringEnd => " (a string is never closed: add the missing `\"`)",
        Error::ExpectedIdentifier => " (a field name was expected here: is a `(` or `)` missing before this point?)",
        Error::ExpectedInteger | Error::ExpectedFloat => " (write a plain number, without quotes)",
        Error::ExpectedString => " (write the text in double quotes)",
        Error::ExpectedChar => " (write a single character in single quotes, e.g. '#')",
        Error::ExpectedStructLikeEnd | Error::ExpectedArrayEnd | Error::ExpectedMapEnd => {
            " (is a `,` missing, or a bracket not closed?)"
        }
        Error::ExceededRecursionLimit => " (the file nests brackets too deeply)",
        Error::IntegerOutOfBounds => {
            " (the number is too large for this value: see the number ranges in docs/scenario-format.md)"
        }
        Error::Eof => " (the file ends too early: a bracket is not closed)",
        _ => "",
    };
    Diagnostic {
        file: label.to_string(),
        line,
        col,
        message: format!("{}{hint}", e.code),
    }
}

/// If the last string literal that starts before `line:col` spans several lines, where it
/// starts. Scenario strings are one line long, so that string almost surely lacks its `"`.
fn runaway_string(text: &str, line: usize, col: usize) -> Option<(usize, usize)> {
    let (mut l, mut c) = (1usize, 1usize);
    let mut chars = text.chars().peekable();
    let mut last: Option<(usize, usize, bool)> = None;
    let mut in_string: Option<(usize, usize, bool)> = None;
    while let Some(ch) = chars.next() {
        if (l, c) >= (line, col) {
            break;
        }
        match (in_string.as_mut(), ch) {
            (Some(_), '\\') => {
                if let Some(next) = chars.next() {
                    if next == '\n' {
                        (l, c) = (l + 1, 0);
                    } else {
                        c += 1;
                    }
                }
            }
            (Some(s), '\n') => s.2 = true,
            (Some(_), '"') => last = in_string.take(),
            (None, '"') => in_string = Some((l, c, false)),
            (None, '/') if chars.peek() == Some(&'/') => {
                for skip in chars.by_ref() {
                    if skip == '\n' {
                        break;
                    }
                }
                (l, c) = (l + 1, 1);
                continue;
            }
            _ => {}
        }
        if ch == '\n' {
            (l, c) = (l + 1, 1);
        } else {
            c += 1;
        }
    }
    let candidate = in_string.or(last)?;
    candidate.2.then_some((candidate.0, candidate.1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_string_missing_its_quote_is_reported_where_it_starts() {
        let text = "(\n    name: \"Broken,\n    ruleset: \"starfinder\",\n)";
        assert_eq!(runaway_string(text, 3, 15), Some((2, 11)));
    }

    #[test]
    fn well_formed_strings_are_not_blamed() {
        let text = "(\n    name: \"Fine\",\n    ruleset: 3 4,\n)";
        assert_eq!(runaway_string(text, 3, 16), None);
    }
}
