//! Running a vault's Lua as crawl's level compiler does, on the engine's
//! sandboxed VM (`lua::sandbox`): the file's global prelude in the
//! globals, then the map's prelude and main chunk in the map's
//! environment (`chunks`, `environment.lua`), with `dgn.*`, `mapgrd`,
//! `crawl.*` and `you.*` as crawl gives them at level creation (`env`).
//! Every random choice comes from the one seeded generator.
//!
//! A run leaves the map's lines as its Lua left them and, in the order
//! they ran, the headers and the header functions Lua called
//! (`Event`); `expand` turns that into the vault the game builds from,
//! which the realisation, the legend and the checks read as they read a
//! vault without Lua. crawl's own Lua library (`dat/dlua`) is run by
//! `crawl_require` when a `Library` is given; without one, a call of its
//! helpers stops the run, and the view says so.

mod builder;
mod checkint;
mod chunks;
mod crawl_api;
mod dice;
mod env;
pub mod expand;
mod game_start;
pub mod index;
mod kept;
mod level;
mod levels;
mod noise;
pub(super) mod resolve;
mod subvault;
mod transform;

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::rc::Rc;
use std::sync::{Arc, Mutex, OnceLock};

use vaultwright_model::DcssLibrary;

use crate::dcss::ast::Kw;
use crate::dcss::{File, Vault};
use crate::lua::sandbox::{self, Chunk, Host, Meter, Session};
pub use crate::lua::sandbox::{Limits, Stop};
use crate::rng::Rng;
pub use subvault::{is_merged, NESTED_TOO_DEEP, TRIES_PAST_BUDGET};

/// What crawl's Lua library holds: its files by the path `crawl_require`
/// names them (`dlua/vault.lua`), each prepared and compiled once; and
/// the game's own vault files beside it (`des/…`), the index its maps
/// are chosen from by tag or name.
#[derive(Default)]
pub struct Library {
    files: BTreeMap<String, LibraryFile>,
    /// The game's vault files (`des/vaults/rooms.des`), by path.
    vault_files: BTreeMap<String, String>,
    /// Their maps, read on first use.
    index: OnceLock<index::GameIndex>,
    /// The names its files assign or define as functions, each with the
    /// first file (by path) that does.
    assigned: OnceLock<HashMap<String, String>>,
    /// The global tables its files make (`omnigrid = {}`).
    tables: OnceLock<HashSet<String>>,
    /// The global functions its files define at their top level
    /// (`function garden_spot(`), each with the first file that does.
    functions: OnceLock<HashMap<String, String>>,
}

impl Library {
    /// The library of the options' texts, made once for as long as the
    /// same texts are given (each file is then prepared and compiled once
    /// for every analysis and seed).
    pub fn of(texts: &DcssLibrary) -> Arc<Library> {
        static LAST: Mutex<Option<(DcssLibrary, Arc<Library>)>> = Mutex::new(None);
        let mut last = LAST.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((known, library)) = last.as_ref() {
            if Arc::ptr_eq(known, texts) {
                return library.clone();
            }
        }
        let library = Arc::new(Library::new(
            texts.iter().map(|(p, t)| (p.clone(), t.clone())),
        ));
        *last = Some((texts.clone(), library.clone()));
        library
    }

    /// The library from `(path, text)` pairs, paths as `dlua/x.lua`;
    /// those under `des/` are the game's vault files.
    pub fn new(files: impl IntoIterator<Item = (String, String)>) -> Library {
        let (vault_files, files): (Vec<_>, Vec<_>) = files
            .into_iter()
            .partition(|(path, _)| path.starts_with(GAME_VAULTS));
        Library {
            files: files
                .into_iter()
                .map(|(path, text)| {
                    let file = LibraryFile {
                        text,
                        chunk: OnceLock::new(),
                        with_string_fields: OnceLock::new(),
                    };
                    (path, file)
                })
                .collect(),
            vault_files: vault_files.into_iter().collect(),
            index: OnceLock::new(),
            assigned: OnceLock::new(),
            tables: OnceLock::new(),
            functions: OnceLock::new(),
        }
    }

