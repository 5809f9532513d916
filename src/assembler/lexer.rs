//! Splits one source line into tokens (identifiers, numbers, strings, punctuation).

use super::error::Diag;
use super::words;

/// Punctuation and symbolic operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Punct {
    LParen,
    RParen,
    Comma,
    Colon,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Amp,
    Pipe,
    Caret,
    Tilde,
    Bang,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    AndAnd,
    OrOr,
    Question,
    /// `$` alone: the address of the current statement.
    Dollar,
}

/// What a token is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Tok {
    /// A name as written (case kept); `AF'` is one identifier.
    Ident(String),
    /// A numeric literal.
    Num(i32),
    /// A quoted string, already unescaped.
    Str(Vec<u8>),
    /// Punctuation or a symbolic operator.
    P(Punct),
}

/// A token and the 1-based character column where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token {
    /// The token.
    pub tok: Tok,
    /// 1-based character column.
    pub col: usize,
}

impl Token {
    /// The identifier text, if this is an identifier.
    pub fn ident(&self) -> Option<&str> {
        match &self.tok {
            Tok::Ident(s) => Some(s),
            _ => None,
        }
    }

    /// Whether this is the punctuation `p`.
    pub fn is(&self, p: Punct) -> bool {
        self.tok == Tok::P(p)
    }
}

/// Whether `c` can start an identifier.
pub(crate) fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || matches!(c, '_' | '?' | '@' | '.')
}

/// Whether `c` can continue an identifier (`$` is allowed and ignored).
pub(crate) fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '?' | '@' | '.' | '$')
}

/// How numbers and the location counter are written: Zilog's forms (`0FFh`, `$FF`, `0xFF`,
/// `%1010`, `$`), or TDL's (a `.RADIX` for bare numbers, `^H`/`^B`/`^O`/`^Q`/`^D` prefixes,
/// `.` for the location counter, strings without escapes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Numbers {
    /// TDL's forms rather than Zilog's.
    pub tdl: bool,
    /// The radix of a number without prefix or suffix (TDL's `.RADIX`; always 10 in Zilog).
    pub radix: u32,
}

impl Numbers {
    /// Zilog's forms, decimal by default.
    pub const ZILOG: Numbers = Numbers {
        tdl: false,
        radix: 10,
    };

    /// TDL's forms under `.RADIX radix`.
    pub fn tdl(radix: u32) -> Numbers {
        Numbers { tdl: true, radix }
    }
}

/// The radixes `.RADIX` takes.
pub(crate) const RADIXES: [u32; 4] = [2, 8, 10, 16];

/// Tokenizes `line` up to its `;` comment.
#[cfg(test)]
pub(crate) fn lex(line: &str) -> Result<Vec<Token>, Diag> {
    let chars: Vec<char> = line.chars().collect();
    lex_chars(&chars, 0)
}

/// Tokenizes `chars[start..]` up to a `;` comment; columns count from `chars[0]`.
pub(crate) fn lex_chars(chars: &[char], start: usize) -> Result<Vec<Token>, Diag> {
    lex_in(chars, start, Numbers::ZILOG)
}

