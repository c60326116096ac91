//! `selection.*` and the operators a selection takes, as `nhlsel.c`
//! defines them: a selection is a userdata whose metatable indexes the
//! `selection` table, so `sel:grow()` and `selection.grow(sel)` are one.

use std::cell::RefCell;

use piccolo::{
    BoxSequence, CallbackReturn, Context, Error, Execution, Function, IntoValue, Sequence,
    SequencePoll, Stack, Table, UserData, Value,
};

use super::level::{Frame, Level, COLNO, ROWNO};
use super::value::{int, text, truth};
use super::{native_costing, Native, Shared};
use crate::nethack_common::selection::{self as shape, Selection};

/// A selection as Lua holds it.
pub type Held = RefCell<Selection>;

pub fn install<'gc>(ctx: Context<'gc>, shared: &Shared) -> Result<(), Error<'gc>> {
    let table = Table::new(&ctx);
    let functions: [(&str, Native); 23] = [
        ("new", new),
        ("clone", clone),
        ("get", get),
        ("set", set),
        ("numpoints", numpoints),
        ("negate", negate),
        ("percentage", percentage),
        ("rndcoord", rndcoord),
        ("line", line),
        ("randline", randline),
        ("rect", rect),
        ("fillrect", fillrect),
        ("area", fillrect),
        ("grow", grow),
        ("filter_mapchar", filter_mapchar),
        ("match", match_pattern),
        ("floodfill", floodfill),
        ("circle", circle),
        ("ellipse", ellipse),
        ("gradient", gradient),
        ("iterate", iterate),
        ("bounds", bounds),
        ("room", room),
    ];
    for (name, f) in functions {
        // Each works over a level-sized set of cells, with their
        // neighbours.
        let area = COLNO * ROWNO * 9;
        table.set(ctx, name, native_costing(ctx, shared, f, area))?;
    }
    let meta = Table::new(&ctx);
    meta.set(ctx, "__index", table)?;
    ctx.set_global("selection", table)?;
    ctx.set_global(META_KEY, meta)?;
    Ok(())
}

/// Where the selection metatable is kept (a global no script names).
const META_KEY: &str = "__vw_selection_meta";

/// A new selection value.
pub fn push<'gc>(ctx: Context<'gc>, selection: Selection) -> Result<Value<'gc>, Error<'gc>> {
    let data = UserData::new_static(&ctx, RefCell::new(selection));
    if let Value::Table(meta) = ctx.get_global(META_KEY) {
        data.set_metatable(&ctx, Some(meta));
    }
    Ok(Value::UserData(data))
}

/// `a op b` on two selections, as the game's selection metamethods
/// combine them; `None` when either is not a selection or the operator
/// is not one of theirs (Lua's arithmetic then has its say).
pub fn binary<'gc>(
    ctx: Context<'gc>,
    op: &str,
    a: Value<'gc>,
    b: Value<'gc>,
) -> Option<Result<Value<'gc>, Error<'gc>>> {
    let (x, y) = (held(a)?, held(b)?);
    let on_cells: fn(u64, u64) -> u64 = match op {
        "|" | "+" => |a, b| a | b,
        "&" => |a, b| a & b,
        "~" => |a, b| a ^ b,
        "-" => |a, b| a & !b,
        _ => return None,
    };
    let out = x.borrow().combine(&y.borrow(), on_cells);
    Some(push(ctx, out))
}

/// `~sel` and `-sel`: the selection negated, as `sel:negate()` does. (Read
/// against Lua 5.4's calling convention, the game's `__bnot`/`__unm` may
/// invert the operand in place and return an empty selection; that is
/// not copied, and not confirmed by running the game.)
pub fn negated<'gc>(ctx: Context<'gc>, a: Value<'gc>) -> Option<Result<Value<'gc>, Error<'gc>>> {
    let out = held(a)?.borrow().complement();
    Some(push(ctx, out))
}

/// The selection a value holds.
pub fn held<'gc>(v: Value<'gc>) -> Option<&'gc Held> {
    match v {
        Value::UserData(u) => u.downcast_static::<Held>().ok(),
        _ => None,
    }
}

fn want<'gc>(ctx: Context<'gc>, v: Value<'gc>) -> Result<&'gc Held, Error<'gc>> {
    held(v).ok_or_else(|| {
        format!("a selection was expected, found {}", v.type_name())
            .into_value(ctx)
            .into()
    })
}

