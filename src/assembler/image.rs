//! The 64 KiB memory image that statements write into, with the statement that wrote each byte.

/// A statement that wrote bytes: where it is and what it wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Writer {
    /// Index of its source file.
    pub file: usize,
    /// Its 1-based line.
    pub line: usize,
    /// Its first address.
    pub start: usize,
    /// How many bytes it wrote.
    pub len: usize,
}

/// Bytes a statement wrote over those of an earlier one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Overlap {
    /// The earlier statement.
    pub earlier: Writer,
    /// The first and last address written twice.
    pub from: usize,
    pub to: usize,
}

/// Memory written by the assembly, with the range that was written.
pub(crate) struct Image {
    mem: Vec<u8>,
    /// Per address, 1 + the index in `writers` of the statement that wrote it last (0: none).
    owner: Vec<u32>,
    writers: Vec<Writer>,
    lo: usize,
    hi: usize,
}

impl Image {
    /// An empty image.
    pub fn new() -> Self {
        Image {
            mem: vec![0; 0x10000],
            owner: vec![0; 0x10000],
            writers: Vec::new(),
            lo: usize::MAX,
            hi: 0,
        }
    }

    /// Writes `bytes` at `addr` (which must fit below 10000H) for `writer`; the later bytes
    /// win. Returns the runs of addresses that earlier statements had written, one per
    /// earlier statement and run.
    pub fn write(&mut self, addr: usize, bytes: &[u8], writer: Writer) -> Vec<Overlap> {
        if bytes.is_empty() {
            return Vec::new();
        }
        self.writers.push(writer);
        let id = self.writers.len() as u32;
        let mut overlaps: Vec<Overlap> = Vec::new();
        for (i, &b) in bytes.iter().enumerate() {
            let a = addr + i;
            if let Some(earlier) = self.owner[a].checked_sub(1) {
                note(&mut overlaps, self.writers[earlier as usize], a);
            }
            self.owner[a] = id;
            self.mem[a] = b;
        }
        self.lo = self.lo.min(addr);
        self.hi = self.hi.max(addr + bytes.len());
        overlaps
    }

    /// Reserves `len` bytes at `addr` (which must fit below 10000H) for `writer`: bytes already
    /// written stay as they are, the rest become zeros of this writer (so later bytes over
    /// them are an overlap too). Returns the runs of addresses earlier statements had written,
    /// as [`Image::write`] does.
    pub fn reserve(&mut self, addr: usize, len: usize, writer: Writer) -> Vec<Overlap> {
        if len == 0 {
            return Vec::new();
        }
        self.writers.push(writer);
        let id = self.writers.len() as u32;
        let mut overlaps: Vec<Overlap> = Vec::new();
        for a in addr..addr + len {
            match self.owner[a].checked_sub(1) {
                Some(earlier) => note(&mut overlaps, self.writers[earlier as usize], a),
                None => {
                    self.owner[a] = id;
                    self.mem[a] = 0;
                }
            }
        }
        self.lo = self.lo.min(addr);
        self.hi = self.hi.max(addr + len);
        overlaps
    }

    /// The `len` bytes at `addr` as they stand.
    pub fn bytes(&self, addr: usize, len: usize) -> &[u8] {
        &self.mem[addr..addr + len]
    }

    /// The lowest written address and the bytes from there to the highest (gaps are 0).
    pub fn into_bytes(mut self) -> (u16, Vec<u8>) {
        if self.lo > self.hi {
            return (0, Vec::new());
        }
        self.mem.truncate(self.hi);
        let bytes = self.mem.split_off(self.lo);
        (self.lo as u16, bytes)
    }
}

/// Adds address `a`, written earlier by `earlier`, to the runs of `overlaps`.
fn note(overlaps: &mut Vec<Overlap>, earlier: Writer, a: usize) {
    match overlaps.last_mut() {
        Some(o) if o.earlier == earlier && o.to + 1 == a => o.to = a,
        _ => overlaps.push(Overlap {
            earlier,
            from: a,
            to: a,
        }),
    }
}

/// An address range as messages show it: `0180H` or `0180H..0186H`.
pub(crate) fn range(from: usize, to: usize) -> String {
    if from == to {
        format!("{from:04X}H")
    } else {
        format!("{from:04X}H..{to:04X}H")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn writer(line: usize, start: usize, len: usize) -> Writer {
        Writer {
            file: 0,
            line,
            start,
            len,
        }
    }

    #[test]
    fn overlaps_are_runs_per_earlier_statement() {
        let mut image = Image::new();
        assert!(image.write(0x10, &[1; 4], writer(1, 0x10, 4)).is_empty());
        assert!(image.write(0x14, &[2; 4], writer(2, 0x14, 4)).is_empty());
        let overlaps = image.write(0x12, &[3; 8], writer(3, 0x12, 8));
        assert_eq!(
            overlaps,
            [
                Overlap {
                    earlier: writer(1, 0x10, 4),
                    from: 0x12,
                    to: 0x13
                },
                Overlap {
                    earlier: writer(2, 0x14, 4),
                    from: 0x14,
                    to: 0x17
                }
            ]
        );
        let (start, bytes) = image.into_bytes();
        assert_eq!((start, bytes), (0x10, vec![1, 1, 3, 3, 3, 3, 3, 3, 3, 3]));
    }
}
