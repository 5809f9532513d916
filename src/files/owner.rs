//! Who may replace an existing file, and what the new file keeps of the old one: an output is
//! written to a temporary file and renamed over its target, which the folder's permissions
//! allow even where the file's do not, and which would leave the file to whoever wrote it. So
//! a file this user may not write is refused, and a replaced file keeps its owner and group.

use std::fs::{File, Metadata};
use std::path::Path;

/// Whether this user may write the existing file `target` (its effective ids, as opening the
/// file for writing would judge it); the system's reason when not.
#[cfg(unix)]
pub(super) fn may_write(target: &Path) -> std::io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::CString::new(target.as_os_str().as_bytes())
        .map_err(|_| std::io::Error::from(std::io::ErrorKind::InvalidInput))?;
    // SAFETY: `name` is a NUL-terminated string that lives across the call, which only reads it.
    let denied =
        unsafe { libc::faccessat(libc::AT_FDCWD, name.as_ptr(), libc::W_OK, libc::AT_EACCESS) };
    if denied == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// Whether this user may write the existing file `target`: not when it is read-only.
#[cfg(not(unix))]
pub(super) fn may_write(target: &Path) -> std::io::Result<()> {
    match std::fs::metadata(target) {
        Ok(meta) if meta.permissions().readonly() => {
            Err(std::io::Error::from(std::io::ErrorKind::PermissionDenied))
        }
        _ => Ok(()),
    }
}

/// Gives `file`, about to replace the file `old` describes, that file's owner and group: root
/// may always; another user keeps at least the group when it is one of theirs (the owner is
/// then the user who wrote it, as with any program that saves by renaming a new file in).
#[cfg(unix)]
pub(super) fn keep_owner(file: &File, old: &Metadata) {
    use std::os::unix::fs::{MetadataExt, fchown};
    if fchown(file, Some(old.uid()), Some(old.gid())).is_err() {
        // Not permitted: the group alone, if it is one of this user's.
        let _ = fchown(file, None, Some(old.gid()));
    }
}

/// Owners are not kept where the system has none to keep.
#[cfg(not(unix))]
pub(super) fn keep_owner(_file: &File, _old: &Metadata) {}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_file_without_write_permission_is_not_writable_but_for_root() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("ro.pgn");
        std::fs::write(&file, "old").unwrap();
        assert!(may_write(&file).is_ok());
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o444)).unwrap();
        // SAFETY: geteuid has no preconditions.
        let root = unsafe { libc::geteuid() } == 0;
        let judged = may_write(&file);
        assert_eq!(judged.is_ok(), root, "{judged:?}");
        if !root {
            let kind = judged.unwrap_err().kind();
            assert_eq!(kind, std::io::ErrorKind::PermissionDenied);
        }
    }
}
