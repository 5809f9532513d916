//! Argument handling shared by several subcommands: positions (a FEN, `startpos`, or `-` for
//! FENs on standard input), clock rates, and the hint for a FEN that was not quoted.

use std::io::{BufRead, Read};

use anyhow::{Context, bail};

use sargon_z80::position::Board;

/// The longest line read from standard input: a FEN takes under 100 characters.
const MAX_LINE: usize = 1024;
/// The most positions read from standard input.
const MAX_POSITIONS: usize = 1_000_000;

/// A position as named on the command line, and its board.
#[derive(Debug, Clone)]
pub struct NamedBoard {
    /// The FEN as given (or `startpos`).
    pub text: String,
    /// The board.
    pub board: Board,
}

/// One position's text: `startpos` or a FEN.
pub fn parse_position(text: &str) -> anyhow::Result<Board> {
    match text.trim() {
        "startpos" => Ok(Board::startpos()),
        fen => Board::from_fen(fen)
            .map_err(|err| anyhow::anyhow!("bad FEN {}: {err}", sargon_z80::files::excerpt(fen))),
    }
}

/// The position named by an optional FEN argument: the start position when absent,
/// `startpos` by name, `-` for the single FEN on standard input.
pub fn board_arg(fen: Option<&str>) -> anyhow::Result<Board> {
    match fen {
        Some("-") => {
            let mut read = read_positions(std::io::stdin().lock())?;
            if read.len() != 1 {
                bail!(
                    "standard input holds {} positions; this command takes one",
                    read.len()
                );
            }
            Ok(read.remove(0).board)
        }
        Some(fen) => parse_position(fen),
        None => Ok(Board::startpos()),
    }
}

/// Positions named by the words of a positional argument: none for the start position, a FEN
/// quoted or as its separate fields, `startpos`, or `-` for one FEN (or `startpos`) per line of
/// standard input.
pub fn positions_arg(words: &[String]) -> anyhow::Result<Vec<NamedBoard>> {
    match words {
        [] => Ok(vec![NamedBoard {
            text: "startpos".to_string(),
            board: Board::startpos(),
        }]),
        [dash] if dash == "-" => read_positions(std::io::stdin().lock()),
        _ => {
            let text = words.join(" ");
            let board = parse_position(&text)?;
            Ok(vec![NamedBoard { text, board }])
        }
    }
}

/// One position per line (blank lines and `#` comments skipped; an EPD line's `;` operations
/// ignored), bounded in line length and count; an error names the line.
pub fn read_positions(mut input: impl BufRead) -> anyhow::Result<Vec<NamedBoard>> {
    let mut positions = Vec::new();
    let mut line = Vec::with_capacity(128);
    let mut number = 0;
    while next_line(&mut input, &mut line).context("cannot read standard input")? {
        number += 1;
        if line.len() > MAX_LINE {
            bail!("standard input line {number}: longer than {MAX_LINE} bytes");
        }
        let whole = String::from_utf8_lossy(&line);
        let text = whole.split(';').next().unwrap_or_default().trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        if positions.len() == MAX_POSITIONS {
            bail!("standard input holds more than {MAX_POSITIONS} positions");
        }
        let board =
            parse_position(text).with_context(|| format!("standard input line {number}"))?;
        positions.push(NamedBoard {
            text: text.to_string(),
            board,
        });
    }
    if positions.is_empty() {
        bail!("standard input holds no position");
    }
    Ok(positions)
}

/// Reads the next line into `line` without its `\n`, at most [`MAX_LINE`] + 1 bytes of it (so a
/// line without end costs no more memory than that, and reads as too long); false at the end.
fn next_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<bool> {
    line.clear();
    let limit = MAX_LINE as u64 + 1;
    let read = input.by_ref().take(limit).read_until(b'\n', line)?;
    if line.last() == Some(&b'\n') {
        line.pop();
    }
    Ok(read > 0)
}

/// A hint for a command line whose FEN was not quoted: its fields arrived as separate words
/// (`rnbqkbnr/... w KQkq - 0 1`), so the shell's word splitting needs undoing.
pub fn unquoted_fen_hint(words: &[std::ffi::OsString]) -> Option<String> {
    let words: Vec<&str> = words.iter().filter_map(|w| w.to_str()).collect();
    let at = words
        .windows(2)
        .position(|pair| pair[0].split('/').count() == 8 && matches!(pair[1], "w" | "b"))?;
    let fen = words[at..words.len().min(at + 6)].join(" ");
    Some(format!("a FEN is one argument: quote it, as in '{fen}'"))
}

