//! `delve(ngb_min, ngb_max, connchance, cellnum, top)`: caves dug into
//! the map's `x` cells (crawl's `dgn-delve.cc`, after Kusigrosz's
//! algorithm).
//!
//! Wall cells next to ground wait in a store; one is pulled at random
//! from the newest `top` of them, and dug (made `.`) when it has between
//! `ngb_min` and `ngb_max` dug neighbours and digging it joins no two
//! separate openings (unless a `connchance` in a hundred allows it);
//! its wall neighbours then join the store in random order. Digging
//! stops at `cellnum` cells (by default a share of the wall that
//! depends on the neighbour counts), and starts again from fresh seeds
//! up to fifty times when it stalls.

use piccolo::{CallbackReturn, Context, Stack};

use super::args::arg_int;
use super::query::AROUND;
use super::{with_job, Glyphs, Job, Out, Shared, TRAVERSABLE};

/// The eight directions in crawl's compass order, north then clockwise
/// (its `Compass`): digging and counting go round in this order.
const COMPASS: [(i64, i64); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

pub(super) fn delve<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let ngb_min = arg_int(stack, 1, 2);
    let ngb_max = arg_int(stack, 2, 3);
    let connchance = arg_int(stack, 3, 0);
    let cellnum = arg_int(stack, 4, -1);
    let top = arg_int(stack, 5, 125);
    stack.clear();
    with_job(shared, ctx, "delve", |job| {
        // crawl asserts these; a vault breaking them stops the game.
        let fails = |what: &str| Err(format!("delve: {what}; crawl's assertion fails here"));
        if !(1..=3).contains(&ngb_min) {
            return fails(&format!("ngb_min is {ngb_min}, not 1 to 3"));
        }
        if ngb_max < ngb_min || ngb_max > 8 {
            return fails(&format!("ngb_max is {ngb_max}, not {ngb_min} to 8"));
        }
        if !(0..=100).contains(&connchance) {
            return fails(&format!("connchance is {connchance}, not 0 to 100"));
        }
        Delve {
            job,
            store: Vec::new(),
            dug: Glyphs::of(TRAVERSABLE),
            top,
        }
        .run(ngb_min, ngb_max, connchance, cellnum)
        .map_err(|e| {
            if e.starts_with("delve") {
                e
            } else {
                format!("delve: {e}")
            }
        })
    })?;
    Ok(CallbackReturn::Return)
}

struct Delve<'j, 'a> {
    job: &'j mut Job<'a>,
    /// Wall cells waiting to be dug, newest last; a cell may wait twice.
    store: Vec<(i64, i64)>,
    dug: Glyphs,
    top: i64,
}

impl Delve<'_, '_> {
    /// On the map and not blank.
    fn in_map(&self, (x, y): (i64, i64)) -> bool {
        self.job.map.get(x, y).is_some_and(|g| g != b' ')
    }

    fn diggable(&self, c: (i64, i64)) -> bool {
        self.in_map(c) && self.job.map.get(c.0, c.1) == Some(b'x')
    }

    fn is_dug(&self, c: (i64, i64)) -> bool {
        self.in_map(c) && self.job.map.is(c.0, c.1, &self.dug)
    }

    /// A cell from the store, drawn from its newest `top`, the rest kept
    /// in order. crawl's store answers "empty" with the corner (0, 0),
    /// so a pulled corner cell ends the digging as an empty store does.
    fn pull(&mut self, top: i64) -> Result<Option<(i64, i64)>, String> {
        if self.store.is_empty() {
            return Ok(None);
        }
        if top < 1 {
            return Err(format!(
                "top is {top}, not at least 1; crawl's assertion fails here"
            ));
        }
        let len = self.store.len() as i64;
        let at = (len - 1 - self.job.random2(top.min(len))) as usize;
        self.job.spend(self.store.len() - at)?;
        let c = self.store.remove(at);
        Ok((c != (0, 0)).then_some(c))
    }

    /// Digs `c` and stores its wall neighbours in a random order.
    fn dig(&mut self, c: (i64, i64)) -> Result<(), String> {
        if !self.diggable(c) {
            return Ok(());
        }
        self.job.spend(COMPASS.len())?;
        self.job.map.put(c.0, c.1, b'.');
        let mut order = [0, 1, 2, 3, 4, 5, 6, 7];
        for left in (1..=order.len()).rev() {
            let pick = self.job.random2(left as i64) as usize;
            let (dx, dy) = COMPASS[order[pick]];
            order[pick] = order[left - 1];
            let n = (c.0 + dx, c.1 + dy);
            if self.diggable(n) {
                self.store.push(n);
            }
        }
        Ok(())
    }

    fn dug_around(&self, c: (i64, i64)) -> i64 {
        COMPASS
            .iter()
            .filter(|(dx, dy)| self.is_dug((c.0 + dx, c.1 + dy)))
            .count() as i64
    }

