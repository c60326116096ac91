//! The game's 34 `des.*` functions (`sp_lev.c`): each reads its
//! arguments in the forms the game accepts, raises the game's errors, and
//! writes what it places onto the level.

use piccolo::{
    BoxSequence, CallbackReturn, Context, Error, Execution, Function, IntoValue, Sequence,
    SequencePoll, Stack, Table, Value,
};

use super::generate::{self, RoomWish};
use super::level::{is_open, is_rock, Frame, Level, Marked, Placed, Room, COLNO, MAP_CHARS, ROWNO};
use super::select::{self, absolute, held, random_in};
use super::value::{int, measure, pair, text, Keys};
use super::{native_costing, Native, Shared};
use crate::nethack_common::maze;
use crate::nethack_common::selection::{self as shape, Selection};
use crate::nethack_common::size::on_level;
use crate::nethack_common::wallify::wallify_map;
use crate::rng::Rng;

/// The game functions whose work spans the level (each cell read or
/// written, with its eight neighbours): charged fuel for that, not a
/// flat price.
const WHOLE_LEVEL: [&str; 16] = [
    "level_init",
    "map",
    "replace_terrain",
    "room",
    "corridor",
    "random_corridors",
    "mazewalk",
    "wallify",
    "region",
    "non_diggable",
    "non_passwall",
    "wall_property",
    "terrain",
    "finalize_level",
    "reset_level",
    "gas_cloud",
];

/// A level's cells, each with its eight neighbours.
const AREA: usize = COLNO * ROWNO * 9;

type Out<'gc> = Result<CallbackReturn<'gc>, Error<'gc>>;

pub fn install<'gc>(ctx: Context<'gc>, shared: &Shared) -> Result<(), Error<'gc>> {
    let des = Table::new(&ctx);
    let functions: [(&str, Native); 34] = [
        ("message", message),
        ("monster", monster),
        ("object", object),
        ("level_flags", level_flags),
        ("level_init", level_init),
        ("engraving", engraving),
        ("mineralize", nothing),
        ("door", door),
        ("stair", stair),
        ("ladder", ladder),
        ("grave", grave),
        ("altar", altar),
        ("map", map),
        ("feature", feature),
        ("terrain", terrain),
        ("replace_terrain", replace_terrain),
        ("room", room),
        ("corridor", corridor),
        ("random_corridors", random_corridors),
        ("gold", gold),
        ("trap", trap),
        ("mazewalk", mazewalk),
        ("drawbridge", drawbridge),
        ("region", region),
        ("levregion", levregion),
        ("exclusion", exclusion),
        ("wallify", wallify),
        ("wall_property", wall_property),
        ("non_diggable", non_diggable),
        ("non_passwall", non_passwall),
        ("teleport_region", levregion),
        ("reset_level", reset_level),
        ("finalize_level", finalize_level),
        ("gas_cloud", gas_cloud),
    ];
    for (name, f) in functions {
        let cost = if WHOLE_LEVEL.contains(&name) { AREA } else { 0 };
        des.set(ctx, name, native_costing(ctx, shared, f, cost))?;
    }
    ctx.set_global("des", des)?;
    Ok(())
}

fn fail<'gc>(ctx: Context<'gc>, message: &str) -> Error<'gc> {
    message.to_string().into_value(ctx).into()
}

fn done<'gc>() -> Out<'gc> {
    Ok(CallbackReturn::Return)
}

fn nothing<'gc>(_: &Shared, _: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    stack.clear();
    done()
}

/// A table argument as `lcheck_param_table` wants it: none is `{}`.
fn table_arg<'gc>(ctx: Context<'gc>, stack: &Stack<'gc, '_>) -> Result<Keys<'gc>, Error<'gc>> {
    match stack.get(0) {
        Value::Nil | Value::Table(_) => Ok(Keys::of(ctx, stack.get(0))),
        other => Err(fail(
            ctx,
            &format!(
                "bad argument #1 (table expected, got {})",
                other.type_name()
            ),
        )),
    }
}

/// A coordinate from a call's arguments: `(…, x, y)`, `(…, {x, y})`, or
/// the table's `x`/`y`/`coord`; `None` when random.
fn coordinate<'gc>(ctx: Context<'gc>, stack: &Stack<'gc, '_>, from: usize) -> Option<(i64, i64)> {
    match (measure(stack.get(from)), measure(stack.get(from + 1))) {
        (Some(x), Some(y)) => Some((x, y)),
        _ => pair(ctx, stack.get(from)),
    }
}

/// Where a placement lands: the coordinate made absolute, or a random
/// spot of the frame that `fits` (the game tries 100 random spots, then
/// every cell).
fn spot(run: &mut super::Run, at: Option<(i64, i64)>, fits: fn(u8) -> bool) -> (i64, i64) {
    match at {
        Some((-1, -1)) | None => {
            let (x, y) = random_spot(&run.level, &mut run.rng, fits);
            // Reported only when the whole area is rock and walls: which
            // other cells a monster takes (water for a swimmer, air for a
            // flyer) is the species' and is not modelled here.
            // A level nothing was drawn on yet (a snippet) is not judged.
            if !fits(run.level.at(x, y)) && !has_open_cell(&run.level) && drawn(&run.level) {
                let line = run.meter.line;
                run.level.unplaced.push(line);
            }
            (x, y)
        }
        Some((x, y)) => {
            note_outside(run, (x, y));
            absolute(&run.level, &mut run.rng, x, y)
        }
    }
}

