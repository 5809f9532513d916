//! How much of a trace is read and kept: the limits the reader keeps to and its errors name.

/// The longest line read: a whole PLYMAX 6 search on one line takes about 1.3 MB (a PLYMAX 3
/// one of `traces.jsonl` some 75 KB), a GENMOV line a few KB. A line is parsed through a JSON
/// tree some ten times its size, so this also bounds what one line costs.
pub const MAX_LINE_BYTES: u64 = 4 << 20;

/// The most memory one trace may take once read: a PLYMAX 8 search with every list and term
/// (2.6 million evaluations, 447,000 lists, 12.9 million entries) takes 113 MiB. Reading stops with an error
/// naming this limit as soon as a trace needs more, so an endless or huge file costs no more.
pub const MAX_TRACE_BYTES: usize = 160 << 20;

/// The most bytes read for one trace, blank lines and the searches not chosen included: the
/// largest trace that fits in [`MAX_TRACE_BYTES`] is about 320 MB of text (a PLYMAX 8 search
/// with every list and term, 224 MB, takes 113 MiB), so 1 GiB reads any of them, and ends
/// input that never ends however little of it is kept (endless blank lines take a second).
pub const MAX_READ_BYTES: u64 = 1 << 30;
