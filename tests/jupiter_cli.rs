//! `sargon-z80 jupiter` end to end on tests/fixtures/jupiter_echo.asm (a small program of our
//! own for the monitor's calls, with a stand-in FNDMOV whose T-states are counted below) and on
//! programs made here: the scripted run, its screen, JSON and pictures, the ways it stops, and
//! what it refuses.

mod stderr;

use std::path::{Path, PathBuf};
use std::process::Stdio;

use assert_cmd::Command;
use predicates::prelude::*;
use predicates::str::contains;
use serde_json::Value;

use sargon_z80::assembler::{assemble_file, assemble_str};

/// Writes an assembly's binary and symbol file into `dir` as `name.bin` / `name.sym`.
fn write(dir: &Path, name: &str, asm: &sargon_z80::assembler::Assembly) -> (PathBuf, PathBuf) {
    let (bin, sym) = (
        dir.join(format!("{name}.bin")),
        dir.join(format!("{name}.sym")),
    );
    std::fs::write(&bin, &asm.bytes).unwrap();
    std::fs::write(&sym, asm.sym_text()).unwrap();
    (bin, sym)
}

/// The echo program, assembled into `dir`.
fn echo(dir: &Path) -> (PathBuf, PathBuf) {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/jupiter_echo.asm");
    write(dir, "echo", &assemble_file(&source, &[]).unwrap())
}

/// A program from `source`, assembled into `dir`.
fn program(dir: &Path, source: &str) -> (PathBuf, PathBuf) {
    write(dir, "prog", &assemble_str("prog.asm", source, &[]).unwrap())
}

fn jupiter(image: &(PathBuf, PathBuf), args: &[&str]) -> Command {
    let mut cmd = Command::cargo_bin("sargon-z80").unwrap();
    cmd.arg("jupiter")
        .arg("--rom")
        .arg(&image.0)
        .arg("--sym")
        .arg(&image.1)
        .args(args);
    cmd
}

fn json(image: &(PathBuf, PathBuf), args: &[&str], code: i32) -> Value {
    let out = jupiter(image, args).arg("--json").assert().code(code);
    serde_json::from_slice(&out.get_output().stdout).unwrap()
}

/// The echo program's FNDMOV for a key of code k: LD B,A (4), DJNZ k-1 times taken (13) and
/// once not (8), LD HL,nn (10), BIT 0,A (8), JR NZ taken for an odd key (12) or not (7) then
/// LD HL,nn (10), LD (nn),HL (16), RET (10).
fn search_tstates(key: u8) -> u64 {
    let k = u64::from(key);
    let branch = if key % 2 == 1 { 12 } else { 7 + 10 };
    4 + (k - 1) * 13 + 8 + 10 + 8 + branch + 16 + 10
}

fn search_instructions(key: u8) -> u64 {
    1 + u64::from(key) + 3 + if key % 2 == 1 { 0 } else { 1 } + 2
}

#[test]
fn the_screen_after_scripted_keys() {
    let dir = tempfile::tempdir().unwrap();
    let image = echo(dir.path());
    let mut expected = vec![
        "",
        "Jupiter III test program",
        "> ab",
        "> c",
        "",
        " \u{2588}\u{2588}\u{2588}\u{2588}\u{2588}\u{2588}\u{2590}",
    ];
    expected.resize(32, "");
    let out = jupiter(&image, &["--keys", "ab{enter}c", "--screen", "--seed", "5"])
        .assert()
        .success()
        .stdout(expected.join("\n") + "\n")
        .stderr(contains("seed 5 · "))
        .stderr(contains(
            "stopped: the program waits for a key after the last of 4 keys",
        ));
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(
        err.contains("1. e2e4  1,316 T-states, 103 instructions (< 1 ms at 4 MHz)"),
        "{err}"
    );
    assert!(
        err.contains("2. f7f5  1,334 T-states, 105 instructions"),
        "{err}"
    );
    assert!(err.contains("\n       total 3,992 T-states, 313 instructions (1.00 ms at 4 MHz)\n"));
    assert!(
        err.contains(" --keys 'ab{enter}c' --screen --seed 5\n"),
        "{err}"
    );
    jupiter(&image, &["--keys", "a", "--seed", "5"])
        .assert()
        .success()
        .stdout(contains(
            "stopped: the program waits for a key after the only key\n",
        ));
    jupiter(&image, &["--keys", "ab", "--screen", "--ascii"])
        .assert()
        .success()
        .stdout(contains("\n ######]\n"));
}

