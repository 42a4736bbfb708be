//! `fivefoot validate FILE...`: every problem as `FILE:LINE:COL: error: ...` on stderr,
//! one summary line per valid file on stdout; exit 1 if any file has a problem.

use crate::scenario::load_file;
use std::path::PathBuf;
use std::process::ExitCode;

pub fn validate(files: &[PathBuf]) -> ExitCode {
    let mut failed = false;
    for path in files {
        match load_file(path) {
            Ok(spec) => {
                let sides: Vec<&str> = spec.sides.iter().map(|s| s.id.0.as_str()).collect();
                super::out(format!(
                    "{}: ok: \"{}\" ({}), {}×{} map, {} units, sides {}",
                    path.display(),
                    spec.name,
                    spec.family,
                    spec.map.width(),
                    spec.map.height(),
                    spec.units.len(),
                    sides.join(", ")
                ));
            }
            Err(diagnostics) => {
                failed = true;
                for d in diagnostics {
                    super::err(d);
                }
            }
        }
    }
    if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}