/// Whether anything but stone is on the level.
fn drawn(level: &Level) -> bool {
    (0..ROWNO as i64).any(|y| (0..COLNO as i64).any(|x| level.at(x, y) != b' '))
}

/// Whether the frame holds a cell that is neither stone nor wall.
fn has_open_cell(level: &Level) -> bool {
    let (xs, ys) = level.frame().on_level();
    ys.into_iter()
        .any(|y| xs.clone().any(|x| !is_rock(level.at(x, y))))
}

/// A monster a fixed coordinate put in stone or a wall (beyond its frame
/// it is NL0215's already).
fn note_in_rock(run: &mut super::Run, (x, y): (i64, i64), given: Option<(i64, i64)>) {
    let frame = run.level.frame();
    let Some((gx, gy)) = given.filter(|&(gx, gy)| gx >= 0 && gy >= 0) else {
        return;
    };
    if gx >= frame.width || gy >= frame.height {
        return;
    }
    // A candidate: the finding is judged on the level as it ends (a later
    // map or terrain call may make the spot floor).
    if is_rock(run.level.at(x, y)) {
        let line = run.meter.line;
        run.level.in_rock.push((line, (x, y)));
    }
}

/// A fixed coordinate beyond the map part (or room) it counts from: the
/// game places it anyway, outside what the author drew.
fn note_outside(run: &mut super::Run, (x, y): (i64, i64)) {
    let frame = run.level.frame();
    let beyond = x < 0 || y < 0 || x >= frame.width || y >= frame.height;
    if beyond && frame != Frame::level() {
        let line = run.meter.line;
        run.level.outside.push(super::level::Outside {
            line,
            at: (x, y),
            frame,
            in_room: !run.level.room_stack.is_empty(),
        });
    }
}

fn random_spot(level: &Level, rng: &mut Rng, fits: fn(u8) -> bool) -> (i64, i64) {
    let frame = level.frame();
    for _ in 0..100 {
        let (x, y) = random_in(frame, rng);
        if fits(level.at(x, y)) {
            return (x, y);
        }
    }
    // Every cell of the frame that is on the level, in order.
    let (xs, ys) = frame.on_level();
    for y in ys {
        for x in xs.clone() {
            if fits(level.at(x, y)) {
                return (x, y);
            }
        }
    }
    random_in(frame, rng)
}

fn dry(c: u8) -> bool {
    is_open(c) && c != b'+' && c != b'S'
}

fn record(run: &mut super::Run, (x, y): (i64, i64), kind: &str, name: String) {
    let line = run.meter.line;
    run.level.placed.push(Placed {
        x,
        y,
        kind: kind.into(),
        name,
        line,
    });
}

fn message<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let m = text(stack.get(0)).ok_or_else(|| fail(ctx, "Wrong parameters"))?;
    super::budget::keep(run, ctx, m.len())?;
    super::budget::charge(run, m.len() / 64);
    run.borrow_mut().level.messages.push(m);
    stack.clear();
    done()
}

/// `("name")`, `("name", x, y)`, `("name", {x, y})` or `({ … })`: the
/// name (or `id`/`class`), the coordinate and the keys.
fn named<'gc>(
    ctx: Context<'gc>,
    stack: &Stack<'gc, '_>,
    name_key: &str,
) -> (Option<String>, Option<(i64, i64)>, Keys<'gc>) {
    match stack.get(0) {
        Value::Table(_) => {
            let keys = Keys::of(ctx, stack.get(0));
            let name = keys.text(name_key).or_else(|| keys.text("class"));
            (name, keys.xy(), keys)
        }
        v => (
            text(v),
            coordinate(ctx, stack, 1),
            Keys::of(ctx, Value::Nil),
        ),
    }
}

fn monster<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let (name, at, keys) = named(ctx, stack, "id");
    if let Some(id) = keys.text("id") {
        if super::super::names::monster_match(&id) == super::super::names::MonsterMatch::Unknown {
            return Err(fail(ctx, &format!("Unknown monster id '{id}'")));
        }
    }
    let inventory = keys.get("inventory");
    {
        let mut r = run.borrow_mut();
        let r = &mut *r;
        let place = spot(r, at, dry);
        if r.carrying == 0 {
            note_in_rock(r, place, at);
            record(r, place, "monster", name.unwrap_or_else(|| "random".into()));
        }
    }
    stack.clear();
    then_call(ctx, run, inventory, Vec::new(), After::Carry, Value::Nil)
}

fn object<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let (name, at, keys) = named(ctx, stack, "id");
    if let Some(n) = name.as_deref().filter(|n| n.chars().count() > 1) {
        if super::super::names::object(n).is_none() {
            return Err(fail(ctx, &format!("Unknown object id '{n}'")));
        }
    }
    let contents = keys.get("contents");
    {
        let mut r = run.borrow_mut();
        let r = &mut *r;
        let place = spot(r, at, dry);
        if r.carrying == 0 {
            record(r, place, "object", name.unwrap_or_else(|| "random".into()));
        }
    }
    let obj = super::game::object_value(ctx)?;
    stack.replace(ctx, obj);
    match contents {
        Value::Function(_) => then_call(ctx, run, contents, vec![obj], After::Carry, obj),
        _ => done(),
    }
}

/// What to undo when a `contents` or `inventory` function returns.
#[derive(Clone, Copy)]
enum After {
    /// Objects made inside went to a monster or a container.
    Carry,
    /// The map part's frame ends.
    MapFrame,
    /// The room's contents end.
    Room,
}

