//! The cross-check's power measured by mutants: which bytes of an image are code (from its
//! symbols, on the built-in image and on the whole program for the Jupiter III), mutants drawn
//! from a seed and an index, `--patch` making one in memory, the attack-list mutant the default
//! run must kill, a mutation run's fates (killed, runaway, missed, equivalent) on small plans,
//! and `crosscheck --mutants` with its replays, its JSON and Ctrl-C.

mod stderr;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::Stdio;

use assert_cmd::Command;
use serde_json::Value;

use sargon_z80::crosscheck::mutants::{
    CodeMap, Fate, Mutant, MutationPlan, Patch, patched, run_mutants,
};
use sargon_z80::crosscheck::suite::builtin_positions;
use sargon_z80::crosscheck::{Config, RandomSpec};
use sargon_z80::machine::{Image, default_image};

fn cmd() -> Command {
    Command::cargo_bin("sargon-z80").expect("the binary is built")
}

fn rom(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("roms")
        .join(name)
        .display()
        .to_string()
}

fn jupiter() -> Image {
    Image::load(
        Path::new(&rom("jupiter.bin")),
        Path::new(&rom("jupiter.sym")),
        None,
    )
    .unwrap()
}

fn sym(image: &Image, name: &str) -> u16 {
    image.symbols.get(name).unwrap_or_else(|| panic!("{name}"))
}

#[test]
fn the_code_runs_from_the_first_reachable_routine_to_the_end_of_the_search() {
    for image in [default_image(), jupiter()] {
        let code = CodeMap::of(&image).unwrap();
        // INCHK's shared exit BYES0 lies just below it; BOOK's page clearing ends the engine,
        // where the image ends or the whole program's DRIVER begins.
        assert_eq!(code.start, sym(&image, "BYES0"));
        let end = image
            .symbols
            .get("DRIVER")
            .unwrap_or(sym(&image, "CODE_END"));
        assert_eq!(code.end, u32::from(end));
        let names: Vec<&str> = code.entries.iter().map(|&(n, _)| n).collect();
        assert_eq!(
            names,
            [
                "INCHK", "GENMOV", "MOVE", "UNMOVE", "PINFND", "POINTS", "FNDMOV", "ASCEND",
                "SORTM", "EVAL", "BOOK"
            ]
        );
        // INITBD runs to its table of pieces (BACKR), PERFT to INITBD.
        let initbd = usize::from(sym(&image, "BACKR") - sym(&image, "INITBD"));
        let perft = usize::from(sym(&image, "INITBD") - sym(&image, "PERFT"));
        assert_eq!(code.left_out, vec![("INITBD", initbd), ("PERFT", perft)]);
        assert_eq!((initbd, perft), (109, 227));
        let span = (code.end - u32::from(code.start)) as usize;
        assert_eq!(code.len(), span - initbd - perft);
        assert_eq!(code.len(), 8_840);
        // The tables below it are not code, nor PERFT's body, nor the whole program's dialogue.
        assert!(!code.contains(sym(&image, "DIRTAB")));
        assert!(!code.contains(sym(&image, "PERFT") + 1));
        assert!(
            code.contains(sym(&image, "PAPIN")),
            "reached through a table only"
        );
        assert!(code.contains(sym(&image, "BMOVES")), "the book's moves");
    }
}

#[test]
fn a_mutant_is_its_seed_and_index() {
    let image = default_image();
    let code = CodeMap::of(&image).unwrap();
    let mutants: Vec<Mutant> = (0..500)
        .map(|k| Mutant::draw(4, k, &code, &image))
        .collect();
    for (k, m) in mutants.iter().enumerate() {
        assert_eq!(m.index, k as u64);
        assert!(code.contains(m.addr), "{m:?}");
        assert_eq!(m.before, image.bytes[usize::from(m.addr - image.org)]);
        assert_ne!(m.before, m.after);
        assert_eq!(*m, Mutant::draw(4, k as u64, &code, &image));
    }
    assert_ne!(mutants[0], Mutant::draw(5, 0, &code, &image));
    let patch = mutants[0].patch();
    assert_eq!(patch.to_string().parse::<Patch>().unwrap(), patch);
    // Addresses spread over the whole code, and every byte value is met.
    let low = mutants.iter().filter(|m| m.addr < 0x2000).count();
    assert!((100..250).contains(&low), "{low} of 500 below 0x2000");
    let mut after = [false; 256];
    mutants
        .iter()
        .for_each(|m| after[usize::from(m.after)] = true);
    assert!(after.iter().filter(|&&seen| seen).count() > 200);
}

