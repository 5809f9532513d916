//! Reading the GUI's lines with a bound, so a runaway input cannot exhaust memory.

use std::io::BufRead;

use super::command::MAX_LINE;

/// Reads one line into `buffer` (reused); `Ok(None)` at the end of the input. A line longer
/// than [`MAX_LINE`] bytes, or not UTF-8, is consumed and refused with the reason.
pub fn read_line(input: &mut impl BufRead, buffer: &mut Vec<u8>) -> Result<Option<String>, String> {
    buffer.clear();
    let mut too_long = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(format!("the input failed: {error}")),
        };
        if available.is_empty() {
            return finish(buffer, too_long, true);
        }
        let (chunk, found_end) = match available.iter().position(|&byte| byte == b'\n') {
            Some(at) => (&available[..=at], true),
            None => (available, false),
        };
        let used = chunk.len();
        if buffer.len() + used <= MAX_LINE + 1 {
            buffer.extend_from_slice(chunk);
        } else {
            too_long = true;
        }
        input.consume(used);
        if found_end {
            return finish(buffer, too_long, false);
        }
    }
}

fn finish(buffer: &[u8], too_long: bool, at_end: bool) -> Result<Option<String>, String> {
    if too_long {
        return Err(format!("a line longer than {MAX_LINE} bytes"));
    }
    if at_end && buffer.is_empty() {
        return Ok(None);
    }
    match std::str::from_utf8(buffer) {
        Ok(text) => Ok(Some(text.trim_end_matches(['\n', '\r']).to_string())),
        Err(_) => Err("a line that is not UTF-8".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_limits() {
        let long = "x".repeat(MAX_LINE + 10);
        let text = format!("uci\r\n{long}\nisready\n\u{0}\u{ff}\nquit");
        let mut input = std::io::Cursor::new(text.into_bytes());
        let mut buffer = Vec::new();
        let mut next = || read_line(&mut input, &mut buffer);
        assert_eq!(next(), Ok(Some("uci".to_string())));
        assert_eq!(next(), Err(format!("a line longer than {MAX_LINE} bytes")));
        assert_eq!(next(), Ok(Some("isready".to_string())));
        assert_eq!(next(), Ok(Some("\u{0}\u{ff}".to_string())));
        assert_eq!(next(), Ok(Some("quit".to_string())));
        assert_eq!(next(), Ok(None));
        let mut bad = std::io::Cursor::new(vec![0xC3, b'\n']);
        assert_eq!(
            read_line(&mut bad, &mut buffer),
            Err("a line that is not UTF-8".to_string())
        );
    }
}
