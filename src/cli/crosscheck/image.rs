//! The image a command drives: the built-in one, or a binary with its symbol file.

use std::path::PathBuf;

use clap::Args;

use sargon_z80::machine::default_image;
use sargon_z80::machine::{Image, parse_u16};

/// The image to drive: the built-in one, or a binary with its symbol file.
#[derive(Debug, Args)]
pub struct ImageArgs {
    /// A Z80 binary to drive instead of the built-in image (needs --sym).
    #[arg(long, value_name = "X.bin", requires = "sym")]
    pub rom: Option<PathBuf>,
    /// The binary's pasmo-style symbol file (`NAME EQU 0ABCDH` per line).
    #[arg(long, value_name = "X.sym", requires = "rom")]
    pub sym: Option<PathBuf>,
    /// Load address of the binary [default: its ORG symbol, else 0].
    #[arg(long, value_name = "ADDR", requires = "rom", value_parser = parse_org)]
    pub org: Option<u16>,
}

fn parse_org(text: &str) -> Result<u16, String> {
    parse_u16(text).map_err(|err| err.to_string())
}

impl ImageArgs {
    /// Loads the chosen image.
    pub fn load(&self) -> anyhow::Result<Image> {
        match (&self.rom, &self.sym) {
            (Some(rom), Some(sym)) => Ok(Image::load(rom, sym, self.org)?),
            _ => Ok(default_image()),
        }
    }

    /// The image's files with their roles, for the commands that must never write over them.
    pub fn inputs(&self) -> Vec<(PathBuf, String)> {
        let roles = [(&self.rom, "the image"), (&self.sym, "the symbol file")];
        roles
            .into_iter()
            .filter_map(|(path, role)| Some((path.clone()?, role.to_string())))
            .collect()
    }

    /// A short description of the image for headers.
    pub fn describe(&self) -> String {
        match &self.rom {
            Some(rom) => sargon_z80::files::path_text(rom),
            None => "built-in image (roms/sargon.bin)".to_string(),
        }
    }

    /// The arguments that choose the same image again, for replay commands.
    pub fn replay_words(&self) -> Vec<String> {
        let mut words = Vec::new();
        if let (Some(rom), Some(sym)) = (&self.rom, &self.sym) {
            words.extend([
                "--rom".to_string(),
                rom.display().to_string(),
                "--sym".to_string(),
                sym.display().to_string(),
            ]);
            if let Some(org) = self.org {
                words.extend(["--org".to_string(), format!("{org:#06X}")]);
            }
        }
        words
    }
}
