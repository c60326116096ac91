//! Changes a layout makes cell by cell over its map: `spotty_map`
//! (caves eaten out in spots), `smear_map` (walls grown in smears),
//! `remove_isolated_glyphs`, `widen_paths`, `add_windows`,
//! `remove_disconnected_doors` and `connect_adjacent_rooms`.
//!
//! The last five keep off the map's outermost cells, so a test of a
//! cell's neighbours never looks off the map.

use piccolo::{CallbackReturn, Context, Stack};

use super::args::{coords, field_bool, field_char, field_int, field_set};
use super::query::AROUND;
use super::{size, with_job, Glyphs, Job, Out, Shared, TRAVERSABLE};

/// The four neighbours across and down, in crawl's order.
const ORTH: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The cells of a spot: within `sqrt(2)` of its centre (a three by
/// three square), or within 1 (a plus).
fn spot(boxy: bool) -> impl Iterator<Item = (i64, i64)> {
    let reach = if boxy { 2 } else { 1 };
    (-1..=1).flat_map(move |dy| {
        (-1..=1)
            .map(move |dx| (dx, dy))
            .filter(move |(dx, dy)| dx * dx + dy * dy <= reach)
    })
}

/// `spotty_map{x1, y1, x2, y2, replace, fill, boxy, iterations}`: spots
/// of `fill` (three by three when `boxy`, a plus when not) eaten into
/// `replace` cells, each at a random place (four cells in from the box's
/// edge) touching something not `replace` within two cells. crawl draws
/// the default count of spots even when a vault gives one.
pub(super) fn spotty_map<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let replace = field_set(ctx, args, "replace", b"x")?;
    let fill = field_char(ctx, args, "fill", b'.')?;
    let boxy = field_bool(ctx, args, "boxy", true)?;
    let drawn = with_job(shared, ctx, "spotty_map", |job| {
        Ok(job.random2(if boxy { 750 } else { 1500 }))
    })?;
    let iterations = field_int(ctx, args, "iterations", drawn)?;
    const BORDER: i64 = 4;
    let Some(r) = coords(ctx, args, size(shared), BORDER)? else {
        stack.clear();
        return Ok(CallbackReturn::Return);
    };
    stack.clear();
    with_job(shared, ctx, "spotty_map", |job| {
        // crawl gives up after ten tries a spot, counted over them all.
        let most_tries = iterations.saturating_mul(10);
        let mut tries = 0;
        for _ in 0..iterations {
            let (x, y) = loop {
                if tries > most_tries {
                    return Ok(());
                }
                tries += 1;
                job.spend(1)?;
                let x = job.random_range(r.x1 + BORDER, r.x2 - BORDER)?;
                let y = job.random_range(r.y1 + BORDER, r.y2 - BORDER)?;
                let solid = [
                    (0, 0),
                    (-1, 0),
                    (1, 0),
                    (0, -1),
                    (0, 1),
                    (-2, 0),
                    (2, 0),
                    (0, -2),
                    (0, 2),
                ]
                .iter()
                .all(|(dx, dy)| job.map.is(x + dx, y + dy, &replace));
                if !solid {
                    break (x, y);
                }
            };
            for (dx, dy) in spot(boxy) {
                if job.map.is(x + dx, y + dy, &replace) {
                    job.map.put(x + dx, y + dy, fill);
                }
            }
        }
        Ok(())
    })?;
    Ok(CallbackReturn::Return)
}

/// `smear_map{x1, y1, x2, y2, iterations, smear, onto, boxy}`: up to
/// `iterations` cells holding a glyph of `onto` (any, when empty) set to
/// `smear` where they touch `smear` across or down (or diagonally,
/// unless `boxy`). crawl picks each cell's column from `x1 + 1` to
/// `y2 - 1` (a slip for `x2 - 1`): on crawl's 80 by 70 level no smear
/// lands in column 69 or beyond, and a box much wider than tall makes
/// the range empty, which crawl's assertion stops on.
pub(super) fn smear_map<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let iterations = field_int(ctx, args, "iterations", 1)?;
    let smear = field_char(ctx, args, "smear", b'x')?;
    let onto = field_set(ctx, args, "onto", b".")?;
    let boxy = field_bool(ctx, args, "boxy", false)?;
    let Some(r) = coords(ctx, args, size(shared), 1)? else {
        stack.clear();
        return Ok(CallbackReturn::Return);
    };
    stack.clear();
    with_job(shared, ctx, "smear_map", |job| {
        let most_tries = iterations.saturating_mul(10);
        let mut tries = 0;
        for _ in 0..iterations {
            let (x, y) = loop {
                let (x, y) = loop {
                    if tries > most_tries {
                        return Ok(());
                    }
                    tries += 1;
                    job.spend(1)?;
                    let x = job.random_range(r.x1 + 1, r.y2 - 1)?;
                    let y = job.random_range(r.y1 + 1, r.y2 - 1)?;
                    if onto.empty || job.map.is(x, y, &onto) {
                        break (x, y);
                    }
                };
                let smeared = |dx: i64, dy: i64| job.map.get(x + dx, y + dy) == Some(smear);
                let straights = ORTH.iter().any(|&(dx, dy)| smeared(dx, dy));
                let diagonals = [(1, 1), (-1, 1), (-1, -1), (1, -1)]
                    .iter()
                    .any(|&(dx, dy)| smeared(dx, dy));
                if straights || (!boxy && diagonals) {
                    break (x, y);
                }
            };
            job.map.put(x, y, smear);
        }
        Ok(())
    })?;
    Ok(CallbackReturn::Return)
}

