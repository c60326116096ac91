//! Checks over many seeded realisations of a vault (its Lua never run):
//! walkable cells its transforms can cut off from where the level joins
//! it (what crawl's reviewers ask of every SUBST/NSUBST/SHUFFLE), and
//! markers whose glyph is gone by the time their line runs.
//!
//! Seeds are 1..=N, the studio's seeds: the example seed a finding gives
//! can be typed into the studio to see it.
//!
//! How a realisation is walked (also the intro of the DCSS codes in
//! `docs/diagnostics.md`): every vault is realised with seeds 1..=N through
//! the typed transform steps of `plan`, Lua never run. The level joins a
//! vault at its `@`, `+`, `=` on an open edge (ORIENT decides which sides are
//! open), or, without those, at every walkable edge cell; a minivault is set
//! into the floor and joined at every walkable edge cell; stone stairs join
//! other levels; an `encompass` map without stairs is entered in its largest
//! region. KMONS and KITEM keys are floor; a KFEAT key takes its most
//! passable alternative, so a random pick never produces a claim. A vault
//! whose Lua calls anything that can change the map (anything but the header
//! functions, specs, markers and the pure libraries), or whose transforms sit
//! under a Lua condition, gets "checked without Lua" in each of these
//! findings. Random steps whose glyphs all walk alike and that no later step
//! reads are walked once.

use super::lua_calls::first_map_changing_call;
use super::plan::{Plan, Step};
use super::reach::{walkable, Class, Fill, Joined, Openings, Terrain};
use super::realize::RNG_SALT;
use super::Vault;
use crate::rng::Rng;
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::Span;

/// Walkable cells cut off from the vault's entrances in some seeds.
pub const CUT_OFF: &str = "DC0400";
/// Walkable cells cut off in every seed: usually by design (a closet
/// behind glass, a treasure to dig to), so a note.
pub const NEVER_REACHED: &str = "DC0401";
/// A vault with walkable cells where the level cannot join it.
pub const NO_ENTRANCE: &str = "DC0402";
/// A marker whose glyph no cell holds when its line runs.
pub const MARKER_NOWHERE: &str = "DC0312";
pub const DEFAULT_SEEDS: u32 = 32;

/// Maps larger than this many cells are not realised by the hundred (the
/// game refuses far smaller ones; DC0102 says so).
const LARGEST_CHECKED: usize = 4 * super::LEVEL_WIDTH * 4 * super::LEVEL_HEIGHT;

/// Cell rewrites a vault's seeds may cost in all (the corpus's largest
/// vault needs about 2 million for 32 seeds).
const WORK_PER_VAULT: usize = 64_000_000;

/// What the seeds showed, per cell and per marker.
struct Tally {
    runs: u32,
    /// Whether seeds can differ in what the walk sees (otherwise one seed
    /// stands for all).
    random: bool,
    /// Seeds in which the cell was walkable / walkable and cut off.
    walkable: Vec<u32>,
    cut: Vec<u32>,
    /// Each seed with a cut-off cell, and those cells.
    cut_in: Vec<(u64, Vec<usize>)>,
    /// Seeds in which the vault has walkable cells but no entrance.
    no_entrance: Seen,
    /// Per plan step: seeds in which a marker step found no cell.
    marker_misses: Vec<Seen>,
}

/// How many seeds showed something, and the first that did.
#[derive(Clone, Copy, Debug, Default)]
struct Seen {
    seeds: u32,
    first: u64,
}

impl Seen {
    fn add(&mut self, seed: u64) {
        if self.seeds == 0 {
            self.first = seed;
        }
        self.seeds += 1;
    }

    /// "in 3 of 32 seeds (first: seed 5)", or "in every seed".
    fn words(self, t: &Tally) -> String {
        if self.seeds == t.runs {
            in_seeds(self.seeds, t)
        } else {
            format!("{} (first: seed {})", in_seeds(self.seeds, t), self.first)
        }
    }
}

/// How many of the asked seeds a vault whose one realisation costs `work`
/// cell rewrites walks: a vault of thousands of transforms over a huge
/// map walks fewer rather than for minutes (its findings count those).
fn seeds_to_walk(work: usize, asked: u32) -> u32 {
    let affordable = WORK_PER_VAULT / work.max(1);
    asked.min(u32::try_from(affordable).unwrap_or(u32::MAX).max(1))
}

/// What one class grid showed.
#[derive(Clone)]
enum Cut {
    Cells(Vec<usize>),
    /// Nothing to say (`no_exits`, nothing walkable).
    Nothing,
    NoEntrance,
}

