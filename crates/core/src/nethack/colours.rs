//! The colours NetHack gives each monster and object by default (the
//! colour field of its monster and object tables), in the index order of
//! `tables`. The numbers are data (`data/<version>/monster_colours.txt`
//! and `object_colours.txt`, as the 3.6 profiles have them); `look` turns
//! them into what the views draw.

use crate::tsv::{self, data_file, File, Problem, Table};
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

/// One CLR_ number a row.
fn colours(file: &File) -> Result<Vec<Clr>, Problem> {
    file.read(|[n]| Clr::from_number(tsv::number(n)?).ok_or_else(|| format!("{n} is no colour")))
}

/// Monster colours of 3.4.3, in the order of `tables::MONSTERS_V343`.
pub static MONSTER_COLOURS_V343: Table<Clr> = Table::new(
    data_file!("data/nethack-3.4.3/monster_colours.txt"),
    colours,
);

/// Object colours of 3.4.3, in the order of `tables::OBJECTS_V343`.
pub static OBJECT_COLOURS_V343: Table<Clr> =
    Table::new(data_file!("data/nethack-3.4.3/object_colours.txt"), colours);

/// Monster colours of 3.2.x, in the order of `tables::MONSTERS_V32`.
pub static MONSTER_COLOURS_V32: Table<Clr> =
    Table::new(data_file!("data/nethack-3.2/monster_colours.txt"), colours);

/// Object colours of 3.2.x, in the order of `tables::OBJECTS_V32`.
pub static OBJECT_COLOURS_V32: Table<Clr> =
    Table::new(data_file!("data/nethack-3.2/object_colours.txt"), colours);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_reads_and_matches_its_names() {
        use super::super::tables;
        let pairs = [
            (&MONSTER_COLOURS_V343, tables::MONSTERS_V343.len()),
            (&OBJECT_COLOURS_V343, tables::OBJECTS_V343.len()),
            (&MONSTER_COLOURS_V32, tables::MONSTERS_V32.len()),
            (&OBJECT_COLOURS_V32, tables::OBJECTS_V32.len()),
        ];
        for (t, names) in pairs {
            let read = t.check().unwrap_or_else(|p| panic!("{p}"));
            assert_eq!(read.len(), names);
        }
    }

    /// A few entries as the Rust literals had them.
    #[test]
    fn known_entries() {
        use Clr::*;
        assert_eq!(
            MONSTER_COLOURS_V343[..6],
            [Brown, Yellow, Blue, Red, Black, Magenta]
        );
        // The shocking sphere, the first bright one.
        assert_eq!(MONSTER_COLOURS_V343[31], BrightBlue);
        assert_eq!(OBJECT_COLOURS_V343[0], Black);
        assert_eq!(Clr::from_number(8), None);
        assert_eq!(Clr::from_number(14), Some(BrightCyan));
    }
}
