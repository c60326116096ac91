//! POWDER release 118 attribute names, by type, in enum order. The names
//! are data (`data/<type>.txt`, one a line, each file headed by where its
//! names come from: the game's generated glbdef.h), read on first use.

use crate::tsv::{self, data_file, Table};

pub static SQUARE: Table<&str> = Table::new(data_file!("data/square.txt"), tsv::words);
pub static SQUAREFLAG: Table<&str> = Table::new(data_file!("data/squareflag.txt"), tsv::words);
pub static MOB: Table<&str> = Table::new(data_file!("data/mob.txt"), tsv::words);
pub static MOBLEVEL: Table<&str> = Table::new(data_file!("data/moblevel.txt"), tsv::words);
pub static ITEM: Table<&str> = Table::new(data_file!("data/item.txt"), tsv::words);
pub static ITEMTYPE: Table<&str> = Table::new(data_file!("data/itemtype.txt"), tsv::words);
pub static INTRINSIC: Table<&str> = Table::new(data_file!("data/intrinsic.txt"), tsv::words);
pub static SIGNPOST: Table<&str> = Table::new(data_file!("data/signpost.txt"), tsv::words);
pub static GOD: Table<&str> = Table::new(data_file!("data/god.txt"), tsv::words);

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [&Table<&str>; 9] = [
        &SQUARE,
        &SQUAREFLAG,
        &MOB,
        &MOBLEVEL,
        &ITEM,
        &ITEMTYPE,
        &INTRINSIC,
        &SIGNPOST,
        &GOD,
    ];

    #[test]
    fn every_list_reads() {
        for t in ALL {
            let names = t.check().unwrap_or_else(|p| panic!("{p}"));
            assert!(!names.is_empty());
        }
    }

    /// A few entries as the Rust literals had them, and the list sizes.
    #[test]
    fn known_entries() {
        let sizes: Vec<usize> = ALL.iter().map(|t| t.len()).collect();
        assert_eq!(sizes, [57, 8, 82, 6, 136, 13, 180, 20, 8]);
        assert_eq!(SQUARE[0], "SQUARE_EMPTY");
        assert_eq!(SQUARE[56], "SQUARE_SIGNPOST");
        assert_eq!(SQUAREFLAG[7], "SQUAREFLAG_NOMOB");
        assert_eq!(MOB[2], "MOB_GREENDRAGON");
        assert_eq!(GOD[0], "GOD_AGNOSTIC");
    }
}
