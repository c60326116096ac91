//! Shapes drawn on the map: `make_circle`, `make_diamond`, `make_square`,
//! `make_rounded_square` (around a centre), `make_box`, `make_box_doors`,
//! `make_round_box` and `octa_room` (in a box).

use piccolo::{CallbackReturn, Context, Stack};

use super::args::{coords, field_bool, field_char, field_int, field_set};
use super::{fail, size, with_job, Job, Out, Shared, TRAVERSABLE};

/// Which cells around a centre a radius shape takes, by their offset.
#[derive(Clone, Copy)]
enum Round {
    /// Inside the circle of radius `r + 1/2` (crawl adds the half so the
    /// rim has no lone cells).
    Circle,
    /// Within `r` steps counted across plus down.
    Diamond,
    Square,
    /// The square less its four corners (so radius 0 draws nothing).
    RoundedSquare,
}

impl Round {
    fn takes(self, dx: i64, dy: i64, r: i64) -> bool {
        match self {
            // (r + 1/2)² less its quarter: the same test in integers.
            Round::Circle => dx * dx + dy * dy <= r * r + r,
            Round::Diamond => dx.abs() + dy.abs() <= r,
            Round::Square => true,
            Round::RoundedSquare => dx.abs() != r || dy.abs() != r,
        }
    }
}

/// `make_circle{x, y, radius, fill}` and its kin: the cells of the shape
/// around `(x, y)` set to `fill`; the centre must be on the map.
fn radius_shape<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
    name: &'static str,
    shape: Round,
) -> Out<'gc> {
    let args = stack.get(1);
    let x = field_int(ctx, args, "x", -1)?;
    let y = field_int(ctx, args, "y", -1)?;
    let radius = field_int(ctx, args, "radius", 1)?;
    let fill = field_char(ctx, args, "fill", b'x')?;
    stack.clear();
    with_job(shared, ctx, name, |job| {
        job.map.valid(x, y)?;
        if let Round::Diamond = shape {
            // crawl refuses a diamond that would cross the map's top or
            // left edge, and (one cell late) its bottom or right.
            if radius > x || radius > y {
                return Err(format!(
                    "make_diamond arguments too large: ({x}, {y}, {radius})"
                ));
            }
            if x + radius > job.map.w || y + radius > job.map.h {
                return Err(format!(
                    "make_diamond arguments too large: ({x}, {y}, {radius}) on map size ({}, {})",
                    job.map.w, job.map.h
                ));
            }
        }
        for cy in job.map.span(y - radius, y + radius, false) {
            for cx in job.map.span(x - radius, x + radius, true) {
                job.spend(1)?;
                if shape.takes(cx - x, cy - y, radius) {
                    job.map.put(cx, cy, fill);
                }
            }
        }
        Ok(())
    })?;
    Ok(CallbackReturn::Return)
}

pub(super) fn make_circle<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    radius_shape(shared, ctx, stack, "make_circle", Round::Circle)
}

pub(super) fn make_diamond<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    radius_shape(shared, ctx, stack, "make_diamond", Round::Diamond)
}

pub(super) fn make_square<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    radius_shape(shared, ctx, stack, "make_square", Round::Square)
}

pub(super) fn make_rounded_square<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    radius_shape(
        shared,
        ctx,
        stack,
        "make_rounded_square",
        Round::RoundedSquare,
    )
}

/// Sets every cell of `x1..=x2` by `y1..=y2` on the map to `g`.
fn fill(job: &mut Job, x1: i64, y1: i64, x2: i64, y2: i64, g: u8) -> Result<(), String> {
    for y in job.map.span(y1, y2, false) {
        for x in job.map.span(x1, x2, true) {
            job.spend(1)?;
            job.map.put(x, y, g);
        }
    }
    Ok(())
}

