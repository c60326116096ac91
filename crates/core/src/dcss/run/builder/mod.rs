//! The dungeon builder's functions a vault's Lua calls on its own map
//! (crawl's `l-dgnbld.cc`), each taking the map and a table of named
//! arguments (`delve` and `farthest_from` take plain arguments):
//!
//! - here: the map as they see it (`Map`), the work one call may do
//!   (`Job`), and `width`, `height`, `is_valid_coord`, `extend_map`,
//!   `fill_area`; `set_border_fill_type` is accepted (it changes the
//!   level around the vault, not the vault);
//! - `args`: the argument table read as crawl reads it, with its errors;
//! - `shapes`: `make_circle`, `make_diamond`, `make_square`,
//!   `make_rounded_square`, `make_box`, `make_box_doors`,
//!   `make_round_box`, `octa_room`;
//! - `irregular`: `make_irregular_box`;
//! - `query`: `count_feature_in_box`, `count_antifeature_in_box`,
//!   `count_neighbors`, `count_passable_neighbors`, `is_passable_coord`,
//!   `find_in_area`, `primary_vault_dimensions`, `farthest_from`;
//! - `replace`: `replace_area`, `replace_first`, `replace_random`,
//!   `replace_closest`;
//! - `texture`: `spotty_map`, `smear_map`, `remove_isolated_glyphs`,
//!   `widen_paths`, `add_windows`, `remove_disconnected_doors`,
//!   `connect_adjacent_rooms`;
//! - `pools`: `add_pools`; `delve`: `delve`; `paths`: `join_the_dots`,
//!   `fill_disconnected`.
//!
//! The `layout_*` functions (whole levels built by the game's C++) are
//! not here: they paint the level outside the map (`levels`).
//!
//! crawl reads and writes cells past the map's edge when a vault's
//! coordinates run off it (undefined behaviour in its C++); here a box
//! is cut to the map, a cell off it holds no glyph and is never written.
//! The random draws come in crawl's order from the run's one generator,
//! so a layout keeps crawl's shape though not its exact cells. Every
//! cell a call visits costs a unit of fuel, and a call that would visit
//! more than `MOST_WORK` (a count of iterations given in the arguments
//! can ask for billions) stops the run there, as the step budget stops
//! a loop that does not end.

mod args;
mod delve;
mod irregular;
mod paths;
mod pools;
mod query;
mod replace;
mod shapes;
mod texture;

use piccolo::{CallbackReturn, Context, Error, IntoValue, Stack, Table};

use self::args::{coords, field_char, field_int};
use super::dice::Dice;
use super::{MapRun, Shared};
use crate::lua::sandbox::{native, Native};
use crate::rng::Rng;

type Out<'gc> = Result<CallbackReturn<'gc>, Error<'gc>>;

/// The largest map the builder grows (crawl's level is 80 by 70).
const MOST: i64 = 200;

/// The glyphs crawl's builder takes for passable ground when a vault
/// names none (`traversable_glyphs` in crawl's `mapdef.cc`).
const TRAVERSABLE: &[u8] = b".+=w@{}()[]<>BC^TUVY$%*|Odefghijk0123456789";

/// The cells one call may visit: some sixteen million, a fraction of a
/// second natively, far past what any of crawl's own layouts asks.
const MOST_WORK: usize = 1 << 24;

pub fn install<'gc>(ctx: Context<'gc>, shared: &Shared, dgn: Table<'gc>) -> Result<(), Error<'gc>> {
    let functions: [(&str, Native<MapRun>); 38] = [
        ("width", width),
        ("height", height),
        ("is_valid_coord", is_valid_coord),
        ("extend_map", extend_map),
        ("fill_area", fill_area),
        ("set_border_fill_type", |_, _, stack| {
            stack.clear();
            Ok(CallbackReturn::Return)
        }),
        ("make_circle", shapes::make_circle),
        ("make_diamond", shapes::make_diamond),
        ("make_square", shapes::make_square),
        ("make_rounded_square", shapes::make_rounded_square),
        ("make_box", shapes::make_box),
        ("make_box_doors", shapes::make_box_doors),
        ("make_round_box", shapes::make_round_box),
        ("octa_room", shapes::octa_room),
        ("make_irregular_box", irregular::make_irregular_box),
        ("count_feature_in_box", query::count_feature_in_box),
        ("count_antifeature_in_box", query::count_antifeature_in_box),
        ("count_neighbors", query::count_neighbors),
        ("count_passable_neighbors", query::count_passable_neighbors),
        ("is_passable_coord", query::is_passable_coord),
        ("find_in_area", query::find_in_area),
        ("primary_vault_dimensions", query::primary_vault_dimensions),
        ("farthest_from", query::farthest_from),
        ("replace_area", replace::replace_area),
        ("replace_first", replace::replace_first),
        ("replace_random", replace::replace_random),
        ("replace_closest", replace::replace_closest),
        ("spotty_map", texture::spotty_map),
        ("smear_map", texture::smear_map),
        ("remove_isolated_glyphs", texture::remove_isolated_glyphs),
        ("widen_paths", texture::widen_paths),
        ("add_windows", texture::add_windows),
        (
            "remove_disconnected_doors",
            texture::remove_disconnected_doors,
        ),
        ("connect_adjacent_rooms", texture::connect_adjacent_rooms),
        ("add_pools", pools::add_pools),
        ("delve", delve::delve),
        ("join_the_dots", paths::join_the_dots),
        ("fill_disconnected", paths::fill_disconnected),
    ];
    for (name, f) in functions {
        dgn.set(ctx, name, native(ctx, shared, f))?;
    }
    Ok(())
}