/// Calls `function` (if it is one) with `args`, then undoes `after`.
fn then_call<'gc>(
    ctx: Context<'gc>,
    run: &Shared,
    function: Value<'gc>,
    args: Vec<Value<'gc>>,
    after: After,
    result: Value<'gc>,
) -> Out<'gc> {
    let Value::Function(function) = function else {
        if matches!(after, After::Room | After::MapFrame) {
            undo(run, after);
        }
        return done();
    };
    if matches!(after, After::Carry) {
        run.borrow_mut().carrying += 1;
    }
    Ok(CallbackReturn::Sequence(BoxSequence::new(
        &ctx,
        CallThen {
            function: Some(function),
            args,
            result,
            run: run.clone(),
            after,
        },
    )))
}

fn undo(run: &Shared, after: After) {
    let mut r = run.borrow_mut();
    match after {
        After::Carry => r.carrying = r.carrying.saturating_sub(1),
        After::MapFrame => r.level.map = default_frame(),
        After::Room => {
            r.level.room_stack.pop();
        }
    }
}

#[derive(gc_arena::Collect)]
#[collect(no_drop)]
struct CallThen<'gc> {
    function: Option<Function<'gc>>,
    args: Vec<Value<'gc>>,
    /// What the `des.*` call returns once the function is done.
    result: Value<'gc>,
    #[collect(require_static)]
    run: Shared,
    #[collect(require_static)]
    after: After,
}

impl<'gc> Sequence<'gc> for CallThen<'gc> {
    fn poll(
        &mut self,
        ctx: Context<'gc>,
        _: Execution<'gc, '_>,
        mut stack: Stack<'gc, '_>,
    ) -> Result<SequencePoll<'gc>, Error<'gc>> {
        // The function first, then (when it has returned) the undo.
        match self.function.take() {
            Some(function) => {
                stack.clear();
                for a in self.args.drain(..) {
                    stack.push_back(a);
                }
                Ok(SequencePoll::Call {
                    function,
                    is_tail: false,
                })
            }
            None => {
                undo(&self.run, self.after);
                stack.replace(ctx, self.result);
                Ok(SequencePoll::Return)
            }
        }
    }

    fn error(
        &mut self,
        _: Context<'gc>,
        _: Execution<'gc, '_>,
        error: Error<'gc>,
        _: Stack<'gc, '_>,
    ) -> Result<SequencePoll<'gc>, Error<'gc>> {
        undo(&self.run, self.after);
        Err(error)
    }
}

fn default_frame() -> Frame {
    Frame::level()
}

fn level_flags<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    const FLAGS: [&str; 25] = [
        "noteleport",
        "hardfloor",
        "nommap",
        "shortsighted",
        "arboreal",
        "mazelevel",
        "shroud",
        "graveyard",
        "icedpools",
        "corrmaze",
        "premapped",
        "solidify",
        "sokoban",
        "inaccessibles",
        "noflipx",
        "noflipy",
        "noflip",
        "temperate",
        "hot",
        "cold",
        "nomongen",
        "nodeathdrops",
        "noautosearch",
        "fumaroles",
        "stormy",
    ];
    if stack.is_empty() {
        return Err(fail(ctx, "expected string params"));
    }
    for i in 0..stack.len() {
        let flag = text(stack.get(i)).unwrap_or_default();
        if !FLAGS.contains(&flag.to_lowercase().as_str()) {
            return Err(fail(ctx, &format!("Unknown level flag {flag}")));
        }
        run.borrow_mut().level.flags.push(flag.to_lowercase());
    }
    stack.clear();
    done()
}

fn map_char_key<'gc>(
    ctx: Context<'gc>,
    keys: &Keys<'gc>,
    key: &str,
) -> Result<Option<u8>, Error<'gc>> {
    match keys.get(key) {
        Value::Nil => Ok(None),
        v => select::map_char(ctx, v).map(Some),
    }
}

fn level_init<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let keys = table_arg(ctx, stack)?;
    let style = keys.text("style").unwrap_or_else(|| "solidfill".into());
    let fg = map_char_key(ctx, &keys, "fg")?.unwrap_or(b'.');
    let bg = map_char_key(ctx, &keys, "bg")?;
    let filling = map_char_key(ctx, &keys, "filling")?.unwrap_or(fg);
    let mut r = run.borrow_mut();
    let r = &mut *r;
    let line = r.meter.line;
    r.level.initialised = true;
    match style.as_str() {
        "solidfill" => generate::solid_fill(&mut r.level, filling, line),
        // The game's `bg` defaults to stone.
        "mazegrid" => generate::maze_grid(&mut r.level, bg.unwrap_or(b' '), line),
        "maze" => {
            generate::maze(&mut r.level, &mut r.rng, line);
            r.level.examples.push("the maze".into());
        }
        "rogue" => {
            generate::solid_fill(&mut r.level, b' ', line);
            r.level.examples.push("the Rogue level's rooms".into());
        }
        "mines" => {
            if keys.get("filling").is_nil() {
                generate::solid_fill(&mut r.level, b' ', line);
            } else {
                generate::solid_fill(&mut r.level, filling, line);
            }
            generate::cave(&mut r.level, fg, bg.unwrap_or(b' '), &mut r.rng, line);
            r.level.examples.push("the cave (mines style)".into());
        }
        "swamp" => generate::swamp(&mut r.level, fg, bg.unwrap_or(b'}'), &mut r.rng, line),
        other => return Err(fail(ctx, &format!("invalid option '{other}'"))),
    }
    stack.clear();
    done()
}

