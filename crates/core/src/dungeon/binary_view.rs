//! The binary view of a compiled `dungeon` file: every field of its
//! records, read back from the bytes, tied to the statement that wrote it
//! (a dungeon's record to its DUNGEON line, a level's to its LEVEL,
//! RNDLEVEL or CHAINLEVEL line, a branch's to its BRANCH line).
//!
//! The file is the model written in order (see [`super::encode`]), so the
//! records are walked in the same order; each value shown is the one in
//! the bytes, not the model's, so that the view shows what the game reads.

use super::compile::Model;
use vaultwright_model::source::Span;
use vaultwright_model::view::{BinaryDump, BinaryField, View};

/// Dungeon flags and level flags, as the descriptors set them.
const DESCRIPTORS: [(i32, &str); 7] = [
    (1, "town"),
    (2, "hellish"),
    (4, "mazelike"),
    (8, "roguelike"),
    (16, "chaotic"),
    (32, "neutral"),
    (64, "lawful"),
];

/// Walks `bytes` record by record, labelling each field.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    fields: Vec<BinaryField>,
}

impl Reader<'_> {
    fn take(&mut self, len: usize) -> Option<&[u8]> {
        let b = self.bytes.get(self.at..self.at + len)?;
        self.at += len;
        Some(b)
    }

    fn push(
        &mut self,
        len: usize,
        label: String,
        value: String,
        meaning: Option<String>,
        origin: Option<Span>,
    ) {
        self.fields.push(BinaryField {
            offset: (self.at - len) as u32,
            len: len as u32,
            label,
            value,
            meaning,
            origin,
        });
    }

    fn int(
        &mut self,
        size: usize,
        label: String,
        origin: Option<Span>,
        meaning: impl Fn(i64) -> Option<String>,
    ) -> Option<i64> {
        let b = self.take(size)?;
        let v = match size {
            1 => i64::from(b[0]),
            2 => i64::from(i16::from_le_bytes([b[0], b[1]])),
            4 => i64::from(i32::from_le_bytes([b[0], b[1], b[2], b[3]])),
            _ => i64::from_le_bytes(b.try_into().ok()?),
        };
        self.push(size, label, v.to_string(), meaning(v), origin);
        Some(v)
    }

    fn name(&mut self, label: String, origin: Option<Span>) -> Option<()> {
        let b = self.take(24)?;
        let text: String = b
            .iter()
            .take_while(|&&c| c != 0)
            .map(|&c| c as char)
            .collect();
        self.push(24, label, format!("\"{text}\""), None, origin);
        Some(())
    }

    fn padding(&mut self, len: usize, label: String) -> Option<()> {
        self.take(len)?;
        self.push(len, label, "0".into(), Some("padding".into()), None);
        Some(())
    }
}

fn flags(v: i64) -> Option<String> {
    let set: Vec<&str> = DESCRIPTORS
        .iter()
        .filter(|(bit, _)| v & i64::from(*bit) != 0)
        .map(|&(_, name)| name)
        .collect();
    Some(if set.is_empty() {
        "none".into()
    } else {
        set.join(", ")
    })
}

fn none(_: i64) -> Option<String> {
    None
}

/// The binary view of the `dungeon` file `bytes` that `m` compiled to.
pub fn binary_view(file: &str, bytes: Vec<u8>, m: &Model, header_words: usize) -> View {
    let mut r = Reader {
        bytes: &bytes,
        at: 0,
        fields: Vec::new(),
    };
    let _ = walk(&mut r, m, header_words);
    let fields = std::mem::take(&mut r.fields);
    View::Binary(BinaryDump {
        file: file.to_string(),
        bytes,
        fields,
    })
}

fn walk(r: &mut Reader, m: &Model, header_words: usize) -> Option<()> {
    for i in 0..header_words {
        r.int(8, format!("header / version word {i}"), None, |v| {
            Some(format!("{v:#x}"))
        })?;
    }
    r.int(4, "header / dungeon count".into(), None, none)?;
    for (n, d) in m.dungeons.iter().enumerate() {
        let at = Some(d.name_span);
        let rec = |f: &str| format!("dungeon {n} / {f}");
        r.name(rec("name"), at)?;
        r.name(rec("protofile"), at)?;
        r.int(2, rec("base"), at, none)?;
        r.int(2, rec("rand"), at, none)?;
        r.int(4, rec("flags"), at, flags)?;
        // A dungeon of chance 0 is always made (the game rolls only
        // when a chance is given).
        r.int(4, rec("chance"), at, |v| {
            Some(if v == 0 {
                "always".into()
            } else {
                format!("{v}%")
            })
        })?;
        r.int(4, rec("level count"), None, none)?;
        r.int(4, rec("branch count"), None, none)?;
        r.int(4, rec("entry"), at, |v| {
            Some(if v == 0 {
                "top".into()
            } else {
                format!("level {v}")
            })
        })?;
        r.int(1, rec("bones"), at, bones)?;
        r.padding(3, rec("padding"))?;
        for (k, &li) in d.levels.iter().enumerate() {
            let l = m.levels.get(li)?;
            let at = Some(l.span);
            let rec = |f: &str| format!("dungeon {n} / level {k} / {f}");
            r.name(rec("name"), at)?;
            r.int(2, rec("base"), at, none)?;
            r.int(2, rec("rand"), at, none)?;
            r.int(4, rec("chance"), at, |v| Some(format!("{v}%")))?;
            r.int(4, rec("rndlevs"), at, |v| {
                (v > 0).then(|| format!("one of {v} variants"))
            })?;
            r.int(4, rec("chain"), at, |v| chained(m, v))?;
            r.int(4, rec("flags"), at, flags)?;
            r.int(1, rec("bones"), at, bones)?;
            r.padding(3, rec("padding"))?;
        }
        for (k, &bi) in d.branches.iter().enumerate() {
            let b = m.branches.get(bi)?;
            let at = Some(b.span);
            let rec = |f: &str| format!("dungeon {n} / branch {k} / {f}");
            r.name(rec("name"), at)?;
            r.int(2, rec("base"), at, none)?;
            r.int(2, rec("rand"), at, none)?;
            r.int(4, rec("chain"), at, |v| chained(m, v))?;
            r.int(4, rec("type"), at, |v| {
                Some(super::branch_type_name(v as i32).into())
            })?;
            r.int(4, rec("up"), at, |v| {
                Some(if v != 0 { "up" } else { "down" }.into())
            })?;
        }
    }
    Some(())
}

