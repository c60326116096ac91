//! `add_pools`: pools of liquid (or anything) spread over a layout's
//! floor, with paths left between them.
//!
//! Seeds are scattered over the `replace` cells; each pool then grows
//! one random cell at a time from the cells waiting beside it, and a
//! cell touching two pools, or a cell outside the `replace` ones,
//! becomes path (`border`) instead, so pools never meet and never touch
//! a wall.

use std::collections::BTreeMap;

use piccolo::{CallbackReturn, Context, Stack, Value};

use super::args::{coords, field_char, field_int, field_set};
use super::query::AROUND;
use super::{size, with_job, Job, Out, Shared};

/// The four cells across and down, in the order crawl lists them.
const ORTH: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// Where a cell of the box stands as the pools grow.
#[derive(Clone, Copy, PartialEq)]
enum Pool {
    /// A `replace` cell no pool has reached.
    Free,
    /// Waiting beside a pool to be judged.
    Listed,
    /// Between pools, or beside something not `replace`: path.
    Border,
    /// Not a `replace` cell: left as it is.
    Forbidden,
    In(usize),
}

/// The glyphs pools are filled with, each with its weight, in glyph
/// order (crawl lists each glyph as often as its weight, sorted, and
/// draws one place in the list).
fn contents<'gc>(ctx: Context<'gc>, args: Value<'gc>) -> Vec<(u8, i64)> {
    let mut weights: BTreeMap<u8, i64> = BTreeMap::new();
    if let Value::Table(t) = args {
        if let Value::Table(c) = t.get(ctx, "contents") {
            for (key, value) in c.iter() {
                let count = match value {
                    Value::Integer(i) => i,
                    Value::Number(f) if f.is_finite() => f.trunc().clamp(-1e9, 1e9) as i64,
                    _ => continue,
                };
                let glyph = match key {
                    Value::String(s) => s.as_bytes().first().copied().unwrap_or(0),
                    _ => continue,
                };
                // crawl holds a weight to ten thousand; a glyph named by
                // several keys (by their first letter) adds them up.
                let count = count.min(10_000);
                if glyph != 0 && count > 0 {
                    *weights.entry(glyph).or_default() += count;
                }
            }
        }
    }
    if weights.is_empty() {
        return vec![(b'.', 1)];
    }
    weights.into_iter().collect()
}

/// `add_pools{x1, y1, x2, y2, replace, border, pool_size,
/// seed_separation, contents}`: about one pool per `pool_size` cells of
/// `replace`, seeds at least `seed_separation` apart, each pool filled
/// with a glyph of `contents` (a table of glyph to weight; floor when
/// empty), the paths between them `border`.
pub(super) fn add_pools<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let replace = field_set(ctx, args, "replace", b".")?;
    let border = field_char(ctx, args, "border", b'.')?;
    let pool_size = field_int(ctx, args, "pool_size", 100)?.max(1);
    let separation = field_int(ctx, args, "seed_separation", 2)?;
    let fills = contents(ctx, args);
    let (w, h) = size(shared);
    let Some(r) = coords(ctx, args, (w, h), 0)? else {
        stack.clear();
        return Ok(CallbackReturn::Return);
    };
    // crawl reads every cell of the box; one off the map is not ours.
    let r = r.within(w, h, 0);
    stack.clear();
    if r.area() == 0 {
        return Ok(CallbackReturn::Return);
    }
    with_job(shared, ctx, "add_pools", |job| {
        let (sx, sy) = (r.x2 - r.x1 + 1, r.y2 - r.y1 + 1);
        job.spend(r.area() as usize)?;
        let mut grid = Grid {
            cells: vec![Pool::Forbidden; (sx * sy) as usize],
            sx,
            sy,
        };
        for x in 0..sx {
            for y in 0..sy {
                if job.map.is(r.x1 + x, r.y1 + y, &replace) {
                    grid.set(x, y, Pool::Free);
                }
            }
        }

        let seeds = seeds(job, &grid, pool_size, separation)?;
        let mut waiting = Vec::new();
        for (p, &(x, y)) in seeds.iter().enumerate() {
            grid.set(x, y, Pool::In(p));
            // crawl lists every neighbour of a seed, even one that is not
            // a `replace` cell (which then becomes pool or path too).
            for (dx, dy) in ORTH {
                if grid.get(x + dx, y + dy).is_some() {
                    grid.set(x + dx, y + dy, Pool::Listed);
                    waiting.push((x + dx, y + dy));
                }
            }
        }

        while !waiting.is_empty() {
            job.spend(AROUND.len())?;
            let i = job.random2(waiting.len() as i64) as usize;
            let (x, y) = waiting.swap_remove(i);
            let mut joined = None;
            for (dx, dy) in AROUND {
                match grid.get(x + dx, y + dy) {
                    Some(Pool::In(p)) if joined.is_none() => joined = Some(Pool::In(p)),
                    Some(Pool::In(p)) if joined == Some(Pool::In(p)) => {}
                    Some(Pool::In(_) | Pool::Forbidden) => {
                        joined = Some(Pool::Border);
                        break;
                    }
                    _ => {}
                }
            }
            let Some(state) = joined else {
                grid.set(x, y, Pool::Free);
                continue;
            };
            grid.set(x, y, state);
            for (dx, dy) in ORTH {
                if grid.get(x + dx, y + dy) == Some(Pool::Free) {
                    grid.set(x + dx, y + dy, Pool::Listed);
                    waiting.push((x + dx, y + dy));
                }
            }
        }

        let total: i64 = fills.iter().map(|&(_, n)| n).sum();
        let glyphs: Vec<u8> = seeds
            .iter()
            .map(|_| {
                let mut k = job.random2(total);
                for &(g, n) in &fills {
                    if k < n {
                        return g;
                    }
                    k -= n;
                }
                b'.'
            })
            .collect();

        for x in 0..sx {
            for y in 0..sy {
                let g = match grid.get(x, y) {
                    Some(Pool::In(p)) => glyphs.get(p).copied().unwrap_or(border),
                    Some(Pool::Free | Pool::Border) => border,
                    Some(Pool::Forbidden) | None => continue,
                    Some(Pool::Listed) => {
                        return Err(format!(
                            "Invalid pool index 999998/{} at ({}, {})",
                            seeds.len(),
                            r.x1 + x,
                            r.y1 + y
                        ))
                    }
                };
                job.map.put(r.x1 + x, r.y1 + y, g);
            }
        }
        Ok(())
    })?;
    Ok(CallbackReturn::Return)
}

