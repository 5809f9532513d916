//! Writing outputs safely: never over one of the command's inputs, never over something that
//! is not a file when the command says so, never half-written.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::excerpt::path_text;
use super::owner::{keep_owner, may_write};
use super::target::{Identity, existing_identity, folder_of, kind_of, resolve, target_identity};

/// Why a command's outputs were not written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// An output is one of the command's inputs (compared by file identity, so symbolic and
    /// hard links count).
    #[error(
        "refusing to write {}: it is {role} {} (give another output name)",
        path_text(output),
        path_text(input)
    )]
    OverwritesInput {
        /// The output as named.
        output: PathBuf,
        /// The input it is, as named.
        input: PathBuf,
        /// What the input is ("the source", "the image").
        role: String,
    },
    /// Two outputs name the same file.
    #[error(
        "refusing to write {} twice: {} names the same file",
        path_text(first),
        path_text(second)
    )]
    SameOutput {
        /// The first output naming the file.
        first: PathBuf,
        /// The second.
        second: PathBuf,
    },
    /// An output exists and is not a regular file, and the command writes regular files only.
    #[error(
        "refusing to write {}: it is {kind}, not a regular file",
        path_text(path)
    )]
    NotRegular {
        /// The output as named.
        path: PathBuf,
        /// What it is ("a character device").
        kind: &'static str,
    },
    /// An output exists and this user may not write it: it is not replaced, although the
    /// folder would let a new file be renamed over it.
    #[error(
        "cannot write {}: permission denied (the file exists and this user may not write it)",
        path_text(path)
    )]
    PermissionDenied {
        /// The output as named.
        path: PathBuf,
    },
    /// An output exists and the command was told to keep existing files.
    #[error("{} exists", path_text(path))]
    Exists {
        /// The output as named.
        path: PathBuf,
    },
    /// The operating system refused.
    #[error("cannot write {}: {message}", path_text(path))]
    Io {
        /// The output.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
}

/// One output: the path as named, and its bytes.
struct Pending {
    named: PathBuf,
    bytes: Vec<u8>,
}

/// An output checked and ready: where it lands and whether it is written in place.
pub(super) struct Placed {
    pub(super) named: PathBuf,
    pub(super) target: PathBuf,
    pub(super) in_place: bool,
}

/// The outputs of one command, written together by [`Outputs::commit`] after the command's
/// inputs were declared with [`Outputs::input`]. Every file the tool writes goes through it
/// (or through [`Outputs::stream`], for an output written while the command runs).
///
/// ```
/// use sargon_z80::files::Outputs;
///
/// let dir = tempfile::tempdir().unwrap();
/// let source = dir.path().join("x.asm");
/// std::fs::write(&source, "nop\n").unwrap();
///
/// // The source named as an output is refused, and nothing is written.
/// let mut outputs = Outputs::new();
/// outputs.input(&source, "the source");
/// outputs.output(&dir.path().join("x.bin"), vec![0]);
/// outputs.output(&source, vec![0]);
/// let err = outputs.commit().unwrap_err();
/// assert!(err.to_string().starts_with("refusing to write"));
/// assert_eq!(std::fs::read(&source).unwrap(), b"nop\n");
/// assert!(!dir.path().join("x.bin").exists());
/// ```
#[derive(Default)]
pub struct Outputs {
    inputs: Vec<(PathBuf, String, Identity)>,
    pending: Vec<Pending>,
    regular_only: bool,
    /// Whether an existing file is refused rather than replaced (read by `stream.rs` too).
    pub(super) keep_existing: bool,
}

impl Outputs {
    /// No inputs, no outputs yet. A device or a pipe named as an output is written in place
    /// (`-o /dev/null`), unless [`Outputs::regular_only`] says otherwise.
    pub fn new() -> Outputs {
        Outputs::default()
    }

    /// Refuses outputs that exist and are not regular files (a device, a pipe, a socket):
    /// for a program that must not block on a pipe or write onto a terminal.
    pub fn regular_only(mut self) -> Outputs {
        self.regular_only = true;
        self
    }

    /// Refuses outputs that exist ([`WriteError::Exists`]), also one that appears while the
    /// outputs are written: for a program that asks before it replaces a file.
    pub fn keep_existing(mut self) -> Outputs {
        self.keep_existing = true;
        self
    }

