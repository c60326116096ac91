//! A seeded, Lua-free realisation of a vault: the grid transforms (SUBST,
//! NSUBST, SHUFFLE, CLEAR) in source order, then mirroring and rotation
//! unless the tags forbid them, then each cell's K-spec or slot. Directives
//! that sit under a Lua condition are not applied, and the result says so.

use super::plan::{GlyphCell, Plan};
use super::Vault;
use crate::rng::Rng;
use vaultwright_model::source::Span;

/// One realised cell: its glyph and where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct RCell {
    pub glyph: u8,
    /// The MAP row position that produced it.
    pub origin: Option<Span>,
    /// The directive that last rewrote it.
    pub by: Option<Span>,
    /// Its `(column, row)` in the vault's MAP (0-based), which mirroring
    /// and rotation move away from its realised position; `None` for the
    /// padding right of a short row.
    pub source: Option<(i32, i32)>,
}

impl GlyphCell for RCell {
    fn glyph(&self) -> u8 {
        self.glyph
    }
    fn rewrite(&mut self, glyph: u8, by: Span) {
        self.glyph = glyph;
        self.by = Some(by);
    }
}

/// Mixed into every seed, so a vault's stream differs from the other
/// formats' for the same seed (kept: permalinks' seeds depend on it).
pub const RNG_SALT: u64 = 0xdc55;

#[derive(Clone, Debug, PartialEq)]
pub struct Realized {
    pub grid: Vec<Vec<RCell>>,
    /// Directives skipped because Lua decides whether they run.
    pub skipped: Vec<Span>,
    pub mirrored_h: bool,
    pub mirrored_v: bool,
    pub rotated: bool,
    /// Transform specs that could not be read (with why).
    pub problems: Vec<(Span, String)>,
}

pub fn realize(v: &Vault, seed: u64) -> Realized {
    realize_planned(v, &Plan::new(v), seed)
}

