//! A vault's grid transforms (SUBST, NSUBST, SHUFFLE, CLEAR) and the
//! markers placed between them, read once into typed steps. A seed then
//! applies the steps to any grid of cells: the drawn realisation
//! (`realize`) and the glyph-only grids the reachability check walks by
//! the thousand share one reading and one random stream.
//!
//! The game keeps markers in the same list as the transforms and places
//! each at the cells holding its glyph when its turn comes, so a marker
//! written after a SUBST that consumed its glyph is placed nowhere.

use super::spec::{nsubst_segments, weighted_glyphs, NsubstSegment};
use super::{lua_item_markers, Directive, Item, Kw, LuaKind, Selector, Vault};
use crate::rng::Rng;
use vaultwright_model::source::Span;

/// A set of glyphs (bytes), tested in constant time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GlyphSet([u64; 4]);

impl GlyphSet {
    pub fn of(glyphs: &[u8]) -> GlyphSet {
        let mut s = GlyphSet::default();
        for &g in glyphs {
            s.0[usize::from(g >> 6)] |= 1 << (g & 63);
        }
        s
    }

    pub fn has(&self, g: u8) -> bool {
        self.0[usize::from(g >> 6)] & (1 << (g & 63)) != 0
    }

    pub fn add(&mut self, g: u8) {
        self.0[usize::from(g >> 6)] |= 1 << (g & 63);
    }

    pub fn union(self, other: GlyphSet) -> GlyphSet {
        GlyphSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    pub fn meets(&self, other: &GlyphSet) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    pub fn glyphs(&self) -> impl Iterator<Item = u8> + '_ {
        (0..=255u8).filter(|&g| self.has(g))
    }
}

/// Weighted replacement glyphs, picked once per step (`:`) or per cell (`=`).
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub once: bool,
    pub glyphs: Vec<(u8, u32)>,
}

/// One NSUBST segment: how many cells it takes (`None`: all that are left).
#[derive(Clone, Debug, PartialEq)]
pub struct Segment {
    pub count: Option<usize>,
    pub choice: Choice,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    Subst {
        keys: GlyphSet,
        choice: Choice,
    },
    /// The segments the game reads before the first it cannot: those
    /// after it are never applied.
    Nsubst {
        keys: GlyphSet,
        segments: Vec<Segment>,
    },
    /// A set whose characters are permuted.
    ShuffleSet(Vec<u8>),
    /// Blocks of equal length whose order is permuted.
    ShuffleBlocks(Vec<Vec<u8>>),
    Clear(GlyphSet),
    /// A marker (MARKER line or literal `lua_marker`) placed at the cells
    /// holding this glyph when its turn comes.
    Marker(u8),
}

impl Step {
    /// The glyphs the step reads: a later step on any of them sees what
    /// an earlier random one chose.
    fn reads(&self) -> GlyphSet {
        match self {
            Step::Subst { keys, .. } | Step::Nsubst { keys, .. } | Step::Clear(keys) => *keys,
            Step::ShuffleSet(set) => GlyphSet::of(set),
            Step::ShuffleBlocks(segs) => GlyphSet::of(&segs.concat()),
            Step::Marker(g) => GlyphSet::of(&[*g]),
        }
    }

    /// The glyphs a cell the step reads may hold afterwards.
    fn leaves(&self) -> GlyphSet {
        let mut set = GlyphSet::default();
        let mut add = |c: &Choice| c.glyphs.iter().for_each(|&(g, _)| set.add(g));
        match self {
            // Every key cell is rewritten.
            Step::Subst { choice, .. } => add(choice),
            // Counts may leave key cells as they were.
            Step::Nsubst { keys, segments } => {
                segments.iter().for_each(|s| add(&s.choice));
                set = set.union(*keys);
            }
            Step::Clear(_) => set.add(b' '),
            Step::ShuffleSet(_) | Step::ShuffleBlocks(_) | Step::Marker(_) => {
                set = self.reads();
            }
        }
        set
    }

    /// Whether the seed can change what the step writes.
    fn is_random(&self) -> bool {
        match self {
            Step::Subst { choice, .. } => choice.glyphs.len() > 1,
            Step::Nsubst { .. } | Step::ShuffleBlocks(_) => true,
            Step::ShuffleSet(set) => set.len() > 1,
            Step::Clear(_) | Step::Marker(_) => false,
        }
    }
}

/// What a seed applies, in source order, each step with the span of the
/// statement that wrote it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plan {
    pub steps: Vec<(Span, Step)>,
    /// Transforms under a Lua condition: not applied.
    pub skipped: Vec<Span>,
    /// Transform specs that could not be read (with why).
    pub problems: Vec<(Span, String)>,
}

/// A cell a step can read and rewrite.
pub trait GlyphCell {
    fn glyph(&self) -> u8;
    fn rewrite(&mut self, glyph: u8, by: Span);
}

impl GlyphCell for u8 {
    fn glyph(&self) -> u8 {
        *self
    }
    fn rewrite(&mut self, glyph: u8, _by: Span) {
        *self = glyph;
    }
}

