//! The screen's two tones: which is the ink of a set graphics bit and of a character, and
//! which is the ground.
//!
//! The Jupiter III's screen is paper-white, as the 1978 listing describes its own drawing: a
//! set bit of a block graphic is dark, a clear one and a blank cell light, so its light squares
//! are 80H and its dark ones 0BFH. [`Look::Paper`] draws it so; [`Look::Negative`] swaps the
//! tones, light on dark, which is not the listing's screen (its board comes out as a negative:
//! a1 light, White's army dark) but is offered for those who want a dark screen. The terminal
//! and the pictures take their colours from here, so both show the same screen.

/// The two tones of the screen.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Look {
    /// Dark ink on a light ground: the machine's screen as its programs drew it.
    #[default]
    Paper,
    /// Light ink on a dark ground: the negative of the machine's screen.
    Negative,
}

/// A colour as red, green and blue.
pub type Rgb = [u8; 3];

/// The dark tone: xterm's colour 234.
const DARK: (u8, Rgb) = (234, [0x1C, 0x1C, 0x1C]);
/// The light tone: xterm's colour 255.
const LIGHT: (u8, Rgb) = (255, [0xEE, 0xEE, 0xEE]);

impl Look {
    /// The ink: a set graphics bit, a character.
    pub fn ink(self) -> Rgb {
        self.tones().0.1
    }

    /// The ground: a clear graphics bit, a blank cell.
    pub fn paper(self) -> Rgb {
        self.tones().1.1
    }

    /// The ink as a colour of the 256-colour palette (its greys are the same in every
    /// terminal theme, unlike the 16 named colours a theme redefines).
    pub fn ink_index(self) -> u8 {
        self.tones().0.0
    }

    /// The ground as a colour of the 256-colour palette.
    pub fn paper_index(self) -> u8 {
        self.tones().1.0
    }

    fn tones(self) -> ((u8, Rgb), (u8, Rgb)) {
        match self {
            Look::Paper => (DARK, LIGHT),
            Look::Negative => (LIGHT, DARK),
        }
    }
}

/// A colour as SVG writes it: `#1c1c1c`.
pub fn hex(rgb: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_is_dark_on_light_and_the_negative_swaps_it() {
        assert_eq!(Look::default(), Look::Paper);
        assert_eq!(
            (Look::Paper.ink(), Look::Paper.paper()),
            ([28; 3], [238; 3])
        );
        assert_eq!(
            (Look::Paper.ink_index(), Look::Paper.paper_index()),
            (234, 255)
        );
        assert_eq!(Look::Negative.ink(), Look::Paper.paper());
        assert_eq!(Look::Negative.paper_index(), Look::Paper.ink_index());
        assert_eq!(hex(Look::Paper.ink()), "#1c1c1c");
    }
}
