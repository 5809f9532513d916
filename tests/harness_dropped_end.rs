//! A program whose source has an END before some of its routines, as a transcription with a
//! stray `.END` does: `asm` succeeds with a warning that counts the labels it drops and names
//! the routines among them, and `image`, `think`, `crosscheck` and `jupiter` on the image,
//! which lacks their symbols, say which of them the source defines after that END (the source
//! found beside the image, or through the listing beside it), else suggest looking for one.

mod stderr;
use stderr::joined;

use std::path::Path;

use assert_cmd::Command;

/// A small TDL program in the board ABI's names, its engine cut short by a `.END` before MOVE.
const HALF: &str = "\
START:\t.LOC\t0
BOARDA:\t.BLKB\t120
COLOR:\t.BLKB\t1
POSK:\t.BLKB\t2
POSQ:\t.BLKB\t3
CKFLG:\t.BLKB\t1
MLPTRI:\t.BLKW\t1
MLPTRJ:\t.BLKW\t1
MLNXT:\t.BLKW\t1
PLYIX:\t.BLKW\t20
MLIST:\t.BLKB\t60
INITBD:\tRET
GENMOV:\tRET
INCHK:\tRET
\t.END\t\t; a stray one
MOVE:\tMOV\tA,B
MV1:\tRET
UNMOVE:\tCALL\tMV1
\tRET
FNDMOV:\tCALL\tMOVE
\tCALL\tUNMOVE
\tRET
";

fn sargon(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::cargo_bin("sargon-z80")
        .unwrap()
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    joined(&String::from_utf8_lossy(bytes))
}

/// The assembly of HALF as `name.tdl` into `name.bin`, `name.sym` and `name.lst` in `dir`.
fn assemble(dir: &Path, name: &str) -> String {
    std::fs::write(dir.join(format!("{name}.tdl")), HALF).unwrap();
    let out = sargon(
        dir,
        &[
            "asm",
            &format!("{name}.tdl"),
            "--dialect",
            "tdl",
            "-o",
            &format!("{name}.bin"),
            "--sym",
            &format!("{name}.sym"),
            "--lst",
            &format!("{name}.lst"),
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stderr)
}

const DEFINED: &str = "hint: half.tdl defines MOVE and UNMOVE after the .END on its line 15, \
                       where the assembly stopped: delete that .END (the end of the file ends \
                       the assembly) and assemble again";

#[test]
fn asm_counts_what_the_end_drops_and_names_the_routines() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(
        assemble(dir.path(), "half"),
        "half.tdl:15: warning: .END ends the assembly on this line: 7 lines of code after it \
         are ignored, and with them 4 labels (the routines MOVE, MV1, UNMOVE); if the program \
         goes on after it, delete this .END\n"
    );
}

#[test]
fn image_think_and_crosscheck_name_the_symbols_defined_after_the_end() {
    let dir = tempfile::tempdir().unwrap();
    assemble(dir.path(), "half");
    let image = ["--rom", "half.bin", "--sym", "half.sym"];
    let report = sargon(dir.path(), &[&["image"][..], &image].concat());
    assert_eq!(report.status.code(), Some(1));
    let report = text(&report.stdout);
    // The image lacks the search's symbols too: FNDMOV is after the .END as well.
    let all = DEFINED.replace("MOVE and UNMOVE", "MOVE, UNMOVE and FNDMOV");
    assert!(report.ends_with(&format!("{all}\n")), "{report}");
    for command in [&["think", "--ply", "1"][..], &["crosscheck"], &["moves"]] {
        let out = sargon(dir.path(), &[command, &image].concat());
        assert_eq!(out.status.code(), Some(2), "{command:?}");
        assert_eq!(
            text(&out.stderr),
            format!(
                "error: the image is missing required ABI symbol(s): MOVE, UNMOVE; {}\n",
                DEFINED
            ),
            "{command:?}"
        );
    }
}

#[test]
fn the_listing_beside_the_image_leads_to_its_source() {
    let dir = tempfile::tempdir().unwrap();
    assemble(dir.path(), "half");
    // The image renamed: nothing of its stem but the listing, which names its source.
    for ext in ["bin", "sym", "lst"] {
        std::fs::rename(
            dir.path().join(format!("half.{ext}")),
            dir.path().join(format!("s78.{ext}")),
        )
        .unwrap();
    }
    let out = sargon(
        dir.path(),
        &[
            "think", "--ply", "1", "--rom", "s78.bin", "--sym", "s78.sym",
        ],
    );
    assert!(text(&out.stderr).ends_with(&format!("; {DEFINED}\n")));
}

#[test]
fn without_the_source_at_hand_the_hint_suggests_looking_for_an_end() {
    let dir = tempfile::tempdir().unwrap();
    assemble(dir.path(), "half");
    let away = dir.path().join("away");
    std::fs::create_dir(&away).unwrap();
    for ext in ["bin", "sym"] {
        std::fs::copy(
            dir.path().join(format!("half.{ext}")),
            away.join(format!("half.{ext}")),
        )
        .unwrap();
    }
    let suggestion = "hint: if the image's source has an END (TDL: .END) before the routines \
                      that define them, the assembly stopped there (asm warns of it): look for one";
    let out = sargon(
        &away,
        &[
            "think", "--ply", "1", "--rom", "half.bin", "--sym", "half.sym",
        ],
    );
    assert!(
        text(&out.stderr).ends_with(&format!("; {suggestion}\n")),
        "{}",
        text(&out.stderr)
    );
    // jupiter: the program's entry is what is missing.
    let out = sargon(
        &away,
        &[
            "jupiter", "--keys", "a", "--rom", "half.bin", "--sym", "half.sym",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let error = text(&out.stderr);
    assert!(
        error.starts_with("error: no entry \"DRIVER\": the image has no such symbol")
            && error.ends_with(&format!("; {suggestion}\n")),
        "{error}"
    );
    // The source at hand shows no END before DRIVER: no hint then.
    let out = sargon(
        dir.path(),
        &[
            "jupiter", "--keys", "a", "--rom", "half.bin", "--sym", "half.sym",
        ],
    );
    assert!(
        !text(&out.stderr).contains("hint:"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn jupiter_names_the_entry_defined_after_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let source = "START:\tNOP\n\t.END\nDRIVER:\tCALL\tSHOW\nSHOW:\tRET\n";
    std::fs::write(dir.path().join("w.tdl"), source).unwrap();
    let asm = sargon(
        dir.path(),
        &[
            "asm",
            "w.tdl",
            "--dialect",
            "tdl",
            "-o",
            "w.bin",
            "--sym",
            "w.sym",
        ],
    );
    assert_eq!(
        text(&asm.stderr),
        "w.tdl:2: warning: .END ends the assembly on this line: 2 lines of code after it are \
         ignored, and with them 2 labels (the routine SHOW); if the program goes on after it, \
         delete this .END\n"
    );
    let out = sargon(
        dir.path(),
        &["jupiter", "--keys", "a", "--rom", "w.bin", "--sym", "w.sym"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: no entry \"DRIVER\": the image has no such symbol, and it is no address (give \
         --entry SYMBOL or an address such as 1A00H); hint: w.tdl defines DRIVER after the .END \
         on its line 2, where the assembly stopped: delete that .END (the end of the file ends \
         the assembly) and assemble again\n"
    );
}
