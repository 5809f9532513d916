//! A scripted run: the keys queued, the program run until it stops, the screen, the summary
//! or the JSON object printed and the pictures written.

use std::path::PathBuf;
use std::time::Instant;

use sargon_z80::files::Outputs;
use sargon_z80::jupiter::{Jupiter, Pacer, Stop, run_to_stop, screen_svg};
use sargon_z80::profile::{
    PartMap, Session, SessionProfile, profile_session, sessions_text, svg_to_png, video_svg,
};

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
        let mut outputs = self.inputs();
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

    /// No outputs yet, the program's files among the inputs none may overwrite.
    fn inputs(&self) -> Outputs {
        let mut outputs = Outputs::new();
        for (path, role) in [(&self.rom, "the program"), (&self.sym, "its symbol file")] {
            if let Some(path) = path {
                outputs.input(path, role);
            }
        }
        outputs
    }

    fn any(&self) -> bool {
        self.png.is_some() || self.svg.is_some()
    }
}

/// The profile asked for: where its report and heat map go, the routines put in parts.
pub(crate) struct Profile {
    pub text: Option<PathBuf>,
    pub heatmap: Option<PathBuf>,
    pub parts: Vec<String>,
}

impl Profile {
    fn wanted(&self) -> bool {
        self.text.is_some() || self.heatmap.is_some()
    }

    /// The parts of the image's routines, `--part` applied.
    fn map(&self, setup: &Setup) -> anyhow::Result<PartMap> {
        let mut map = PartMap::from_symbols(&setup.image.symbols);
        for given in &self.parts {
            map.assign(&setup.image.symbols, given)?;
        }
        Ok(map)
    }

    /// The report and the heat map as outputs beside `outputs` (None plans them empty).
    fn add(
        &self,
        outputs: &mut Outputs,
        profile: Option<&SessionProfile>,
        mhz: f64,
    ) -> anyhow::Result<()> {
        if let Some(path) = &self.text {
            let json = path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("json"));
            let bytes = match profile {
                Some(p) if json => serde_json::to_string_pretty(p)?.into_bytes(),
                Some(p) => sessions_text(std::slice::from_ref(p), mhz).into_bytes(),
                None => Vec::new(),
            };
            outputs.output(path, bytes);
        }
        if let Some(path) = &self.heatmap {
            let svg = profile.map(|p| {
                let title = format!("where {} wrote into the video memory", p.program);
                video_svg(std::slice::from_ref(p), &title)
            });
            let png = path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("png"));
            let bytes = match svg {
                Some(svg) if png => svg_to_png(&svg)?,
                Some(svg) => svg.into_bytes(),
                None => Vec::new(),
            };
            outputs.output(path, bytes);
        }
        Ok(())
    }
}

/// Runs the program on its keys (under the profiler when asked), its stop and the profile.
fn run_program(
    setup: &Setup,
    jupiter: &mut Jupiter,
    profile: &Profile,
    started: Instant,
) -> anyhow::Result<(Stop, Option<SessionProfile>)> {
    if profile.wanted() {
        let session = Session {
            name: setup.program.clone(),
            image: &setup.image,
            limit: setup.limit,
            parts: profile.map(setup)?,
        };
        let (report, stop) = profile_session(jupiter, &session, interrupt::stop_flag());
        return Ok((stop, Some(report)));
    }
    let mut pacer = setup.pace.then(|| Pacer::new(setup.mhz, 0, started));
    let stop = run_to_stop(jupiter, setup.limit, pacer.as_mut(), interrupt::stop_flag());
    Ok((stop, None))
}

/// Runs the program on its keys and reports; the exit status.
pub(crate) fn run(
    setup: &Setup,
    pictures: &Pictures,
    profile: &Profile,
    (screen, json): (bool, bool),
) -> anyhow::Result<i32> {
    // Refuse a picture, a profile or a bad --part before the run, not after it.
    let mut planned = pictures.outputs(None)?;
    profile.add(&mut planned, None, setup.mhz)?;
    planned.check()?;
    profile.map(setup)?;
    interrupt::watch(Answer::Stop);
    let mut jupiter = Jupiter::new(&setup.image, setup.options)?;
    jupiter.push_keys(&setup.keys);
    let started = Instant::now();
    let (stop, report) = run_program(setup, &mut jupiter, profile, started)?;
    if let Some(report) = &report {
        let mut outputs = pictures.inputs();
        profile.add(&mut outputs, Some(report), setup.mhz)?;
        outputs.commit()?;
    }
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