fn bones(v: i64) -> Option<String> {
    (v != 0).then(|| format!("bones letter '{}'", v as u8 as char))
}

/// A chain field: the level it is placed relative to, or none.
fn chained(m: &Model, v: i64) -> Option<String> {
    if v < 0 {
        return Some("not chained".into());
    }
    let l = m.levels.get(v as usize)?;
    Some(format!("relative to {}", l.name))
}

#[cfg(test)]
mod tests {
    use super::*;
    fn analyze(src: &str, _: Language, options: &Options) -> vaultwright_model::Analysis {
        crate::dungeon::analyze(src, options)
    }
    use vaultwright_model::{Language, Options};

    const DEF: &str = "DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)\nALIGNMENT: unaligned\nBRANCH: \"The Gnomish Mines\" @ (2, 3)\nLEVEL: \"bigrm\" \"B\" @ (10, 3)\nLEVEL: \"rogue\" \"R\" @ (15, 4)\nLEVELDESC: roguelike\nCHAINLEVEL: \"oracle\" \"O\" \"rogue\" + (5, 5)\n\nDUNGEON: \"The Gnomish Mines\" \"M\" (8, 2)\nALIGNMENT: lawful\nDESCRIPTION: mazelike\nRNDLEVEL: \"minetn\" \"T\" @ (5, 2) 7\n";

    fn dump(src: &str) -> BinaryDump {
        let options = Options {
            file_name: "dungeon.pdf".into(),
            ..Options::default()
        };
        let a = analyze(src, Language::NethackDungeon, &options);
        assert!(!a.has_errors(), "{:?}", a.diagnostics);
        a.views
            .into_iter()
            .find_map(|v| match v.view {
                View::Binary(b) => Some(b),
                _ => None,
            })
            .expect("a binary view")
    }

    #[test]
    fn every_byte_is_one_field_and_each_record_has_its_statement() {
        let b = dump(DEF);
        // Fields tile the file without gaps or overlaps.
        let mut at = 0;
        for f in &b.fields {
            assert_eq!(f.offset, at, "{}", f.label);
            at += f.len;
        }
        assert_eq!(at as usize, b.bytes.len());
        let field = |label: &str| {
            b.fields
                .iter()
                .find(|f| f.label == label)
                .unwrap_or_else(|| panic!("{label}"))
        };
        let line = |f: &BinaryField| {
            let o = f.origin.expect("tied to a statement");
            let start = DEF[..o.start as usize].rfind('\n').map_or(0, |i| i + 1);
            DEF[start..].lines().next().unwrap_or("").to_string()
        };
        assert_eq!(field("dungeon 0 / name").value, "\"The Dungeons of Doom\"");
        assert!(line(field("dungeon 0 / base")).starts_with("DUNGEON: \"The Dungeons of Doom\""));
        assert!(line(field("dungeon 0 / level 2 / chain")).starts_with("CHAINLEVEL"));
        assert_eq!(
            field("dungeon 0 / level 2 / chain").meaning.as_deref(),
            Some("relative to rogue")
        );
        assert_eq!(
            field("dungeon 0 / level 1 / flags").meaning.as_deref(),
            Some("roguelike")
        );
        assert_eq!(
            field("dungeon 0 / level 0 / chain").meaning.as_deref(),
            Some("not chained")
        );
        assert!(line(field("dungeon 0 / branch 0 / name")).starts_with("BRANCH"));
        assert_eq!(
            field("dungeon 1 / flags").meaning.as_deref(),
            Some("mazelike, lawful")
        );
        assert_eq!(
            field("dungeon 1 / level 0 / rndlevs").meaning.as_deref(),
            Some("one of 7 variants")
        );
        assert!(
            field("header / dungeon count").origin.is_none(),
            "a count belongs to no one statement"
        );
    }
}
