//! What a 3.6 special level may name, as the language service offers and
//! explains it: the dialect's statements and value words, its monsters
//! and objects with their glyphs and colours, traps and room types.

use super::preview::draw::colour;
use super::profile::Profile;
use vaultwright_model::service::{Entry, EntryKind};

/// Every name of `kind` the profile's dialect knows, in the game's order.
pub fn entries(profile: &Profile, kind: EntryKind) -> Vec<Entry> {
    let names = profile.names();
    let (monsters, objects) = names.sizes();
    match kind {
        EntryKind::Statement | EntryKind::Value => {
            let statements = kind == EntryKind::Statement;
            let mut words: Vec<Entry> = profile
                .keywords()
                .filter(|(w, _)| w.first().is_some_and(u8::is_ascii_uppercase) == statements)
                .filter_map(|(w, _)| std::str::from_utf8(w).ok())
                .map(|w| Entry::new(kind, w))
                .collect();
            words.sort_by(|a, b| a.name.cmp(&b.name));
            words
        }
        EntryKind::Monster => (0..monsters)
            .filter_map(|i| names.monster_entry(i))
            .map(|entry| drawn(kind, entry))
            .collect(),
        EntryKind::Object => (0..objects)
            .filter_map(|i| names.object_entry(i))
            .filter(|(name, _, _)| !name.is_empty())
            .map(|entry| drawn(kind, entry))
            .collect(),
        EntryKind::Trap => names.trap_names().map(|n| Entry::new(kind, n)).collect(),
        EntryKind::RoomType => names.room_names().map(|n| Entry::new(kind, n)).collect(),
        _ => Vec::new(),
    }
}

fn drawn(kind: EntryKind, (name, symbol, clr): (&str, u8, u8)) -> Entry {
    let glyph = symbol as char;
    Entry::new(kind, name)
        .drawn(glyph, colour(clr))
        .with_detail(format!("class '{glyph}'"))
}

#[cfg(test)]
mod tests {
    use super::super::profile::{EVILHACK_093, NETHACK_366};
    use super::*;

    #[test]
    fn a_variant_brings_its_own_words() {
        let has = |p, kind, name: &str| entries(p, kind).iter().any(|e| e.name == name);
        assert!(has(&EVILHACK_093, EntryKind::Statement, "FORGE"));
        assert!(!has(&NETHACK_366, EntryKind::Statement, "FORGE"));
        assert!(has(&NETHACK_366, EntryKind::Value, "random"));
        assert!(has(&NETHACK_366, EntryKind::Monster, "jackal"));
        assert!(has(&NETHACK_366, EntryKind::Trap, "magic portal"));
    }
}
