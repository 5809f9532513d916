//! Reading the tool's errors in tests.

/// An error as one line again: the tool breaks an error or a hint under its label (`error: `,
/// `hint: `) past 100 columns.
pub fn joined(text: &str) -> String {
    text.replace("\n       ", " ").replace("\n      ", " ")
}
