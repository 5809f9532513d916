//! `sargon-z80 image`: inspect an image: what it supports, which symbols are missing or
//! suspicious, and a smoke test with T-states.

use clap::Args;
use sargon_z80::abi::{
    Inspection, ListEndSource, PreviousEntry, SearchSmoke, Smoke, SmokeCall, SymbolGroup, inspect,
    smoke_test,
};
use sargon_z80::machine::Image;
use sargon_z80::text::{MAX_WIDTH, TextTable, address_range, address_span, grouped, hanging};
use serde::Serialize;

use super::crosscheck::ImageArgs;
use super::output::{out, outln};

const EXAMPLES: &str = "\
Examples:
  sargon-z80 image                                         the built-in image
  sargon-z80 image --rom sargon78.bin --sym sargon78.sym   a 1978 assembly
  sargon-z80 image --rom mine.bin --sym mine.sym --org 0x8000 --json

It reads the symbols (the board ABI's required and optional ones, the search's), reports \
routines outside the image, variables past the top of memory or over one another and \
addresses that share their value with other names, then runs INITBD (when present), GENMOV \
on the start position and, with the search's symbols, FNDMOV at one ply, with their exact \
T-states. Exit status: 0 the image supports \
the board ABI and its smoke test passed, 1 it does not, 2 the files cannot be read or a routine \
ran away (runaway code, ended by its budget).";

/// Inspect an image: what it supports, missing or suspicious symbols, a smoke test.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct ImageCmdArgs {
    #[command(flatten)]
    image: ImageArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Report<'a> {
    image: String,
    org: u16,
    bytes: usize,
    symbols: usize,
    inspection: &'a Inspection,
    smoke: Option<&'a Smoke>,
    smoke_error: Option<String>,
    supported: bool,
    /// For an image that lacks required symbols: whether its source ends early (an END).
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<String>,
}

