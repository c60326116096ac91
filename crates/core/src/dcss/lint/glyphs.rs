//! Map glyphs: K-spec keys and MONS slots the map never uses, glyphs with no meaning.

use super::glyph_set::GlyphSet;
use super::transforms::{add_transform_outputs, final_glyphs, lint_unsatisfiable_substs};
use super::{GLYPH_MEANINGLESS, KEY_UNUSED, SLOT_MISSING, SLOT_UNUSED};
use crate::dcss::{tables, Item, Kw, Vault};
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::Span;

/// K-spec keys, MONS slots, glyphs and SUBST lines against the map, for a
/// vault no Lua can change.
pub(super) fn lint_map(v: &Vault, diags: &mut Vec<Diagnostic>) {
    // One pass over the map's cells serves every rule below.
    let counts = glyph_counts(v);
    let in_map = GlyphSet::of_counts(&counts);
    if in_map.is_empty() {
        return;
    }
    // Glyphs a transform can produce count as used.
    let mut glyphs = in_map;
    add_transform_outputs(v, &mut glyphs);
    key_findings(v, &glyphs, diags);
    lint_meaningless_glyphs(v, &in_map, diags);
    lint_unsatisfiable_substs(v, &counts, diags);
    slot_findings(v, glyphs, in_map, diags);
}

/// How many cells of the vault's maps hold each glyph.
fn glyph_counts(v: &Vault) -> [u32; 256] {
    let mut counts = [0u32; 256];
    for i in &v.items {
        if let Item::Map { rows, .. } = i {
            for (_, r) in rows {
                for &g in r.iter() {
                    counts[usize::from(g)] += 1;
                }
            }
        }
    }
    counts
}

/// KFEAT, KMONS and KITEM keys that neither the map nor a transform holds.
fn key_findings(v: &Vault, glyphs: &GlyphSet, diags: &mut Vec<Diagnostic>) {
    for kw in ["KFEAT", "KMONS", "KITEM"] {
        for d in v.directives(kw) {
            for ((_, span), sel) in d.selectors() {
                if let Some((key, _, _)) = sel {
                    if !key.bytes().any(|k| glyphs.contains(&k)) {
                        diags.push(Diagnostic::warning(
                            KEY_UNUSED,
                            format!("{kw} key `{key}` does not appear in the map"),
                            *span,
                        ));
                    }
                }
            }
        }
    }
}

/// MONS slots whose digit the map never holds, and digits with no slot.
fn slot_findings(v: &Vault, glyphs: GlyphSet, in_map: GlyphSet, diags: &mut Vec<Diagnostic>) {
    // A slot is used when its digit can be left in the map once the
    // transforms have run (a digit SUBST turns into `0` or `.` places no
    // slot monster).
    // (The glyphs left are a subset of those the map and the transforms
    // hold, so without any slot digit there is nothing to work out.)
    let last = if (b'1'..=b'7').any(|g| glyphs.contains(&g)) {
        final_glyphs(v, in_map)
    } else {
        glyphs
    };
    let mons: usize = v.directives("MONS").map(|d| d.args.len()).sum();
    for slot in 1..=7u8 {
        let used = last.contains(&(b'0' + slot));
        let defined = (slot as usize) <= mons;
        if defined && !used {
            if let Some((spec, span)) = v
                .directives("MONS")
                .flat_map(|d| d.args.iter())
                .nth(slot as usize - 1)
            {
                diags.push(Diagnostic::warning(
                    SLOT_UNUSED,
                    format!("MONS slot {slot} ({spec}) has no `{slot}` in the map"),
                    *span,
                ));
            }
        }
        if used && !defined && !v.has(Kw::Kmons) && !v.has(Kw::Kfeat) {
            diags.push(Diagnostic::warning(
                SLOT_MISSING,
                format!(
                    "`{slot}` in the map but no MONS slot {slot}: the game places a random monster there"
                ),
                v.name_span,
            ));
        }
    }
}

