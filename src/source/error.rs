//! Why a source or listing cannot be used.

use crate::files::FileError;

/// Errors reading a source or a listing for an image.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SourceError {
    /// The file could not be read, or is too large.
    #[error(transparent)]
    File(#[from] FileError),
    /// A file that starts as a listing but has a line of no listing form.
    #[error(
        "{path}:{line}: not a listing written by `asm --lst`: after `; file NAME` every line \
         holds a line number, an address or value, bytes and the source text"
    )]
    NotAListing {
        /// The file.
        path: String,
        /// The first line that is none of the forms.
        line: usize,
    },
    /// A source that does not assemble in either dialect.
    #[error(
        "{path} does not assemble as {dialect} (nor in the other dialect): {count} error(s)\n{errors}"
    )]
    Assembly {
        /// The file.
        path: String,
        /// The dialect tried first.
        dialect: &'static str,
        /// The assembler's messages in that dialect.
        errors: String,
        /// How many.
        count: usize,
    },
    /// A source or listing no line of code of which is the image's.
    #[error(
        "{path} is not the source of this image: no line of its code has the image's bytes at \
         its address (another program, another build, or the image loaded at another --org)"
    )]
    NoAgreement {
        /// The file.
        path: String,
    },
}
