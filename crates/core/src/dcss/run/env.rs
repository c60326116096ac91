//! The functions a map's Lua calls, as crawl's `l-dgn.cc`, `l-mapgrd.cc`
//! and `l-crawl.cc` define them at level creation: `dgn.*` (each taking
//! the map first; the environment binds them), `mapgrd`'s glyph access,
//! `crawl.*`'s random functions on the run's one seeded generator, and
//! `crawl_require` of crawl's own Lua library when one is at hand.

use piccolo::{CallbackReturn, Context, Error, IntoValue, Stack, Table, Value};

use super::level::{feature_numbered, number_of_feature};
use super::{Event, MapRun, Shared};
use crate::dcss::ast::Kw;
use crate::dcss::run::checkint::int;
use crate::lua::sandbox::value::text;
use crate::lua::sandbox::{native, Native};

type Out<'gc> = Result<CallbackReturn<'gc>, Error<'gc>>;

/// The `dgn` functions that add to the map what its header does: each
/// string argument is one header's value (`subst(map, "x = y")`).
const HEADER_FUNCTIONS: &[(&str, Kw)] = &[
    ("subst", Kw::Subst),
    ("nsubst", Kw::Nsubst),
    ("shuffle", Kw::Shuffle),
    ("clear", Kw::Clear),
    ("kfeat", Kw::Kfeat),
    ("kmons", Kw::Kmons),
    ("kitem", Kw::Kitem),
    ("kmask", Kw::Kmask),
    ("kprop", Kw::Kprop),
    ("mons", Kw::Mons),
    ("item", Kw::Item),
    ("marker", Kw::Marker),
    ("colour", Kw::Colour),
    ("ftile", Kw::Ftile),
    ("rtile", Kw::Rtile),
    ("tile", Kw::Tile),
    ("fheight", Kw::Fheight),
    ("tags", Kw::Tags),
    ("depth", Kw::Depth),
    ("place", Kw::Place),
    ("orient", Kw::Orient),
    ("chance", Kw::Chance),
    ("weight", Kw::Weight),
    ("subvault", Kw::Subvault),
    ("lfloorcol", Kw::Lfloorcol),
    ("lrockcol", Kw::Lrockcol),
    ("lfloortile", Kw::Lfloortile),
    ("lrocktile", Kw::Lrocktile),
    ("desc", Kw::Desc),
    ("order", Kw::Order),
    ("welcome", Kw::Welcome),
];

/// `dgn` functions that change nothing a preview draws.
const QUIET_FUNCTIONS: &[&str] = &[
    "lua_marker",
    "depth_chance",
    "depth_weight",
    "tags_remove",
    "set_feature_name",
    "change_floor_tile",
    "change_rock_tile",
    "set_branch_epilogue",
    "set_border_fill_type",
    "register_listener",
    "set_random_mon_list",
    // The level's mask, which keeps later vaults off cells: a vault drawn
    // on its own has no later vaults.
    "set_map_mask",
    "unset_map_mask",
];

