//! `make_irregular_box` (crawl's `dgn-irregular-box.cc`): a room whose
//! walls are pushed in here and there, so its outline steps.
//!
//! Each side is cut at random divisions; each stretch between two sits
//! a random depth in from the box's edge, one of them on the edge, and
//! the stretches are joined by walls across. The room is drawn apart
//! from the map and drawn again until its outline does not cross
//! itself (its inside and outside then cover every cell), then copied
//! onto the map, its outside left as it was.

use piccolo::{CallbackReturn, Context, Stack};

use super::args::{coords, field_char, field_int};
use super::{size, with_job, Job, Out, Shared};

/// How close two divisions of a side may come (closer can wall off part
/// of the room), and the smallest box that can step.
const SEPARATION: i64 = 2;
const SMALLEST: i64 = SEPARATION * 2 + 1;

#[derive(Clone, Copy, PartialEq)]
enum Cell {
    Unset,
    Outside,
    Glyph(u8),
}

/// The glyphs the room is made of.
#[derive(Clone, Copy)]
struct Kit {
    floor: u8,
    wall: u8,
    door: u8,
    doors: i64,
}

/// `make_irregular_box{x1, y1, x2, y2, floor, wall, door, door_count,
/// div_x, div_y, in_x, in_y}`: `div_x` and `div_y` are how many extra
/// divisions a side may get, `in_x` and `in_y` how deep a stretch may
/// sit (held to leave room for two walls and a floor).
pub(super) fn make_irregular_box<'gc>(
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
    let doors = field_int(ctx, args, "door_count", 1)?;
    let div_x = field_int(ctx, args, "div_x", 1)?;
    let div_y = field_int(ctx, args, "div_y", 1)?;
    let in_x = field_int(ctx, args, "in_x", 10000)?;
    let in_y = field_int(ctx, args, "in_y", 10000)?;
    stack.clear();
    let kit = Kit {
        floor,
        wall,
        door,
        doors: doors.max(0),
    };
    with_job(shared, ctx, "make_irregular_box", |job| {
        let (w, h) = (job.map.w, job.map.h);
        if w <= 0 || h <= 0 {
            return Ok(());
        }
        // The box is held to the map here (crawl does so itself).
        let x1 = r.x1.max(0);
        let x2 = r.x2.max(x1).min(w - 1);
        let y1 = r.y1.max(0);
        let y2 = r.y2.max(y1).min(h - 1);
        let (sx, sy) = (x2 - x1 + 1, y2 - y1 + 1);
        let in_x = in_x.max(0).min((sx - 1) / 2 - 1);
        let in_y = in_y.max(0).min((sy - 1) / 2 - 1);
        if sx < SMALLEST || sy < SMALLEST {
            return simple_box(job, (x1, y1, x2, y2), kit);
        }
        let drawing = loop {
            if let Some(drawing) = attempt(
                job,
                (sx, sy),
                (div_x.max(0), div_y.max(0)),
                (in_x, in_y),
                kit,
            )? {
                break drawing;
            }
        };
        for x in 0..sx {
            for y in 0..sy {
                if let Some(Cell::Glyph(g)) = drawing.get(x, y) {
                    job.map.put(x1 + x, y1 + y, g);
                }
            }
        }
        Ok(())
    })?;
    Ok(CallbackReturn::Return)
}

/// The plain walled box crawl falls back on when the box is too small
/// to step, its doors anywhere on the wall, corners too.
fn simple_box(
    job: &mut Job,
    (x1, y1, x2, y2): (i64, i64, i64, i64),
    kit: Kit,
) -> Result<(), String> {
    for x in x1 + 1..x2 {
        for y in y1 + 1..y2 {
            job.spend(1)?;
            job.map.put(x, y, kit.floor);
        }
    }
    let mut walls = Vec::new();
    for x in x1..=x2 {
        walls.push((x, y1));
        walls.push((x, y2));
    }
    for y in y1 + 1..y2 {
        walls.push((x1, y));
        walls.push((x2, y));
    }
    job.spend(walls.len())?;
    for &(x, y) in &walls {
        job.map.put(x, y, kit.wall);
    }
    let mut left = kit.doors;
    while left > 0 && !walls.is_empty() {
        let i = job.random2(walls.len() as i64) as usize;
        let (x, y) = walls.swap_remove(i);
        job.map.put(x, y, kit.door);
        left -= 1;
    }
    Ok(())
}

/// The room drawn apart from the map, by column then row.
struct Drawing {
    cells: Vec<Cell>,
    sx: i64,
    sy: i64,
}

impl Drawing {
    fn get(&self, x: i64, y: i64) -> Option<Cell> {
        if !(0..self.sx).contains(&x) || !(0..self.sy).contains(&y) {
            return None;
        }
        self.cells.get((x * self.sy + y) as usize).copied()
    }

