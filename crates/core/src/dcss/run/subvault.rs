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
//! own) gets a control byte of its own, keyed to that meaning by the
//! K-specs the drawing carries (`Event::Merged`).

use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

use piccolo::{CallbackReturn, Context, Error, Stack};

use super::index::{allows, pick_by_tag, GameIndex, IndexedMap};
use super::{expand, Event, Library, Limits, MapRun, PreparedMap, Shared};
use crate::dcss::ast::{Item, Kw, Vault};
use crate::dcss::{reader, spec};
use crate::lua::sandbox::value::int;
use crate::lua::sandbox::Native;
use crate::rng::Rng;

type Out<'gc> = Result<CallbackReturn<'gc>, Error<'gc>>;

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

/// How often crawl tries a map for one SUBVAULT before it gives up.
const MOST_TRIES: usize = 100;

/// The bytes that stand for merged cells: never a map glyph, a separator
/// or white space, so no later header or Lua of the parent names them.
/// First the control bytes (crawl's `SUBVAULT_GLYPH`, 1, is one), then
/// 0x80 to 0xBF: a K-spec keys each by the character of that number,
/// whose UTF-8 is 0xC2 and the byte itself (and 0xC2 is never one).
fn merged_bytes() -> impl Iterator<Item = u8> {
    (0x01..=0x08)
        .chain(0x0e..=0x1f)
        .chain([0x7f])
        .chain(0x80..=0xbf)
}

