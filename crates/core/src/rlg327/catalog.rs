//! What a description file may say, as the language service offers and
//! explains it: the fields of an entry (the newest generation's, which
//! holds the others'), the colours with the terminal colour each prints
//! as, the object types and the monster abilities.

use super::{Dialect, Kind, COLORS, TYPES};
use vaultwright_model::service::{Entry, EntryKind};
use vaultwright_model::view::Rgb;

/// The statements (fields, `BEGIN`, `END`) or values of a file of `kind`.
pub fn entries(kind: Kind, of: EntryKind) -> Vec<Entry> {
    let newest = Dialect::Y2018;
    match of {
        EntryKind::Statement => {
            let begin = match kind {
                Kind::Monster => "BEGIN MONSTER",
                Kind::Object => "BEGIN OBJECT",
            };
            std::iter::once(begin)
                .chain(newest.fields(kind).iter().copied())
                .chain(["END"])
                .map(|f| Entry::new(EntryKind::Field, f).with_detail(super::label(kind, f)))
                .collect()
        }
        EntryKind::Colour => COLORS
            .iter()
            .map(|&(name, code)| {
                let rgb = Rgb::TTY
                    .get(usize::from(code))
                    .copied()
                    .unwrap_or(Rgb::GRAY);
                Entry::new(of, name)
                    .drawn('■', rgb)
                    .with_detail(format!("curses colour {code}"))
            })
            .collect(),
        EntryKind::Value => match kind {
            Kind::Monster => newest
                .abilities()
                .iter()
                .map(|a| Entry::new(of, *a).with_detail("ability"))
                .collect(),
            Kind::Object => TYPES
                .iter()
                .map(|t| Entry::new(of, *t).with_detail("object type"))
                .collect(),
        },
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_colours_and_words_per_kind() {
        let fields = entries(Kind::Object, EntryKind::Statement);
        assert!(fields.iter().any(|e| e.name == "WEIGHT"));
        assert!(!entries(Kind::Monster, EntryKind::Statement)
            .iter()
            .any(|e| e.name == "WEIGHT"));
        assert!(entries(Kind::Monster, EntryKind::Value)
            .iter()
            .any(|e| e.name == "TELE"));
        let red = entries(Kind::Monster, EntryKind::Colour)
            .into_iter()
            .find(|e| e.name == "RED");
        assert_eq!(red.and_then(|e| e.colour), Some(Rgb::RED));
    }
}