#[test]
fn a_patched_image_is_made_in_memory_and_protects_its_code_when_the_symbols_do_not() {
    let image = default_image();
    let code = CodeMap::of(&image).unwrap();
    let at = sym(&image, "RECS") + 2;
    let mutant = patched(
        &image,
        &[Patch {
            addr: at,
            byte: 0xAF,
        }],
        &code,
    )
    .unwrap();
    let offset = usize::from(at - image.org);
    assert_eq!((image.bytes[offset], mutant.bytes[offset]), (0x7E, 0xAF));
    assert_eq!(
        mutant.symbols, image.symbols,
        "CODE_START and CODE_END are named"
    );
    let mut bare = image.clone();
    let mut table = sargon_z80::machine::SymbolTable::new();
    for (name, value) in image.symbols.iter() {
        if !name.starts_with("CODE_") {
            table.insert(name, value);
        }
    }
    bare.symbols = table;
    let protected = patched(&bare, &[], &CodeMap::of(&bare).unwrap()).unwrap();
    assert_eq!(protected.symbols.get("CODE_START"), Some(code.start));
    assert_eq!(protected.symbols.get("CODE_END"), Some(code.end as u16));
    let outside = Patch {
        addr: 0x9000,
        byte: 0,
    };
    let error = patched(&image, &[outside], &code).unwrap_err();
    assert_eq!(
        error.to_string(),
        "--patch 0x9000: the address lies outside the image's bytes 0x0000..0x32EB"
    );
}

/// A plan small enough for a test: the default run is the first two built-in positions to
/// depth 1 with no search; the deep run the first three to depth 2 and their search to PLYMAX 1.
fn small_plan(seed: u64, first: u64, count: u64) -> MutationPlan {
    let listed: Vec<_> = builtin_positions().into_iter().take(3).collect();
    let config = |take: usize, depth: u32, search_ply: u8| Config {
        positions: listed[..take].to_vec(),
        depth,
        random: RandomSpec {
            seed,
            first: 0,
            count: 0,
            depth: 1,
        },
        random_starts: Vec::new(),
        threads: 2,
        keep_going: false,
        search_ply,
        search_positions: Vec::new(),
        search_random: 0,
    };
    MutationPlan {
        seed,
        first,
        count,
        threads: 2,
        default: config(2, 1, 0),
        deep: vec![config(3, 2, 1)],
    }
}

/// What became of a mutant, in a word (and the guard that stopped it).
fn fate(fate: &Fate) -> String {
    match fate {
        Fate::Killed { found } => match found.guard() {
            Some(guard) => format!("killed ({guard})"),
            None => "killed".to_string(),
        },
        Fate::Missed { found, deep_run } => format!("missed by {deep_run} ({})", found.kind()),
        Fate::Equivalent => "equivalent".to_string(),
        Fate::Unsettled => "unsettled".to_string(),
    }
}

#[test]
fn a_mutation_run_tells_killed_missed_and_equivalent_mutants_apart() {
    let image = default_image();
    let report = run_mutants(&image, &small_plan(4, 0, 12), None, &|_| {}).unwrap();
    let fates: Vec<String> = report.results.iter().map(|r| fate(&r.fate)).collect();
    assert_eq!(
        fates,
        [
            "missed by 0 (search mismatch)",
            "missed by 0 (search mismatch)",
            "killed",
            "missed by 0 (ran away)",
            "killed (protected write)",
            "missed by 0 (search mismatch)",
            "killed",
            "missed by 0 (search mismatch)",
            "equivalent",
            "killed",
            "killed (stack)",
            "killed",
        ]
    );
    let m = report.results[8].mutant;
    assert_eq!(
        (m.index, m.addr, m.before, m.after),
        (8, 0x29D5, 0x46, 0xEA)
    );
    let t = report.tally();
    assert_eq!(
        (t.mutants, t.killed, t.guarded, t.missed, t.equivalent),
        (12, 6, 2, 5, 1)
    );
    assert_eq!(t.kill_ratio(), 6.0 / 11.0);
    assert_eq!(report.guards(), vec![("protected write", 1), ("stack", 1)]);
    assert!(!report.interrupted);
    // The same mutants from index 8 on: the seed and the index name them.
    let again = run_mutants(&image, &small_plan(4, 8, 1), None, &|_| {}).unwrap();
    assert_eq!(again.results[0].mutant, m);
    assert_eq!(again.results[0].fate, Fate::Equivalent);
}

