//! NetHack 5.0 Lua level scripts (`des.*` calls): the language NetHack
//! itself ships since 5.0 (developed as 3.7), in place of `lev_comp`.
//!
//! Read losslessly by our own reading of Lua 5.4 (`verdict`), so that an
//! edit to one call leaves every other byte as it was; refused where
//! `luac5.4 -p` refuses.
//!
//! - `syntax`: the script read once through the engine (`lua::syntax`): Lua's
//!   verdict (a refused script is NL0001) and the lossless tree, read on past
//!   an error for the outline and checks of the rest;
//! - `calls`: the `des.*` calls with their literal arguments, which `outline`
//!   and `checks` read;
//! - `checks`: what the game meets only when the level is made: names it does
//!   not know (with what it then does: a random maze, a random monster, a
//!   panic) and keys a `des.*` function never reads;
//! - `names`: 5.0's tables (`data/*.tsv`, facts of the game's sources at the
//!   corpus's commit) and the game's lookup rules (case, plurals, gendered
//!   names, words after a name); `catalog` gives them to the language service
//!   (`service::lua`);
//! - `preview`: each `des.map` part drawn as written (cells tied to their
//!   characters, what its contents place at fixed spots), which painting
//!   rewrites (`paint::MapText::of`);
//! - `dungeon`: `dungeon.lua`'s table read into `dungeon.def`'s model, for the
//!   same branch graph and roll;
//! - `run/`: a script run as the game runs it, for a seed, on the engine's
//!   sandbox; `placement` reads the runs for what the game would fail to
//!   place; `theme_rooms` draws each theme room alone.
//!
//! Highlighting is the engine's (`lua::highlight`, over the lenient scan), so
//! a broken script is highlighted too.

mod calls;
pub(crate) mod catalog;
mod checks;
mod dungeon;
mod names;
mod outline;
mod placement;
mod preview;
pub mod run;
mod syntax;
mod theme_rooms;

use vaultwright_model::view::View;
use vaultwright_model::{
    Analysis, Artifact, Diagnostic, Language, Options, Severity, Span, Symbol, SymbolView,
};

/// The rows of each `des.map` drawing written as a string literal, in
/// order: each row's bytes in the source (what painting rewrites).
pub fn maps(source: &str) -> Vec<Vec<std::ops::Range<usize>>> {
    let reading = syntax::read(source);
    calls::des_calls(&reading.tree)
        .iter()
        .filter(|c| c.function == "map")
        .filter_map(|c| preview::row_ranges(source, c))
        .collect()
}

/// The span of the `des.*` call whose name is at `offset`.
pub fn calls_at(source: &str, offset: usize) -> Option<Span> {
    let reading = syntax::read(source);
    calls::des_calls(&reading.tree)
        .into_iter()
        .find(|c| (c.name_span.start as usize..=c.name_span.end as usize).contains(&offset))
        .map(|c| c.span)
}

/// Reads, checks and outlines one script: a level, or the dungeon
/// description (`dungeon = { … }`).
pub fn analyze(source: &str, options: &Options) -> Analysis {
    // The tree's walks recurse once per term of a chain Lua accepts at any
    // length: natively the analysis gets a stack of its own.
    run::deep_stack(|| analyze_here(source, options))
}

/// The game's interfaces a script names (highlighted with what follows).
const INTERFACES: &[&str] = &[
    "des",
    "selection",
    "nh",
    "u",
    "nhc",
    "obj",
    "percent",
    "shuffle",
];

