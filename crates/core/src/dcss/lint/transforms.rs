//! SUBST, NSUBST and SHUFFLE: rejected specs, lines the map cannot satisfy, glyphs left.

use super::glyph_set::GlyphSet;
use super::{SUBST_UNSATISFIED, TRANSFORM};
use crate::dcss::{fields, spec, Item, Kw, Vault};
use vaultwright_model::diagnostic::Diagnostic;

/// Adds to `glyphs` every glyph a SUBST, NSUBST or SHUFFLE line can bring
/// into the map.
pub(super) fn add_transform_outputs(v: &Vault, glyphs: &mut GlyphSet) {
    if !(v.has(Kw::Subst) || v.has(Kw::Nsubst) || v.has(Kw::Shuffle)) {
        return;
    }
    for item in &v.items {
        if let Item::Directive(d) = item {
            for ((a, _), sel) in d.selectors() {
                match d.kw {
                    Kw::Subst => {
                        if let Some((_, _, val)) = sel {
                            let mut found = GlyphSet::default();
                            if spec::each_weighted_glyph(val, |g, _| found.extend([g])).is_ok() {
                                glyphs.union(&found);
                            }
                        }
                    }
                    Kw::Nsubst => {
                        if let Some((_, _, val)) = sel {
                            for seg in spec::nsubst_segments(val) {
                                let mut found = GlyphSet::default();
                                if spec::each_weighted_glyph(seg.repl, |g, _| found.extend([g]))
                                    .is_ok()
                                {
                                    glyphs.union(&found);
                                }
                            }
                        }
                    }
                    Kw::Shuffle => {
                        glyphs.extend(a.bytes().filter(|b| !b.is_ascii_whitespace() && *b != b'/'))
                    }
                    _ => {}
                }
            }
        }
    }
}

/// The glyphs that can be left in the map after its transforms, read in
/// source order without a seed: SUBST and CLEAR remove their keys, NSUBST
/// removes them when its last segment takes every remaining cell, SHUFFLE
/// can bring any glyph of its segments; every replacement can appear.
pub(super) fn final_glyphs(v: &Vault, in_map: GlyphSet) -> GlyphSet {
    let mut set = in_map;
    for item in &v.items {
        let Item::Directive(d) = item else { continue };
        for ((a, _), sel) in d.selectors() {
            match d.kw {
                Kw::Subst | Kw::Nsubst => {
                    let Some((key, _, val)) = sel else {
                        continue;
                    };
                    if !key.bytes().any(|g| set.contains(&g)) {
                        continue;
                    }
                    let mut out = GlyphSet::default();
                    let mut all_taken = d.kw == Kw::Subst;
                    let read = if d.kw == Kw::Subst {
                        spec::each_weighted_glyph(val, |g, _| out.extend([g]))
                    } else {
                        spec::nsubst_segments(val).try_for_each(|seg| {
                            all_taken = seg.count.is_none();
                            spec::each_weighted_glyph(seg.repl, |g, _| out.extend([g]))
                        })
                    };
                    if read.is_err() {
                        continue;
                    }
                    if all_taken {
                        key.bytes().for_each(|g| set.remove(g));
                    }
                    set.union(&out);
                }
                Kw::Shuffle => {
                    let glyphs = a.bytes().filter(|b| !b.is_ascii_whitespace() && *b != b'/');
                    if glyphs.clone().any(|g| set.contains(&g)) {
                        set.extend(glyphs);
                    }
                }
                Kw::Clear => a.bytes().for_each(|g| set.remove(g)),
                _ => {}
            }
        }
    }
    set
}

/// SUBST and NSUBST lines the map cannot satisfy: a key with no cell, or an
/// NSUBST whose counts ask for more cells than hold its key. Only where the
/// count is certain: no earlier transform mentions the key's glyphs.
pub(super) fn lint_unsatisfiable_substs(
    v: &Vault,
    counts: &[u32; 256],
    diags: &mut Vec<Diagnostic>,
) {
    if !v.has(Kw::Subst) && !v.has(Kw::Nsubst) {
        return;
    }
    // Glyphs an earlier transform touches (as key or as output).
    let mut touched = GlyphSet::default();
    for item in &v.items {
        let Item::Directive(d) = item else { continue };
        if !matches!(
            d.kw,
            Kw::Subst | Kw::Nsubst | Kw::Shuffle | Kw::Clear | Kw::Subvault
        ) {
            continue;
        }
        for ((a, span), sel) in d.selectors() {
            if let (Some((key, _, value)), Kw::Subst | Kw::Nsubst) = (sel, d.kw) {
                let certain = !key.bytes().any(|g| touched.contains(&g));
                let have: usize = if certain {
                    key.bytes().map(|g| counts[usize::from(g)] as usize).sum()
                } else {
                    0
                };
                if certain && have == 0 {
                    diags.push(Diagnostic::warning(
                        SUBST_UNSATISFIED,
                        format!(
                            "{} key `{key}` matches no cell of the map: the line does nothing",
                            d.keyword
                        ),
                        *span,
                    ));
                } else if certain && d.kw == Kw::Nsubst {
                    let wanted: usize = spec::nsubst_segments(value)
                        .filter_map(|seg| seg.count)
                        .sum();
                    if wanted > have {
                        diags.push(
                            Diagnostic::warning(
                                SUBST_UNSATISFIED,
                                format!(
                                    "NSUBST asks for {wanted} cells of `{key}` but the map has {have}"
                                ),
                                *span,
                            )
                            .with_note("the last segments get fewer cells than their counts, or none"),
                        );
                    }
                }
                touched.extend(key.bytes());
                touched.extend(value.bytes());
            } else {
                touched.extend(a.bytes());
            }
        }
    }
}

/// SUBST/NSUBST/SHUFFLE specs the game rejects, read without applying them.
pub fn lint_transforms(v: &Vault, diags: &mut Vec<Diagnostic>) {
    for d in ["SUBST", "NSUBST", "SHUFFLE"]
        .iter()
        .flat_map(|k| v.directives(k))
    {
        for ((a, span), sel) in d.selectors() {
            let problem = match d.keyword {
                "SHUFFLE" => {
                    // Segment lengths with blanks removed must agree.
                    let len = |seg: &str| -> usize {
                        seg.chars()
                            .filter(|c| !c.is_whitespace())
                            .map(char::len_utf8)
                            .sum()
                    };
                    let mut segs = fields(a, |b| b == b'/').map(len);
                    let first = segs.next().unwrap_or(0);
                    segs.any(|l| l != first)
                        .then(|| "block shuffle segment length mismatch".to_string())
                }
                _ => match sel {
                    None => Some(format!("malformed declaration - must use = or : in '{a}'")),
                    Some((_, _, val)) if d.keyword == "SUBST" => {
                        spec::each_weighted_glyph(val, |_, _| ()).err()
                    }
                    Some((_, _, val)) => spec::nsubst_segments(val)
                        .find_map(|seg| spec::each_weighted_glyph(seg.repl, |_, _| ()).err())
                        .map(|e| format!("Bad NSUBST spec: {a} ({e})")),
                },
            };
            if let Some(p) = problem {
                diags.push(Diagnostic::warning(TRANSFORM, p, *span));
            }
        }
    }
}