    /// The maps of the game's vault files, read once; empty when the
    /// library came without them.
    pub fn index(&self) -> &index::GameIndex {
        self.index.get_or_init(|| {
            index::GameIndex::new(
                self.vault_files
                    .iter()
                    .map(|(path, text)| (path.as_str(), text.as_str())),
            )
        })
    }

    /// Whether the game's vault files came with the library.
    pub fn has_game_vaults(&self) -> bool {
        !self.vault_files.is_empty()
    }

    /// The text of one of the game's vault files.
    pub fn vault_file(&self, path: &str) -> Option<&str> {
        self.vault_files.get(path).map(String::as_str)
    }

    /// The file that defines `name` as a global function at its top level
    /// (`function garden_spot(e, glyph)`), the first by path.
    pub fn file_defining_function(&self, name: &str) -> Option<&str> {
        self.functions
            .get_or_init(|| {
                let mut functions = HashMap::new();
                for (path, LibraryFile { text, .. }) in &self.files {
                    for line in text.lines() {
                        if let Some(name) = global_function_made_by(line) {
                            functions
                                .entry(name.to_string())
                                .or_insert_with(|| path.clone());
                        }
                    }
                }
                functions
            })
            .get(name)
            .map(String::as_str)
    }

    /// Whether one of its files makes a global table named `name` at its
    /// top level (`omnigrid = {}`, `rooms = rooms or {}`): a namespace of
    /// the library's functions.
    pub fn makes_table(&self, name: &str) -> bool {
        self.tables
            .get_or_init(|| {
                self.files
                    .values()
                    .flat_map(|file| file.text.lines())
                    .filter_map(table_made_by)
                    .map(str::to_string)
                    .collect()
            })
            .contains(name)
    }

    /// Whether one of its files defines a function or assigns a value
    /// named `name` (read from the text, not run: a cheap test of
    /// whether a vault's call may find nothing).
    pub fn assigns(&self, name: &str) -> bool {
        self.assigning().contains_key(name)
    }

    /// Every name its files define or assign, dotted as written.
    pub fn assigned(&self) -> impl Iterator<Item = &String> {
        self.assigning().keys()
    }

    /// The library file that defines or assigns `name` (dotted as
    /// written), the first by path when several do.
    pub fn file_assigning(&self, name: &str) -> Option<&str> {
        self.assigning().get(name).map(String::as_str)
    }

    /// Each name its files define or assign, with the first file that
    /// does, read once.
    fn assigning(&self) -> &HashMap<String, String> {
        self.assigned.get_or_init(|| {
            let mut names = HashMap::new();
            for (path, LibraryFile { text, .. }) in &self.files {
                for name in assigned_names(text) {
                    names.entry(name).or_insert_with(|| path.clone());
                }
            }
            names
        })
    }

    fn chunk(&self, path: &str) -> Option<Arc<Chunk>> {
        let file = self.files.get(path)?;
        Some(
            file.chunk
                .get_or_init(|| Arc::new(Chunk::new(LIBRARY_CHUNK, sandbox::prepared(&file.text))))
                .clone(),
        )
    }

    /// The file's chunk with its field reads as calls, made once.
    fn chunk_with_string_fields(&self, path: &str) -> Option<Arc<Chunk>> {
        let plain = self.chunk(path)?;
        let file = self.files.get(path)?;
        Some(
            file.with_string_fields
                .get_or_init(|| Arc::new(plain.string_fields()))
                .clone(),
        )
    }
}

/// A file of the library: its text, and its chunk prepared on first use,
/// plain and with its field reads as calls (`Chunk::string_fields`).
struct LibraryFile {
    text: String,
    chunk: OnceLock<Arc<Chunk>>,
    with_string_fields: OnceLock<Arc<Chunk>>,
}

/// Where the game's vault files sit among the library's paths.
pub const GAME_VAULTS: &str = "des/";

/// The global function a top-level line of a library file defines:
/// `function name(`.
fn global_function_made_by(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("function ")?.trim_start();
    let name = &rest[..rest.find('(')?];
    let name = name.trim_end();
    let is_name = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    is_name.then_some(name)
}

