//! Commands read from files: scripts (a RON list of commands) and the `commands` of a save.
//! Every problem is a `Diagnostic` at the `file:line:col` of the value at fault (issue #16
//! items 10 and 11): RON syntax, a number out of range (`rules::engine::bounds`), and, once the
//! battle refuses one, where that command is written.

use crate::rules::GameCommand;
use crate::rules::engine::bounds::{Step, operands, out_of_range};
use crate::scenario::spans::{Seg, SourceMap, index};
use crate::scenario::{Diagnostic, Problem, ron_options, syntax_diagnostic, without_bom};

/// Parses a script: a RON list of commands, every number in range.
pub fn parse_script(text: &str, label: &str) -> Result<Vec<GameCommand>, Vec<Diagnostic>> {
    let text = without_bom(text);
    if text.trim().is_empty() {
        return Err(vec![Diagnostic {
            file: label.to_string(),
            line: 1,
            col: 1,
            message: "the script is empty (write a list of commands: `[EndTurn(unit: \"navasi\")]`, or `[]`)".into(),
        }]);
    }
    let commands: Vec<GameCommand> = ron_options()
        .from_str(text)
        .map_err(|e| vec![syntax_diagnostic(text, label, &e)])?;
    let problems = command_problems(&commands, &[]);
    if problems.is_empty() {
        Ok(commands)
    } else {
        Err(locate(&problems, text, label))
    }
}

/// Every number out of range in `commands`, the list written at `root` in its file.
pub fn command_problems(commands: &[GameCommand], root: &[Seg]) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (i, command) in commands.iter().enumerate() {
        for located in operands(command) {
            if let Some((coordinate, why)) = out_of_range(&located.operand) {
                let mut path = root.to_vec();
                path.push(index(i));
                path.extend(located.path.iter().map(|step| match step {
                    Step::Field(name) => Seg::Field((*name).to_string()),
                    Step::Index(k) => Seg::Index(*k),
                }));
                path.extend(coordinate.map(Seg::Index));
                problems.push(Problem::at(path, why));
            }
        }
    }
    problems
}

/// Problems located in `text`, sorted by position.
pub fn locate(problems: &[Problem], text: &str, label: &str) -> Vec<Diagnostic> {
    let source = SourceMap::new(text);
    let mut diagnostics: Vec<Diagnostic> = problems.iter().map(|p| p.locate(label, &source)).collect();
    diagnostics.sort_by_key(|d| (d.line, d.col));
    diagnostics
}

/// A refused command as a diagnostic at the place it is written: command `n` (from 0) of the
/// list at `root` in `text`.
pub fn refused_at(text: &str, label: &str, root: &[Seg], n: usize, message: String) -> Diagnostic {
    let mut path = root.to_vec();
    path.push(index(n));
    Problem::at(path, message).locate(label, &SourceMap::new(without_bom(text)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cmd;

    /// Issue #16 items 6, 7, 10: a square or a duration out of range in a script is an error
    /// at the number itself, before any battle sees it.
    #[test]
    fn item10_numbers_out_of_range_in_a_script_are_located() {
        let text = "[\n  EndTurn(unit: \"a\"),\n  Move(unit: \"ksarik\", to: (2147483647, 0)),\n  TrackEffect(source: \"a\", target: \"b\", name: \"x\", rounds: 4294967295),\n]";
        let errors = parse_script(text, "s.ron").unwrap_err();
        let lines: Vec<String> = errors.iter().map(|d| d.to_string()).collect();
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(
            lines[0].starts_with("s.ron:3:29: error: 2147483647 is out of range for a coordinate"),
            "{lines:?}"
        );
        assert!(
            lines[1].starts_with("s.ron:4:60: error: 4294967295 is out of range for a number of rounds"),
            "{lines:?}"
        );
    }

    #[test]
    fn item11_a_script_with_a_bom_is_read_and_a_syntax_error_is_one_located_line() {
        assert_eq!(
            parse_script("\u{feff}[Proceed]", "s.ron").unwrap(),
            vec![GameCommand::Proceed(cmd::Proceed)]
        );
        let errors = parse_script("[Proceed,\n Bogus]", "s.ron").unwrap_err();
        assert_eq!(errors.len(), 1);
        assert!(errors[0].to_string().starts_with("s.ron:2:"), "{}", errors[0]);
    }

    #[test]
    fn a_refused_command_is_located_where_it_is_written() {
        let text = "[\n  Proceed,\n  EndTurn(unit: \"x\"),\n]";
        let d = refused_at(text, "s.ron", &[], 1, "no".into());
        assert_eq!((d.line, d.col), (3, 3));
    }
}
