//! A scripted run: the keys queued, the program run until it stops, the screen, the summary
//! or the JSON object printed and the pictures written.

use std::path::PathBuf;
use std::time::Instant;

use sargon_z80::files::Outputs;
use sargon_z80::jupiter::{Jupiter, Pacer, run_to_stop, screen_svg};
use sargon_z80::profile::svg_to_png;

use super::Setup;
use super::report::Summary;
use crate::cli::exit;
use crate::cli::interrupt::{self, Answer};
use crate::cli::output::{out, outln};

/// The pictures asked for, and the inputs they may not overwrite.
pub(crate) struct Pictures {
    pub png: Option<PathBuf>,
    pub svg: Option<PathBuf>,
    pub rom: Option<PathBuf>,
    pub sym: Option<PathBuf>,
}

impl Pictures {
    /// The outputs with their bytes (`svg` is the screen's picture; None plans them empty,
    /// to check them before the run).
    fn outputs(&self, svg: Option<&str>) -> anyhow::Result<Outputs> {
        let mut outputs = Outputs::new();
        for (path, role) in [(&self.rom, "the program"), (&self.sym, "its symbol file")] {
            if let Some(path) = path {
                outputs.input(path, role);
            }
        }
        if let Some(path) = &self.svg {
            outputs.output(path, svg.map(|s| s.as_bytes().to_vec()).unwrap_or_default());
        }
        if let Some(path) = &self.png {
            let png = match svg {
                Some(svg) => svg_to_png(svg)?,
                None => Vec::new(),
            };
            outputs.output(path, png);
        }
        Ok(outputs)
    }

    fn any(&self) -> bool {
        self.png.is_some() || self.svg.is_some()
    }
}

/// Runs the program on its keys and reports; the exit status.
pub(crate) fn run(
    setup: &Setup,
    pictures: &Pictures,
    screen: bool,
    json: bool,
) -> anyhow::Result<i32> {
    // Refuse a picture over an input before the run, not after it.
    pictures.outputs(None)?.check()?;
    interrupt::watch(Answer::Stop);
    let mut jupiter = Jupiter::new(&setup.image, setup.options)?;
    jupiter.push_keys(&setup.keys);
    let started = Instant::now();
    let mut pacer = setup.pace.then(|| Pacer::new(setup.mhz, 0, started));
    let stop = run_to_stop(
        &mut jupiter,
        setup.limit,
        pacer.as_mut(),
        interrupt::stop_flag(),
    );
    // The keys are all queued before the run, which stops at the first wait: it never waits.
    let wall = started.elapsed();
    let summary = Summary::new(setup, &jupiter, stop, wall, wall);
    if pictures.any() {
        let caption = format!("sargon-z80 jupiter \u{b7} seed {}", jupiter.seed());
        let svg = screen_svg(&jupiter.screen(), Some(&caption), setup.look);
        pictures.outputs(Some(&svg))?.commit()?;
    }
    if json {
        outln!("{}", summary.json())?;
    } else if screen {
        out!("{}", summary.screen_text())?;
        exit::note(summary.text().trim_end());
    } else {
        out!("{}", summary.text())?;
    }
    if let Some(failure) = summary.failure_text().filter(|_| !json) {
        exit::note(&failure);
    }
    Ok(summary.code())
}
