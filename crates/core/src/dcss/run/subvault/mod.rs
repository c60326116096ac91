//! `SUBVAULT: A : tag` (`subvault("A : tag")`) as crawl's
//! `map_def::apply_subvault` (mapdef.cc) applies it, at once, on the map
//! as it stands: the cells holding the key glyphs make a mask inside
//! their bounding box; a map carrying the tag is chosen (this file's own
//! maps first, then the game's index), built knowing the mask
//! (`is_subvault`, `subvault_size`, `default_subvault_glyphs`), turned
//! and mirrored as `resolve_subvault` (maps.cc) decides, and merged at a
//! random offset inside the box, under the mask.
//!
//! crawl turns each merged cell into one glyph (`SUBVAULT_GLYPH`) with
//! the subvault's own meaning of it, so the parent's later transforms
//! and K-specs cannot touch it. Here each meaning (the subvault's KFEAT,
//! KMONS and KITEM of the glyph, its MONS or ITEM slot, or the glyph's
//! own) gets a byte of its own (`merge`), keyed to that meaning by the
//! K-specs the drawing carries (`Event::Merged`). The maps are read and
//! prepared once per thread (`prepared`); which one is placed is
//! `choose`'s, how it is turned `orient`'s.

mod choose;
mod merge;
mod natives;
mod orient;
mod prepared;

use std::sync::{Arc, OnceLock};

use super::index::GameIndex;
use super::MapRun;
use crate::dcss::ast::Kw;
use crate::dcss::spec;

pub use merge::is_merged;
pub use natives::FUNCTIONS;

/// The cells of a subvault's bounding box that its key glyphs hold.
#[derive(Clone, Debug, PartialEq)]
pub struct Mask {
    pub width: usize,
    pub height: usize,
    cells: Vec<bool>,
}

impl Mask {
    /// Whether `(x, y)` of the box is the subvault's to fill.
    pub fn at(&self, x: usize, y: usize) -> bool {
        x < self.width && self.cells.get(y * self.width + x).copied().unwrap_or(false)
    }
}

/// The file being drawn, whose own maps a SUBVAULT's tag finds first
/// (an author's subvaults live beside the vault that places them).
pub struct OwnFile {
    text: String,
    index: OnceLock<GameIndex>,
}

impl OwnFile {
    pub fn new(text: &str) -> OwnFile {
        OwnFile {
            text: text.to_string(),
            index: OnceLock::new(),
        }
    }

    fn index(&self) -> &GameIndex {
        self.index
            .get_or_init(|| GameIndex::new([(OWN_FILE, self.text.as_str())]))
    }
}

/// The path the file being drawn has among the maps a tag chooses from.
const OWN_FILE: &str = "";

/// How a SUBVAULT stops that the runner, not crawl, ends: the tries of
/// one tag past the run's step budget, and a map built inside too many
/// others (`lua_stop` makes no finding of either).
pub const TRIES_PAST_BUDGET: &str = "the maps tried for";
pub const NESTED_TOO_DEEP: &str = "would be built inside too many others";

/// How often crawl tries a map for one SUBVAULT before it gives up.
const MOST_TRIES: usize = 100;

/// The map a SUBVAULT chose, built for the mask and oriented to fit it.
struct Built {
    name: String,
    /// Whether it may be merged again (its tags, Lua's included, allow
    /// duplicates and do not make it unique to the level).
    again: bool,
    rows: Vec<Vec<u8>>,
    /// What each glyph of it means: the K-specs it is drawn by.
    meanings: Vec<(u8, Vec<(Kw, String)>)>,
}