fn analyze_here(source: &str, options: &Options) -> Analysis {
    let mut analysis = Analysis::empty(Language::NethackLua);
    let reading = syntax::read(source);
    let ran = reading.error.is_none();
    analysis
        .diagnostics
        .extend(syntax::refusal(source, &reading));
    // The table as written (its spans give the findings their place), or
    // the one the script builds, run.
    let written = calls::assigned_table(&reading.tree, "dungeon");
    let built = || {
        let computed = written.as_ref().is_some_and(has_computed_parts) || changes_dungeon(source);
        let assigned = written.is_some() || builds_dungeon(source);
        (assigned && (computed || written.is_none()))
            .then(|| run::global_table(source, "dungeon"))
            .flatten()
    };
    let described = built()
        .or_else(|| written.clone())
        .and_then(|t| dungeon::read(&t, options.seed, options.focus));
    if let Some(d) = described {
        analysis.outline = d.outline;
        analysis.views = d.views;
        analysis.diagnostics.extend(d.diagnostics);
        analysis.tokens = crate::lua::highlight::tokens(source, INTERFACES);
        return analysis;
    }
    let calls = calls::des_calls(&reading.tree);
    let rooms = if ran {
        theme_rooms::entries(source, &reading.tree)
    } else {
        Vec::new()
    };
    let prepared = ran.then(|| run::Prepared::read(&reading, source, None));
    // The tree costs some 300 bytes a byte of script: what the rest needs
    // of it is taken, so the VM never runs beside it.
    drop(reading);
    let parts = outline::outline(&calls);
    analysis.diagnostics.extend(checks::check(source, &calls));
    // The level as run comes first in the outline (what the studio shows
    // on opening); the map parts as written follow.
    if let Some(prepared) = &prepared {
        add_the_run(&mut analysis, source, &calls, prepared, options);
    }
    let shift = analysis.outline.len();
    analysis.outline.extend(parts);
    let written = preview::views(source, &calls, &analysis.outline[shift..]);
    analysis
        .views
        .extend(written.into_iter().map(|v| SymbolView {
            symbol: v.symbol + shift,
            view: v.view,
        }));
    if ran {
        add_theme_rooms(&mut analysis, source, rooms, options);
        show_the_run_for_the_rest(&mut analysis, options);
    }
    // Last: nothing above needs them, and they would sit beside each run.
    analysis.tokens = crate::lua::highlight::tokens(source, INTERFACES);
    analysis
}

/// The level as the game builds it for the chosen seed: its outline entry,
/// view and text, what stopped it, and what other seeds stop on.
fn add_the_run(
    analysis: &mut Analysis,
    source: &str,
    calls: &[calls::DesCall],
    prepared: &run::Prepared,
    options: &Options,
) {
    let lines = Lines::new(source);
    let done = prepared.run(options.seed, run::Limits::default());
    analysis.outline.push(run_entry(source, options.seed));
    analysis.views.push(SymbolView {
        symbol: 0,
        view: View::TileMap(run::view::tile_map(source, calls, options.seed, &done)),
    });
    if let Some(d) = stop_finding(source, &done, &analysis.diagnostics) {
        analysis.diagnostics.push(d);
    }
    analysis.diagnostics.extend(outside_findings(source, &done));
    analysis
        .diagnostics
        .extend(placement::findings(&done.level, |l| lines.span(l)));
    let more = stops_over_seeds(source, prepared, options, &done, &analysis.diagnostics);
    analysis.diagnostics.extend(more);
    analysis.artifacts.push(Artifact {
        name: realisation_name(&options.file_name, options.seed),
        symbol: Some(0),
        bytes: run::view::text(options.seed, &done).into_bytes(),
    });
}

/// Each entry of a `themerooms` table as an outline entry, drawn alone on
/// an empty level (only the focused one: each is a run of the script).
fn add_theme_rooms(
    analysis: &mut Analysis,
    source: &str,
    rooms: Vec<theme_rooms::ThemeRoom>,
    options: &Options,
) {
    if rooms.is_empty() {
        return;
    }
    if let Some(run) = analysis.outline.first_mut() {
        run.detail = format!(
            "defines {} theme rooms and draws nothing itself: choose one in the outline to see it",
            rooms.len()
        );
    }
    for room in rooms {
        let symbol = analysis.outline.len();
        analysis.outline.push(room.symbol);
        if options.wants_views_of(symbol) {
            analysis.views.push(SymbolView {
                symbol,
                view: View::TileMap(theme_rooms::view(source, room.index, options.seed)),
            });
        }
    }
}