#[test]
fn the_json_object_has_the_screen_the_moves_the_keys_and_why_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let image = echo(dir.path());
    let doc = json(&image, &["--keys", "aB{ctrl-r}x", "--seed", "9"], 0);
    assert_eq!(doc["seed"], 9);
    assert_eq!(doc["entry"], 0x100);
    assert_eq!(doc["stopped"]["reason"], "monitor");
    assert_eq!(
        doc["stopped"]["message"],
        "the program returned to the monitor (1FH at 0142H)"
    );
    assert_eq!(doc["keys"]["given"], "aB{ctrl-r}x");
    assert_eq!(doc["keys"]["used"], "aB{ctrl-r}");
    assert_eq!(
        doc["keys"]["unused"], "x",
        "a key text, as given and used are"
    );
    let moves = doc["computer_moves"].as_array().unwrap();
    let expected: Vec<(&str, u64, u64)> = [(b'a', "e2e4"), (b'B', "f7f5")]
        .iter()
        .map(|&(k, uci)| (uci, search_tstates(k), search_instructions(k)))
        .collect();
    let got: Vec<(&str, u64, u64)> = moves
        .iter()
        .map(|m| {
            let field = |name: &str| m[name].as_u64().unwrap();
            (
                m["uci"].as_str().unwrap(),
                field("tstates"),
                field("instructions"),
            )
        })
        .collect();
    assert_eq!(got, expected);
    assert_eq!(
        (moves[0]["from"].as_u64(), moves[0]["to"].as_u64()),
        (Some(35), Some(55))
    );
    let screen: Vec<&str> = doc["screen"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert_eq!(screen.len(), 32);
    assert!(screen.iter().all(|l| l.chars().count() == 64));
    assert_eq!(screen[2].trim_end(), "> aB");
    assert_eq!(doc["cursor"], serde_json::json!([2, 4]));
    assert_eq!(doc["searching"], Value::Null);
    let clock = &doc["clock"];
    assert!(clock["tstates"].as_u64().unwrap() > expected[0].1 + expected[1].1);
    // The same seed and keys replay the same run.
    let mut again = json(&image, &["--keys", "aB{ctrl-r}x", "--seed", "9"], 0);
    let mut first = doc.clone();
    for doc in [&mut first, &mut again] {
        doc["wall_seconds"] = Value::Null;
        doc["running_seconds"] = Value::Null;
    }
    assert_eq!(first, again);
}

#[test]
fn a_runaway_is_stopped_by_max_tstates_with_what_it_was_doing() {
    let dir = tempfile::tempdir().unwrap();
    let image = echo(dir.path());
    // The second key's search (b, 98) is under way at 3,000 T-states.
    jupiter(&image, &["--keys", "ab", "--max-tstates", "3000"])
        .assert()
        .code(2)
        .stdout(contains("clock: 3,000 T-states"))
        .stderr(contains(
            "error: the program was still running after --max-tstates (3,000 T-states) at PC = 0149H (SPIN+5H:\n       BIT 0,A), searching (FNDMOV) for 1,283 T-states\n",
        ));
    let doc = json(&image, &["--keys", "ab", "--max-tstates", "3000"], 2);
    assert_eq!(doc["stopped"]["reason"], "max_tstates");
    assert_eq!(doc["searching"]["tstates"], 1283);
    assert_eq!(doc["computer_moves"].as_array().unwrap().len(), 1);

    let spin = program(dir.path(), "ORG 0\nDRIVER: JR DRIVER\n");
    jupiter(&spin, &["--keys", "", "--max-tstates", "1000000"])
        .assert()
        .code(2)
        .stderr(contains(
            "after --max-tstates (1,000,000 T-states) at PC = 0000H (DRIVER:\n       JR DRIVER)\n",
        ))
        .stdout(contains("clock: 1,000,008 T-states"));
}

