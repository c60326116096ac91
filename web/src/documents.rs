//! The open documents as a list a user reads: a distinct label for each
//! (its name, and where names repeat, where it came from), and the paths
//! of their sources in one archive (names made unique, the origin kept as
//! a folder). Pure functions of the documents, tested natively.

use std::collections::HashMap;
use std::rc::Rc;

use crate::codec;
use crate::state::Doc;

/// Where a document came from, in words: what To Lua made it from, or the
/// file a link cut it from; `None` for a file opened or made here.
pub fn origin(doc: &Doc) -> Option<String> {
    doc.origin.clone().or_else(|| {
        doc.from
            .as_ref()
            .map(|o| format!("{}, line {}", o.file, o.line))
    })
}

/// One label per document, all distinct: the name alone where it is the
/// only one of its name; else the name and its origin ("minetn-1.lua ·
/// from mines.des (3.6)"); and where that still repeats, a number from
/// the second one on ("castle.des · 2").
pub fn labels(docs: &[Rc<Doc>]) -> Vec<String> {
    let mut by_name: HashMap<&str, usize> = HashMap::new();
    for d in docs {
        *by_name.entry(d.name.as_str()).or_default() += 1;
    }
    let described: Vec<String> = docs
        .iter()
        .map(|d| match (by_name.get(d.name.as_str()), origin(d)) {
            (Some(n), Some(from)) if *n > 1 => format!("{} · from {from}", d.name),
            _ => d.name.clone(),
        })
        .collect();
    numbered(described, " · ")
}

/// The second and later of equal strings get " · 2", " · 3"…, skipping
/// numbers another string already has.
fn numbered(items: Vec<String>, joint: &str) -> Vec<String> {
    let mut taken: std::collections::HashSet<String> = items.iter().cloned().collect();
    let mut seen: HashMap<String, usize> = HashMap::new();
    items
        .into_iter()
        .map(|item| {
            let count = seen.entry(item.clone()).or_default();
            *count += 1;
            if *count == 1 {
                return item;
            }
            let mut n = *count;
            loop {
                let candidate = format!("{item}{joint}{n}");
                if taken.insert(candidate.clone()) {
                    return candidate;
                }
                n += 1;
            }
        })
        .collect()
}

/// The path of each document's source in a zip of them all: its name as
/// a file name, in a folder named after its origin when it has one
/// ("mines.des (3.6)/minetn-1.lua"); a path that repeats gets " (2)",
/// " (3)"… before its extension.
pub fn archive_paths(docs: &[Rc<Doc>]) -> Vec<String> {
    let folder_of = |d: &Doc| {
        d.origin
            .as_deref()
            .or(d.from.as_ref().map(|o| o.file.as_str()))
            .map(codec::file_part)
    };
    // A file may not take a folder's name (unpacking would fail).
    let mut taken: std::collections::HashSet<String> = docs
        .iter()
        .filter_map(|d| folder_of(d))
        .map(|f| f.to_lowercase())
        .collect();
    docs.iter()
        .map(|d| {
            let name = codec::file_part(&d.name);
            let folder = folder_of(d);
            let path = |n: usize| {
                let file = match n {
                    1 => name.clone(),
                    n => match name.rsplit_once('.') {
                        Some((stem, ext)) if !stem.is_empty() => format!("{stem} ({n}).{ext}"),
                        _ => format!("{name} ({n})"),
                    },
                };
                match &folder {
                    Some(f) => format!("{f}/{file}"),
                    None => file,
                }
            };
            let unique = (1..)
                .map(path)
                .find(|p| !taken.contains(&p.to_lowercase()))
                .unwrap_or_default();
            taken.insert(unique.to_lowercase());
            unique
        })
        .collect()
}

/// Every document's source as edited, in one zip (see [`archive_paths`]).
pub fn sources_zip(docs: &[Rc<Doc>]) -> Result<Vec<u8>, String> {
    let files: Vec<(String, Vec<u8>)> = archive_paths(docs)
        .into_iter()
        .zip(docs)
        .map(|(path, d)| (path, d.source.as_bytes().to_vec()))
        .collect();
    codec::zip_in_folders(&files)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::LinkOrigin;
    use crate::state::new_doc;
    use vaultwright::Language;

    fn doc(name: &str, origin: Option<&str>) -> Rc<Doc> {
        let mut d = new_doc(name.into(), name, Language::NethackLua, name, 0.0);
        d.origin = origin.map(str::to_string);
        Rc::new(d)
    }

    #[test]
    fn labels_are_the_names_until_names_repeat() {
        let docs = [
            doc("minetn-1.lua", Some("mines.des (3.6)")),
            doc("castle.des", None),
            doc("minetn-1.lua", Some("mines.des (3.4.3)")),
            doc("castle.des", None),
            doc("castle.des · 2", None),
            doc("knox.des", Some("x")),
        ];
        assert_eq!(
            labels(&docs),
            [
                "minetn-1.lua · from mines.des (3.6)",
                "castle.des",
                "minetn-1.lua · from mines.des (3.4.3)",
                "castle.des · 3",
                "castle.des · 2",
                "knox.des",
            ]
        );
    }

    #[test]
    fn a_hundred_documents_of_one_name_get_a_hundred_labels() {
        let docs: Vec<Rc<Doc>> = (0..100).map(|_| doc("x.lua", Some("a.des"))).collect();
        let l = labels(&docs);
        let distinct: std::collections::HashSet<&String> = l.iter().collect();
        assert_eq!(distinct.len(), 100);
        assert_eq!(l[99], "x.lua · from a.des · 100");
    }

    #[test]
    fn a_linked_excerpt_says_the_file_it_was_cut_from() {
        let mut d = (*doc("vault.des", None)).clone();
        d.from = Some(LinkOrigin {
            file: "big.des".into(),
            line: 12,
        });
        let docs = [Rc::new(d), doc("vault.des", None)];
        assert_eq!(
            labels(&docs),
            ["vault.des · from big.des, line 12", "vault.des"]
        );
        assert_eq!(archive_paths(&docs), ["big.des/vault.des", "vault.des"]);
        // The file it was cut from, open too, does not take the folder's name.
        let mut docs = docs.to_vec();
        docs.push(doc("big.des", None));
        assert_eq!(archive_paths(&docs)[2], "big (2).des");
    }

    #[test]
    fn archive_paths_are_unique_files_in_their_origins_folders() {
        let docs = [
            doc("minetn-1.lua", Some("mines.des (3.6)")),
            doc("minetn-1.lua", Some("mines.des (3.6)")),
            doc("castle.des", None),
            doc("Castle.des", None),
            doc("a/b:c.des", None),
            doc("..", None),
        ];
        assert_eq!(
            archive_paths(&docs),
            [
                "mines.des (3.6)/minetn-1.lua",
                "mines.des (3.6)/minetn-1 (2).lua",
                "castle.des",
                "Castle (2).des",
                "a_b_c.des",
                "untitled",
            ]
        );
        let zip = sources_zip(&docs).expect("a zip");
        assert!(zip.starts_with(b"PK"));
    }
}
