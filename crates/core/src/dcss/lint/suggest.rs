//! Near names for "did you mean" notes: a bounded edit distance, the nearest candidate.

/// Levenshtein distance, or `limit + 1` as soon as it must exceed `limit`.
/// Most names checked are far from every candidate, so the length and
/// letter-set tests and the per-row cut-off keep this cheap; rows live on
/// the stack for names of up to 63 bytes.
/// Whether `a` is at most `limit` edits from `b`.
pub fn edit_distance_at_most(a: &str, b: &str, limit: usize) -> bool {
    bounded_dist(a, b, limit) <= limit
}

fn bounded_dist(a: &str, b: &str, limit: usize) -> usize {
    bounded_dist_sets(a, letters(a.as_bytes()), b, letters(b.as_bytes()), limit)
}

/// [`bounded_dist`] with both names' letter sets already computed.
pub(super) fn bounded_dist_sets(a: &str, a_set: u64, b: &str, b_set: u64, limit: usize) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let over = limit.saturating_add(1);
    if a.len().abs_diff(b.len()) > limit
        || (a_set ^ b_set).count_ones() as usize > limit.saturating_mul(2)
    {
        return over;
    }
    let mut small = [[0u16; 64]; 2];
    let mut large: [Vec<u16>; 2];
    let (mut prev, mut cur): (&mut [u16], &mut [u16]) = if b.len() < 64 && a.len() < 1024 {
        let [p, c] = &mut small;
        (&mut p[..=b.len()], &mut c[..=b.len()])
    } else if a.len().max(b.len()) < usize::from(u16::MAX) {
        large = [vec![0; b.len() + 1], vec![0; b.len() + 1]];
        let [p, c] = &mut large;
        (p.as_mut_slice(), c.as_mut_slice())
    } else {
        return over;
    };
    for (j, x) in prev.iter_mut().enumerate() {
        *x = j as u16;
    }
    let limit16 = limit.min(usize::from(u16::MAX - 1)) as u16;
    for i in 1..=a.len() {
        cur[0] = i as u16;
        let mut row_min = i as u16;
        for j in 1..=b.len() {
            let cost = u16::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            row_min = row_min.min(cur[j]);
        }
        if row_min > limit16 {
            return over;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    usize::from(prev[b.len()]).min(over)
}

/// The set of bytes a name holds, folded to 64 bits (letters, digits, `_`
/// and space each have their own bit). One edit changes at most two bits,
/// so names whose sets differ in more than `2 × limit` bits are further
/// apart than `limit`.
pub(super) fn letters(s: &[u8]) -> u64 {
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

/// The closest candidate within `limit` edits (the first of equals), for a
/// "did you mean" note; each distance is computed once.
pub(crate) fn nearest<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    limit: usize,
) -> Option<&'a str> {
    let with_letters = candidates.into_iter().map(|c| (c, letters(c.as_bytes())));
    nearest_with_letters(name, with_letters, limit)
}

/// [`nearest`] among candidates whose letter sets are already known.
pub(super) fn nearest_with_letters<'a>(
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
    use super::bounded_dist;

    fn plain(a: &str, b: &str) -> usize {
        let (a, b) = (a.as_bytes(), b.as_bytes());
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
            "o_r c9",
            "a_name_longer_than_sixty_four_bytes_to_take_the_heap_path_of_the_function",
            "a_name_longer_than_sixty_four_bytes_to_take_the_heap_path_of_the_funktion",
        ];
        for a in words {
            for b in words {
                let d = plain(a, b);
                for limit in 0..4 {
                    let got = bounded_dist(a, b, limit);
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