/// `make_box{x1, y1, x2, y2, floor, wall, thickness}`: the box filled
/// with `wall`, then its inside, `thickness` in from each edge, with
/// `floor`. crawl refuses a box past the map's right or bottom edge.
pub(super) fn make_box<'gc>(
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
    if r.x2 >= w || r.y2 >= h {
        return Err(fail(ctx, too_large("make_box", r.x2, r.y2, w, h)));
    }
    let floor = field_char(ctx, args, "floor", b'.')?;
    let wall = field_char(ctx, args, "wall", b'x')?;
    let t = field_int(ctx, args, "thickness", 1)?;
    stack.clear();
    with_job(shared, ctx, "make_box", |job| {
        fill(job, r.x1, r.y1, r.x2, r.y2, wall)?;
        fill(job, r.x1 + t, r.y1 + t, r.x2 - t, r.y2 - t, floor)
    })?;
    Ok(CallbackReturn::Return)
}

fn too_large(name: &str, x2: i64, y2: i64, w: i64, h: i64) -> String {
    format!("{name} arguments too large: ({x2}, {y2}) on map size ({w}, {h})")
}

/// `make_box_doors{x1, y1, x2, y2, number, thickness, door, inner_door,
/// between_doors, veto_gates, passable}`: up to `number` doors cut in
/// the box's walls (corners excepted) where the cells just outside and
/// just inside are passable; a door through a thick wall is `door` on
/// the outside, `between_doors` through it and `inner_door` on the
/// inside. How many it placed.
pub(super) fn make_box_doors<'gc>(
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
    // crawl's test here lets the box reach one cell past the map.
    if r.x2 > w || r.y2 > h {
        return Err(fail(ctx, too_large("make_box_doors", r.x2, r.y2, w, h)));
    }
    let number = field_int(ctx, args, "number", 1)?;
    let t = field_int(ctx, args, "thickness", 1)?;
    let door = field_char(ctx, args, "door", b'+')?;
    let inner_door = field_char(ctx, args, "inner_door", b'.')?;
    let between = field_char(ctx, args, "between_doors", b'.')?;
    let veto_gates = field_bool(ctx, args, "veto_gates", false)?;
    let passable = field_set(ctx, args, "passable", TRAVERSABLE)?;
    stack.clear();
    let placed = with_job(shared, ctx, "make_box_doors", |job| {
        // The sides' lengths without the corners, walked top, bottom,
        // left, right by one draw.
        let size_x = r.x2 - r.x1 + 1 - t * 2;
        let size_y = r.y2 - r.y1 + 1 - t * 2;
        let positions = size_x * 2 + size_y * 2;
        let most_failures = number.saturating_mul(100);
        let (mut placed, mut failures) = (0, 0);
        while placed < number {
            job.spend(1)?;
            let p = job.random2(positions);
            // The door's cell, and the step from it into the box.
            let (x, y, (dx, dy)) = if p < size_x {
                (r.x1 + t + p, r.y1, (0, 1))
            } else if p < size_x * 2 {
                (r.x1 + t + p - size_x, r.y2, (0, -1))
            } else if p < size_x * 2 + size_y {
                (r.x1, r.y1 + t + p - size_x * 2, (1, 0))
            } else {
                (r.x2, r.y1 + t + p - size_x * 2 - size_y, (-1, 0))
            };
            let outside = job.map.is(x - dx, y - dy, &passable);
            let inside = job.map.is(x + dx * t, y + dy * t, &passable);
            // A gate: a door beside another along the wall.
            let gate = veto_gates
                && (job.map.get(x - dy.abs(), y - dx.abs()) == Some(door)
                    || job.map.get(x + dy.abs(), y + dx.abs()) == Some(door));
            if outside && inside && !gate {
                placed += 1;
                job.map.put(x, y, door);
                // Off the map the walk writes nothing more.
                let steps = (t - 1).min(job.map.w + job.map.h);
                for i in 1..=steps {
                    job.spend(1)?;
                    job.map.put(x + dx * i, y + dy * i, between);
                }
                if t > 1 {
                    job.map.put(x + dx * (t - 1), y + dy * (t - 1), inner_door);
                }
            } else {
                failures += 1;
                if failures >= most_failures {
                    break;
                }
            }
        }
        Ok(placed)
    })?;
    stack.replace(ctx, placed);
    Ok(CallbackReturn::Return)
}