fn engraving<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let (at, what) = match stack.len() {
        1 => {
            let keys = table_arg(ctx, stack)?;
            if keys.text("text").is_none() {
                return Err(fail(ctx, "engraving needs a text"));
            }
            (keys.xy(), keys.text("text").unwrap_or_default())
        }
        3 => (
            pair(ctx, stack.get(0)),
            text(stack.get(2)).unwrap_or_default(),
        ),
        _ => return Err(fail(ctx, "Wrong parameters")),
    };
    let mut r = run.borrow_mut();
    let place = spot(&mut r, at, dry);
    record(&mut r, place, "engraving", what);
    stack.clear();
    done()
}

fn door<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let (state, at, wall, pos) = match stack.get(0) {
        Value::Table(_) => {
            let keys = Keys::of(ctx, stack.get(0));
            (
                keys.text("state").unwrap_or_else(|| "random".into()),
                keys.xy(),
                keys.text("wall"),
                keys.int("pos").unwrap_or(-1),
            )
        }
        v => (
            text(v).unwrap_or_else(|| "random".into()),
            coordinate(ctx, stack, 1),
            None,
            -1,
        ),
    };
    const STATES: [&str; 7] = [
        "random", "open", "closed", "locked", "nodoor", "broken", "secret",
    ];
    if !STATES.contains(&state.as_str()) {
        return Err(fail(ctx, &format!("invalid option '{state}'")));
    }
    let mut r = run.borrow_mut();
    let r = &mut *r;
    let place = match at {
        Some(xy) if xy != (-1, -1) => {
            let p = absolute(&r.level, &mut r.rng, xy.0, xy.1);
            if !on_level(p.0, p.1) || p.0 < 1 {
                return Err(fail(ctx, "door coord not ok"));
            }
            p
        }
        _ => {
            // Where on the wall is the game's choice (its `okdoor` rules)
            // unless both the wall and the place along it are given.
            let fixed =
                matches!(wall.as_deref(), Some("north" | "south" | "west" | "east")) && pos >= 0;
            if !fixed {
                r.level
                    .examples
                    .push("doors on a random spot of a wall".into());
            }
            match r.level.room_stack.last().copied() {
                Some(room) => wall_spot(room, wall.as_deref(), pos, &mut r.rng),
                None => random_spot(&r.level, &mut r.rng, |c| c == b'-' || c == b'|'),
            }
        }
    };
    let c = match state.as_str() {
        "secret" => b'S',
        "nodoor" | "broken" => b'.',
        _ => b'+',
    };
    let line = r.meter.line;
    r.level.put(place.0, place.1, c, line);
    record(r, place, "door", state);
    stack.clear();
    done()
}

/// A spot on a room's wall, not a corner: the wall named (`north`,
/// `south`, `west`, `east`; any for `all` or `random`), at `pos` along it
/// (at random when negative).
fn wall_spot(room: Room, wall: Option<&str>, pos: i64, rng: &mut Rng) -> (i64, i64) {
    let side = match wall {
        Some("north") => 0,
        Some("south") => 1,
        Some("west") => 2,
        Some("east") => 3,
        _ => rng.range(0, 3),
    };
    let along = |rng: &mut Rng, lo: i64, hi: i64| {
        if pos >= 0 {
            lo.saturating_add(pos).min(hi)
        } else {
            let small = |v: i64| v.clamp(-(1 << 30), 1 << 30) as i32;
            i64::from(rng.range(small(lo), small(hi)))
        }
    };
    match side {
        0 => (along(rng, room.lx, room.hx), room.ly - 1),
        1 => (along(rng, room.lx, room.hx), room.hy + 1),
        2 => (room.lx - 1, along(rng, room.ly, room.hy)),
        _ => (room.hx + 1, along(rng, room.ly, room.hy)),
    }
}

fn stairway<'gc>(
    run: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
    kind: &str,
) -> Out<'gc> {
    let (dir, at) = match stack.get(0) {
        Value::Table(_) => {
            let keys = Keys::of(ctx, stack.get(0));
            (keys.text("dir").unwrap_or_else(|| "down".into()), keys.xy())
        }
        Value::String(_) => (
            text(stack.get(0)).unwrap_or_default(),
            coordinate(ctx, stack, 1),
        ),
        Value::Nil => ("down".into(), None),
        _ => ("down".into(), coordinate(ctx, stack, 0)),
    };
    if dir != "up" && dir != "down" {
        return Err(fail(ctx, &format!("invalid option '{dir}'")));
    }
    let mut r = run.borrow_mut();
    let place = spot(&mut r, at, |c| matches!(c, b'.' | b'#' | b'I'));
    record(&mut r, place, kind, dir);
    stack.clear();
    done()
}

fn stair<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    stairway(run, ctx, stack, "stair")
}

fn ladder<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    stairway(run, ctx, stack, "ladder")
}

fn grave<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let (at, what) = match stack.get(0) {
        Value::Table(_) => {
            let keys = Keys::of(ctx, stack.get(0));
            (keys.xy(), keys.text("text").unwrap_or_default())
        }
        _ => (
            coordinate(ctx, stack, 0),
            text(stack.get(2)).unwrap_or_default(),
        ),
    };
    let mut r = run.borrow_mut();
    let place = spot(&mut r, at, dry);
    record(&mut r, place, "grave", what);
    stack.clear();
    done()
}

fn altar<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let keys = table_arg(ctx, stack)?;
    let kind = keys.text("type").unwrap_or_else(|| "altar".into());
    let mut r = run.borrow_mut();
    let place = spot(&mut r, keys.xy(), dry);
    record(&mut r, place, "altar", kind);
    stack.clear();
    done()
}

