//! Runaway images: an image whose GENMOV loops forever (`JR $`), or whose search keeps
//! reaching POINTS and MOVE without end (`JR $` at POINTS, lists whose links loop), ends every
//! command within seconds with the machine's error (the routine, where PC was, the instructions and T-states
//! spent) and exit status 2; `stop`, `quit`, the end of input and Ctrl-C answer while an image
//! runs. Every child runs under a timeout, so that a regression fails instead of hanging.

#![cfg(unix)]

mod stderr;
use stderr::joined;

mod patched;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use sargon_z80::game::{Start, Z80Searcher};
use sargon_z80::machine::Image;
use sargon_z80::tui::{PlayApp, PlayOptions};

use crossterm::event::{KeyCode, KeyEvent};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// Far beyond what any of these commands needs when it ends a runaway as it should.
const LIMIT: Duration = Duration::from_secs(30);

fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sargon-z80"))
}

/// Waits for `child` at most `limit`; kills it and fails the test when it is still running.
fn finish(child: Child, limit: Duration, what: &str) -> Output {
    finish_timed(child, limit, what).0
}

/// [`finish`], with the CPU time the child used (user and system, all its threads): what a
/// bound on how long a command takes can rely on, where a loaded host stretches wall time.
fn finish_timed(mut child: Child, limit: Duration, what: &str) -> (Output, Duration) {
    let readers = [child.stdout.take().map(pipe), child.stderr.take().map(pipe)];
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    let started = Instant::now();
    let (status, usage) = loop {
        let mut status = 0;
        // SAFETY: rusage is plain data, and wait4 only writes to the two places it is given.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let reaped = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if reaped == pid {
            break (status, usage);
        }
        assert_eq!(reaped, 0, "{what}: wait4 failed");
        if started.elapsed() > limit {
            child.kill().unwrap();
            let _ = child.wait();
            panic!("{what} still ran after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let [stdout, stderr] = readers.map(|r| r.map(|r| r.join().unwrap()).unwrap_or_default());
    let seconds = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime);
    let status = std::os::unix::process::ExitStatusExt::from_raw(status);
    let output = Output {
        status,
        stdout,
        stderr,
    };
    (output, cpu)
}

/// Reads all of a child's pipe on a thread of its own, so that a full pipe never blocks it.
fn pipe(mut from: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        from.read_to_end(&mut bytes).unwrap();
        bytes
    })
}

/// Runs `args` with the looping image, standard input closed: its output and CPU time.
fn run_timed(args: &[&str], image: &patched::Patched) -> (Output, Duration) {
    let child = binary()
        .args(args)
        .args(image.args())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    finish_timed(child, LIMIT, &args.join(" "))
}

/// Runs `args` with the looping image, standard input closed.
fn run(args: &[&str], image: &patched::Patched) -> Output {
    run_timed(args, image).0
}

/// The CPU time a command may take to end a runaway: the quick bench takes about 5 s before it
/// meets the image, where running a budget out would take over a minute.
const QUICK: Duration = Duration::from_secs(15);

#[test]
fn every_command_ends_a_runaway_with_the_machines_error() {
    let dir = tempfile::tempdir().unwrap();
    let image = patched::looping_genmov(dir.path());
    let commands: [&[&str]; 11] = [
        &["image"],
        &["call", "GENMOV"],
        &["moves"],
        &["perft", "2"],
        &["think"],
        &["think", "--ply", "4"],
        &["profile", "--search", "2"],
        &["crosscheck", "--random", "10", "--seed", "1"],
        &["crosscheck", "--search", "--random", "10", "--seed", "1"],
        &["bench", "--quick"],
        &["tui", "--routine", "MOVE"],
    ];
    for args in commands {
        let (out, cpu) = run_timed(args, &image);
        let err = joined(&String::from_utf8_lossy(&out.stderr));
        let line = err.lines().find(|l| l.starts_with("error: ")).unwrap_or("");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(line.contains("runaway code: "), "{args:?}: {err}");
        assert!(line.contains("PC = 0x135B in GENMOV"), "{args:?}: {err}");
        assert!(line.contains(" T-states"), "{args:?}: {err}");
        assert!(cpu < QUICK, "{args:?}: {cpu:?} of CPU time");
    }
}