#[test]
fn a_mutant_that_loops_is_ended_by_the_budget_and_counts_as_killed() {
    // Mutant 60 of seed 4 turns a JP Z in INCHK's scan into JR NC, which loops.
    let image = default_image();
    let plan = MutationPlan::new(4, 60, 1, 2, true);
    let report = run_mutants(&image, &plan, None, &|_| {}).unwrap();
    let result = &report.results[0];
    assert_eq!((result.mutant.addr, result.mutant.after), (0x0FAD, 0x30));
    let Fate::Killed { found } = &result.fate else {
        panic!("{:?}", result.fate)
    };
    assert_eq!(found.guard(), Some("runaway code"));
    assert!(
        found.headline().starts_with(
            "ran away on position built-in:cpw.epd:3 after [b1a3]: INCHK failed: runaway \
             code: no return within the call's budget of 2,000,000 instructions"
        ),
        "{}",
        found.headline()
    );
    assert!(
        result.default_wall.as_secs() < 5,
        "{:?}",
        result.default_wall
    );
}

#[test]
fn the_default_run_kills_the_attack_list_mutant() {
    // RECS records an attacker in its row: `LD A,(HL)` reads the slot. Read as empty (XOR A),
    // a second attacker of the same type overwrites the first; read from D (as a one-byte
    // slip 7E -> 7A does), the slot holds what D happens to hold.
    let image = default_image();
    let at = sym(&image, "RECS") + 2;
    assert_eq!(image.bytes[usize::from(at - image.org)], 0x7E, "LD A,(HL)");
    for byte in ["0xAF", "0x7A"] {
        let patch = format!("{at:#06X}={byte}");
        let out = cmd()
            .args(["crosscheck", "--seed", "1", "--patch", &patch])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{patch}: {text}");
        assert!(text.contains("verdict: SEARCH MISMATCH"), "{text}");
        assert!(
            text.contains(&format!("patched {patch}"))
                && text.contains(&format!("--patch {patch}")),
            "the header names the patch and the replay repeats it: {text}"
        );
    }
}

#[test]
fn mutants_of_the_default_image_are_killed_and_counted() {
    let out = cmd()
        .args([
            "crosscheck",
            "--mutants",
            "3",
            "--seed",
            "4",
            "--threads",
            "2",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    for line in [
        "crosscheck --mutants: 3 one-byte mutant(s) of the code, seed 4, 2 thread(s)\n",
        "image: built-in image (roms/sargon.bin)\n",
        "code:  0x0F14..0x32EB, 8,840 bytes: INCHK, GENMOV, MOVE, UNMOVE, PINFND, POINTS, FNDMOV,",
        "  mutants              3\n",
        "  killed only by deep  0\n",
        "  equivalent           0\n",
        "  kill ratio           100.0% (3 of 3 killable)\n",
        "verdict: the default run kills every mutant a deep run kills (3 of 3)\n",
    ] {
        assert!(text.contains(line), "{line:?} in\n{text}");
    }
}

#[test]
fn mutants_of_a_rom_replay_with_the_rom_and_the_patch() {
    let (bin, sym) = (rom("jupiter.bin"), rom("jupiter.sym"));
    let out = cmd()
        .args(["crosscheck", "--mutants", "2", "--seed", "4", "--json"])
        .args(["--rom", &bin, "--sym", &sym])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["tally"]["mutants"], 2);
    assert_eq!(json["tally"]["killed"], 2);
    assert_eq!(json["code_start"], 0x0F14);
    let first = &json["results"][0];
    assert_eq!(first["mutant"]["index"], 0);
    assert_eq!(first["fate"], "killed");
    let patch = format!(
        "0x{:04X}=0x{:02X}",
        first["mutant"]["addr"].as_u64().unwrap(),
        first["mutant"]["after"].as_u64().unwrap()
    );
    assert_eq!(
        first["default_run"],
        format!("sargon-z80 crosscheck --rom {bin} --sym {sym} --patch {patch} --seed 4")
    );
    // The replay of the failure itself fails again, on the image patched the same.
    let replay = first["replay"].as_str().unwrap();
    assert!(replay.contains(&format!("--patch {patch}")), "{replay}");
    let binary = env!("CARGO_BIN_EXE_sargon-z80");
    let line = replay.strip_prefix("sargon-z80 ").unwrap();
    let again = std::process::Command::new("sh")
        .args(["-c", &format!("'{binary}' {line}")])
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(1), "{replay}");
}