#[test]
fn an_unknown_monitor_call_is_refused_with_its_address_and_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let image = program(
        dir.path(),
        "ORG 0\n JP DRIVER\n ORG 100H\nDRIVER: LD A,'x'\n RST 38H\n DB 81H,1AH\n RST 38H\n DB 0A2H,1AH,00H,01H,05H,00H\n",
    );
    let message = "unknown monitor call: the parameter block at 0x0106 (after the RST 38H at 0x0105) begins A2 1A 00 01 05 00";
    jupiter(&image, &["--screen"])
        .assert()
        .code(2)
        .stdout(contains("x\n"))
        .stderr(contains(
            "\nerror: unknown monitor call: the parameter block at 0x0106 (after the RST 38H at 0x0105) begins A2\n       \
             1A 00 01 05 00; the monitor knows 81 00, 81 1A, 92 1A 00 00, B2 1A, B3 1A and 1F\n",
        ));
    let doc = json(&image, &[], 2);
    assert_eq!(doc["stopped"]["reason"], "unknown_call");
    assert!(
        doc["stopped"]["message"]
            .as_str()
            .unwrap()
            .contains(message)
    );
}

#[test]
fn a_machine_guard_and_a_return_from_the_entry() {
    let dir = tempfile::tempdir().unwrap();
    let halt = program(dir.path(), "ORG 0\nDRIVER: NOP\n HALT\n");
    jupiter(&halt, &["--keys", ""])
        .assert()
        .code(2)
        .stderr(contains(
            "error: the program stopped after 4 T-states: HALT executed at 0x0001\n",
        ));
    let ret = program(
        dir.path(),
        "ORG 4000H\nSTART: LD A,'r'\n RST 38H\n DB 81H,1AH\n RET\n",
    );
    let doc = json(&ret, &["--org", "4000H", "--entry", "START"], 0);
    assert_eq!(doc["stopped"]["reason"], "returned");
    assert_eq!(doc["screen"][0].as_str().unwrap().trim_end(), "r");
    let doc = json(&ret, &["--org", "4000H", "--entry", "4000H"], 0);
    assert_eq!(doc["stopped"]["reason"], "returned");
}

#[test]
fn pictures_are_written_and_never_over_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let image = echo(dir.path());
    let svg = dir.path().join("screen.svg");
    jupiter(
        &image,
        &[
            "--keys",
            "ab",
            "--svg",
            svg.to_str().unwrap(),
            "--seed",
            "3",
        ],
    )
    .assert()
    .success();
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.starts_with("<svg")
            && text.contains("<rect")
            && text.contains(">Jupiter III test program</text>")
    );
    assert!(text.contains("seed 3"));
    let before = std::fs::read(&image.0).unwrap();
    jupiter(
        &image,
        &["--keys", "ab", "--svg", image.0.to_str().unwrap()],
    )
    .assert()
    .code(2)
    .stderr(contains("refusing to write"));
    assert_eq!(std::fs::read(&image.0).unwrap(), before);
}

#[test]
fn a_paced_run_takes_the_time_it_took() {
    let dir = tempfile::tempdir().unwrap();
    let image = echo(dir.path());
    // 3,074 T-states at 0.1 MHz, the slowest clock taken: 31 ms at the least, however fast
    // the host.
    let doc = json(&image, &["--keys", "ab", "--pace", "--mhz", "0.1"], 0);
    assert_eq!(doc["paced"], true);
    assert_eq!(doc["clock"]["tstates"], 3074);
    assert!(doc["wall_seconds"].as_f64().unwrap() >= 0.03, "{doc}");
}

