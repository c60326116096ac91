//! The level outside the map: `dgn.grid(x, y [, feature])`, which reads
//! (and, given a feature, sets) a cell of the level being made. crawl's
//! layouts of the Vaults paint the whole level this way and leave their
//! own map empty; a vault drawn on its own has an empty level of rock
//! around it, so what `dgn.grid` paints is what such a layout draws.

use piccolo::{CallbackReturn, Context, Error, IntoValue, Stack, Value};

use super::{Event, MapRun, Shared};
use crate::dcss::ast::Kw;
use crate::dcss::run::checkint::int;
use crate::dcss::tables::FEATURES;
use crate::dcss::{look, LEVEL_HEIGHT, LEVEL_WIDTH};
use crate::lua::sandbox::value::text;

type Out<'gc> = Result<CallbackReturn<'gc>, Error<'gc>>;

/// What a fresh level holds: rock.
const ROCK: u8 = b'x';

/// Letters that stand on the level for the features no map glyph makes
/// (a mangrove, an altar), each keyed to its feature by a KFEAT the
/// drawing carries (`drawn_level`).
const KEYED: &[u8] = b"QRSZEFHJKLMNPDqrsuyz";

impl MapRun {
    /// The glyph that stands for `feature` on the level: its map glyph,
    /// else a letter keyed to it for this run; floor when the letters
    /// run out.
    pub(super) fn level_glyph(&mut self, feature: &'static str) -> u8 {
        if let Some(g) = look::feature_glyph(feature) {
            return g;
        }
        if let Some((g, _)) = self.level_keys.iter().find(|(_, f)| *f == feature) {
            return *g;
        }
        match KEYED.get(self.level_keys.len()) {
            Some(&g) => {
                self.level_keys.push((g, feature));
                g
            }
            None => b'.',
        }
    }

    /// The feature of the level's cell at `(x, y)` (rock where nothing
    /// was painted).
    pub(super) fn level_feature_at(&self, x: usize, y: usize) -> &'static str {
        let glyph = self.level.get(y).and_then(|row| row.get(x)).copied();
        self.level_feature_of(glyph.unwrap_or(ROCK))
    }

    /// The feature a glyph of the level stands for.
    fn level_feature_of(&self, g: u8) -> &'static str {
        self.level_keys
            .iter()
            .find(|(k, _)| *k == g)
            .map_or_else(|| look::map_feature(g), |(_, f)| f)
    }

    /// The level's cell at `(x, y)`, made rock the first time it is met.
    pub(super) fn level_cell(&mut self, x: usize, y: usize) -> Option<&mut u8> {
        if self.level.is_empty() {
            self.level = vec![vec![ROCK; LEVEL_WIDTH]; LEVEL_HEIGHT];
        }
        self.level.get_mut(y)?.get_mut(x)
    }
}

/// `dgn.grid(x, y [, feature])`: the feature number of the level's cell,
/// after setting it to `feature` (a name or a number) when one is given.
pub fn grid<'gc>(shared: &Shared, ctx: Context<'gc>, stack: &mut Stack<'gc, '_>) -> Out<'gc> {
    let off_level = || "dgn.grid: the point is not on the level (0..79, 0..69)".into_value(ctx);
    let (x, y) = point(stack).ok_or_else(off_level)?;
    let wanted = match stack.get(2) {
        Value::Nil => None,
        v => feature_given(v),
    };
    let mut run = shared.borrow_mut();
    let glyph = wanted.map(|name| run.level_glyph(name));
    let cell = run.level_cell(x, y).ok_or_else(off_level)?;
    if let Some(glyph) = glyph {
        *cell = glyph;
    }
    let now = *cell;
    let number = number_of_feature(run.level_feature_of(now));
    drop(run);
    stack.replace(ctx, number);
    Ok(CallbackReturn::Return)
}

/// The cell the first two arguments name, when both are whole numbers of
/// zero or more.
fn point(stack: &Stack<'_, '_>) -> Option<(usize, usize)> {
    let at = |i: usize| int(stack.get(i)).and_then(|v| usize::try_from(v).ok());
    at(0).zip(at(1))
}

/// `__vw_level_feature(x, y)`: the name of the level's feature at a
/// cell, without making the level (rock where it was never painted, and
/// off the level).
pub fn level_feature<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let name = {
        let run = shared.borrow();
        let cell = point(stack).and_then(|(x, y)| run.level.get(y)?.get(x).copied());
        run.level_feature_of(cell.unwrap_or(ROCK))
    };
    stack.replace(ctx, Value::String(ctx.intern(name.as_bytes())));
    Ok(CallbackReturn::Return)
}

/// A feature given by name, or by the number `dgn.feature_number` gave.
fn feature_given(v: Value<'_>) -> Option<&'static str> {
    match int(v) {
        Some(n) => feature_numbered(n),
        None => feature_named(&text(v)?),
    }
}

/// The game's feature named `name`, as our table holds it (none for a
/// name the game does not know).
pub(super) fn feature_named(name: &str) -> Option<&'static str> {
    FEATURES.iter().find(|f| **f == name).copied()
}

/// The level a map-less run painted, as the map it draws, with a KFEAT
/// for each letter that stands for a feature no map glyph makes.
pub fn drawn_level(run: &mut MapRun) {
    if !run.lines.is_empty() || run.level.is_empty() {
        return;
    }
    run.lines = std::mem::take(&mut run.level);
    for (glyph, feature) in std::mem::take(&mut run.level_keys) {
        run.events.push(Event::Call {
            kw: Kw::Kfeat,
            text: format!("{} = {feature}", glyph as char),
            line: 0,
        });
    }
}

/// The number `dgn.feature_number` gives a feature name: its place in our
/// table of crawl's names, from 1. A name the game does not know is its
/// "unseen", 0 (as `dungeon_feature_by_name` answers): crawl's library
/// compares with it.
pub(super) fn number_of_feature(name: &str) -> i64 {
    FEATURES
        .iter()
        .position(|f| *f == name)
        .map_or(0, |i| i as i64 + 1)
}

/// The feature `number_of_feature` numbered `n` (none for 0 or past the
/// table).
pub(super) fn feature_numbered(n: i64) -> Option<&'static str> {
    usize::try_from(n - 1)
        .ok()
        .and_then(|i| FEATURES.get(i).copied())
}