/// Map glyphs with no default meaning that no directive mentions: the game
/// quietly makes them floor (spec: "unknown glyphs … are not errors").
/// Reported once per glyph, at its first cell. Only for vaults without Lua.
fn lint_meaningless_glyphs(v: &Vault, in_map: &GlyphSet, diags: &mut Vec<Diagnostic>) {
    let mut mentioned = GlyphSet::default();
    mentioned.extend(tables::GLYPHS.iter().map(|g| g.0));
    mentioned.extend([b' ']);
    for item in &v.items {
        let Item::Directive(d) = item else { continue };
        for ((a, _), sel) in d.selectors() {
            match d.kw {
                Kw::Shuffle | Kw::Clear => mentioned.extend(a.bytes()),
                Kw::Marker
                | Kw::Kfeat
                | Kw::Kitem
                | Kw::Kmons
                | Kw::Kmask
                | Kw::Kprop
                | Kw::Subvault
                | Kw::Subst
                | Kw::Nsubst
                | Kw::Colour
                | Kw::Ftile
                | Kw::Rtile
                | Kw::Tile
                | Kw::Fheight => {
                    if let Some((key, _, _)) = sel {
                        mentioned.extend(key.bytes());
                    }
                }
                _ => {}
            }
        }
    }
    if in_map.is_subset(&mentioned) {
        return;
    }
    let mut reported = GlyphSet::default();
    for item in &v.items {
        let Item::Map { rows, .. } = item else {
            continue;
        };
        for (span, row) in rows {
            for (col, &g) in row.iter().enumerate() {
                if mentioned.contains(&g) || reported.contains(&g) {
                    continue;
                }
                let at = span.start as usize + col;
                if g.is_ascii() {
                    reported.extend([g]);
                    diags.push(meaningless_glyph(&format!("`{}`", g as char), at, 1));
                } else if let Some(ch) = vaultwright_model::source::char_starting_at(row, col) {
                    // One finding for the character, not one per byte.
                    let mut buf = [0u8; 4];
                    let bytes = ch.encode_utf8(&mut buf).as_bytes();
                    reported.extend(bytes.iter().copied());
                    let shown = format!("`{ch}` (U+{:04X}, {} bytes)", ch as u32, bytes.len());
                    diags.push(meaningless_glyph(&shown, at, bytes.len()));
                }
            }
        }
    }
}

fn meaningless_glyph(shown: &str, at: usize, len: usize) -> Diagnostic {
    let mut d = Diagnostic::warning(
        GLYPH_MEANINGLESS,
        format!("map glyph {shown} has no meaning: the game makes it floor"),
        Span::new(at, at + len),
    );
    if len > 1 {
        d.notes
            .push("the game reads a map by bytes: each byte of it is a cell of floor".into());
    }
    d.with_note("give it one with SUBST, NSUBST, SHUFFLE or KFEAT/KMONS/KITEM, or use `.`")
}

#[cfg(test)]
mod tests {
    use crate::dcss::lint::{SLOT_MISSING, SLOT_UNUSED};

    #[test]
    fn slot_digits_count_only_when_transforms_can_leave_them() {
        let codes = |src: &str| -> Vec<String> {
            crate::dcss::parse(src)
                .diagnostics
                .iter()
                .filter(|d| d.code == SLOT_MISSING || d.code == SLOT_UNUSED)
                .map(|d| d.code.to_string())
                .collect()
        };
        let map = "MAP\nx1.x\nENDMAP\n";
        // Replaced everywhere: no slot monster is placed, nothing to say.
        assert!(codes(&format!("NAME: a\nSUBST: 1 = 0.\n{map}")).is_empty());
        assert!(codes(&format!("NAME: b\nNSUBST: 1 = 1:0 / *:.\n{map}")).is_empty());
        assert!(codes(&format!("NAME: c\nCLEAR: 1\n{map}")).is_empty());
        // Some `1` may stay: a random monster there.
        assert_eq!(
            codes(&format!("NAME: d\nNSUBST: 1 = 1:0\n{map}")),
            ["DC0206"]
        );
        assert_eq!(codes(&format!("NAME: e\n{map}")), ["DC0206"]);
        // A slot whose digit is always replaced is never used.
        assert_eq!(
            codes(&format!("NAME: f\nMONS: orc\nSUBST: 1 = .\n{map}")),
            ["DC0205"]
        );
        // A digit brought in by SHUFFLE or SUBST counts.
        assert!(codes("NAME: g\nMONS: orc\nSHUFFLE: 1x\nMAP\nxx.x\nENDMAP\n").is_empty());
        assert!(codes(&format!("NAME: h\nMONS: orc\nSUBST: . = 1\n{map}")).is_empty());
    }
}