fn feature<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let (kind, at) = match stack.get(0) {
        Value::Table(_) => {
            let keys = Keys::of(ctx, stack.get(0));
            let kind = keys
                .text("type")
                .ok_or_else(|| fail(ctx, "feature needs a type"))?;
            (kind, keys.xy())
        }
        v => (text(v).unwrap_or_default(), coordinate(ctx, stack, 1)),
    };
    let c = match kind.as_str() {
        "fountain" => b'{',
        "sink" => b'K',
        "pool" => b'P',
        "throne" => b'\\',
        "tree" => b'T',
        other => return Err(fail(ctx, &format!("invalid option '{other}'"))),
    };
    let mut r = run.borrow_mut();
    let place = spot(&mut r, at, dry);
    let line = r.meter.line;
    r.level.put(place.0, place.1, c, line);
    record(&mut r, place, "feature", kind);
    stack.clear();
    done()
}

/// The cells a call names: `x`/`y`/`coord`, or a selection.
fn cells_of<'gc>(
    r: &mut super::Run,
    ctx: Context<'gc>,
    target: Value<'gc>,
    at: Option<(i64, i64)>,
) -> Result<Vec<(i64, i64)>, Error<'gc>> {
    if let Some(s) = held(target) {
        return Ok(s.borrow().cells());
    }
    match at {
        Some((x, y)) => {
            let p = absolute(&r.level, &mut r.rng, x, y);
            if !on_level(p.0, p.1) {
                return Err(fail(ctx, "terrain coord not ok"));
            }
            Ok(vec![p])
        }
        None => Err(fail(ctx, "wrong parameters")),
    }
}

fn terrain<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let (target, at, c) = match stack.len() {
        1 => {
            let keys = table_arg(ctx, stack)?;
            let c = select::map_char(ctx, keys.get("typ"))?;
            (keys.get("selection"), keys.xy(), c)
        }
        2 => (
            stack.get(0),
            pair(ctx, stack.get(0)),
            select::map_char(ctx, stack.get(1))?,
        ),
        3 => (
            Value::Nil,
            coordinate(ctx, stack, 0),
            select::map_char(ctx, stack.get(2))?,
        ),
        _ => return Err(fail(ctx, "wrong parameters")),
    };
    let mut r = run.borrow_mut();
    let r = &mut *r;
    let cells = cells_of(r, ctx, target, at)?;
    let line = r.meter.line;
    if c != b'x' && c != b'w' {
        for (x, y) in cells {
            r.level.put(x, y, c, line);
        }
    }
    stack.clear();
    done()
}

fn replace_terrain<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let keys = table_arg(ctx, stack)?;
    let to = select::map_char(ctx, keys.get("toterrain"))?;
    // What a cell must be: one character, or a map fragment centred on it.
    let (from, fragment) = match keys.get("fromterrain") {
        Value::Nil => {
            let pattern = keys
                .text("mapfragment")
                .ok_or_else(|| fail(ctx, "replace_terrain needs fromterrain or mapfragment"))?;
            let fits = select::fragment_matches(&run.borrow().level, &pattern)
                .map_err(|e| fail(ctx, e))?;
            (b'x', Some(fits))
        }
        v => (select::map_char(ctx, v)?, None),
    };
    let chance = keys.int("chance").unwrap_or(100);
    let mut r = run.borrow_mut();
    let r = &mut *r;
    let area: Vec<(i64, i64)> = if let Some(s) = held(keys.get("selection")) {
        s.borrow().cells()
    } else if let Some((x1, y1, x2, y2)) = keys.rect("region") {
        let a = absolute(&r.level, &mut r.rng, x1, y1);
        let b = absolute(&r.level, &mut r.rng, x2, y2);
        Selection::rect(a, b, true).cells()
    } else {
        Selection::default().complement().cells()
    };
    let line = r.meter.line;
    if to != b'x' && to != b'w' {
        for (x, y) in area {
            let here = r.level.at(x, y);
            let matches = match from {
                _ if fragment.as_ref().is_some_and(|f| !f.get(x, y)) => false,
                b'x' => true,
                b'w' => matches!(here, b'-' | b'|' | b' ' | b'B'),
                c => here == c,
            };
            if x >= 1 && matches && i64::from(r.rng.range(0, 99)) < chance {
                r.level.put(x, y, to, line);
            }
        }
    }
    stack.clear();
    done()
}