/// The table a top-level line of a library file makes: `name = {` or
/// `name = name or {`.
fn table_made_by(line: &str) -> Option<&str> {
    let (name, value) = line.split_once('=')?;
    let name = name.trim_end();
    let is_name = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    let value = value.trim_start();
    let value = value
        .strip_prefix(name)
        .and_then(|v| v.trim_start().strip_prefix("or"))
        .map_or(value, str::trim_start);
    (is_name && value.starts_with('{')).then_some(name)
}

/// The names `text` defines as functions (`function name(`, `function
/// t.name(`) or assigns (`name =`, `t.name =`), dotted as written.
pub fn assigned_names(text: &str) -> Vec<String> {
    use crate::lua::scan;
    let toks = scan::significant(text, None);
    let word = |i: usize| toks.get(i).map_or("", |t| t.text(text));
    let mut names = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let starts_name =
            toks[i].kind == scan::Kind::Word && !matches!(word(i.wrapping_sub(1)), "." | ":");
        if !starts_name {
            i += 1;
            continue;
        }
        let (name, last) = scan::dotted_name(text, &toks, i);
        let after_function = i > 0 && word(i - 1) == "function";
        if after_function || word(last + 1) == "=" {
            names.push(name.replace(':', "."));
        }
        i = last + 1;
    }
    names
}

/// The place a map is built for: what `you.*` answers.
#[derive(Clone, Debug, PartialEq)]
pub struct Place {
    pub branch: String,
    /// From 1; `Place::LAST` for the branch's last level (`Zot:$`).
    pub depth: i64,
}

/// The Dungeon's first level.
impl Default for Place {
    fn default() -> Place {
        Place {
            branch: "D".into(),
            depth: 1,
        }
    }
}

/// `Lair:2`, or `Zot:$` for a branch's last level.
impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.depth {
            Place::LAST => write!(f, "{}:$", self.branch),
            depth => write!(f, "{}:{depth}", self.branch),
        }
    }
}

impl Place {
    /// The depth of a branch's last level, whatever its length (the
    /// environment reads it from its table of branches).
    pub const LAST: i64 = 0;

    /// The place the vault's `PLACE:` names, else the first its `DEPTH:`
    /// (or the file's default depth) allows; the Dungeon's first level
    /// when it names none.
    pub fn first_allowed(vault: &Vault) -> Place {
        let places = vault
            .first_arg("PLACE")
            .or_else(|| vault.first_arg("DEPTH"))
            .or(vault.default_depth.as_deref())
            .unwrap_or("");
        let first = places
            .split(',')
            .map(str::trim)
            .find(|p| !p.is_empty() && !p.starts_with('!'))
            .unwrap_or("D");
        let (branch, levels) = match first.split_once(':') {
            Some((b, l)) => (b.trim(), l.trim()),
            None if first.starts_with(|c: char| c.is_ascii_digit()) => ("D", first),
            None => (first, ""),
        };
        let depth = if levels.starts_with('$') {
            Place::LAST
        } else {
            levels
                .split(|c: char| !c.is_ascii_digit())
                .next()
                .and_then(|d| d.parse().ok())
                .unwrap_or(1)
                .max(1)
        };
        Place {
            branch: branch.to_string(),
            depth,
        }
    }

    /// Which header chose the place, as the view says it.
    pub fn chosen_by(vault: &Vault) -> &'static str {
        if vault.first_arg("PLACE").is_some() {
            "the place its PLACE names"
        } else {
            "the first place its DEPTH allows"
        }
    }
}

/// A header in force, in the order the map's Lua ran it.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The vault's own header, item `i` of its items.
    Header(usize),
    /// A header function Lua called, with its value and the file line
    /// (1-based) of the call (0: crawl's library made it).
    Call { kw: Kw, text: String, line: u32 },
    /// A K-spec keying a cell a SUBVAULT merged into the map (the
    /// subvault's meaning of it, under a byte of its own: `subvault`),
    /// with the line of the SUBVAULT.
    Merged { kw: Kw, text: String, line: u32 },
}

