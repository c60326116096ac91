//! Questions a vault asks of its map: `count_feature_in_box`,
//! `count_antifeature_in_box`, `count_neighbors`,
//! `count_passable_neighbors`, `is_passable_coord`, `find_in_area`,
//! `primary_vault_dimensions` and `farthest_from`.

use piccolo::{CallbackReturn, Context, Stack, Value};

use super::args::{coords, field_bool, field_int, field_set, Rect};
use super::{fail, size, with_job, Glyphs, Job, Out, Shared, TRAVERSABLE};
use crate::lua::sandbox::value::text;

/// The eight neighbours in the order crawl's `adjacent_iterator` gives
/// them (the order a search meets them in).
pub(super) const AROUND: [(i64, i64); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
];

/// How many cells of the box on the map hold a glyph of `set`.
fn count_in(job: &mut Job, r: Rect, set: &Glyphs) -> Result<i64, String> {
    let mut n = 0;
    for y in job.map.span(r.y1, r.y2, false) {
        for x in job.map.span(r.x1, r.x2, true) {
            job.spend(1)?;
            n += i64::from(job.map.is(x, y, set));
        }
    }
    Ok(n)
}

/// `count_feature_in_box{x1, y1, x2, y2, feat}`: how many cells of the
/// box hold a glyph of `feat`.
pub(super) fn count_feature_in_box<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    count_box(shared, ctx, stack, false)
}

/// `count_antifeature_in_box{…}`: how many cells of the box do not (a
/// cell off the map counts among them).
pub(super) fn count_antifeature_in_box<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    count_box(shared, ctx, stack, true)
}

fn count_box<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
    anti: bool,
) -> Out<'gc> {
    let args = stack.get(1);
    let Some(r) = coords(ctx, args, size(shared), 0)? else {
        stack.clear();
        return Ok(CallbackReturn::Return);
    };
    let feat = field_set(ctx, args, "feat", b"")?;
    let name = if anti {
        "count_antifeature_in_box"
    } else {
        "count_feature_in_box"
    };
    let n = with_job(shared, ctx, name, |job| count_in(job, r, &feat))?;
    stack.replace(ctx, if anti { r.area() - n } else { n });
    Ok(CallbackReturn::Return)
}

/// `count_neighbors{x, y, feat}`: how many cells of the three by three
/// box around `(x, y)`, itself among them, hold a glyph of `feat`.
pub(super) fn count_neighbors<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let feat = field_set(ctx, args, "feat", b"")?;
    let x = field_int(ctx, args, "x", -1)?;
    let y = field_int(ctx, args, "y", -1)?;
    let n = with_job(shared, ctx, "count_neighbors", |job| {
        job.map.valid(x, y)?;
        let r = Rect {
            x1: x - 1,
            y1: y - 1,
            x2: x + 1,
            y2: y + 1,
        };
        count_in(job, r, &feat)
    })?;
    stack.replace(ctx, n);
    Ok(CallbackReturn::Return)
}

/// `count_passable_neighbors{x, y, passable}`: how many of the eight
/// cells around `(x, y)` are passable.
pub(super) fn count_passable_neighbors<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let passable = field_set(ctx, args, "passable", TRAVERSABLE)?;
    let x = field_int(ctx, args, "x", -1)?;
    let y = field_int(ctx, args, "y", -1)?;
    let n = with_job(shared, ctx, "count_passable_neighbors", |job| {
        job.map.valid(x, y)?;
        let open = AROUND
            .iter()
            .filter(|(dx, dy)| job.map.is(x + dx, y + dy, &passable))
            .count();
        Ok(open as i64)
    })?;
    stack.replace(ctx, n);
    Ok(CallbackReturn::Return)
}

/// `is_passable_coord{x, y, passable}`.
pub(super) fn is_passable_coord<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let x = field_int(ctx, args, "x", -1)?;
    let y = field_int(ctx, args, "y", -1)?;
    let passable = field_set(ctx, args, "passable", TRAVERSABLE)?;
    let open = with_job(shared, ctx, "is_passable_coord", |job| {
        job.map.valid(x, y)?;
        Ok(job.map.is(x, y, &passable))
    })?;
    stack.replace(ctx, open);
    Ok(CallbackReturn::Return)
}

