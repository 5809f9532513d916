//! Writing the game to a file safely: the text goes to a temporary file beside the target and
//! is then moved into place in one step, so a crash or a full disk never leaves half a file;
//! an existing file is replaced only when the player said so.

use std::io::Write;
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;
use thiserror::Error;

/// Why a file was not written.
#[derive(Debug, Error)]
pub enum SaveError {
    /// The file exists and replacing it was not confirmed.
    #[error("{} exists", .0.display())]
    Exists(PathBuf),
    /// The folder the file would go in does not exist.
    #[error("cannot write {}: there is no folder {}", path.display(), folder.display())]
    NoFolder {
        /// The file.
        path: PathBuf,
        /// The folder.
        folder: PathBuf,
    },
    /// Writing failed.
    #[error("cannot write {}: {reason}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: std::io::Error,
    },
}

/// Writes `text` to `path`; replaces an existing file only when `replace` is set. Never
/// leaves a partly written file at `path`.
pub fn save(path: &Path, text: &str, replace: bool) -> Result<(), SaveError> {
    let io = |reason| SaveError::Io {
        path: path.to_path_buf(),
        reason,
    };
    if !replace && path.exists() {
        return Err(SaveError::Exists(path.to_path_buf()));
    }
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(SaveError::NoFolder {
            path: path.to_path_buf(),
            folder: folder.to_path_buf(),
        });
    }
    let mut file = NamedTempFile::new_in(folder).map_err(io)?;
    file.write_all(text.as_bytes()).map_err(io)?;
    file.as_file().sync_all().map_err(io)?;
    let placed = if replace {
        file.persist(path).map(drop)
    } else {
        // Linked into place only if nothing appeared there meanwhile.
        file.persist_noclobber(path).map(drop)
    };
    placed.map_err(|error| match error.error.kind() {
        std::io::ErrorKind::AlreadyExists => SaveError::Exists(path.to_path_buf()),
        _ => io(error.error),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_files_are_written_and_existing_ones_kept_unless_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.pgn");
        save(&path, "first\n", false).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "first\n");
        let refused = save(&path, "second\n", false).unwrap_err();
        assert!(matches!(refused, SaveError::Exists(_)), "{refused}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "first\n");
        save(&path, "second\n", true).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second\n");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary file is left behind");
    }

    #[test]
    fn a_missing_folder_is_an_error_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no/such/folder/game.pgn");
        let error = save(&path, "x", false).unwrap_err();
        let folder = dir.path().join("no/such/folder");
        assert_eq!(
            error.to_string(),
            format!(
                "cannot write {}: there is no folder {}",
                path.display(),
                folder.display()
            )
        );
    }
}
