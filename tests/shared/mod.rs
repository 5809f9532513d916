//! Where the tests find the shared material (ABI, perft tables, SingleStepTests).

use std::path::PathBuf;

/// The folder of shared material: `$SARGON_SHARED` if set, else `../shared` beside the crate
/// root.
pub fn shared_dir() -> PathBuf {
    match std::env::var_os("SARGON_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    }
}