/// The box's cells, by column then row, from its corner.
struct Grid {
    cells: Vec<Pool>,
    sx: i64,
    sy: i64,
}

impl Grid {
    fn get(&self, x: i64, y: i64) -> Option<Pool> {
        if !(0..self.sx).contains(&x) || !(0..self.sy).contains(&y) {
            return None;
        }
        self.cells.get((x * self.sy + y) as usize).copied()
    }

    fn set(&mut self, x: i64, y: i64, p: Pool) {
        if (0..self.sx).contains(&x) && (0..self.sy).contains(&y) {
            if let Some(cell) = self.cells.get_mut((x * self.sy + y) as usize) {
                *cell = p;
            }
        }
    }
}

/// The pools' seeds: a draw for how many to try (one per `pool_size`
/// free cells, the remainder rounded by chance), each a free cell drawn
/// at random and kept unless it lies nearer than `separation` to one
/// kept before.
fn seeds(
    job: &mut Job,
    grid: &Grid,
    pool_size: i64,
    separation: i64,
) -> Result<Vec<(i64, i64)>, String> {
    let mut free = Vec::new();
    for x in 0..grid.sx {
        for y in 0..grid.sy {
            if grid.get(x, y) == Some(Pool::Free) {
                free.push((x, y));
            }
        }
    }
    let goal = (free.len() as i64 + job.random2(pool_size)) / pool_size;
    let apart = separation.saturating_mul(separation);
    // Seeds kept so far, by cell, to look only near a new one when that
    // is cheaper than looking at every seed.
    let mut kept = vec![false; grid.cells.len()];
    let reach = separation
        .saturating_abs()
        .saturating_sub(1)
        .min(grid.sx.max(grid.sy));
    let mut seeds: Vec<(i64, i64)> = Vec::new();
    for _ in 0..goal {
        if free.is_empty() {
            break;
        }
        let i = job.random2(free.len() as i64) as usize;
        let (x, y) = free.swap_remove(i);
        let near = |(sx, sy): (i64, i64)| (sx - x).pow(2) + (sy - y).pow(2) < apart;
        let window = (2 * reach + 1).pow(2);
        let too_close = if (window as usize) < seeds.len() {
            job.spend(window as usize)?;
            (-reach..=reach).any(|dx| {
                (-reach..=reach).any(|dy| {
                    let (nx, ny) = (x + dx, y + dy);
                    (0..grid.sx).contains(&nx)
                        && (0..grid.sy).contains(&ny)
                        && kept[(nx * grid.sy + ny) as usize]
                        && near((nx, ny))
                })
            })
        } else {
            job.spend(seeds.len() + 1)?;
            seeds.iter().any(|&s| near(s))
        };
        if !too_close {
            seeds.push((x, y));
            kept[(x * grid.sy + y) as usize] = true;
        }
    }
    Ok(seeds)
}
