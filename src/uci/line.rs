//! Why a line from the GUI was not understood: the text of the `info string` that answers it.

use thiserror::Error;

/// Why a line was not understood.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LineError {
    /// The first word is no command this engine knows.
    #[error("unknown command {0}")]
    Unknown(String),
    /// A known command with arguments that do not fit it.
    #[error("malformed {command:?} command: {reason}")]
    Malformed {
        /// The command word.
        command: &'static str,
        /// What is wrong.
        reason: String,
    },
}