/// `des.map`: the drawing written at its place, its frame in effect for
/// what follows (or for its `contents` only).
fn map<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    if let Value::String(drawing) = stack.get(0) {
        super::budget::charge(run, drawing.as_bytes().len());
    }
    let string_form = matches!(stack.get(0), Value::String(_));
    let keys = match stack.get(0) {
        Value::String(_) => {
            let t = Table::new(&ctx);
            t.set(ctx, "map", stack.get(0))?;
            Keys::of(ctx, Value::Table(t))
        }
        _ => table_arg(ctx, stack)?,
    };
    let drawing = keys
        .text("map")
        .ok_or_else(|| fail(ctx, "bad argument: map (string expected)"))?;
    let rows = map_rows(&drawing);
    if rows.len() > super::level::ROWNO {
        return Err(fail(ctx, "Map data error"));
    }
    let width = rows.iter().map(|r| r.len()).max().unwrap_or(0) as i64;
    let height = rows.len() as i64;
    let halign = keys.text("halign");
    let valign = keys.text("valign");
    let mut guard = run.borrow_mut();
    let r = &mut *guard;
    let none = |a: &Option<String>| a.as_deref().is_none_or(|a| a == "none");
    let (x, y) = if string_form {
        aligned(&r.level, Some("center"), Some("center"), width, height)
    } else if none(&halign) && none(&valign) {
        match keys.xy() {
            Some((x, y)) if on_level(x, y) && x >= 1 => {
                let base = r
                    .level
                    .room_stack
                    .last()
                    .map_or((0, 0), |room| (room.lx, room.ly));
                (x + base.0, y + base.1)
            }
            _ => return Err(fail(ctx, "Map requires either x,y or halign,valign params")),
        }
    } else {
        aligned(
            &r.level,
            halign.as_deref(),
            valign.as_deref(),
            width,
            height,
        )
    };
    let line = r.meter.line;
    let mut written = Selection::default();
    for (j, row) in rows.iter().enumerate() {
        for (i, &c) in row.iter().enumerate() {
            let (cx, cy) = (x + i as i64, y + j as i64);
            if c == b'x' || c == b'w' || !MAP_CHARS.contains(&c) {
                continue;
            }
            if on_level(cx, cy) && cx >= 1 {
                r.level.put(cx, cy, c, line);
                written.set(cx, cy, true);
            }
        }
    }
    let frame = Frame {
        x,
        y,
        width,
        height,
    };
    r.level.map = frame;
    r.level.parts.push((frame, line));
    let contents = keys.get("contents");
    drop(guard);
    let sel = select::push(ctx, written)?;
    stack.replace(ctx, sel);
    match contents {
        Value::Function(_) => {
            let t = Table::new(&ctx);
            t.set(ctx, "width", width)?;
            t.set(ctx, "height", height)?;
            then_call(
                ctx,
                run,
                contents,
                vec![Value::Table(t)],
                After::MapFrame,
                sel,
            )
        }
        _ => done(),
    }
}

/// A drawing's rows as the game reads them: digits dropped, a trailing
/// line end no row, a `\r` no cell.
pub fn map_rows(drawing: &str) -> Vec<Vec<u8>> {
    let cleaned: Vec<u8> = drawing
        .bytes()
        .filter(|b| !b.is_ascii_digit() && *b != b'\r')
        .collect();
    let mut rows: Vec<Vec<u8>> = cleaned.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    if rows.last().is_some_and(Vec::is_empty) {
        rows.pop();
    }
    rows
}

/// The map part's corner from its alignment (`sp_lev.c`'s formulas,
/// bumped to odd cells).
fn aligned(level: &Level, h: Option<&str>, v: Option<&str>, w: i64, hgt: i64) -> (i64, i64) {
    use generate::{X_MAZE_MAX, Y_MAZE_MAX};
    let mut x = match h {
        Some("left") => {
            if level.initialised {
                1
            } else {
                3
            }
        }
        Some("half-left") => 2 + (X_MAZE_MAX - 2 - w) / 4,
        Some("center") => 2 + (X_MAZE_MAX - 2 - w) / 2,
        Some("half-right") => 2 + ((X_MAZE_MAX - 2 - w) * 3) / 4,
        Some("right") => X_MAZE_MAX - w - 1,
        _ => level.map.x,
    };
    let mut y = match v {
        Some("top") => 3,
        Some("center") => 2 + (Y_MAZE_MAX - 2 - hgt) / 2,
        Some("bottom") => Y_MAZE_MAX - hgt - 1,
        _ => level.map.y,
    };
    if x % 2 == 0 {
        x += 1;
    }
    if y % 2 == 0 {
        y += 1;
    }
    let rows = super::level::ROWNO as i64;
    if y < 0 || y + hgt > rows {
        y += if y > 0 { -2 } else { 2 };
    }
    if hgt == rows {
        y = 0;
    }
    if y < 0 || y + hgt > rows {
        y = 0;
    }
    (x, y)
}

fn room<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let keys = table_arg(ctx, stack)?;
    let both = |a: Option<i64>, b: Option<i64>, what: &str| match (a, b) {
        (Some(a), Some(b)) if a >= 0 && b >= 0 => Ok(Some((a, b))),
        (None, None) => Ok(None),
        (Some(a), Some(b)) if a < 0 && b < 0 => Ok(None),
        _ => Err(fail(ctx, &format!("Room must have both {what}"))),
    };
    let grid = match keys.xy() {
        Some(xy) if xy != (-1, -1) => Some(xy),
        _ => None,
    };
    let size = both(keys.int("w"), keys.int("h"), "w and h")?;
    let align_of = |key: &str, words: &[&str]| {
        keys.text(key)
            .and_then(|w| words.iter().position(|&n| n == w))
            .map(|i| i as i64 + 1)
    };
    let wish = RoomWish {
        grid,
        align: (
            align_of(
                "xalign",
                &["left", "half-left", "center", "half-right", "right"],
            ),
            align_of("yalign", &["top", "center", "bottom"]),
        ),
        size,
    };
    let kind = keys.text("type").unwrap_or_else(|| "ordinary".into());
    let contents = keys.get("contents");
    let placed = {
        let mut r = run.borrow_mut();
        let r = &mut *r;
        let placed = match r.level.room_stack.last().copied() {
            Some(parent) => {
                if r.level.room_stack.len() >= 5 {
                    return Err(fail(ctx, "Too deeply nested rooms?!"));
                }
                generate::place_subroom(parent, wish, &mut r.rng)
            }
            None => generate::place_room(&r.level, wish, &mut r.rng),
        };
        if let Some(room) = placed {
            let line = r.meter.line;
            generate::draw_room(&mut r.level, room, line);
            r.level.rooms.push(room);
            r.level.room_stack.push(room);
            record(r, (room.lx, room.ly), "room", kind.clone());
            if !r.level.examples.iter().any(|e| e == "room placement") {
                r.level.examples.push("room placement".into());
            }
        }
        placed
    };
    stack.clear();
    let Some(placed) = placed else {
        return done();
    };
    let t = Table::new(&ctx);
    t.set(ctx, "width", placed.hx - placed.lx + 1)?;
    t.set(ctx, "height", placed.hy - placed.ly + 1)?;
    t.set(ctx, "type", kind)?;
    let region = Table::new(&ctx);
    for (i, v) in [placed.lx, placed.ly, placed.hx, placed.hy]
        .into_iter()
        .enumerate()
    {
        region.set(ctx, i as i64 + 1, v)?;
    }
    t.set(ctx, "region", region)?;
    then_call(
        ctx,
        run,
        contents,
        vec![Value::Table(t)],
        After::Room,
        Value::Nil,
    )
}

