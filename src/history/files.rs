//! Writing files so that a crash or a killed process never leaves a broken one: write a
//! temporary file beside the target, flush it to disk, then rename it over the target.
//!
//! Issue #16 item 12: the target must be a regular file or not exist yet (a symbolic link,
//! a device, a FIFO or a folder there is refused: renaming over it would replace the node,
//! not write to what it stands for), and the temporary files a killed writer left behind
//! (`.NAME.tmp-PID`, this module's naming) are removed by the next write into that folder.

use std::io::{Error, ErrorKind, Write};
use std::path::Path;

/// How old a temporary file must be before it counts as left behind where the platform
/// cannot tell whether its writer still runs (a write takes milliseconds).
const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(600);

/// Replaces `path` with `bytes` atomically (temp file in the same folder + rename).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    refuse_special_target(path)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    remove_stale_temporaries(dir);
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })?;
    // Make the rename itself durable where the platform lets a folder be opened.
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Refuses a target that exists and is not a regular file (not following a symbolic link).
fn refuse_special_target(path: &Path) -> std::io::Result<()> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    let kind = meta.file_type();
    let what = if kind.is_file() {
        return Ok(());
    } else if kind.is_symlink() {
        "a symbolic link"
    } else if kind.is_dir() {
        "a folder"
    } else {
        "not a regular file (a device, a FIFO or a socket)"
    };
    Err(Error::new(
        ErrorKind::InvalidInput,
        format!("{} is {what}; only a regular file is replaced", path.display()),
    ))
}

/// Whether `file_name` is this module's temporary naming, `.NAME.tmp-PID`; the PID.
fn temporary_pid(file_name: &str) -> Option<u32> {
    let rest = file_name.strip_prefix('.')?;
    let (name, pid) = rest.rsplit_once(".tmp-")?;
    if name.is_empty() || pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    pid.parse().ok()
}

/// Removes the temporaries of writers that are gone (best effort: a folder that cannot be
/// listed, or a file that cannot be removed, is left alone). A writer is gone when no process
/// has its PID (where `/proc` tells) or its file is older than `STALE_AFTER`.
fn remove_stale_temporaries(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let proc = Path::new("/proc/self").exists();
    for entry in entries.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(temporary_pid) else {
            continue;
        };
        if pid == std::process::id() {
            continue;
        }
        let Ok(meta) = entry.path().symlink_metadata() else {
            continue;
        };
        if !meta.file_type().is_file() {
            continue;
        }
        let old = meta
            .modified()
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > STALE_AFTER);
        let gone = proc && !Path::new(&format!("/proc/{pid}")).exists();
        if gone || old {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("fivefoot-atomic-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn atomic_write_replaces_the_file_and_leaves_no_temporary() {
        let dir = scratch("plain");
        let path = dir.join("save.ron");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()).collect();
        assert_eq!(leftovers.len(), 1, "only the target file remains");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn only_this_modules_naming_counts_as_a_temporary() {
        assert_eq!(temporary_pid(".save.ron.tmp-1234"), Some(1234));
        assert_eq!(temporary_pid(".a.tmp-b.ron.tmp-7"), Some(7));
        assert_eq!(temporary_pid("save.ron.tmp-1234"), None);
        assert_eq!(temporary_pid("..tmp-1"), None);
        assert_eq!(temporary_pid(".x.tmp-12a"), None);
        assert_eq!(temporary_pid(".x.tmp-"), None);
    }

    /// Issue #16 item 12: a writer killed mid-save leaves `.NAME.tmp-PID`; the next save into
    /// the folder removes it (its PID runs no process), and nothing else.
    #[test]
    fn item12_a_killed_saves_temporary_is_removed_by_the_next_save() {
        let dir = scratch("stale");
        // PIDs are at most 2^22 on Linux: this one runs nothing.
        let stale = dir.join(".old.ron.tmp-4294967290");
        std::fs::write(&stale, "half a save").unwrap();
        let other = dir.join(".notes.txt");
        std::fs::write(&other, "keep").unwrap();
        write_atomic(&dir.join("save.ron"), b"whole").unwrap();
        if Path::new("/proc/self").exists() {
            assert!(!stale.exists(), "the stale temporary is gone");
        }
        assert!(other.exists(), "other files are left alone");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Issue #16 item 12: a symbolic link or a device at the target is refused, not replaced.
    #[cfg(unix)]
    #[test]
    fn item12_save_onto_a_symlink_or_a_device_is_refused() {
        let dir = scratch("special");
        let real = dir.join("real.ron");
        std::fs::write(&real, "kept").unwrap();
        let link = dir.join("link.ron");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let err = write_atomic(&link, b"new").unwrap_err();
        assert!(err.to_string().contains("symbolic link"), "{err}");
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "kept");
        let err = write_atomic(Path::new("/dev/null"), b"new").unwrap_err();
        assert!(err.to_string().contains("not a regular file"), "{err}");
        let err = write_atomic(&dir, b"new").unwrap_err();
        assert!(err.to_string().contains("folder"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