/// One SUBVAULT spec (`A : tag1 tag2 / tag3`) applied to the run's map at
/// once, as the header or the call at `line` runs; an error is crawl's.
pub fn apply(run: &mut MapRun, spec_text: &str, line: u32) -> Result<(), String> {
    let spec_text = spec_text.trim();
    // crawl reads the spec when it makes its index, and merges nothing.
    if spec_text.is_empty() || run.validating {
        return Ok(());
    }
    let (key, sep, value) = spec::split_selector(spec_text)
        .ok_or_else(|| format!("Invalid SUBVAULT spec: \"{spec_text}\""))?;
    if sep != ':' {
        return Err("SUBVAULT does not support '='. Use ':' instead.".into());
    }
    let Some(((left, top), mask)) = mask_of(&run.lines, key.as_bytes()) else {
        // No cell holds its glyphs: nothing to do.
        return Ok(());
    };
    let tag = choose::chosen_tag(value, &mut run.rng)?;
    let mask = Arc::new(mask);
    let mut found_any = false;
    for _ in 0..MOST_TRIES {
        let Some((text, vault)) = choose::chosen_map(run, &tag) else {
            break;
        };
        found_any = true;
        // A map that cannot fit is tried again: its Lua's steps count,
        // so a hundred heavy tries stop as one endless run would.
        if u64::try_from(run.meter.owed).unwrap_or(u64::MAX) > run.limits.steps {
            return Err(format!(
                "{TRIES_PAST_BUDGET} '{tag}' ran past the run's {} steps",
                run.limits.steps
            ));
        }
        match built_for(run, &text, vault, &mask)? {
            Some(built) => {
                merge::merge(run, &built, (left, top), &mask, line);
                return Ok(());
            }
            None => continue,
        }
    }
    if found_any {
        let (right, bottom) = (left + mask.width - 1, top + mask.height - 1);
        return Err(format!(
            "Could not fit '{tag}' in ({left},{top}) to ({right}, {bottom})."
        ));
    }
    if run.library.as_ref().is_some_and(|l| l.has_game_vaults()) {
        return Err(format!("No vault found for tag '{tag}'"));
    }
    // Without the game's maps the drawing cannot tell: the glyphs stay.
    let note = "SUBVAULT".to_string();
    if !run.unmodelled.contains(&note) {
        run.unmodelled.push(note);
    }
    Ok(())
}

/// The box the key glyphs span, from its top left, and which of its
/// cells hold them; none when no cell does.
fn mask_of(lines: &[Vec<u8>], keys: &[u8]) -> Option<((usize, usize), Mask)> {
    let held = |g: u8| keys.contains(&g);
    let mut bounds: Option<(usize, usize, usize, usize)> = None;
    for (y, row) in lines.iter().enumerate() {
        for (x, _) in row.iter().enumerate().filter(|(_, g)| held(**g)) {
            let (l, t, r, b) = bounds.unwrap_or((x, y, x, y));
            bounds = Some((l.min(x), t.min(y), r.max(x), b.max(y)));
        }
    }
    let (left, top, right, bottom) = bounds?;
    let (width, height) = (right - left + 1, bottom - top + 1);
    let mut cells = Vec::with_capacity(width * height);
    for y in top..=bottom {
        for x in left..=right {
            let g = lines.get(y).and_then(|row| row.get(x)).copied();
            cells.push(g.is_some_and(held));
        }
    }
    Some((
        (left, top),
        Mask {
            width,
            height,
            cells,
        },
    ))
}

/// Map `vault` of `text` built as a subvault for `mask`, turned and
/// mirrored to fit it; none when it cannot fit (crawl tries another).
/// A map whose Lua stops ends the SUBVAULT, as crawl's fatal Lua error
/// does.
fn built_for(
    run: &mut MapRun,
    text: &str,
    vault: usize,
    mask: &Arc<Mask>,
) -> Result<Option<Built>, String> {
    let Some(prepared) = prepared::prepared(text, vault, &run.library) else {
        return Ok(None);
    };
    let seed = run.rng.next_u64();
    let mut map = prepared.map.clone();
    map.place = run.place.clone();
    map.svmask = Some(mask.clone());
    let Some(outcome) = super::resolve::nested(|| map.run(seed, run.limits)) else {
        return Err(format!(
            "the subvault `{}` {NESTED_TOO_DEEP}",
            prepared.name
        ));
    };
    run.meter.owed = run
        .meter
        .owed
        .saturating_add(usize::try_from(outcome.steps).unwrap_or(usize::MAX));
    if let Some(stop) = &outcome.stop {
        return Err(format!(
            "the subvault `{}` stopped: {}",
            prepared.name, stop.message
        ));
    }
    let directives = prepared.directives(&outcome);
    let tags = prepared::tags(&directives);
    let tagged = |tag: &str| tags.iter().any(|t| t == tag);
    let mut rows = outcome.lines;
    orient::normalised(&mut rows);
    let Some(rows) = orient::oriented(rows, mask, &tagged, &mut run.rng) else {
        return Ok(None);
    };
    let mut glyphs: Vec<u8> = rows
        .iter()
        .flatten()
        .copied()
        .filter(|g| *g != b' ')
        .collect();
    glyphs.sort_unstable();
    glyphs.dedup();
    let meanings = glyphs
        .into_iter()
        .map(|g| (g, merge::meaning(&directives, g)))
        .collect();
    Ok(Some(Built {
        name: prepared.name.clone(),
        again: tagged("allow_dup") && !tagged("luniq"),
        rows,
        meanings,
    }))
}