/// A numeric argument (a place, a size, a radius, a percentage), kept
/// within the value module's `REACH`.
fn arg_int<'gc>(ctx: Context<'gc>, stack: &Stack<'gc, '_>, i: usize) -> Result<i64, Error<'gc>> {
    super::value::measure(stack.get(i)).ok_or_else(|| {
        format!(
            "argument {} should be a number, found {}",
            i + 1,
            stack.get(i).type_name()
        )
        .into_value(ctx)
        .into()
    })
}

fn ret<'gc>(
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
    v: impl IntoValue<'gc>,
) -> Result<CallbackReturn<'gc>, Error<'gc>> {
    stack.replace(ctx, v.into_value(ctx));
    Ok(CallbackReturn::Return)
}

fn ret_selection<'gc>(
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
    s: Selection,
) -> Result<CallbackReturn<'gc>, Error<'gc>> {
    let v = push(ctx, s)?;
    ret(ctx, stack, v)
}

/// A level coordinate from a script's (relative) one; -1,-1 is random.
pub fn absolute(level: &Level, rng: &mut crate::rng::Rng, x: i64, y: i64) -> (i64, i64) {
    let f = level.frame();
    if x == -1 && y == -1 {
        return random_in(f, rng);
    }
    (x.saturating_add(f.x), y.saturating_add(f.y))
}

pub fn random_in(f: Frame, rng: &mut crate::rng::Rng) -> (i64, i64) {
    let hi = |n: i64| i32::try_from(n.clamp(1, 200) - 1).unwrap_or(0);
    (
        f.x + i64::from(rng.range(0, hi(f.width))),
        f.y + i64::from(rng.range(0, hi(f.height))),
    )
}

/// A level coordinate back into the script's frame.
pub fn relative(level: &Level, (x, y): (i64, i64)) -> (i64, i64) {
    let f = level.frame();
    (x - f.x, y - f.y)
}

fn new<'gc>(_: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    ret_selection(ctx, stack, Selection::default())
}

type Native2<'gc> = Result<CallbackReturn<'gc>, Error<'gc>>;

fn clone<'gc>(_: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    let s = want(ctx, stack.get(0))?.borrow().clone();
    ret_selection(ctx, stack, s)
}

fn get<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    let s = want(ctx, stack.get(0))?;
    let (x, y) = match super::value::pair(ctx, stack.get(1)) {
        Some(p) => p,
        None => (arg_int(ctx, stack, 1)?, arg_int(ctx, stack, 2)?),
    };
    let mut r = run.borrow_mut();
    let r = &mut *r;
    let (x, y) = absolute(&r.level, &mut r.rng, x, y);
    let on = s.borrow().get(x, y);
    ret(ctx, stack, i64::from(on))
}

fn set<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    let (target, x, y, on) = match stack.len() {
        0 => (push(ctx, Selection::default())?, -1, -1, true),
        1 => (stack.get(0), -1, -1, true),
        2 => (
            push(ctx, Selection::default())?,
            arg_int(ctx, stack, 0)?,
            arg_int(ctx, stack, 1)?,
            true,
        ),
        _ => (
            stack.get(0),
            arg_int(ctx, stack, 1)?,
            arg_int(ctx, stack, 2)?,
            int(stack.get(3)).unwrap_or(1) != 0,
        ),
    };
    let s = want(ctx, target)?;
    {
        let mut r = run.borrow_mut();
        let r = &mut *r;
        let (x, y) = absolute(&r.level, &mut r.rng, x, y);
        s.borrow_mut().set(x, y, on);
    }
    ret(ctx, stack, target)
}

fn numpoints<'gc>(_: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    let n = want(ctx, stack.get(0))?.borrow().count();
    ret(ctx, stack, n as i64)
}

fn negate<'gc>(_: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    let s = match held(stack.get(0)) {
        Some(s) => s.borrow().complement(),
        None => Selection::default().complement(),
    };
    ret_selection(ctx, stack, s)
}

fn percentage<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    let s = want(ctx, stack.get(0))?;
    let p = arg_int(ctx, stack, 1)?;
    let out = s.borrow().filter_percent(p, &mut run.borrow_mut().rng);
    ret_selection(ctx, stack, out)
}