impl Plan {
    pub fn new(v: &Vault) -> Plan {
        let mut plan = Plan::default();
        let transforms = [Kw::Subst, Kw::Nsubst, Kw::Shuffle, Kw::Clear, Kw::Marker];
        if !transforms.iter().any(|&k| v.has(k)) && !v.has_lua() {
            return plan;
        }
        for item in &v.items {
            match item {
                Item::Directive(d) if transforms.contains(&d.kw) => plan.read_directive(d),
                // Markers of the vault's own chunk, which runs in order with
                // its transforms (validate, veto and epilogue Lua do not).
                Item::Lua(l) if matches!(l.kind, LuaKind::Line | LuaKind::Main) => {
                    for (glyph, _, span) in lua_item_markers(l) {
                        plan.steps.push((span, Step::Marker(glyph)));
                    }
                }
                _ => {}
            }
        }
        plan
    }

    /// The steps of one transform directive (as crawl's `subst`, `nsubst`,
    /// `shuffle` and `clear` read their argument when called).
    pub fn of_directive(d: &Directive) -> Plan {
        let mut plan = Plan::default();
        plan.read_directive(d);
        plan
    }

    /// Applies the steps to rows of glyphs, ragged or not, as crawl's
    /// `map_lines` does when a transform is called: at once, on the map
    /// as it stands.
    pub fn apply_to_rows(&self, rows: &mut [Vec<u8>], rng: &mut Rng) {
        let mut cells: Vec<u8> = rows.concat();
        self.apply(&mut cells, rng, |_, _| {});
        let mut rest = cells.into_iter();
        for row in rows.iter_mut() {
            for g in row.iter_mut() {
                *g = rest.next().unwrap_or(*g);
            }
        }
    }

    fn read_directive(&mut self, d: &Directive) {
        if d.conditional {
            // A marker under a condition is simply not placed here.
            if d.kw != Kw::Marker {
                self.skipped.push(d.span);
            }
            return;
        }
        for ((arg, span), sel) in d.selectors() {
            let step = match d.kw {
                Kw::Subst => subst(arg, sel),
                Kw::Nsubst => nsubst(arg, sel, &mut self.problems, *span),
                Kw::Shuffle => shuffle(arg),
                Kw::Marker => Ok(sel.and_then(marker)),
                _ => Ok(Some(Step::Clear(GlyphSet::of(
                    &arg.bytes()
                        .filter(|b| !b.is_ascii_whitespace())
                        .collect::<Vec<_>>(),
                )))),
            };
            match step {
                Ok(Some(step)) => self.steps.push((d.span, step)),
                Ok(None) => {}
                Err(e) => self.problems.push((*span, e)),
            }
        }
    }

    /// Whether two seeds can give grids that differ in `class` (glyphs of
    /// one class are alike to the caller) or in where markers land. A
    /// random step whose glyphs are all of one class, and that no later
    /// step reads, cannot: most vaults randomise only monsters and items.
    pub fn is_random_in(&self, class: impl Fn(u8) -> u8) -> bool {
        // What the steps after each step read, gathered from the end once.
        let mut read_after = vec![GlyphSet::default(); self.steps.len()];
        let mut acc = GlyphSet::default();
        for (i, (_, step)) in self.steps.iter().enumerate().rev() {
            read_after[i] = acc;
            acc = acc.union(step.reads());
        }
        self.steps.iter().enumerate().any(|(i, (_, step))| {
            if !step.is_random() {
                return false;
            }
            let touched = step.leaves();
            let mut classes = touched.glyphs().map(&class);
            let first = classes.next();
            classes.any(|c| Some(c) != first) || read_after[i].meets(&touched)
        })
    }

    /// Cells times steps: what applying the plan once costs.
    pub fn work(&self, cells: usize) -> usize {
        cells.saturating_mul(self.steps.len() + 1)
    }

    /// Applies the steps to a row-major grid with the seed's stream;
    /// `placed` hears, for each marker step (by index), how many cells it
    /// found.
    pub fn apply<C: GlyphCell>(
        &self,
        cells: &mut [C],
        rng: &mut Rng,
        mut placed: impl FnMut(usize, usize),
    ) {
        for (i, (by, step)) in self.steps.iter().enumerate() {
            match step {
                Step::Subst { keys, choice } => {
                    let once = choice.once.then(|| pick(rng, &choice.glyphs));
                    for c in cells.iter_mut().filter(|c| keys.has(c.glyph())) {
                        c.rewrite(once.unwrap_or_else(|| pick(rng, &choice.glyphs)), *by);
                    }
                }
                Step::Nsubst { keys, segments } => apply_nsubst(cells, rng, *keys, segments, *by),
                Step::ShuffleSet(from) => {
                    let mut to = from.clone();
                    shuffle_slice(rng, &mut to);
                    translate(cells, from.iter().copied().zip(to), *by);
                }
                Step::ShuffleBlocks(segs) => {
                    let mut order: Vec<usize> = (0..segs.len()).collect();
                    shuffle_slice(rng, &mut order);
                    let pairs = segs.iter().enumerate().flat_map(|(si, seg)| {
                        seg.iter().copied().zip(segs[order[si]].iter().copied())
                    });
                    translate(cells, pairs, *by);
                }
                Step::Clear(keys) => {
                    for c in cells.iter_mut().filter(|c| keys.has(c.glyph())) {
                        c.rewrite(b' ', *by);
                    }
                }
                Step::Marker(g) => placed(i, cells.iter().filter(|c| c.glyph() == *g).count()),
            }
        }
    }
}

