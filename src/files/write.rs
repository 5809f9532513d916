//! Writing outputs safely: never over one of the command's inputs, never half-written.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::excerpt::path_text;

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
    /// The operating system refused.
    #[error("cannot write {}: {message}", path_text(path))]
    Io {
        /// The output.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
}

/// What names one file: its device and inode where the system has them, else its
/// canonical path.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Identity {
    #[cfg(unix)]
    Inode(u64, u64),
    Path(PathBuf),
}

/// The identity of an existing file (through symbolic links).
fn existing_identity(path: &Path) -> Option<Identity> {
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

/// Where writing `path` lands: a symbolic link is followed (also a dangling one), so the
/// rename replaces the file it points to, not the link.
fn resolve(path: &Path) -> PathBuf {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => std::fs::canonicalize(path)
            .or_else(|_| {
                std::fs::read_link(path).map(|to| path.parent().unwrap_or(Path::new("")).join(to))
            })
            .unwrap_or_else(|_| path.to_path_buf()),
        _ => path.to_path_buf(),
    }
}

/// The identity a file written at `target` will have: its own when it exists, else its
/// folder's canonical path joined with its name.
fn target_identity(target: &Path) -> Identity {
    if let Some(id) = existing_identity(target) {
        return id;
    }
    let parent = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let folder = std::fs::canonicalize(parent).unwrap_or_else(|_| parent.to_path_buf());
    Identity::Path(folder.join(target.file_name().unwrap_or_default()))
}

/// One output: the path as named, where it lands, and its bytes.
struct Pending {
    named: PathBuf,
    target: PathBuf,
    bytes: Vec<u8>,
}

/// The outputs of one command, written together by [`Outputs::commit`] after the command's
/// inputs were declared with [`Outputs::input`].
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
}

impl Outputs {
    /// No inputs, no outputs yet.
    pub fn new() -> Outputs {
        Outputs::default()
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
            target: resolve(path),
            bytes,
        });
    }

    /// Checks every output against the inputs and the other outputs, writes each regular
    /// file to a temporary file beside it and renames them all only when every one was
    /// written; special files (`/dev/null`, a pipe) are written in place. On any error the
    /// old files stay as they were.
    pub fn commit(self) -> Result<(), WriteError> {
        self.check()?;
        let mut staged = Vec::with_capacity(self.pending.len());
        let mut special = Vec::new();
        for pending in &self.pending {
            if is_special(&pending.target)? {
                special.push(pending);
            } else {
                staged.push((pending, stage(pending)?));
            }
        }
        for pending in special {
            write_in_place(pending)?;
        }
        for (pending, temp) in staged {
            temp.persist(&pending.target)
                .map_err(|e| io_error(&pending.named, e.error))?;
        }
        Ok(())
    }

    /// No output may be an input, and no two outputs the same file: what [`Outputs::commit`]
    /// checks first, for a command that wants to refuse before a long run.
    pub fn check(&self) -> Result<(), WriteError> {
        let mut seen: Vec<(&Path, Identity)> = Vec::with_capacity(self.pending.len());
        for pending in &self.pending {
            let id = target_identity(&pending.target);
            if let Some((input, role, _)) = self.inputs.iter().find(|(_, _, i)| *i == id) {
                return Err(WriteError::OverwritesInput {
                    output: pending.named.clone(),
                    input: input.clone(),
                    role: role.clone(),
                });
            }
            if let Some((first, _)) = seen.iter().find(|(_, i)| *i == id) {
                return Err(WriteError::SameOutput {
                    first: first.to_path_buf(),
                    second: pending.named.clone(),
                });
            }
            seen.push((&pending.named, id));
        }
        Ok(())
    }
}

fn io_error(path: &Path, e: std::io::Error) -> WriteError {
    WriteError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

/// True for an existing target that is not a regular file (a device or a pipe), which
/// cannot be replaced by a rename; a folder is an error.
fn is_special(target: &Path) -> Result<bool, WriteError> {
    match std::fs::metadata(target) {
        Ok(meta) if meta.is_dir() => Err(WriteError::Io {
            path: target.to_path_buf(),
            message: "it is a folder".to_string(),
        }),
        Ok(meta) => Ok(!meta.is_file()),
        Err(_) => Ok(false),
    }
}

/// The bytes in a temporary file beside the target, flushed to disk, with the permissions
/// the target has (or a new file would get).
fn stage(pending: &Pending) -> Result<tempfile::NamedTempFile, WriteError> {
    let fail = |e| io_error(&pending.named, e);
    let folder = match pending.target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = pending
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
    let mut temp = builder.tempfile_in(folder).map_err(fail)?;
    if let Ok(meta) = std::fs::metadata(&pending.target) {
        std::fs::set_permissions(temp.path(), meta.permissions()).map_err(fail)?;
    }
    temp.write_all(&pending.bytes).map_err(fail)?;
    temp.as_file().sync_all().map_err(fail)?;
    Ok(temp)
}

fn write_in_place(pending: &Pending) -> Result<(), WriteError> {
    let fail = |e| io_error(&pending.named, e);
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .open(&pending.target)
        .map_err(fail)?;
    file.write_all(&pending.bytes).map_err(fail)?;
    file.flush().map_err(fail)
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
}