#[test]
fn ctrl_c_stops_a_scripted_run_with_its_summary() {
    let dir = tempfile::tempdir().unwrap();
    let spin = program(dir.path(), "ORG 0\nDRIVER: JR DRIVER\n");
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sargon-z80"))
        .arg("jupiter")
        .arg("--rom")
        .arg(&spin.0)
        .arg("--sym")
        .arg(&spin.1)
        .args(["--json", "--seed", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1000));
    // SAFETY: kill(2) on the child's own pid.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["stopped"]["reason"], "interrupted");
    assert!(doc["clock"]["tstates"].as_u64().unwrap() > 1_000_000);
}

#[test]
fn refusals_before_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let image = echo(dir.path());
    jupiter(&image, &[])
        .assert()
        .code(2)
        .stderr(contains("`jupiter` needs an interactive terminal"));
    jupiter(&image, &["--keys", "{nope}"])
        .assert()
        .code(2)
        .stderr(contains(
            "the key text's `{nope}` at character 1 names no key",
        ));
    jupiter(&image, &["--keys", "a", "--entry", "NOSUCH"])
        .assert()
        .code(2)
        .stderr(contains("no entry \"NOSUCH\""));
    jupiter(&image, &["--keys", "a", "--entry", "0x9000"])
        .assert()
        .code(2)
        .stderr(contains(
            "the entry 0x9000 lies outside the image (0x0000..0x01BC)",
        ));
    jupiter(&image, &["--keys", "a", "--mhz", "0"])
        .assert()
        .code(2)
        .stderr(contains("--mhz 0 is not a clock rate from 0.1 to 1000 MHz"));
    jupiter(&image, &["--keys", "a", "--max-tstates", "0"])
        .assert()
        .code(2)
        .stderr(contains(
            "invalid value '0' for '--max-tstates <N>': 0 is not in 1..",
        ));
    jupiter(&image, &["--keys", "a", "--screen", "--json"])
        .assert()
        .code(2)
        .stderr(contains(
            "the argument '--screen' cannot be used with '--json'",
        ));
    let nodriver = program(dir.path(), "ORG 0\n NOP\n");
    let doc = json(&nodriver, &[], 2);
    assert!(
        doc["error"]
            .as_str()
            .unwrap()
            .contains("no entry \"DRIVER\""),
        "{doc}"
    );
}

/// The command after `replay: ` in `text`, as printed: its lines up to the one that does not
/// end in ` \`.
fn printed_replay(text: &str) -> String {
    let start = text.find("replay: ").expect("a replay line") + "replay: ".len();
    let mut command = String::new();
    for line in text[start..].lines() {
        command.push_str(line);
        if !line.ends_with(" \\") {
            break;
        }
        command.push('\n');
    }
    command
}

/// Runs a printed command as a user pastes it into a shell, the built binary first on PATH.
fn run_printed(command: &str) -> std::process::Output {
    let bin = assert_cmd::cargo::cargo_bin("sargon-z80");
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new("sh")
        .arg("-c")
        .arg(command)
        .env("PATH", path)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap()
}