    fn set(&mut self, x: i64, y: i64, c: Cell) {
        if (0..self.sx).contains(&x) && (0..self.sy).contains(&y) {
            if let Some(cell) = self.cells.get_mut((x * self.sy + y) as usize) {
                *cell = c;
            }
        }
    }
}

/// A side of the room.
#[derive(Clone, Copy)]
enum Side {
    Top,
    Bottom,
    Left,
    Right,
}

impl Side {
    /// The drawing's cell `a` along the side and `deep` in from it.
    fn cell(self, a: i64, deep: i64, sx: i64, sy: i64) -> (i64, i64) {
        match self {
            Side::Top => (a, deep),
            Side::Bottom => (a, sy - 1 - deep),
            Side::Left => (deep, a),
            Side::Right => (sx - 1 - deep, a),
        }
    }
}

/// One try at the room; `None` when its outline crossed itself.
fn attempt(
    job: &mut Job,
    (sx, sy): (i64, i64),
    (div_x, div_y): (i64, i64),
    (in_x, in_y): (i64, i64),
    kit: Kit,
) -> Result<Option<Drawing>, String> {
    job.spend((sx * sy) as usize)?;
    let mut d = Drawing {
        cells: vec![Cell::Unset; (sx * sy) as usize],
        sx,
        sy,
    };

    // How far in each corner sits, two opposite ones together leaving
    // a box in the middle.
    let mut corner = [(0, 0); 4];
    for c in &mut corner {
        *c = (job.random2(in_x), job.random2(in_y));
    }
    let [mut tl, mut tr, mut bl, mut br] = corner;
    force_sum_below(job, &mut tl.0, &mut tr.0, sx - SMALLEST)?;
    force_sum_below(job, &mut bl.0, &mut br.0, sx - SMALLEST)?;
    force_sum_below(job, &mut tl.1, &mut bl.1, sy - SMALLEST)?;
    force_sum_below(job, &mut tr.1, &mut br.1, sy - SMALLEST)?;

    // Where each side is cut, corners at its ends.
    let mut top = divisions(job, tl.0, sx - 1 - tr.0, div_x)?;
    let mut bottom = divisions(job, bl.0, sx - 1 - br.0, div_x)?;
    let mut left = divisions(job, tl.1, sy - 1 - bl.1, div_y)?;
    let mut right = divisions(job, tr.1, sy - 1 - br.1, div_y)?;

    // How deep each stretch between cuts sits.
    let in_top = depths(job, tl.1, tr.1, in_y, top.len() as i64 - 1);
    let in_bottom = depths(job, bl.1, br.1, in_y, bottom.len() as i64 - 1);
    let in_left = depths(job, tl.0, bl.0, in_x, left.len() as i64 - 1);
    let in_right = depths(job, tr.0, br.0, in_x, right.len() as i64 - 1);

    // The sides' ends moved to meet the stretches at the corners, which
    // may have moved to the edge.
    let ends = |v: &mut Vec<i64>, first: i64, last: i64| {
        if let Some(f) = v.first_mut() {
            *f = first;
        }
        if let Some(l) = v.last_mut() {
            *l = last;
        }
    };
    let first = |v: &[i64]| v.first().copied().unwrap_or(0);
    let last = |v: &[i64]| v.last().copied().unwrap_or(0);
    ends(&mut top, first(&in_left), sx - 1 - first(&in_right));
    ends(&mut bottom, last(&in_left), sx - 1 - last(&in_right));
    ends(&mut left, first(&in_top), sy - 1 - first(&in_bottom));
    ends(&mut right, last(&in_top), sy - 1 - last(&in_bottom));

    let mut walls = Vec::new();
    let wall = Cell::Glyph(kit.wall);
    // Each side: a run along it per stretch, and a run across joining
    // a stretch to the one before.
    let sides = [
        (Side::Top, &top, &in_top),
        (Side::Bottom, &bottom, &in_bottom),
        (Side::Left, &left, &in_left),
        (Side::Right, &right, &in_right),
    ];
    for (side, cuts, depth) in sides {
        let along = |a: i64, deep: i64| side.cell(a, deep, sx, sy);
        for (i, &deep) in depth.iter().enumerate() {
            job.spend(1)?;
            let cut = |i: usize| cuts.get(i).copied().unwrap_or(0);
            if i > 0 {
                // The cells strictly between this stretch's depth and the
                // last one's, in the drawing's order.
                let (p, q) = (along(cut(i), deep), along(cut(i), depth[i - 1]));
                let (lo, hi) = if p <= q { (p, q) } else { (q, p) };
                let upright = lo.0 == hi.0;
                let (from, to) = if upright { (lo.1, hi.1) } else { (lo.0, hi.0) };
                for k in from + 1..to {
                    job.spend(1)?;
                    let (x, y) = if upright { (lo.0, k) } else { (k, lo.1) };
                    d.set(x, y, wall);
                    walls.push((x, y));
                }
            }
            let (a0, a1) = (cut(i), cut(i + 1));
            let (x, y) = along(a0, deep);
            d.set(x, y, wall);
            let (x, y) = along(a1, deep);
            d.set(x, y, wall);
            for a in a0 + 1..a1 {
                job.spend(1)?;
                let (x, y) = along(a, deep);
                d.set(x, y, wall);
                walls.push((x, y));
            }
        }
    }

    let mut left_doors = kit.doors;
    while left_doors > 0 && !walls.is_empty() {
        let i = job.random2(walls.len() as i64) as usize;
        let (x, y) = walls.swap_remove(i);
        d.set(x, y, Cell::Glyph(kit.door));
        left_doors -= 1;
    }

    // Inside filled from just within the top-left corner, outside from
    // each edge inward: a cell left unset means the outline crossed.
    flood(
        job,
        &mut d,
        first(&in_left) + 1,
        first(&in_top) + 1,
        Cell::Glyph(kit.floor),
    )?;
    outside(&mut d);
    Ok((!d.cells.contains(&Cell::Unset)).then_some(d))
}

