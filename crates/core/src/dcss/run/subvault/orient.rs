//! A built subvault turned and mirrored to fit its mask, as crawl's
//! `resolve_subvault` (maps.cc) decides.

use super::Mask;
use crate::rng::Rng;

/// Every row padded with space to the widest.
pub(super) fn normalised(rows: &mut [Vec<u8>]) {
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    for row in rows {
        row.resize(width, b' ');
    }
}

pub(super) fn size(rows: &[Vec<u8>]) -> (usize, usize) {
    (rows.first().map_or(0, Vec::len), rows.len())
}

/// The most a map may measure to be turned (crawl's `GMINM`).
const MOST_TURNED: usize = 70;

/// The rows turned and mirrored as crawl's `resolve_subvault` decides:
/// turned when they must be to fit (or on a coin when they may), then,
/// when they fit exactly, mirrored the way that leaves the fewest of
/// their cells outside the mask; none when they cannot fit.
pub(super) fn oriented(
    mut rows: Vec<Vec<u8>>,
    mask: &Mask,
    refuses: &dyn Fn(&str) -> bool,
    rng: &mut Rng,
) -> Option<Vec<Vec<u8>>> {
    let (w, h) = (mask.width, mask.height);
    let coin = |rng: &mut Rng| rng.range(0, 1) == 1;
    let (mw, mh) = size(&rows);
    let can_rotate = mw <= h && mh <= w && !refuses("no_rotate");
    let must_rotate = mw > w || mh > h;
    if must_rotate && !can_rotate {
        return None;
    }
    if must_rotate || (can_rotate && coin(rng)) {
        let clockwise = coin(rng);
        if mw <= MOST_TURNED && mh <= MOST_TURNED {
            rows = crate::dcss::run::resolve::turned(&rows, clockwise, b' ');
        }
    }
    let hmirror = |rows: &mut Vec<Vec<u8>>| {
        if !refuses("no_hmirror") {
            rows.iter_mut().for_each(|r| r.reverse());
        }
    };
    let vmirror = |rows: &mut Vec<Vec<u8>>| {
        if !refuses("no_vmirror") {
            rows.reverse();
        }
    };
    let (mw, mh) = size(&rows);
    if (mw, mh) != (w, h) {
        if coin(rng) {
            hmirror(&mut rows);
        }
        if coin(rng) {
            vmirror(&mut rows);
        }
        return (mw <= w && mh <= h).then_some(rows);
    }
    if w == 1 && h == 1 {
        return Some(rows);
    }
    let (can_h, can_v) = (!refuses("no_hmirror"), !refuses("no_vmirror"));
    // As crawl counts: as they are, mirrored across, then also upside
    // down, then only upside down.
    let mut mismatch = [0; 4];
    mismatch[0] = outside(&rows, mask);
    hmirror(&mut rows);
    mismatch[1] = outside(&rows, mask);
    vmirror(&mut rows);
    mismatch[2] = outside(&rows, mask);
    hmirror(&mut rows);
    mismatch[3] = outside(&rows, mask);
    let mut least = mismatch[0];
    if can_h {
        least = least.min(mismatch[1]);
    }
    if can_h && can_v {
        least = least.min(mismatch[2]);
    }
    if can_v {
        least = least.min(mismatch[3]);
    }
    // crawl then counts both upside-down ways whatever the tags say.
    least = least.min(mismatch[2]);
    if can_v {
        least = least.min(mismatch[3]);
    }
    let start = usize::try_from(rng.range(0, 3)).unwrap_or(0);
    let way = (0..4)
        .map(|i| (start + i) % 4)
        .find(|&i| mismatch[i] == least)
        .unwrap_or(3);
    // The rows are upside down now (way 3).
    match way {
        0 => vmirror(&mut rows),
        1 => {
            vmirror(&mut rows);
            hmirror(&mut rows);
        }
        2 => hmirror(&mut rows),
        _ => {}
    }
    Some(rows)
}

/// How many of the rows' cells fall outside the mask (at its top left).
fn outside(rows: &[Vec<u8>], mask: &Mask) -> usize {
    rows.iter()
        .enumerate()
        .flat_map(|(y, row)| row.iter().enumerate().map(move |(x, g)| (x, y, *g)))
        .filter(|&(x, y, g)| g != b' ' && !mask.at(x, y))
        .count()
}
