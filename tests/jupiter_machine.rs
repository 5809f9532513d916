//! The Jupiter III on synthetic programs, assembled here by the project's assembler: every
//! monitor call and console rule, keys and R, the clock, searches followed through FNDMOV and
//! BESTM, and the ways a program stops.

use std::time::{Duration, Instant};

use sargon_z80::assembler::assemble_str;
use sargon_z80::jupiter::{
    End, Glyphs, Jupiter, JupiterError, Options, Pacer, Pause, Search, VIDEO, entry, parse_keys,
};
use sargon_z80::machine::{Cost, Image, MachineError, SymbolTable};

/// The monitor's calls as macros-by-hand: each line one call.
const KEY: &str = "RST 38H\n DB 81H,00H\n";
const PUTA: &str = "RST 38H\n DB 81H,1AH\n";
const CRLF: &str = "RST 38H\n DB 92H,1AH\n DW 0\n";
const EXIT: &str = "RST 38H\n DB 1FH\n";

/// A program loaded at 0, as the 1978 one is: page 0 holds the program's own bytes, and 0038H
/// holds a HALT that must never run. `body` starts at DRIVER with SP at 8000H.
fn program(body: &str) -> Image {
    let source = format!(
        "ORG 0\n JP DRIVER\n ORG 38H\n HALT\n HALT\n ORG 100H\nDRIVER: LD SP,8000H\n{body}\n"
    );
    image(&source)
}

fn image(source: &str) -> Image {
    let asm = assemble_str("test.asm", source, &[])
        .unwrap_or_else(|e| panic!("the test program assembles: {e}\n{source}"));
    let symbols = SymbolTable::parse(&asm.sym_text()).unwrap();
    Image::new(asm.bytes.clone(), asm.start, symbols).unwrap()
}

fn start(image: &Image, seed: u64) -> Jupiter {
    let entry = entry(image, None).unwrap();
    Jupiter::new(image, Options { entry, seed }).unwrap()
}

/// Runs `body` to its end with `keys` queued; the machine afterwards.
fn finished(body: &str, keys: &str) -> Jupiter {
    let mut jupiter = start(&program(&format!("{body}\n{EXIT}")), 7);
    jupiter.push_keys(&parse_keys(keys).unwrap());
    let pause = jupiter.run(u64::MAX).unwrap();
    assert!(
        matches!(pause, Pause::Ended(End::Monitor { .. })),
        "{pause:?}"
    );
    jupiter
}

fn rows(jupiter: &Jupiter) -> Vec<String> {
    jupiter
        .screen()
        .lines(Glyphs::Unicode)
        .iter()
        .map(|l| l.trim_end().to_string())
        .collect()
}

/// Prints `text` through one B3 block call from a DB string.
fn block(text: &str) -> String {
    format!(
        "RST 38H\n DB 0B3H,1AH\n DW T{n}\n DW T{n}E-T{n}\n JR T{n}E\nT{n}: DB {text}\nT{n}E:\n",
        n = text.len() * 7 + text.bytes().map(usize::from).sum::<usize>()
    )
}

#[test]
fn the_monitor_runs_at_0038h_and_the_bytes_there_never_do() {
    let j = finished(&format!("LD A,'X'\n{PUTA}"), "");
    assert_eq!(rows(&j)[0], "X");
    assert_eq!(
        j.machine().peek(0x38),
        0x76,
        "HALT is still there, never executed"
    );
    // LD SP,nn 10, LD A,n 7, two RST 38H at 11 each: the monitor's work costs nothing.
    assert_eq!(
        j.clock(),
        Cost {
            tstates: 10 + 7 + 11 + 11,
            instructions: 4
        }
    );
}