pub fn install<'gc>(ctx: Context<'gc>, shared: &Shared) -> Result<(), Error<'gc>> {
    let dgn = Table::new(&ctx);
    for &(name, kw) in HEADER_FUNCTIONS {
        dgn.set(ctx, name, native(ctx, shared, header_native(kw)))?;
    }
    for name in QUIET_FUNCTIONS {
        dgn.set(
            ctx,
            *name,
            native(ctx, shared, |_, _, stack| {
                stack.clear();
                Ok(CallbackReturn::Return)
            }),
        )?;
    }
    let functions: [(&str, Native<MapRun>); 9] = [
        ("feature_number", feature_number),
        ("feature_name", feature_name),
        ("map", map),
        ("mapsize", map_size),
        ("normalise", normalise),
        ("name", name),
        ("has_tag", has_tag),
        ("gly_points", glyph_points),
        ("grid", super::level::grid),
    ];
    for (name, f) in functions.into_iter().chain(super::subvault::FUNCTIONS) {
        dgn.set(ctx, name, native(ctx, shared, f))?;
    }
    super::builder::install(ctx, shared, dgn)?;
    ctx.set_global("dgn", dgn)?;
    // piccolo's globals lack Lua's `_G`; the environment reads through it.
    ctx.set_global("_G", ctx.globals())?;
    ctx.set_global("__vw_map", Table::new(&ctx))?;

    let crawl = Table::new(&ctx);
    let randoms: [(&str, Native<MapRun>); 9] = [
        ("random2", random2),
        ("random_range", random_range),
        ("coinflip", coinflip),
        ("one_chance_in", one_chance_in),
        ("x_chance_in_y", x_chance_in_y),
        ("random_real", random_real),
        ("roll_dice", roll_dice),
        ("div_rand_round", div_rand_round),
        ("split", split),
    ];
    for (name, f) in randoms.into_iter().chain(super::noise::FUNCTIONS) {
        crawl.set(ctx, name, native(ctx, shared, f))?;
    }
    ctx.set_global("crawl", crawl)?;

    let globals: [(&str, Native<MapRun>); 19] = [
        ("__vw_layout_basic", super::levels::layout_basic),
        ("__vw_layout_bigger_room", super::levels::layout_bigger_room),
        (
            "__vw_layout_chaotic_city",
            super::levels::layout_chaotic_city,
        ),
        ("__vw_layout_swamp", super::levels::layout_swamp),
        ("__vw_layout_shoals", super::levels::layout_shoals),
        ("__vw_index_map", super::resolve::index_map),
        ("__vw_index_entry", super::resolve::index_entry),
        ("__vw_resolve", super::resolve::resolve),
        ("__vw_inspect", super::resolve::inspect),
        ("__vw_reuse", super::resolve::reuse),
        ("__vw_unmodelled", unmodelled),
        ("__vw_map_feature", map_feature),
        ("__vw_level_feature", super::level::level_feature),
        ("__vw_missing", missing),
        ("__vw_where", place),
        (super::chunks::HEADER, header_item),
        ("__vw_glyph", glyph),
        ("__vw_set_glyph", set_glyph),
        ("crawl_require", crawl_require),
    ];
    for (name, f) in globals {
        ctx.set_global(name, native(ctx, shared, f))?;
    }
    Ok(())
}

/// `__vw_where()`: the branch and depth `you.*` answer for.
fn place<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let place = shared.borrow().place.clone();
    stack.replace(ctx, (place.branch, place.depth));
    Ok(CallbackReturn::Return)
}

/// A `dgn` header function (`kw`'s): each string argument after the map
/// is one value, kept in the order the calls come.
fn header_native(kw: Kw) -> Native<MapRun> {
    macro_rules! header {
        ($($k:ident),*) => {
            match kw {
                $(Kw::$k => |s, ctx, st| header_call(s, ctx, st, Kw::$k),)*
                _ => |s, ctx, st| header_call(s, ctx, st, Kw::Tags),
            }
        };
    }
    header!(
        Subst, Nsubst, Shuffle, Clear, Kfeat, Kmons, Kitem, Kmask, Kprop, Mons, Item, Marker,
        Colour, Ftile, Rtile, Tile, Fheight, Tags, Depth, Place, Orient, Chance, Weight, Subvault,
        Lfloorcol, Lrockcol, Lfloortile, Lrocktile, Desc, Order, Welcome
    )
}

fn header_call<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
    kw: Kw,
) -> Out<'gc> {
    let mut run = shared.borrow_mut();
    let line = if run.meter.from_script {
        run.meter.line
    } else {
        0
    };
    for i in 1..stack.len() {
        match stack.get(i) {
            Value::Nil => {}
            v => {
                let value = text(v).ok_or_else(|| {
                    format!(
                        "bad argument #{} (string expected, got {})",
                        i + 1,
                        v.type_name()
                    )
                    .into_value(ctx)
                })?;
                if super::transform::is_transform(kw) {
                    super::transform::apply_call(&mut run, kw, &value)
                        .map_err(|e| e.into_value(ctx))?;
                }
                if kw == Kw::Subvault {
                    super::subvault::apply(&mut run, &value, line)
                        .map_err(|e| e.into_value(ctx))?;
                }
                run.events.push(Event::Call {
                    kw,
                    text: value,
                    line,
                });
            }
        }
    }
    stack.clear();
    Ok(CallbackReturn::Return)
}

/// `__vw_missing(name)`: a global read found nothing.
fn missing<'gc>(shared: &Shared, _: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    shared.borrow_mut().missing = text(stack.get(0));
    stack.clear();
    Ok(CallbackReturn::Return)
}

