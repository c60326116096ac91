//! What a room's legend may name, as the language service offers and
//! explains it: every attribute name of POWDER release 118 by its prefix,
//! with the table it comes from and its value (its row, as map2c writes it).

use super::names;
use crate::tsv::Table;
use vaultwright_model::service::{Entry, EntryKind};

/// The tables by prefix, each with the kind of thing its names are.
fn tables() -> [(&'static Table<&'static str>, EntryKind, &'static str); 9] {
    [
        (&names::SQUARE, EntryKind::Terrain, "square"),
        (&names::SQUAREFLAG, EntryKind::Value, "square flag"),
        (&names::MOB, EntryKind::Monster, "monster"),
        (&names::MOBLEVEL, EntryKind::Value, "monster level"),
        (&names::ITEM, EntryKind::Object, "item"),
        (&names::ITEMTYPE, EntryKind::Value, "item type"),
        (&names::INTRINSIC, EntryKind::Value, "intrinsic"),
        (&names::SIGNPOST, EntryKind::Value, "signpost"),
        (&names::GOD, EntryKind::God, "god"),
    ]
}

/// Every name a legend line may hold.
pub fn entries() -> Vec<Entry> {
    tables()
        .into_iter()
        .flat_map(|(table, kind, what)| {
            table.iter().enumerate().map(move |(value, name)| {
                Entry::new(kind, *name).with_detail(format!("{what} {value}"))
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_carry_their_table_and_value() {
        let all = entries();
        let orc = all
            .iter()
            .find(|e| e.name == "MOB_ORC")
            .map(|e| (e.kind, e.detail.as_str()));
        assert!(matches!(orc, Some((EntryKind::Monster, d)) if d.starts_with("monster ")));
        assert!(all.iter().any(|e| e.name == "SQUARE_FLOOR"));
    }
}