#[test]
fn a_key_read_returns_the_key_in_a_and_keeps_every_other_register() {
    let body = format!(
        "LD BC,1234H\n LD DE,5678H\n LD HL,9ABCH\n LD IX,0DEF0H\n LD IY,1357H\n EXX\n LD BC,2468H\n EXX\n\
         {KEY} LD (9000H),A\n {PUTA} {CRLF} LD (9001H),A\n"
    );
    let j = finished(&body, "q");
    let regs = j.machine().registers();
    assert_eq!(j.machine().peek(0x9000), b'q');
    assert_eq!(j.machine().peek(0x9001), b'q', "A kept across the new line");
    assert_eq!(
        (regs.bc(), regs.de(), regs.hl(), regs.ix, regs.iy),
        (0x1234, 0x5678, 0x9ABC, 0xDEF0, 0x1357)
    );
    assert_eq!((regs.b_alt, regs.c_alt), (0x24, 0x68));
    assert_eq!(
        regs.sp, 0x7FFE,
        "every call returned past its block, but the last one's"
    );
    assert_eq!(j.machine().pc(), 0x0038, "the program ended in the monitor");
    assert_eq!(rows(&j)[0], "q");
    assert_eq!(j.keys_used(), b"q");
}

#[test]
fn line_and_block_calls_print_from_memory() {
    let body = "RST 38H\n DB 0B2H,1AH\n DW MSG\n DW 5\n RST 38H\n DB 0B3H,1AH\n DW MSG+7\n DW 3\n \
                RST 38H\n DB 0B3H,1AH\n DW MSG\n DW 2\n JR DONE\nMSG: DB 'Hello, you'\nDONE:\n";
    let j = finished(body, "");
    assert_eq!(&rows(&j)[..3], ["Hello", "youHe", ""]);
    assert_eq!(j.screen().cursor(), (1, 5));
}

#[test]
fn clear_screen_as_a_one_byte_line_leaves_the_cursor_on_row_1() {
    let body = format!(
        "{}RST 38H\n DB 0B2H,1AH\n DW CLS\n DW 1\n LD A,'a'\n {PUTA} JR DONE\nCLS: DB 1CH\nDONE:\n",
        block("'junk on row 0'")
    );
    let j = finished(&body, "");
    assert_eq!(&rows(&j)[..3], ["", "a", ""]);
    assert_eq!(j.screen().cursor(), (1, 1));
    let cells = j.screen();
    assert!(
        cells
            .cells()
            .iter()
            .enumerate()
            .all(|(i, &b)| i == 64 || b == 0x20)
    );
}

#[test]
fn cr_lf_and_backspace_move_the_cursor_and_other_control_bytes_do_nothing() {
    let j = finished(
        &block("'abcdef',0DH,'X',0AH,'Y',08H,08H,08H,'Z',01H,1BH,7,'!'"),
        "",
    );
    // CR to column 0 of row 0 ("X" over "a"), LF down to row 1 at column 1, "Y" at column 1,
    // three backspaces stop at column 0, "Z" there, two bytes below 20H ignored, "!".
    assert_eq!(&rows(&j)[..2], ["Xbcdef", "Z!"]);
    assert_eq!(j.screen().cursor(), (1, 2));
}

#[test]
fn writing_past_column_63_wraps_and_a_line_feed_below_row_31_scrolls() {
    // 33 lines of 64 'A'..: the 64th cell of a line wraps to the next row, so each line
    // ends on column 0 of the row below; the 32nd line's wrap scrolls once, the 33rd's again.
    let body = "LD C,33\n LD E,'A'\nLINE: LD B,64\nCELL: LD A,E\n RST 38H\n DB 81H,1AH\n DJNZ CELL\n \
                INC E\n DEC C\n JR NZ,LINE\n LD A,'z'\n RST 38H\n DB 81H,1AH\n";
    let j = finished(body, "");
    let rows = rows(&j);
    assert_eq!(rows[0], "C".repeat(64), "two lines scrolled away");
    assert_eq!(rows[29], "`".repeat(64), "line 32: 'A' + 31");
    assert_eq!(rows[30], "a".repeat(64), "line 33");
    assert_eq!(rows[31], "z");
    assert_eq!(j.screen().cursor(), (31, 1));
}

