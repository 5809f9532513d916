//! The hint for an image that lacks symbols it needs (MOVE, UNMOVE, DRIVER): an END before
//! their routines stops the assembly there, and the assembly still succeeds, so the missing
//! symbols are the first sign. When the source is at hand (beside the image, or named by a
//! listing beside it), the hint says which of them it defines after an END and where that END
//! is; otherwise it suggests looking for one.

use std::path::{Path, PathBuf};

use sargon_z80::abi::AbiError;
use sargon_z80::crosscheck::RunError;
use sargon_z80::files::{clip, path_text, read_limited};
use sargon_z80::jupiter::JupiterError;

/// What the source of an image is looked for as, beside it: a listing first (it names its
/// source), then the usual extensions of a source.
const BESIDE: [&str; 7] = ["lst", "asm", "tdl", "z80", "mac", "s", "src"];

/// The most a source read for a hint may have (the assembler's own limit).
const MAX_SOURCE: u64 = 16 << 20;

/// How many missing names a hint lists.
const NAMED: usize = 6;

/// `err` with the hint when it says that the image at `rom` lacks symbols; `err` as it is
/// otherwise (and for the built-in image, `rom` None).
pub fn attach(err: anyhow::Error, rom: Option<&Path>) -> anyhow::Error {
    let Some(rom) = rom else {
        return err;
    };
    let missing = missing_names(&err);
    if missing.is_empty() {
        return err;
    }
    match hint(rom, &missing) {
        Some(hint) => anyhow::anyhow!("{err:#}; hint: {hint}"),
        None => err,
    }
}

/// [`attach`] with the `--rom` of the command line, for the commands whose arguments are
/// spent by the time their error is printed.
pub fn attach_from_command_line(err: anyhow::Error) -> anyhow::Error {
    let words: Vec<String> = std::env::args_os()
        .map(|w| w.to_string_lossy().into_owned())
        .collect();
    let rom = words
        .iter()
        .enumerate()
        .find_map(|(i, w)| match w.as_str() {
            "--rom" => words.get(i + 1).cloned(),
            w => w.strip_prefix("--rom=").map(str::to_string),
        });
    attach(err, rom.as_deref().map(Path::new))
}

/// The symbols `err` says the image lacks: the board ABI's, the search's, a program's entry.
fn missing_names(err: &anyhow::Error) -> Vec<String> {
    for cause in err.chain() {
        let abi =
            cause
                .downcast_ref::<AbiError>()
                .or_else(|| match cause.downcast_ref::<RunError>() {
                    Some(RunError::Abi(abi)) => Some(abi),
                    _ => None,
                });
        match abi {
            Some(AbiError::MissingSymbols(names) | AbiError::MissingSearchSymbols(names)) => {
                return names.clone();
            }
            Some(_) => return Vec::new(),
            None => {}
        }
        if let Some(JupiterError::NoEntry { name }) = cause.downcast_ref::<JupiterError>() {
            return vec![name.clone()];
        }
    }
    Vec::new()
}

/// The hint for the image at `rom` lacking `missing`: which of them its source defines after
/// an END; None when the source is at hand and no END stands before them (an END is not why).
pub fn hint(rom: &Path, missing: &[String]) -> Option<String> {
    let Some(source) = find_source(rom) else {
        return Some(
            "if the image's source has an END (TDL: .END) before the routines that define them, \
             the assembly stopped there (asm warns of it): look for one"
                .to_string(),
        );
    };
    let Some(text) = read_source(&source) else {
        return Some(format!(
            "{} could not be read to look for an END before them",
            path_text(&source)
        ));
    };
    let (line, end, found) = after_end(&text, missing)?;
    Some(format!(
        "{} defines {} after the {end} on its line {line}, where the assembly stopped: delete \
         that {end} (the end of the file ends the assembly) and assemble again",
        path_text(&source),
        listed(&found)
    ))
}