/// Tokenizes `chars[start..]` up to a `;` comment with the number forms `numbers`.
pub(crate) fn lex_in(chars: &[char], start: usize, numbers: Numbers) -> Result<Vec<Token>, Diag> {
    let mut out: Vec<Token> = Vec::new();
    let mut i = start;
    while i < chars.len() {
        let c = chars[i];
        if c == ';' {
            break;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let (tok, next) = if numbers.tdl {
            lex_tdl_token(chars, i, numbers.radix)?
        } else {
            lex_token(chars, i, follows_operand(&out))?
        };
        out.push(Token { tok, col: i + 1 });
        i = next;
    }
    Ok(out)
}

/// True when the last token ends an operand, so that a `%` next is MOD, not a binary number.
fn follows_operand(out: &[Token]) -> bool {
    out.last().is_some_and(|t| match &t.tok {
        Tok::Ident(name) => !words::is_keyword(name) || words::register(name).is_some(),
        Tok::Num(_) | Tok::Str(_) | Tok::P(Punct::RParen | Punct::Dollar) => true,
        Tok::P(_) => false,
    })
}

/// The token that starts at `chars[i]` (not a blank), and the index just past it.
fn lex_token(chars: &[char], i: usize, prev_is_operand: bool) -> Result<(Tok, usize), Diag> {
    let c = chars[i];
    // A '?' followed by a blank is the conditional operator, otherwise it starts a name.
    let lone_question = c == '?' && !chars.get(i + 1).is_some_and(|&n| is_ident_char(n));
    if is_ident_start(c) && !lone_question {
        return Ok(lex_ident(chars, i));
    }
    if c.is_ascii_digit() {
        return lex_decimal(chars, i);
    }
    if c == '\'' || c == '"' {
        let (bytes, next) = lex_string(chars, i)?;
        return Ok((Tok::Str(bytes), next));
    }
    if let Some(number) = lex_prefixed(chars, i, prev_is_operand)? {
        return Ok(number);
    }
    lex_punct(chars, i)
}

/// A TDL token: `.` alone is the location counter, `^H1F` a number in the named radix, a bare
/// number is read in `radix`, strings have no escapes; `$`, `#` and `%` start no number.
fn lex_tdl_token(chars: &[char], i: usize, radix: u32) -> Result<(Tok, usize), Diag> {
    let c = chars[i];
    let next = chars.get(i + 1).copied();
    if c == '.' && !next.is_some_and(is_ident_char) {
        return Ok((Tok::P(Punct::Dollar), i + 1));
    }
    if is_ident_start(c) && (c != '?' || next.is_some_and(is_ident_char)) {
        return Ok(lex_ident(chars, i));
    }
    if c.is_ascii_digit() {
        let end = alnum_end(chars, i);
        let text: String = chars[i..end].iter().collect();
        let value =
            parse_number_in(&text, radix).ok_or_else(|| invalid_in_radix(&text, i, radix))?;
        return Ok((Tok::Num(value), end));
    }
    if c == '^' {
        return lex_caret(chars, i);
    }
    if c == '\'' || c == '"' {
        let (bytes, next) = lex_string_in(chars, i, false)?;
        return Ok((Tok::Str(bytes), next));
    }
    if c == '$' {
        // Zilog's location counter (and pasmo's hex prefix): read as one, it would take a
        // Zilog source's `$` silently.
        return Err(Diag::new(
            i + 1,
            "'$' is not TDL: TDL writes the address of the statement as '.' (JMPR .+4) and a \
             hexadecimal number as ^H1F or 1FH",
        ));
    }
    lex_punct(chars, i)
}

/// The index past the letters and digits from `start`.
fn alnum_end(chars: &[char], start: usize) -> usize {
    let mut i = start;
    while i < chars.len() && chars[i].is_ascii_alphanumeric() {
        i += 1;
    }
    i
}

/// TDL's `^H1F`, `^B101`, `^O17`, `^Q17`, `^D99`: a number in the named radix.
fn lex_caret(chars: &[char], start: usize) -> Result<(Tok, usize), Diag> {
    let letter = chars.get(start + 1).copied();
    let radix = match letter.map(|c| c.to_ascii_uppercase()) {
        Some('H') => 16,
        Some('B') => 2,
        Some('O' | 'Q') => 8,
        Some('D') => 10,
        Some(c) if c.is_ascii_alphabetic() => {
            return Err(Diag::new(
                start + 1,
                format!("'^{c}' is no radix: a TDL number prefix is ^H, ^B, ^O, ^Q or ^D"),
            ));
        }
        _ => {
            return Err(Diag::new(
                start + 1,
                "'^' starts a TDL number: a radix letter (H, B, O, Q, D) and digits follow, as in ^H1F",
            ));
        }
    };
    let letter = letter.unwrap_or('H');
    let end = alnum_end(chars, start + 2);
    if end == start + 2 {
        return Err(Diag::new(
            start + 1,
            format!("'^{letter}' without digits: write the number after it, as in ^{letter}10"),
        ));
    }
    let text: String = chars[start + 2..end].iter().collect();
    let value = parse_radix(&text, radix).ok_or_else(|| invalid_number(chars, start, end))?;
    Ok((Tok::Num(value), end))
}

/// A name (`$` inside it ignored); `AF'` is one name.
fn lex_ident(chars: &[char], start: usize) -> (Tok, usize) {
    let mut i = start;
    while i < chars.len() && is_ident_char(chars[i]) {
        i += 1;
    }
    let mut name: String = chars[start..i].iter().filter(|&&c| c != '$').collect();
    if name.eq_ignore_ascii_case("AF") && chars.get(i) == Some(&'\'') {
        name.push('\'');
        i += 1;
    }
    (Tok::Ident(name), i)
}

/// A number that starts with a digit, with its radix prefix or suffix.
fn lex_decimal(chars: &[char], start: usize) -> Result<(Tok, usize), Diag> {
    let mut i = start;
    while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '$') {
        i += 1;
    }
    let text: String = chars[start..i].iter().filter(|&&c| c != '$').collect();
    let value = parse_number(&text).ok_or_else(|| invalid_number(chars, start, i))?;
    Ok((Tok::Num(value), i))
}