/// A room or region with no drawing of its own (not on a map part) is
/// shown as the level run, where the editor's line (the entry's call)
/// picks out the cells it made.
fn show_the_run_for_the_rest(analysis: &mut Analysis, options: &Options) {
    let Some(run) = analysis
        .views
        .iter()
        .find(|v| v.symbol == 0)
        .map(|v| v.view.clone())
    else {
        return;
    };
    let bare: Vec<usize> = (1..analysis.outline.len())
        .filter(|&i| options.wants_views_of(i))
        .filter(|&i| matches!(analysis.outline[i].kind.as_str(), "room" | "region"))
        .filter(|&i| !analysis.views.iter().any(|v| v.symbol == i))
        .collect();
    for symbol in bare {
        analysis.views.push(SymbolView {
            symbol,
            view: run.clone(),
        });
    }
}

/// Whether the script assigns the global `dungeon` (a level script never
/// does): worth running to read the table it builds.
fn builds_dungeon(source: &str) -> bool {
    source.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with("dungeon =") || l.starts_with("dungeon=")
    })
}

/// A value written with something computed inside (a variable, a call).
fn has_computed_parts(v: &calls::Value) -> bool {
    match v {
        calls::Value::Other(_) => true,
        calls::Value::Table(fields, _) => fields.iter().any(|f| has_computed_parts(&f.value)),
        _ => false,
    }
}

/// Whether a statement changes the table after it is written
/// (`dungeon[1].branches = …`).
fn changes_dungeon(source: &str) -> bool {
    source.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with("dungeon[") || l.starts_with("dungeon.")
    })
}

/// `castle.lua` run for seed 3 is written as `castle.seed-3.txt`.
fn realisation_name(file_name: &str, seed: u64) -> String {
    let stem = file_name.strip_suffix(".lua").unwrap_or(file_name);
    let stem = if stem.is_empty() { "level" } else { stem };
    format!("{stem}.seed-{seed}.txt")
}

fn run_entry(source: &str, seed: u64) -> Symbol {
    Symbol {
        name: format!("the level, run (seed {seed})"),
        kind: "level".into(),
        span: Span::new(0, source.len()),
        name_span: Span::new(0, 0),
        detail: "the script run as the game runs it".into(),
    }
}

/// Where a run stopped, as a finding, unless a finding of the checks
/// already names that line.
fn stop_finding(source: &str, done: &run::Realisation, known: &[Diagnostic]) -> Option<Diagnostic> {
    let stop = done.stop.as_ref()?;
    let span = line_span(source, stop.line);
    if run::not_run_here(stop) {
        return Some(Diagnostic::note_at(STOPS, stop.message.clone(), span));
    }
    let line_of = |at: u32| {
        source
            .get(..at as usize)
            .map_or(0, |s| s.matches('\n').count() + 1)
    };
    if known
        .iter()
        .any(|d| d.severity == Severity::Error && line_of(d.span.start) == stop.line as usize)
    {
        return None;
    }
    let (code, note) = match stop.kind {
        run::StopKind::Error => (
            STOPS,
            "the game stops making the level here; a random maze takes its place",
        ),
        run::StopKind::Steps | run::StopKind::Memory => (
            RUNS_AWAY,
            "the game runs a level script with an instruction and memory budget and gives up past it",
        ),
    };
    Some(Diagnostic::error(code, stop.message.clone(), span).with_note(note.to_string()))
}

/// How many script bytes the extra seeds may run in all: each run reads
/// and compiles the whole script again (the VM keeps nothing between
/// runs), so a large script is run for fewer seeds, never fewer than one.
const SEEDS_BYTES: usize = 4 << 20;

fn extra_seeds(asked: u32, script_bytes: usize) -> u64 {
    let affordable = (SEEDS_BYTES / script_bytes.max(1)).max(1);
    u64::try_from(affordable.min(asked as usize)).unwrap_or(0)
}