/// `remove_isolated_glyphs{x1, y1, x2, y2, find, replace, percent,
/// boxy}`: each cell holding a glyph of `find` with none of its
/// neighbours (across and down, or all eight when `boxy`) holding one
/// set to `replace`, `percent` times in a hundred. Cells change as the
/// sweep goes, so a lone pair goes one cell at a time.
pub(super) fn remove_isolated_glyphs<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let find = field_set(ctx, args, "find", b"")?;
    let replace = field_char(ctx, args, "replace", b'.')?;
    let percent = field_int(ctx, args, "percent", 100)?;
    let boxy = field_bool(ctx, args, "boxy", false)?;
    let (w, h) = size(shared);
    let Some(r) = coords(ctx, args, (w, h), 0)? else {
        stack.clear();
        return Ok(CallbackReturn::Return);
    };
    let r = r.within(w, h, 1);
    stack.clear();
    with_job(shared, ctx, "remove_isolated_glyphs", |job| {
        let around: &[(i64, i64)] = if boxy { &AROUND } else { &ORTH };
        for y in r.y1..=r.y2 {
            for x in r.x1..=r.x2 {
                job.spend(1)?;
                if !job.map.is(x, y, &find) || !job.x_chance_in_y(percent, 100) {
                    continue;
                }
                if !around
                    .iter()
                    .any(|(dx, dy)| job.map.is(x + dx, y + dy, &find))
                {
                    job.map.put(x, y, replace);
                }
            }
        }
        Ok(())
    })?;
    Ok(CallbackReturn::Return)
}

/// The chance in a hundred `widen_paths` takes a cell with `n` passable
/// neighbours: as if each neighbour gave its own `percent` chance, the
/// percent cut to whole tenths (crawl's arithmetic); 30 and 50 keep the
/// numbers crawl's older version gave, as crawl keeps them.
fn widening_chances(percent: i64) -> [i64; 9] {
    match percent {
        30 => [0, 30, 52, 66, 76, 84, 89, 92, 95],
        50 => [0, 50, 75, 88, 94, 97, 99, 100, 100],
        _ => {
            // The tenths each neighbour leaves, compounded.
            let each = 10 - percent / 10;
            let mut left = each.wrapping_mul(10);
            let mut tenths = 1i64;
            let mut out = [0; 9];
            for chance in out.iter_mut().skip(1) {
                *chance = 100i64.wrapping_sub(left / tenths);
                left = left.wrapping_mul(each);
                tenths *= 10;
            }
            out
        }
    }
}

/// `widen_paths{x1, y1, x2, y2, find, replace, passable, percent,
/// boxy}`: each cell holding a glyph of `find` set to `replace` with a
/// chance that grows with its passable neighbours (across and down, or
/// all eight when `boxy`). Every cell is judged before any changes, so
/// no direction is favoured.
pub(super) fn widen_paths<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let find = field_set(ctx, args, "find", b"")?;
    let replace = field_char(ctx, args, "replace", b'.')?;
    let passable = field_set(ctx, args, "passable", TRAVERSABLE)?;
    let percent = field_int(ctx, args, "percent", 100)?;
    let boxy = field_bool(ctx, args, "boxy", false)?;
    let (w, h) = size(shared);
    let Some(r) = coords(ctx, args, (w, h), 0)? else {
        stack.clear();
        return Ok(CallbackReturn::Return);
    };
    let r = r.within(w, h, 1);
    stack.clear();
    with_job(shared, ctx, "widen_paths", |job| {
        let chances = widening_chances(percent);
        let around: &[(i64, i64)] = if boxy { &AROUND } else { &ORTH };
        let mut widened = Vec::new();
        for y in r.y1..=r.y2 {
            for x in r.x1..=r.x2 {
                job.spend(1)?;
                if !job.map.is(x, y, &find) {
                    continue;
                }
                let open = around
                    .iter()
                    .filter(|(dx, dy)| job.map.is(x + dx, y + dy, &passable))
                    .count();
                if job.x_chance_in_y(chances[open], 100) {
                    widened.push((x, y));
                }
            }
        }
        for (x, y) in widened {
            job.map.put(x, y, replace);
        }
        Ok(())
    })?;
    Ok(CallbackReturn::Return)
}