fn rndcoord<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    let s = want(ctx, stack.get(0))?;
    let remove = int(stack.get(1)).unwrap_or(0) != 0;
    let (x, y) = {
        let mut r = run.borrow_mut();
        let point = s.borrow().random_cell(&mut r.rng);
        match point {
            Some(p) => {
                if remove {
                    s.borrow_mut().set(p.0, p.1, false);
                }
                relative(&r.level, p)
            }
            None => (-1, -1),
        }
    };
    let t = Table::new(&ctx);
    t.set(ctx, "x", x)?;
    t.set(ctx, "y", y)?;
    ret(ctx, stack, t)
}

/// Two corners, absolute.
type Corners = ((i64, i64), (i64, i64));

/// `(sel, x1, y1, x2, y2, …)` or `(x1, y1, x2, y2, …)`: a copy of the
/// selection (a new one for the short form; the game never changes the
/// one given) and the two corners, absolute.
fn two_corners<'gc>(
    run: &Shared,
    ctx: Context<'gc>,
    stack: &Stack<'gc, '_>,
) -> Result<(Selection, Corners), Error<'gc>> {
    let given = held(stack.get(0));
    let first = usize::from(given.is_some());
    let n = |i: usize| arg_int(ctx, stack, first + i);
    let (x1, y1, x2, y2) = (n(0)?, n(1)?, n(2)?, n(3)?);
    let copy = given.map(|s| s.borrow().clone()).unwrap_or_default();
    let mut r = run.borrow_mut();
    let r = &mut *r;
    let a = absolute(&r.level, &mut r.rng, x1, y1);
    let b = absolute(&r.level, &mut r.rng, x2, y2);
    Ok((copy, (a, b)))
}

fn line<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    let (mut s, (a, b)) = two_corners(run, ctx, stack)?;
    s.add_line(a, b);
    ret_selection(ctx, stack, s)
}

fn randline<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    let (s, (a, b)) = two_corners(run, ctx, stack)?;
    let roughness = int(stack.get(stack.len().saturating_sub(1))).unwrap_or(0);
    let s = s.union(&Selection::random_line(
        a,
        b,
        roughness,
        &mut run.borrow_mut().rng,
    ));
    ret_selection(ctx, stack, s)
}

fn rect<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    let (s, (a, b)) = two_corners(run, ctx, stack)?;
    let s = s.union(&Selection::rect(a, b, false));
    ret_selection(ctx, stack, s)
}

fn fillrect<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    let (s, (a, b)) = two_corners(run, ctx, stack)?;
    let s = s.union(&Selection::rect(a, b, true));
    ret_selection(ctx, stack, s)
}

fn grow<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    let s = want(ctx, stack.get(0))?;
    let word = text(stack.get(1)).unwrap_or_else(|| "all".into());
    let dirs = match word.as_str() {
        "all" => shape::ANY,
        "random" => random_direction(&mut run.borrow_mut().rng),
        "north" => shape::NORTH,
        "south" => shape::SOUTH,
        "west" => shape::WEST,
        "east" => shape::EAST,
        other => {
            return Err(format!("invalid option '{other}' for grow")
                .into_value(ctx)
                .into())
        }
    };
    let out = s.borrow().grow(dirs);
    ret_selection(ctx, stack, out)
}

fn filter_mapchar<'gc>(
    run: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Native2<'gc> {
    let s = want(ctx, stack.get(0))?;
    let c = map_char(ctx, stack.get(1))?;
    let r = run.borrow();
    // `x` matches every cell, as the game's `match_maptyps` has it.
    let matching = if c == b'x' {
        Selection::default().complement()
    } else {
        r.level.matching(&terrain_class(c))
    };
    let out = s.borrow().intersection(&matching);
    drop(r);
    ret_selection(ctx, stack, out)
}

/// One of the four directions at random (the game's `random_wdir`).
pub fn random_direction(rng: &mut crate::rng::Rng) -> i64 {
    [shape::NORTH, shape::SOUTH, shape::EAST, shape::WEST][rng.range(0, 3) as usize]
}

/// One map character argument (`"."`), refused as the game refuses one.
pub fn map_char<'gc>(ctx: Context<'gc>, v: Value<'gc>) -> Result<u8, Error<'gc>> {
    match text(v).as_deref().map(str::as_bytes) {
        Some(&[c]) if super::level::MAP_CHARS.contains(&c) => Ok(c),
        _ => Err("Erroneous map char".into_value(ctx).into()),
    }
}

/// The characters a filter character stands for: `w` any wall or stone.
fn terrain_class(c: u8) -> Vec<u8> {
    match c {
        b'w' => b"-| B".to_vec(),
        c => vec![c],
    }
}

