//! The name tables as hash sets (FxHash: names are short and trusted, so
//! eight bytes per step beat SipHash).

use rustc_hash::FxHashSet;

pub(super) type NameSet = FxHashSet<&'static str>;

/// A table as a hash set, built on first use.
pub(super) fn name_set(
    cell: &'static std::sync::OnceLock<NameSet>,
    tables: &[&[&'static str]],
) -> &'static NameSet {
    cell.get_or_init(|| tables.iter().flat_map(|t| t.iter().copied()).collect())
}