/// Whether `g` stands for a subvault's cell.
pub fn is_merged(g: u8) -> bool {
    matches!(g, 0x01..=0x08 | 0x0e..=0x1f | 0x7f | 0x80..=0xbf)
}

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
    let tag = chosen_tag(value, &mut run.rng)?;
    let mask = Arc::new(mask);
    let mut found_any = false;
    for _ in 0..MOST_TRIES {
        let Some((text, vault)) = chosen_map(run, &tag) else {
            break;
        };
        found_any = true;
        // A map that cannot fit is tried again: its Lua's steps count,
        // so a hundred heavy tries stop as one endless run would.
        if u64::try_from(run.meter.owed).unwrap_or(u64::MAX) > run.limits.steps {
            return Err(format!(
                "the maps tried for '{tag}' ran past the run's {} steps",
                run.limits.steps
            ));
        }
        match built_for(run, &text, vault, &mask)? {
            Some(built) => {
                merge(run, &built, (left, top), &mask, line);
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

/// One of the spec's tag lists (`tag1 tag2 w:20 / tag3`), by weight, as
/// crawl's `string_spec::get_property` picks.
fn chosen_tag(value: &str, rng: &mut Rng) -> Result<String, String> {
    let mut chosen = String::new();
    let mut total: i64 = 0;
    for choice in value.split('/') {
        let (tags, weight) = weighted(choice.trim())
            .ok_or_else(|| format!("Invalid weight specifier in \"{value}\""))?;
        total = total.saturating_add(weight);
        let top = i32::try_from(total - 1).unwrap_or(i32::MAX);
        if weight >= total || i64::from(rng.range(0, top)) < weight {
            chosen = tags;
        }
    }
    Ok(chosen.to_lowercase())
}

/// A choice's tags and its weight (`weight:N`, `w:N` or a `:N` suffix;
/// 10 without); none for a weight that is not a number above 0.
fn weighted(choice: &str) -> Option<(String, i64)> {
    let mut weight = None;
    let mut words = Vec::new();
    for word in choice.split_whitespace() {
        match word
            .strip_prefix("weight:")
            .or_else(|| word.strip_prefix("w:"))
        {
            Some(n) => weight = Some(n.parse::<i64>().ok().filter(|w| *w > 0)?),
            None => words.push(word),
        }
    }
    let mut tags = words.join(" ");
    if weight.is_none() {
        if let Some((t, n)) = tags.split_once(':') {
            weight = Some(n.trim().parse::<i64>().ok().filter(|w| *w > 0)?);
            tags = t.trim().to_string();
        }
    }
    Some((tags, weight.unwrap_or(10)))
}

/// A map carrying `tag`, allowed at the run's place and not merged into
/// this map already (`merge` says which may be again): this file's own maps and
/// the game's others, by weight. Gives its file's text and its place
/// among that file's maps.
fn chosen_map(run: &mut MapRun, tag: &str) -> Option<(Arc<str>, usize)> {
    let wanted: Vec<&str> = tag.split_whitespace().collect();
    let own = run.own.clone();
    let library = run.library.clone();
    let own_index = own.as_ref().map(|o| o.index());
    let own_names: HashSet<&str> = own_index
        .iter()
        .flat_map(|index| index.maps.iter().map(|m| m.name.as_str()))
        .collect();
    let game_index = library.as_ref().map(|l| l.index());
    let mut candidates: Vec<((Arc<str>, usize), &IndexedMap)> = Vec::new();
    let sources = [
        (own_index, own.as_ref().map(|o| o.text.as_str())),
        (game_index, None),
    ];
    for (index, own_text) in sources {
        let Some(index) = index else { continue };
        for (i, map) in index.maps.iter().enumerate() {
            let from_game = own_text.is_none();
            if from_game && own_names.contains(map.name.as_str()) {
                continue;
            }
            let used = run.merged_names.contains(&map.name);
            let allowed = map.depths.as_deref().is_none_or(|d| allows(d, &run.place));
            if used || !allowed || map.weight <= 0 {
                continue;
            }
            let text = match own_text {
                Some(text) => Some(text),
                None => library.as_ref().and_then(|l| l.vault_file(&map.file)),
            };
            let Some(text) = text else { continue };
            let learn = || lua_tags(text, map.vault, library.clone(), run.limits);
            if index.carries(i, &wanted, text, learn) {
                candidates.push(((text.into(), map.vault), map));
            }
        }
    }
    let place = run.place.clone();
    pick_by_tag(candidates, true, &place, &mut run.rng)
}

/// The tags map `vault` of `text` has once its Lua ran as crawl runs it
/// to make its index (`is_validating()` true, no SUBVAULT applied); none
/// when it stops (crawl then loads no such map).
fn lua_tags(
    text: &str,
    vault: usize,
    library: Option<Arc<Library>>,
    limits: Limits,
) -> Vec<String> {
    let file = reader::read(text, false);
    let Some(vault) = file.vaults.get(vault) else {
        return Vec::new();
    };
    let mut map = PreparedMap::new(text, &file, vault, library);
    map.validating = true;
    let outcome = super::resolve::nested(|| map.run(0, limits));
    let Some(outcome) = outcome.filter(|o| o.stop.is_none()) else {
        return Vec::new();
    };
    let built = expand::expanded(text, map.lines(), vault, &outcome);
    built.tags().into_iter().map(str::to_string).collect()
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
    let file = reader::read(text, false);
    let Some(vault) = file.vaults.get(vault) else {
        return Ok(None);
    };
    let seed = run.rng.next_u64();
    let library: Option<Arc<Library>> = run.library.clone();
    let mut map = PreparedMap::new(text, &file, vault, library);
    map.place = run.place.clone();
    map.svmask = Some(mask.clone());
    let Some(outcome) = super::resolve::nested(|| map.run(seed, run.limits)) else {
        return Err(format!(
            "the subvault `{}` would be built inside too many others",
            vault.name
        ));
    };
    run.meter.owed = run
        .meter
        .owed
        .saturating_add(usize::try_from(outcome.steps).unwrap_or(usize::MAX));
    if let Some(stop) = &outcome.stop {
        return Err(format!(
            "the subvault `{}` stopped: {}",
            vault.name, stop.message
        ));
    }
    let built = expand::expanded(text, map.lines(), vault, &outcome);
    let tags = built.tags();
    let tagged = |tag: &str| tags.contains(&tag);
    let mut rows = outcome.lines.clone();
    normalised(&mut rows);
    let Some(rows) = oriented(rows, mask, &tagged, &mut run.rng) else {
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
        .map(|g| (g, meaning(&built, g)))
        .collect();
    let again = tagged("allow_dup") && !tagged("luniq");
    Ok(Some(Built {
        name: vault.name.to_string(),
        again,
        rows,
        meanings,
    }))
}

/// Every row padded with space to the widest.
fn normalised(rows: &mut [Vec<u8>]) {
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    for row in rows {
        row.resize(width, b' ');
    }
}

fn size(rows: &[Vec<u8>]) -> (usize, usize) {
    (rows.first().map_or(0, Vec::len), rows.len())
}

/// The most a map may measure to be turned (crawl's `GMINM`).
const MOST_TURNED: usize = 70;

/// The rows turned and mirrored as crawl's `resolve_subvault` decides:
/// turned when they must be to fit (or on a coin when they may), then,
/// when they fit exactly, mirrored the way that leaves the fewest of
/// their cells outside the mask; none when they cannot fit.
fn oriented(
    mut rows: Vec<Vec<u8>>,
    mask: &Mask,
    refuses: &dyn Fn(&str) -> bool,
    rng: &mut Rng,
) -> Option<Vec<Vec<u8>>> {
    let (w, h) = (mask.width, mask.height);
    let coin = |rng: &mut Rng| rng.range(0, 1) == 1;
    let (mw, mh) = size(&rows);
    let can_rotate = mw <= h && mh <= w && !refuses("no_rotate");
    let must_rotate = mw > w || mh > h;
    if must_rotate && !can_rotate {
        return None;
    }
    if must_rotate || (can_rotate && coin(rng)) {
        let clockwise = coin(rng);
        if mw <= MOST_TURNED && mh <= MOST_TURNED {
            rows = turned(&rows, clockwise);
        }
    }
    let hmirror = |rows: &mut Vec<Vec<u8>>| {
        if !refuses("no_hmirror") {
            rows.iter_mut().for_each(|r| r.reverse());
        }
    };
    let vmirror = |rows: &mut Vec<Vec<u8>>| {
        if !refuses("no_vmirror") {
            rows.reverse();
        }
    };
    let (mw, mh) = size(&rows);
    if (mw, mh) != (w, h) {
        if coin(rng) {
            hmirror(&mut rows);
        }
        if coin(rng) {
            vmirror(&mut rows);
        }
        return (mw <= w && mh <= h).then_some(rows);
    }
    if w == 1 && h == 1 {
        return Some(rows);
    }
    let (can_h, can_v) = (!refuses("no_hmirror"), !refuses("no_vmirror"));
    // As crawl counts: as they are, mirrored across, then also upside
    // down, then only upside down.
    let mut mismatch = [0; 4];
    mismatch[0] = outside(&rows, mask);
    hmirror(&mut rows);
    mismatch[1] = outside(&rows, mask);
    vmirror(&mut rows);
    mismatch[2] = outside(&rows, mask);
    hmirror(&mut rows);
    mismatch[3] = outside(&rows, mask);
    let mut least = mismatch[0];
    if can_h {
        least = least.min(mismatch[1]);
    }
    if can_h && can_v {
        least = least.min(mismatch[2]);
    }
    if can_v {
        least = least.min(mismatch[3]);
    }
    // crawl then counts both upside-down ways whatever the tags say.
    least = least.min(mismatch[2]);
    if can_v {
        least = least.min(mismatch[3]);
    }
    let start = usize::try_from(rng.range(0, 3)).unwrap_or(0);
    let way = (0..4)
        .map(|i| (start + i) % 4)
        .find(|&i| mismatch[i] == least)
        .unwrap_or(3);
    // The rows are upside down now (way 3).
    match way {
        0 => vmirror(&mut rows),
        1 => {
            vmirror(&mut rows);
            hmirror(&mut rows);
        }
        2 => hmirror(&mut rows),
        _ => {}
    }
    Some(rows)
}

/// How many of the rows' cells fall outside the mask (at its top left).
fn outside(rows: &[Vec<u8>], mask: &Mask) -> usize {
    rows.iter()
        .enumerate()
        .flat_map(|(y, row)| row.iter().enumerate().map(move |(x, g)| (x, y, *g)))
        .filter(|&(x, y, g)| g != b' ' && !mask.at(x, y))
        .count()
}

/// The rows turned a quarter, clockwise or not (crawl's
/// `map_lines::rotate`).
fn turned(rows: &[Vec<u8>], clockwise: bool) -> Vec<Vec<u8>> {
    let (w, h) = size(rows);
    (0..w)
        .map(|x| {
            (0..h)
                .map(|y| {
                    let (sx, sy) = if clockwise {
                        (x, h - 1 - y)
                    } else {
                        (w - 1 - x, y)
                    };
                    rows.get(sy)
                        .and_then(|r| r.get(sx))
                        .copied()
                        .unwrap_or(b' ')
                })
                .collect()
        })
        .collect()
}

/// What glyph `g` of a built map means, as the K-specs that draw it: its
/// last KFEAT, KMONS and KITEM; else its MONS or ITEM slot on floor; else
/// the glyph itself (`KFEAT: k = g`, which the game reads as the glyph).
fn meaning(vault: &Vault, g: u8) -> Vec<(Kw, String)> {
    let last = |kw: Kw| {
        vault
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Directive(d) if d.kw == kw => Some(d),
                _ => None,
            })
            .flat_map(|d| d.selectors().filter_map(|(_, sel)| sel))
            .filter(|(key, _, _)| key.bytes().any(|k| k == g))
            .last()
            .map(|(_, _, value)| (kw, value.to_string()))
    };
    let keyed: Vec<(Kw, String)> = [Kw::Kfeat, Kw::Kmons, Kw::Kitem]
        .into_iter()
        .filter_map(last)
        .collect();
    if !keyed.is_empty() {
        return keyed;
    }
    let slot = |keyword: &str, first: u8| {
        vault
            .directives(keyword)
            .flat_map(|d| d.args.iter())
            .nth(usize::from(g - first))
            .map(|(s, _)| s.to_string())
    };
    let floor = || (Kw::Kfeat, ".".to_string());
    match g {
        b'1'..=b'7' => {
            let monster = slot("MONS", b'1').unwrap_or_else(|| "random".into());
            vec![floor(), (Kw::Kmons, monster)]
        }
        b'd'..=b'k' => match slot("ITEM", b'd') {
            Some(item) => vec![floor(), (Kw::Kitem, item)],
            None => vec![(Kw::Kfeat, (g as char).to_string())],
        },
        _ => vec![(Kw::Kfeat, (g as char).to_string())],
    }
}

/// The built map merged into the run's map: at a random offset inside
/// the box at `at`, each of its cells under the mask becoming the byte
/// that stands for its meaning (crawl's `map_lines::merge_subvault`).
fn merge(run: &mut MapRun, built: &Built, at: (usize, usize), mask: &Mask, line: u32) {
    let (bw, bh) = size(&built.rows);
    let spare = |room: usize, used: usize| i32::try_from(room.saturating_sub(used)).unwrap_or(0);
    let ox = usize::try_from(run.rng.range(0, spare(mask.width, bw))).unwrap_or(0);
    let oy = usize::try_from(run.rng.range(0, spare(mask.height, bh))).unwrap_or(0);
    let mut bytes: Vec<(u8, u8)> = Vec::new();
    for (g, specs) in &built.meanings {
        let byte = merged_byte(run, specs, line).unwrap_or(*g);
        bytes.push((*g, byte));
    }
    for (y, row) in built.rows.iter().enumerate() {
        for (x, g) in row.iter().enumerate().filter(|(_, g)| **g != b' ') {
            let (mx, my) = (x + ox, y + oy);
            if !mask.at(mx, my) {
                continue;
            }
            let byte = bytes.iter().find(|(k, _)| k == g).map_or(*g, |(_, b)| *b);
            let (lx, ly) = (at.0 + mx, at.1 + my);
            if let Some(cell) = run.lines.get_mut(ly).and_then(|r| r.get_mut(lx)) {
                *cell = byte;
            }
        }
    }
    // crawl's `_register_subvault`.
    if !built.again {
        run.merged_names.push(built.name.clone());
    }
}

/// The byte standing for a meaning in this run: the one it already has,
/// else the next free one, keyed by its K-specs. When every byte is taken
/// (a sprint's whole-level map merges a hundred kinds of cell), the byte
/// of a meaning with the same terrain, else any: the cell keeps standing
/// apart from the parent's glyphs, and the view says it may be drawn as
/// another. None only before any byte was given.
fn merged_byte(run: &mut MapRun, specs: &[(Kw, String)], line: u32) -> Option<u8> {
    if let Some((_, b)) = run.merged_keys.iter().find(|(s, _)| s == specs) {
        return Some(*b);
    }
    let Some(byte) = merged_bytes().nth(run.merged_keys.len()) else {
        let note = "SUBVAULT cells".to_string();
        if !run.unmodelled.contains(&note) {
            run.unmodelled.push(note);
        }
        let terrain = |s: &[(Kw, String)]| s.iter().find(|(kw, _)| *kw == Kw::Kfeat).cloned();
        let alike = run
            .merged_keys
            .iter()
            .find(|(s, _)| terrain(s) == terrain(specs));
        return alike.or(run.merged_keys.first()).map(|(_, b)| *b);
    };
    run.merged_keys.push((specs.to_vec(), byte));
    for (kw, value) in specs {
        run.events.push(Event::Merged {
            kw: *kw,
            text: format!("{} = {value}", char::from(byte)),
            line,
        });
    }
    Some(byte)
}

/// `dgn.is_validating(map)`: whether the map runs as crawl runs it to
/// make its index.
pub fn is_validating<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let validating = shared.borrow().validating;
    stack.replace(ctx, validating);
    Ok(CallbackReturn::Return)
}

/// `dgn.is_subvault(map)`: whether the map is being built as a subvault.
pub fn is_subvault<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let is = shared.borrow().svmask.is_some();
    stack.replace(ctx, is);
    Ok(CallbackReturn::Return)
}