/// Which of a cell's eight neighbours hold a glyph of a set, by name.
struct Around {
    n: bool,
    s: bool,
    e: bool,
    w: bool,
    ne: bool,
    nw: bool,
    se: bool,
    sw: bool,
}

impl Around {
    fn of(job: &Job, x: i64, y: i64, set: &Glyphs) -> Around {
        let at = |dx: i64, dy: i64| job.map.is(x + dx, y + dy, set);
        Around {
            n: at(0, -1),
            s: at(0, 1),
            e: at(1, 0),
            w: at(-1, 0),
            ne: at(1, -1),
            nw: at(-1, -1),
            se: at(1, 1),
            sw: at(-1, 1),
        }
    }
}

/// Whether a wall cell with these open and walled neighbours can be a
/// window: one that sees through from open ground to open ground.
fn sees_through(open: &Around, wall: &Around) -> bool {
    // A straight wall with ground either side.
    let straight = (open.s && open.n && wall.e && wall.w) || (open.e && open.w && wall.s && wall.n);
    // A diagonal look through a straight stretch of a bent wall.
    let bent = wall.e
        && wall.w
        && ((open.se && open.nw && wall.sw && wall.ne)
            || (open.sw && open.ne && wall.se && wall.nw));
    // Through a diagonal wall three cells thick.
    let thick =
        wall.s && wall.n && wall.e && wall.w && ((open.se && open.nw) || (open.sw && open.ne));
    // Through a diagonal wall two cells thick.
    let thin = (wall.s && wall.e && open.n && open.w && open.se)
        || (wall.s && wall.w && open.n && open.e && open.sw)
        || (wall.n && wall.w && open.s && open.e && open.nw)
        || (wall.n && wall.e && open.s && open.w && open.ne);
    straight || bent || thick || thin
}

/// `add_windows{x1, y1, x2, y2, wall, open, window}`: each cell holding
/// a glyph of `wall` that sees through from `open` ground on one side
/// to `open` ground on the other set to `window`.
pub(super) fn add_windows<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let wall = field_set(ctx, args, "wall", b"xcvbmn")?;
    let open = field_set(ctx, args, "open", TRAVERSABLE)?;
    let window = field_char(ctx, args, "window", b'm')?;
    let (w, h) = size(shared);
    let Some(r) = coords(ctx, args, (w, h), 0)? else {
        stack.clear();
        return Ok(CallbackReturn::Return);
    };
    let r = r.within(w, h, 1);
    stack.clear();
    with_job(shared, ctx, "add_windows", |job| {
        for y in r.y1..=r.y2 {
            for x in r.x1..=r.x2 {
                job.spend(1)?;
                if job.map.is(x, y, &wall)
                    && sees_through(&Around::of(job, x, y, &open), &Around::of(job, x, y, &wall))
                {
                    job.map.put(x, y, window);
                }
            }
        }
        Ok(())
    })?;
    Ok(CallbackReturn::Return)
}

/// Whether a door with these open neighbours sits in a wall between two
/// open places (straight across, down, or on a diagonal).
fn joins(o: &Around) -> bool {
    let in_upright_wall =
        !o.s && !o.n && (o.e || o.w) && (o.e || o.se || o.ne) && (o.w || o.sw || o.nw);
    // crawl's test, as it stands: each open side is paired with the far
    // side's diagonals.
    let in_level_wall =
        !o.e && !o.w && (o.s || o.n) && (o.s || o.ne || o.nw) && (o.n || o.se || o.sw);
    let on_falling_diagonal = o.se
        && o.nw
        && o.s == o.e
        && o.n == o.w
        && (o.s != o.w || (!o.s && !o.w && !o.sw && !o.ne));
    let on_rising_diagonal = o.sw
        && o.ne
        && o.s == o.w
        && o.n == o.e
        && (o.s != o.e || (!o.s && !o.e && !o.se && !o.nw));
    in_upright_wall || in_level_wall || on_falling_diagonal || on_rising_diagonal
}

