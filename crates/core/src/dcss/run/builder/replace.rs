//! Glyphs swapped for others: `replace_area` (every one in a box),
//! `replace_first` (the first along a line), `replace_random` (one at
//! random in a box) and `replace_closest` (the nearest to a cell).

use piccolo::{CallbackReturn, Context, Stack};

use super::args::{coords, field_bool, field_char, field_int, field_text, Rect};
use super::{fail, size, with_job, Glyphs, Job, Out, Shared};

/// A glyph in crawl's messages: its `%c` of a NUL writes nothing.
fn shown(g: u8) -> String {
    if g == 0 {
        String::new()
    } else {
        char::from(g).to_string()
    }
}

/// A glyph argument crawl defaults to NUL: a cell never holds one, so
/// a `find` left out finds nothing, and a `replace` left out writes a
/// NUL into the map as crawl's does.
fn glyph_or_nul<'gc>(
    ctx: Context<'gc>,
    args: piccolo::Value<'gc>,
    name: &'static str,
) -> Result<u8, piccolo::Error<'gc>> {
    field_char(ctx, args, name, 0)
}

/// `replace_area{x1, y1, x2, y2, find, replace}`: every cell of the box
/// holding a glyph of `find` set to `replace`.
pub(super) fn replace_area<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let find = field_text(ctx, args, "find", None)?;
    let replace = glyph_or_nul(ctx, args, "replace")?;
    let Some(r) = coords(ctx, args, size(shared), 0)? else {
        stack.clear();
        return Ok(CallbackReturn::Return);
    };
    // crawl reads a missing `find` as a null string and crashes on it.
    let Some(find) = find else {
        return Err(fail(
            ctx,
            "replace_area: no 'find' given (crawl crashes here)".into(),
        ));
    };
    let find = Glyphs::of(&find);
    stack.clear();
    with_job(shared, ctx, "replace_area", |job| {
        for y in job.map.span(r.y1, r.y2, false) {
            for x in job.map.span(r.x1, r.x2, true) {
                job.spend(1)?;
                if job.map.is(x, y, &find) {
                    job.map.put(x, y, replace);
                }
            }
        }
        Ok(())
    })?;
    Ok(CallbackReturn::Return)
}

/// `replace_first{x, y, xdir, ydir, find, replace, required}`: from
/// `(x, y)`, stepping by `(xdir, ydir)` (each -1, 0 or 1), the first
/// cell holding `find` set to `replace`.
pub(super) fn replace_first<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let mut x = field_int(ctx, args, "x", 0)?;
    let mut y = field_int(ctx, args, "y", 0)?;
    let xdir = field_int(ctx, args, "xdir", 2)?;
    let ydir = field_int(ctx, args, "ydir", 2)?;
    let find = glyph_or_nul(ctx, args, "find")?;
    let replace = glyph_or_nul(ctx, args, "replace")?;
    let required = field_bool(ctx, args, "required", false)?;
    stack.clear();
    with_job(shared, ctx, "replace_first", |job| {
        job.map.valid(x, y)?;
        // Both default to 2, so a vault must give both.
        if !(-1..=1).contains(&xdir) {
            return Err(format!("Invalid xdir: {xdir}"));
        }
        if !(-1..=1).contains(&ydir) {
            return Err(format!("Invalid ydir: {ydir}"));
        }
        while job.map.inside(x, y) {
            job.spend(1)?;
            if job.map.get(x, y) == Some(find) {
                job.map.put(x, y, replace);
                return Ok(());
            }
            if xdir == 0 && ydir == 0 {
                // crawl looks at the same cell for ever.
                return Err(format!(
                    "replace_first: xdir and ydir are both 0 and ({x}, {y}) does not hold '{}'; the game would hang here",
                    shown(find)
                ));
            }
            x += xdir;
            y += ydir;
        }
        if required {
            return Err(format!(
                "Could not find feature '{}' to replace",
                shown(find)
            ));
        }
        Ok(())
    })?;
    Ok(CallbackReturn::Return)
}

/// The cells of the box on the map holding `find`, row by row.
fn cells_holding(job: &mut Job, r: Rect, find: u8) -> Result<Vec<(i64, i64)>, String> {
    let mut found = Vec::new();
    for y in job.map.span(r.y1, r.y2, false) {
        for x in job.map.span(r.x1, r.x2, true) {
            job.spend(1)?;
            if job.map.get(x, y) == Some(find) {
                found.push((x, y));
            }
        }
    }
    Ok(found)
}

/// `replace_random{x1, y1, x2, y2, find, replace, required}`: one cell
/// of the box holding `find`, chosen at random, set to `replace`.
pub(super) fn replace_random<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let find = glyph_or_nul(ctx, args, "find")?;
    let replace = glyph_or_nul(ctx, args, "replace")?;
    let required = field_bool(ctx, args, "required", false)?;
    let Some(r) = coords(ctx, args, size(shared), 0)? else {
        stack.clear();
        return Ok(CallbackReturn::Return);
    };
    stack.clear();
    with_job(shared, ctx, "replace_random", |job| {
        let found = cells_holding(job, r, find)?;
        if found.is_empty() {
            if required {
                return Err(format!("Could not find '{}'", shown(find)));
            }
            return Ok(());
        }
        let i = job.random2(found.len() as i64) as usize;
        if let Some(&(x, y)) = found.get(i) {
            job.map.put(x, y, replace);
        }
        Ok(())
    })?;
    Ok(CallbackReturn::Return)
}

/// `replace_closest{x, y, x1, y1, x2, y2, find, replace, required}`: of
/// the box's cells holding `find`, the one nearest `(x, y)` (steps with
/// diagonals counting one; a tie broken at random) set to `replace`.
/// crawl starts its search at a distance of 10000, so a cell that far
/// or farther is never found.
pub(super) fn replace_closest<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let cx = field_int(ctx, args, "x", 0)?;
    let cy = field_int(ctx, args, "y", 0)?;
    let find = glyph_or_nul(ctx, args, "find")?;
    let replace = glyph_or_nul(ctx, args, "replace")?;
    let required = field_bool(ctx, args, "required", false)?;
    let Some(r) = coords(ctx, args, size(shared), 0)? else {
        stack.clear();
        return Ok(CallbackReturn::Return);
    };
    stack.clear();
    with_job(shared, ctx, "replace_closest", |job| {
        let (mut best, mut ties, mut at) = (10_000, 0, None);
        for (x, y) in cells_holding(job, r, find)? {
            let distance = (x - cx).abs().max((y - cy).abs());
            if distance < best {
                (best, ties, at) = (distance, 1, Some((x, y)));
            } else if distance == best {
                // Each of the tied cells kept with an equal chance.
                ties += 1;
                if job.one_chance_in(ties) {
                    at = Some((x, y));
                }
            }
        }
        match at {
            Some((x, y)) => job.map.put(x, y, replace),
            None if required => return Err(format!("Could not find '{}'", shown(find))),
            None => {}
        }
        Ok(())
    })?;
    Ok(CallbackReturn::Return)
}
