//! Every face of a random level: one outline entry realised with several
//! seeds, and the cells where those realisations differ, so that a
//! designer sees at a glance what the game chooses at random.
//!
//! The studio draws a grid of faces (4, 9 or 16 seeds) or two of them side
//! by side; the seeds a grid uses are [`seeds`]' so that a permalink holding
//! the main seed, the count and the mode brings back the same faces.

use crate::dcss;
use vaultwright_model::view::{TileMap, View};
use vaultwright_model::{Language, Options};

/// How a grid's seeds follow from the main seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedOrder {
    /// `seed, seed + 1, seed + 2, …`: stepping through them by hand gives
    /// the same faces.
    Consecutive,
    /// Far-apart seeds drawn from the main one (the same every time).
    Scattered,
}

/// The seeds of a grid of `count` faces. The first is always `main`, so
/// that choosing a face (making its seed the main one) puts it first.
pub fn seeds(main: u64, count: usize, order: SeedOrder) -> Vec<u64> {
    let mut rng = crate::rng::Rng::new(main);
    (0..count as u64)
        .map(|i| match (i, order) {
            (0, _) => main,
            (_, SeedOrder::Consecutive) => main.wrapping_add(i),
            // Below 2^31: a seed a person can type and a link carries as
            // a plain number.
            (_, SeedOrder::Scattered) => rng.next_u64() % (1 << 31),
        })
        .collect()
}

/// The tile map of outline entry `options.focus` (the first entry when
/// absent) for each seed, `None` where it has none. DCSS vaults are read
/// once and realised per seed; other languages are analysed once per seed
/// (their levels are small, and their random choices are made while they
/// are lowered to a view).
pub fn realise(
    source: &str,
    language: Language,
    options: &Options,
    seeds: &[u64],
) -> Vec<Option<TileMap>> {
    let symbol = options.focus.unwrap_or(0);
    match language {
        Language::DcssDes => dcss::faces(source, symbol, seeds, options),
        _ => seeds
            .iter()
            .map(|&seed| analysed_map(source, language, options, symbol, seed))
            .collect(),
    }
}

fn analysed_map(
    source: &str,
    language: Language,
    options: &Options,
    symbol: usize,
    seed: u64,
) -> Option<TileMap> {
    let options = Options {
        seed,
        focus: Some(symbol),
        without_views: false,
        // The findings are not wanted, only the drawing.
        reachability_seeds: Some(0),
        no_guidelines: true,
        ..options.clone()
    };
    crate::analyze(source, language, &options)
        .views
        .into_iter()
        .filter(|v| v.symbol == symbol)
        .find_map(|v| match v.view {
            View::TileMap(m) => Some(m),
            _ => None,
        })
}

/// Where faces differ: one flag per cell of the largest face, row-major.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Differing {
    pub width: u32,
    pub height: u32,
    pub cells: Vec<bool>,
}

impl Differing {
    pub fn count(&self) -> usize {
        self.cells.iter().filter(|&&d| d).count()
    }

    pub fn at(&self, x: u32, y: u32) -> bool {
        x < self.width && y < self.height && self.cells[(y * self.width + x) as usize]
    }
}

/// The cells whose drawing (glyph and colour, of the thing on top) is not
/// the same in every face. A cell outside a smaller face counts as blank.
pub fn differing(faces: &[&TileMap]) -> Differing {
    let width = faces.iter().map(|m| m.width).max().unwrap_or(0);
    let height = faces.iter().map(|m| m.height).max().unwrap_or(0);
    let drawn: Vec<Vec<(char, u32)>> = faces.iter().map(|m| drawn(m, width, height)).collect();
    let cells = (0..(width * height) as usize)
        .map(|i| {
            let first = drawn.first().map(|d| d[i]);
            drawn.iter().any(|d| Some(d[i]) != first)
        })
        .collect();
    Differing {
        width,
        height,
        cells,
    }
}

