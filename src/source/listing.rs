//! Reading the listing the project's assembler writes (`asm --lst`): per line its file, line
//! number, whether a macro expansion made it, its address or EQU value, its bytes and its
//! text. The listing is the one interface between the assembler and this room: a `--lst` file
//! and a source assembled on the spot are read the same way.
//!
//! Its layout: `; file NAME` when the file changes; then per line the line number in 6
//! columns, `+` for an expanded line, the address (`1234 `) or an EQU's value (`=1234`) in 5,
//! up to 4 bytes in 12, and the source text from column 27 (tabs expanded); a line with more
//! bytes continues on rows of 8 blanks, the address and the next 4 bytes.

use super::statement;

/// One line of the source as the listing shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceLine {
    /// Index of its file in the map's files.
    pub file: usize,
    /// Its line number in that file.
    pub number: usize,
    /// True when a macro expansion made it (the listing's `+`).
    pub expanded: bool,
    /// Its address, when it has one.
    pub addr: Option<u16>,
    /// The value an EQU gave.
    pub value: Option<u16>,
    /// The bytes it emitted (a DS shows its first row only).
    pub bytes: Vec<u8>,
    /// The text as written (tabs expanded).
    pub text: String,
    /// TDL's `.RADIX` in force on the line.
    pub(super) radix: u32,
}

impl SourceLine {
    /// True when the line emitted bytes.
    pub fn has_bytes(&self) -> bool {
        !self.bytes.is_empty()
    }
}

/// A listing read: its files and its lines in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Listing {
    /// File names in order of appearance.
    pub files: Vec<String>,
    /// Lines in the order the assembler ran them.
    pub lines: Vec<SourceLine>,
}

/// A line of the text that is none of the listing's forms: its 1-based number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotAListing(pub usize);

/// The column where a line's source text starts.
const TEXT_COLUMN: usize = 27;

/// Reads `text` as a listing; the first line that fits no form of it is an error.
pub fn parse(text: &str) -> Result<Listing, NotAListing> {
    let mut listing = Listing::default();
    let mut file = None;
    let mut radix = 10;
    for (index, raw) in text.lines().enumerate() {
        if let Some(name) = raw.strip_prefix("; file ") {
            file = Some(intern(&mut listing.files, name));
            continue;
        }
        if raw.trim().is_empty() {
            continue;
        }
        let bad = NotAListing(index + 1);
        let file = file.ok_or(bad)?;
        if let Some(bytes) = continuation(raw) {
            let last = listing.lines.last_mut().ok_or(bad)?;
            last.bytes.extend(bytes.ok_or(bad)?);
            continue;
        }
        let mut line = line(raw, file).ok_or(bad)?;
        if let Some((_, args)) = statement::operation(&line.text, &[".RADIX"]) {
            // TDL's radixes; a line of another build that says otherwise changes nothing.
            let base = args.first().and_then(|a| a.parse().ok());
            radix = base.filter(|b| [2, 8, 10, 16].contains(b)).unwrap_or(radix);
        }
        line.radix = radix;
        listing.lines.push(line);
    }
    if listing.lines.is_empty() {
        return Err(NotAListing(1));
    }
    Ok(listing)
}

fn intern(files: &mut Vec<String>, name: &str) -> usize {
    files.iter().position(|f| f == name).unwrap_or_else(|| {
        files.push(name.to_string());
        files.len() - 1
    })
}

/// The bytes of a continuation row (8 blanks, an address, 2 blanks, bytes); None for another
/// kind of row, Some(None) for a continuation row with bad bytes.
fn continuation(raw: &str) -> Option<Option<Vec<u8>>> {
    let rest = raw.strip_prefix("        ")?;
    let addr = rest.get(..4)?;
    if !addr.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    Some(hex_bytes(rest.get(4..)?))
}

/// One listing line: number, mark, address or value, bytes, text.
fn line(raw: &str, file: usize) -> Option<SourceLine> {
    let number = raw.get(..6)?.trim().parse().ok()?;
    let expanded = match raw.get(6..7).unwrap_or(" ") {
        "+" => true,
        " " => false,
        _ => return None,
    };
    let field = raw.get(8..raw.len().clamp(8, 13)).unwrap_or("").trim_end();
    let (addr, value) = match field.strip_prefix('=') {
        Some(v) => (None, Some(hex16(v)?)),
        None if field.is_empty() => (None, None),
        None => (Some(hex16(field)?), None),
    };
    let bytes = hex_bytes(raw.get(14..raw.len().clamp(14, 26)).unwrap_or(""))?;
    let text = raw.get(TEXT_COLUMN..).unwrap_or("").to_string();
    Some(SourceLine {
        file,
        number,
        expanded,
        addr,
        value,
        bytes,
        text,
        radix: 10,
    })
}

fn hex16(text: &str) -> Option<u16> {
    (text.len() == 4)
        .then(|| u16::from_str_radix(text, 16).ok())
        .flatten()
}

fn hex_bytes(text: &str) -> Option<Vec<u8>> {
    text.split_whitespace()
        .map(|b| {
            (b.len() == 2)
                .then(|| u8::from_str_radix(b, 16).ok())
                .flatten()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "\
; file main.asm
     1                     ; a comment
     2  =0005              K       EQU     5
     3  0100  06 05        MAIN:   LD      B,K
     4                             SHOW    MSG
; file macros.asm
     9+ 0102  FF                   RST     38H
    10+ 0103  B3 1A 07 01          DW      MSG
; file main.asm
     5  0107  48 45 4C 4C  MSG:    DB      'HELLO!!'
        010B  4F 21 21
     6                             .RADIX  16
     7  010E  10           \tDB 10
";

    #[test]
    fn every_form_of_line() {
        let listing = parse(SAMPLE).unwrap();
        assert_eq!(listing.files, ["main.asm", "macros.asm"]);
        let lines = &listing.lines;
        assert_eq!(lines.len(), 9);
        assert_eq!(
            (lines[0].addr, lines[0].text.as_str()),
            (None, "; a comment")
        );
        assert_eq!(lines[1].value, Some(5));
        assert_eq!(
            (lines[2].addr, &lines[2].bytes[..], lines[2].text.as_str()),
            (Some(0x100), &[6, 5][..], "MAIN:   LD      B,K")
        );
        assert!(lines[4].expanded && lines[4].file == 1 && lines[4].number == 9);
        assert_eq!(lines[6].bytes, b"HELLO!!");
        assert_eq!((lines[6].file, lines[6].number), (0, 5));
        assert_eq!((lines[7].radix, lines[8].radix), (16, 16));
        assert_eq!(lines[8].text, "\tDB 10");
    }

    #[test]
    fn other_text_is_refused_by_line() {
        assert_eq!(parse("\tLD A,B\n"), Err(NotAListing(1)));
        assert_eq!(parse("; file x.asm\n     1  01\n"), Err(NotAListing(2)));
        assert_eq!(parse("; file x.asm\nhello world\n"), Err(NotAListing(2)));
        assert_eq!(parse(""), Err(NotAListing(1)));
        assert_eq!(
            parse("; file x.asm\n        0100  ZZ\n"),
            Err(NotAListing(2))
        );
    }
}