fn tally(plan: &Plan, base: &[u8], w: usize, t: &Terrain, o: &Openings, runs: u32) -> Tally {
    let mut out = Tally {
        runs,
        random: runs > 1,
        walkable: vec![0; base.len()],
        cut: vec![0; base.len()],
        cut_in: Vec::new(),
        no_entrance: Seen::default(),
        marker_misses: vec![Seen::default(); plan.steps.len()],
    };
    let mut grid = base.to_vec();
    let mut cls: Vec<Class> = vec![0; base.len()];
    let mut fill = Fill::default();
    // Class grids already walked, with their cut-off cells: seeds often
    // differ in monsters and items only.
    let mut walked: Vec<(Vec<Class>, Cut)> = Vec::new();
    for seed in 1..=u64::from(runs) {
        grid.copy_from_slice(base);
        let mut rng = Rng::new(seed ^ RNG_SALT);
        let misses = &mut out.marker_misses;
        plan.apply(&mut grid, &mut rng, |step, found| {
            if found == 0 {
                misses[step].add(seed);
            }
        });
        for (c, &g) in cls.iter_mut().zip(&grid) {
            *c = t.class(g);
        }
        let cut = match walked.iter().find(|(k, _)| *k == cls) {
            Some((_, cut)) => cut.clone(),
            None => {
                let cut = match fill.run(&cls, w, o) {
                    Joined::Never => Cut::Nothing,
                    Joined::Sealed if !cls.iter().any(|&c| walkable(c)) => Cut::Nothing,
                    // Against a level edge, open only where nothing is.
                    Joined::Sealed if o.against_edge() => Cut::NoEntrance,
                    // Islands and sealed boxes: cut off as a whole.
                    _ => Cut::Cells(
                        (0..cls.len())
                            .filter(|&i| walkable(cls[i]) && !fill.reached(i))
                            .collect(),
                    ),
                };
                walked.push((cls.clone(), cut.clone()));
                cut
            }
        };
        let cut = match cut {
            Cut::Cells(cut) => cut,
            Cut::Nothing => continue,
            Cut::NoEntrance => {
                out.no_entrance.add(seed);
                continue;
            }
        };
        for (n, &c) in out.walkable.iter_mut().zip(&cls) {
            *n += u32::from(walkable(c));
        }
        for &i in &cut {
            out.cut[i] += 1;
        }
        if !cut.is_empty() {
            out.cut_in.push((seed, cut));
        }
    }
    out
}

/// Runs the seeded checks of one vault over `seeds` seeds (none when 0).
pub fn check(v: &Vault, seeds: u32, diags: &mut Vec<Diagnostic>) {
    let (w, h) = v.size();
    if seeds == 0 || w == 0 || w * h > LARGEST_CHECKED {
        return;
    }
    let (rows, spans) = v.grid();
    let base = rows.concat();
    let plan = Plan::new(v);
    let terrain = Terrain::of(v);
    let random = plan.is_random_in(|g| terrain.class(g));
    let runs = if random {
        seeds_to_walk(plan.work(base.len()), seeds)
    } else {
        1
    };
    let mut t = tally(&plan, &base, w, &terrain, &Openings::of(v), runs);
    t.random = random;
    let at = |i: usize| cell_span(&spans, &rows, i % w, i / w).unwrap_or(v.name_span);
    let mut found = Vec::new();
    let walled_by =
        |seed: u64, cells: &[usize]| walls_written_by(v, &plan, &base, w, &terrain, seed, cells);
    cut_off_cells(&t, w, &at, &walled_by, &mut found);
    no_entrance(v, &t, &mut found);
    markers_nowhere(&plan, &base, &t, &mut found);
    let without_lua = if found.is_empty() {
        None
    } else {
        without_lua(v, &plan)
    };
    for mut d in found {
        if let Some(why) = &without_lua {
            d.message
                .push_str(&format!(" (checked without Lua: {why})"));
        }
        diags.push(d);
    }
}

/// Why the realisations may not be the game's: Lua that can change the
/// map, or transforms under a Lua condition.
fn without_lua(v: &Vault, plan: &Plan) -> Option<String> {
    if let Some((call, _)) = first_map_changing_call(v) {
        return Some(format!("its Lua calls `{call}`, which can change the map"));
    }
    match plan.skipped.len() {
        0 => None,
        n => Some(format!(
            "{n} transform(s) under a Lua condition not applied"
        )),
    }
}