/// `$FF`, `#FF` and `%1010` are numbers; `$` alone is the current address and `%` after an
/// operand is MOD (None: not a number here).
fn lex_prefixed(
    chars: &[char],
    start: usize,
    prev_is_operand: bool,
) -> Result<Option<(Tok, usize)>, Diag> {
    let radix = match chars[start] {
        '$' | '#' => 16,
        '%' if !prev_is_operand => 2,
        _ => return Ok(None),
    };
    let digits_start = start + 1;
    let mut j = digits_start;
    while j < chars.len() && is_ident_char(chars[j]) {
        j += 1;
    }
    if j == digits_start || !chars[digits_start].is_digit(radix) {
        return Ok(None);
    }
    let text: String = chars[digits_start..j]
        .iter()
        .filter(|&&c| c != '$')
        .collect();
    let value = parse_radix(&text, radix).ok_or_else(|| invalid_number(chars, start, j))?;
    Ok(Some((Tok::Num(value), j)))
}

fn invalid_number(chars: &[char], start: usize, end: usize) -> Diag {
    let text: String = chars[start..end].iter().collect();
    Diag::new(
        start + 1,
        format!("invalid number {}", super::error::quoted(&text)),
    )
}

/// A bare TDL number `text` at index `start` that is no number in `radix`, the `.RADIX` in
/// force; naming the radix, as a digit valid in another one is the likely slip.
fn invalid_in_radix(text: &str, start: usize, radix: u32) -> Diag {
    let quoted = super::error::quoted(text);
    if radix == 10 {
        return Diag::new(start + 1, format!("invalid number {quoted}"));
    }
    let hint = if text.len() <= 10 && text.chars().all(|c| c.is_ascii_digit()) {
        format!("^D{text} is the decimal {text}")
    } else {
        "^D, ^H, ^O and ^B name a number's radix whatever it is".to_string()
    };
    Diag::new(
        start + 1,
        format!("invalid number {quoted} in radix {radix} (.RADIX {radix} is in force; {hint})"),
    )
}

/// An operator or punctuation mark of one or two characters.
fn lex_punct(chars: &[char], i: usize) -> Result<(Tok, usize), Diag> {
    let c = chars[i];
    let next = chars.get(i + 1).copied();
    let (p, len) = match (c, next) {
        ('<', Some('<')) => (Punct::Shl, 2),
        ('>', Some('>')) => (Punct::Shr, 2),
        ('<', Some('=')) => (Punct::Le, 2),
        ('>', Some('=')) => (Punct::Ge, 2),
        ('<', Some('>')) => (Punct::Ne, 2),
        ('=', Some('=')) => (Punct::Eq, 2),
        ('!', Some('=')) => (Punct::Ne, 2),
        ('&', Some('&')) => (Punct::AndAnd, 2),
        ('|', Some('|')) => (Punct::OrOr, 2),
        ('(', _) => (Punct::LParen, 1),
        (')', _) => (Punct::RParen, 1),
        (',', _) => (Punct::Comma, 1),
        (':', _) => (Punct::Colon, 1),
        ('+', _) => (Punct::Plus, 1),
        ('-', _) => (Punct::Minus, 1),
        ('*', _) => (Punct::Star, 1),
        ('/', _) => (Punct::Slash, 1),
        ('%', _) => (Punct::Percent, 1),
        ('&', _) => (Punct::Amp, 1),
        ('|', _) => (Punct::Pipe, 1),
        ('^', _) => (Punct::Caret, 1),
        ('~', _) => (Punct::Tilde, 1),
        ('!', _) => (Punct::Bang, 1),
        ('<', _) => (Punct::Lt, 1),
        ('>', _) => (Punct::Gt, 1),
        ('=', _) => (Punct::Eq, 1),
        ('?', _) => (Punct::Question, 1),
        ('$', _) => (Punct::Dollar, 1),
        _ => {
            let shown = super::error::quoted(&c.to_string());
            return Err(Diag::new(i + 1, format!("unexpected character {shown}")));
        }
    };
    Ok((Tok::P(p), i + len))
}

/// Parses a literal that starts with a digit: `0x` prefix or `H`/`B`/`O`/`Q`/`D` suffix.
fn parse_number(text: &str) -> Option<i32> {
    if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        return parse_radix(hex, 16);
    }
    let last = text.chars().last()?.to_ascii_uppercase();
    let body = &text[..text.len() - 1];
    match last {
        'H' => parse_radix(body, 16),
        'B' => parse_radix(body, 2),
        'O' | 'Q' => parse_radix(body, 8),
        'D' => parse_radix(body, 10),
        _ => parse_radix(text, 10),
    }
}

