//! `play` from the command line: what it refuses before it takes the terminal over.

use assert_cmd::Command;
use predicates::str::contains;

fn play(args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("sargon-z80")
        .unwrap()
        .arg("play")
        .args(args)
        .assert()
}

#[test]
fn refusals_are_one_line_and_exit_2() {
    play(&[])
        .code(2)
        .stderr("error: `play` needs an interactive terminal (stdin and stdout)\n");
    play(&["not a fen"])
        .code(2)
        .stderr(contains("error: bad FEN \"not a fen\""));
    play(&["--engine", "native", "--rom", "x.bin", "--sym", "x.sym"])
        .code(2)
        .stderr("error: --rom/--sym choose an image for --engine z80; --engine native has none\n");
    play(&["--level", "10"])
        .code(2)
        .stderr(contains("invalid value '10' for '--level <LEVEL>'"));
    play(&["--mhz", "0"])
        .code(2)
        .stderr("error: --mhz 0 is not a clock rate from 0.1 to 1000 MHz\n");
}

#[test]
fn the_debugger_refuses_a_routine_the_image_lacks_before_the_terminal() {
    Command::cargo_bin("sargon-z80")
        .unwrap()
        .args(["tui", "--routine", "NOSUCH"])
        .assert()
        .code(2)
        .stderr("error: no symbol or address \"NOSUCH\"\n");
}