#[test]
fn a_patch_or_a_count_that_cannot_be_is_refused() {
    let cases: [(&[&str], &str); 9] = [
        (
            &["--patch", "0x9000=1"],
            "error: --patch 0x9000: the address lies outside the image's bytes 0x0000..0x32EB",
        ),
        (
            &["--patch", "0E9EH"],
            "expected ADDR=BYTE (no '=' between them), found \"0E9EH\"",
        ),
        (
            &["--patch", "0E9EH=100H"],
            "expected ADDR=BYTE (the byte is not a number from 0 to 0xFF)",
        ),
        (&["--mutants", "0"], "0 is not in 1..=1000000"),
        (&["--mutants", "1000001"], "1000001 is not in 1..=1000000"),
        (
            &["--mutants", "abc"],
            "invalid value 'abc' for '--mutants <N>': invalid digit found in string",
        ),
        (
            &["--mutants", "5", "--search"],
            "the argument '--mutants <N>' cannot be used with '--search'",
        ),
        (
            &["--search-random", "1000001"],
            "1000001 is not in 0..=1000000",
        ),
        (
            &["--mutants", "5", "--fen", "startpos"],
            "the argument '--mutants <N>' cannot be used with '--fen <FEN>'",
        ),
    ];
    for (args, message) in cases {
        let out = cmd().arg("crosscheck").args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

#[test]
fn ctrl_c_prints_what_was_settled() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sargon-z80"))
        .args([
            "crosscheck",
            "--mutants",
            "20",
            "--seed",
            "4",
            "--threads",
            "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    assert!(line.starts_with("checked 2/20 mutants"), "{line}");
    // SAFETY: kill(2) on the child's own pid.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("verdict: interrupted after "), "{text}");
    assert!(text.contains(" of 20 mutant(s): "), "{text}");
    assert!(text.contains("  seed                 4\n"), "{text}");
}

#[test]
fn a_mutation_run_of_an_image_that_fails_already_is_refused() {
    // One byte of the development table changed: the unmutated image's search differs.
    let dir = tempfile::tempdir().unwrap();
    let deva = usize::from(sym(&default_image(), "DEVA"));
    let (bin, table) = (dir.path().join("f.bin"), dir.path().join("f.sym"));
    let mut bytes = std::fs::read(rom("sargon.bin")).unwrap();
    std::fs::copy(rom("sargon.sym"), &table).unwrap();
    bytes[deva + 2] = 0xFD;
    std::fs::write(&bin, &bytes).unwrap();
    let out = cmd()
        .args([
            "crosscheck",
            "--mutants",
            "3",
            "--seed",
            "1",
            "--threads",
            "2",
        ])
        .arg("--rom")
        .arg(&bin)
        .arg("--sym")
        .arg(&table)
        .output()
        .unwrap();
    let stderr = stderr::joined(&String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "error: the unmutated image fails the default run already: SEARCH MISMATCH on \
             built-in:cpw.epd:3 at PLYMAX 1: evaluation 0 of 21/21: image ply 0 (no previous \
             move) VALM 0x82, native ply 0 (no previous move) VALM 0x80"
        ),
        "{stderr}"
    );
}