/// `dgn.subvault_size(map)`: the mask's width and height (0, 0 for a map
/// placed on its own).
pub fn subvault_size<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let (w, h) = shared
        .borrow()
        .svmask
        .as_ref()
        .map_or((0, 0), |m| (m.width, m.height));
    stack.replace(ctx, (w as i64, h as i64));
    Ok(CallbackReturn::Return)
}

/// `dgn.subvault_cell_valid(map, x, y)`: whether the mask holds the cell.
pub fn subvault_cell_valid<'gc>(
    shared: &Shared,
    ctx: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let at = |i: usize| int(stack.get(i)).and_then(|v| usize::try_from(v).ok());
    let (x, y) = (at(1), at(2));
    let valid = {
        let run = shared.borrow();
        run.svmask
            .as_ref()
            .zip(x.zip(y))
            .is_some_and(|(m, (x, y))| m.at(x, y))
    };
    stack.replace(ctx, valid);
    Ok(CallbackReturn::Return)
}

/// `dgn.default_subvault_glyphs(map)`: the map becomes the mask's shape,
/// floor where the mask holds and space elsewhere (crawl's
/// `apply_subvault_mask`); a map placed on its own is left as it is.
pub fn default_subvault_glyphs<'gc>(
    shared: &Shared,
    _: Context<'gc>,
    stack: &mut Stack<'gc, '_>,
) -> Out<'gc> {
    let mut run = shared.borrow_mut();
    if let Some(mask) = run.svmask.clone() {
        run.lines = (0..mask.height)
            .map(|y| {
                (0..mask.width)
                    .map(|x| if mask.at(x, y) { b'.' } else { b' ' })
                    .collect()
            })
            .collect();
    }
    drop(run);
    stack.clear();
    Ok(CallbackReturn::Return)
}

/// The natives `env` binds into `dgn`.
pub const FUNCTIONS: [(&str, Native<MapRun>); 5] = [
    ("is_validating", is_validating),
    ("is_subvault", is_subvault),
    ("subvault_size", subvault_size),
    ("subvault_cell_valid", subvault_cell_valid),
    ("default_subvault_glyphs", default_subvault_glyphs),
];
