//! Every help text and every report fits a 100-column terminal: each subcommand's `--help` and
//! `-h` (wrapped to 100 columns when not printed to a terminal, to the terminal's width when
//! it is narrower), with examples, prose that is never broken mid-sentence, and the reports of
//! `crosscheck`, `perft`, `image`, `profile --search` and `trace-diff` at their widest real
//! values (`bench --quick`: `bench_cli`; the widest counts of `perft` and `profile`: their unit
//! tests).

use std::process::{Command, Output};

/// The widest line any text of the tool prints.
const WIDTH: usize = 100;

fn sargon(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sargon-z80"))
        .args(args)
        .env_remove("COLUMNS")
        .output()
        .unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// Lines of `text` wider than `width` characters, with their widths.
fn too_wide(text: &str, width: usize) -> Vec<String> {
    text.lines()
        .filter(|line| line.chars().count() > width)
        .map(|line| format!("{}: {line}", line.chars().count()))
        .collect()
}

fn assert_fits(what: &str, text: &str) {
    let wide = too_wide(text, WIDTH);
    assert!(wide.is_empty(), "{what}:\n{}\n\n{text}", wide.join("\n"));
}

/// The subcommands `--help` lists (all but `help`), so that a new one is held to the same.
fn subcommands() -> Vec<String> {
    let text = stdout(&sargon(&["--help"]));
    let listed = text
        .split("Commands:\n")
        .nth(1)
        .expect("a list of commands")
        .split("\n\n")
        .next()
        .unwrap();
    let names: Vec<String> = listed
        .lines()
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect();
    assert!(names.len() >= 13, "{names:?}");
    names
}

/// Prose paragraphs (runs of lines that start in the first column, after the usage) whose lines
/// end short of the paragraph's end: a line broken mid-sentence by hand.
fn broken_paragraphs(text: &str) -> Vec<String> {
    let mut broken = Vec::new();
    let after_usage = text.split_once("\n\n").map_or(text, |(_, rest)| rest);
    for paragraph in after_usage.split("\n\n") {
        let lines: Vec<&str> = paragraph.lines().collect();
        if lines.iter().any(|l| l.starts_with(' ') || l.ends_with(':')) {
            continue;
        }
        for pair in lines.windows(2) {
            let next_word = pair[1].split_whitespace().next().unwrap_or("");
            if pair[0].chars().count() + 1 + next_word.chars().count() <= WIDTH - 20 {
                broken.push(format!("{:?} then {:?}", pair[0], pair[1]));
            }
        }
    }
    broken
}

#[test]
fn every_help_fits_100_columns_with_examples_and_whole_sentences() {
    let top = stdout(&sargon(&["--help"]));
    assert_fits("sargon-z80 --help", &top);
    for name in subcommands() {
        for flag in ["--help", "-h"] {
            let out = sargon(&[&name, flag]);
            assert_eq!(out.status.code(), Some(0), "{name} {flag}");
            let text = stdout(&out);
            assert_fits(&format!("{name} {flag}"), &text);
            let examples = text.split("\nExamples:\n").nth(1).unwrap_or_default();
            assert!(
                examples.starts_with("  sargon-z80 ")
                    && examples.contains(&format!("  sargon-z80 {name}")),
                "{name} {flag} has no examples:\n{text}"
            );
            // An example wider than the help is broken by clap onto a line of its own that
            // goes on under the command (a description of its own sits further in).
            let block = examples.split("\n\n").next().unwrap_or_default();
            let stray: Vec<&str> = block
                .lines()
                .filter(|l| !l.contains("sargon-z80 ") && !l.starts_with(&" ".repeat(20)))
                .collect();
            assert!(
                stray.is_empty(),
                "{name} {flag}: an example broken over lines: {stray:?}"
            );
            let broken = broken_paragraphs(&text);
            assert!(
                broken.is_empty(),
                "{name} {flag}: a line broken mid-sentence:\n{}",
                broken.join("\n")
            );
        }
    }
}

#[test]
fn help_follows_a_narrower_terminal() {
    for name in ["crosscheck", "asm", "image", "perft"] {
        let out = Command::new(env!("CARGO_BIN_EXE_sargon-z80"))
            .args([name, "--help"])
            .env("COLUMNS", "80")
            .output()
            .unwrap();
        let text = stdout(&out);
        let wide = too_wide(&text, 80);
        assert!(wide.is_empty(), "{name}:\n{}", wide.join("\n"));
        assert!(text.lines().any(|l| l.chars().count() > 70), "{text}");
    }
    // A wider terminal still gets 100 columns at most.
    let out = Command::new(env!("CARGO_BIN_EXE_sargon-z80"))
        .args(["crosscheck", "--help"])
        .env("COLUMNS", "200")
        .output()
        .unwrap();
    assert_fits("crosscheck --help at 200 columns", &stdout(&out));
}

#[test]
fn the_crosscheck_report_fits_at_its_widest_header() {
    // A billion random positions (a campaign in parts), the largest seed, a part of the run.
    let out = sargon(&[
        "crosscheck",
        "--random",
        "1000000000",
        "--seed",
        "18446744073709551615",
        "--shard",
        "1000000/1000000",
        "--random-depth",
        "1",
        "--depth",
        "1",
        "--threads",
        "1",
    ]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.starts_with(
            "crosscheck: 133 listed position(s) to depth 1, 1,000,000,000 random position(s) \
             to depth 1\nrun:   seed 18446744073709551615, 1 thread(s)\n"
        ),
        "{text}"
    );
    assert_fits("crosscheck", &text);
}

#[test]
fn the_default_crosscheck_and_its_search_fit() {
    let out = sargon(&["crosscheck", "--random", "100", "--seed", "5"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains(
            "\nsearch: the 133 listed position(s), the search's 7 and 100 random ones at PLYMAX \
             1..=2, after them,\n        against the native engine\n"
        ),
        "{text}"
    );
    assert_fits("crosscheck", &text);
    let out = sargon(&["crosscheck", "--search", "--ply", "1", "--random", "3"]);
    assert_fits("crosscheck --search", &stdout(&out));
}

#[test]
fn crosscheck_prints_a_seed_only_for_random_positions() {
    let out = sargon(&["crosscheck", "--fen", "startpos", "--depth", "1"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.starts_with("crosscheck: 1 listed position(s) to depth 1\nrun:   "),
        "{text}"
    );
    assert!(!text.contains("seed"), "{text}");
    let out = sargon(&["crosscheck", "--random", "0", "--ply", "0", "--depth", "1"]);
    assert!(!stdout(&out).contains("seed"), "{}", stdout(&out));
    let out = sargon(&["crosscheck", "--search", "--ply", "1", "--fen", "startpos"]);
    assert!(!stdout(&out).contains("seed"), "{}", stdout(&out));
    let out = sargon(&["crosscheck", "--random", "2", "--seed", "9", "--ply", "0"]);
    let text = stdout(&out);
    assert!(text.contains("\nrun:   seed 9, "), "{text}");
    assert!(text.contains("\n  seed                 9\n"), "{text}");
}

#[test]
fn perft_image_and_profile_reports_fit() {
    let perft = sargon(&["perft", "3"]);
    let text = stdout(&perft);
    assert!(text.contains("\n        13,080,401 T-states = "), "{text}");
    assert_fits("perft 3", &text);
    assert_fits("image", &stdout(&sargon(&["image"])));
    let profile = sargon(&["profile", "--search", "3"]);
    let text = stdout(&profile);
    assert!(
        text.contains("FNDMOV at 3056h, 1 call: 37,507,418 T-states"),
        "{text}"
    );
    assert_fits("profile --search 3", &text);
    let clocks = sargon(&["profile", "--search", "2", "--mhz", "1.774,2,4,3.5,8,1"]);
    let text = stdout(&clocks);
    assert!(
        text.contains("\nreal time: 2.73 s at 1.774 MHz, 2.42 s at 2 MHz, 1.21 s at 4 MHz, 1.38 s at 3.5 MHz,\n"),
        "{text}"
    );
    assert!(
        text.contains("\n           605 ms at 8 MHz, 4.84 s at 1 MHz\n"),
        "{text}"
    );
    assert_fits("profile --search 2 --mhz (six clocks)", &text);
}

#[test]
fn trace_diff_goes_on_under_its_labels() {
    // A port with one table byte changed (docs/PORTING.md's worked example), traced with detail.
    let dir = tempfile::tempdir().unwrap();
    let image = sargon_z80::machine::default_image();
    let tdvl = image.symbols.get("TDVL").expect("the image names TDVL");
    let mut bytes = image.bytes.clone();
    bytes[usize::from(tdvl - image.org) + 0x8B] = 7;
    let bad = dir.path().join("bad.bin");
    std::fs::write(&bad, bytes).unwrap();
    let sym = concat!(env!("CARGO_MANIFEST_DIR"), "/roms/sargon.sym");
    let fen = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
    let trace = |name: &str, image: &[&str]| {
        let path = dir.path().join(name).display().to_string();
        let mut args = vec![
            "think",
            fen,
            "--ply",
            "3",
            "--trace",
            &path,
            "--trace-detail",
        ];
        args.extend(image);
        assert_eq!(sargon(&args).status.code(), Some(0));
        path
    };
    let good = trace("good.jsonl", &[]);
    let bad = trace("bad.jsonl", &["--rom", bad.to_str().unwrap(), "--sym", sym]);
    let out = sargon(&["trace-diff", &good, &bad]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("the second largest\n           expected gain\n"),
        "{text}"
    );
    assert_fits("trace-diff", &text);
}

/// `jupiter`'s output, standard output then standard error, and its exit status.
fn jupiter(args: &[&str]) -> (String, Option<i32>) {
    let mut words = vec!["jupiter"];
    words.extend(args);
    let out = sargon(&words);
    let text = stdout(&out) + &String::from_utf8(out.stderr.clone()).unwrap();
    (text, out.status.code())
}

#[test]
fn jupiter_fits_when_it_stops_fails_or_refuses() {
    // The built-in program stopped in its thinking, where it was said in full.
    let (text, code) = jupiter(&[
        "--keys",
        "YW2e2-e4",
        "--max-tstates",
        "2000000",
        "--seed",
        "1",
    ]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains(
            "\nstopped: the program was still running after --max-tstates (2,000,000 T-states) at PC \
             = 38A6H (PS1:\n         DEC BC)\nclock: 2,000,008 T-states, 304,240 instructions (500 ms \
             at 4 MHz)\n"
        ),
        "{text}"
    );
    assert_fits("jupiter --max-tstates", &text);
    // A program of its own that spins, fails or starts outside its bytes, with every option a
    // replay repeats and the largest seed.
    let dir = tempfile::tempdir().unwrap();
    let image = |name: &str, source: &str| {
        let asm = sargon_z80::assembler::assemble_str("x.asm", source, &[]).unwrap();
        let bin = dir.path().join(format!("{name}.bin"));
        let sym = dir.path().join(format!("{name}.sym"));
        std::fs::write(&bin, &asm.bytes).unwrap();
        std::fs::write(&sym, asm.sym_text()).unwrap();
        let words = [
            "--rom",
            bin.to_str().unwrap(),
            "--sym",
            sym.to_str().unwrap(),
        ];
        words.map(String::from)
    };
    let spin = image("spin", "ORG 100H\nDRIVER: JR DRIVER\n");
    let unknown = image(
        "unknown",
        "ORG 100H\nDRIVER: RST 38H\n DB 0A2H,1AH,00H,01H,05H,00H\n",
    );
    let every = [
        "--keys",
        "",
        "--max-tstates",
        "3000",
        "--seed",
        "18446744073709551615",
        "--mhz",
        "1.774",
        "--pace",
        "--ascii",
    ];
    for (what, rom, org) in [
        ("spin", &spin, "0x100"),
        ("unknown", &unknown, "0x100"),
        ("outside", &spin, ""),
    ] {
        let mut args: Vec<&str> = rom.iter().map(String::as_str).collect();
        if !org.is_empty() {
            args.extend(["--org", org]);
        }
        args.extend(every);
        let (text, code) = jupiter(&args);
        assert_eq!(code, Some(2), "{text}");
        assert_fits(what, &text);
        let mut screen = args.clone();
        screen.push("--screen");
        assert_fits(what, &jupiter(&screen).0);
    }
}
