//! The order completions are offered in: what starts with the typed text
//! first, then what contains it, each in the game's order.

use vaultwright_model::service::Entry;

/// More than an editor's list shows; a client asks again as typing narrows.
const MAX_ITEMS: usize = 400;

pub fn by_typed(items: Vec<Entry>, typed: &str) -> Vec<Entry> {
    let typed = typed.trim().to_ascii_lowercase();
    if typed.is_empty() {
        return items.into_iter().take(MAX_ITEMS).collect();
    }
    let (mut starts, mut contains) = (Vec::new(), Vec::new());
    for item in items {
        let name = item.name.to_ascii_lowercase();
        if name.starts_with(&typed) {
            starts.push(item);
        } else if name.contains(&typed) {
            contains.push(item);
        }
    }
    starts.extend(contains);
    starts.truncate(MAX_ITEMS);
    starts
}

#[cfg(test)]
mod tests {
    use super::*;
    use vaultwright_model::service::EntryKind;

    #[test]
    fn prefix_matches_come_before_inner_matches() {
        let items = ["hill orc", "orc", "jackal", "orc shaman"]
            .map(|n| Entry::new(EntryKind::Monster, n))
            .to_vec();
        let names: Vec<String> = by_typed(items, "Orc").into_iter().map(|e| e.name).collect();
        assert_eq!(names, ["orc", "orc shaman", "hill orc"]);
    }
}
