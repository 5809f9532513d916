//! No false agreement: a run that checked nothing is an error, counts are bounded, a full move
//! list gets the same verdict from perft and crosscheck, an overflow flag raised with room to
//! spare is a mismatch, every printed replay command reproduces what was reported, and
//! `--json` means one JSON document on stdout, errors too.

mod stderr;
use stderr::joined;

mod patched;

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn cmd() -> Command {
    Command::cargo_bin("sargon-z80").expect("the binary is built")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs a command line the tool printed (`sargon-z80 ...`) through the shell.
fn run_printed(line: &str) -> Output {
    let line = line
        .strip_prefix("sargon-z80 ")
        .expect("a sargon-z80 command");
    let binary = env!("CARGO_BIN_EXE_sargon-z80");
    std::process::Command::new("sh")
        .args(["-c", &format!("'{binary}' {line}")])
        .output()
        .unwrap()
}

/// Exit status 2 and, last on stderr, an `error:` line containing `expected`.
fn refused(out: &Output, expected: &str) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}{}", text(&out.stdout));
    let last = err.lines().rfind(|l| !l.is_empty()).unwrap_or_default();
    let error = err
        .lines()
        .find(|l| l.starts_with("error: "))
        .unwrap_or(last);
    assert!(error.contains(expected), "{err}");
}

#[test]
fn a_run_that_checks_nothing_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.epd");
    std::fs::write(&empty, "# only a comment\n\n").unwrap();
    let nothing =
        "nothing was checked: the EPD file(s) and --fen give no position, and --random is 0";
    for file in [empty.as_path(), Path::new("/dev/null")] {
        refused(
            &cmd().arg("crosscheck").arg(file).output().unwrap(),
            nothing,
        );
    }
    let out = cmd()
        .args(["crosscheck", "--fen", START, "--depth", "1"])
        .args([
            "--random", "3", "--seed", "1", "--shard", "6/6", "--from", "4",
        ])
        .output()
        .unwrap();
    refused(
        &out,
        "nothing was checked: --from 4 is the end of shard 6/6",
    );
    let out = cmd()
        .args(["crosscheck", "--fen", START, "--shard", "2/3"])
        .output()
        .unwrap();
    refused(
        &out,
        "nothing was checked: shard 2/3 of a run of 1 position(s) is empty",
    );
}

#[test]
fn counts_are_bounded() {
    let out = cmd()
        .args(["crosscheck", "--random", "18446744073709551483"])
        .output()
        .unwrap();
    refused(&out, "is not in 0..=1000000000000");
    let out = cmd()
        .args(["crosscheck", "--random-index", "1000000000000"])
        .output()
        .unwrap();
    refused(&out, "is not in 0..1000000000000");
    for shard in ["0/3", "4/3", "1/0", "x/2", "1/2000000"] {
        let out = cmd()
            .args(["crosscheck", "--shard", shard])
            .output()
            .unwrap();
        refused(&out, "expected K/N with 1 <= K <= N <= 1000000");
    }
}

#[test]
fn the_keep_going_summary_counts_the_failing_positions_too() {
    let dir = tempfile::tempdir().unwrap();
    let wrong = dir.path().join("wrong.epd");
    std::fs::write(&wrong, format!("{START} ;D1 21\n{KIWIPETE} ;D1 49\n")).unwrap();
    let out = cmd()
        .arg("crosscheck")
        .arg(&wrong)
        .args(["--keep-going", "--depth", "1"])
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("  positions            2\n"), "{stdout}");
    assert!(stdout.contains("  EPD counts checked   2\n"), "{stdout}");
    assert!(stdout.contains("  mismatches           2\n"), "{stdout}");
    assert!(
        stdout.contains("verdict: MISMATCH in 2 position(s)"),
        "{stdout}"
    );
}

