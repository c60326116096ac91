//! The colours 3.4.3 and 3.2 give each monster and object by default
//! (the colour field of its monster and object tables), in the index
//! order of `tables`; the colour numbers are `nethack_common`'s. The numbers are data (`data/<version>/monster_colours.txt`
//! and `object_colours.txt`, as the 3.6 profiles have them); `look` turns
//! them into what the views draw.

pub use crate::nethack_common::colours::Clr;
use crate::tsv::{self, data_file, File, Problem, Table};

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
