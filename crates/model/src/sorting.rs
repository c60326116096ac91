//! Stable sorts that share one copy of the sorting code in the studio.
//!
//! The standard library's sort is generic over the element and the
//! comparison, so every call site compiles a copy of it of several
//! kilobytes; in the studio's WebAssembly, where every byte is downloaded,
//! the calls here go through one routine that sorts indices with a
//! comparison behind a `dyn` reference, then move the elements into that
//! order. Native builds, where speed matters more than size, keep the
//! standard sort. Both are stable.

use std::cmp::Ordering;

/// Sorts `v` by `cmp`, stably.
pub fn sort_by<T>(v: &mut [T], cmp: impl Fn(&T, &T) -> Ordering) {
    #[cfg(not(target_arch = "wasm32"))]
    v.sort_by(cmp);
    #[cfg(target_arch = "wasm32")]
    {
        let order = sorted_indices(v.len(), &|a, b| cmp(&v[a], &v[b]));
        permute(v, order);
    }
}

/// Sorts `v` by the key `key` gives each element, stably.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], key: impl Fn(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `v` by its elements' own order, stably.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

/// The indices `0..n` in the order `cmp` puts them: the one copy of the
/// sort itself.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn sorted_indices(n: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| cmp(a, b));
    order
}

/// Moves `v`'s elements so that position `i` holds the one that was at
/// `order[i]`, following each cycle of the permutation once.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn permute<T>(v: &mut [T], mut order: Vec<usize>) {
    const DONE: usize = usize::MAX;
    for start in 0..order.len() {
        let mut at = start;
        while order[at] != DONE {
            let from = order[at];
            order[at] = DONE;
            if from == start {
                break;
            }
            v.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shared path (the studio's) is a stable sort too.
    #[test]
    fn the_shared_path_sorts_stably() {
        let mut v: Vec<(u8, usize)> = [3u8, 1, 3, 0, 1, 2, 0, 3]
            .iter()
            .enumerate()
            .map(|(i, &k)| (k, i))
            .collect();
        let mut expected = v.clone();
        expected.sort_by_key(|p| p.0);
        let order = sorted_indices(v.len(), &|a, b| v[a].0.cmp(&v[b].0));
        permute(&mut v, order);
        assert_eq!(v, expected);
    }

    #[test]
    fn permutations_of_every_shape() {
        for n in 0..7usize {
            let mut v: Vec<usize> = (0..n).rev().collect();
            let order: Vec<usize> = (0..n).rev().collect();
            permute(&mut v, order);
            assert_eq!(v, (0..n).collect::<Vec<_>>());
        }
        let mut v = vec!['a', 'b', 'c', 'd'];
        permute(&mut v, vec![2, 0, 3, 1]);
        assert_eq!(v, ['c', 'a', 'd', 'b']);
    }
}
