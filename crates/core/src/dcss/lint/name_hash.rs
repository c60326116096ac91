//! The hasher of the name tables and of the vault-name map.

use std::collections::HashSet;

/// A word-at-a-time multiplicative hash (the FxHash scheme): names are
/// short and trusted, so eight bytes per step beat SipHash and byte-wise
/// FNV alike.
#[derive(Default)]
pub struct NameHasher(u64);

impl NameHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl std::hash::Hasher for NameHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w));
        }
    }
    fn write_u8(&mut self, b: u8) {
        self.add(u64::from(b));
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

pub(super) type NameSet = HashSet<&'static str, std::hash::BuildHasherDefault<NameHasher>>;

/// A table as a hash set, built on first use.
pub(super) fn name_set(
    cell: &'static std::sync::OnceLock<NameSet>,
    tables: &[&[&'static str]],
) -> &'static NameSet {
    cell.get_or_init(|| tables.iter().flat_map(|t| t.iter().copied()).collect())
}