/// Runs the script for `options.reachability_seeds` more seeds (the CLI
/// asks for 32; the studio, which runs the script on every edit, for
/// none) and reports each stop and each placement finding the main seed
/// did not meet, once, with the first seed that meets it: what a player
/// meets on some visits only.
fn stops_over_seeds(
    source: &str,
    prepared: &run::Prepared,
    options: &Options,
    main: &run::Realisation,
    known: &[Diagnostic],
) -> Vec<Diagnostic> {
    // A run that met the step budget or the memory cap would most likely
    // meet it again, at the same cost, on every other seed.
    let over_a_limit = main
        .stop
        .as_ref()
        .is_some_and(|s| s.kind != run::StopKind::Error);
    let count = if over_a_limit {
        0
    } else {
        extra_seeds(options.reachability_seeds.unwrap_or(0), source.len())
    };
    let mut seen: Vec<(u32, String)> = main
        .stop
        .iter()
        .map(|s| (s.line, s.message.clone()))
        .collect();
    let mut found = Vec::new();
    let mut placed: rustc_hash::FxHashSet<(&'static str, Span)> = known
        .iter()
        .filter_map(|d| Some((placement::code(&d.code)?, d.span)))
        .collect();
    let lines = Lines::new(source);
    for seed in (0..count).map(|i| options.seed.wrapping_add(i + 1)) {
        let done = prepared.run(seed, run::Limits::default());
        for mut d in placement::findings(&done.level, |l| lines.span(l)) {
            let key = (placement::code(&d.code).unwrap_or_default(), d.span);
            if placed.insert(key) {
                d.message = format!("with seed {seed}: {}", d.message);
                found.push(d);
            }
        }
        let Some(stop) = &done.stop else {
            continue;
        };
        if seen
            .iter()
            .any(|(l, m)| *l == stop.line && *m == stop.message)
        {
            continue;
        }
        seen.push((stop.line, stop.message.clone()));
        if let Some(mut d) = stop_finding(source, &done, known) {
            d.message = format!("with seed {seed}: {}", d.message);
            found.push(d);
        }
    }
    found
}

/// The code of a fixed coordinate beyond its map part or room.
const OUTSIDE: &str = "NL0215";

/// Each call that gave a fixed coordinate beyond the map part (or room)
/// it counts from, landing in solid rock or off the level, once per line.
fn outside_findings(source: &str, done: &run::Realisation) -> Vec<Diagnostic> {
    let spans = Lines::new(source);
    let mut lines = rustc_hash::FxHashSet::default();
    let mut found = Vec::new();
    for o in &done.level.outside {
        // Beyond the part but on what the level made around it (a cave
        // the part sits in) is a choice: only solid rock or off the level
        // is found.
        let (x, y) = (
            o.at.0.saturating_add(o.frame.x),
            o.at.1.saturating_add(o.frame.y),
        );
        let on_rock = !crate::nethack_common::size::on_level(x, y)
            || done.level.at(x, y) == run::level::STONE;
        if !on_rock || !lines.insert(o.line) {
            continue;
        }
        let what = if o.in_room { "room" } else { "map part" };
        found.push(
            Diagnostic::warning(
                OUTSIDE,
                format!(
                    "({}, {}) is outside the {what} it counts from ({}×{})",
                    o.at.0, o.at.1, o.frame.width, o.frame.height
                ),
                spans.span(o.line),
            )
            .with_note(format!(
                "the game places it anyway, at level ({x}, {y}), in solid rock or off the level"
            )),
        );
    }
    found
}

/// The code of a run that stops with an error.
const STOPS: &str = "NL0213";
/// The code of a run that does not end, or grows without bound.
const RUNS_AWAY: &str = "NL0214";

fn line_span(source: &str, line: u32) -> Span {
    Lines::new(source).span(line)
}

/// Where each line of a script starts, so that a line's span is a lookup,
/// not a walk from the top (a finding on each of 20,000 lines made the
/// walk quadratic).
struct Lines<'s> {
    source: &'s str,
    starts: Vec<usize>,
}

impl<'s> Lines<'s> {
    fn new(source: &'s str) -> Lines<'s> {
        let starts = std::iter::once(0)
            .chain(source.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Lines { source, starts }
    }

    /// Line `line` (from 1) without its line break; empty at 0 when there
    /// is no such line.
    fn span(&self, line: u32) -> Span {
        let Some(index) = (line as usize).checked_sub(1) else {
            return Span::new(0, 0);
        };
        let Some(&start) = self.starts.get(index) else {
            return Span::new(0, 0);
        };
        let end = self
            .starts
            .get(index + 1)
            .map_or(self.source.len(), |next| next - 1);
        let text = self.source.get(start..end).unwrap_or("");
        Span::new(start, start + text.trim_end_matches('\r').len())
    }
}

#[cfg(test)]
mod tests;