/// The state the map's functions share during one run.
pub struct MapRun {
    meter: Meter,
    rng: Rng,
    name: String,
    place: Place,
    lines: Vec<Vec<u8>>,
    /// The level outside the map, once `dgn.grid` has touched it.
    level: Vec<Vec<u8>>,
    events: Vec<Event>,
    /// The map's transform headers, read once, by item index.
    transforms: Arc<BTreeMap<usize, crate::dcss::plan::Plan>>,
    library: Option<Arc<Library>>,
    required: HashSet<String>,
    /// The last global read that found nothing.
    missing: Option<String>,
    /// The game's functions the run called that answer as if the game
    /// had nothing to give (`__vw_unmodelled`), in the order first called.
    unmodelled: Vec<String>,
    /// The limits the run is under (a map it builds runs under them too).
    limits: Limits,
    /// The maps it built from the game's index (`resolve`), by slot.
    built: Vec<resolve::Built>,
    /// The letters standing on the level for features no map glyph
    /// makes, with their features (`level`).
    level_keys: Vec<(u8, &'static str)>,
    /// Whether the library files it runs have their field reads as calls
    /// (`Chunk::string_fields`), as the rest of this run has.
    string_fields: bool,
    /// The map's SUBVAULT headers, by item index: their specs and line.
    subvault_headers: Arc<BTreeMap<usize, (Vec<String>, u32)>>,
    /// The file being drawn, whose maps a SUBVAULT's tag finds first.
    own: Option<Arc<subvault::OwnFile>>,
    /// The mask of the SUBVAULT this map is built for, when it is one.
    svmask: Option<Arc<subvault::Mask>>,
    /// The maps merged into this one by SUBVAULT (crawl places each once
    /// unless it allows duplicates).
    merged_names: Vec<String>,
    /// The meanings of merged cells, each with the byte standing for it.
    merged_keys: Vec<(Vec<(Kw, String)>, u8)>,
    /// Whether the map runs as crawl runs it to make its index
    /// (`dgn.is_validating()`).
    validating: bool,
}

impl Host for MapRun {
    fn meter(&mut self) -> &mut Meter {
        &mut self.meter
    }
}

type Shared = sandbox::Shared<MapRun>;

impl MapRun {
    fn glyph(&self, x: i64, y: i64) -> Option<u8> {
        let row = self.lines.get(usize::try_from(y).ok()?)?;
        row.get(usize::try_from(x).ok()?).copied()
    }

    /// Sets a cell inside the map (a short row is padded first).
    fn set_glyph(&mut self, x: i64, y: i64, g: u8) -> bool {
        let width = self.size().0;
        let (Ok(x), Ok(y)) = (usize::try_from(x), usize::try_from(y)) else {
            return false;
        };
        let Some(row) = self.lines.get_mut(y).filter(|_| x < width) else {
            return false;
        };
        if row.len() <= x {
            row.resize(x + 1, b' ');
        }
        row[x] = g;
        true
    }

    fn size(&self) -> (usize, usize) {
        let w = self.lines.iter().map(Vec::len).max().unwrap_or(0);
        (w, self.lines.len())
    }

    fn normalise(&mut self) {
        let (w, _) = self.size();
        for row in &mut self.lines {
            row.resize(w, b' ');
        }
    }

    /// The file of the library that defines `name`, when the run has not
    /// loaded it.
    fn unloaded_file_of(&self, name: &str) -> Option<String> {
        let file = self.library.as_ref()?.file_assigning(name)?;
        (!self.required.contains(file)).then(|| file.to_string())
    }

    /// The tags given so far by Lua's `tags` calls.
    fn tags(&self) -> impl Iterator<Item = &str> {
        self.events.iter().flat_map(|e| match e {
            Event::Call {
                kw: Kw::Tags, text, ..
            } => text.split_whitespace().collect(),
            _ => Vec::new(),
        })
    }
}

/// A line Lua adds to the map counts against the memory cap.
fn budget_line(run: &mut MapRun, len: usize) {
    run.meter.kept = run.meter.kept.saturating_add(len);
    if run.meter.kept > run.meter.memory_cap {
        run.meter.over_memory = true;
    }
}

/// How far a vault's Lua may run: the corpus's busiest vault takes some
/// 90 thousand steps; a loop that does not end is stopped within a
/// second natively.
pub const VAULT_LIMITS: Limits = Limits {
    steps: 2_000_000,
    memory: 64 << 20,
};

/// What one run of a map's Lua left.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The map's lines as the Lua left them.
    pub lines: Vec<Vec<u8>>,
    /// The headers in force, in the order they ran.
    pub events: Vec<Event>,
    /// Why and where the run stopped early, if it did.
    pub stop: Option<Stop>,
    pub steps: u64,
    /// What a run stopped by a call of nil was missing.
    pub missing: Option<Missing>,
    /// The game's functions it called that answered as if the game had
    /// nothing to give (a map chosen from the game's index: none).
    pub unmodelled: Vec<String>,
}