/// The source span of MAP cell `(x, y)`, when it is written there.
/// The source span of MAP cell `(x, y)`, when it is written there: the
/// whole character holding that byte (a cell of a character of several
/// bytes is one of them, as the game reads the row).
fn cell_span(spans: &[Span], rows: &[Vec<u8>], x: usize, y: usize) -> Option<Span> {
    let (span, row) = (spans.get(y)?, rows.get(y)?);
    if x >= span.len() {
        return None;
    }
    let continuation = |i: usize| row.get(i).is_some_and(|b| b & 0xc0 == 0x80);
    let start = (0..=x).rev().find(|&i| !continuation(i)).unwrap_or(0);
    let end = (x + 1..=span.len())
        .find(|&i| !continuation(i))
        .unwrap_or(span.len());
    let at = span.start as usize;
    Some(Span::new(at + start, at + end))
}

fn cells_words(cells: &[usize], w: usize) -> String {
    const SHOWN: usize = 6;
    let mut s: Vec<String> = cells
        .iter()
        .take(SHOWN)
        .map(|i| format!("({},{})", i % w, i / w))
        .collect();
    if cells.len() > SHOWN {
        s.push(format!("and {} more", cells.len() - SHOWN));
    }
    s.join(", ")
}

fn cells_count(n: usize) -> String {
    if n == 1 {
        "1 walkable cell is".to_string()
    } else {
        format!("{n} walkable cells are")
    }
}

fn in_seeds(k: u32, t: &Tally) -> String {
    if !t.random {
        "in every seed".to_string()
    } else if k == t.runs {
        format!("in all {} seeds", t.runs)
    } else {
        format!("in {k} of {} seeds", t.runs)
    }
}

fn cut_off_cells(
    t: &Tally,
    w: usize,
    at: &dyn Fn(usize) -> Span,
    walled_by: &dyn Fn(u64, &[usize]) -> Option<String>,
    out: &mut Vec<Diagnostic>,
) {
    // Cells cut off whenever they are walkable are the vault's design;
    // those reachable in other seeds are what a transform cut off.
    let sometimes = |i: usize| t.cut[i] < t.walkable[i];
    let mut seeds = t
        .cut_in
        .iter()
        .filter(|(_, cells)| cells.iter().any(|&i| sometimes(i)));
    if let Some((seed, cells)) = seeds.next() {
        let k = 1 + seeds.count() as u32;
        let shown: Vec<usize> = cells.iter().copied().filter(|&i| sometimes(i)).collect();
        let mut d = Diagnostic::warning(
            CUT_OFF,
            format!(
                "the transforms can cut walkable cells off from the vault's entrances ({}); seed {seed} cuts off {}",
                in_seeds(k, t),
                cells_words(&shown, w)
            ),
            shown.first().map_or(Span::new(0, 0), |&i| at(i)),
        )
        .with_note(
            "a player cannot walk there in those seeds (crawl's reviewers reject such pockets); set the seed in the studio to see them shaded",
        );
        if let Some(by) = walled_by(*seed, &shown) {
            d.notes.push(by);
        }
        out.push(d);
    }
    let always: Vec<usize> = (0..t.cut.len())
        .filter(|&i| t.cut[i] > 0 && !sometimes(i))
        .collect();
    if !always.is_empty() {
        out.push(Diagnostic::note_at(
            NEVER_REACHED,
            format!(
                "{} never reachable from the vault's entrances: {}",
                cells_count(always.len()),
                cells_words(&always, w)
            ),
            at(always[0]),
        ));
    }
}

fn no_entrance(v: &Vault, t: &Tally, out: &mut Vec<Diagnostic>) {
    if t.no_entrance.seeds == 0 {
        return;
    }
    let where_ = format!(
        "no walkable cell lies on the side(s) ORIENT: {} leaves open to the level",
        v.first_arg("ORIENT").unwrap_or("")
    );
    let when = t.no_entrance.words(t);
    out.push(
        Diagnostic::warning(
            NO_ENTRANCE,
            format!("the level cannot join this vault {when}: {where_}"),
            v.name_span,
        )
        .with_note("tag it `no_exits` if the vault is meant to be entered another way"),
    );
}