/// Output with the wall time of a paced run left out: the one line a replay cannot repeat.
fn without_wall(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .lines()
        .filter(|line| !line.starts_with("paced at "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(unix)]
#[test]
fn every_failure_replays_from_the_command_it_prints() {
    let dir = tempfile::tempdir().unwrap();
    let spin = write(
        dir.path(),
        "spin",
        &assemble_str("spin.asm", "ORG 100H\nDRIVER: JR DRIVER\n", &[]).unwrap(),
    );
    let echo = echo(dir.path());
    let unknown = program(
        dir.path(),
        "ORG 0\n JP DRIVER\n ORG 100H\nDRIVER: LD A,'x'\n RST 38H\n DB 81H,1AH\n RST 38H\n DB 0A2H,1AH,00H,01H,05H,00H\n",
    );
    // The image, the run's arguments, and what its replay must hold.
    type Case<'a> = (&'a (PathBuf, PathBuf), &'a [&'a str], &'a [&'a str]);
    let cases: [Case; 4] = [
        (
            &spin,
            &[
                "--org",
                "0x100",
                "--keys",
                "",
                "--max-tstates",
                "3000",
                "--seed",
                "1",
            ],
            &["--org 0x0100 --keys '' --seed 1", "--max-tstates 3000"],
        ),
        // Stopped in the first key's search: the replay still gives both keys.
        (
            &echo,
            &[
                "--keys",
                "ab",
                "--max-tstates",
                "2000",
                "--mhz",
                "2.5",
                "--ascii",
            ],
            &["--keys ab --seed ", "--max-tstates 2000 --mhz 2.5 --ascii"],
        ),
        (
            &unknown,
            &["--screen", "--seed", "3"],
            &["--keys '' --screen --seed 3"],
        ),
        (
            &echo,
            &[
                "--keys", "a{enter}", "--entry", "0x0100", "--pace", "--mhz", "1000",
            ],
            &[
                "--entry 0x0100 --keys 'a{enter}' --seed ",
                "--max-tstates 900 --mhz 1000 --pace",
            ],
        ),
    ];
    for (image, args, shown) in cases {
        let mut args = args.to_vec();
        if args.contains(&"--pace") {
            args.extend(["--max-tstates", "900"]);
        }
        let first = jupiter(image, &args).output().unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&first.stdout),
            String::from_utf8_lossy(&first.stderr)
        );
        assert_eq!(first.status.code(), Some(2), "{args:?}: {text}");
        let command = printed_replay(&text);
        let words: Vec<&str> = command.split_whitespace().filter(|w| *w != "\\").collect();
        let joined = words.join(" ");
        for part in shown {
            assert!(joined.contains(part), "{part:?} is not in {command:?}");
        }
        assert!(
            command.starts_with("sargon-z80 jupiter --rom ") && !command.contains("--png"),
            "{command}"
        );
        let again = run_printed(&command);
        assert_eq!(again.status.code(), Some(2), "{command}: {:?}", again);
        assert_eq!(without_wall(&again.stdout), without_wall(&first.stdout));
        assert_eq!(without_wall(&again.stderr), without_wall(&first.stderr));
    }
    // The JSON object carries its replay, which gives the same object.
    let halt = program(dir.path(), "ORG 0\nDRIVER: NOP\n HALT\n");
    let mut doc = json(&halt, &["--keys", "", "--seed", "8"], 2);
    let command = doc["replay"].as_str().unwrap().to_string();
    assert!(command.ends_with(" --keys '' --json --seed 8"), "{command}");
    let again = run_printed(&command);
    assert_eq!(again.status.code(), Some(2));
    let mut again: Value = serde_json::from_slice(&again.stdout).unwrap();
    for doc in [&mut doc, &mut again] {
        doc["wall_seconds"] = Value::Null;
        doc["running_seconds"] = Value::Null;
    }
    assert_eq!(doc, again);
}

