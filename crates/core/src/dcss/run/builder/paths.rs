//! Ground joined and cut off: `join_the_dots` (a corridor between two
//! cells) and `fill_disconnected` (filling ground no exit can reach).

use piccolo::{CallbackReturn, Context, Stack};

use super::args::{coords, field_bool, field_char, field_int, field_set};
use super::query::AROUND;
use super::{size, with_job, Job, Out, Shared, TRAVERSABLE};

/// The glyphs crawl counts as a way out of a region (stairs, portals,
/// the arrival).
const EXITS: &[u8] = b"{}()[]<>@";

/// A corridor's cells from `from` to `to`, each step closing in across,
/// down or (with `diagonals`) both. A straight corridor takes the
/// diagonal while it can; a loose one draws each step, weighted by how
/// far each way is left to go, so it runs roughly straight in any
/// direction.
fn corridor(
    job: &mut Job,
    from: (i64, i64),
    to: (i64, i64),
    straight: bool,
    diagonals: bool,
) -> Result<Vec<(i64, i64)>, String> {
    let mut at = from;
    let mut cells = Vec::new();
    loop {
        job.spend(1)?;
        cells.push(at);
        if at == to {
            return Ok(cells);
        }
        let (mx, my) = ((to.0 - at.0).signum(), (to.1 - at.1).signum());
        let (good_x, good_y) = (mx != 0, my != 0);
        let good_xy = good_x && good_y && diagonals;
        let (across, down, both) = ((at.0 + mx, at.1), (at.0, at.1 + my), (at.0 + mx, at.1 + my));
        at = if straight {
            if good_xy {
                both
            } else if good_x {
                across
            } else {
                down
            }
        } else {
            let (dx, dy) = ((at.0 - to.0).abs(), (at.1 - to.1).abs());
            let sum = dx + dy;
            let least = dx.min(dy);
            let most = sum - least;
            // A diagonal is worth two steps, so its chance is halved.
            if good_xy && (job.x_chance_in_y(least, most * 2) || (!good_x && !good_y)) {
                both
            } else if good_x && (job.x_chance_in_y(dx, sum) || !good_y) {
                across
            } else {
                down
            }
        };
    }
}

/// `join_the_dots{x1, y1, x2, y2, passable, fill, force_straight,
/// allow_diagonals, thickness}`: a corridor `thickness` wide from
/// `(x1, y1)` to `(x2, y2)`, its cells that are not `passable` set to
/// `fill` (never the map's outermost cells). crawl works out a corridor
/// each way and keeps the one crossing fewer vaults; a vault built alone
/// has none around it, so its coin decides.
pub(super) fn join_the_dots<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let x1 = field_int(ctx, args, "x1", -1)?;
    let y1 = field_int(ctx, args, "y1", -1)?;
    let x2 = field_int(ctx, args, "x2", -1)?;
    let y2 = field_int(ctx, args, "y2", -1)?;
    let passable = field_set(ctx, args, "passable", TRAVERSABLE)?;
    let fill = field_char(ctx, args, "fill", b'.')?;
    let straight = field_bool(ctx, args, "force_straight", false)?;
    let diagonals = field_bool(ctx, args, "allow_diagonals", false)?;
    let thickness = field_int(ctx, args, "thickness", 1)?;
    stack.clear();
    with_job(shared, ctx, "join_the_dots", |job| {
        job.map.valid(x1, y1)?;
        job.map.valid(x2, y2)?;
        let (from, to) = ((x1, y1), (x2, y2));
        if from == to {
            return Ok(());
        }
        let there = corridor(job, from, to, straight, diagonals)?;
        let back = corridor(job, to, from, straight, diagonals)?;
        let cells = if job.coinflip() { there } else { back };
        // The cells around each of the corridor's, `thickness` across
        // (an even width leans up and left).
        let lo = -thickness / 2;
        let hi = lo + thickness - 1;
        let (w, h) = (job.map.w, job.map.h);
        for (cx, cy) in cells {
            for x in (cx + lo).max(1)..=(cx + hi).min(w - 2) {
                for y in (cy + lo).max(1)..=(cy + hi).min(h - 2) {
                    job.spend(1)?;
                    if !job.map.is(x, y, &passable) {
                        job.map.put(x, y, fill);
                    }
                }
            }
        }
        Ok(())
    })?;
    Ok(CallbackReturn::Return)
}

/// `fill_disconnected{x1, y1, x2, y2, fill, passable, wanted}`: each
/// region of passable cells in the box (joined across, down or
/// diagonally, within the box) holding no glyph of `wanted` (by default
/// the exits) filled with `fill`.
pub(super) fn fill_disconnected<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let (w, h) = size(shared);
    let Some(r) = coords(ctx, args, (w, h), 0)? else {
        stack.clear();
        return Ok(CallbackReturn::Return);
    };
    let fill = field_char(ctx, args, "fill", b'x')?;
    let passable = field_set(ctx, args, "passable", TRAVERSABLE)?;
    let wanted = field_set(ctx, args, "wanted", EXITS)?;
    stack.clear();
    let r = r.within(w, h, 0);
    if r.area() == 0 {
        return Ok(CallbackReturn::Return);
    }
    with_job(shared, ctx, "fill_disconnected", |job| {
        let (sx, sy) = (r.x2 - r.x1 + 1, r.y2 - r.y1 + 1);
        job.spend(r.area() as usize)?;
        let at = |x: i64, y: i64| ((y - r.y1) * sx + (x - r.x1)) as usize;
        let mut seen = vec![false; (sx * sy) as usize];
        for y in r.y1..=r.y2 {
            for x in r.x1..=r.x2 {
                if seen[at(x, y)] || !job.map.is(x, y, &passable) {
                    continue;
                }
                // The region through (x, y), and whether it holds an
                // exit.
                seen[at(x, y)] = true;
                let mut region = vec![(x, y)];
                let mut next = 0;
                let mut has_exit = false;
                while let Some(&(cx, cy)) = region.get(next) {
                    next += 1;
                    job.spend(AROUND.len())?;
                    has_exit |= job.map.is(cx, cy, &wanted);
                    for (dx, dy) in AROUND {
                        let (nx, ny) = (cx + dx, cy + dy);
                        if (r.x1..=r.x2).contains(&nx)
                            && (r.y1..=r.y2).contains(&ny)
                            && !seen[at(nx, ny)]
                            && job.map.is(nx, ny, &passable)
                        {
                            seen[at(nx, ny)] = true;
                            region.push((nx, ny));
                        }
                    }
                }
                if !has_exit {
                    for (cx, cy) in region {
                        job.map.put(cx, cy, fill);
                    }
                }
            }
        }
        Ok(())
    })?;
    Ok(CallbackReturn::Return)
}