/// Parses a literal that starts with a digit under `.RADIX radix`: the digits of the radix
/// first (`12D` is hexadecimal under `.RADIX 16`), else a radix suffix (`0FFH`, `101B`).
pub(crate) fn parse_number_in(text: &str, radix: u32) -> Option<i32> {
    if radix == 10 {
        return parse_number(text);
    }
    if let Some(v) = parse_radix(text, radix) {
        return Some(v);
    }
    let last = text.chars().last()?.to_ascii_uppercase();
    let body = &text[..text.len() - 1];
    match last {
        'H' => parse_radix(body, 16),
        'B' => parse_radix(body, 2),
        'O' | 'Q' => parse_radix(body, 8),
        'D' => parse_radix(body, 10),
        _ => None,
    }
}

/// Parses digits in `radix`; values up to 0FFFFFFFFh are accepted and kept as 32-bit patterns.
fn parse_radix(digits: &str, radix: u32) -> Option<i32> {
    if digits.is_empty() {
        return None;
    }
    u32::from_str_radix(digits, radix).ok().map(|v| v as i32)
}

/// Lexes a string starting at the quote `chars[start]`; returns its bytes and the index after it.
pub(crate) fn lex_string(chars: &[char], start: usize) -> Result<(Vec<u8>, usize), Diag> {
    lex_string_in(chars, start, true)
}

/// Lexes a string; `escapes` reads C escapes in double-quoted strings and `''` for a quote
/// (Zilog); TDL has neither, and refuses a doubled quote.
pub(crate) fn lex_string_in(
    chars: &[char],
    start: usize,
    escapes: bool,
) -> Result<(Vec<u8>, usize), Diag> {
    let quote = chars[start];
    let mut bytes = Vec::new();
    let mut i = start + 1;
    let unterminated = || {
        Diag::new(
            start + 1,
            format!("unterminated string: no closing {quote} on this line"),
        )
    };
    loop {
        let Some(&c) = chars.get(i) else {
            return Err(unterminated());
        };
        i += 1;
        if c == quote {
            // TDL has no escape for a quote, and a doubled one is refused rather than read as
            // two strings.
            if !escapes && chars.get(i) == Some(&quote) {
                return Err(doubled_quote(quote, i - 1));
            }
            // Single-quoted strings write a quote as two quotes.
            if quote == '\'' && chars.get(i) == Some(&'\'') {
                bytes.push(b'\'');
                i += 1;
                continue;
            }
            return Ok((bytes, i));
        }
        if escapes && c == '\\' && quote == '"' {
            let (byte, next) = escape(chars, i).ok_or_else(unterminated)??;
            bytes.push(byte);
            i = next;
            continue;
        }
        let mut buf = [0u8; 4];
        bytes.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
    }
}

/// The error for delimiter `quote` written twice at index `at`: TDL has no escape for the
/// delimiter of a text, so `'it''s'` would silently be two texts, "it" and "s".
pub(crate) fn doubled_quote(quote: char, at: usize) -> Diag {
    let other = if quote == '"' { '\'' } else { '"' };
    Diag::new(
        at + 1,
        format!(
            "doubled {quote} in a text: TDL has no escape for the character that delimits a text; delimit it with another one ({other}...{quote}...{other})"
        ),
    )
}