#[test]
fn high_bytes_are_stored_as_they_are_and_drawn_as_block_graphics() {
    let j = finished(&block("80H,0BFH,0AAH,83H,95H,0C0H,0FFH,7FH,'e'"), "");
    let video: Vec<u8> = (0..9).map(|i| j.machine().peek(VIDEO + i)).collect();
    assert_eq!(
        video,
        [0x80, 0xBF, 0xAA, 0x83, 0x95, 0xC0, 0xFF, 0x7F, b'e']
    );
    let line = j.screen().line(0, Glyphs::Unicode);
    assert_eq!(
        line.chars().take(9).collect::<String>(),
        " \u{2588}\u{2590}\u{1FB02}\u{258C}   e"
    );
    let ascii = j.screen().line(0, Glyphs::Ascii);
    assert_eq!(&ascii[..9], " #]\"[   e");
}

#[test]
fn the_programs_own_stores_into_video_memory_show_and_the_cursor_is_the_monitors() {
    let body =
        format!("LD A,0BFH\n LD (0C7FFH),A\n LD A,'k'\n LD (0C000H+64*5+10),A\n LD A,'m'\n {PUTA}");
    let j = finished(&body, "");
    let rows = rows(&j);
    assert_eq!(rows[0], "m");
    assert_eq!(rows[5], format!("{}k", " ".repeat(10)));
    assert_eq!(rows[31], format!("{}\u{2588}", " ".repeat(63)));
}

#[test]
fn the_screen_starts_blank() {
    let j = start(&program(EXIT), 0);
    assert!(j.screen().cells().iter().all(|&b| b == 0x20));
    assert_eq!(j.screen().text(Glyphs::Unicode), "\n".repeat(32));
}

#[test]
fn an_unknown_call_is_refused_with_its_address_and_bytes() {
    let mut j = start(&program("NOP\n RST 38H\n DB 84H,1AH,12H,34H,56H,78H\n"), 0);
    let error = j.run(u64::MAX).unwrap_err();
    assert_eq!(
        error,
        JupiterError::UnknownCall {
            block: 0x0105,
            rst: Some(0x0104),
            bytes: [0x84, 0x1A, 0x12, 0x34, 0x56, 0x78],
        }
    );
    let message = error.to_string();
    assert!(
        message.contains("0x0105") && message.contains("84 1A 12 34 56 78"),
        "{message}"
    );
    assert_eq!(j.run(u64::MAX), Err(error), "it stays stopped");
    let mut j = start(&program("CALL 38H\n DB 0B1H,1AH\n"), 0);
    let message = j.run(u64::MAX).unwrap_err().to_string();
    assert!(
        message.starts_with("unknown monitor call: the parameter block at 0x0106 begins B1 1A"),
        "a CALL reaches the monitor too, and no RST is named: {message}"
    );
}

#[test]
fn a_runaway_stops_at_the_clock_limit_and_can_go_on() {
    let mut j = start(&program("LOOP: JR LOOP\n"), 0);
    assert_eq!(j.run(1_000), Ok(Pause::Clock));
    // LD SP,nn (10), then JR at 12 each: the first instruction to reach 1,000 completes it.
    assert_eq!(j.clock().tstates, 10 + 83 * 12);
    assert_eq!(j.clock().instructions, 1 + 83);
    assert_eq!(j.run(1_000), Ok(Pause::Clock), "nothing runs at the limit");
    assert_eq!(j.clock().tstates, 1_006);
    assert_eq!(j.run(10_000_000), Ok(Pause::Clock));
    assert_eq!(j.clock().tstates, 10 + 833_333 * 12);
}

#[test]
fn the_run_stops_when_the_program_waits_after_the_last_key() {
    let body = format!("{KEY}{PUTA}{KEY}{PUTA}{KEY}{PUTA}{EXIT}");
    let mut j = start(&program(&body), 3);
    j.push_keys(b"ab");
    assert_eq!(j.run(u64::MAX), Ok(Pause::Key));
    assert!(j.waiting_for_key());
    assert_eq!((j.keys_used(), j.keys_queued()), (&b"ab"[..], 0));
    assert_eq!(rows(&j)[0], "ab");
    j.push_key(b'c');
    assert_eq!(
        j.run(u64::MAX),
        Ok(Pause::Ended(End::Monitor { block: 0x0116 }))
    );
    assert_eq!(j.ended(), Some(End::Monitor { block: 0x0116 }));
    assert_eq!(rows(&j)[0], "abc");
}