    /// How many separate runs of dug cells the ring around `c` holds; a
    /// diagonal cell joins its neighbours in the ring only through a
    /// cell across or down, so two dug cells a corner apart are one run.
    fn openings(&self, c: (i64, i64)) -> i64 {
        let dug = |d: usize| {
            let (dx, dy) = COMPASS[d];
            self.is_dug((c.0 + dx, c.1 + dy))
        };
        let (mut before_prev, mut prev) = (false, dug(0));
        let mut runs = 0;
        for d in (0..8).rev() {
            let cur = dug(d);
            // A dug cell starts a run unless the cell before it in the
            // ring is dug, or (for a cell across or down) the one before
            // that is.
            if cur && !prev && (d % 2 == 1 || !before_prev) {
                runs += 1;
            }
            before_prev = prev;
            prev = cur;
        }
        if prev && runs == 0 {
            // All the ring dug.
            return 1;
        }
        runs
    }

    /// Whether digging `c` may join openings: never two, unless chance
    /// allows.
    fn may_join(&mut self, c: (i64, i64), connchance: i64) -> bool {
        self.openings(c) <= 1 || self.job.x_chance_in_y(connchance, 100)
    }

    /// Stores the wall cells that touch ground; with none, the wall
    /// cell nearest the middle of all the wall. How many wall cells.
    fn seed(&mut self) -> Result<i64, String> {
        let (w, h) = (self.job.map.w, self.job.map.h);
        let (mut sum_x, mut sum_y, mut walls) = (0i64, 0i64, 0i64);
        for y in 0..h {
            for x in 0..w {
                self.job.spend(1)?;
                if !self.diggable((x, y)) {
                    continue;
                }
                if AROUND.iter().any(|(dx, dy)| self.is_dug((x + dx, y + dy))) {
                    self.store.push((x, y));
                }
                sum_x += x;
                sum_y += y;
                walls += 1;
            }
        }
        // crawl only looks for the middle when its store is empty.
        if !self.store.is_empty() || walls == 0 {
            return Ok(walls);
        }
        let middle = (sum_x / walls, sum_y / walls);
        let mut best: Option<((i64, i64), i64)> = None;
        for y in 0..h {
            for x in 0..w {
                self.job.spend(1)?;
                if !self.diggable((x, y)) {
                    continue;
                }
                let d = (x - middle.0).pow(2) + (y - middle.1).pow(2);
                if best.is_none_or(|(_, b)| d < b) {
                    best = Some(((x, y), d));
                }
            }
        }
        if let Some((c, _)) = best {
            self.store.push(c);
        }
        Ok(walls)
    }

    fn run(
        mut self,
        ngb_min: i64,
        ngb_max: i64,
        connchance: i64,
        cellnum: i64,
    ) -> Result<(), String> {
        let world = self.seed()?;
        let mut cellnum = cellnum;
        if cellnum < 0 {
            // A share of the wall that suits the neighbour counts.
            const SHARE: [i64; 12] = [0, 0, 8, 7, 6, 5, 5, 4, 4, 4, 3, 3];
            if world <= 0 {
                return Err("the map has no 'x' to dig, so no count to aim for".into());
            }
            cellnum = world / SHARE[(ngb_min + ngb_max) as usize];
        }
        let cellnum = cellnum.min(world);
        if cellnum == 0 {
            return Ok(());
        }
        let top = self.top;
        let mut delved = 0;
        let mut retries = 0;
        loop {
            // Start from a cell anywhere in the store, and first grow a
            // small patch close around it, ignoring `ngb_min` (a patch
            // needs room before the rule can hold).
            let seed_goal = delved + 2 * ngb_min;
            let Some(center) = self.pull(999_999)? else {
                return Ok(());
            };
            self.store.push(center);
            while delved < seed_goal && delved < cellnum {
                let Some(c) = self.pull(top)? else {
                    break;
                };
                if !self.diggable(c) {
                    continue;
                }
                let near = (c.0 - center.0).pow(2) + (c.1 - center.1).pow(2) <= 2;
                if !near || self.dug_around(c) > ngb_max || !self.may_join(c, connchance) {
                    continue;
                }
                self.dig(c)?;
                delved += 1;
            }
            while delved < cellnum {
                let Some(c) = self.pull(top)? else {
                    break;
                };
                if !self.diggable(c) {
                    continue;
                }
                let around = self.dug_around(c);
                if around < ngb_min || around > ngb_max || !self.may_join(c, connchance) {
                    continue;
                }
                self.dig(c)?;
                delved += 1;
            }
            // Some counts (2 and 2, or 3 and 3) tend to stall: reseed.
            if delved >= cellnum || retries >= 50 {
                return Ok(());
            }
            retries += 1;
            self.seed()?;
        }
    }
}
