//! Saving a scenario: `history::write_atomic` (temporary file beside the target, flushed,
//! renamed over it, so a failed save leaves the old file as it was), but only into a folder
//! that exists: a mistyped folder is the author's to hear about, not one to create.

use std::io::{Error, ErrorKind};
use std::path::Path;

/// Writes `text` to `path` atomically; refuses a path that names no file or a missing folder.
pub(crate) fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    if path.file_name().is_none() {
        return Err(Error::new(ErrorKind::InvalidInput, "the path names no file"));
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && !dir.is_dir()
    {
        return Err(Error::new(
            ErrorKind::NotFound,
            format!("there is no folder {}", dir.display()),
        ));
    }
    crate::history::write_atomic(path, text.as_bytes())
}