fn markers_nowhere(plan: &Plan, base: &[u8], t: &Tally, out: &mut Vec<Diagnostic>) {
    for (i, (span, step)) in plan.steps.iter().enumerate() {
        let Step::Marker(g) = step else { continue };
        let misses = t.marker_misses[i];
        if misses.seeds == 0 {
            continue;
        }
        let glyph = char::from(*g);
        let why = match consumer(plan, i, *g) {
            _ if !base.contains(g) && misses.seeds == t.runs => {
                format!("the map has no `{glyph}`")
            }
            _ if !base.contains(g) => {
                format!("only a random transform writes `{glyph}`, and in those seeds none did")
            }
            Some(kw) => format!("a {kw} before it replaces `{glyph}`"),
            None => format!("no `{glyph}` is left when it runs"),
        };
        let when = misses.words(t);
        out.push(
            Diagnostic::warning(
                MARKER_NOWHERE,
                format!("this marker is placed nowhere {when}: {why}"),
                *span,
            )
            .with_note("the game places a marker at the cells holding its glyph when its line runs, and silently places none when there are none"),
        );
    }
}

/// The keyword of the last transform before step `before` that rewrites `g`.
fn consumer(plan: &Plan, before: usize, g: u8) -> Option<&'static str> {
    plan.steps[..before]
        .iter()
        .rev()
        .find_map(|(_, s)| match s {
            Step::Subst { keys, .. } if keys.has(g) => Some("SUBST"),
            Step::Nsubst { keys, .. } if keys.has(g) => Some("NSUBST"),
            Step::Clear(keys) if keys.has(g) => Some("CLEAR"),
            Step::ShuffleSet(set) if set.contains(&g) => Some("SHUFFLE"),
            Step::ShuffleBlocks(b) if b.iter().any(|s| s.contains(&g)) => Some("SHUFFLE"),
            _ => None,
        })
}

/// A cell as realised for naming the culprit: its glyph and the
/// statement that last wrote it.
type Written = (u8, Option<Span>);

impl super::plan::GlyphCell for Written {
    fn glyph(&self) -> u8 {
        self.0
    }
    fn rewrite(&mut self, glyph: u8, by: Span) {
        *self = (glyph, Some(by));
    }
}