/// `remove_disconnected_doors{x1, y1, x2, y2, door, open, replace}`:
/// each cell holding a glyph of `door` that does not join two open
/// places set to `replace` (a gate of several doors is not told apart,
/// as crawl does not).
pub(super) fn remove_disconnected_doors<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let door = field_set(ctx, args, "door", b"+")?;
    let open = field_set(ctx, args, "open", TRAVERSABLE)?;
    let replace = field_char(ctx, args, "replace", b'.')?;
    let (w, h) = size(shared);
    let Some(r) = coords(ctx, args, (w, h), 0)? else {
        stack.clear();
        return Ok(CallbackReturn::Return);
    };
    let r = r.within(w, h, 1);
    stack.clear();
    with_job(shared, ctx, "remove_disconnected_doors", |job| {
        for y in r.y1..=r.y2 {
            for x in r.x1..=r.x2 {
                job.spend(1)?;
                if job.map.is(x, y, &door) && !joins(&Around::of(job, x, y, &open)) {
                    job.map.put(x, y, replace);
                }
            }
        }
        Ok(())
    })?;
    Ok(CallbackReturn::Return)
}

/// Whether the wall through `(x, y)` (running across when `across`) is
/// unbroken wall, `floor` either side of it, as far as the floor runs
/// along it both ways (at most `reach` cells).
fn wall_is_empty(
    job: &mut Job,
    (x, y): (i64, i64),
    across: bool,
    reach: i64,
    wall: &Glyphs,
    floor: &Glyphs,
) -> Result<bool, String> {
    let (nx, ny) = if across { (0, 1) } else { (1, 0) };
    for d in [1, -1] {
        let (lx, ly) = if across { (d, 0) } else { (0, d) };
        let mut n = 1;
        while n <= reach {
            job.spend(1)?;
            let (px, py) = (x + lx * n, y + ly * n);
            if !job.map.is(px + nx, py + ny, floor) || !job.map.is(px - nx, py - ny, floor) {
                break;
            }
            if !job.map.is(px, py, wall) {
                return Ok(false);
            }
            n += 1;
        }
    }
    Ok(true)
}

/// `connect_adjacent_rooms{x1, y1, x2, y2, wall, floor, replace, min,
/// max, check_distance}`: a random count (`min` to `max`) of the box's
/// cells, visited in random order, each a wall cell between two floor
/// cells across a plain stretch of wall set to `replace`: a door or
/// opening between two rooms.
pub(super) fn connect_adjacent_rooms<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let wall = field_set(ctx, args, "wall", b"xcvbmn")?;
    let floor = field_set(ctx, args, "floor", b".")?;
    let replace = field_char(ctx, args, "replace", b'.')?;
    let max = field_int(ctx, args, "max", 1)?;
    let min = field_int(ctx, args, "min", max)?;
    let reach = field_int(ctx, args, "check_distance", 9999)?;
    let (w, h) = size(shared);
    let Some(r) = coords(ctx, args, (w, h), 0)? else {
        stack.clear();
        return Ok(CallbackReturn::Return);
    };
    let r = r.within(w, h, 1);
    stack.clear();
    with_job(shared, ctx, "connect_adjacent_rooms", |job| {
        if min < 0 {
            return Err(format!("Invalid min connections: {min}"));
        }
        if max < min {
            return Err(format!("Invalid max connections: {max} (min is {min})"));
        }
        let mut count = job.random_range(min, max)?;
        // crawl's random walk over a box: a cell drawn from those left,
        // then swapped out for the last.
        job.spend(usize::try_from(r.area()).unwrap_or(usize::MAX))?;
        let mut left: Vec<(i64, i64)> = (r.y1..=r.y2)
            .flat_map(|y| (r.x1..=r.x2).map(move |x| (x, y)))
            .collect();
        let mut i = job.random2(left.len() as i64) as usize;
        while let Some(&(x, y)) = left.get(i) {
            if count <= 0 {
                break;
            }
            if job.map.is(x, y, &wall) {
                // Floor above and below, along a wall running across;
                // failing that, floor either side of an upright wall.
                let opens = (job.map.is(x, y - 1, &floor)
                    && job.map.is(x, y + 1, &floor)
                    && wall_is_empty(job, (x, y), true, reach, &wall, &floor)?)
                    || (job.map.is(x - 1, y, &floor)
                        && job.map.is(x + 1, y, &floor)
                        && wall_is_empty(job, (x, y), false, reach, &wall, &floor)?);
                if opens {
                    job.map.put(x, y, replace);
                }
            }
            count -= 1;
            left.swap_remove(i);
            i = job.random2(left.len() as i64) as usize;
        }
        Ok(())
    })?;
    Ok(CallbackReturn::Return)
}
