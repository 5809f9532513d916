//! One range for every clock a command takes: `--mhz` of `think`, `profile`, `tui`, `play` and
//! `jupiter` is from 0.1 to 1000 MHz, as `uci`'s option MHz is; anything else is refused before
//! anything runs, with the value written short. It was a panic (exit 101, converting a
//! T-state count to a time) in `think`, `jupiter` and `play`, and a 300-digit clock in
//! `profile`.

use assert_cmd::Command;

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::cargo_bin("sargon-z80")
        .unwrap()
        .args(args)
        .write_stdin("")
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_command_refuses_a_clock_outside_the_range() {
    let commands: [&[&str]; 5] = [
        &["think", "--ply", "1"],
        &["jupiter", "--keys", "a", "--max-tstates", "100"],
        &["play"],
        &["profile"],
        &["tui"],
    ];
    let values = [
        ("1e-300", "1e-300"),
        ("1e-20", "1e-20"),
        ("0", "0"),
        ("0.0999", "0.0999"),
        ("1000.5", "1000.5"),
        ("5000", "5000"),
        ("1e300", "1e300"),
        ("nan", "NaN"),
        ("inf", "inf"),
    ];
    for command in commands {
        for (given, shown) in values {
            let (code, stdout, stderr) = run(&[command, &["--mhz", given]].concat());
            assert_eq!(code, Some(2), "{command:?} --mhz {given}: {stderr}");
            assert_eq!(
                stderr,
                format!("error: --mhz {shown} is not a clock rate from 0.1 to 1000 MHz\n"),
                "{command:?}"
            );
            assert_eq!(stdout, "", "{command:?} --mhz {given}");
        }
    }
}

#[test]
fn the_bounds_themselves_are_clocks() {
    for mhz in ["0.1", "1000"] {
        let (code, stdout, stderr) = run(&["profile", "--mhz", mhz]);
        assert_eq!(code, Some(0), "{stderr}");
        let real = stdout
            .lines()
            .find(|l| l.starts_with("real time: "))
            .unwrap();
        assert!(real.ends_with(&format!(" at {mhz} MHz")), "{real}");
        assert!(real.len() < 60, "{real}");
    }
    let (code, stdout, stderr) = run(&["think", "--ply", "1", "--mhz", "0.1"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("real Z80     "), "{stdout}");
}

#[test]
fn the_uci_option_takes_the_same_range() {
    let out = Command::cargo_bin("sargon-z80")
        .unwrap()
        .arg("uci")
        .write_stdin(
            "uci\nsetoption name MHz value 1e-300\nsetoption name MHz value 1000\nisready\nquit\n",
        )
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(
            "info string ignored setoption: MHz \"1e-300\" is not a clock rate from 0.1 to 1000\n"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("readyok"), "{stdout}");
}

#[test]
fn every_commands_help_states_the_range() {
    for command in ["think", "jupiter", "play", "profile", "tui"] {
        let (code, stdout, _) = run(&[command, "--help"]);
        assert_eq!(code, Some(0), "{command}");
        let help = stdout.split_whitespace().collect::<Vec<_>>().join(" ");
        let mhz = &help[help.find("--mhz <").expect("--mhz in the help")..];
        let until = mhz.find("[default: ").expect("a default");
        assert!(mhz[..until].contains("0.1 to 1000"), "{command}: {mhz}");
    }
}