/// A name the vault's Lua read and found nothing under.
#[derive(Clone, Debug, PartialEq)]
pub struct Missing {
    /// The global table it was read from (`dgn`, `crawl`, `you`), or
    /// none: a global of the map's environment.
    pub table: Option<String>,
    pub name: String,
    /// The file of crawl's library that defines it, when the run never
    /// loaded that file (`crawl_require`).
    pub unloaded_in: Option<String>,
}

impl Missing {
    /// A global of the map's environment.
    pub fn plain(name: &str) -> Missing {
        Missing::noted(name)
    }

    /// A field of a global table.
    pub fn field(table: &str, name: &str) -> Missing {
        Missing {
            table: Some(table.to_string()),
            name: name.to_string(),
            unloaded_in: None,
        }
    }

    /// From what the environment noted: `name` or `table.name`.
    fn noted(text: &str) -> Missing {
        match text.split_once('.') {
            Some((table, name)) => Missing {
                table: Some(table.to_string()),
                name: name.to_string(),
                unloaded_in: None,
            },
            None => Missing {
                table: None,
                name: text.to_string(),
                unloaded_in: None,
            },
        }
    }

    /// As the vault's Lua writes it.
    pub fn written(&self) -> String {
        match &self.table {
            Some(table) => format!("{table}.{}", self.name),
            None => self.name.clone(),
        }
    }

    /// Whether the game defines it (on the C++ side, or in Lua's own
    /// library): when it does, this runner does not model it yet.
    pub fn game_defines(&self) -> bool {
        crawl_api::game_defines(self.table.as_deref(), &self.name)
    }

    /// The game's names it may have meant to write (those of its table).
    pub fn game_names(&self) -> Vec<&'static str> {
        crawl_api::names(self.table.as_deref())
    }
}

/// The name crawl's library files run under: their lines are not the
/// vault file's, so a call from them names no line of it.
const LIBRARY_CHUNK: &str = "dlua";

/// Our code the VM runs first: the environment crawl gives a map.
const ENVIRONMENT: &str = include_str!("environment.lua");
/// The library files crawl runs when it starts its level compiler's VM
/// (`CLua::init_libraries`, then `init_dungeon_lua`), in its order.
const LIBRARY_START: &str = "for _, path in ipairs({ 'dlua/util.lua', 'dlua/iter.lua', 'dlua/tags.lua', 'dlua/init.lua', 'dlua/dungeon.lua', 'dlua/luamark.lua', 'dlua/mapinit.lua' }) do crawl_require(path) end";
/// The global holding the map's environment while its chunks run.
const ENV: &str = "__vw_env";

/// A chunk of our own, prepared and compiled once per process.
fn ours(cell: &'static OnceLock<Arc<Chunk>>, text: &str) -> Arc<Chunk> {
    cell.get_or_init(|| Arc::new(Chunk::new("environment", sandbox::prepared(text))))
        .clone()
}

/// What every map of a file runs first, made ready once per file: the
/// environment, crawl's library when there is one, the file's prelude.
pub struct PreparedFile {
    start: Vec<Arc<Chunk>>,
    /// What its start is: the library (by identity) and the file's
    /// prelude (a VM that ran the same start can run its maps).
    start_key: u64,
    library: Option<Arc<Library>>,
    lines: vaultwright_model::source::LineIndex,
    /// The file itself, whose maps a SUBVAULT's tag finds first.
    own: Arc<subvault::OwnFile>,
}