/// `__vw_header(i)`: the vault's header item `i`, applied as written.
fn header_item<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    if let Some(i) = int(stack.get(0)).and_then(|i| usize::try_from(i).ok()) {
        let mut run = shared.borrow_mut();
        super::transform::apply_header(&mut run, i);
        if let Some((specs, line)) = run.subvault_headers.get(&i).cloned() {
            for spec in &specs {
                super::subvault::apply(&mut run, spec, line).map_err(|e| e.into_value(ctx))?;
            }
        }
        run.events.push(Event::Header(i));
    }
    stack.clear();
    Ok(CallbackReturn::Return)
}

/// `dgn.feature_number(name)`: a number for a feature name, 0 (the
/// game's "unseen") for a name it does not know. crawl's numbers are its enum's; ours are
/// the place in our table of its names, which is all a vault can use
/// them for (it only compares them and hands them back).
fn feature_number<'gc>(_: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let name = text(stack.get(0)).unwrap_or_default();
    stack.replace(ctx, number_of_feature(&name));
    Ok(CallbackReturn::Return)
}

/// `dgn.feature_name(n)`: the name `feature_number` gave `n`.
fn feature_name<'gc>(_: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let n = int(stack.get(0));
    let name = match n {
        Some(0) => Some("unseen"),
        n => n.and_then(feature_numbered),
    };
    stack.replace(
        ctx,
        name.map_or(Value::Nil, |s| Value::String(ctx.intern(s.as_bytes()))),
    );
    Ok(CallbackReturn::Return)
}

/// `dgn.map(map, …)`: the lines; a line added, read, replaced or
/// removed; the glyph at `(x, y)`; `nil` clears the map.
fn map<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let mut run = shared.borrow_mut();
    let (a, b) = (stack.get(1), stack.get(2));
    let n = stack.len();
    stack.clear();
    if n <= 1 {
        let lines = Table::new(&ctx);
        for (i, line) in run.lines.iter().enumerate() {
            lines.set(ctx, i as i64 + 1, Value::String(ctx.intern(line)))?;
        }
        stack.push_back(lines.into());
        return Ok(CallbackReturn::Return);
    }
    if a.is_nil() {
        run.lines.clear();
        return Ok(CallbackReturn::Return);
    }
    if n == 3 {
        if let (Some(x), Some(y)) = (number(a), number(b)) {
            let g = run.glyph(x, y).unwrap_or(b' ');
            stack.push_back(Value::String(ctx.intern(&[g])));
            return Ok(CallbackReturn::Return);
        }
    }
    if let Value::String(s) = a {
        let line = s.as_bytes().to_vec();
        super::budget_line(&mut run, line.len());
        run.lines.push(line);
        return Ok(CallbackReturn::Return);
    }
    let Some(mut which) = int(a) else {
        return Err("bad argument #2 to 'map' (number expected)"
            .into_value(ctx)
            .into());
    };
    let count = run.lines.len() as i64;
    if which < 0 {
        which += count;
    }
    if n == 2 {
        let line = usize::try_from(which).ok().and_then(|w| run.lines.get(w));
        let Some(line) = line else {
            let message = if count == 0 {
                "Map is empty".to_string()
            } else {
                format!("Line {which} out of range (0-{})", count - 1)
            };
            return Err(message.into_value(ctx).into());
        };
        stack.push_back(Value::String(ctx.intern(line)));
        return Ok(CallbackReturn::Return);
    }
    let Ok(at) = usize::try_from(which) else {
        return Err(format!("Index {which} out of range").into_value(ctx).into());
    };
    if b.is_nil() {
        if at < run.lines.len() {
            run.lines.remove(at);
            stack.push_back(Value::Boolean(true));
        }
        return Ok(CallbackReturn::Return);
    }
    let line = text(b)
        .ok_or_else(|| "bad argument #3 to 'map' (string expected)".into_value(ctx))?
        .into_bytes();
    if at >= 200 {
        return Err(format!("Index {which} out of range").into_value(ctx).into());
    }
    if at >= run.lines.len() {
        run.lines.resize(at + 1, Vec::new());
    }
    super::budget_line(&mut run, line.len());
    run.lines[at] = line;
    Ok(CallbackReturn::Return)
}

fn number(v: Value) -> Option<i64> {
    matches!(v, Value::Integer(_) | Value::Number(_))
        .then(|| int(v))
        .flatten()
}

fn map_size<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let run = shared.borrow();
    let (w, h) = run.size();
    stack.replace(ctx, (w as i64, h as i64));
    Ok(CallbackReturn::Return)
}

fn normalise<'gc>(shared: &Shared, _: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    shared.borrow_mut().normalise();
    stack.clear();
    Ok(CallbackReturn::Return)
}

