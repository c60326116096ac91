//! Search across the open documents (Ctrl+Shift+F): every place a text
//! occurs, by document and line. Plain text, with or without case (the
//! case is folded for ASCII letters, which keeps byte offsets exact).

use std::rc::Rc;

use crate::state::Doc;

/// More matches than this are counted, not listed.
pub const MAX_HITS: usize = 2000;

/// One match: the document (its index), where (a byte offset, line and
/// column from 1), and its line with the match's byte range in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hit {
    pub doc: usize,
    pub offset: usize,
    pub line: usize,
    pub column: usize,
    pub text: String,
    pub range: (usize, usize),
}

/// The matches of `query` in every document, in list order, at most
/// [`MAX_HITS`]; and how many there are in all.
pub fn search(docs: &[Rc<Doc>], query: &str, match_case: bool) -> (Vec<Hit>, usize) {
    let mut hits = Vec::new();
    let mut total = 0;
    if query.is_empty() {
        return (hits, 0);
    }
    let fold = |s: &str| {
        if match_case {
            s.to_string()
        } else {
            s.to_ascii_lowercase()
        }
    };
    let needle = fold(query);
    for (i, d) in docs.iter().enumerate() {
        let mut line_start = 0;
        for (n, line) in d.source.split('\n').enumerate() {
            let hay = fold(line);
            for (at, _) in hay.match_indices(needle.as_str()) {
                total += 1;
                if hits.len() < MAX_HITS {
                    hits.push(Hit {
                        doc: i,
                        offset: line_start + at,
                        line: n + 1,
                        column: line.get(..at).map_or(at, |s| s.chars().count()) + 1,
                        text: line.trim_end_matches('\r').to_string(),
                        range: (at, at + needle.len()),
                    });
                }
            }
            line_start += line.len() + 1;
        }
    }
    (hits, total)
}

/// A line shown around its match: at most `width` characters before it
/// (cut with "…"), the match, and the rest: three parts.
pub fn around(hit: &Hit, width: usize) -> (String, String, String) {
    let text = &hit.text;
    let (a, b) = hit.range;
    let before = text.get(..a).unwrap_or_default().trim_start();
    let count = before.chars().count();
    let before = if count > width {
        let cut: String = before.chars().skip(count - width).collect();
        format!("…{cut}")
    } else {
        before.to_string()
    };
    (
        before,
        text.get(a..b.min(text.len()))
            .unwrap_or_default()
            .to_string(),
        text.get(b.min(text.len())..)
            .unwrap_or_default()
            .to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::new_doc;
    use vaultwright::Language;

    fn doc(text: &str) -> Rc<Doc> {
        Rc::new(new_doc(
            "a".into(),
            "a.des",
            Language::NethackDes,
            text,
            0.0,
        ))
    }

    #[test]
    fn every_match_in_every_document_with_its_line_and_column() {
        let docs = [
            doc("MAZE:\"x\"\nMONSTER:'D',\"Dragon\"\n"),
            doc("dragon é dragon"),
        ];
        let (hits, total) = search(&docs, "dragon", false);
        assert_eq!(total, 3);
        let places: Vec<(usize, usize, usize)> =
            hits.iter().map(|h| (h.doc, h.line, h.column)).collect();
        assert_eq!(places, [(0, 2, 14), (1, 1, 1), (1, 1, 10)]);
        assert_eq!(hits[0].offset, docs[0].source.find("Dragon").unwrap_or(0));
        assert_eq!(hits[2].offset, "dragon é ".len());
        assert_eq!(search(&docs, "dragon", true).1, 2);
        assert_eq!(search(&docs, "", false).1, 0);
    }

    #[test]
    fn a_long_line_is_cut_before_its_match() {
        let text = format!("{}needle end", "x".repeat(100));
        let docs = [doc(&text)];
        let (hits, _) = search(&docs, "needle", true);
        let (before, m, after) = around(&hits[0], 10);
        assert_eq!(before, format!("…{}", "x".repeat(10)));
        assert_eq!((m.as_str(), after.as_str()), ("needle", " end"));
    }
}