#[test]
fn the_replay_of_a_wrong_epd_count_reproduces_it() {
    let dir = tempfile::tempdir().unwrap();
    let wrong = dir.path().join("wrong.epd");
    std::fs::write(
        &wrong,
        format!("{KIWIPETE} ;D1 48\n{START} ;D1 20 ;D2 401\n"),
    )
    .unwrap();
    let out = cmd().arg("crosscheck").arg(&wrong).output().unwrap();
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let what = "standard-rules perft(2) = 400, but the EPD line claims 401";
    assert!(stdout.contains(what), "{stdout}");
    let replay = stdout
        .lines()
        .find_map(|l| l.trim().strip_prefix("replay:"))
        .expect("a replay line")
        .trim();
    assert_eq!(
        replay,
        format!("sargon-z80 crosscheck --fen '{START} ;D1 20 ;D2 401' --depth 2")
    );
    let again = run_printed(replay);
    let again_text = text(&again.stdout);
    assert_eq!(again.status.code(), Some(1), "{again_text}");
    assert!(again_text.contains(what), "{again_text}");
    assert!(
        again_text.contains("MISMATCH in --fen (depth 2)"),
        "{again_text}"
    );
}

/// The built-in image's sources with a list area of `entries` entries, assembled.
fn small_list_image(dir: &Path, entries: u32) -> (PathBuf, PathBuf) {
    let asm = Path::new(env!("CARGO_MANIFEST_DIR")).join("asm");
    for file in std::fs::read_dir(&asm).unwrap() {
        let file = file.unwrap().path();
        std::fs::copy(&file, dir.join(file.file_name().unwrap())).unwrap();
    }
    let main = dir.join("sargon.asm");
    let storage = dir.join("storage.asm");
    let source = std::fs::read_to_string(&storage).unwrap();
    let line = source
        .lines()
        .find(|l| l.starts_with("NENTRY"))
        .expect("storage.asm sizes the list with NENTRY");
    std::fs::write(
        &storage,
        source.replace(line, &format!("NENTRY  EQU     {entries}")),
    )
    .unwrap();
    let built = sargon_z80::assembler::assemble_file(&main, &[]).expect("it assembles");
    let (bin, sym) = (dir.join("small.bin"), dir.join("small.sym"));
    std::fs::write(&bin, &built.bytes).unwrap();
    std::fs::write(&sym, built.sym_text()).unwrap();
    (bin, sym)
}

#[test]
fn a_full_move_list_is_the_same_verdict_in_perft_and_crosscheck() {
    let dir = tempfile::tempdir().unwrap();
    let (bin, sym) = small_list_image(dir.path(), 120);
    let image = [
        "--rom",
        bin.to_str().unwrap(),
        "--sym",
        sym.to_str().unwrap(),
    ];
    let full = "the move list is full at [a1b1]: 45 entries needed, room for 69";

    let perft = cmd()
        .args(["perft", "2", KIWIPETE, "--engine", "z80"])
        .args(image)
        .output()
        .unwrap();
    let perft_text = text(&perft.stdout);
    assert_eq!(perft.status.code(), Some(2), "{perft_text}");
    assert!(
        perft_text.contains(&format!("verdict: nothing counted: {full}")),
        "{perft_text}"
    );

    let check = cmd()
        .args(["crosscheck", "--fen", KIWIPETE, "--depth", "2"])
        .args(image)
        .output()
        .unwrap();
    refused(
        &check,
        "nothing was checked: all 1 position(s) were skipped",
    );

    let both = cmd()
        .args([
            "crosscheck",
            "--fen",
            KIWIPETE,
            "--fen",
            START,
            "--depth",
            "2",
        ])
        .args(image)
        .output()
        .unwrap();
    let both_text = text(&both.stdout);
    assert_eq!(both.status.code(), Some(0), "{both_text}");
    assert!(
        both_text.contains("move list full at path [a1b1] (45 entries needed, room for 69)"),
        "{both_text}"
    );
    assert!(
        both_text.contains("agrees with the reference on 1 position(s); 1 position(s) skipped"),
        "{both_text}"
    );
    // With room for them, the same counts agree.
    cmd().args(["perft", "2", KIWIPETE]).assert().success();
}

