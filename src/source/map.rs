//! The address-to-source map: a listing's lines bound to an image. A line whose bytes are the
//! image's at its address is the line of that code; a line whose bytes differ (a listing of
//! another build) is kept for its text but never stands for the image's code.

use std::collections::BTreeMap;

use super::error::SourceError;
use super::listing::{Listing, SourceLine};
use super::statement;
use crate::machine::{Dialect, Image, Instruction, decode};

/// A program's source lines and where its code came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceMap {
    origin: String,
    dialect: Dialect,
    files: Vec<String>,
    lines: Vec<SourceLine>,
    /// Address of each line of code the image agrees with, to the line's index.
    starts: BTreeMap<u16, usize>,
    /// Lines of code whose bytes are not the image's.
    differing: Vec<usize>,
}

/// Lines of code of the listing inside the image, and the first line that differs from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Agreement {
    /// Lines whose bytes are the image's.
    pub agree: usize,
    /// Lines whose bytes are not.
    pub differ: usize,
}

impl SourceMap {
    /// The map of `listing` (read from `origin`) on `image`, its dialect decided as
    /// [`SourceMap::from_listing`] says.
    pub(super) fn new(
        listing: Listing,
        origin: &str,
        dialect: Option<Dialect>,
        image: &Image,
    ) -> Self {
        let memory = super::names::image_memory(image);
        let mut starts = BTreeMap::new();
        let mut differing = Vec::new();
        for (index, line) in listing.lines.iter().enumerate() {
            let Some(addr) = line.addr.filter(|_| line.has_bytes()) else {
                continue;
            };
            let inside = (0..line.bytes.len()).all(|i| image.contains(addr.wrapping_add(i as u16)));
            if !inside {
                continue;
            }
            let start = usize::from(addr);
            if memory[start..start + line.bytes.len()] == line.bytes[..] {
                // Where two lines wrote the same address the later bytes won, as here.
                starts.insert(addr, index);
            } else {
                differing.push(index);
            }
        }
        let mut map = SourceMap {
            origin: origin.to_string(),
            dialect: dialect.unwrap_or_default(),
            files: listing.files,
            lines: listing.lines,
            starts,
            differing,
        };
        if dialect.is_none() {
            map.dialect = map.vote(&memory);
        }
        map
    }

    /// The dialect more lines of code are written in.
    fn vote(&self, memory: &[u8; 0x10000]) -> Dialect {
        let (mut zilog, mut tdl) = (0usize, 0usize);
        for (&addr, &index) in &self.starts {
            let instruction = decode(memory, addr);
            let line = &self.lines[index];
            if instruction.is_data() || instruction.bytes() != &line.bytes[..] {
                continue;
            }
            let zilog_word = statement::operation(&line.text, &[instruction.mnemonic]).is_some();
            let tdl_word = tdl_mnemonic(&instruction)
                .is_some_and(|name| statement::operation(&line.text, &[name]).is_some());
            zilog += usize::from(zilog_word && !tdl_word);
            tdl += usize::from(tdl_word && !zilog_word);
        }
        if tdl > zilog {
            Dialect::Tdl
        } else {
            Dialect::Zilog
        }
    }

    /// The map of the listing `text` (as `asm --lst` writes it, read from `origin`) on
    /// `image`. The source's dialect is `dialect` when known; else the lines decide it: the one
    /// whose mnemonics more of them use for the instructions at their addresses (TDL's `MOV`,
    /// `LXI` or Zilog's `LD`). An error when the text is no listing or no line of code of it
    /// is the image's.
    pub fn from_listing(
        text: &str,
        origin: &str,
        dialect: Option<Dialect>,
        image: &Image,
    ) -> Result<SourceMap, SourceError> {
        let listing = super::listing::parse(text).map_err(|bad| SourceError::NotAListing {
            path: origin.to_string(),
            line: bad.0,
        })?;
        let map = SourceMap::new(listing, origin, dialect, image);
        if map.agreement().agree == 0 {
            return Err(SourceError::NoAgreement {
                path: origin.to_string(),
            });
        }
        Ok(map)
    }

