//! What a 5.0 level script may name, as the language service offers and
//! explains it: the `des.*` functions and their keys, monsters and objects
//! with the glyph and colour the game draws them in, traps, room types.

use vaultwright_model::service::{Entry, EntryKind};
use vaultwright_model::view::Rgb;

use super::names::{self, values};
use crate::nethack_common::colours::Clr;

/// The colour a `CLR_*` name draws in.
pub(crate) fn colour(name: &str) -> Rgb {
    use Clr::*;
    let clr = match name {
        "CLR_BLACK" => Black,
        "CLR_RED" => Red,
        "CLR_GREEN" => Green,
        "CLR_BROWN" => Brown,
        "CLR_BLUE" => Blue,
        "CLR_MAGENTA" => Magenta,
        "CLR_CYAN" => Cyan,
        "CLR_ORANGE" => Orange,
        "CLR_BRIGHT_GREEN" => BrightGreen,
        "CLR_YELLOW" => Yellow,
        "CLR_BRIGHT_BLUE" => BrightBlue,
        "CLR_BRIGHT_MAGENTA" => BrightMagenta,
        "CLR_BRIGHT_CYAN" => BrightCyan,
        "CLR_WHITE" => White,
        _ => Gray,
    };
    clr.rgb()
}

fn glyph(symbol: &str) -> char {
    symbol.chars().next().unwrap_or('?')
}

pub fn monsters() -> Vec<Entry> {
    names::MONSTERS
        .iter()
        .flat_map(|m| {
            let detail = format!(
                "class '{}', level {}, difficulty {}",
                m.symbol, m.level, m.difficulty
            );
            [m.name, m.male, m.female]
                .into_iter()
                .filter(|n| !n.is_empty())
                .map(move |n| {
                    Entry::new(EntryKind::Monster, n)
                        .drawn(glyph(m.symbol), colour(m.colour))
                        .with_detail(detail.clone())
                })
        })
        .collect()
}

pub fn objects() -> Vec<Entry> {
    names::OBJECTS
        .iter()
        .filter(|o| !o.name.is_empty() && !names::is_placeholder(o))
        .map(|o| {
            let detail = match o.appearance {
                "" => format!("class '{}'", o.symbol),
                a => format!("class '{}', looks like {a}", o.symbol),
            };
            Entry::new(EntryKind::Object, o.name)
                .drawn(glyph(o.symbol), colour(o.colour))
                .with_detail(detail)
        })
        .collect()
}

pub fn traps() -> Vec<Entry> {
    values("trap_type")
        .map(|t| Entry::new(EntryKind::Trap, t).with_detail("trap"))
        .collect()
}

pub fn room_types() -> Vec<Entry> {
    values("room_type")
        .map(|t| Entry::new(EntryKind::RoomType, t).with_detail("room type"))
        .collect()
}

pub fn functions() -> Vec<Entry> {
    names::des_functions()
        .into_iter()
        .map(|f| {
            let keys = names::keys_of(f);
            let detail = if keys.is_empty() {
                "no table".to_string()
            } else {
                format!("keys: {}", keys.join(", "))
            };
            Entry::new(EntryKind::Statement, format!("des.{f}")).with_detail(detail)
        })
        .collect()
}

pub fn keys(function: &str) -> Vec<Entry> {
    names::keys_of(function)
        .into_iter()
        .map(|k| Entry::new(EntryKind::Field, k).with_detail(format!("read by des.{function}")))
        .collect()
}