/// A set of glyphs as crawl tests one with `strchr`: the string up to
/// its first NUL, and NUL itself always in it (the C string's end).
#[derive(Clone)]
struct Glyphs {
    has: [bool; 256],
    /// Whether the string was empty (some functions then skip a test).
    empty: bool,
}

impl Glyphs {
    fn of(text: &[u8]) -> Glyphs {
        let mut has = [false; 256];
        has[0] = true;
        let text = text.split(|&b| b == 0).next().unwrap_or(&[]);
        for &g in text {
            has[usize::from(g)] = true;
        }
        Glyphs {
            has,
            empty: text.is_empty(),
        }
    }

    fn has(&self, g: u8) -> bool {
        self.has[usize::from(g)]
    }
}

/// The map as the builder sees it: a `w` by `h` rectangle; a cell past
/// the end of a short row reads as the blank normalising gives it.
struct Map<'a> {
    lines: &'a mut Vec<Vec<u8>>,
    w: i64,
    h: i64,
}

impl Map<'_> {
    fn inside(&self, x: i64, y: i64) -> bool {
        (0..self.w).contains(&x) && (0..self.h).contains(&y)
    }

    fn get(&self, x: i64, y: i64) -> Option<u8> {
        if !self.inside(x, y) {
            return None;
        }
        let row = self.lines.get(y as usize)?;
        Some(row.get(x as usize).copied().unwrap_or(b' '))
    }

    /// Whether the cell is on the map and its glyph in `set`.
    fn is(&self, x: i64, y: i64, set: &Glyphs) -> bool {
        self.get(x, y).is_some_and(|g| set.has(g))
    }

    /// Sets a cell on the map; one off it is left alone.
    fn put(&mut self, x: i64, y: i64, g: u8) {
        if !self.inside(x, y) {
            return;
        }
        if let Some(row) = self.lines.get_mut(y as usize) {
            let x = x as usize;
            if row.len() <= x {
                row.resize(x + 1, b' ');
            }
            row[x] = g;
        }
    }

    /// crawl's check of a single cell a vault names, with its error.
    fn valid(&self, x: i64, y: i64) -> Result<(), String> {
        if !(0..self.w).contains(&x) {
            return Err(format!("Invalid x coordinate: {x}"));
        }
        if !(0..self.h).contains(&y) {
            return Err(format!("Invalid y coordinate: {y}"));
        }
        Ok(())
    }

    /// The part of `lo..=hi` on the map across (`across`) or down.
    fn span(&self, lo: i64, hi: i64, across: bool) -> std::ops::RangeInclusive<i64> {
        let last = if across { self.w } else { self.h } - 1;
        lo.max(0)..=hi.min(last)
    }
}

/// One call's access to the run: the map, the generator, and the work
/// done so far (charged as fuel when the call ends).
struct Job<'a> {
    map: Map<'a>,
    rng: &'a mut Rng,
    work: usize,
    name: &'static str,
}