#[test]
fn searches_that_keep_reaching_their_marks_end_at_once() {
    let dir = tempfile::tempdir().unwrap();
    // PC kept on POINTS's address by `JR $` there: no call of POINTS, so the leash ends it.
    let points = patched::looping_points(dir.path());
    // Lists whose links loop: the search calls MOVE and POINTS without end; its walk's bound
    // ends it.
    let cyclic = patched::cyclic_list(dir.path());
    let searches: [&[&str]; 5] = [
        &["image"],
        &["think", "--ply", "3"],
        &["profile", "--search", "2"],
        &["crosscheck", "--search", "--random", "2", "--seed", "1"],
        &["bench", "--quick"],
    ];
    let cases = [
        (
            &points,
            "runaway code: 50,000,000 T-states without a call of POINTS or MOVE (",
            "; PC = 0x21AE in POINTS",
        ),
        (
            &cyclic,
            "runaway code: 81 MOVE calls at ply 1 from a list of 20 entries: a search makes at most 2 per entry, a list whose links loop makes them without end (",
            "; PC = 0x1C00 in MOVE",
        ),
    ];
    for (image, what, place) in cases {
        for args in searches {
            let (out, cpu) = run_timed(args, image);
            let err = joined(&String::from_utf8_lossy(&out.stderr));
            let line = err.lines().find(|l| l.starts_with("error: ")).unwrap_or("");
            assert_eq!(out.status.code(), Some(2), "{args:?} {}: {err}", image.bin);
            assert!(
                line.contains(what) && line.contains(place),
                "{args:?}: {err}"
            );
            // A whole search's budget at PLYMAX 3 is over a minute of emulation.
            assert!(cpu < QUICK, "{args:?}: {cpu:?} of CPU time");
        }
    }
}

#[test]
fn the_budget_and_the_leash_are_named_with_their_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let image = patched::looping_genmov(dir.path());
    let err = |args: &[&str]| joined(&String::from_utf8_lossy(&run(args, &image).stderr));
    // A board routine: its budget, 2,000,000 instructions of JR $ at 12 T-states.
    assert!(err(&["moves"]).contains(
        "GENMOV failed: runaway code: no return within the call's budget of 2,000,000 instructions (24,000,000 T-states); PC = 0x135B in GENMOV"
    ));
    // A search: 50,000,000 T-states without POINTS or MOVE, checked between slices.
    let think = err(&["think"]);
    assert!(
        think.contains(
            "FNDMOV failed: runaway code: 50,000,000 T-states without a call of POINTS or MOVE ("
        ),
        "{think}"
    );
    // The default run names the position, and the command that replays it.
    let check = err(&["crosscheck", "--random", "10", "--seed", "1"]);
    assert!(
        check.contains("error: the image ran away on position 0 (built-in:cpw.epd:3): GENMOV failed: runaway code:"),
        "{check}"
    );
    assert!(
        check.contains("\nreplay: sargon-z80 crosscheck --rom "),
        "{check}"
    );
}

/// A UCI session on the looping image, its input written by the test.
struct Session {
    child: Child,
    lines: mpsc::Receiver<String>,
}

impl Session {
    fn start(image: &patched::Patched) -> Session {
        let mut child = binary()
            .arg("uci")
            .args(image.args())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Session { child, lines }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Lines until one starting with `prefix`, and how long that took; the session is killed
    /// and the test fails when none comes.
    fn until(&mut self, prefix: &str) -> (Vec<String>, Duration) {
        let started = Instant::now();
        let mut seen = Vec::new();
        loop {
            let left = LIMIT.saturating_sub(started.elapsed());
            let Ok(line) = self.lines.recv_timeout(left) else {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("no {prefix:?} within {LIMIT:?}; saw {seen:?}");
            };
            let found = line.starts_with(prefix);
            seen.push(line);
            if found {
                return (seen, started.elapsed());
            }
        }
    }
}

#[test]
fn uci_answers_stop_quit_and_the_end_of_input_while_an_image_runs_away() {
    let dir = tempfile::tempdir().unwrap();
    let image = patched::looping_genmov(dir.path());

    // Left alone, the runaway ends by itself: the GUI gets `bestmove 0000` with the reason at
    // once (no other depth is tried on a broken image), and the session fails with the
    // machine's error.
    let mut session = Session::start(&image);
    session.send("position startpos moves e2e4 e7e5");
    session.send("go depth 2");
    let (seen, _) = session.until("bestmove ");
    // The search's one info string: the game's seed, then the failure.
    assert!(
        seen.iter().any(|l| l.starts_with("info string ")
            && l.contains("no search result: FNDMOV failed: runaway code: 50,000,000 T-states")),
        "{seen:?}"
    );
    assert_eq!(seen.last().unwrap(), "bestmove 0000");
    session.send("quit");
    let out = finish(session.child, LIMIT, "uci after a runaway");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("error: the image ran away during the session: FNDMOV failed: runaway code"),
        "{err}"
    );