#[test]
fn json_means_one_document_on_stdout_errors_included() {
    let cases: [&[&str]; 5] = [
        &["perft", "3", "--json", "not/a/fen w - - 0 1"],
        &["perft", "99", "--json"],
        &[
            "perft", "2", "--json", "--engine", "native", "--rom", "x.bin", "--sym", "x.sym",
        ],
        &["crosscheck", "/dev/null", "--json"],
        &["crosscheck", "--json", "--shard", "3/2"],
    ];
    for args in cases {
        let out = cmd().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", text(&out.stdout)));
        let error = json["error"].as_str().expect("an error message");
        assert!(joined(&text(&out.stderr)).contains(error), "{args:?}");
    }
}

#[test]
fn rom_with_the_native_engine_alone_is_refused() {
    for engine in [["--engine", "native"], ["--rules", "standard"]] {
        let out = cmd()
            .args([
                "perft",
                "2",
                "--rom",
                "roms/sargon.bin",
                "--sym",
                "roms/sargon.sym",
            ])
            .args(engine)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        refused(&out, "--rom/--sym choose the image the z80 engine runs");
    }
}

/// A GENMOV that sets MLOVF whenever the side to move is in check, with the whole list area
/// free: the flag is not believed, the node is a mismatch (not a skipped position) in every
/// walk, with the command that replays it.
#[test]
fn an_overflow_flag_with_room_to_spare_is_a_mismatch() {
    let dir = tempfile::tempdir().unwrap();
    let image = patched::false_overflow(dir.path());
    let lie =
        "GENMOV set MLOVF = 0x01 with room to spare: the list needs 5 entries and 3071 were free";
    let in_check = "4k3/8/8/8/8/8/8/4K2r w - - 0 1";

    let random = cmd()
        .args(["crosscheck", "--random", "300", "--seed", "1", "--ply", "0"])
        .args(image.args())
        .output()
        .unwrap();
    let random_text = text(&random.stdout);
    assert_eq!(random.status.code(), Some(1), "{random_text}");
    assert!(
        random_text.contains("what:     GENMOV set MLOVF = 0x01 with room to spare"),
        "{random_text}"
    );
    assert!(
        random_text.contains("  skipped (list full)  0\n"),
        "{random_text}"
    );
    let replay = random_text
        .lines()
        .find_map(|l| l.trim().strip_prefix("replay:   "))
        .expect("a replay command");
    let again = run_printed(replay);
    assert_eq!(again.status.code(), Some(1));
    assert!(text(&again.stdout).contains("with room to spare"));

    let fen = cmd()
        .args(["crosscheck", "--fen", in_check])
        .args(image.args())
        .output()
        .unwrap();
    let fen_text = text(&fen.stdout);
    assert_eq!(fen.status.code(), Some(1), "{fen_text}");
    assert!(fen_text.contains(&format!("what:     {lie}")), "{fen_text}");

    let moves = cmd()
        .args(["moves", in_check])
        .args(image.args())
        .output()
        .unwrap();
    assert_eq!(moves.status.code(), Some(1));
    assert!(text(&moves.stdout).contains(&format!("verdict: DIFFER: {lie}")));

    let perft = cmd()
        .args(["perft", "2", in_check, "--engine", "z80"])
        .args(image.args())
        .output()
        .unwrap();
    assert_eq!(perft.status.code(), Some(1));
    assert!(text(&perft.stdout).contains(&format!("the z80 engine FAILED: {lie}")));

    // The search: the image flags a list the native engine holds whole.
    let search = cmd()
        .args(["crosscheck", "--search", "--ply", "2", "--fen", KIWIPETE])
        .args(image.args())
        .output()
        .unwrap();
    assert_eq!(search.status.code(), Some(1));
    // The mismatch line goes on under itself, indented by four spaces, past 100 columns.
    let report = text(&search.stdout).replace("\n    ", " ");
    assert!(
        report.contains(
            "PLYMAX 2: move list: image the move list filled up at ply 3: 95 entries on the \
             path, 0 listed, the list holds 3072 (MLOVF = 0x01); moves may have been dropped, \
             native room for the whole search"
        ),
        "{report}"
    );
}
