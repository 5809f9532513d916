//! The 64 KiB memory image that statements write into.

/// Memory written by the assembly, with the range that was written.
pub(crate) struct Image {
    mem: Vec<u8>,
    written: Vec<bool>,
    lo: usize,
    hi: usize,
}

impl Image {
    /// An empty image.
    pub fn new() -> Self {
        Image {
            mem: vec![0; 0x10000],
            written: vec![false; 0x10000],
            lo: usize::MAX,
            hi: 0,
        }
    }

    /// Writes `bytes` at `addr` (which must fit below 10000H); returns the first address that
    /// already held a byte, if any.
    pub fn write(&mut self, addr: usize, bytes: &[u8]) -> Option<usize> {
        let mut overlap = None;
        for (i, &b) in bytes.iter().enumerate() {
            let a = addr + i;
            if self.written[a] && overlap.is_none() {
                overlap = Some(a);
            }
            self.written[a] = true;
            self.mem[a] = b;
        }
        if !bytes.is_empty() {
            self.lo = self.lo.min(addr);
            self.hi = self.hi.max(addr + bytes.len());
        }
        overlap
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