/// Reads three keys, storing R (LD A,R) after each at 9000H.
const R_AFTER_KEYS: &str =
    "LD HL,9000H\n LD B,3\nNEXT: RST 38H\n DB 81H,00H\n LD A,R\n LD (HL),A\n INC HL\n DJNZ NEXT\n";

fn r_after_keys(seed: u64) -> [u8; 3] {
    let mut j = start(&program(&format!("{R_AFTER_KEYS}{EXIT}")), seed);
    j.push_keys(b"xyz");
    j.run(u64::MAX).unwrap();
    std::array::from_fn(|i| j.machine().peek(0x9000 + i as u16))
}

#[test]
fn r_counts_the_programs_fetches_and_advances_by_the_seeds_draws_at_key_reads() {
    let a = r_after_keys(11);
    assert_eq!(a, r_after_keys(11), "the same seed replays R");
    assert_ne!(a, r_after_keys(12), "another seed draws other amounts");
    // Between the first and second read: LD A,R (2 fetches), LD (HL),A, INC HL, DJNZ, RST
    // 38H: 6 fetches, and then the second key's draw. The draws are SplitMix64's.
    let mut rng = sargon_z80::random::SplitMix64::new(11);
    let draws: Vec<u8> = (0..3).map(|_| rng.below(128) as u8).collect();
    // Fetches before the first LD A,R completes: LD SP (1), LD HL (1), LD B (1), RST (1),
    // LD A,R (2).
    assert_eq!(a[0], (6 + draws[0]) & 0x7F);
    assert_eq!(a[1], (a[0] + 6 + draws[1]) & 0x7F);
    assert_eq!(a[2], (a[1] + 6 + draws[2]) & 0x7F);
}

/// A driver that calls a stand-in FNDMOV twice; the routine spends a counted number of
/// T-states and points BESTM at an entry of its own.
const SEARCHES: &str = "\
 CALL FNDMOV
 LD A,'1'
 RST 38H
 DB 81H,1AH
 CALL FNDMOV
 RST 38H
 DB 1FH
FNDMOV: LD HL,(BESTM)      ; 16
 LD DE,6                   ; 10
 ADD HL,DE                 ; 11
 LD (BESTM),HL             ; 16
 LD B,10                   ; 7
WAIT: DJNZ WAIT            ; 9 x 13 + 8
 RST 38H                   ; 11: a monitor call inside the search costs only its RST
 DB 81H,1AH
 RET                       ; 10
BESTM: DW ENTRY-6
ENTRY: DW 0
 DB 35,55,0,0
 DW 0
 DB 85,65,20H,0
";

#[test]
fn searches_are_followed_through_fndmov_and_bestm() {
    let mut j = start(&program(SEARCHES), 0);
    assert_eq!(
        j.run(u64::MAX),
        Ok(Pause::Ended(End::Monitor { block: 0x010F }))
    );
    let cost = Cost {
        tstates: 16 + 10 + 11 + 16 + 7 + 9 * 13 + 8 + 11 + 10,
        instructions: 5 + 10 + 2,
    };
    let first = Search {
        started: 10 + 17,
        cost,
        bestm: 0x0124,
        from: 35,
        to: 55,
        flags: 0,
        played: None,
    };
    let second = Search {
        started: 10 + 17 + cost.tstates + 7 + 11 + 17,
        bestm: 0x012A,
        from: 85,
        to: 65,
        flags: 0x20,
        ..first
    };
    assert_eq!(j.searches().first(), [first, second]);
    assert_eq!((j.searches().count(), j.searches().omitted()), (2, 0));
    assert!(j.follows_searches() && j.search_since().is_none());
}

#[test]
fn without_the_search_symbols_the_program_still_runs() {
    let source = SEARCHES
        .replace("FNDMOV", "SEARCH")
        .replace("BESTM", "BEST");
    let mut j = start(&program(&source), 0);
    assert!(matches!(j.run(u64::MAX), Ok(Pause::Ended(_))));
    assert!(j.searches().is_empty() && !j.follows_searches());
}