    // `stop`, `quit` and the end of the input while an image runs (in GENMOV, or kept on
    // POINTS's address): the search is stopped, not left to its leash, and the answer is
    // PLYMAX 1 as the native engine searches it, at once, whatever the image would take.
    let points = patched::looping_points(dir.path());
    for image in [&image, &points] {
        for ending in ["stop", "quit", "the end of the input"] {
            let mut session = Session::start(image);
            session.send("isready");
            session.until("readyok");
            session.send(&format!("position fen {KIWIPETE}"));
            session.send("go depth 3");
            std::thread::sleep(Duration::from_millis(20));
            let asked = Instant::now();
            match ending {
                "the end of the input" => drop(session.child.stdin.take()),
                ending => session.send(ending),
            }
            let (seen, took) = session.until("bestmove ");
            let what = format!("{} {ending}: {seen:?}", image.bin);
            assert!(
                seen.iter().any(|l| l.starts_with("info string ") && l.contains("before it finished: answering PLYMAX 1, searched natively (the 1978 program's decision, at once)")),
                "{what}"
            );
            assert_eq!(seen.last().unwrap(), "bestmove e2a6", "{what}");
            assert!(took < Duration::from_secs(5), "{what}: {took:?}");
            if ending == "stop" {
                session.send("quit");
            }
            let out = finish(session.child, LIMIT, ending);
            assert!(out.status.success(), "{what}");
            assert!(asked.elapsed() < Duration::from_secs(5), "{what}");
        }
    }
}

fn looping_image(dir: &std::path::Path) -> Image {
    let files = patched::looping_genmov(dir);
    Image::load(files.bin.as_ref(), files.sym.as_ref(), None).unwrap()
}

/// Runs `play` in a thread and waits for it at most `LIMIT`: a game that cannot end fails the
/// test instead of hanging it.
fn within_limit<T: Send + 'static>(play: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, done) = mpsc::channel();
    std::thread::spawn(move || send.send(play()));
    done.recv_timeout(LIMIT).expect("the game ended")
}

fn game(image: &Image) -> PlayApp {
    let searcher = Z80Searcher::new(image, "loop.bin").unwrap();
    // Without the book, Sargon's first reply is a search.
    let options = PlayOptions {
        start: Start::Startpos,
        level: 2,
        book: false,
        ..PlayOptions::default()
    };
    PlayApp::new(Box::new(searcher), "loop.bin", options).unwrap()
}

fn type_in(app: &mut PlayApp, text: &str) {
    for c in text.chars() {
        app.handle_key(KeyEvent::from(KeyCode::Char(c)));
    }
    app.handle_key(KeyEvent::from(KeyCode::Enter));
}

#[test]
fn play_ends_on_a_runaway_and_quits_while_one_runs() {
    let dir = tempfile::tempdir().unwrap();
    let image = looping_image(dir.path());

    // Sargon's search runs away: the game ends with the machine's error.
    let failure = within_limit({
        let image = image.clone();
        move || {
            let mut app = game(&image);
            type_in(&mut app, "e4");
            app.settle(LIMIT);
            (app.should_quit(), app.failure().map(str::to_string))
        }
    });
    assert!(failure.0);
    let failure = failure.1.expect("the runaway is the game's failure");
    assert!(
        failure.starts_with("Sargon's search failed: FNDMOV failed: runaway code:"),
        "{failure}"
    );

    // Esc, then quit, while the image runs: the game ends at once.
    let took = within_limit(move || {
        let mut app = game(&image);
        type_in(&mut app, "e4");
        let asked = Instant::now();
        app.handle_key(KeyEvent::from(KeyCode::Esc));
        type_in(&mut app, "quit");
        assert!(app.should_quit());
        drop(app);
        asked.elapsed()
    });
    assert!(took < Duration::from_secs(5), "{took:?}");
}

#[test]
fn the_first_ctrl_c_stops_a_search_comparison_in_hand() {
    // Kiwipete at PLYMAX 4 takes the emulated search half a minute: the first Ctrl-C must end
    // it at once, with the summary and the command that goes on.
    let child = binary()
        .args(["crosscheck", "--search", "--ply", "4", "--fen", KIWIPETE])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let asked = Instant::now();
    // SAFETY: kill(2) on the child's own pid.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let out = finish(child, LIMIT, "crosscheck --search after Ctrl-C");
    let took = asked.elapsed();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(130), "{text}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert!(
        text.contains("verdict: interrupted: ")
            && text.contains("to go on: sargon-z80 crosscheck --search --ply 4 --fen"),
        "{text}"
    );
    assert!(
        text.contains(" --from 0"),
        "the position in hand is not counted: {text}"
    );
}