fn name<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let name = shared.borrow().name.clone();
    stack.replace(ctx, name);
    Ok(CallbackReturn::Return)
}

/// `dgn.has_tag(map, tag)`: whether the tags given so far hold `tag`.
fn has_tag<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let tag = text(stack.get(1)).unwrap_or_default();
    let has = shared.borrow().tags().any(|t| t == tag);
    stack.replace(ctx, has);
    Ok(CallbackReturn::Return)
}

/// `dgn.gly_points(map, glyph)`: every cell holding `glyph`, as values
/// (l-dgn.cc: `x1, y1, x2, y2, …`).
fn glyph_points<'gc>(shared: &Shared, _: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let glyph = text(stack.get(1)).and_then(|g| g.bytes().next());
    stack.clear();
    let run = shared.borrow();
    // crawl's `find_glyph` order: from the last row up, each from its
    // last column; every point as two values, x then y.
    for (y, line) in run.lines.iter().enumerate().rev() {
        for (x, &g) in line.iter().enumerate().rev() {
            if Some(g) == glyph {
                stack.push_back(Value::Integer(x as i64));
                stack.push_back(Value::Integer(y as i64));
            }
        }
    }
    Ok(CallbackReturn::Return)
}

/// `mapgrd[x][y]` read: the glyph, or nil off the map.
fn glyph<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let (x, y) = (int(stack.get(0)), int(stack.get(1)));
    let g = x.zip(y).and_then(|(x, y)| shared.borrow().glyph(x, y));
    stack.clear();
    stack.push_back(g.map_or(Value::Nil, |g| Value::String(ctx.intern(&[g]))));
    Ok(CallbackReturn::Return)
}

/// `__vw_unmodelled(name)`: the game's function `name` answered as if
/// the game had nothing to give.
fn unmodelled<'gc>(shared: &Shared, _: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    if let Some(name) = text(stack.get(0)) {
        let mut run = shared.borrow_mut();
        if !run.unmodelled.contains(&name) {
            run.unmodelled.push(name);
        }
    }
    stack.clear();
    Ok(CallbackReturn::Return)
}

/// `__vw_map_feature(glyph)`: the feature's name a map glyph makes.
fn map_feature<'gc>(_: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let g = text(stack.get(0))
        .and_then(|g| g.bytes().next())
        .unwrap_or(b'.');
    let name = crate::dcss::look::map_feature(g);
    stack.replace(ctx, Value::String(ctx.intern(name.as_bytes())));
    Ok(CallbackReturn::Return)
}

/// `mapgrd[x][y] = glyph`: crawl refuses a cell off the map.
fn set_glyph<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let (x, y) = (int(stack.get(0)), int(stack.get(1)));
    let g = text(stack.get(2)).and_then(|g| g.bytes().next());
    stack.clear();
    let (Some(x), Some(y), Some(g)) = (x, y, g) else {
        return Err("mapgrd: a cell needs two numbers and a glyph"
            .into_value(ctx)
            .into());
    };
    if !shared.borrow_mut().set_glyph(x, y, g) {
        return Err(format!("mapgrd: ({x}, {y}) is outside the map")
            .into_value(ctx)
            .into());
    }
    Ok(CallbackReturn::Return)
}

/// `crawl_require(path)`: runs a file of crawl's Lua library once (its
/// chunk is called; nothing happens when no library is at hand).
fn crawl_require<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let path = text(stack.get(0)).unwrap_or_default();
    stack.clear();
    let chunk = {
        let mut run = shared.borrow_mut();
        if !run.required.insert(path.clone()) {
            return Ok(CallbackReturn::Return);
        }
        let library = run.library.as_ref();
        if run.string_fields {
            library.and_then(|l| l.chunk_with_string_fields(&path))
        } else {
            library.and_then(|l| l.chunk(&path))
        }
    };
    let Some(chunk) = chunk else {
        return Ok(CallbackReturn::Return);
    };
    let closure = chunk.load(ctx).map_err(|e| e.into_value(ctx))?;
    Ok(CallbackReturn::Call {
        function: closure.into(),
        then: None,
    })
}

fn rng(shared: &Shared, hi: i64) -> i64 {
    let hi = i32::try_from(hi).unwrap_or(i32::MAX);
    i64::from(shared.borrow_mut().rng.range(0, hi))
}

/// crawl's `random2(n)`: `0..n`, and 0 when `n` is at most 1.
fn random_below(shared: &Shared, n: i64) -> i64 {
    if n <= 1 {
        0
    } else {
        rng(shared, n - 1)
    }
}