/// `selection.match(pattern)`: the cells where the pattern, centred on
/// them, fits the level.
fn match_pattern<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    let pattern = text(stack.get(0)).ok_or_else(|| "wrong parameters".into_value(ctx))?;
    let out = fragment_matches(&run.borrow().level, &pattern)
        .map_err(|e| -> Error<'gc> { e.into_value(ctx).into() })?;
    ret_selection(ctx, stack, out)
}

/// Where a map fragment, centred on a cell, fits the level (`x` any
/// cell, `w` any wall or stone; off the level is stone), as the game's
/// `mapfrag_match`; the game's limits on a fragment (21 rows, odd sides).
pub fn fragment_matches(level: &Level, pattern: &str) -> Result<Selection, &'static str> {
    let cleaned: String = pattern.chars().filter(|c| !c.is_ascii_digit()).collect();
    let rows: Vec<&[u8]> = cleaned
        .trim_matches('\n')
        .split('\n')
        .map(str::as_bytes)
        .collect();
    let height = rows.len() as i64;
    let width = rows.iter().map(|r| r.len()).max().unwrap_or(0) as i64;
    if height > super::level::ROWNO as i64 || width > super::level::COLNO as i64 {
        return Err("Map data error");
    }
    if width == 0 || width % 2 == 0 || height % 2 == 0 {
        return Err("mapfragment needs to have odd height and width");
    }
    let mut out = Selection::default();
    for y in 0..super::level::ROWNO as i64 {
        for x in 1..super::level::COLNO as i64 {
            let fits = rows.iter().enumerate().all(|(j, row)| {
                row.iter().enumerate().all(|(i, &c)| {
                    let at = level.at(x + i as i64 - width / 2, y + j as i64 - height / 2);
                    c == b'x' || terrain_class(c).contains(&at)
                })
            });
            out.set(x, y, fits);
        }
    }
    Ok(out)
}

fn floodfill<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    let (x, y) = (arg_int(ctx, stack, 0)?, arg_int(ctx, stack, 1)?);
    let diagonal = truth(stack.get(2)).unwrap_or(false);
    let mut r = run.borrow_mut();
    let r = &mut *r;
    let (x, y) = absolute(&r.level, &mut r.rng, x, y);
    let level = &r.level;
    let start = level.at(x, y);
    let out = Selection::flood(x, y, diagonal, |x, y| level.at(x, y) == start);
    ret_selection(ctx, stack, out)
}

/// `(sel?, x, y, rx[, ry], filled?)`.
fn round<'gc>(
    run: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
    radii: usize,
) -> Native2<'gc> {
    let given = held(stack.get(0)).is_some();
    let first = usize::from(given);
    let (x, y) = (arg_int(ctx, stack, first)?, arg_int(ctx, stack, first + 1)?);
    let rx = arg_int(ctx, stack, first + 2)?;
    let ry = if radii == 2 {
        arg_int(ctx, stack, first + 3)?
    } else {
        rx
    };
    let filled = int(stack.get(first + 2 + radii)).unwrap_or(0) != 0;
    let target = if given {
        stack.get(0)
    } else {
        push(ctx, Selection::default())?
    };
    let mut r = run.borrow_mut();
    let r = &mut *r;
    let centre = absolute(&r.level, &mut r.rng, x, y);
    let round = Selection::ellipse(centre, rx, ry, filled);
    let held = want(ctx, target)?;
    let grown = held.borrow().union(&round);
    *held.borrow_mut() = grown;
    ret(ctx, stack, target)
}

fn circle<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    round(run, ctx, stack, 1)
}

fn ellipse<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    round(run, ctx, stack, 2)
}