fn corridor<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let keys = table_arg(ctx, stack)?;
    let (Some(a), Some(b)) = (keys.int("srcroom"), keys.int("destroom")) else {
        return Err(fail(ctx, "corridor needs srcroom and destroom"));
    };
    let mut r = run.borrow_mut();
    let r = &mut *r;
    let room = |i: i64| {
        usize::try_from(i)
            .ok()
            .and_then(|i| r.level.rooms.get(i))
            .copied()
    };
    if let (Some(a), Some(b)) = (room(a), room(b)) {
        let line = r.meter.line;
        generate::join(&mut r.level, a, b, &mut r.rng, line);
    }
    stack.clear();
    done()
}

fn random_corridors<'gc>(run: &Shared, _: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let mut r = run.borrow_mut();
    let r = &mut *r;
    let line = r.meter.line;
    generate::corridors(&mut r.level, &mut r.rng, line);
    r.level.examples.push("corridors".into());
    stack.clear();
    done()
}

fn gold<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let (amount, at) = match stack.len() {
        0 => (-1, None),
        1 => {
            let keys = table_arg(ctx, stack)?;
            (keys.int("amount").unwrap_or(-1), keys.xy())
        }
        // The game reads y from the x argument in this form.
        3 => {
            let x = measure(stack.get(1));
            (int(stack.get(0)).unwrap_or(-1), x.map(|x| (x, x)))
        }
        2 => (int(stack.get(0)).unwrap_or(-1), pair(ctx, stack.get(1))),
        _ => return Err(fail(ctx, "Wrong parameters")),
    };
    let mut r = run.borrow_mut();
    let place = spot(&mut r, at, dry);
    let amount = if amount < 0 {
        i64::from(r.rng.range(1, 200))
    } else {
        amount
    };
    record(&mut r, place, "gold", amount.to_string());
    stack.clear();
    done()
}

fn trap<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let (name, at, keys) = named(ctx, stack, "type");
    let name = name.unwrap_or_else(|| "random".into());
    if !keys.is_table() && !super::super::names::is_trap(&name) && name != "random" {
        return Err(fail(ctx, &format!("Unknown trap type '{name}'")));
    }
    let mut r = run.borrow_mut();
    let place = spot(&mut r, at, dry);
    record(&mut r, place, "trap", name);
    stack.clear();
    done()
}

/// `des.mazewalk(x, y, dir)` or `des.mazewalk({ x, y, typ, dir })`.
fn mazewalk<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let (at, floor, dir) = match stack.get(0) {
        Value::Table(_) => {
            let keys = Keys::of(ctx, stack.get(0));
            let floor = map_char_key(ctx, &keys, "typ")?.unwrap_or(b'.');
            (keys.xy(), floor, keys.text("dir"))
        }
        _ => (coordinate(ctx, stack, 0), b'.', text(stack.get(2))),
    };
    let mut r = run.borrow_mut();
    let r = &mut *r;
    let dir = match dir.as_deref().unwrap_or("random") {
        "north" => shape::NORTH,
        "south" => shape::SOUTH,
        "east" => shape::EAST,
        "west" => shape::WEST,
        "random" => select::random_direction(&mut r.rng),
        other => return Err(fail(ctx, &format!("invalid option '{other}'"))),
    };
    let (x, y) = match at {
        Some((x, y)) => absolute(&r.level, &mut r.rng, x, y),
        None => return Err(fail(ctx, "mazewalk coord not ok")),
    };
    if !on_level(x, y) {
        return Err(fail(ctx, "mazewalk coord not ok"));
    }
    let line = r.meter.line;
    maze::mazewalk(&mut r.level.building(floor, line), (x, y), dir, &mut r.rng);
    r.level.examples.push("the maze".into());
    stack.clear();
    done()
}

fn drawbridge<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let keys = table_arg(ctx, stack)?;
    let Some((x, y)) = keys.xy() else {
        return Err(fail(ctx, "drawbridge coord not ok"));
    };
    let mut r = run.borrow_mut();
    let r = &mut *r;
    let place = absolute(&r.level, &mut r.rng, x, y);
    if !on_level(place.0, place.1) {
        return Err(fail(ctx, "drawbridge coord not ok"));
    }
    record(
        r,
        place,
        "drawbridge",
        keys.text("state").unwrap_or_else(|| "random".into()),
    );
    stack.clear();
    done()
}

