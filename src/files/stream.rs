//! An output written while the command runs (a trace of a long search): through a buffer into
//! a temporary file beside the target, put in place at the end, so memory stays flat however
//! long the output and an old file is replaced only by a whole new one.

use std::io::{BufWriter, Write};

use std::path::Path;

use super::write::{Outputs, Placed, WriteError, io_error, open_in_place, persist, stage};

/// Where the bytes go.
enum Sink {
    /// A temporary file beside the target.
    Staged(BufWriter<tempfile::NamedTempFile>),
    /// A device or a pipe, written in place.
    InPlace(BufWriter<std::fs::File>),
}

/// An output being written; [`Stream::commit`] puts it in place. Dropped without a commit,
/// its temporary file is removed and the old file stays as it was.
///
/// ```
/// use std::io::Write;
/// use sargon_z80::files::Outputs;
///
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("trace.jsonl");
/// let mut stream = Outputs::new().stream(&path).unwrap();
/// for i in 0..1000 {
///     writeln!(stream, "[1,22,43,{}]", i % 256).unwrap();
/// }
/// assert!(!path.exists(), "nothing is in place before the commit");
/// stream.commit().unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 1000);
/// ```
pub struct Stream {
    place: Placed,
    sink: Sink,
    keep_existing: bool,
}

impl Outputs {
    /// Checks the outputs like [`Outputs::commit`] and opens `path` as one more, to be
    /// written while the command runs: a temporary file beside it, put in place by
    /// [`Stream::commit`] (a device or a pipe is written in place). Memory stays flat however
    /// much is written.
    pub fn stream(mut self, path: &Path) -> Result<Stream, WriteError> {
        self.output(path, Vec::new());
        let placed = self.place()?.pop().expect("the output just added");
        open(placed, self.keep_existing)
    }
}

/// Opens a checked output for writing.
fn open(place: Placed, keep_existing: bool) -> Result<Stream, WriteError> {
    let sink = if place.in_place {
        Sink::InPlace(BufWriter::new(open_in_place(&place)?))
    } else {
        Sink::Staged(BufWriter::new(stage(&place)?))
    };
    Ok(Stream {
        place,
        sink,
        keep_existing,
    })
}

impl Stream {
    /// Flushes the bytes to disk and puts the file in place (renamed over the target).
    pub fn commit(self) -> Result<(), WriteError> {
        let named = &self.place.named;
        let fail = |e| io_error(named, e);
        match self.sink {
            Sink::InPlace(mut file) => file.flush().map_err(fail),
            Sink::Staged(file) => {
                let temp = file.into_inner().map_err(|e| fail(e.into_error()))?;
                temp.as_file().sync_all().map_err(fail)?;
                persist(temp, &self.place, self.keep_existing)
            }
        }
    }
}

impl Write for Stream {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        match &mut self.sink {
            Sink::Staged(file) => file.write(bytes),
            Sink::InPlace(file) => file.write(bytes),
        }
    }

    fn write_all(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        match &mut self.sink {
            Sink::Staged(file) => file.write_all(bytes),
            Sink::InPlace(file) => file.write_all(bytes),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.sink {
            Sink::Staged(file) => file.flush(),
            Sink::InPlace(file) => file.flush(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Outputs;
    use std::io::Write;

    #[test]
    fn a_stream_replaces_the_old_file_only_when_committed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.jsonl");
        std::fs::write(&path, "old").unwrap();
        let mut stream = Outputs::new().stream(&path).unwrap();
        stream.write_all(b"new").unwrap();
        drop(stream);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        let mut stream = Outputs::new().stream(&path).unwrap();
        stream.write_all(b"new").unwrap();
        stream.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
    }

    #[test]
    fn a_stream_is_checked_against_the_inputs() {
        let dir = tempfile::tempdir().unwrap();
        let image = dir.path().join("x.bin");
        std::fs::write(&image, "image").unwrap();
        let mut outputs = Outputs::new();
        outputs.input(&image, "the image");
        let err = outputs.stream(&image).err().unwrap();
        assert!(err.to_string().contains("it is the image"), "{err}");
        let err = Outputs::new().stream(dir.path()).err().unwrap();
        assert!(err.to_string().ends_with("it is a folder"), "{err}");
        let mut full = Outputs::new().stream("/dev/full".as_ref()).unwrap();
        full.write_all(b"x").unwrap();
        assert!(full.commit().is_err(), "a full device fails when flushed");
    }
}