impl PreparedFile {
    pub fn new(source: &str, file: &File, library: Option<Arc<Library>>) -> PreparedFile {
        static BASE: OnceLock<Arc<Chunk>> = OnceLock::new();
        static START: OnceLock<Arc<Chunk>> = OnceLock::new();
        let mut start = vec![ours(&BASE, ENVIRONMENT)];
        let mut loaded_by_the_game = String::new();
        if let Some(library) = &library {
            start.push(ours(&START, LIBRARY_START));
            // Each on its own: one that fails here (our model of the game
            // lacks something it needs) stops only the maps that call it.
            for path in game_start::files_named_by(file, library) {
                loaded_by_the_game.push_str(&format!("pcall(crawl_require, {path:?})\n"));
            }
        }
        let lines = vaultwright_model::source::LineIndex::new(source);
        let global = chunks::global_chunk(&lines, file);
        start.push(Arc::new(Chunk::new(
            sandbox::SCRIPT,
            sandbox::prepared(&global),
        )));
        // After the file's own: crawl ran the other files' preludes too
        // before any map, in an order of its own.
        if !loaded_by_the_game.is_empty() {
            start.push(Arc::new(Chunk::new(
                LIBRARY_CHUNK,
                sandbox::prepared(&loaded_by_the_game),
            )));
        }
        let start_key = kept::start_key(library.as_ref(), &(loaded_by_the_game + &global));
        PreparedFile {
            start,
            start_key,
            library,
            lines,
            own: Arc::new(subvault::OwnFile::new(source)),
        }
    }

    /// `work` on the VM this thread keeps for this file's start (`kept`).
    pub fn with_run<T>(&self, limits: Limits, work: impl FnOnce(&mut FileRun) -> T) -> T {
        kept::with_file_run(self, limits, work)
    }

    /// The file's line index (made once, for every map of it).
    pub fn lines(&self) -> &vaultwright_model::source::LineIndex {
        &self.lines
    }
}

/// A map's Lua made ready to run for any number of seeds.
#[derive(Clone)]
pub struct PreparedMap {
    file: Arc<PreparedFile>,
    chunks: [Arc<Chunk>; 3],
    name: String,
    place: Place,
    rows: Vec<Vec<u8>>,
    transforms: Arc<BTreeMap<usize, crate::dcss::plan::Plan>>,
    subvault_headers: Arc<BTreeMap<usize, (Vec<String>, u32)>>,
    /// The mask it is built for when a SUBVAULT builds it.
    svmask: Option<Arc<subvault::Mask>>,
    /// Whether it runs as crawl runs a map to make its index.
    validating: bool,
}

impl PreparedMap {
    /// Its file's line index.
    pub fn lines(&self) -> &vaultwright_model::source::LineIndex {
        self.file.lines()
    }

    /// The map of `vault`, in a file of its own making (what one drawing
    /// needs; a check of many maps shares one `PreparedFile`).
    pub fn new(
        source: &str,
        file: &File,
        vault: &Vault,
        library: Option<Arc<Library>>,
    ) -> PreparedMap {
        let prepared = Arc::new(PreparedFile::new(source, file, library));
        PreparedMap::in_file(&prepared, vault)
    }

    pub fn in_file(file: &Arc<PreparedFile>, vault: &Vault) -> PreparedMap {
        static MAKE_ENV: OnceLock<Arc<Chunk>> = OnceLock::new();
        let texts = chunks::map_chunks(&file.lines, vault);
        let in_env = |text: &str| {
            Arc::new(Chunk::script_part(
                sandbox::prepared(text),
                texts.first,
                ENV,
            ))
        };
        let (rows, _) = vault.grid();
        PreparedMap {
            file: file.clone(),
            chunks: [
                ours(&MAKE_ENV, &format!("{ENV} = __vw_make_env()")),
                in_env(&texts.prelude),
                in_env(&texts.main),
            ],
            name: vault.name.to_string(),
            place: Place::first_allowed(vault),
            rows,
            transforms: Arc::new(transform::header_transforms(vault)),
            subvault_headers: Arc::new(subvault_headers(&file.lines, vault)),
            svmask: None,
            validating: false,
        }
    }

