//! Naming a trace on the command line: a file, or one search of a file that holds one search
//! per line (`sargon1978/traces.jsonl`): `FILE#INDEX:PLYMAX`, or `FILE#INDEX` when the index
//! has one search, or `FILE#lLINE` for the search on a given line.

use std::path::{Path, PathBuf};

use super::error::TraceError;

/// Which search of a file with one search per line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selector {
    /// The search with this `index` (and `plymax`, when given).
    Index {
        /// The `index` field.
        index: u64,
        /// The `plymax` field, when the index has several searches.
        plymax: Option<u8>,
    },
    /// The search on this 1-based line.
    Line(usize),
}

/// A trace as named: the file and the selector, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceSource {
    /// The file.
    pub path: PathBuf,
    /// Which search, for a file of several.
    pub selector: Option<Selector>,
    /// The name as given (for messages).
    pub name: String,
}

impl TraceSource {
    /// Reads `FILE`, `FILE#INDEX`, `FILE#INDEX:PLYMAX` or `FILE#lLINE`. A name that is an
    /// existing file is taken whole, even with a `#` in it.
    pub fn parse(text: &str) -> Result<TraceSource, TraceError> {
        let whole = TraceSource {
            path: PathBuf::from(text),
            selector: None,
            name: text.to_string(),
        };
        if Path::new(text).is_file() {
            return Ok(whole);
        }
        let Some((file, choice)) = text.rsplit_once('#') else {
            return Ok(whole);
        };
        let selector = parse_selector(choice).ok_or_else(|| TraceError::Selection {
            file: crate::files::path_text(Path::new(file)),
            message: format!(
                "{} chooses no search: write FILE#INDEX:PLYMAX (e.g. traces.jsonl#12:3), \
                 FILE#INDEX, or FILE#lLINE (e.g. traces.jsonl#l25)",
                crate::files::excerpt(choice)
            ),
        })?;
        Ok(TraceSource {
            path: PathBuf::from(file),
            selector: Some(selector),
            name: text.to_string(),
        })
    }

    /// The file's name as given, without the selector.
    pub fn file_name(&self) -> String {
        crate::files::path_text(&self.path)
    }
}

fn parse_selector(text: &str) -> Option<Selector> {
    if let Some(line) = text.strip_prefix('l') {
        return line
            .parse::<usize>()
            .ok()
            .filter(|&line| line > 0)
            .map(Selector::Line);
    }
    let (index, plymax) = match text.split_once(':') {
        Some((index, plymax)) => (index, Some(plymax.parse::<u8>().ok()?)),
        None => (text, None),
    };
    Some(Selector::Index {
        index: index.parse().ok()?,
        plymax,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selectors_name_an_index_a_plymax_or_a_line() {
        let source = TraceSource::parse("no/such/traces.jsonl#12:3").unwrap();
        assert_eq!(source.path, PathBuf::from("no/such/traces.jsonl"));
        let want = Selector::Index {
            index: 12,
            plymax: Some(3),
        };
        assert_eq!(source.selector, Some(want));
        let source = TraceSource::parse("t.jsonl#7").unwrap();
        let want = Selector::Index {
            index: 7,
            plymax: None,
        };
        assert_eq!(source.selector, Some(want));
        let source = TraceSource::parse("t.jsonl#l25").unwrap();
        assert_eq!(source.selector, Some(Selector::Line(25)));
        assert_eq!(TraceSource::parse("plain.jsonl").unwrap().selector, None);
        for bad in [
            "t.jsonl#",
            "t.jsonl#x",
            "t.jsonl#1:",
            "t.jsonl#1:300",
            "t.jsonl#l0",
        ] {
            let error = TraceSource::parse(bad).unwrap_err().to_string();
            assert!(error.contains("FILE#INDEX:PLYMAX"), "{bad}: {error}");
        }
    }
}
