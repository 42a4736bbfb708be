//! Where the headless subcommands write (issue #16 items 11, 12): results to one stream
//! (stdout), errors to another (stderr), each error one line `FILE:LINE:COL: error: ...` with
//! control characters escaped; a result that cannot be written (`> /dev/full`) makes the
//! exit code non-zero. Errors about the command line itself are located in it:
//! `<command line>:1:COL`, COL the column of the argument at fault in the arguments as typed
//! after the program name, joined by spaces.

use crate::scenario::one_line;
use std::io::{ErrorKind, Write};

/// The exit code of a failure (docs/cli.md).
pub const FAILURE: u8 = 1;

/// The file name of errors about the command line.
pub const COMMAND_LINE: &str = "<command line>";

/// The two output streams of one subcommand run.
pub struct Io<'a> {
    out: &'a mut dyn Write,
    err: &'a mut dyn Write,
    /// The first failure to write a result; the run then fails.
    out_error: Option<std::io::Error>,
}

impl<'a> Io<'a> {
    pub fn new(out: &'a mut dyn Write, err: &'a mut dyn Write) -> Self {
        Self {
            out,
            err,
            out_error: None,
        }
    }

    /// Writes one result line (nothing more once a write has failed).
    pub fn out(&mut self, text: impl std::fmt::Display) {
        if self.out_error.is_none()
            && let Err(e) = writeln!(self.out, "{text}")
        {
            self.out_error = Some(e);
        }
    }

    /// Writes one error line, control characters escaped (it holds them only where it echoes
    /// what a user wrote), so it stays one line. A failure to write to stderr has nowhere to
    /// be reported; the exit code says it anyway.
    pub fn error(&mut self, line: impl std::fmt::Display) {
        let _ = writeln!(self.err, "{}", one_line(&line.to_string()));
    }

    /// Writes each of `lines` with `error`.
    pub fn errors(&mut self, lines: &[String]) {
        for line in lines {
            self.error(line);
        }
    }

    /// Flushes the results and gives the exit code: `code`, or `FAILURE` when a result could
    /// not be written (said on stderr, except for a reader that went away: `| head`).
    pub fn finish(mut self, code: u8) -> u8 {
        if self.out_error.is_none()
            && let Err(e) = self.out.flush()
        {
            self.out_error = Some(e);
        }
        match self.out_error.take() {
            None => code,
            Some(e) => {
                if e.kind() != ErrorKind::BrokenPipe {
                    self.error(format!("<stdout>:1:1: error: cannot write the output: {e}"));
                }
                let _ = self.err.flush();
                code.max(FAILURE)
            }
        }
    }
}

/// The arguments as typed, to locate errors about them.
#[derive(Debug, Clone, Default)]
pub struct CommandLine {
    args: Vec<String>,
}

impl CommandLine {
    /// The arguments after the program name.
    pub fn new(args: impl IntoIterator<Item = String>) -> Self {
        Self {
            args: args.into_iter().collect(),
        }
    }

    /// The 1-based column where argument `k` starts.
    fn col_of_arg(&self, k: usize) -> usize {
        1 + self.args[..k].iter().map(|a| a.chars().count() + 1).sum::<usize>()
    }

    /// The column of the first argument that is `value`, or `--flag=value`; 1 if none is.
    pub fn col_of(&self, value: &str) -> usize {
        for (k, arg) in self.args.iter().enumerate() {
            if arg == value {
                return self.col_of_arg(k);
            }
            if let Some((flag, v)) = arg.split_once('=')
                && flag.starts_with("--")
                && v == value
            {
                return self.col_of_arg(k) + flag.chars().count() + 1;
            }
        }
        1
    }

    /// The column of the `n`-th (from 0) comma-separated value given to `flag` over all its
    /// occurrences (`--dice 1,2 --dice 3`); the flag's first value if there are fewer, else 1.
    pub fn col_of_list_item(&self, flag: &str, n: usize) -> usize {
        let mut seen = 0;
        let mut first = None;
        let mut k = 0;
        while k < self.args.len() {
            let arg = &self.args[k];
            let (value, col) = if arg == flag && k + 1 < self.args.len() {
                k += 1;
                (self.args[k].as_str(), self.col_of_arg(k))
            } else if let Some(v) = arg.strip_prefix(flag).and_then(|r| r.strip_prefix('=')) {
                (
                    &arg[arg.len() - v.len()..],
                    self.col_of_arg(k) + flag.chars().count() + 1,
                )
            } else {
                k += 1;
                continue;
            };
            first.get_or_insert(col);
            let mut offset = 0;
            for item in value.split(',') {
                if seen == n {
                    return col + offset;
                }
                seen += 1;
                offset += item.chars().count() + 1;
            }
            k += 1;
        }
        first.unwrap_or(1)
    }

    /// An error about the command line at column `col`.
    pub fn error_at(&self, col: usize, message: impl std::fmt::Display) -> String {
        format!("{COMMAND_LINE}:1:{col}: error: {message}")
    }

    /// An error about the argument `value` (see `col_of`).
    pub fn error(&self, value: &str, message: impl std::fmt::Display) -> String {
        self.error_at(self.col_of(value), message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cl(args: &str) -> CommandLine {
        CommandLine::new(args.split(' ').map(str::to_string))
    }

    #[test]
    fn arguments_are_located_by_column() {
        let c = cl("query s.ron --seed 1 path ksarik 2147483647,0");
        assert_eq!(c.col_of("path"), 22);
        assert_eq!(c.col_of("2147483647,0"), 34);
        assert_eq!(c.col_of("missing"), 1);
        let c = cl("query s.ron --dice 1,20,0 --dice=7 turn");
        assert_eq!(c.col_of_list_item("--dice", 0), 20);
        assert_eq!(c.col_of_list_item("--dice", 2), 25);
        assert_eq!(c.col_of_list_item("--dice", 3), 34);
    }

    /// Issue #16 item 12: a result that cannot be written fails the run.
    #[test]
    fn item12_a_full_output_makes_the_exit_code_non_zero() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::Error::new(ErrorKind::StorageFull, "no space left on device"))
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let (mut out, mut err) = (Full, Vec::new());
        let mut io = Io::new(&mut out, &mut err);
        io.out("result");
        assert_eq!(io.finish(0), FAILURE);
        let err = String::from_utf8(err).unwrap();
        assert!(err.starts_with("<stdout>:1:1: error: cannot write the output"), "{err}");
        assert_eq!(err.lines().count(), 1);
    }

    #[test]
    fn item11_errors_are_escaped_one_line_each() {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut io = Io::new(&mut out, &mut err);
        io.error("a.ron:1:1: error: unknown ruleset `\u{1b}[2J`");
        assert_eq!(io.finish(1), 1);
        assert_eq!(
            String::from_utf8(err).unwrap(),
            "a.ron:1:1: error: unknown ruleset `\\u{1b}[2J`\n"
        );
    }
}