/// `selection.gradient({ type, x, y, x2, y2, mindist, maxdist })`: the
/// cells near the centre (a point, or the segment to x2, y2), each farther
/// one kept less often, as `nhlsel.c` has it: squared distance for
/// "radial", the larger of the two offsets for "square".
fn gradient<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    let keys = super::value::Keys::of(ctx, stack.get(0));
    if !keys.is_table() {
        return Err("selection.gradient requires table argument"
            .into_value(ctx)
            .into());
    }
    let square = match keys.text("type").as_deref() {
        None | Some("radial") => false,
        Some("square") => true,
        Some(other) => return Err(format!("invalid option '{other}'").into_value(ctx).into()),
    };
    let max = keys
        .int("maxdist")
        .ok_or_else(|| "selection.gradient needs maxdist".into_value(ctx))?;
    let min = keys.int("mindist").unwrap_or(0);
    let (min, max) = (min.min(max).clamp(0, 200), max.max(min).clamp(0, 200));
    let (x, y) = keys.xy().unwrap_or((0, 0));
    let mut r = run.borrow_mut();
    let r = &mut *r;
    let a = absolute(&r.level, &mut r.rng, x, y);
    let b = match (keys.int("x2"), keys.int("y2")) {
        (Some(x2), Some(y2)) if (x2, y2) != (-1, -1) => absolute(&r.level, &mut r.rng, x2, y2),
        _ => a,
    };
    let distance = |x: i64, y: i64| -> i64 {
        // To the nearest point of the segment a–b (a point when equal).
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = dx * dx + dy * dy;
        let t = if len == 0 {
            0.0
        } else {
            (((x - a.0) * dx + (y - a.1) * dy) as f64 / len as f64).clamp(0.0, 1.0)
        };
        let (px, py) = (a.0 as f64 + t * dx as f64, a.1 as f64 + t * dy as f64);
        let (ox, oy) = ((x as f64 - px).abs(), (y as f64 - py).abs());
        if square {
            let d = ox.max(oy);
            (d * d).round() as i64
        } else {
            (ox * ox + oy * oy).round() as i64
        }
    };
    let (min2, max2) = (min * min, max * max);
    let mut out = Selection::default();
    for y in 0..super::level::ROWNO as i64 {
        for x in 0..super::level::COLNO as i64 {
            let d = distance(x, y);
            let spread = i32::try_from((max2 - min2).max(1)).unwrap_or(i32::MAX);
            let keep = d <= min2 || (d <= max2 && d - min2 < i64::from(r.rng.range(0, spread - 1)));
            out.set(x, y, keep);
        }
    }
    ret_selection(ctx, stack, out)
}

fn bounds<'gc>(_: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    let s = want(ctx, stack.get(0))?;
    // An empty selection's bounds are the whole level, as the game's.
    let (lx, ly, hx, hy) = s.borrow().bounds().unwrap_or((0, 0, 79, 20));
    let t = Table::new(&ctx);
    for (k, v) in [("lx", lx), ("ly", ly), ("hx", hx), ("hy", hy)] {
        t.set(ctx, k, v)?;
    }
    ret(ctx, stack, t)
}

/// The floor of the room whose contents run (or of room `n`).
fn room<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    let r = run.borrow();
    let chosen = match int(stack.get(0)) {
        Some(i) => usize::try_from(i)
            .ok()
            .and_then(|i| r.level.rooms.get(i))
            .copied(),
        None => r.level.room_stack.last().copied(),
    };
    let out = chosen
        .map(|room| Selection::rect((room.lx, room.ly), (room.hx, room.hy), true))
        .unwrap_or_default();
    drop(r);
    ret_selection(ctx, stack, out)
}

/// `sel:iterate(function(x, y) … end)`: the function called for each
/// cell, row by row, with the script's coordinates.
fn iterate<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Native2<'gc> {
    let s = want(ctx, stack.get(0))?;
    let Value::Function(function) = stack.get(1) else {
        return Err("wrong parameters".into_value(ctx).into());
    };
    let r = run.borrow();
    let mut points: Vec<(i64, i64)> = s
        .borrow()
        .cells()
        .into_iter()
        .filter(|&(x, _)| x >= 1)
        .map(|p| relative(&r.level, p))
        .collect();
    points.reverse();
    stack.clear();
    Ok(CallbackReturn::Sequence(BoxSequence::new(
        &ctx,
        EachPoint { function, points },
    )))
}

#[derive(gc_arena::Collect)]
#[collect(no_drop)]
struct EachPoint<'gc> {
    function: Function<'gc>,
    #[collect(require_static)]
    points: Vec<(i64, i64)>,
}

impl<'gc> Sequence<'gc> for EachPoint<'gc> {
    fn poll(
        &mut self,
        ctx: Context<'gc>,
        _: Execution<'gc, '_>,
        mut stack: Stack<'gc, '_>,
    ) -> Result<SequencePoll<'gc>, Error<'gc>> {
        stack.clear();
        match self.points.pop() {
            Some((x, y)) => {
                stack.into_back(ctx, (x, y));
                Ok(SequencePoll::Call {
                    function: self.function,
                    is_tail: false,
                })
            }
            None => Ok(SequencePoll::Return),
        }
    }
}