/// The statements that wrote the walls around `cells` in the realisation
/// of `seed`, quoted, in source order ("walled in by `SUBST: A = x.`").
fn walls_written_by(
    v: &Vault,
    plan: &Plan,
    base: &[u8],
    w: usize,
    t: &Terrain,
    seed: u64,
    cells: &[usize],
) -> Option<String> {
    let mut grid: Vec<Written> = base.iter().map(|&g| (g, None)).collect();
    plan.apply(&mut grid, &mut Rng::new(seed ^ RNG_SALT), |_, _| {});
    let h = grid.len() / w.max(1);
    let mut by: Vec<Span> = Vec::new();
    for &i in cells {
        let (x, y) = (i % w, i / w);
        for ny in y.saturating_sub(1)..=(y + 1).min(h.saturating_sub(1)) {
            for nx in x.saturating_sub(1)..=(x + 1).min(w - 1) {
                let (g, written) = grid[ny * w + nx];
                if let Some(span) = written.filter(|_| !walkable(t.class(g))) {
                    if !by.contains(&span) {
                        by.push(span);
                    }
                }
            }
        }
    }
    vaultwright_model::sorting::sort_by_key(&mut by, |s| s.start);
    let quoted: Vec<String> = by
        .iter()
        .filter_map(|span| {
            v.items.iter().find_map(|item| match item {
                super::Item::Directive(d) if d.span == *span => Some(format!(
                    "`{}: {}`",
                    d.keyword,
                    d.args
                        .iter()
                        .map(|(a, _)| &**a)
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
                _ => None,
            })
        })
        .collect();
    (!quoted.is_empty()).then(|| {
        format!(
            "in seed {seed} what closes them in comes from {}",
            quoted.join(" and ")
        )
    })
}

/// The MAP positions `(column, row)` of the walkable cells cut off from
/// the vault's entrances in the realisation of `seed` (mirroring and
/// rotation aside: they move cells, not their connections). The studio
/// shades them.
pub fn cut_off_at_seed(v: &Vault, seed: u64) -> Vec<(i32, i32)> {
    let (rows, _) = v.grid();
    let w = rows.first().map_or(0, Vec::len);
    if w == 0 || w * rows.len() > LARGEST_CHECKED {
        return Vec::new();
    }
    let mut grid = rows.concat();
    Plan::new(v).apply(&mut grid, &mut Rng::new(seed ^ RNG_SALT), |_, _| {});
    super::reach::cut_off(&grid, w, &Terrain::of(v), &Openings::of(v))
        .unwrap_or_default()
        .into_iter()
        .map(|i| ((i % w) as i32, (i / w) as i32))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dcss::parse;

    fn findings(src: &str, seeds: u32) -> Vec<Diagnostic> {
        let f = parse(src);
        let mut out = Vec::new();
        check(&f.vaults[0], seeds, &mut out);
        out
    }

    fn codes(d: &[Diagnostic]) -> Vec<&str> {
        d.iter().map(|d| d.code.as_str()).collect()
    }

    /// `A` is a wall in some seeds: the room behind it is then cut off.
    const WALLED_ROOM: &str =
        "NAME: walled\nSUBST: A = x.\nMAP\nxxxxxxx\n@..A..x\nxxxxxxx\nENDMAP\n";

    #[test]
    fn a_subst_that_walls_off_a_room_in_some_seeds_is_found() {
        let d = findings(WALLED_ROOM, 32);
        assert_eq!(codes(&d), [CUT_OFF], "{d:?}");
        let m = &d[0].message;
        assert!(m.contains(" of 32 seeds") && !m.contains("all 32"), "{m}");
        assert!(m.contains("cuts off (4,1), (5,1)"), "{m}");
        assert!(
            d[0].notes
                .iter()
                .any(|n| n.ends_with("what closes them in comes from `SUBST: A = x.`")),
            "{:?}",
            d[0].notes
        );
        // The span is the first cut-off cell in the MAP.
        let at = WALLED_ROOM.find("@..A..x").unwrap() + 4;
        assert_eq!(d[0].span, Span::new(at, at + 1));
        // The example seed really cuts them off, and the studio shades them.
        let seed: u64 = m
            .split("seed ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let f = parse(WALLED_ROOM);
        assert_eq!(cut_off_at_seed(&f.vaults[0], seed), [(4, 1), (5, 1)]);
    }

    #[test]
    fn huge_vaults_of_many_transforms_walk_fewer_seeds() {
        assert_eq!(seeds_to_walk(300, 32), 32, "a corpus-sized vault");
        assert_eq!(seeds_to_walk(89_600 * 50, 32), 14);
        assert_eq!(seeds_to_walk(usize::MAX, 32), 1, "always at least one");
        assert_eq!(seeds_to_walk(0, 32), 32);
    }

    #[test]
    fn a_cell_inside_a_character_of_several_bytes_points_at_the_whole_character() {
        let src =
            "NAME: u\nMAP\nxxxxx\n@.·.x\nxxxxx\nENDMAP\nNAME: v\nMAP\nxxx\nx·x\nxxx\nENDMAP\n";
        let f = parse(src);
        let mut out = Vec::new();
        check(&f.vaults[1], 32, &mut out);
        let d = out.first().expect("the sealed cell is noted");
        let at = src.find("x·x").unwrap() + 1;
        assert_eq!(d.span, Span::new(at, at + '·'.len_utf8()), "{d:?}");
    }

    #[test]
    fn findings_are_the_same_every_time() {
        assert_eq!(findings(WALLED_ROOM, 32), findings(WALLED_ROOM, 32));
        assert!(
            findings(WALLED_ROOM, 0).is_empty(),
            "0 seeds checks nothing"
        );
    }

    #[test]
    fn an_orient_vault_is_joined_on_its_open_side_only() {
        // Open to the south: the gap in the bottom row lets the level in.
        let open_south = "NAME: n\nORIENT: north\nMAP\nxxxxx\nx...x\nx.x.x\nxx.xx\nENDMAP\n";
        assert!(findings(open_south, 32).is_empty());
        // The same room with its gap on the north side, against the level's
        // edge: the level cannot join it.
        let open_north = "NAME: n\nORIENT: north\nMAP\nxx.xx\nx...x\nx.x.x\nxxxxx\nENDMAP\n";
        let d = findings(open_north, 32);
        assert_eq!(codes(&d), [NO_ENTRANCE], "{d:?}");
        assert!(d[0].message.contains("in every seed"), "{}", d[0].message);
        // Floating, the same map is joined at its gap.
        let float = "NAME: n\nORIENT: float\nMAP\nxx.xx\nx...x\nx.x.x\nxxxxx\nENDMAP\n";
        assert!(findings(float, 32).is_empty());
    }

    #[test]
    fn exits_are_where_a_floating_vault_is_joined() {
        // The `@` joins the left room; the right room's floor on the edge
        // is not an exit, so it is never reached (a note: it is the design).
        let src = "NAME: e\nORIENT: float\nMAP\nxxxxxxx\n@..x...\nxxxxxxx\nENDMAP\n";
        let d = findings(src, 32);
        assert_eq!(codes(&d), [NEVER_REACHED], "{d:?}");
        assert!(
            d[0].message.contains("(4,1), (5,1), (6,1)"),
            "{}",
            d[0].message
        );
        // A minivault (no ORIENT) is set into the floor: every edge cell joins.
        let mini = "NAME: e\nMAP\nxxxxxxx\n@..x...\nxxxxxxx\nENDMAP\n";
        assert!(findings(mini, 32).is_empty());
    }

    #[test]
    fn stairs_doors_and_monsters_are_walked_through() {
        // A door, a KMONS key on a wall glyph and stairs in a sealed pocket.
        let src = "NAME: s\nORIENT: float\nKMONS: v = rat\nMAP\nxxxxxxxxx\n@.+.v.x}x\nxxxxxxxxx\nENDMAP\n";
        assert!(findings(src, 32).is_empty(), "{:?}", findings(src, 32));
        // Deep water is not walked, and the island beyond it is noted.
        let island = "NAME: i\nORIENT: float\nMAP\nxxxxxx\n@.ww.x\nxxxxxx\nENDMAP\n";
        assert_eq!(codes(&findings(island, 32)), [NEVER_REACHED]);
    }

    #[test]
    fn vaults_whose_lua_can_change_the_map_say_they_were_checked_without_it() {
        let src = "NAME: l\n{{ vault_granite_statue_setup(_G, 'G', 'x') }}\nSUBST: A = x.\nMAP\nxxxxxxx\n@..A..x\nxxxxxxx\nENDMAP\n";
        let d = findings(src, 32);
        assert_eq!(codes(&d), [CUT_OFF]);
        assert!(
            d[0].message.ends_with("(checked without Lua: its Lua calls `vault_granite_statue_setup`, which can change the map)"),
            "{}",
            d[0].message
        );
    }

    #[test]
    fn a_marker_whose_glyph_a_subst_consumed_is_placed_nowhere() {
        let src = "NAME: m\nSUBST: P = .\nMARKER: P = lua:fog_machine { pow_max = 5, delay = 10, size = 1 }\nMAP\n@.P.\nENDMAP\n";
        let d = findings(src, 32);
        assert_eq!(codes(&d), [MARKER_NOWHERE], "{d:?}");
        assert_eq!(
            d[0].message,
            "this marker is placed nowhere in every seed: a SUBST before it replaces `P`"
        );
        // A marker of the epilogue is not placed with the transforms.
        let epilogue =
            "NAME: m\nepilogue {{ lua_marker('Q', props_marker { x = 1 }) }}\nMAP\n@...\nENDMAP\n";
        assert!(
            findings(epilogue, 32).is_empty(),
            "{:?}",
            findings(epilogue, 32)
        );
        // Written before the SUBST, it is placed.
        let before = "NAME: m\nMARKER: P = lua:fog_machine { pow_max = 5, delay = 10, size = 1 }\nSUBST: P = .\nMAP\n@.P.\nENDMAP\n";
        assert!(findings(before, 32).is_empty());
        // A random transform that sometimes leaves none.
        let some = "NAME: m\nNSUBST: P = 1:P / *:.\nSUBST: P = P.\nMARKER: P = feat:floor\nMAP\n@PPP\nENDMAP\n";
        let d = findings(some, 32);
        assert_eq!(codes(&d), [MARKER_NOWHERE], "{d:?}");
        assert!(
            d[0].message.contains(" of 32 seeds (first: seed "),
            "{}",
            d[0].message
        );
    }

    #[test]
    fn randomness_that_cannot_change_passability_is_walked_once() {
        let plan_of = |src: &str| {
            let f = parse(src);
            let t = Terrain::of(&f.vaults[0]);
            Plan::new(&f.vaults[0]).is_random_in(|g| t.class(g))
        };
        assert!(!plan_of(
            "NAME: r\nSUBST: 1 = 123, x = xc\nMAP\n@1x\nENDMAP\n"
        ));
        assert!(plan_of("NAME: r\nSUBST: A = x.\nMAP\n@A.\nENDMAP\n"));
        // Alike glyphs that a later step tells apart.
        assert!(plan_of(
            "NAME: r\nSUBST: 1 = 12\nSUBST: 2 = x\nMAP\n@1.\nENDMAP\n"
        ));
    }
}