/// The text of a source or listing (a byte that is no UTF-8 read as U+FFFD, as the assembler
/// reads it), if it can be read within the assembler's limit.
fn read_source(path: &Path) -> Option<String> {
    let bytes = read_limited(path, MAX_SOURCE, "a source").ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// Names as a hint lists them: `MOVE`, `MOVE and UNMOVE`, `A, B, C, ... (9 in all)`.
fn listed(names: &[String]) -> String {
    let shown: Vec<String> = names.iter().take(NAMED).map(|n| clip(n)).collect();
    match shown.as_slice() {
        [one] => one.clone(),
        [init @ .., last] if names.len() <= NAMED => format!("{} and {last}", init.join(", ")),
        _ => format!("{}, ... ({} in all)", shown.join(", "), names.len()),
    }
}

/// The source of the image at `rom`: a file beside it with its stem and a source's extension,
/// or the one a listing beside it names (`; file NAME` on its first line).
fn find_source(rom: &Path) -> Option<PathBuf> {
    let dir = rom.parent().unwrap_or(Path::new(""));
    for ext in BESIDE {
        let candidate = rom.with_extension(ext);
        if !candidate.is_file() {
            continue;
        }
        if ext != "lst" {
            return Some(candidate);
        }
        if let Some(named) = listed_source(&candidate, dir) {
            return Some(named);
        }
    }
    None
}

/// The source a listing names in its header, found beside the listing or in the working folder.
fn listed_source(listing: &Path, dir: &Path) -> Option<PathBuf> {
    let text = read_source(listing)?;
    let name = text.lines().next()?.strip_prefix("; file ")?.trim();
    [dir.join(name), PathBuf::from(name)]
        .into_iter()
        .find(|p| p.is_file())
}

/// In source `text`: the first END (or `.END`) statement that has labels after it, and which
/// of `missing` are defined after it and not before: its 1-based line, its word, the names.
fn after_end(text: &str, missing: &[String]) -> Option<(usize, &'static str, Vec<String>)> {
    let lines: Vec<&str> = text.lines().collect();
    let (at, word) = lines
        .iter()
        .enumerate()
        .find_map(|(i, l)| end_word(l).map(|w| (i, w)))?;
    let defined = |part: &[&str], name: &str| part.iter().any(|l| defines(l, name));
    let found: Vec<String> = missing
        .iter()
        .filter(|n| defined(&lines[at + 1..], n) && !defined(&lines[..at], n))
        .cloned()
        .collect();
    (!found.is_empty()).then_some((at + 1, word, found))
}

/// The line's statement without its label and comment, upper-cased.
fn statement(line: &str) -> String {
    let code = line.split(';').next().unwrap_or_default();
    let code = match code.split_once(':') {
        Some((label, rest)) if !label.trim().contains(char::is_whitespace) => rest,
        _ => code,
    };
    code.trim().to_ascii_uppercase()
}

/// `END` or `.END` when `line` is that statement.
fn end_word(line: &str) -> Option<&'static str> {
    let statement = statement(line);
    let word = statement.split_whitespace().next()?;
    let starts_indented = line.starts_with(char::is_whitespace) || line.contains(':');
    match word {
        ".END" => Some(".END"),
        "END" if starts_indented => Some("END"),
        _ => None,
    }
}

/// Whether `line` defines `name`: `NAME:` (either dialect), `NAME = value` (TDL), `NAME EQU`
/// or a label alone at the start of the line (Zilog).
fn defines(line: &str, name: &str) -> bool {
    let Some(rest) = line.strip_prefix(name) else {
        return false;
    };
    let rest = rest.trim_start();
    rest.is_empty()
        || rest.starts_with(':')
        || (rest.starts_with('=') && !rest.starts_with("=="))
        || rest.get(..3).is_some_and(|w| w.eq_ignore_ascii_case("EQU"))
        || (line.len() > name.len()
            && line[name.len()..].starts_with(char::is_whitespace)
            && !rest.starts_with(';'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_end_and_the_names_defined_after_it() {
        let tdl = "START:\tNOP\nGENMOV:\tRET\n\t.END\t; stray\nMOVE:\tRET\nUNMOVE:\tRET\n";
        assert_eq!(
            after_end(tdl, &names(&["MOVE", "UNMOVE", "FNDMOV"])),
            Some((3, ".END", names(&["MOVE", "UNMOVE"])))
        );
        // A name also defined before the END is missing for another reason.
        assert_eq!(after_end(tdl, &names(&["GENMOV"])), None);
        let zilog = "GENMOV\tRET\n\tEND\nMOVE\tRET\nUNMOVE: RET\nMLEND EQU 100H\n";
        assert_eq!(
            after_end(zilog, &names(&["MOVE", "UNMOVE", "MLEND"])),
            Some((2, "END", names(&["MOVE", "UNMOVE", "MLEND"])))
        );
        // A label named END at the start of a line is no END statement.
        assert_eq!(after_end("END\tNOP\nMOVE:\tRET\n", &names(&["MOVE"])), None);
        assert_eq!(after_end("\tNOP\nMOVE:\tRET\n", &names(&["MOVE"])), None);
    }

    #[test]
    fn names_are_listed_short() {
        assert_eq!(listed(&names(&["MOVE"])), "MOVE");
        assert_eq!(listed(&names(&["MOVE", "UNMOVE"])), "MOVE and UNMOVE");
        let nine = names(&["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9"]);
        assert_eq!(listed(&nine), "A1, A2, A3, A4, A5, A6, ... (9 in all)");
    }

    #[test]
    fn a_source_beside_the_image_or_named_by_its_listing() {
        let dir = tempfile::tempdir().unwrap();
        let rom = dir.path().join("s78.bin");
        let missing = names(&["MOVE", "UNMOVE"]);
        assert!(
            hint(&rom, &missing)
                .unwrap()
                .starts_with("if the image's source has an END")
        );
        std::fs::write(dir.path().join("s78.lst"), "; file mended.tdl\n").unwrap();
        std::fs::write(
            dir.path().join("mended.tdl"),
            "\tNOP\n\t.END\nMOVE:\tRET\nUNMOVE:\tRET\n",
        )
        .unwrap();
        let shown = path_text(&dir.path().join("mended.tdl"));
        assert_eq!(
            hint(&rom, &missing).unwrap(),
            format!(
                "{shown} defines MOVE and UNMOVE after the .END on its line 2, where the assembly \
                 stopped: delete that .END (the end of the file ends the assembly) and assemble \
                 again"
            )
        );
        std::fs::remove_file(dir.path().join("s78.lst")).unwrap();
        std::fs::write(dir.path().join("s78.asm"), "\tNOP\n\tEND\n").unwrap();
        // The source at hand shows that no END is why: no hint.
        assert_eq!(hint(&rom, &missing), None);
    }
}
