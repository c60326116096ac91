//! "Did you mean": the nearest known name to one the game does not know,
//! for every format's notes and fixes. One measure: Levenshtein distance
//! over characters (a swap is two edits), bounded by a limit the caller
//! picks (each format's own rule: a third of the name, 2, 3), the nearest
//! within it, the first of equals. Callers that compare without case
//! give a fold (`nearest_folded`); one that wants another order of ties
//! orders its candidates.
//!
//! Cheap lower bounds come first (most names are far from every
//! candidate): the difference in length, and the names' letter sets
//! (`letters`); ASCII names, nearly all, are measured over bytes, which
//! for them is the same distance.

/// Whether `a` is at most `limit` edits from `b`.
pub fn edit_distance_at_most(a: &str, b: &str, limit: usize) -> bool {
    bounded_distance(a, b, limit) <= limit
}

/// The distance from `a` to `b`, or `limit + 1` if it exceeds `limit`.
pub fn bounded_distance(a: &str, b: &str, limit: usize) -> usize {
    bounded_dist_sets(a, letters(a.as_bytes()), b, letters(b.as_bytes()), limit)
}

/// [`bounded_distance`] with both names' letter sets already computed.
pub fn bounded_dist_sets(a: &str, a_set: u64, b: &str, b_set: u64, limit: usize) -> usize {
    let over = limit.saturating_add(1);
    if (a_set ^ b_set).count_ones() as usize > limit.saturating_mul(2) {
        return over;
    }
    // Names this long are never near anything: the distance would cost
    // the product of their lengths, and user data can be that long.
    if a.len().max(b.len()) >= usize::from(u16::MAX) {
        return over;
    }
    if a.is_ascii() && b.is_ascii() {
        let (a, b) = (a.as_bytes(), b.as_bytes());
        if a.len().abs_diff(b.len()) > limit {
            return over;
        }
        return strsim::generic_levenshtein::<Bytes, Bytes, &u8, &u8>(&Bytes(a), &Bytes(b))
            .min(over);
    }
    if a.chars().count().abs_diff(b.chars().count()) > limit {
        return over;
    }
    strsim::levenshtein(a, b).min(over)
}

/// A name's bytes as a sequence `strsim` can walk more than once (it
/// takes one by reference, which a byte slice is not).
struct Bytes<'s>(&'s [u8]);

impl<'s> IntoIterator for &Bytes<'s> {
    type Item = &'s u8;
    type IntoIter = std::slice::Iter<'s, u8>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// The set of bytes a name holds, folded to 64 bits (letters, digits, `_`
/// and space each have their own bit; every byte of a character beyond
/// ASCII the last one). One edit changes at most two bits, so names whose
/// sets differ in more than `2 × limit` bits are further apart than
/// `limit`.
pub fn letters(s: &[u8]) -> u64 {
    s.iter().fold(0, |m, &c| {
        m | 1
            << match c {
                b'a'..=b'z' => c - b'a',
                b'A'..=b'Z' => c - b'A' + 26,
                b'0'..=b'9' => c - b'0' + 52,
                b'_' => 62,
                _ => 63,
            }
    })
}

/// The closest candidate within `limit` edits (the first of equals).
pub fn nearest<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    limit: usize,
) -> Option<&'a str> {
    let with_letters = candidates.into_iter().map(|c| (c, letters(c.as_bytes())));
    nearest_with_letters(name, with_letters, limit)
}

/// [`nearest`] with `name` and each candidate compared as `fold` makes
/// them (lower case, upper case); the candidate is returned as given.
pub fn nearest_folded<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    limit: usize,
    fold: impl Fn(&str) -> String,
) -> Option<&'a str> {
    let name = fold(name);
    let name_set = letters(name.as_bytes());
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let folded = fold(c);
        let d = bounded_dist_sets(&name, name_set, &folded, letters(folded.as_bytes()), limit);
        if d <= limit && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// [`nearest`] among candidates whose letter sets are already known.
pub fn nearest_with_letters<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = (&'a str, u64)>,
    limit: usize,
) -> Option<&'a str> {
    let name_set = letters(name.as_bytes());
    let mut best: Option<(usize, &str)> = None;
    for (c, c_set) in candidates {
        let d = bounded_dist_sets(name, name_set, c, c_set, limit);
        if d <= limit && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::{bounded_distance, nearest, nearest_folded};
    #[test]
    fn nearest_is_the_first_of_the_closest_by_plain_levenshtein_over_characters() {
        // A swap costs two edits (no Damerau), so "orge" loses to the
        // one-edit names, and of those the first wins.
        let near = nearest("ogre", ["orge", "ogres", "ogr"], 2);
        assert_eq!(near, Some("ogres"));
        // "ç" is one character (two bytes): one edit from "c".
        assert_eq!(nearest("orç", ["orc"], 0), None);
        assert_eq!(nearest("orç", ["orc"], 1), Some("orc"));
        assert_eq!(nearest("€", ["a"], 1), Some("a"));
        assert_eq!(nearest("ORC", ["orc"], 2), None);
        let near = nearest_folded("ORCS", ["orc", "ogre"], 1, str::to_lowercase);
        assert_eq!(near, Some("orc"));
    }

    fn plain(a: &str, b: &str) -> usize {
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        let mut prev: Vec<usize> = (0..=b.len()).collect();
        for i in 1..=a.len() {
            let mut cur = vec![i; b.len() + 1];
            for j in 1..=b.len() {
                let cost = usize::from(a[i - 1] != b[j - 1]);
                cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            }
            prev = cur;
        }
        prev[b.len()]
    }

    #[test]
    fn bounded_distance_agrees_with_levenshtein_up_to_its_limit() {
        let words = [
            "",
            "a",
            "orc",
            "ogre",
            "orge",
            "orc priest",
            "vaults_orient_n",
            "vault_orient_e",
            "no_monster_gen",
            "no_mons_gen",
            "kitten",
            "sitting",
            "ORC",
            "Orc",
            "orç",
            "é",
            "ééé",
            "€uro",
            "o_r c9",
            "a_name_longer_than_sixty_four_bytes_to_take_the_heap_path_of_the_function",
            "a_name_longer_than_sixty_four_bytes_to_take_the_heap_path_of_the_funktion",
        ];
        for a in words {
            for b in words {
                let d = plain(a, b);
                for limit in 0..4 {
                    let got = bounded_distance(a, b, limit);
                    if d <= limit {
                        assert_eq!(got, d, "{a:?} {b:?} limit {limit}");
                    } else {
                        assert_eq!(got, limit + 1, "{a:?} {b:?} limit {limit}");
                    }
                }
            }
        }
    }
}