/// [`realize`] with the vault's transforms already read.
pub fn realize_planned(v: &Vault, plan: &Plan, seed: u64) -> Realized {
    let mut rng = Rng::new(seed ^ RNG_SALT);
    let (rows, spans) = v.grid();
    let w = rows.first().map(Vec::len).unwrap_or(0);
    let mut cells: Vec<RCell> = Vec::with_capacity(w * rows.len());
    for (y, r) in rows.iter().enumerate() {
        for (x, &g) in r.iter().enumerate() {
            let written = spans.get(y).filter(|s| x < s.len());
            cells.push(RCell {
                glyph: g,
                origin: written.map(|s| Span::new(s.start as usize + x, s.start as usize + x + 1)),
                by: None,
                source: written.map(|_| (x as i32, y as i32)),
            });
        }
    }
    plan.apply(&mut cells, &mut rng, |_, _| {});
    let mut grid: Vec<Vec<RCell>> = Vec::with_capacity(rows.len());
    let mut rest = cells.into_iter();
    for _ in 0..rows.len() {
        grid.push(rest.by_ref().take(w).collect());
    }
    let mut out = Realized {
        grid: Vec::new(),
        skipped: plan.skipped.clone(),
        mirrored_h: false,
        mirrored_v: false,
        rotated: false,
        problems: plan.problems.clone(),
    };
    let tags = v.tags();
    let h = grid.len();
    let w = grid.first().map(Vec::len).unwrap_or(0);
    if w * h > 1 {
        if !tags.contains(&"no_hmirror") && rng.range(0, 1) == 1 {
            for row in &mut grid {
                row.reverse();
            }
            out.mirrored_h = true;
        }
        if !tags.contains(&"no_vmirror") && rng.range(0, 1) == 1 {
            grid.reverse();
            out.mirrored_v = true;
        }
        if !tags.contains(&"no_rotate") && w <= 70 && h <= 70 && rng.range(0, 1) == 1 {
            let clockwise = rng.range(0, 1) == 1;
            let mut rot = vec![Vec::with_capacity(h); w];
            for (x, col) in rot.iter_mut().enumerate() {
                for y in 0..h {
                    let (sx, sy) = if clockwise {
                        (x, h - 1 - y)
                    } else {
                        (w - 1 - x, y)
                    };
                    col.push(grid[sy][sx].clone());
                }
            }
            grid = rot;
            out.rotated = true;
        }
    }
    out.grid = grid;
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dcss::parse;

    fn vault(src: &str) -> Vault<'_> {
        let f = parse(src);
        assert!(
            f.diagnostics.iter().all(|d| !d.is_error()),
            "{:?}",
            f.diagnostics
        );
        f.vaults.into_iter().next().unwrap()
    }

    fn count(r: &Realized, g: u8) -> usize {
        r.grid.iter().flatten().filter(|c| c.glyph == g).count()
    }

    const GOLDEN_SEEDS_1_TO_3: &[&[&str]] = &[
        &["xzyeee", "cccbbc"],
        &["fb", "fc", "fb", "xc", "yc", "zc"],
        &["cz", "cy", "bx", "be", "ce", "ce"],
    ];

    /// A permalink's seed must realise the same vault in every version:
    /// these rows are what seeds 1 to 3 gave when the generator moved to
    /// its own module.
    #[test]
    fn seeds_realise_as_they_always_did() {
        let v = vault("NAME: t\nNSUBST: a = 2=b / c\nSUBST: d : efg\nSHUFFLE: xyz\nMAP\naaaaaa\ndddxyz\nENDMAP\n");
        let rows = |seed| -> Vec<String> {
            realize(&v, seed)
                .grid
                .iter()
                .map(|r| r.iter().map(|c| c.glyph as char).collect())
                .collect()
        };
        let got: Vec<Vec<String>> = (1..=3).map(rows).collect();
        assert_eq!(got, GOLDEN_SEEDS_1_TO_3, "{got:?}");
    }

    #[test]
    fn nsubst_counts_are_honoured_and_shuffle_is_a_permutation() {
        let v = vault("NAME: t\nTAGS: no_rotate no_hmirror no_vmirror\nNSUBST: a = 3=b / 2=c / d\nSHUFFLE: xyz\nMAP\naaaaaaaaaa\nxyzxyz....\nENDMAP\n");
        for seed in 0..100 {
            let r = realize(&v, seed);
            assert_eq!(
                (count(&r, b'b'), count(&r, b'c'), count(&r, b'd')),
                (3, 2, 5)
            );
            assert_eq!(count(&r, b'a'), 0);
            let row: Vec<u8> = r.grid[1].iter().map(|c| c.glyph).collect();
            let mut first = row[..3].to_vec();
            first.sort();
            assert_eq!(first, b"xyz".to_vec(), "seed {seed}");
            assert_eq!(row[..3], row[3..6], "the same permutation everywhere");
            assert!(!r.rotated && !r.mirrored_h && !r.mirrored_v);
            assert_eq!(r, realize(&v, seed), "deterministic");
        }
    }

    #[test]
    fn subst_once_and_weights() {
        let v = vault(
            "NAME: t\nTAGS: no_rotate\nSUBST: a : bc, e = f:1 g:100\nMAP\naaaa\neeee\nENDMAP\n",
        );
        let mut gs = 0;
        for seed in 0..50 {
            let r = realize(&v, seed);
            let row0: Vec<u8> = r
                .grid
                .iter()
                .flatten()
                .filter(|c| c.glyph == b'b' || c.glyph == b'c')
                .map(|c| c.glyph)
                .collect();
            assert_eq!(row0.len(), 4);
            assert!(row0.iter().all(|&g| g == row0[0]), "`:` picks once");
            gs += count(&r, b'g');
        }
        assert!(gs > 150, "weights respected ({gs})");
    }

    #[test]
    fn conditional_transforms_are_reported_not_applied() {
        let v =
            vault("NAME: t\n: if crawl.coinflip() then\nSUBST: a = b\n: end\nMAP\naa\nENDMAP\n");
        let r = realize(&v, 1);
        assert_eq!(r.skipped.len(), 1);
        assert_eq!(count(&r, b'a'), 2);
    }
}