/// A number argument as crawl reads one (`luaL_safe_checkint`: a float is
/// truncated).
fn arg<'gc>(
    ctx: Context<'gc>,
    stack: &Stack<'gc, '_>,
    i: usize,
    name: &str,
) -> Result<i64, Error<'gc>> {
    let v = match stack.get(i) {
        Value::Number(f) if f.is_finite() => Some(f.trunc().clamp(-9.0e15, 9.0e15) as i64),
        v => int(v),
    };
    v.ok_or_else(|| {
        format!(
            "bad argument #{} to '{name}' (number expected, got {})",
            i + 1,
            stack.get(i).type_name()
        )
        .into_value(ctx)
        .into()
    })
}

fn random2<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let n = arg(ctx, stack, 0, "random2")?;
    stack.replace(ctx, random_below(shared, n));
    Ok(CallbackReturn::Return)
}

/// `random_range(lo, hi [, rolls])`: the average of `rolls` uniform rolls
/// in `lo..=hi`.
fn random_range<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let lo = arg(ctx, stack, 0, "random_range")?;
    let hi = arg(ctx, stack, 1, "random_range")?;
    let rolls = int(stack.get(2)).unwrap_or(1).clamp(1, 100);
    let (lo, hi) = (lo.min(hi), lo.max(hi));
    let width = hi.saturating_sub(lo).saturating_add(1);
    let sum: i64 = (0..rolls).map(|_| random_below(shared, width)).sum();
    stack.replace(ctx, lo.saturating_add(sum / rolls));
    Ok(CallbackReturn::Return)
}

fn coinflip<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    stack.replace(ctx, random_below(shared, 2) == 0);
    Ok(CallbackReturn::Return)
}

fn one_chance_in<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let n = arg(ctx, stack, 0, "one_chance_in")?;
    stack.replace(ctx, n <= 1 || random_below(shared, n) == 0);
    Ok(CallbackReturn::Return)
}

fn x_chance_in_y<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let x = arg(ctx, stack, 0, "x_chance_in_y")?;
    let y = arg(ctx, stack, 1, "x_chance_in_y")?;
    let yes = x > 0 && (x >= y || random_below(shared, y) < x);
    stack.replace(ctx, yes);
    Ok(CallbackReturn::Return)
}

fn random_real<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let bits = shared.borrow_mut().rng.next_u64() >> 11;
    stack.replace(ctx, bits as f64 / (1u64 << 53) as f64);
    Ok(CallbackReturn::Return)
}

fn roll_dice<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    // One argument is the sides of one die (l-crawl.cc).
    let (n, size) = if stack.len() == 1 {
        (1, arg(ctx, stack, 0, "roll_dice")?)
    } else {
        (
            arg(ctx, stack, 0, "roll_dice")?.clamp(0, 1000),
            arg(ctx, stack, 1, "roll_dice")?,
        )
    };
    let total: i64 = (0..n).map(|_| 1 + random_below(shared, size)).sum();
    stack.replace(ctx, if size <= 0 { 0 } else { total });
    Ok(CallbackReturn::Return)
}

/// `div_rand_round(a, b)`: `a / b`, the remainder rounding up by chance.
fn div_rand_round<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let a = arg(ctx, stack, 0, "div_rand_round")?;
    let b = arg(ctx, stack, 1, "div_rand_round")?;
    if b == 0 {
        return Err("div_rand_round: division by zero".into_value(ctx).into());
    }
    let (q, r) = (a.wrapping_div(b), a.wrapping_rem(b));
    let up = r != 0 && random_below(shared, b.saturating_abs()) < r.saturating_abs();
    stack.replace(ctx, q + i64::from(up));
    Ok(CallbackReturn::Return)
}

/// `crawl.split(s, sep)`: the pieces of `s` between separators.
fn split<'gc>(_: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let s = text(stack.get(0)).unwrap_or_default();
    let sep = text(stack.get(1)).unwrap_or_else(|| ",".into());
    let out = Table::new(&ctx);
    let pieces: Vec<&str> = if sep.is_empty() {
        vec![&s]
    } else {
        s.split(sep.as_str()).collect()
    };
    for (i, piece) in pieces.into_iter().enumerate() {
        out.set(
            ctx,
            i as i64 + 1,
            Value::String(ctx.intern(piece.trim().as_bytes())),
        )?;
    }
    stack.replace(ctx, out);
    Ok(CallbackReturn::Return)
}