    /// Declares an input of the command (`role` names it in errors: "the source"). An input
    /// that does not exist cannot be overwritten and is ignored.
    pub fn input(&mut self, path: &Path, role: &str) {
        if let Some(id) = existing_identity(path) {
            self.inputs.push((path.to_path_buf(), role.to_string(), id));
        }
    }

    /// Adds an output; nothing is written before [`Outputs::commit`].
    pub fn output(&mut self, path: &Path, bytes: Vec<u8>) {
        self.pending.push(Pending {
            named: path.to_path_buf(),
            bytes,
        });
    }

    /// Checks every output against the inputs and the other outputs, writes each regular
    /// file to a temporary file beside it and renames them all only when every one was
    /// written; special files (`/dev/null`, a pipe) are written in place. On any error the
    /// old files stay as they were.
    pub fn commit(self) -> Result<(), WriteError> {
        let placed = self.place()?;
        let mut staged = Vec::with_capacity(placed.len());
        let mut special = Vec::new();
        for (place, pending) in placed.iter().zip(&self.pending) {
            if place.in_place {
                special.push((place, pending));
            } else {
                let mut temp = stage(place)?;
                let fail = |e| io_error(&place.named, e);
                temp.write_all(&pending.bytes).map_err(fail)?;
                temp.as_file().sync_all().map_err(fail)?;
                staged.push((place, temp));
            }
        }
        for (place, pending) in special {
            let mut file = open_in_place(place)?;
            let fail = |e| io_error(&place.named, e);
            file.write_all(&pending.bytes).map_err(fail)?;
            file.flush().map_err(fail)?;
        }
        for (place, temp) in staged {
            persist(temp, place, self.keep_existing)?;
        }
        Ok(())
    }

    /// No output may be an input, and no two outputs the same file (nor, as the command
    /// asked, an existing file or one that is not a regular file): what [`Outputs::commit`]
    /// checks first, for a command that wants to refuse before a long run.
    pub fn check(&self) -> Result<(), WriteError> {
        self.place().map(drop)
    }

    /// Every output checked, with where it lands.
    pub(super) fn place(&self) -> Result<Vec<Placed>, WriteError> {
        let mut placed: Vec<(Placed, Identity)> = Vec::with_capacity(self.pending.len());
        for pending in &self.pending {
            let named = &pending.named;
            let target = resolve(named).map_err(|message| WriteError::Io {
                path: named.clone(),
                message,
            })?;
            let id = target_identity(&target);
            if let Some((input, role, _)) = self.inputs.iter().find(|(_, _, i)| *i == id) {
                return Err(WriteError::OverwritesInput {
                    output: named.clone(),
                    input: input.clone(),
                    role: role.clone(),
                });
            }
            if let Some((first, _)) = placed.iter().find(|(_, i)| *i == id) {
                return Err(WriteError::SameOutput {
                    first: first.named.clone(),
                    second: named.clone(),
                });
            }
            let in_place = self.in_place(named, &target)?;
            let place = Placed {
                named: named.clone(),
                target,
                in_place,
            };
            placed.push((place, id));
        }
        Ok(placed.into_iter().map(|(place, _)| place).collect())
    }

    /// True for an existing target that is not a regular file (a device or a pipe), which
    /// cannot be replaced by a rename and is written in place; an error for a folder, for
    /// such a target when the command writes regular files only, for an existing file when it
    /// keeps them, and for one this user may not write.
    fn in_place(&self, named: &Path, target: &Path) -> Result<bool, WriteError> {
        let Ok(meta) = std::fs::metadata(target) else {
            return Ok(false);
        };
        match kind_of(&meta) {
            Some("a folder") => Err(WriteError::Io {
                path: named.to_path_buf(),
                message: "it is a folder".to_string(),
            }),
            Some(kind) if self.regular_only => Err(WriteError::NotRegular {
                path: named.to_path_buf(),
                kind,
            }),
            // Refused before a program that keeps files asks whether to replace it.
            None => match may_write(target) {
                Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
                    Err(WriteError::PermissionDenied {
                        path: named.to_path_buf(),
                    })
                }
                Err(e) => Err(io_error(named, e)),
                Ok(()) if self.keep_existing => Err(WriteError::Exists {
                    path: named.to_path_buf(),
                }),
                Ok(()) => Ok(false),
            },
            _ if self.keep_existing => Err(WriteError::Exists {
                path: named.to_path_buf(),
            }),
            Some(_) => Ok(true),
        }
    }
}