    /// What the map was read from (a file's name, or the built-in image's source).
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The dialect the source is written in.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Every line, in the order the assembler ran them (macro expansions after their call).
    pub fn lines(&self) -> &[SourceLine] {
        &self.lines
    }

    /// The name of file `index`, as the listing names it.
    pub fn file_name(&self, index: usize) -> &str {
        &self.files[index]
    }

    /// How many lines of code agree with the image and how many do not.
    pub fn agreement(&self) -> Agreement {
        Agreement {
            agree: self.starts.len(),
            differ: self.differing.len(),
        }
    }

    /// The first line of code whose bytes are not the image's.
    pub fn first_difference(&self) -> Option<&SourceLine> {
        self.differing.first().map(|&i| &self.lines[i])
    }

    /// The line whose code starts at `addr`.
    pub fn line_at(&self, addr: u16) -> Option<usize> {
        self.starts.get(&addr).copied()
    }

    /// The line whose code starts at `addr` or runs over it.
    pub fn line_covering(&self, addr: u16) -> Option<usize> {
        let (&start, &index) = self.starts.range(..=addr).next_back()?;
        let len = self.lines[index].bytes.len();
        (usize::from(addr - start) < len).then_some(index)
    }

    /// The index of the file called `name`: its name in the listing, or the end of it after a
    /// `/` (`dialog.asm` for `asm/dialog.asm`), ignoring case.
    pub fn file_index(&self, name: &str) -> Option<usize> {
        let name = name.trim();
        let same = |f: &String| f.eq_ignore_ascii_case(name);
        let tail = |f: &String| {
            let lower = f.to_ascii_lowercase();
            let want = name.to_ascii_lowercase();
            lower.ends_with(&format!("/{want}")) || want.ends_with(&format!("/{lower}"))
        };
        self.files
            .iter()
            .position(same)
            .or_else(|| self.files.iter().position(tail))
    }

    /// The addresses of the code line `number` of file `file` stands for: its own when it
    /// has code, every expansion's when it is a line of a macro's body, else the next code
    /// after it (a label, a comment, a macro call); empty past the last code.
    pub fn addresses_of(&self, file: usize, number: usize) -> Vec<u16> {
        let mut addrs = Vec::new();
        let mut first_occurrence = None;
        for (index, line) in self.lines.iter().enumerate() {
            if line.file != file || line.number != number {
                continue;
            }
            first_occurrence.get_or_insert(index);
            if let Some(addr) = self.code_addr(index) {
                addrs.push(addr);
            }
        }
        if addrs.is_empty()
            && let Some(start) = first_occurrence
        {
            addrs.extend((start..self.lines.len()).find_map(|i| self.code_addr(i)));
        }
        addrs.sort_unstable();
        addrs.dedup();
        addrs
    }

    /// The address of line `index` when it is code the image agrees with.
    fn code_addr(&self, index: usize) -> Option<u16> {
        let addr = self.lines[index].addr?;
        (self.starts.get(&addr) == Some(&index)).then_some(addr)
    }

    /// The line of code at `addr` when it is exactly `instruction` (its bytes, no more).
    pub(super) fn instruction_line(&self, addr: u16, bytes: &[u8]) -> Option<&SourceLine> {
        let line = &self.lines[self.line_at(addr)?];
        (line.bytes == bytes).then_some(line)
    }
}

/// The expressions `line`, read as `dialect`, wrote for `instruction`.
pub(super) fn written_in(
    instruction: &Instruction,
    line: &SourceLine,
    dialect: Dialect,
) -> crate::machine::Written {
    let word = match dialect {
        Dialect::Zilog => Some(instruction.mnemonic),
        Dialect::Tdl => tdl_mnemonic(instruction),
    };
    match word.and_then(|word| statement::operation(&line.text, &[word])) {
        Some((word, operands)) => instruction.written(word, &operands, dialect),
        None => crate::machine::Written::default(),
    }
}

/// The mnemonic TDL spells `instruction` with.
fn tdl_mnemonic(instruction: &Instruction) -> Option<&'static str> {
    let form = instruction.tdl_form()?;
    Some(form.split(' ').next().unwrap_or(form))
}
