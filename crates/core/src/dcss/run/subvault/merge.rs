//! A built subvault merged into the map under its mask (crawl's
//! `map_lines::merge_subvault`), each merged cell a byte standing for the
//! subvault's meaning of it, keyed by the K-specs the run adds.

use super::{Built, Mask};
use crate::dcss::ast::{Directive, Kw};
use crate::dcss::run::{Event, MapRun};

/// The bytes that stand for merged cells: never a map glyph, a separator
/// or white space, so no later header or Lua of the parent names them.
/// First the control bytes (crawl's `SUBVAULT_GLYPH`, 1, is one), then
/// 0x80 to 0xBF: a K-spec keys each by the character of that number,
/// whose UTF-8 is 0xC2 and the byte itself (and 0xC2 is never one).
fn merged_bytes() -> impl Iterator<Item = u8> {
    (0x01..=0x08)
        .chain(0x0e..=0x1f)
        .chain([0x7f])
        .chain(0x80..=0xbf)
}

/// Whether `g` stands for a subvault's cell.
pub fn is_merged(g: u8) -> bool {
    matches!(g, 0x01..=0x08 | 0x0e..=0x1f | 0x7f | 0x80..=0xbf)
}

/// What glyph `g` of a built map means, as the K-specs that draw it
/// (`directives` the ones in force when it was built): its last KFEAT,
/// KMONS and KITEM; else floor when a KMASK keys it; else its MONS or
/// ITEM slot on floor; else the glyph itself (`KFEAT: k = g`, which the
/// game reads as the glyph).
pub(super) fn meaning(directives: &[Directive], g: u8) -> Vec<(Kw, String)> {
    let last = |kw: Kw| {
        directives
            .iter()
            .filter(|d| d.kw == kw)
            .flat_map(|d| d.selectors().filter_map(|(_, sel)| sel))
            .filter(|(key, _, _)| key.bytes().any(|k| k == g))
            .last()
            .map(|(_, _, value)| (kw, value.to_string()))
    };
    let keyed: Vec<(Kw, String)> = [Kw::Kfeat, Kw::Kmons, Kw::Kitem]
        .into_iter()
        .filter_map(last)
        .collect();
    if !keyed.is_empty() {
        return keyed;
    }
    let floor = || (Kw::Kfeat, ".".to_string());
    // A KMASK alone gives the glyph a K-spec with no feature: crawl
    // merges that K-spec in place of the glyph, and builds it as floor
    // (`_vault_grid` reads the merged glyph, which is no map glyph).
    let masked = directives
        .iter()
        .filter(|d| d.kw == Kw::Kmask)
        .flat_map(|d| d.selectors().filter_map(|(_, sel)| sel))
        .any(|(key, _, _)| key.bytes().any(|k| k == g));
    if masked {
        return vec![floor()];
    }
    let slot = |kw: Kw, first: u8| {
        directives
            .iter()
            .filter(|d| d.kw == kw)
            .flat_map(|d| d.args.iter())
            .nth(usize::from(g - first))
            .map(|(s, _)| s.to_string())
    };
    match g {
        b'1'..=b'7' => {
            let monster = slot(Kw::Mons, b'1').unwrap_or_else(|| "random".into());
            vec![floor(), (Kw::Kmons, monster)]
        }
        b'd'..=b'k' => match slot(Kw::Item, b'd') {
            Some(item) => vec![floor(), (Kw::Kitem, item)],
            None => vec![(Kw::Kfeat, (g as char).to_string())],
        },
        _ => vec![(Kw::Kfeat, (g as char).to_string())],
    }
}

/// The built map merged into the run's map: at a random offset inside
/// the box at `at`, each of its cells under the mask becoming the byte
/// that stands for its meaning (crawl's `map_lines::merge_subvault`).
pub(super) fn merge(run: &mut MapRun, built: &Built, at: (usize, usize), mask: &Mask, line: u32) {
    let (bw, bh) = super::orient::size(&built.rows);
    let spare = |room: usize, used: usize| i32::try_from(room.saturating_sub(used)).unwrap_or(0);
    let ox = usize::try_from(run.rng.range(0, spare(mask.width, bw))).unwrap_or(0);
    let oy = usize::try_from(run.rng.range(0, spare(mask.height, bh))).unwrap_or(0);
    let mut bytes: Vec<(u8, u8)> = Vec::new();
    for (g, specs) in &built.meanings {
        let byte = merged_byte(run, specs, line).unwrap_or(*g);
        bytes.push((*g, byte));
    }
    for (y, row) in built.rows.iter().enumerate() {
        for (x, g) in row.iter().enumerate().filter(|(_, g)| **g != b' ') {
            let (mx, my) = (x + ox, y + oy);
            if !mask.at(mx, my) {
                continue;
            }
            let byte = bytes.iter().find(|(k, _)| k == g).map_or(*g, |(_, b)| *b);
            let (lx, ly) = (at.0 + mx, at.1 + my);
            if let Some(cell) = run.lines.get_mut(ly).and_then(|r| r.get_mut(lx)) {
                *cell = byte;
            }
        }
    }
    // crawl's `_register_subvault`.
    if !built.again {
        run.merged_names.push(built.name.clone());
    }
}

/// The byte standing for a meaning in this run: the one it already has,
/// else the next free one, keyed by its K-specs. When every byte is taken
/// (a sprint's whole-level map merges a hundred kinds of cell), the byte
/// of a meaning with the same terrain, else any: the cell keeps standing
/// apart from the parent's glyphs, and the view says it may be drawn as
/// another. None only before any byte was given.
fn merged_byte(run: &mut MapRun, specs: &[(Kw, String)], line: u32) -> Option<u8> {
    if let Some((_, b)) = run.merged_keys.iter().find(|(s, _)| s == specs) {
        return Some(*b);
    }
    let Some(byte) = merged_bytes().nth(run.merged_keys.len()) else {
        let note = "SUBVAULT cells".to_string();
        if !run.unmodelled.contains(&note) {
            run.unmodelled.push(note);
        }
        let terrain = |s: &[(Kw, String)]| s.iter().find(|(kw, _)| *kw == Kw::Kfeat).cloned();
        let alike = run
            .merged_keys
            .iter()
            .find(|(s, _)| terrain(s) == terrain(specs));
        return alike.or(run.merged_keys.first()).map(|(_, b)| *b);
    };
    run.merged_keys.push((specs.to_vec(), byte));
    for (kw, value) in specs {
        run.events.push(Event::Merged {
            kw: *kw,
            text: format!("{} = {value}", char::from(byte)),
            line,
        });
    }
    Some(byte)
}
