//! `fivefoot validate FILE...`: every problem as `FILE:LINE:COL: error: ...` on stderr,
//! one summary line per valid file on stdout; exit 1 if any file has a problem.

use super::io::{FAILURE, Io};
use crate::scenario::{load_file, one_line};
use std::path::PathBuf;

pub fn validate(files: &[PathBuf], io: &mut Io) -> u8 {
    let mut failed = false;
    for path in files {
        match load_file(path) {
            Ok(spec) => {
                let sides: Vec<&str> = spec.sides.iter().map(|s| s.id.0.as_str()).collect();
                // A name is echoed on one line (issue #16 item 11); any other name prints
                // exactly as before.
                io.out(format!(
                    "{}: ok: \"{}\" ({}), {}×{} map, {} units, sides {}",
                    one_line(&path.display().to_string()),
                    one_line(&spec.name),
                    spec.family,
                    spec.map.width(),
                    spec.map.height(),
                    spec.units.len(),
                    one_line(&sides.join(", "))
                ));
            }
            Err(diagnostics) => {
                failed = true;
                for d in diagnostics {
                    io.error(d);
                }
            }
        }
    }
    if failed { FAILURE } else { 0 }
}
