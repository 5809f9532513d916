//! `sargon-z80 uci`: the 1978 program as a UCI engine for chess GUIs.

use std::io::{BufReader, stdin, stdout};
use std::sync::{Arc, Mutex};

use clap::Args;

use sargon_z80::game::{Answer, Control, Failure, NativeSearcher, Request, Searcher, Z80Searcher};
use sargon_z80::uci::{Output, Session};

use super::crosscheck::ImageArgs;
use super::think::EngineKind;

const EXAMPLES: &str = "\
Examples:
  sargon-z80 uci                                   the built-in image's FNDMOV on the emulated Z80
  sargon-z80 uci --engine native                   the native engine: the same moves, far faster
  sargon-z80 uci --rom sargon.bin --sym sargon.sym your assembly of the 1978 listing

Speaks UCI on standard input and output; every line it prints is a protocol line (messages go \
into one `info string` per search). `go depth N` is PLYMAX N; a clock or move time is used \
level by level; `go infinite` deepens until `stop` (the native engine past the 1978 program's \
move list and tables, to PLYMAX 20). Scores are the material balance in Sargon's piece values \
plus the search's change; a mate is reported when standard chess has it. Options: Ply (the \
deepest PLYMAX under a clock: 9 for an image, 20 native), Book (the 1978 opening moves), Mate \
exit (the 1978 game loop's lower level after a mate), Shortest mate, Avoid repetition (on: no \
repetition, fifty-move draw or stalemate while ahead), Historical clock and MHz (hold each \
reply until a real Z80 at that clock would have finished), Seed (the R register that picks \
white's first book move; random and announced by default), Details (each level's score byte \
and T-states), Ponder. See docs/UCI.md for Arena, Cute Chess and python-chess.";

/// Play the 1978 program from a chess GUI over the UCI protocol.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct UciArgs {
    /// Which search answers.
    #[arg(long, value_enum, default_value_t = EngineKind::Z80)]
    engine: EngineKind,
    #[command(flatten)]
    image: ImageArgs,
}

/// Runs the session until `quit` or the end of the input.
pub fn run(args: UciArgs) -> anyhow::Result<i32> {
    let (searcher, name): (Box<dyn Searcher>, String) = match args.engine {
        EngineKind::Native => {
            if args.image.rom.is_some() {
                anyhow::bail!(
                    "--rom/--sym choose an image for --engine z80; --engine native has none"
                );
            }
            (
                Box::new(NativeSearcher::new()),
                "Sargon 1978 (native)".to_string(),
            )
        }
        EngineKind::Z80 => {
            let image = args.image.load()?;
            let describe = args.image.describe();
            let searcher = Z80Searcher::new(&image, &describe)?;
            (Box::new(searcher), format!("Sargon 1978 (Z80: {describe})"))
        }
    };
    let runaway = Arc::new(Mutex::new(None));
    let searcher = Box::new(Watched {
        inner: searcher,
        runaway: Arc::clone(&runaway),
    });
    let out = Output::new(Box::new(stdout()));
    let mut session = Session::new(searcher, &name, out);
    session.run(BufReader::new(stdin()));
    let ran_away = runaway.lock().map(|r| r.clone()).unwrap_or_default();
    if let Some(error) = ran_away {
        // The GUI had its `info string` and `bestmove`; the command says it failed.
        anyhow::bail!("the image ran away during the session: {error}");
    }
    Ok(0)
}

/// The engine as the session sees it, remembering an image that ran away: the session
/// answers the GUI as it always does (an `info string`, a `bestmove`), and the command ends
/// with the machine's error and exit status 2.
struct Watched {
    inner: Box<dyn Searcher>,
    runaway: Arc<Mutex<Option<String>>>,
}

impl Searcher for Watched {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn deepest(&self) -> u8 {
        self.inner.deepest()
    }

    fn search(&mut self, request: &Request, control: &Control) -> Result<Answer, Failure> {
        let result = self.inner.search(request, control);
        if let Err(Failure::Runaway(error)) = &result {
            if let Ok(mut first) = self.runaway.lock() {
                first.get_or_insert_with(|| error.clone());
            }
        }
        result
    }
}