    /// The map run as crawl's loader validates it when
    /// `validating` (`is_validating()` true, no SUBVAULT built).
    pub fn validating(mut self, validating: bool) -> PreparedMap {
        self.validating = validating;
        self
    }

    /// The map's Lua run for `seed`, in the VM this thread keeps for its
    /// file's start (`kept`).
    pub fn run(&self, seed: u64, limits: Limits) -> Outcome {
        sandbox::deep(|| kept::with_file_run(&self.file, limits, |run| run.run(self, seed)))
    }

    /// The run again with every field read a call that reads a string's
    /// fields as Lua does (crawl's `util.random_weighted_from` reads a
    /// weight off each choice, strings among them): several times slower,
    /// so only for a map whose plain run stopped on one, on a VM of its
    /// own that is not kept.
    fn run_with_string_fields(&self, seed: u64, limits: Limits) -> Outcome {
        let file = PreparedFile {
            start: self
                .file
                .start
                .iter()
                .map(|c| Arc::new(c.string_fields()))
                .collect(),
            start_key: 0,
            library: self.file.library.clone(),
            lines: self.file.lines.clone(),
            own: self.file.own.clone(),
        };
        let map = PreparedMap {
            file: Arc::new(file),
            chunks: self.chunks.clone().map(|c| Arc::new(c.string_fields())),
            name: self.name.clone(),
            place: self.place.clone(),
            rows: self.rows.clone(),
            transforms: self.transforms.clone(),
            subvault_headers: self.subvault_headers.clone(),
            svmask: self.svmask.clone(),
            validating: self.validating,
        };
        FileRun::made(&map.file, limits, true).run(&map, seed)
    }
}

/// The vault's SUBVAULT headers by item index: each spec and the file
/// line (1-based) the header sits on.
fn subvault_headers(
    lines: &vaultwright_model::source::LineIndex,
    vault: &Vault,
) -> BTreeMap<usize, (Vec<String>, u32)> {
    vault
        .items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| match item {
            crate::dcss::ast::Item::Directive(d) if d.kw == Kw::Subvault => {
                let specs = d.args.iter().map(|(s, _)| s.to_string()).collect();
                let line = u32::try_from(lines.line_of(d.span.start as usize) + 1).unwrap_or(0);
                Some((i, (specs, line)))
            }
            _ => None,
        })
        .collect()
}

/// One VM running the maps of a file, as crawl's one VM runs every map:
/// the file's start runs once, then each map in its own environment.
/// Natively it must live on the deep stack (`sandbox::deep`).
pub struct FileRun {
    session: Session<MapRun>,
    shared: Shared,
    limits: Limits,
    /// Why the file's start stopped, if it did (every map stops there),
    /// and what a call of nil there was missing.
    start: (Option<Stop>, Option<Missing>),
    /// Whether its chunks have their field reads as calls.
    string_fields: bool,
}

impl FileRun {
    pub fn new(file: &PreparedFile, limits: Limits) -> FileRun {
        FileRun::made(file, limits, false)
    }

    /// A VM that ran `file`'s start; `string_fields` when the start's
    /// chunks have their field reads as calls (the library files it
    /// loads are then made so too).
    fn made(file: &PreparedFile, limits: Limits, string_fields: bool) -> FileRun {
        let shared: Shared = Rc::new(RefCell::new(MapRun {
            meter: Meter::new(limits),
            rng: Rng::new(0),
            name: String::new(),
            place: Place::default(),
            lines: Vec::new(),
            level: Vec::new(),
            events: Vec::new(),
            transforms: Arc::default(),
            library: file.library.clone(),
            required: HashSet::new(),
            missing: None,
            unmodelled: Vec::new(),
            limits,
            built: Vec::new(),
            level_keys: Vec::new(),
            string_fields,
            subvault_headers: Arc::default(),
            own: None,
            svmask: None,
            merged_names: Vec::new(),
            merged_keys: Vec::new(),
            validating: false,
        }));
        let mut session = Session::new(&shared, limits, |ctx| env::install(ctx, &shared));
        let (stop, _) = session.run(&file.start);
        let start = explained(&shared, stop, limits);
        FileRun {
            session,
            shared,
            limits,
            start,
            string_fields,
        }
    }