#[test]
fn an_image_loaded_at_0_for_want_of_org_is_hinted_at() {
    let dir = tempfile::tempdir().unwrap();
    // The entry beyond the image's bytes at 0.
    let short = program(dir.path(), "ORG 100H\nDRIVER: JR DRIVER\n");
    jupiter(&short, &["--keys", ""]).assert().code(2).stderr(
        "error: the entry 0x0100 lies outside the image (0x0000..0x0001)\n\
             hint: the image was loaded at 0x0000 (no --org, and no ORG symbol); the lowest symbol \
             is 0x0100: if\n      it was assembled there, give --org 0x0100\n",
    );
    // The entry inside them, and the program runs off its bytes: JP 022FH at offset 12FH.
    let long = program(
        dir.path(),
        "ORG 100H\nDRIVER: JP THERE\n DS 300\nTHERE: JP THERE\n",
    );
    let out = jupiter(&long, &["--keys", ""]).assert().code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(
        err.ends_with(
            "error: the program stopped after 198 T-states: PC left the loaded image: 0x022F\n\
             hint: the image was loaded at 0x0000 (no --org, and no ORG symbol); the lowest symbol \
             is 0x0100: if\n      it was assembled there, give --org 0x0100\n"
        ),
        "{err}"
    );
    let doc = json(&long, &[], 2);
    assert!(
        doc["stopped"]["hint"]
            .as_str()
            .unwrap()
            .ends_with("give --org 0x0100")
    );
    // Loaded where it was assembled, it runs; loaded there and still failing, no hint.
    jupiter(
        &long,
        &["--keys", "", "--org", "100H", "--max-tstates", "100"],
    )
    .assert()
    .code(2)
    .stderr(contains("--max-tstates (100 T-states)").and(contains("hint:").not()));
    let doc = json(&long, &["--org", "0"], 2);
    assert_eq!(doc["stopped"]["hint"], Value::Null);
}

/// Searches twice: the first move is played (its from-square emptied on BOARDA before the key
/// read), the second is not (the program returns to the monitor as it is).
const PLAYED_AND_NOT: &str = "\
 ORG 100H
DRIVER: LD SP,8000H
 CALL FNDMOV
 XOR A
 LD (BOARDA+35),A
 RST 38H
 DB 81H,00H
 CALL FNDMOV
 RST 38H
 DB 1FH
FNDMOV: LD HL,ENTRY
 LD (BESTM),HL
 RET
BESTM: DW 0
ENTRY: DW 0
 DB 35,55,0,0
BOARDA: DS 120,1
";

