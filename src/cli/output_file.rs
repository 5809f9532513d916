//! An output file written safely: into a temporary file beside the target, renamed over it only
//! once complete and flushed to disk, and never over one of the command's inputs. An error or a
//! panic on the way leaves the target as it was and removes the temporary file.

use std::fs::{self, File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

/// A file being written; [`OutputFile::commit`] puts it in place.
pub struct OutputFile {
    target: PathBuf,
    temp: PathBuf,
    writer: Option<BufWriter<File>>,
}

impl OutputFile {
    /// Starts writing `target`; refuses a directory and any of `inputs` (the same file under
    /// another name included).
    pub fn create(target: &Path, inputs: &[&Path]) -> anyhow::Result<OutputFile> {
        if target.is_dir() {
            bail!("{} is a directory, not a file to write", target.display());
        }
        if let Some(input) = inputs.iter().find(|input| same_file(target, input)) {
            bail!(
                "refusing to write {}: it is {}, an input of this command",
                target.display(),
                input.display()
            );
        }
        let name = target
            .file_name()
            .with_context(|| format!("{} names no file", target.display()))?;
        let dir = match target.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let temp = dir.join(format!(
            ".{}.{}.tmp",
            name.to_string_lossy(),
            std::process::id()
        ));
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
            .with_context(|| {
                format!(
                    "cannot write {}: no temporary file can be made in {}",
                    target.display(),
                    dir.display()
                )
            })?;
        Ok(OutputFile {
            target: target.to_path_buf(),
            temp,
            writer: Some(BufWriter::new(file)),
        })
    }

    /// Where the bytes go until the commit.
    pub fn writer(&mut self) -> &mut BufWriter<File> {
        self.writer
            .as_mut()
            .expect("the writer lives until the commit")
    }

    /// The file being written, as named.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Flushes, syncs and renames the file into place.
    pub fn commit(mut self) -> anyhow::Result<()> {
        let writer = self.writer.take().expect("committed once");
        let file = writer
            .into_inner()
            .map_err(|err| err.into_error())
            .and_then(|file| file.sync_all().map(|()| file))
            .with_context(|| format!("cannot write {}", self.target.display()))?;
        drop(file);
        fs::rename(&self.temp, &self.target)
            .with_context(|| format!("cannot put {} in place", self.target.display()))
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        if self.writer.take().is_some() {
            let _ = fs::remove_file(&self.temp);
        }
    }
}

/// True when both name one existing file (through links or other spellings too).
fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(x), Ok(y)) = (fs::canonicalize(a), fs::canonicalize(b)) else {
        return false;
    };
    if x == y {
        return true;
    }
    same_inode(&x, &y)
}

#[cfg(unix)]
fn same_inode(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_inode(_: &Path, _: &Path) -> bool {
    false
}

/// Writes `text` to stderr, ignoring a closed stream (a note, not the command's output).
pub fn note(text: &str) {
    let _ = writeln!(std::io::stderr(), "{text}");
}
