//! Where an output lands and what is there: symbolic links followed to their end (a loop is
//! an error, as the system's own calls make it), files named by identity, and a name for what
//! an existing path is.

use std::path::{Path, PathBuf};

/// The most symbolic links followed from one name: the Linux kernel's own limit.
const MAX_LINKS: usize = 40;

/// What names one file: its device and inode where the system has them, else its
/// canonical path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Identity {
    #[cfg(unix)]
    Inode(u64, u64),
    Path(PathBuf),
}

/// The identity of an existing file (through symbolic links).
pub(super) fn existing_identity(path: &Path) -> Option<Identity> {
    let meta = std::fs::metadata(path).ok()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some(Identity::Inode(meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        std::fs::canonicalize(path).ok().map(Identity::Path)
    }
}

/// Where writing `path` lands: a symbolic link is followed to the end of its chain (also a
/// dangling one), so the rename replaces the file it points to, not the link. A chain longer
/// than the system follows, a loop, is refused with the system's words for it.
pub(super) fn resolve(path: &Path) -> Result<PathBuf, String> {
    let mut at = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        match std::fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let to = std::fs::read_link(&at).map_err(|e| e.to_string())?;
                let folder = at.parent().unwrap_or(Path::new(""));
                at = folder.join(to);
            }
            _ => return Ok(at),
        }
    }
    Err("too many levels of symbolic links".to_string())
}

/// The identity a file written at `target` will have: its own when it exists, else its
/// folder's canonical path joined with its name.
pub(super) fn target_identity(target: &Path) -> Identity {
    if let Some(id) = existing_identity(target) {
        return id;
    }
    let folder = folder_of(target);
    let folder = std::fs::canonicalize(folder).unwrap_or_else(|_| folder.to_path_buf());
    Identity::Path(folder.join(target.file_name().unwrap_or_default()))
}

/// The folder a file at `target` goes in (`.` for a bare name).
pub(super) fn folder_of(target: &Path) -> &Path {
    match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// What an existing path is, for a message: "a folder", "a character device", "a named pipe
/// (FIFO)"...; None for a regular file.
pub fn kind_of(meta: &std::fs::Metadata) -> Option<&'static str> {
    let kind = meta.file_type();
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() {
            return Some("a character device");
        }
        if kind.is_block_device() {
            return Some("a block device");
        }
        if kind.is_fifo() {
            return Some("a named pipe (FIFO)");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn links_are_followed_to_the_end_and_loops_refused() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.bin");
        let one = dir.path().join("one");
        let two = dir.path().join("two");
        std::os::unix::fs::symlink("real.bin", &one).unwrap();
        std::os::unix::fs::symlink(&one, &two).unwrap();
        assert_eq!(resolve(&two).unwrap(), real);
        let (a, b) = (dir.path().join("loopA"), dir.path().join("loopB"));
        std::os::unix::fs::symlink("loopB", &a).unwrap();
        std::os::unix::fs::symlink("loopA", &b).unwrap();
        assert_eq!(
            resolve(&a).unwrap_err(),
            "too many levels of symbolic links"
        );
        let own = dir.path().join("self");
        std::os::unix::fs::symlink("self", &own).unwrap();
        assert!(resolve(&own).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn kinds_are_named() {
        let meta = |p: &str| std::fs::metadata(p).unwrap();
        assert_eq!(kind_of(&meta("/dev/null")), Some("a character device"));
        assert_eq!(kind_of(&meta("/")), Some("a folder"));
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("f");
        std::fs::write(&file, "x").unwrap();
        assert_eq!(kind_of(&std::fs::metadata(&file).unwrap()), None);
    }
}
