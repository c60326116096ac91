//! How DCSS's console draws features and monsters: the glyph of the
//! default character set and the colour of each feature (by its vault
//! name, for KFEAT and the map glyphs) and of each monster (by name, for
//! MONS and KMONS). The facts are our own data files
//! (`data/feature_looks.tsv`, `data/monster_looks.tsv`), each headed by the
//! game version they were read from; element colours that change with
//! place or time are given as the colour they mostly show, with a note.

use std::sync::LazyLock;

use vaultwright_model::view::Rgb;

/// DCSS's sixteen colours, plus the colour a monster gets only when it is
/// made (ugly things, dancing weapons).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Col {
    Black,
    Blue,
    Green,
    Cyan,
    Red,
    Magenta,
    Brown,
    LightGrey,
    DarkGrey,
    LightBlue,
    LightGreen,
    LightCyan,
    LightRed,
    LightMagenta,
    Yellow,
    White,
    Varies,
}

impl Col {
    pub fn rgb(self) -> Rgb {
        match self {
            // Black is drawn dark grey, as on the game's own black ground.
            Col::Black | Col::DarkGrey => Rgb::DARK_GRAY,
            Col::Blue => Rgb::BLUE,
            Col::Green => Rgb::GREEN,
            Col::Cyan => Rgb::CYAN,
            Col::Red => Rgb::RED,
            Col::Magenta => Rgb::MAGENTA,
            Col::Brown => Rgb::BROWN,
            Col::LightGrey => Rgb::GRAY,
            Col::LightBlue => Rgb::BRIGHT_BLUE,
            Col::LightGreen => Rgb::BRIGHT_GREEN,
            Col::LightCyan => Rgb::BRIGHT_CYAN,
            Col::LightRed => Rgb::BRIGHT_RED,
            Col::LightMagenta => Rgb::BRIGHT_MAGENTA,
            Col::Yellow => Rgb::YELLOW,
            Col::White => Rgb::WHITE,
            Col::Varies => Rgb::RANDOM_PICK,
        }
    }
}

impl Col {
    /// A colour by its data-file name (`light_grey`, `varies`).
    fn named(name: &str) -> Option<Col> {
        Some(match name {
            "black" => Col::Black,
            "blue" => Col::Blue,
            "green" => Col::Green,
            "cyan" => Col::Cyan,
            "red" => Col::Red,
            "magenta" => Col::Magenta,
            "brown" => Col::Brown,
            "light_grey" => Col::LightGrey,
            "dark_grey" => Col::DarkGrey,
            "light_blue" => Col::LightBlue,
            "light_green" => Col::LightGreen,
            "light_cyan" => Col::LightCyan,
            "light_red" => Col::LightRed,
            "light_magenta" => Col::LightMagenta,
            "yellow" => Col::Yellow,
            "white" => Col::White,
            "varies" => Col::Varies,
            _ => return None,
        })
    }
}

/// The rows of a looks file: its tab-separated fields, read as every data
/// file of the core is (the header and blank lines left out). A row has
/// four fields or five (the last a note). The files are ours and checked
/// by the tests, so a malformed row is skipped rather than trusted.
pub(super) fn rows(text: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    crate::tsv::rows(text).map(|(_, row)| row.split('\t').collect())
}

/// Glyph and colour fields of a row.
fn glyph_and_colour(fields: &[&str]) -> Option<(char, Col)> {
    let glyph = fields.get(1)?.chars().next()?;
    Some((glyph, Col::named(fields.get(2)?)?))
}

/// Features by their vault name (KFEAT), sorted: the console glyph of the
/// default character set, the colour, and the game's name for it.
pub static FEATURES: LazyLock<Vec<(&str, char, Col, &str)>> = LazyLock::new(|| {
    rows(include_str!("data/feature_looks.tsv"))
        .filter_map(|f| {
            let (glyph, col) = glyph_and_colour(&f)?;
            Some((*f.first()?, glyph, col, *f.get(3)?))
        })
        .collect()
});

/// Monsters by name (lower case, sorted): console glyph and colour.
pub static MONSTERS: LazyLock<Vec<(&str, char, Col)>> = LazyLock::new(|| {
    rows(include_str!("data/monster_looks.tsv"))
        .filter_map(|f| {
            let (glyph, col) = glyph_and_colour(&f)?;
            Some((*f.first()?, glyph, col))
        })
        .collect()
});

#[cfg(test)]
mod tests {
    /// Every row of a looks file is read (none skipped as malformed), and
    /// the file says which game it was read from.
    #[test]
    fn every_row_is_read_and_the_source_is_named() {
        for (text, read) in [
            (
                include_str!("data/feature_looks.tsv"),
                super::FEATURES.len(),
            ),
            (
                include_str!("data/monster_looks.tsv"),
                super::MONSTERS.len(),
            ),
        ] {
            let header = text.lines().next().unwrap_or_default();
            assert!(
                header.starts_with(&format!("# {}: ", super::super::tables::TABLES_FROM)),
                "{header}"
            );
            assert_eq!(super::rows(text).count(), read);
        }
        assert!(super::FEATURES.len() > 200 && super::MONSTERS.len() > 800);
        let door = super::FEATURES.iter().find(|f| f.0 == "open_door");
        assert_eq!(
            door.map(|f| (f.1, f.2)),
            Some(('\'', super::Col::LightGrey))
        );
    }
}
