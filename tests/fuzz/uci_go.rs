//! The `go` values of a UCI session: every keyword with a value in range, out of range (`-1`,
//! `4294967296`, `18446744073709551615`, 10^30), with a fraction (`1.5`), not a number
//! (`abc`, `1e3`, `--1`), or missing; unknown words; a clock for either side only; after a
//! position the engine holds, a refused one, a mate or a stalemate. Every `go` is answered by
//! exactly one `bestmove` (after the `stop` a GUI sends), a legal move or `0000`, every other
//! line is a protocol line, and an `info string` says why a value was read other than written.

use std::io::Write;
use std::sync::{Arc, Mutex};

use proptest::prelude::*;
use sargon_z80::game::NativeSearcher;
use sargon_z80::uci::{Output, Session};

use crate::{fuzz, outcome};

/// The lines a session wrote.
#[derive(Clone, Default)]
struct Lines(Arc<Mutex<Vec<u8>>>);

impl Write for Lines {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Lines {
    fn take(&self) -> Vec<String> {
        let bytes = std::mem::take(&mut *self.0.lock().unwrap());
        String::from_utf8(bytes)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    }
}

const KEYS: [&str; 10] = [
    "depth",
    "mate",
    "nodes",
    "movestogo",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "sideways",
];

fn value() -> impl Strategy<Value = Option<String>> {
    prop_oneof![
        (0u64..4).prop_map(|n| Some(n.to_string())),
        Just(Some("-1".to_string())),
        Just(Some("4294967296".to_string())),
        Just(Some("18446744073709551615".to_string())),
        Just(Some("1000000000000000000000000000000".to_string())),
        Just(Some("1.5".to_string())),
        Just(Some("+7".to_string())),
        Just(Some("abc".to_string())),
        Just(Some("1e3".to_string())),
        Just(Some("--1".to_string())),
        Just(None),
    ]
}

/// One `go` line's words after `go`: keywords with values, the flags now and then.
fn go_words() -> impl Strategy<Value = String> {
    let pair = (prop::sample::select(KEYS.to_vec()), value());
    let flag = prop::sample::select(vec!["infinite", "ponder", "searchmoves e2e4"]);
    (prop::collection::vec(pair, 0..4), prop::option::of(flag)).prop_map(|(pairs, flag)| {
        let mut words: Vec<String> = pairs
            .into_iter()
            .flat_map(|(key, value)| std::iter::once(key.to_string()).chain(value))
            .collect();
        words.extend(flag.map(str::to_string));
        words.join(" ")
    })
}

const POSITIONS: [&str; 5] = [
    "position startpos moves e2e4",
    "position fen 8/8/8/4k3/8/8/P7/3QK3 w - - 99 80",
    "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
    "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "position startpos moves e2e5",
];

#[test]
fn go_values() {
    let case = (prop::sample::select(POSITIONS.to_vec()), go_words());
    fuzz("uci go values", 300, case, |(position, words)| {
        let lines = Lines::default();
        let out = Output::new(Box::new(lines.clone()));
        let mut session = Session::new(Box::new(NativeSearcher::new()), "Sargon", out);
        session.handle("setoption name Seed value 1");
        session.handle(position);
        session.handle(&format!("go {words}"));
        session.handle("stop");
        session.wait();
        let written = lines.take();
        let answers: Vec<&String> = written
            .iter()
            .filter(|l| l.starts_with("bestmove"))
            .collect();
        assert_eq!(answers.len(), 1, "go {words} after {position}: {written:?}");
        for line in &written {
            let protocol = ["info ", "bestmove "].iter().any(|p| line.starts_with(p));
            assert!(protocol, "go {words}: {line:?}");
        }
        let refused = answers[0] == "bestmove 0000";
        outcome(if refused { "bestmove 0000" } else { "a move" });
        let said = written.iter().any(|l| l.starts_with("info string"));
        let unreadable = ["abc", "1e3", "--1"].iter().any(|bad| words.contains(bad));
        if unreadable || refused {
            assert!(said, "go {words}: no reason given: {written:?}");
        }
    });
}