impl Job<'_> {
    /// Counts `n` cells of work. Past `MOST_WORK` the call stops, and
    /// all the fuel the VM can take is charged, so the run stops as on
    /// a loop that does not end (even when a `pcall` catches the error).
    fn spend(&mut self, n: usize) -> Result<(), String> {
        self.work = self.work.saturating_add(n);
        if self.work > MOST_WORK {
            self.work = usize::MAX;
            return Err(format!(
                "{}: this call does more than {} million cells' work; the game would stall here",
                self.name,
                MOST_WORK >> 20
            ));
        }
        Ok(())
    }

    /// crawl's `random2(n)` (`dice`).
    fn random2(&mut self, n: i64) -> i64 {
        self.rng.random2(n)
    }

    /// crawl's `random_range(lo, hi)`, which asserts `lo <= hi`.
    fn random_range(&mut self, lo: i64, hi: i64) -> Result<i64, String> {
        if lo > hi {
            return Err(format!(
                "{}: random_range({lo}, {hi}) has its bounds reversed; crawl's assertion fails here",
                self.name
            ));
        }
        Ok(self.rng.random_range(lo, hi))
    }

    fn x_chance_in_y(&mut self, x: i64, y: i64) -> bool {
        self.rng.x_chance_in_y(x, y)
    }

    fn one_chance_in(&mut self, n: i64) -> bool {
        self.rng.one_chance_in(n)
    }

    fn coinflip(&mut self) -> bool {
        self.rng.coinflip()
    }
}

/// Runs `f` on the run's map and generator, charges the work it did as
/// fuel, and turns its error into the script's.
fn with_job<'gc, T>(
    shared: &Shared,
    ctx: Context<'gc>,
    name: &'static str,
    f: impl FnOnce(&mut Job) -> Result<T, String>,
) -> Result<T, Error<'gc>> {
    let mut run = shared.borrow_mut();
    let run = &mut *run;
    let (w, h) = run.size();
    let mut job = Job {
        map: Map {
            lines: &mut run.lines,
            w: w as i64,
            h: h as i64,
        },
        rng: &mut run.rng,
        work: 0,
        name,
    };
    let out = f(&mut job);
    let work = job.work;
    run.meter.owed = run.meter.owed.saturating_add(work);
    out.map_err(|message| fail(ctx, message))
}

/// A message as the script's error.
fn fail<'gc>(ctx: Context<'gc>, message: String) -> Error<'gc> {
    message.into_value(ctx).into()
}

/// The map's size, read before a call borrows the run.
fn size(shared: &Shared) -> (i64, i64) {
    let (w, h) = shared.borrow().size();
    (w as i64, h as i64)
}

fn width<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let w = size(shared).0;
    stack.replace(ctx, w);
    Ok(CallbackReturn::Return)
}

fn height<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let h = size(shared).1;
    stack.replace(ctx, h);
    Ok(CallbackReturn::Return)
}

fn is_valid_coord<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let args = stack.get(1);
    let (x, y) = (
        field_int(ctx, args, "x", -1)?,
        field_int(ctx, args, "y", -1)?,
    );
    let (w, h) = size(shared);
    let valid = (0..w).contains(&x) && (0..h).contains(&y);
    stack.replace(ctx, valid);
    Ok(CallbackReturn::Return)
}

/// `extend_map{width, height, fill}`: the map grown to at least that
/// size, new cells `fill` (crawl's `map_lines::extend`).
fn extend_map<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let args = stack.get(1);
    let h = field_int(ctx, args, "height", 1)?.clamp(1, MOST) as usize;
    let w = field_int(ctx, args, "width", 1)?.clamp(1, MOST) as usize;
    let fill = field_char(ctx, args, "fill", b'x')?;
    stack.clear();
    let mut run = shared.borrow_mut();
    let before = run.size();
    while run.lines.len() < h {
        run.lines.push(vec![fill; w]);
    }
    let width = run.size().0.max(w);
    if run.size() != before || before.0 < w {
        for row in &mut run.lines {
            row.resize(width, fill);
        }
    }
    let cells = width * run.lines.len();
    super::budget_line(&mut run, cells);
    Ok(CallbackReturn::Return)
}

/// `fill_area{x1, y1, x2, y2, fill, border}`: the box (the whole map by
/// default) filled, its edge `border` when given.
fn fill_area<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let args = stack.get(1);
    let Some(r) = coords(ctx, args, size(shared), 0)? else {
        stack.clear();
        return Ok(CallbackReturn::Return);
    };
    let fill = field_char(ctx, args, "fill", b'x')?;
    let border = field_char(ctx, args, "border", fill)?;
    stack.clear();
    with_job(shared, ctx, "fill_area", |job| {
        for y in job.map.span(r.y1, r.y2, false) {
            for x in job.map.span(r.x1, r.x2, true) {
                job.spend(1)?;
                let edge = x == r.x1 || x == r.x2 || y == r.y1 || y == r.y2;
                job.map.put(x, y, if edge { border } else { fill });
            }
        }
        Ok(())
    })?;
    Ok(CallbackReturn::Return)
}

#[cfg(test)]
#[path = "../builder_tests.rs"]
mod tests;