#[test]
fn a_search_whose_move_the_program_does_not_play_is_marked() {
    let dir = tempfile::tempdir().unwrap();
    let image = program(dir.path(), PLAYED_AND_NOT);
    let doc = json(&image, &["--org", "0x100", "--keys", "k", "--seed", "1"], 0);
    let played: Vec<(u64, &Value)> = doc["computer_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["number"].as_u64().unwrap(), &m["played"]))
        .collect();
    assert_eq!(played, [(1, &Value::Bool(true)), (2, &Value::Bool(false))]);
    jupiter(&image, &["--org", "0x100", "--keys", "k", "--seed", "1"])
        .assert()
        .success()
        .stdout(contains(
            "computer moves:\n    1. e2e4  36 T-states, 3 instructions (< 1 ms at 4 MHz)\n    2. e2e4  \
             36 T-states, 3 instructions (< 1 ms at 4 MHz), searched but not played\n",
        ));
}

#[test]
fn a_program_searching_in_a_loop_has_a_bounded_summary() {
    let dir = tempfile::tempdir().unwrap();
    let image = program(
        dir.path(),
        "DRIVER: CALL FNDMOV\n JR DRIVER\nFNDMOV: RET\nBESTM: DW 0\n",
    );
    // 39 T-states a turn (CALL 17, RET 10, JR 12), the search its RET: 256,410 searches in
    // 10^7 T-states.
    let args = ["--keys", "", "--max-tstates", "10000000", "--seed", "1"];
    let doc = json(&image, &args, 2);
    let moves = doc["computer_moves"].as_array().unwrap();
    let numbers: Vec<u64> = moves
        .iter()
        .map(|m| m["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers.len(), 512, "the first 256 and the last 256");
    assert_eq!((numbers[0], numbers[255]), (1, 256));
    assert_eq!((numbers[256], numbers[511]), (256_410 - 255, 256_410));
    assert_eq!(doc["searches"]["count"], 256_410);
    assert_eq!(doc["searches"]["omitted"], 256_410 - 512);
    assert_eq!(doc["searches"]["tstates"], 256_410 * 10);
    let out = jupiter(&image, &args).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("\n       ... 255,898 searches more, not kept\n"),
        "{text}"
    );
    assert!(
        text.contains("\n  256,410. 0000  10 T-states, 1 instructions"),
        "{text}"
    );
    assert!(text.contains("\n       total of 256,410 searches: 2,564,100 T-states"));
    assert!(
        text.lines().count() < 530 && text.len() < 40_000,
        "{}",
        text.len()
    );
}

#[test]
fn a_scripted_run_is_bounded_by_default_and_names_the_bound() {
    let dir = tempfile::tempdir().unwrap();
    let spin = program(dir.path(), "ORG 0\nDRIVER: JR DRIVER\n");
    let doc = json(&spin, &["--keys", "", "--max-tstates", "100"], 2);
    assert_eq!(doc["max_tstates"], 100);
    let halt = program(dir.path(), "ORG 0\nDRIVER: HALT\n");
    let doc = json(&halt, &["--keys", ""], 2);
    assert_eq!(doc["max_tstates"], 10_000_000_000_000u64);
}

#[test]
fn keys_starting_with_a_dash_replay_as_one_word() {
    let dir = tempfile::tempdir().unwrap();
    let image = echo(dir.path());
    let out = jupiter(&image, &["--keys=-ab", "--seed", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let command = printed_replay(&text);
    assert!(command.contains(" --keys=-ab --seed 2"), "{command}");
    let again = run_printed(&command);
    assert!(again.status.success(), "{again:?}");
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
}

#[test]
fn a_key_code_is_hexadecimal_and_a_bare_number_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let image = echo(dir.path());
    jupiter(&image, &["--keys", "a{12}"])
        .assert()
        .code(2)
        .stderr(contains(
            "error: the key text's `{12}` at character 2 is a bare number: a key code is hexadecimal,",
        ));
    let doc = json(&image, &["--keys", "{0x61}{62h}"], 0);
    assert_eq!(doc["keys"]["used"], "ab");
}

#[test]
fn errors_show_the_instruction_in_tdl_with_dialect_tdl() {
    let dir = tempfile::tempdir().unwrap();
    // LD A,(HL) (7) and JP (10): at 17 T-states the program is back at DRIVER.
    let spin = program(dir.path(), "ORG 0\nDRIVER: LD A,(HL)\n JP DRIVER\n");
    let args = ["--keys", "", "--max-tstates", "17", "--seed", "1"];
    let zilog = jupiter(&spin, &args).output().unwrap();
    let error = stderr::joined(&String::from_utf8_lossy(&zilog.stderr));
    assert!(error.contains("(DRIVER: LD A,(HL))"), "{error}");
    let mut tdl_args = args.to_vec();
    tdl_args.extend(["--dialect", "tdl"]);
    let tdl = jupiter(&spin, &tdl_args).output().unwrap();
    let text = String::from_utf8_lossy(&tdl.stdout);
    let error = stderr::joined(&String::from_utf8_lossy(&tdl.stderr));
    assert!(error.contains("(DRIVER: MOV A,M)"), "{error}");
    assert!(printed_replay(&text).ends_with(" --dialect tdl"), "{text}");
}

#[cfg(unix)]
#[test]
fn a_paced_run_faster_than_the_host_answers_ctrl_c_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let spin = program(dir.path(), "ORG 0\nDRIVER: JR DRIVER\n");
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sargon-z80"))
        .arg("jupiter")
        .arg("--rom")
        .arg(&spin.0)
        .arg("--sym")
        .arg(&spin.1)
        .args(["--keys", "", "--pace", "--mhz", "1000", "--seed", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // By now the clock due is ahead of the program's by more than the host can run in a
    // second (tests/jupiter_machine.rs holds the pacer itself to its deadline).
    std::thread::sleep(std::time::Duration::from_secs(2));
    let sent = std::time::Instant::now();
    // SAFETY: kill(2) on the child's own pid.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let out = child.wait_with_output().unwrap();
    let answered = sent.elapsed();
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    assert!(
        answered < std::time::Duration::from_millis(1500),
        "Ctrl-C answered after {answered:?}"
    );
}