/// Rewrites each cell whose glyph has a pair to the pair's glyph; the
/// first pair of a glyph wins, as a search from the left finds it.
fn translate<C: GlyphCell>(cells: &mut [C], pairs: impl Iterator<Item = (u8, u8)>, by: Span) {
    let mut to: [Option<u8>; 256] = [None; 256];
    for (from, into) in pairs {
        to[usize::from(from)].get_or_insert(into);
    }
    for c in cells.iter_mut() {
        if let Some(g) = to[usize::from(c.glyph())] {
            c.rewrite(g, by);
        }
    }
}

fn malformed(item: &str) -> String {
    format!("malformed declaration - must use = or : in '{item}'")
}

/// `item` and its selector (none: the game's "malformed declaration").
fn subst(item: &str, sel: Option<Selector>) -> Result<Option<Step>, String> {
    let (key, sep, value) = sel.ok_or_else(|| malformed(item))?;
    Ok(Some(Step::Subst {
        keys: GlyphSet::of(key.as_bytes()),
        choice: Choice {
            once: sep == ':',
            glyphs: weighted_glyphs(value)?,
        },
    }))
}

/// The segments up to the first unreadable one; that one's problem is
/// recorded, and the step still runs (its shuffle draws as the game's does).
fn nsubst(
    item: &str,
    sel: Option<Selector>,
    problems: &mut Vec<(Span, String)>,
    span: Span,
) -> Result<Option<Step>, String> {
    let (key, _, value) = sel.ok_or_else(|| malformed(item))?;
    let mut segments = Vec::new();
    for NsubstSegment { count, sep, repl } in nsubst_segments(value) {
        match weighted_glyphs(repl) {
            Ok(glyphs) => segments.push(Segment {
                count,
                choice: Choice {
                    once: sep == ':',
                    glyphs,
                },
            }),
            Err(e) => {
                problems.push((span, format!("Bad NSUBST spec: {item} ({e})")));
                break;
            }
        }
    }
    Ok(Some(Step::Nsubst {
        keys: GlyphSet::of(key.as_bytes()),
        segments,
    }))
}

fn shuffle(item: &str) -> Result<Option<Step>, String> {
    let spec: Vec<u8> = item
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .into_bytes();
    let segs: Vec<Vec<u8>> = spec.split(|&b| b == b'/').map(<[u8]>::to_vec).collect();
    if segs.iter().any(|s| s.len() != segs[0].len()) {
        return Err("block shuffle segment length mismatch".into());
    }
    Ok(Some(match <[Vec<u8>; 1]>::try_from(segs) {
        Ok([set]) => Step::ShuffleSet(set),
        Err(segs) => Step::ShuffleBlocks(segs),
    }))
}

/// `MARKER: G = …` with a one-glyph key; other forms place nothing here.
fn marker((key, _, _): Selector) -> Option<Step> {
    match key.as_bytes() {
        [g] => Some(Step::Marker(*g)),
        _ => None,
    }
}

fn apply_nsubst<C: GlyphCell>(
    cells: &mut [C],
    rng: &mut Rng,
    keys: GlyphSet,
    segments: &[Segment],
    by: Span,
) {
    let mut at: Vec<usize> = (0..cells.len())
        .filter(|&i| keys.has(cells[i].glyph()))
        .collect();
    shuffle_slice(rng, &mut at);
    let mut next = 0;
    for Segment { count, choice } in segments {
        let once = choice.once.then(|| pick(rng, &choice.glyphs));
        let take = count.unwrap_or(usize::MAX).min(at.len() - next);
        for &i in &at[next..next + take] {
            cells[i].rewrite(once.unwrap_or_else(|| pick(rng, &choice.glyphs)), by);
        }
        next += take;
    }
}

pub(crate) fn pick(rng: &mut Rng, choices: &[(u8, u32)]) -> u8 {
    // Summed in 64 bits: weights come from the source and many large ones
    // would overflow 32. A total of one or none draws nothing, as
    // `Rng::range` over an empty span does, so seeds stay as they were.
    let total: u64 = choices.iter().map(|&(_, w)| u64::from(w)).sum();
    let mut r = if total <= 1 {
        0
    } else {
        rng.next_u64() % total
    };
    for &(g, w) in choices {
        let w = u64::from(w);
        if r < w {
            return g;
        }
        r -= w;
    }
    choices.last().map(|c| c.0).unwrap_or(b'.')
}

fn shuffle_slice<T>(rng: &mut Rng, v: &mut [T]) {
    for i in (1..v.len()).rev() {
        let j = rng.range(0, i as i32) as usize;
        v.swap(i, j);
    }
}