    /// Whether the VM failed: a run would stop at once.
    fn is_broken(&self) -> bool {
        self.session.is_broken()
    }

    /// `map`'s Lua run for `seed`; run again with its field reads as
    /// calls when it stopped on a field of a string.
    pub fn run(&mut self, map: &PreparedMap, seed: u64) -> Outcome {
        let outcome = self.run_once(map, seed);
        match &outcome.stop {
            Some(stop) if !self.string_fields && sandbox::stopped_on_string_field(stop) => {
                map.run_with_string_fields(seed, self.limits)
            }
            _ => outcome,
        }
    }

    fn run_once(&mut self, map: &PreparedMap, seed: u64) -> Outcome {
        if let (Some(stop), missing) = &self.start {
            return Outcome {
                lines: map.rows.clone(),
                events: Vec::new(),
                stop: Some(stop.clone()),
                steps: 0,
                missing: missing.clone(),
                unmodelled: Vec::new(),
            };
        }
        if let Ok(mut run) = self.shared.try_borrow_mut() {
            run.meter = Meter::new(self.limits);
            run.rng = Rng::new(seed ^ super::realize::RNG_SALT);
            run.name.clone_from(&map.name);
            run.place = map.place.clone();
            run.lines.clone_from(&map.rows);
            run.level.clear();
            run.transforms = map.transforms.clone();
            run.events.clear();
            run.missing = None;
            run.unmodelled.clear();
            run.built.clear();
            run.level_keys.clear();
            run.subvault_headers = map.subvault_headers.clone();
            run.own = Some(map.file.own.clone());
            run.svmask.clone_from(&map.svmask);
            run.merged_names.clear();
            run.merged_keys.clear();
            run.validating = map.validating;
        }
        let (stop, steps) = self.session.run(&map.chunks);
        let (stop, missing) = explained(&self.shared, stop, self.limits);
        let (lines, events, unmodelled) = match self.shared.try_borrow_mut() {
            Ok(mut run) => {
                level::drawn_level(&mut run);
                (
                    std::mem::take(&mut run.lines),
                    std::mem::take(&mut run.events),
                    std::mem::take(&mut run.unmodelled),
                )
            }
            Err(_) => (map.rows.clone(), Vec::new(), Vec::new()),
        };
        Outcome {
            lines,
            events,
            stop,
            steps,
            missing,
            unmodelled,
        }
    }
}

/// The stop as a user reads it (a call of nil names what it called) and
/// what was missing: only a run a call of nil stopped misses something.
fn explained(
    shared: &Shared,
    stop: Option<Stop>,
    limits: Limits,
) -> (Option<Stop>, Option<Missing>) {
    let stopped_by_nil = stop
        .as_ref()
        .is_some_and(|s| s.message.contains("found nil"));
    let missing = shared.try_borrow_mut().ok().and_then(|mut run| {
        let noted = run.missing.take().filter(|_| stopped_by_nil)?;
        let mut missing = Missing::noted(&noted);
        missing.unloaded_in = run.unloaded_file_of(&missing.written());
        Some(missing)
    });
    let stop = stop.map(|mut s| {
        if s.kind == sandbox::StopKind::Steps {
            // crawl's heaviest layouts run hundreds of millions of steps:
            // the limit alone does not tell a loop that never ends.
            s.message = format!(
                "ran past {}, the most a drawing runs: a loop that never ends, or more work than a preview affords",
                steps_in_words(limits.steps)
            );
        }
        if let Some(m) = &missing {
            s.message = if m.game_defines() {
                format!(
                    "`{}` is the game's own (C++) and not modelled here",
                    m.written()
                )
            } else {
                format!("`{}` is not defined ({})", m.written(), s.message)
            };
        }
        s
    });
    (stop, missing)
}

/// "2 million steps".
fn steps_in_words(steps: u64) -> String {
    match steps {
        n if n >= 1_000_000 && n % 1_000_000 == 0 => format!("{} million steps", n / 1_000_000),
        n => format!("{n} steps"),
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod subvault_tests;