#[test]
fn a_search_under_way_is_seen_between_pieces() {
    let body = "CALL FNDMOV\n RST 38H\n DB 1FH\nFNDMOV: NOP\nSPIN: JR SPIN\nBESTM: DW 0\n";
    let mut j = start(&program(body), 0);
    assert_eq!(j.run(500), Ok(Pause::Clock));
    assert_eq!(j.search_since().map(|c| c.tstates), Some(10 + 17));
}

#[test]
fn a_program_that_returns_from_its_entry_ends() {
    let source = "ORG 4000H\nDRIVER: LD A,'r'\n RST 38H\n DB 81H,1AH\n RET\n";
    let mut j = start(&image(source), 0);
    assert_eq!(j.run(u64::MAX), Ok(Pause::Ended(End::Returned)));
    assert_eq!(
        rows(&j)[0],
        "r",
        "the monitor answers an image that does not cover 0038H"
    );
}

#[test]
fn a_guard_stops_the_program_with_the_clock() {
    let mut j = start(&program("NOP\n HALT\n"), 0);
    assert_eq!(
        j.run(u64::MAX),
        Err(JupiterError::Machine {
            error: MachineError::Halted { pc: 0x0104 },
            tstates: 14
        })
    );
    let mut j = start(&program("JP 0A000H\n"), 0);
    let error = j.run(u64::MAX).unwrap_err();
    assert!(
        matches!(
            error,
            JupiterError::Machine {
                error: MachineError::PcOutsideImage { pc: 0xA000 },
                ..
            }
        ),
        "{error:?}"
    );
}

#[test]
fn entries_by_symbol_or_address_inside_the_image() {
    let image = program(EXIT);
    assert_eq!(entry(&image, None), Ok(0x0100));
    assert_eq!(
        entry(&image, Some("driver")),
        Ok(0x0100),
        "symbols ignore case"
    );
    assert_eq!(entry(&image, Some("0103H")), Ok(0x0103));
    assert!(matches!(
        entry(&image, Some("NOSUCH")),
        Err(JupiterError::NoEntry { .. })
    ));
    assert!(matches!(
        entry(&image, Some("0x9000")),
        Err(JupiterError::EntryOutside { entry: 0x9000, .. })
    ));
    let bare = image_without_driver();
    let message = entry(&bare, None).unwrap_err().to_string();
    assert!(message.contains("\"DRIVER\""), "{message}");
}

fn image_without_driver() -> Image {
    image("ORG 0\n NOP\n")
}

#[test]
fn a_program_that_ends_below_0038h_still_reaches_the_monitor() {
    let mut j = start(
        &image("ORG 0\nDRIVER: LD A,'s'\n RST 38H\n DB 81H,1AH\n RST 38H\n DB 1FH\n"),
        0,
    );
    assert_eq!(j.run(u64::MAX), Ok(Pause::Ended(End::Monitor { block: 6 })));
    assert_eq!(rows(&j)[0], "s");
}

#[test]
fn a_pacer_behind_its_clock_comes_back_by_its_deadline() {
    // A clock the host cannot keep: the pacer's anchor two seconds back at 1,000 MHz puts the
    // clock due 2 x 10^9 T-states ahead, seconds of the host's work. The run still comes back
    // by its deadline (give or take a slice), so the caller can look at Ctrl-C.
    let mut j = start(&program("SPIN: JR SPIN\n"), 0);
    let now = Instant::now();
    let Some(past) = now.checked_sub(Duration::from_secs(2)) else {
        return;
    };
    let mut pacer = Pacer::new(1_000.0, 0, past);
    let pause = pacer.run(&mut j, u64::MAX, now + Duration::from_millis(50));
    let took = now.elapsed();
    assert_eq!(pause, Ok(Pause::Clock));
    assert!(
        took < Duration::from_millis(1_000),
        "came back after {took:?}"
    );
    assert!(j.clock().tstates < 1_000_000_000, "{}", j.clock().tstates);
}
