//! NetHack's sixteen colour numbers (`CLR_*`, the same in every
//! generation) and how the views draw each.

use vaultwright_model::view::Rgb;

/// NetHack's sixteen colour numbers (CLR_0 … CLR_15); 8 is "no colour",
/// which the game draws in the default grey, so no table uses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clr {
    Black = 0,
    Red = 1,
    Green = 2,
    Brown = 3,
    Blue = 4,
    Magenta = 5,
    Cyan = 6,
    Gray = 7,
    Orange = 9,
    BrightGreen = 10,
    Yellow = 11,
    BrightBlue = 12,
    BrightMagenta = 13,
    BrightCyan = 14,
    White = 15,
}

impl Clr {
    /// The drawn colour. Black is drawn dark grey: a black glyph on the
    /// terminal's black is invisible, and the tty port avoids drawing it
    /// (3.4.3 falls back to the default colour or bold; later versions
    /// draw it dark grey, which keeps it apart from grey things).
    pub fn rgb(self) -> Rgb {
        match self {
            Clr::Black => Rgb::DARK_GRAY,
            other => Rgb::TTY[other as usize],
        }
    }

    /// The colour of a CLR_ number (8, "no colour", is in no table).
    pub fn from_number(n: u8) -> Option<Clr> {
        use Clr::*;
        Some(match n {
            0 => Black,
            1 => Red,
            2 => Green,
            3 => Brown,
            4 => Blue,
            5 => Magenta,
            6 => Cyan,
            7 => Gray,
            9 => Orange,
            10 => BrightGreen,
            11 => Yellow,
            12 => BrightBlue,
            13 => BrightMagenta,
            14 => BrightCyan,
            15 => White,
            _ => return None,
        })
    }
}
