//! The maps SUBVAULTs build (and those whose Lua-given tags are learnt),
//! each read and prepared once per thread: the studio draws a vault for
//! every seed of its grid and again at every edit, and a file of the
//! game's runs to thousands of lines, which reading again for every
//! subvault of every drawing would cost more than running them.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::sync::Arc;

use crate::dcss::ast::{Directive, Item};
use crate::dcss::reader;
use crate::dcss::run::transform::is_transform;
use crate::dcss::run::{Event, Library, Outcome, PreparedFile, PreparedMap};
use vaultwright_model::source::Span;

/// A map ready to run, with what reading its run needs.
pub struct Prepared {
    pub map: PreparedMap,
    pub name: String,
    /// Its headers by item index (none for its Lua and its MAP), owned.
    headers: Vec<Option<Directive<'static>>>,
}

impl Prepared {
    /// The headers in force after `outcome`, as the run left them: those
    /// of the map in the order they ran, and the ones Lua gave (as
    /// `expand` reads them, without spans, the transforms being applied
    /// already).
    pub fn directives(&self, outcome: &Outcome) -> Vec<Directive<'static>> {
        outcome
            .events
            .iter()
            .filter_map(|event| match event {
                Event::Header(i) => self.headers.get(*i).cloned().flatten(),
                Event::Call { kw, text, .. } | Event::Merged { kw, text, .. }
                    if !is_transform(*kw) =>
                {
                    Some(reader::directive_of_call(*kw, text, 0, Span::default()).into_owned())
                }
                _ => None,
            })
            .filter(|d| !is_transform(d.kw))
            .collect()
    }
}

/// The tags the directives give (TAGS headers and `tags` calls).
pub fn tags(directives: &[Directive]) -> Vec<String> {
    directives
        .iter()
        .filter(|d| d.keyword == "TAGS")
        .flat_map(|d| d.args.iter())
        .flat_map(|(arg, _)| {
            arg.split_whitespace()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// A file prepared once: by its text and the library it runs with.
type FileKey = (u64, usize);

/// What a thread keeps: every map of each file read, by its place in
/// the file.
#[derive(Default)]
struct Kept {
    files: HashMap<FileKey, Rc<[Rc<Prepared>]>>,
}

/// Past this many files kept, the thread starts again (a drawing's
/// subvaults come from a few).
const MOST_KEPT: usize = 64;

thread_local! {
    static KEPT: RefCell<Kept> = RefCell::new(Kept::default());
}

/// Map `vault` of `text` (a file the run draws, or one of the game's),
/// prepared to run with `library`; none when the file has no such map.
/// The file is read once, all its maps prepared together.
pub fn prepared(text: &str, vault: usize, library: &Option<Arc<Library>>) -> Option<Rc<Prepared>> {
    let key = (
        text_hash(text),
        library.as_ref().map_or(0, |l| Arc::as_ptr(l) as usize),
    );
    let known = KEPT.with(|k| k.borrow().files.get(&key).cloned());
    let maps = match known {
        Some(maps) => maps,
        None => {
            let maps = prepared_file(text, library);
            KEPT.with(|k| {
                let mut kept = k.borrow_mut();
                if kept.files.len() >= MOST_KEPT {
                    *kept = Kept::default();
                }
                kept.files.insert(key, maps.clone());
            });
            maps
        }
    };
    maps.get(vault).cloned()
}

/// Every map of `text`, prepared to run with `library`.
fn prepared_file(text: &str, library: &Option<Arc<Library>>) -> Rc<[Rc<Prepared>]> {
    let file = reader::read(text, false);
    let start = Arc::new(PreparedFile::new(text, &file, library.clone()));
    file.vaults
        .iter()
        .map(|v| {
            let headers = v
                .items
                .iter()
                .map(|item| match item {
                    Item::Directive(d) => Some(
                        Directive {
                            conditional: false,
                            ..d.clone()
                        }
                        .into_owned(),
                    ),
                    _ => None,
                })
                .collect();
            Rc::new(Prepared {
                map: PreparedMap::in_file(&start, v),
                name: v.name.to_string(),
                headers,
            })
        })
        .collect()
}

fn text_hash(text: &str) -> u64 {
    let mut hasher = rustc_hash::FxHasher::default();
    text.hash(&mut hasher);
    hasher.finish()
}