/// A cell of `make_round_box`'s drawing, before it goes on the map.
#[derive(Clone, Copy, PartialEq)]
enum Cell {
    Outside,
    Wall,
    Floor,
    Door,
}

/// `make_round_box{x1, y1, x2, y2, floor, wall, door, door_count,
/// passable, veto_gates, veto_if_no_doors}`: the ellipse filling the
/// box, walled, with up to `door_count` doors in its straight walls
/// where a passable cell lies outside. Whether it was drawn (with
/// `veto_if_no_doors`, not when no door fitted).
pub(super) fn make_round_box<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let Some(r) = coords(ctx, args, size(shared), 0)? else {
        stack.clear();
        return Ok(CallbackReturn::Return);
    };
    let floor = field_char(ctx, args, "floor", b'.')?;
    let wall = field_char(ctx, args, "wall", b'x')?;
    let door = field_char(ctx, args, "door", b'+')?;
    let door_count = field_int(ctx, args, "door_count", 1)?;
    let passable = field_set(ctx, args, "passable", TRAVERSABLE)?;
    let veto_gates = field_bool(ctx, args, "veto_gates", false)?;
    let veto_if_no_doors = field_bool(ctx, args, "veto_if_no_doors", false)?;
    stack.clear();
    let drawn = with_job(shared, ctx, "make_round_box", |job| {
        // The drawing covers the whole box, even off the map, so a box
        // half off it keeps its shape; its size is bounded first.
        let (sx, sy) = (r.x2 - r.x1 + 1, r.y2 - r.y1 + 1);
        job.spend(usize::try_from(sx.saturating_mul(sy)).unwrap_or(usize::MAX))?;
        let (sx, sy) = (sx as usize, sy as usize);
        let mut cells = vec![Cell::Outside; sx * sy];
        let at = |x: usize, y: usize| x * sy + y;

        // The ellipse, in crawl's single precision; its half a cell more
        // of radius keeps lone wall cells off its rim.
        let radius_x = (sx as f32 - 1.0) * 0.5;
        let radius_y = (sy as f32 - 1.0) * 0.5;
        for x in 0..sx {
            for y in 0..sy {
                let fx = (x as f32 - radius_x) / (radius_x + 0.5);
                let fy = (y as f32 - radius_y) / (radius_y + 0.5);
                if fx * fx + fy * fy <= 1.0 {
                    cells[at(x, y)] = Cell::Wall;
                }
            }
        }

        // Hollowed: a wall cell with nothing outside around it is floor.
        for x in 1..sx.saturating_sub(1) {
            for y in 1..sy.saturating_sub(1) {
                let enclosed = (x - 1..=x + 1)
                    .all(|nx| (y - 1..=y + 1).all(|ny| cells[at(nx, ny)] != Cell::Outside));
                if cells[at(x, y)] == Cell::Wall && enclosed {
                    cells[at(x, y)] = Cell::Floor;
                }
            }
        }

        // Door places: wall cells in a straight run of wall, with a
        // passable cell of the map beyond them on the outside.
        let is_wall = |cells: &[Cell], x: Option<usize>, y: Option<usize>| match (x, y) {
            (Some(x), Some(y)) if x < sx && y < sy => cells[at(x, y)] == Cell::Wall,
            _ => false,
        };
        let out_or_off = |cells: &[Cell], x: Option<usize>, y: Option<usize>| match (x, y) {
            (Some(x), Some(y)) if x < sx && y < sy => cells[at(x, y)] == Cell::Outside,
            _ => true,
        };
        let mut places = Vec::new();
        for x in 0..sx {
            for y in 0..sy {
                if cells[at(x, y)] != Cell::Wall {
                    continue;
                }
                let xm = is_wall(&cells, x.checked_sub(1), Some(y));
                let xp = is_wall(&cells, Some(x + 1), Some(y));
                let ym = is_wall(&cells, Some(x), y.checked_sub(1));
                let yp = is_wall(&cells, Some(x), Some(y + 1));
                let (mx, my) = (r.x1 + x as i64, r.y1 + y as i64);
                let open_at = |dx: i64, dy: i64| job.map.is(mx + dx, my + dy, &passable);
                if xm
                    && xp
                    && !ym
                    && !yp
                    && ((open_at(0, -1) && out_or_off(&cells, Some(x), y.checked_sub(1)))
                        || (open_at(0, 1) && out_or_off(&cells, Some(x), Some(y + 1))))
                {
                    places.push((x, y));
                }
                if !xm
                    && !xp
                    && ym
                    && yp
                    && ((open_at(-1, 0) && out_or_off(&cells, x.checked_sub(1), Some(y)))
                        || (open_at(1, 0) && out_or_off(&cells, Some(x + 1), Some(y))))
                {
                    places.push((x, y));
                }
            }
        }

        // Doors at random places, a door beside another vetoed on
        // request (a gate).
        let mut placed = 0;
        while placed < door_count && !places.is_empty() {
            job.spend(1)?;
            let i = job.random2(places.len() as i64) as usize;
            let (x, y) = places.swap_remove(i);
            let beside_door = [(-1, 0), (1, 0), (0, -1), (0, 1)].iter().any(|&(dx, dy)| {
                let nx = x.checked_add_signed(dx).filter(|&nx| nx < sx);
                let ny = y.checked_add_signed(dy).filter(|&ny| ny < sy);
                matches!((nx, ny), (Some(nx), Some(ny)) if cells[at(nx, ny)] == Cell::Door)
            });
            if !(veto_gates && beside_door) {
                cells[at(x, y)] = Cell::Door;
                placed += 1;
            }
        }

        if placed == 0 && veto_if_no_doors {
            return Ok(false);
        }
        for x in 0..sx {
            for y in 0..sy {
                let g = match cells[at(x, y)] {
                    Cell::Outside => continue,
                    Cell::Wall => wall,
                    Cell::Floor => floor,
                    Cell::Door => door,
                };
                job.map.put(r.x1 + x as i64, r.y1 + y as i64, g);
            }
        }
        Ok(true)
    })?;
    stack.replace(ctx, drawn);
    Ok(CallbackReturn::Return)
}

