//! The rest of what the game gives a level script: `nh.*`, `u.*`, `nhc`,
//! the object value `des.object` returns, and the game's sandbox: the
//! globals it removes are removed here too. (Lua's library where piccolo
//! lacks it is the engine's: `lua::sandbox`.)

use piccolo::{Callback, CallbackReturn, Context, Error, IntoValue, Stack, Table, Value};

use super::value::{int, text};
use super::{native, Native, Shared};

/// Stand-ins for the helpers the game's `nhlib.lua` defines, written for
/// the studio (which has no copy of the game's library): the same names
/// and behaviour for `math.random`, `shuffle`, `align`, `d`, `percent`,
/// `monkfoodshop` and `pline`; `hell_tweaks` (random lava in Gehennom)
/// changes nothing here. With the game's `nhlib.lua` at hand (`check`
/// next to the game's `dat/`), that file is loaded instead.
pub const STAND_IN: &str = include_str!("stand_in.lua");

pub fn install<'gc>(ctx: Context<'gc>, shared: &Shared) -> Result<(), Error<'gc>> {
    sandbox(ctx)?;
    let nh = Table::new(&ctx);
    let functions: [(&str, Native); 6] = [
        ("rn2", rn2),
        ("random", random),
        ("level_difficulty", level_difficulty),
        ("eckey", eckey),
        ("dnum_name", dnum_name),
        ("variable", variable),
    ];
    for (name, f) in functions {
        nh.set(ctx, name, native(ctx, shared, f))?;
    }
    // The game's interface functions that only talk to the player or the
    // running game: accepted, and they change nothing on the level.
    for name in [
        "pline",
        "verbalize",
        "impossible",
        "text",
        "menu",
        "getlin",
        "callback",
        "gamestate",
        "parse_config",
        "get_config",
        "get_config_errors",
        "dump_fmtstr",
        "start_timer_at",
        "stop_timer_at",
        "has_timer_at",
        "peek_timer_at",
        "deltrap",
        "test",
        "pushkey",
        "doturn",
        "debug_flags",
        "stairways",
        "getmap",
        "gettrap",
        "abscoord",
        "makeplural",
        "makesingular",
        "s_suffix",
        "ing_suffix",
        "an",
    ] {
        nh.set(ctx, name, native(ctx, shared, quiet))?;
    }
    ctx.set_global("nh", nh)?;
    ctx.set_global("u", hero(ctx)?)?;
    let nhc = Table::new(&ctx);
    nhc.set(ctx, "COLNO", 80)?;
    nhc.set(ctx, "ROWNO", 21)?;
    nhc.set(ctx, "DLB", 1)?;
    ctx.set_global("nhc", nhc)?;
    Ok(())
}

/// What the game's sandbox (`NHL_SB_SAFE`) leaves out of the base library:
/// each name fails as a call of nil does. (Setting them to nil would leave
/// dead keys in the globals, which piccolo 0.3.3 cannot rehash when the
/// table grows.)
fn sandbox<'gc>(ctx: Context<'gc>) -> Result<(), Error<'gc>> {
    for name in [
        "print",
        "error",
        "assert",
        "getmetatable",
        "setmetatable",
        "rawget",
        "rawset",
        "rawequal",
        "rawlen",
        "collectgarbage",
        "load",
        "loadfile",
        "dofile",
        "require",
    ] {
        let removed = Callback::from_fn(&ctx, move |ctx, _, _| {
            Err(format!(
                "attempt to call a nil value (global '{name}'): the game's sandbox has no {name}"
            )
            .into_value(ctx)
            .into())
        });
        ctx.set_global(name, removed)?;
    }
    Ok(())
}

/// `u`: the hero as a level sees them when it is made (a new game's
/// first visit); `u.role` is an Archeologist's.
fn hero<'gc>(ctx: Context<'gc>) -> Result<Table<'gc>, Error<'gc>> {
    let u = Table::new(&ctx);
    for (k, v) in [
        ("ux", 0),
        ("uy", 0),
        ("ulevel", 1),
        ("ulevelmax", 1),
        ("uhunger", 900),
        ("dlevel", 1),
        ("dnum", 0),
        ("depth", 1),
        ("moves", 1),
        ("uhave_amulet", 0),
        ("uluck", 0),
        ("uhp", 12),
        ("uhpmax", 12),
        ("ualign", 0),
    ] {
        u.set(ctx, k, v)?;
    }
    u.set(ctx, "role", "Archeologist")?;
    u.set(ctx, "invocation_level", false)?;
    let base = Table::new(&ctx);
    base.set(ctx, 1, 0)?;
    base.set(ctx, 2, 0)?;
    u.set(ctx, "ualignbase", base)?;
    Ok(u)
}

/// What `des.object` returns: an object whose methods (`placeobj`,
/// `addcontent`…) act on the running game, so change nothing here.
pub fn object_value<'gc>(ctx: Context<'gc>) -> Result<Value<'gc>, Error<'gc>> {
    let obj = Table::new(&ctx);
    let meta = Table::new(&ctx);
    let any = Callback::from_fn(&ctx, |ctx, _, mut stack| {
        let method = Callback::from_fn(&ctx, |_, _, mut stack| {
            stack.clear();
            Ok(CallbackReturn::Return)
        });
        stack.replace(ctx, method);
        Ok(CallbackReturn::Return)
    });
    meta.set(ctx, "__index", any)?;
    obj.set_metatable(&ctx, Some(meta));
    Ok(Value::Table(obj))
}

type Out<'gc> = Result<CallbackReturn<'gc>, Error<'gc>>;

fn wrong<'gc>(ctx: Context<'gc>) -> Error<'gc> {
    "Wrong args".into_value(ctx).into()
}

fn roll(shared: &Shared, n: i64) -> i64 {
    if n <= 0 {
        return 0;
    }
    let hi = i32::try_from(n - 1).unwrap_or(i32::MAX);
    i64::from(shared.borrow_mut().rng.range(0, hi))
}

fn rn2<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    if stack.len() != 1 {
        return Err(wrong(ctx));
    }
    let n = int(stack.get(0)).ok_or_else(|| wrong(ctx))?;
    let v = roll(shared, n);
    stack.replace(ctx, v);
    Ok(CallbackReturn::Return)
}

/// `nh.random(n)` is `rn2(n)`; `nh.random(a, n)` is `a + rn2(n)`.
fn random<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let v = match (int(stack.get(0)), int(stack.get(1))) {
        (Some(a), Some(n)) => a.saturating_add(roll(shared, n)),
        (Some(n), None) => roll(shared, n),
        _ => return Err(wrong(ctx)),
    };
    stack.replace(ctx, v);
    Ok(CallbackReturn::Return)
}

fn level_difficulty<'gc>(_: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    stack.replace(ctx, 1);
    Ok(CallbackReturn::Return)
}

fn eckey<'gc>(_: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let command = text(stack.get(0)).unwrap_or_default();
    stack.replace(ctx, format!("#{command}"));
    Ok(CallbackReturn::Return)
}

fn dnum_name<'gc>(_: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    stack.replace(ctx, "The Dungeons of Doom");
    Ok(CallbackReturn::Return)
}

fn variable<'gc>(_: &Shared, _: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    stack.clear();
    Ok(CallbackReturn::Return)
}

fn quiet<'gc>(_: &Shared, _: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    stack.clear();
    Ok(CallbackReturn::Return)
}
