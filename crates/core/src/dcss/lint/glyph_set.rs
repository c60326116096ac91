//! A set of map glyphs, one bit per byte value: what the map, the keys and
//! the transforms' outputs hold.

/// A set of map glyphs: one bit per byte value, so filling it costs no
/// hashing and set operations are four words.
#[derive(Clone, Copy, Default, PartialEq)]
pub(super) struct GlyphSet([u64; 4]);

impl GlyphSet {
    /// The glyphs counted at least once.
    pub(super) fn of_counts(counts: &[u32; 256]) -> GlyphSet {
        let mut set = GlyphSet::default();
        for (word, chunk) in set.0.iter_mut().zip(counts.chunks_exact(64)) {
            *word = chunk
                .iter()
                .enumerate()
                .fold(0, |m, (j, &c)| m | (u64::from(c != 0) << j));
        }
        set
    }
    pub(super) fn extend(&mut self, bytes: impl IntoIterator<Item = u8>) {
        for b in bytes {
            self.0[usize::from(b >> 6)] |= 1 << (b & 63);
        }
    }
    pub(super) fn contains(&self, b: &u8) -> bool {
        self.0[usize::from(*b >> 6)] & (1 << (*b & 63)) != 0
    }
    pub(super) fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
    pub(super) fn union(&mut self, other: &GlyphSet) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }
    pub(super) fn remove(&mut self, b: u8) {
        self.0[usize::from(b >> 6)] &= !(1 << (b & 63));
    }
    /// Whether every member is also in `other`.
    pub(super) fn is_subset(&self, other: &GlyphSet) -> bool {
        self.0.iter().zip(other.0).all(|(a, b)| a & !b == 0)
    }
}
