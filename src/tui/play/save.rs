//! Writing the game to a file as every output of the tool is written ([`Outputs`]): never over
//! the files the game was started from (compared by device and inode), never over a device or
//! a pipe, through a symbolic link to the file it names, with the old file's permissions, and
//! in one step (a temporary file renamed into place), so a crash or a full disk never leaves
//! half a file. An existing file is replaced only when the player said so.

use std::path::{Path, PathBuf};

use crate::files::{Outputs, WriteError};

/// Writes `text` to `path`; replaces an existing file only when `replace` is set
/// ([`WriteError::Exists`] otherwise). `inputs` are the files the game was started from
/// (path and role: "the image"), never written over.
pub fn save(
    path: &Path,
    text: &str,
    replace: bool,
    inputs: &[(PathBuf, String)],
) -> Result<(), WriteError> {
    let mut outputs = Outputs::new().regular_only();
    if !replace {
        outputs = outputs.keep_existing();
    }
    for (input, role) in inputs {
        outputs.input(input, role);
    }
    outputs.output(path, text.as_bytes().to_vec());
    outputs.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_files_are_written_and_existing_ones_kept_unless_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.pgn");
        save(&path, "first\n", false, &[]).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "first\n");
        let refused = save(&path, "second\n", false, &[]).unwrap_err();
        assert!(matches!(refused, WriteError::Exists { .. }), "{refused}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "first\n");
        save(&path, "second\n", true, &[]).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second\n");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary file is left behind");
    }

    #[test]
    fn a_missing_folder_is_an_error_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no/such/folder/game.pgn");
        let error = save(&path, "x", false, &[]).unwrap_err();
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

    #[cfg(unix)]
    #[test]
    fn devices_pipes_and_the_games_own_files_are_refused_even_when_replacing() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let error = save(Path::new("/dev/full"), "x", true, &[]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "refusing to write /dev/full: it is a character device, not a regular file"
        );
        let meta = std::fs::metadata("/dev/full").unwrap();
        assert!(meta.file_type().is_char_device());
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let error = save(&fifo, "x", true, &[]).unwrap_err();
            assert!(matches!(error, WriteError::NotRegular { .. }), "{error}");
            assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
        }
        let sym = dir.path().join("img.sym");
        std::fs::write(&sym, "GENMOV EQU 0100H\n").unwrap();
        let inputs = [(sym.clone(), "the symbol file".to_string())];
        let error = save(&sym, "x", true, &inputs).unwrap_err();
        assert!(
            matches!(error, WriteError::OverwritesInput { .. }),
            "{error}"
        );
        let link = dir.path().join("link.pgn");
        std::os::unix::fs::symlink("img.sym", &link).unwrap();
        let error = save(&link, "x", true, &inputs).unwrap_err();
        assert!(
            matches!(error, WriteError::OverwritesInput { .. }),
            "{error}"
        );
        assert_eq!(std::fs::read_to_string(&sym).unwrap(), "GENMOV EQU 0100H\n");
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_written_through_and_the_mode_kept() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.pgn");
        std::fs::write(&real, "old").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o755)).unwrap();
        let link = dir.path().join("link.pgn");
        std::os::unix::fs::symlink("real.pgn", &link).unwrap();
        save(&link, "new", true, &[]).unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        let mode = std::fs::metadata(&real).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o755);
    }
}