fn mark(r: &mut super::Run, kind: &str, (x1, y1, x2, y2): (i64, i64, i64, i64), relative: bool) {
    let (a, b) = if relative {
        let f = r.level.map;
        (
            (x1.saturating_add(f.x), y1.saturating_add(f.y)),
            (x2.saturating_add(f.x), y2.saturating_add(f.y)),
        )
    } else {
        ((x1, y1), (x2, y2))
    };
    let line = r.meter.line;
    r.level.marked.push(Marked {
        kind: kind.into(),
        corners: (a.0, a.1, b.0, b.1),
        line,
    });
}

fn region<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    if held(stack.get(0)).is_some() {
        stack.clear();
        return done();
    }
    if stack.len() != 1 {
        return Err(fail(ctx, "Wrong parameters"));
    }
    let keys = table_arg(ctx, stack)?;
    let corners = keys
        .rect("region")
        .ok_or_else(|| fail(ctx, "bad argument: region (table expected)"))?;
    if corners == (-1, -1, -1, -1) {
        return Err(fail(ctx, "region needs region"));
    }
    let kind = keys.text("type").unwrap_or_else(|| "ordinary".into());
    // An ordinary, regular region that is no arrival room is only lit:
    // the game makes no room of it and never runs its contents.
    let makes_room = kind != "ordinary"
        || keys.truth("irregular").unwrap_or(false)
        || keys.truth("arrival_room").unwrap_or(false);
    let contents = if makes_room {
        keys.get("contents")
    } else {
        Value::Nil
    };
    let room = {
        let mut r = run.borrow_mut();
        let r = &mut *r;
        mark(r, &format!("region ({kind})"), corners, true);
        let f = r.level.map;
        Room {
            lx: corners.0.saturating_add(f.x),
            ly: corners.1.saturating_add(f.y),
            hx: corners.2.saturating_add(f.x),
            hy: corners.3.saturating_add(f.y),
        }
    };
    stack.clear();
    if !matches!(contents, Value::Function(_)) {
        return done();
    }
    run.borrow_mut().level.room_stack.push(room);
    let t = Table::new(&ctx);
    t.set(ctx, "width", room.hx - room.lx + 1)?;
    t.set(ctx, "height", room.hy - room.ly + 1)?;
    t.set(ctx, "type", kind)?;
    then_call(
        ctx,
        run,
        contents,
        vec![Value::Table(t)],
        After::Room,
        Value::Nil,
    )
}

fn levregion<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let keys = table_arg(ctx, stack)?;
    let corners = keys
        .rect("region")
        .ok_or_else(|| fail(ctx, "Not a region"))?;
    let on_level = keys.truth("region_islev").unwrap_or(false);
    let kind = keys.text("type").unwrap_or_else(|| "teleport".into());
    let mut r = run.borrow_mut();
    mark(
        &mut r,
        &format!("level region ({kind})"),
        corners,
        !on_level,
    );
    stack.clear();
    done()
}

fn exclusion<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    marked_region(run, ctx, stack, "exclusion")
}

/// A call whose only effect drawn is its `region`, outlined as `kind`.
fn marked_region<'gc>(
    run: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
    kind: &str,
) -> Out<'gc> {
    let keys = table_arg(ctx, stack)?;
    let corners = keys
        .rect("region")
        .ok_or_else(|| fail(ctx, "Not a region"))?;
    let mut r = run.borrow_mut();
    mark(&mut r, kind, corners, true);
    stack.clear();
    done()
}

/// `des.wallify()` over the map part (one cell beyond its edges), or
/// `des.wallify({ x1, y1, x2, y2 })` where a negative corner means the
/// map part's.
fn wallify<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let area = match stack.get(0) {
        Value::Nil => (-1, -1, -1, -1),
        _ => {
            let keys = table_arg(ctx, stack)?;
            keys.rect("")
                .ok_or_else(|| fail(ctx, "wallify needs x1, y1, x2 and y2"))?
        }
    };
    let mut r = run.borrow_mut();
    let line = r.meter.line;
    let f = r.level.map;
    let edge = |v: i64, e: i64| if v < 0 { e } else { v };
    let area = (
        edge(area.0, f.x - 1),
        edge(area.1, f.y - 1),
        edge(area.2, f.x.saturating_add(f.width).saturating_add(1)),
        edge(area.3, f.y.saturating_add(f.height).saturating_add(1)),
    );
    wallify_map(&mut r.level.building(b'.', line), area);
    stack.clear();
    done()
}

fn wall_property<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    marked_region(run, ctx, stack, "wall property")
}

fn non_diggable<'gc>(run: &Shared, _: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    run.borrow_mut()
        .level
        .flags
        .push("non-diggable walls".into());
    stack.clear();
    done()
}

fn non_passwall<'gc>(run: &Shared, _: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    run.borrow_mut()
        .level
        .flags
        .push("non-passwall walls".into());
    stack.clear();
    done()
}

fn gas_cloud<'gc>(run: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    if stack.len() != 1 {
        return Err(fail(ctx, "wrong parameters"));
    }
    let keys = table_arg(ctx, stack)?;
    let mut r = run.borrow_mut();
    let place = spot(&mut r, keys.xy(), dry);
    record(&mut r, place, "gas cloud", "poison gas".into());
    stack.clear();
    done()
}

fn reset_level<'gc>(run: &Shared, _: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    run.borrow_mut().level = Level::default();
    stack.clear();
    done()
}

fn finalize_level<'gc>(run: &Shared, _: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let mut r = run.borrow_mut();
    let line = r.meter.line;
    // The game runs `wallification` here, which gives walls their
    // corners; map characters show none, so the walls are grown instead.
    r.level.wallify_all(line);
    stack.clear();
    done()
}