/// Rejects clock rates outside the one range every command takes (`--mhz`, 0.1 to 1000 MHz,
/// as the UCI option MHz).
pub fn check_mhz(mhz: &[f64]) -> anyhow::Result<()> {
    for &m in mhz {
        sargon_z80::text::check_clock(m).map_err(|why| anyhow::anyhow!("--mhz {why}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_by_name_fen_fields_and_lines() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let words: Vec<String> = start.split(' ').map(String::from).collect();
        let read = positions_arg(&words).unwrap();
        assert_eq!((read.len(), read[0].board), (1, Board::startpos()));
        assert_eq!(parse_position("startpos").unwrap(), Board::startpos());

        let input = format!("# two\n{start} ;D1 20\n\nstartpos\n");
        let read = read_positions(input.as_bytes()).unwrap();
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].text, start);
        let err = read_positions("startpos\n8/8 w - - 0 1\n".as_bytes()).unwrap_err();
        assert!(
            format!("{err:#}").starts_with("standard input line 2: bad FEN"),
            "{err:#}"
        );
        let long = "x".repeat(MAX_LINE + 1);
        let err = read_positions(long.as_bytes()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "standard input line 1: longer than 1024 bytes"
        );
        let err = read_positions("\n# nothing\n".as_bytes()).unwrap_err();
        assert_eq!(err.to_string(), "standard input holds no position");
    }

    #[test]
    fn a_line_without_end_is_refused_after_its_limit() {
        // A megabyte with no newline (or /dev/zero): refused after MAX_LINE + 1 bytes, not
        // read whole into memory first.
        let big = vec![b'x'; 1 << 20];
        let mut input: &[u8] = &big;
        let err = read_positions(&mut input).unwrap_err();
        assert_eq!(
            err.to_string(),
            "standard input line 1: longer than 1024 bytes"
        );
        assert_eq!(big.len() - input.len(), MAX_LINE + 1, "bytes consumed");

        let exact = format!("{}\nstartpos", " ".repeat(MAX_LINE));
        let read = read_positions(exact.as_bytes()).unwrap();
        assert_eq!(read.len(), 1);
        let err = read_positions(format!("startpos\n{}", " ".repeat(MAX_LINE + 1)).as_bytes());
        assert_eq!(
            err.unwrap_err().to_string(),
            "standard input line 2: longer than 1024 bytes"
        );
    }

    #[test]
    fn an_unquoted_fen_gets_a_hint() {
        let words: Vec<std::ffi::OsString> = "sargon-z80 moves 8/8/8/8/8/8/8/K6k b - - 0 1"
            .split(' ')
            .map(Into::into)
            .collect();
        assert_eq!(
            unquoted_fen_hint(&words).unwrap(),
            "a FEN is one argument: quote it, as in '8/8/8/8/8/8/8/K6k b - - 0 1'"
        );
        let quoted = ["moves".into(), "8/8/8/8/8/8/8/K6k b - - 0 1".into()];
        assert_eq!(unquoted_fen_hint(&quoted), None);
    }
}

/// The `--dialect` of a command: the words a source is written in, or a disassembly shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum DialectArg {
    /// Zilog's mnemonics (`LD A,(HL)`, `JP NZ,nn`).
    #[default]
    Zilog,
    /// TDL's 8080-style mnemonics, as the 1978 listing is printed (`MOV A,M`, `JNZ nn`).
    Tdl,
}

impl DialectArg {
    /// The assembler's dialect.
    pub fn assembler(self) -> sargon_z80::assembler::Dialect {
        match self {
            DialectArg::Zilog => sargon_z80::assembler::Dialect::Zilog,
            DialectArg::Tdl => sargon_z80::assembler::Dialect::Tdl,
        }
    }

    /// The disassembler's dialect.
    pub fn disassembler(self) -> sargon_z80::machine::Dialect {
        match self {
            DialectArg::Zilog => sargon_z80::machine::Dialect::Zilog,
            DialectArg::Tdl => sargon_z80::machine::Dialect::Tdl,
        }
    }
}

/// `--source FILE`: the image's source or listing, so that its code is shown in the source's
/// own words (the built-in images carry theirs).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct SourceArg {
    /// The image's source (assembled on the spot) or its listing from `asm --lst`: code is shown
    /// as the source wrote it [default: the built-in images' own]
    #[arg(long, value_name = "FILE")]
    pub source: Option<std::path::PathBuf>,
}

impl SourceArg {
    /// The source map on `image`: the file's, read as a listing or assembled in `dialect`, or
    /// the built-in image's own; a warning on stderr when lines of it differ from the image.
    pub fn load(
        &self,
        image: &sargon_z80::machine::Image,
        dialect: sargon_z80::machine::Dialect,
    ) -> anyhow::Result<Option<sargon_z80::source::SourceMap>> {
        let Some(path) = &self.source else {
            return Ok(sargon_z80::source::builtin(image));
        };
        let map = sargon_z80::source::load(path, image, dialect)?;
        if let Some(line) = map.first_difference() {
            let differ = map.agreement().differ;
            super::exit::note(&format!(
                "warning: {differ} line(s) of code of {} differ from the image, the first {}:{} \
                 at {:04X}H; they are shown but stand for no code",
                map.origin(),
                map.file_name(line.file),
                line.number,
                line.addr.unwrap_or(0)
            ));
        }
        Ok(Some(map))
    }

    /// The file with its role, for the commands that must never write over it.
    pub fn input(&self) -> Option<(std::path::PathBuf, String)> {
        Some((self.source.clone()?, "the source".to_string()))
    }
}