/// `find_in_area{x1, y1, x2, y2, find, find_vault}`: whether a cell of
/// the box holds a glyph of `find`. `find_vault` asks after the level's
/// vaults, and a vault built alone has none around it.
pub(super) fn find_in_area<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    // crawl reads the corners twice; the first reading only checks them.
    for name in ["x1", "y1", "x2", "y2"] {
        field_int(ctx, args, name, -1)?;
    }
    field_bool(ctx, args, "find_vault", false)?;
    let Some(r) = coords(ctx, args, size(shared), 0)? else {
        stack.clear();
        return Ok(CallbackReturn::Return);
    };
    let find = field_set(ctx, args, "find", b"x")?;
    let found = with_job(shared, ctx, "find_in_area", |job| {
        for x in job.map.span(r.x1, r.x2, true) {
            for y in job.map.span(r.y1, r.y2, false) {
                job.spend(1)?;
                if job.map.is(x, y, &find) {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    })?;
    stack.replace(ctx, found);
    Ok(CallbackReturn::Return)
}

/// `primary_vault_dimensions()`: the bounds of the level's main vault,
/// four nils when it has none, as a vault built alone has not.
pub(super) fn primary_vault_dimensions<'gc>(
    _: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    stack.replace(ctx, (Value::Nil, Value::Nil, Value::Nil, Value::Nil));
    Ok(CallbackReturn::Return)
}

/// The level crawl's search of `farthest_from` is sized for.
const LEVEL: (i64, i64) = (80, 70);

/// `farthest_from(glyphs)`: a cell, chosen at random among those
/// farthest, reached in the most steps (diagonals count one) over
/// passable ground from the nearest cell holding one of `glyphs`; nil,
/// nil when no cell holds one.
pub(super) fn farthest_from<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let beacons = match stack.get(1) {
        v @ (Value::String(_) | Value::Integer(_) | Value::Number(_)) => {
            text(v).unwrap_or_default()
        }
        v => {
            let got = if stack.len() < 2 {
                "no value"
            } else {
                v.type_name()
            };
            return Err(fail(
                ctx,
                format!("bad argument #2 to 'farthest_from' (string expected, got {got})"),
            ));
        }
    };
    let beacons = Glyphs::of(beacons.as_bytes());
    let far = with_job(shared, ctx, "farthest_from", |job| {
        let (w, h) = (job.map.w, job.map.h);
        if w > LEVEL.0 || h > LEVEL.1 {
            return Err(format!(
                "farthest_from: the map is {w} by {h}, larger than a level ({} by {}); crawl's assertion fails here",
                LEVEL.0, LEVEL.1
            ));
        }
        // A cell counts when it is on the map and not blank.
        let in_map = |job: &Job, x: i64, y: i64| job.map.get(x, y).is_some_and(|g| g != b' ');
        let mut seen = vec![false; (w * h) as usize];
        let mut frontier = Vec::new();
        // crawl gathers the beacons from the far corner back.
        for x in (0..w).rev() {
            for y in (0..h).rev() {
                job.spend(1)?;
                if in_map(job, x, y) && job.map.is(x, y, &beacons) {
                    frontier.push((x, y));
                    seen[(y * w + x) as usize] = true;
                }
            }
        }
        if frontier.is_empty() {
            return Ok(None);
        }
        let passable = Glyphs::of(TRAVERSABLE);
        loop {
            let mut next = Vec::new();
            for &(x, y) in &frontier {
                for (dx, dy) in AROUND {
                    job.spend(1)?;
                    let (nx, ny) = (x + dx, y + dy);
                    if in_map(job, nx, ny)
                        && !seen[(ny * w + nx) as usize]
                        && job.map.is(nx, ny, &passable)
                    {
                        seen[(ny * w + nx) as usize] = true;
                        next.push((nx, ny));
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            frontier = next;
        }
        let i = job.random2(frontier.len() as i64) as usize;
        Ok(frontier.get(i).copied())
    })?;
    match far {
        Some((x, y)) => stack.replace(ctx, (x, y)),
        None => stack.replace(ctx, (Value::Nil, Value::Nil)),
    }
    Ok(CallbackReturn::Return)
}