pub(super) fn io_error(path: &Path, e: std::io::Error) -> WriteError {
    WriteError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

/// A temporary file beside the target, with the owner, group and permissions the target has
/// (or a new file would get); its folder missing is said in words.
pub(super) fn stage(place: &Placed) -> Result<tempfile::NamedTempFile, WriteError> {
    let fail = |e| io_error(&place.named, e);
    let folder = folder_of(&place.target);
    if !folder.is_dir() {
        return Err(WriteError::Io {
            path: place.named.clone(),
            message: format!("there is no folder {}", path_text(folder)),
        });
    }
    let name = place
        .target
        .file_name()
        .unwrap_or_default()
        .to_string_lossy();
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let temp = builder.tempfile_in(folder).map_err(fail)?;
    if let Ok(meta) = std::fs::metadata(&place.target) {
        // The owner first: a change of owner clears the set-id bits the permissions restore.
        keep_owner(temp.as_file(), &meta);
        std::fs::set_permissions(temp.path(), meta.permissions()).map_err(fail)?;
    }
    Ok(temp)
}

/// Renames a written temporary file over its target (only if nothing is there, when
/// existing files are kept).
pub(super) fn persist(
    temp: tempfile::NamedTempFile,
    place: &Placed,
    keep_existing: bool,
) -> Result<(), WriteError> {
    let placed = if keep_existing {
        temp.persist_noclobber(&place.target)
    } else {
        temp.persist(&place.target)
    };
    placed.map(drop).map_err(|e| match e.error.kind() {
        std::io::ErrorKind::AlreadyExists if keep_existing => WriteError::Exists {
            path: place.named.clone(),
        },
        _ => io_error(&place.named, e.error),
    })
}

/// A device or pipe opened for writing.
pub(super) fn open_in_place(place: &Placed) -> Result<std::fs::File, WriteError> {
    std::fs::OpenOptions::new()
        .write(true)
        .open(&place.target)
        .map_err(|e| io_error(&place.named, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("x.asm");
        std::fs::write(&source, "source").unwrap();
        (dir, source)
    }

    fn commit(inputs: &[&Path], outputs: &[(&Path, &str)]) -> Result<(), WriteError> {
        let mut o = Outputs::new();
        for input in inputs {
            o.input(input, "the source");
        }
        for (path, text) in outputs {
            o.output(path, text.as_bytes().to_vec());
        }
        o.commit()
    }

    #[test]
    fn writes_new_and_replaces_old_files() {
        let (dir, source) = setup();
        let bin = dir.path().join("x.bin");
        std::fs::write(&bin, "old").unwrap();
        let sym = dir.path().join("x.sym");
        commit(&[&source], &[(&bin, "new bin"), (&sym, "new sym")]).unwrap();
        assert_eq!(std::fs::read_to_string(&bin).unwrap(), "new bin");
        assert_eq!(std::fs::read_to_string(&sym).unwrap(), "new sym");
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 3, "no temporary file is left behind");
    }

    #[test]
    fn an_input_is_never_an_output() {
        let (dir, source) = setup();
        let bin = dir.path().join("x.bin");
        let err = commit(&[&source], &[(&bin, "bin"), (&source, "bin")]).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "refusing to write {}: it is the source {} (give another output name)",
                source.display(),
                source.display()
            )
        );
        assert_eq!(std::fs::read_to_string(&source).unwrap(), "source");
        assert!(
            !bin.exists(),
            "nothing is written when one output is refused"
        );
    }

    #[cfg(unix)]
    #[test]
    fn links_to_an_input_are_refused() {
        let (dir, source) = setup();
        let soft = dir.path().join("soft.bin");
        std::os::unix::fs::symlink(&source, &soft).unwrap();
        let hard = dir.path().join("hard.bin");
        std::fs::hard_link(&source, &hard).unwrap();
        let dotted = dir.path().join(".").join("sub").join("..").join("x.asm");
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        for output in [&soft, &hard, &dotted] {
            let err = commit(&[&source], &[(output, "bin")]).unwrap_err();
            assert!(
                matches!(err, WriteError::OverwritesInput { .. }),
                "{output:?}: {err}"
            );
        }
        assert_eq!(std::fs::read_to_string(&source).unwrap(), "source");
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_output_writes_through() {
        let (dir, source) = setup();
        let real = dir.path().join("real.bin");
        std::fs::write(&real, "old").unwrap();
        let link = dir.path().join("link.bin");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        commit(&[&source], &[(&link, "new")]).unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
    }

    #[test]
    fn two_outputs_naming_one_file_are_refused() {
        let (dir, _) = setup();
        let bin = dir.path().join("x.bin");
        let again = dir.path().join(".").join("x.bin");
        let err = commit(&[], &[(&bin, "a"), (&again, "b")]).unwrap_err();
        assert!(matches!(err, WriteError::SameOutput { .. }), "{err}");
        assert!(!bin.exists());
    }

    #[test]
    fn a_failed_write_leaves_the_old_files() {
        let (dir, _) = setup();
        let bin = dir.path().join("x.bin");
        std::fs::write(&bin, "old").unwrap();
        let missing = dir.path().join("no-such-folder").join("x.sym");
        let err = commit(&[], &[(&bin, "new"), (&missing, "new")]).unwrap_err();
        assert!(
            err.to_string()
                .starts_with(&format!("cannot write {}", missing.display()))
        );
        assert_eq!(std::fs::read_to_string(&bin).unwrap(), "old");
        let err = commit(&[], &[(dir.path(), "new")]).unwrap_err();
        assert!(err.to_string().ends_with("it is a folder"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn permissions_are_kept_and_devices_written_in_place() {
        use std::os::unix::fs::PermissionsExt;
        let (dir, _) = setup();
        let bin = dir.path().join("x.bin");
        std::fs::write(&bin, "old").unwrap();
        std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o751)).unwrap();
        commit(&[], &[(&bin, "new")]).unwrap();
        assert_eq!(
            std::fs::metadata(&bin).unwrap().permissions().mode() & 0o777,
            0o751
        );
        commit(&[], &[(Path::new("/dev/null"), "gone")]).unwrap();
        use std::os::unix::fs::FileTypeExt;
        assert!(
            std::fs::metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device()
        );
        let err = commit(&[], &[(Path::new("/dev/full"), "x")]).unwrap_err();
        assert!(
            err.to_string().starts_with("cannot write /dev/full: "),
            "{err}"
        );
    }
    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_loop_is_refused_and_left_alone() {
        let (dir, _) = setup();
        let (a, b) = (dir.path().join("loopA"), dir.path().join("loopB"));
        std::os::unix::fs::symlink("loopB", &a).unwrap();
        std::os::unix::fs::symlink("loopA", &b).unwrap();
        let err = commit(&[], &[(&a, "bin")]).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "cannot write {}: too many levels of symbolic links",
                a.display()
            )
        );
        for link in [&a, &b] {
            let meta = std::fs::symlink_metadata(link).unwrap();
            assert!(meta.file_type().is_symlink(), "{link:?} is still a link");
        }
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 3);
    }

    #[test]
    fn a_missing_folder_is_named() {
        let (dir, _) = setup();
        let path = dir.path().join("no/such/game.pgn");
        let err = commit(&[], &[(&path, "x")]).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "cannot write {}: there is no folder {}",
                path.display(),
                path.parent().unwrap().display()
            )
        );
    }

    #[cfg(unix)]
    #[test]
    fn regular_only_refuses_devices_and_pipes_and_keep_existing_asks() {
        let (dir, source) = setup();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        let mut targets = vec![(Path::new("/dev/full"), "a character device")];
        if made.is_ok_and(|s| s.success()) {
            targets.push((&fifo, "a named pipe (FIFO)"));
        }
        for (target, kind) in targets {
            let mut outputs = Outputs::new().regular_only().keep_existing();
            outputs.output(target, b"x".to_vec());
            let err = outputs.commit().unwrap_err();
            assert_eq!(
                err,
                WriteError::NotRegular {
                    path: target.to_path_buf(),
                    kind
                }
            );
        }
        let mut outputs = Outputs::new().keep_existing();
        outputs.output(&source, b"x".to_vec());
        let err = outputs.commit().unwrap_err();
        assert_eq!(err.to_string(), format!("{} exists", source.display()));
        assert_eq!(std::fs::read_to_string(&source).unwrap(), "source");
        let new = dir.path().join("new.pgn");
        let mut outputs = Outputs::new().regular_only().keep_existing();
        outputs.output(&new, b"x".to_vec());
        outputs.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&new).unwrap(), "x");
    }
}