/// Brings `a + b` under `sum` by cutting one or the other at random.
fn force_sum_below(job: &mut Job, a: &mut i64, b: &mut i64, sum: i64) -> Result<(), String> {
    if sum <= 0 {
        return Ok(());
    }
    while *a + *b >= sum {
        job.spend(1)?;
        if job.random2(2) == 0 {
            *a = job.random2(*a);
        } else {
            *b = job.random2(*b);
        }
    }
    Ok(())
}

/// `lo`, `hi`, and up to `tries` random values between, in order, none
/// closer than `SEPARATION` to another.
fn divisions(job: &mut Job, lo: i64, hi: i64, tries: i64) -> Result<Vec<i64>, String> {
    let mut values = vec![lo, hi];
    for _ in 0..tries {
        job.spend(values.len())?;
        let v = job.random_range(lo, hi)?;
        // The first value it does not lie well above: too close to it,
        // or room for it just before.
        if let Some(j) = values.iter().position(|&u| v < u + SEPARATION) {
            if v <= values[j] - SEPARATION {
                values.insert(j, v);
            }
        }
    }
    Ok(values)
}

/// The depth of each of `count` stretches: `first` and `last` at the
/// ends, random ones between, then one at random put on the edge.
fn depths(job: &mut Job, first: i64, last: i64, most: i64, count: i64) -> Vec<i64> {
    let count = count.max(1) as usize;
    let mut values = vec![0; count];
    values[0] = first;
    for v in values.iter_mut().skip(1) {
        *v = job.random2(most);
    }
    values[count - 1] = last;
    let i = job.random2(count as i64) as usize;
    values[i] = 0;
    values
}

/// Fills the unset cells joined across or down to `(x, y)` with `fill`.
fn flood(job: &mut Job, d: &mut Drawing, x: i64, y: i64, fill: Cell) -> Result<(), String> {
    if d.get(x, y) != Some(Cell::Unset) {
        return Ok(());
    }
    d.set(x, y, fill);
    let mut todo = vec![(x, y)];
    while let Some((x, y)) = todo.pop() {
        job.spend(1)?;
        for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] {
            if d.get(nx, ny) == Some(Cell::Unset) {
                d.set(nx, ny, fill);
                todo.push((nx, ny));
            }
        }
    }
    Ok(())
}

/// Marks as outside the unset cells seen from each edge looking
/// straight in (the outline only steps, so it hides no nooks).
fn outside(d: &mut Drawing) {
    let (sx, sy) = (d.sx, d.sy);
    let open = |c: Option<Cell>| matches!(c, Some(Cell::Unset | Cell::Outside));
    let ray = |d: &mut Drawing, cells: &mut dyn Iterator<Item = (i64, i64)>| {
        for (x, y) in cells {
            if !open(d.get(x, y)) {
                break;
            }
            d.set(x, y, Cell::Outside);
        }
    };
    for x in 0..sx {
        ray(d, &mut (0..sy).map(|y| (x, y)));
        ray(d, &mut (0..sy).rev().map(|y| (x, y)));
    }
    for y in 0..sy {
        ray(d, &mut (0..sx).map(|x| (x, y)));
        ray(d, &mut (0..sx).rev().map(|x| (x, y)));
    }
}