/// Runs the subcommand; returns the process exit code.
pub fn run(args: ImageCmdArgs) -> anyhow::Result<i32> {
    let image = args.image.load()?;
    let inspection = inspect(&image);
    let smoke = inspection
        .board_supported()
        .then(|| smoke_test(&image, &inspection.search));
    let (smoke, smoke_error) = match smoke {
        Some(Ok(smoke)) => (Some(smoke), None),
        Some(Err(e)) => (None, Some(e.to_string())),
        None => (None, None),
    };
    let supported = inspection.board_supported() && smoke.as_ref().is_some_and(Smoke::ok);
    let hint = missing_hint(&args, &inspection);
    if args.json {
        let report = Report {
            image: args.image.describe(),
            org: image.org,
            bytes: image.bytes.len(),
            symbols: image.symbols.len(),
            inspection: &inspection,
            smoke: smoke.as_ref(),
            smoke_error,
            supported,
            hint,
        };
        outln!("{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        out!("{}", header(&args.image.describe(), &image))?;
        out!("{}", symbols_text(&inspection))?;
        out!("{}", smoke_text(smoke.as_ref(), smoke_error.as_deref()))?;
        outln!("verdict: {}", verdict(&inspection, smoke.as_ref()))?;
        if let Some(hint) = hint {
            outln!("{}", hanging(&format!("hint: {hint}"), 6, MAX_WIDTH))?;
        }
    }
    if let Some(call) = smoke.as_ref().and_then(Smoke::runaway) {
        // The report is printed (one JSON document with --json); the runaway is the machine's
        // error on stderr, and the status of every command that meets one.
        super::exit::error(&format!("{}: {}", call.routine, call.outcome), false);
        return Ok(super::exit::INPUT);
    }
    Ok(if supported { 0 } else { 1 })
}

/// The hint for an image of `--rom` that lacks required symbols (the board ABI's, then the
/// search's): an END in its source before their routines.
fn missing_hint(args: &ImageCmdArgs, inspection: &Inspection) -> Option<String> {
    let rom = args.image.rom.as_deref()?;
    let missing: Vec<String> = [&inspection.board.missing, &inspection.search.missing]
        .into_iter()
        .flatten()
        .map(|name| name.to_string())
        .collect();
    if missing.is_empty() {
        return None;
    }
    super::end_hint::hint(rom, &missing)
}

fn header(name: &str, image: &Image) -> String {
    format!(
        "image:      {name} at {} ({} bytes), {} symbols\n",
        address_span(u32::from(image.org), image.end()),
        grouped(image.bytes.len() as u64),
        grouped(image.symbols.len() as u64)
    )
}

/// The two symbol groups, the list area and what looks wrong.
fn symbols_text(inspection: &Inspection) -> String {
    let mut out = group("board ABI:", &inspection.board);
    if let Some(error) = &inspection.board_error {
        out.push_str(&format!("  cannot be driven: {error}\n"));
    }
    if let Some(list) = &inspection.list {
        let source = match list.source {
            ListEndSource::Mlend => "MLEND",
            ListEndSource::NextSymbol => "no MLEND: it ends before the next symbol above MLIST",
            ListEndSource::TopOfMemory => "no MLEND and nothing above MLIST: it runs to the stack",
        };
        out.push_str(&format!(
            "  move list: {}, {} entries for all plies together\n",
            address_range(u32::from(list.start), u32::from(list.last_entry)),
            grouped(u64::from(list.entries))
        ));
        out.push_str(&format!("  list end:  {source}\n"));
    }
    out.push_str(&group("search:", &inspection.search));
    if let Some(previous) = inspection
        .previous_entry
        .as_ref()
        .filter(|_| inspection.search.complete())
    {
        let text = match previous {
            PreviousEntry::Prevmv { address } => format!("{address:#06X} (PREVMV)"),
            PreviousEntry::FreeMemory { address } => {
                format!("{address:#06X} (free memory: the image names no PREVMV)")
            }
            PreviousEntry::NoRoom { error } => format!("none: {error}"),
        };
        out.push_str(&format!("  previous-move entry: {text}\n"));
    }
    if inspection.suspicious.is_empty() {
        out.push_str("suspicious: nothing found\n");
    } else {
        out.push_str("suspicious:\n");
        for finding in &inspection.suspicious {
            out.push_str(&format!("  - {finding}\n"));
        }
    }
    out
}

fn group(title: &str, group: &SymbolGroup) -> String {
    let required = group.required;
    let present = required - group.missing.len();
    let mut out = if group.complete() {
        format!("{title:<11} all {required} required symbols\n")
    } else {
        wrapped(
            &format!("{title:<11} {present} of {required} required symbols; missing:"),
            &group.missing,
        )
    };
    out.push_str(&wrapped("  optional:", &group.optional));
    out.push_str(&wrapped("  optional, missing:", &group.optional_missing));
    out
}

/// `lead` and the names joined by commas, wrapped at 100 columns under the first name.
fn wrapped(lead: &str, names: &[&str]) -> String {
    if names.is_empty() {
        return format!("{lead} none\n");
    }
    let indent = " ".repeat(lead.len() + 1);
    let mut out = lead.to_string();
    let mut width = lead.len();
    for (i, name) in names.iter().enumerate() {
        let comma = if i + 1 < names.len() { "," } else { "" };
        if width + 1 + name.len() + comma.len() > 100 {
            out.push('\n');
            out.push_str(&indent);
            width = indent.len();
        } else {
            out.push(' ');
            width += 1;
        }
        out.push_str(name);
        out.push_str(comma);
        width += name.len() + comma.len();
    }
    out.push('\n');
    out
}

fn smoke_text(smoke: Option<&Smoke>, error: Option<&str>) -> String {
    let Some(smoke) = smoke else {
        return match error {
            Some(e) => format!("smoke test: not run: {e}\n"),
            None => "smoke test: not run (the board ABI is not supported)\n".to_string(),
        };
    };
    let mut table = TextTable::new(&["routine", "T-states", "instructions", "result"])
        .right(&[1, 2])
        .wrap(3);
    for call in smoke.initbd.iter().chain([&smoke.genmov]) {
        table.row(call_cells(call));
    }
    match &smoke.search {
        SearchSmoke::Ran(call) => table.row(call_cells(call)),
        SearchSmoke::NotRun { reason } => table.row(vec![
            "FNDMOV".to_string(),
            String::new(),
            String::new(),
            format!("not run: {reason}"),
        ]),
    }
    format!("smoke test:\n{}", table.render())
}

/// A call's row: its cost and what it did, or why it failed.
fn call_cells(call: &SmokeCall) -> Vec<String> {
    let mark = if call.ok { "" } else { "  <- wrong" };
    match call.cost {
        Some(cost) => vec![
            call.routine.to_string(),
            grouped(cost.tstates),
            grouped(cost.instructions),
            format!("{}{mark}", call.outcome),
        ],
        None => vec![
            call.routine.to_string(),
            String::new(),
            String::new(),
            format!("failed: {}", call.outcome),
        ],
    }
}

fn verdict(inspection: &Inspection, smoke: Option<&Smoke>) -> &'static str {
    match smoke {
        _ if !inspection.board.complete() => "the image does not support the board ABI",
        None => "the image's board ABI symbols are there but it cannot be driven",
        Some(s) if !s.ok() => "the image has the board ABI's symbols but failed its smoke test",
        Some(_) => "the image supports the board ABI and passed its smoke test",
    }
}