/// What a face shows at each cell of a `width` × `height` frame: the last
/// marker drawn there, else the terrain (glyph and colour as one key).
fn drawn(map: &TileMap, width: u32, height: u32) -> Vec<(char, u32)> {
    let key = |glyph: char, fg: vaultwright_model::view::Rgb| {
        (
            glyph,
            u32::from(fg.0) << 16 | u32::from(fg.1) << 8 | u32::from(fg.2),
        )
    };
    let mut out = vec![(' ', 0); (width * height) as usize];
    for y in 0..map.height.min(height) {
        for x in 0..map.width.min(width) {
            if let Some(c) = map.cell(x, y) {
                out[(y * width + x) as usize] = key(c.glyph, c.fg);
            }
        }
    }
    for m in &map.markers {
        if m.x >= 0 && m.y >= 0 && (m.x as u32) < width && (m.y as u32) < height {
            out[(m.y as u32 * width + m.x as u32) as usize] = key(m.glyph, m.fg);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const VAULT: &str = "NAME: faces_test\nTAGS: no_rotate no_hmirror no_vmirror\nSUBST: x = ab\nMAP\nxxxx\n.xx.\nENDMAP\n";

    fn options(symbol: usize) -> Options {
        Options {
            focus: Some(symbol),
            ..Options::default()
        }
    }

    #[test]
    fn a_grid_starts_at_the_main_seed() {
        assert_eq!(
            seeds(7, 4, SeedOrder::Consecutive),
            vec![7, 8, 9, 10],
            "consecutive"
        );
        let scattered = seeds(7, 16, SeedOrder::Scattered);
        assert_eq!(scattered[0], 7);
        assert_eq!(
            scattered,
            seeds(7, 16, SeedOrder::Scattered),
            "the same each time"
        );
        let mut distinct = scattered.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 16);
        assert!(scattered.iter().all(|&s| s < 1 << 31 || s == 7));
    }

    /// The fast DCSS path draws what the studio's analysis draws for the
    /// same seed.
    #[test]
    fn a_dcss_face_is_the_analysis_view_for_its_seed() {
        let file = format!("NAME: first\nMAP\n...\nENDMAP\n\n{VAULT}");
        for seed in [0, 1, 5, 99] {
            let fast = realise(&file, Language::DcssDes, &options(1), &[seed]);
            let analysis =
                crate::analyze(&file, Language::DcssDes, &Options { seed, ..options(1) });
            let viewed = analysis.views.iter().find_map(|v| match &v.view {
                View::TileMap(m) if v.symbol == 1 => Some(m.clone()),
                _ => None,
            });
            assert_eq!(fast, vec![viewed], "seed {seed}");
        }
    }

    #[test]
    fn faces_of_a_substituted_vault_differ_only_where_it_substitutes() {
        let faces: Vec<TileMap> = realise(
            VAULT,
            Language::DcssDes,
            &options(0),
            &seeds(1, 16, SeedOrder::Consecutive),
        )
        .into_iter()
        .map(|m| m.expect("a vault with a map has a face"))
        .collect();
        let refs: Vec<&TileMap> = faces.iter().collect();
        let d = differing(&refs);
        assert_eq!((d.width, d.height), (4, 2));
        // Every `x` may become `a` or `b`; the floor never changes.
        let expected: Vec<bool> = "xxxx.xx.".chars().map(|c| c == 'x').collect();
        assert_eq!(d.cells, expected);
        assert_eq!(d.count(), 6);
        assert!(!d.at(0, 1) && d.at(1, 1) && !d.at(9, 9));
    }

    #[test]
    fn a_fixed_nethack_level_has_one_face() {
        let src = "MAZE:\"tiny\",' '\nGEOMETRY:center,center\nMAP\n...\n.|.\nENDMAP\n";
        let faces = realise(src, Language::NethackDes, &options(0), &[1, 2, 3]);
        let faces: Vec<&TileMap> = faces.iter().map(|m| m.as_ref().expect("drawn")).collect();
        assert_eq!(differing(&faces).count(), 0);
    }

    #[test]
    fn a_random_monster_moves_between_faces() {
        let src = "MAZE:\"tiny\",' '\nGEOMETRY:center,center\nMAP\n.......\n.......\nENDMAP\nMONSTER:'d',\"jackal\",random\n";
        let faces = realise(
            src,
            Language::NethackDes,
            &options(0),
            &seeds(3, 9, SeedOrder::Scattered),
        );
        let faces: Vec<&TileMap> = faces.iter().map(|m| m.as_ref().expect("drawn")).collect();
        assert!(
            differing(&faces).count() >= 2,
            "the jackal is placed at random"
        );
    }

    #[test]
    fn faces_of_different_sizes_compare_over_the_larger() {
        let small = TileMap::new(1, 1, vaultwright_model::view::Cell::blank());
        let mut large = TileMap::new(2, 1, vaultwright_model::view::Cell::blank());
        large.cells[1].glyph = '#';
        let d = differing(&[&small, &large]);
        assert_eq!(d.cells, vec![false, true]);
        assert_eq!(differing(&[]), Differing::default());
    }
}