/// `octa_room{x1, y1, x2, y2, oblique, outside, inside, replace}`: the
/// box's cells (those in `replace`, when given) set to `inside` within
/// an octagon whose corners are cut `oblique` cells deep, `outside`
/// beyond it.
pub(super) fn octa_room<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let args = stack.get(1);
    let (w, h) = size(shared);
    let oblique = field_int(ctx, args, "oblique", w.min(h) / 2 - 1)?;
    let outside = field_char(ctx, args, "outside", b'x')?;
    let inside = field_char(ctx, args, "inside", b'.')?;
    let replace = field_set(ctx, args, "replace", b"")?;
    let Some(r) = coords(ctx, args, (w, h), 0)? else {
        stack.clear();
        return Ok(CallbackReturn::Return);
    };
    stack.clear();
    with_job(shared, ctx, "octa_room", |job| {
        for y in job.map.span(r.y1, r.y2, false) {
            for x in job.map.span(r.x1, r.x2, true) {
                job.spend(1)?;
                let g = job.map.get(x, y).unwrap_or(b' ');
                if !replace.empty && !replace.has(g) {
                    continue;
                }
                // How far the cut corners reach in at this column.
                let cut = (oblique + r.x1 - x).max(0) + (oblique + x - r.x2).max(0);
                let within = y >= r.y1 + cut && y <= r.y2 - cut;
                job.map.put(x, y, if within { inside } else { outside });
            }
        }
        Ok(())
    })?;
    Ok(CallbackReturn::Return)
}
