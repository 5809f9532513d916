//! A game as PGN: the seven tag roster, the set-up position of a game that did not start from
//! the initial position, extra tags, and the movetext wrapped as the PGN export format asks
//! (lines under 80 characters).

use super::state::{Game, Start};

/// The longest movetext line written.
const LINE: usize = 79;

/// The tags of a PGN record; `Result` comes from the game's outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tags {
    /// Event.
    pub event: String,
    /// Site.
    pub site: String,
    /// Date as YYYY.MM.DD (`????.??.??` when unknown).
    pub date: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Further tags, written after the roster in this order.
    pub extra: Vec<(String, String)>,
}

/// The PGN text of `game` with `result` ("1-0", "0-1", "1/2-1/2" or "*"), ending in a newline.
pub fn pgn(game: &Game, tags: &Tags, result: &str) -> String {
    let mut text = String::new();
    let mut tag = |name: &str, value: &str| {
        text.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    };
    tag("Event", &tags.event);
    tag("Site", &tags.site);
    tag("Date", &tags.date);
    tag("Round", "-");
    tag("White", &tags.white);
    tag("Black", &tags.black);
    tag("Result", result);
    if let Start::Fen(fen) = game.start() {
        tag("SetUp", "1");
        tag("FEN", fen);
    }
    for (name, value) in &tags.extra {
        tag(name, value);
    }
    text.push('\n');
    let movetext = format!("{} {result}", game.movetext());
    text.push_str(&wrap(movetext.trim_start()));
    text.push('\n');
    text
}

/// Backslash and quote escaped, as PGN tag values need.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Words joined into lines of at most [`LINE`] characters; a move number stays with its move.
fn wrap(words: &str) -> String {
    let mut units: Vec<String> = Vec::new();
    let mut glue = false;
    for word in words.split(' ') {
        match units.last_mut() {
            Some(unit) if glue => {
                unit.push(' ');
                unit.push_str(word);
            }
            _ => units.push(word.to_string()),
        }
        glue = word.ends_with('.');
    }
    let mut out = String::new();
    let mut line = 0;
    for unit in units {
        if line > 0 && line + 1 + unit.len() > LINE {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(&unit);
        line += unit.len();
    }
    out
}

/// Today's date in PGN form (UTC), from the system clock.
pub fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    let (year, month, day) = civil_date(seconds / 86_400);
    format!("{year:04}.{month:02}.{day:02}")
}

/// Year, month, day of a day count since 1970-01-01 (the proleptic Gregorian calendar).
fn civil_date(days: u64) -> (u64, u64, u64) {
    // Counted in 400-year eras from 0000-03-01, so February's length is the era's last day.
    let z = days + 719_468;
    let era = z / 146_097;
    let day_of_era = z % 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags() -> Tags {
        Tags {
            event: "Casual game".into(),
            site: "here".into(),
            date: "1978.09.05".into(),
            white: "Player".into(),
            black: "Sargon \"1978\"".into(),
            extra: vec![("Seed".into(), "7".into())],
        }
    }

    #[test]
    fn a_short_game() {
        let mut game = Game::new();
        for mv in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
            game.play_text(mv).unwrap();
        }
        assert_eq!(
            pgn(&game, &tags(), "1-0"),
            "[Event \"Casual game\"]\n[Site \"here\"]\n[Date \"1978.09.05\"]\n[Round \"-\"]\n\
             [White \"Player\"]\n[Black \"Sargon \\\"1978\\\"\"]\n[Result \"1-0\"]\n[Seed \"7\"]\n\n\
             1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
        );
    }

    #[test]
    fn a_set_up_position_and_long_movetext() {
        let fen = "4k3/8/8/8/8/8/8/R3K3 b Q - 0 30";
        let mut game = Game::from_fen(fen).unwrap();
        for _ in 0..10 {
            for mv in ["Kd7", "Ra2", "Ke8", "Ra1"] {
                game.play_text(mv).unwrap();
            }
        }
        let text = pgn(&game, &tags(), "*");
        assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 b Q - 0 30\"]\n"));
        let movetext: Vec<&str> = text.split("\n\n").nth(1).unwrap().lines().collect();
        assert_eq!(
            movetext,
            [
                "30... Kd7 31. Ra2 Ke8 32. Ra1 Kd7 33. Ra2 Ke8 34. Ra1 Kd7 35. Ra2 Ke8 36. Ra1",
                "Kd7 37. Ra2 Ke8 38. Ra1 Kd7 39. Ra2 Ke8 40. Ra1 Kd7 41. Ra2 Ke8 42. Ra1 Kd7",
                "43. Ra2 Ke8 44. Ra1 Kd7 45. Ra2 Ke8 46. Ra1 Kd7 47. Ra2 Ke8 48. Ra1 Kd7 49. Ra2",
                "Ke8 50. Ra1 *"
            ]
        );
    }

    #[test]
    fn dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(3_169), (1978, 9, 5));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(20_513), (2026, 3, 1));
        assert_eq!(today().len(), 10);
    }
}