/// The byte of the C escape whose letter is at `chars[i]` (just past the backslash), and the
/// index past it; None when the line ends first.
fn escape(chars: &[char], mut i: usize) -> Option<Result<(u8, usize), Diag>> {
    let &e = chars.get(i)?;
    i += 1;
    let byte = match e {
        'n' => b'\n',
        'r' => b'\r',
        't' => b'\t',
        'a' => 7,
        '\\' => b'\\',
        '"' => b'"',
        '\'' => b'\'',
        'x' | 'X' => {
            let hex: String = chars[i..].iter().take(2).collect();
            let value = (hex.len() == 2)
                .then(|| u8::from_str_radix(&hex, 16).ok())
                .flatten();
            let Some(value) = value else {
                let diag = Diag::new(i - 1, "\\x needs two hexadecimal digits".to_string());
                return Some(Err(diag));
            };
            i += 2;
            value
        }
        '0'..='7' => {
            let mut v: u32 = e.to_digit(8).unwrap_or(0);
            let mut n = 1;
            while n < 3 && chars.get(i).is_some_and(|d| d.is_digit(8)) {
                v = v * 8 + chars[i].to_digit(8).unwrap_or(0);
                i += 1;
                n += 1;
            }
            (v & 0xFF) as u8
        }
        other => {
            let shown = super::error::quoted(&format!("\\{other}"));
            let diag = Diag::new(i - 1, format!("unknown escape {shown} in string"));
            return Some(Err(diag));
        }
    };
    Some(Ok((byte, i)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nums(line: &str) -> Vec<i32> {
        lex(line)
            .unwrap()
            .into_iter()
            .filter_map(|t| match t.tok {
                Tok::Num(n) => Some(n),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn number_formats() {
        assert_eq!(
            nums("0FFh,$FF,0xFF,#FF,%1010,1010b,17o,17q,99d,42"),
            vec![255, 255, 255, 255, 10, 10, 15, 15, 99, 42]
        );
    }

    fn tdl(line: &str, radix: u32) -> Result<Vec<Tok>, Diag> {
        let chars: Vec<char> = line.chars().collect();
        lex_in(&chars, 0, Numbers::tdl(radix)).map(|t| t.into_iter().map(|t| t.tok).collect())
    }

    #[test]
    fn tdl_numbers_follow_the_radix_and_the_prefixes() {
        let n = |v| Tok::Num(v);
        assert_eq!(
            tdl("10,0FFH,12D,101B,^D10,^B101,^O17,^Q17,^h1F", 16).unwrap(),
            [
                n(16),
                Tok::P(Punct::Comma),
                n(255),
                Tok::P(Punct::Comma),
                n(0x12D),
                Tok::P(Punct::Comma),
                n(0x101B),
                Tok::P(Punct::Comma),
                n(10),
                Tok::P(Punct::Comma),
                n(5),
                Tok::P(Punct::Comma),
                n(15),
                Tok::P(Punct::Comma),
                n(15),
                Tok::P(Punct::Comma),
                n(31)
            ]
        );
        assert_eq!(tdl("12D", 10).unwrap(), [n(12)]);
        assert_eq!(tdl("101B", 10).unwrap(), [n(5)]);
        assert_eq!(tdl("17", 8).unwrap(), [n(15)]);
    }

    #[test]
    fn tdl_dot_is_the_location_counter_and_part_of_names() {
        assert_eq!(
            tdl(".+11", 10).unwrap(),
            [Tok::P(Punct::Dollar), Tok::P(Punct::Plus), Tok::Num(11)]
        );
        assert_eq!(
            tdl("O.O-.", 10).unwrap(),
            [
                Tok::Ident("O.O".into()),
                Tok::P(Punct::Minus),
                Tok::P(Punct::Dollar)
            ]
        );
        assert_eq!(tdl(r#""a\n""#, 10).unwrap(), [Tok::Str(b"a\\n".to_vec())]);
    }

    #[test]
    fn tdl_caret_errors_name_the_problem() {
        assert!(tdl("^H", 10).unwrap_err().msg.contains("without digits"));
        assert!(tdl("^H,1", 10).unwrap_err().msg.contains("without digits"));
        assert!(tdl("^X12", 10).unwrap_err().msg.contains("no radix"));
        assert!(tdl("1+^", 10).unwrap_err().msg.contains("radix letter"));
        assert!(tdl("^B102", 10).unwrap_err().msg.contains("invalid number"));
        assert!(tdl("1G", 10).unwrap_err().msg.contains("invalid number"));
        assert_eq!(tdl("1FH", 10).unwrap(), [Tok::Num(31)]);
    }

    #[test]
    fn percent_after_operand_is_mod() {
        let toks = lex("7 %10").unwrap();
        assert_eq!(toks[1].tok, Tok::P(Punct::Percent));
        assert_eq!(toks[2].tok, Tok::Num(10));
    }

    #[test]
    fn af_prime_and_strings() {
        let toks = lex("ex af,af' ; c").unwrap();
        assert_eq!(toks[3].tok, Tok::Ident("af'".into()));
        let toks = lex(r#"db 'it''s', "a\n\x41\101""#).unwrap();
        assert_eq!(toks[1].tok, Tok::Str(b"it's".to_vec()));
        assert_eq!(toks[3].tok, Tok::Str(b"a\nAA".to_vec()));
    }

    #[test]
    fn unterminated_string_points_at_quote() {
        let err = lex("  db 'abc").unwrap_err();
        assert_eq!(err.col, 6);
        assert!(err.msg.starts_with("unterminated string"));
    }
}
