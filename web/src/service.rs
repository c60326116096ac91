//! The editor's questions to the core's language service, answered from
//! the latest analysis: completion, hover cards, definitions, references
//! and renames, in UTF-16 offsets, as JSON for the editor. A question
//! about a text the analysis has not caught up with (another length) is
//! answered `{"stale": true}`: the editor asks again a moment later.
//!
//! The documents open in the studio are one set: a DCSS tag defined in
//! another open file is found there, and a rename reaches it.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use serde_json::{json, Value};
use vaultwright::service::{self, Document, Entry, Place};
use vaultwright::{analyze, Analysis, Language, Options};

use crate::actions::Dispatch;
use crate::codec::Utf16Map;
use crate::components::editor::ServiceCall;
use crate::derive::Derived;
use crate::state::{Action, Doc};

/// What an answer needs: the analysis shown, the open documents, the
/// shown one's index among them, and the dispatcher for moves and edits.
pub struct Context<'a> {
    pub derived: &'a Derived,
    pub docs: &'a [Rc<Doc>],
    pub current: usize,
    pub dispatch: &'a Dispatch,
}

pub fn answer(call: &ServiceCall, cx: &Context) -> String {
    // Undoing a rename in the other documents needs no analysis: it is
    // answered whatever the shown text is.
    match call.kind.as_str() {
        "undo-rename" => return rename_step(cx, Step::Undo),
        "redo-rename" => return rename_step(cx, Step::Redo),
        _ => {}
    }
    let d = cx.derived;
    if d.map16.to_utf16(d.source.len()) != call.length {
        return json!({ "stale": true }).to_string();
    }
    let offset = d.map16.to_byte(call.offset);
    let doc = Document {
        source: &d.source,
        analysis: &d.analysis,
    };
    let value = match call.kind.as_str() {
        "complete" => complete(cx, doc, offset),
        "hover" => service::hover(doc, offset).map(|card| {
            let mut v = entry_json(&card.entry);
            v["from"] = json!(d.map16.to_utf16(card.span.start as usize));
            v["to"] = json!(d.map16.to_utf16(card.span.end as usize));
            v["lines"] = json!(card.lines);
            v
        }),
        "definition" => definition(cx, offset),
        "references" => references(cx, offset),
        "goto" => goto(cx, &call.arg, call.offset),
        "prepare-rename" => prepare_rename(cx, offset),
        "rename" => Some(rename(cx, offset, &call.arg)),
        _ => None,
    };
    value.map(|v| v.to_string()).unwrap_or_default()
}

fn entry_json(e: &Entry) -> Value {
    json!({
        "name": e.name,
        "kind": e.kind.word(),
        "detail": e.detail,
        "glyph": e.glyph.map(String::from),
        "colour": e.colour.map(|c| format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)),
    })
}

fn complete(cx: &Context, doc: Document, offset: usize) -> Option<Value> {
    let set = Set::of(cx);
    let found = service::complete(doc, offset, &set.documents())?;
    let map16 = &cx.derived.map16;
    let items: Vec<Value> = found.items.iter().map(entry_json).collect();
    Some(json!({
        "from": map16.to_utf16(found.replace.start as usize),
        "to": map16.to_utf16(found.replace.end as usize),
        "items": items,
    }))
}

/// The definition: shown at once (in this document, or the other open
/// document that holds it).
fn definition(cx: &Context, offset: usize) -> Option<Value> {
    let set = Set::of(cx);
    let found = service::occurrences(&set.documents(), 0, offset)?;
    let place = found
        .definitions
        .iter()
        .find(|p| !(p.file == 0 && p.span.contains(offset)))
        .or(found.definitions.first())?;
    cx.dispatch.dispatch(match set.id(place.file) {
        None => Action::Jump(place.span.start as usize),
        Some(id) => Action::GoTo {
            id,
            offset: place.span.start as usize,
        },
    });
    Some(json!({ "found": found.definitions.len() }))
}

fn references(cx: &Context, offset: usize) -> Option<Value> {
    let set = Set::of(cx);
    let found = service::occurrences(&set.documents(), 0, offset)?;
    let defs = found.definitions.iter().map(|p| (p, true));
    let places: Vec<Value> = defs
        .chain(found.uses.iter().map(|p| (p, false)))
        .map(|(p, definition)| set.place_json(p, definition))
        .collect();
    Some(json!({ "name": found.name, "places": places }))
}

/// A reference in another open document, chosen in the list.
fn goto(cx: &Context, id: &str, offset16: u32) -> Option<Value> {
    let doc = cx.docs.iter().find(|d| d.id == id)?;
    let offset = Utf16Map::new(&doc.source).to_byte(offset16);
    cx.dispatch.dispatch(Action::GoTo {
        id: id.to_string(),
        offset,
    });
    Some(json!({ "found": 1 }))
}

/// The place of the shown document at `offset` (or just after it) among
/// the occurrences of the name there.
fn place_here<'p>(all: &[&'p Place], offset: usize) -> Option<&'p Place> {
    all.iter()
        .copied()
        .find(|p| p.file == 0 && (p.span.contains(offset) || p.span.end as usize == offset))
}

fn prepare_rename(cx: &Context, offset: usize) -> Option<Value> {
    let set = Set::of(cx);
    let found = service::occurrences(&set.documents(), 0, offset)?;
    let all: Vec<&Place> = found.definitions.iter().chain(&found.uses).collect();
    let here = place_here(&all, offset)?;
    let files = {
        let mut f: Vec<usize> = all.iter().map(|p| p.file).collect();
        f.sort_unstable();
        f.dedup();
        f.len()
    };
    let map16 = &cx.derived.map16;
    let name = cx.derived.source.get(here.span.range()).unwrap_or_default();
    let note = match files {
        1 => format!("{} places", all.len()),
        n => format!("{} places in {n} documents", all.len()),
    };
    Some(json!({
        "from": map16.to_utf16(here.span.start as usize),
        "to": map16.to_utf16(here.span.end as usize),
        "name": name,
        "note": note,
    }))
}

/// The edits of this document, for the editor to make as one step; the
/// other documents' are made here.
fn rename(cx: &Context, offset: usize, new_name: &str) -> Value {
    let set = Set::of(cx);
    let old = name_at(&set, cx, offset).unwrap_or_default();
    let edits = match service::rename(&set.documents(), 0, offset, new_name) {
        Ok(e) => e,
        Err(why) => return json!({ "error": why }),
    };
    let map16 = &cx.derived.map16;
    let mut here = Vec::new();
    let mut others: HashMap<usize, Vec<(Place, String)>> = HashMap::new();
    for (place, text) in edits {
        if place.file == 0 {
            here.push(json!({
                "from": map16.to_utf16(place.span.start as usize),
                "to": map16.to_utf16(place.span.end as usize),
                "insert": text,
            }));
        } else {
            others.entry(place.file).or_default().push((place, text));
        }
    }
    let places = here.len() + others.values().map(Vec::len).sum::<usize>();
    let count = others.len();
    let mut group = Vec::new();
    for (file, mut edits) in others {
        let (Some(id), Some(source)) = (set.id(file), set.source(file)) else {
            continue;
        };
        let mut text = source.to_string();
        edits.sort_by_key(|(p, _)| std::cmp::Reverse(p.span.start));
        for (p, insert) in edits {
            if text.get(p.span.range()).is_some() {
                text.replace_range(p.span.range(), &insert);
            }
        }
        group.push(OtherText {
            id: id.clone(),
            before: source.to_string(),
            after: text.clone(),
        });
        cx.dispatch.dispatch(Action::ReplaceOtherDoc {
            id,
            text,
            at: crate::actions::now_ms(),
        });
    }
    LAST_RENAME.with(|r| *r.borrow_mut() = group);
    cx.dispatch.dispatch(Action::Message(
        crate::state::Tone::Info,
        rename_message(&old, new_name, places, count),
    ));
    json!({ "edits": here, "others": count, "places": places })
}

/// The name at `offset` of the shown document, as the rename finds it.
fn name_at(set: &Set, cx: &Context, offset: usize) -> Option<String> {
    let found = service::occurrences(&set.documents(), 0, offset)?;
    let all: Vec<&Place> = found.definitions.iter().chain(&found.uses).collect();
    let here = place_here(&all, offset)?;
    cx.derived.source.get(here.span.range()).map(str::to_string)
}

/// What a rename says it did: how many places in how many documents, and
/// that one undo takes it back everywhere.
fn rename_message(old: &str, new_name: &str, places: usize, others: usize) -> String {
    let what = if old.is_empty() {
        format!("Renamed to {new_name}")
    } else {
        format!("Renamed {old} to {new_name}")
    };
    let places = match places {
        1 => "1 place".to_string(),
        n => format!("{n} places"),
    };
    match others {
        0 => format!("{what}: {places}."),
        n => format!(
            "{what}: {places} in {} documents. Ctrl+Z here undoes it in all of them.",
            n + 1
        ),
    }
}

/// One other document's text before and after a rename reached it.
struct OtherText {
    id: String,
    before: String,
    after: String,
}

thread_local! {
    /// The other documents the last rename changed: undoing it in the
    /// document it was made in undoes it in these too.
    static LAST_RENAME: RefCell<Vec<OtherText>> = const { RefCell::new(Vec::new()) };
}

#[derive(Clone, Copy)]
enum Step {
    Undo,
    Redo,
}

/// The rename undone (or redone) in the shown document is undone (redone)
/// in the others it reached, where they are still as it left them.
fn rename_step(cx: &Context, step: Step) -> String {
    let changed = LAST_RENAME.with(|r| {
        let mut n = 0;
        for o in r.borrow().iter() {
            let (from, to) = match step {
                Step::Undo => (&o.after, &o.before),
                Step::Redo => (&o.before, &o.after),
            };
            let current = cx.docs.iter().find(|d| d.id == o.id);
            if current.is_some_and(|d| d.source == *from) {
                cx.dispatch.dispatch(Action::ReplaceOtherDoc {
                    id: o.id.clone(),
                    text: to.clone(),
                    at: crate::actions::now_ms(),
                });
                n += 1;
            }
        }
        n
    });
    if changed > 0 {
        let verb = match step {
            Step::Undo => "Undid",
            Step::Redo => "Redid",
        };
        cx.dispatch.dispatch(Action::Message(
            crate::state::Tone::Info,
            format!(
                "{verb} the rename in {changed} other document{} too.",
                if changed == 1 { "" } else { "s" }
            ),
        ));
    }
    json!({ "others": changed }).to_string()
}

thread_local! {
    /// The analyses of the other open documents (findings and outline, no
    /// views), kept per document until it changes.
    static OTHERS: RefCell<HashMap<String, (u64, Rc<Analysis>)>> = RefCell::new(HashMap::new());
}

/// The shown document first, then the other open documents of its
/// language (DCSS only: the other languages' names live in one file).
struct Set<'a> {
    cx: &'a Context<'a>,
    others: Vec<(Rc<Doc>, Rc<Analysis>)>,
}

impl<'a> Set<'a> {
    fn of(cx: &'a Context<'a>) -> Set<'a> {
        let language = cx.derived.analysis.language;
        let others = if language == Language::DcssDes {
            cx.docs
                .iter()
                .enumerate()
                .filter(|(i, d)| *i != cx.current && d.language == language)
                .map(|(_, d)| (d.clone(), analysis_of(d)))
                .collect()
        } else {
            Vec::new()
        };
        Set { cx, others }
    }

    fn documents(&self) -> Vec<Document<'_>> {
        let shown = Document {
            source: &self.cx.derived.source,
            analysis: &self.cx.derived.analysis,
        };
        std::iter::once(shown)
            .chain(self.others.iter().map(|(d, a)| Document {
                source: &d.source,
                analysis: a,
            }))
            .collect()
    }

    /// The id of file `i` of the set; `None` for the shown document.
    fn id(&self, i: usize) -> Option<String> {
        i.checked_sub(1)
            .and_then(|k| self.others.get(k))
            .map(|(d, _)| d.id.clone())
    }

    fn source(&self, i: usize) -> Option<&str> {
        match i {
            0 => Some(&self.cx.derived.source),
            _ => self.others.get(i - 1).map(|(d, _)| d.source.as_str()),
        }
    }

    fn name(&self, i: usize) -> String {
        match i.checked_sub(1).and_then(|k| self.others.get(k)) {
            Some((d, _)) => d.name.clone(),
            None => self
                .cx
                .docs
                .get(self.cx.current)
                .map(|d| d.name.clone())
                .unwrap_or_default(),
        }
    }

    /// A place for the references list: its document, line and text, in
    /// UTF-16 offsets of its own document.
    fn place_json(&self, p: &Place, definition: bool) -> Value {
        let source = self.source(p.file).unwrap_or_default();
        let start = p.span.start as usize;
        let line_start = source
            .get(..start)
            .and_then(|s| s.rfind('\n'))
            .map_or(0, |i| i + 1);
        let line_end = source
            .get(start..)
            .and_then(|s| s.find('\n'))
            .map_or(source.len(), |i| start + i);
        let line = source.get(..start).map_or(0, |s| s.matches('\n').count()) + 1;
        let map16 = Utf16Map::new(source);
        json!({
            "file": self.name(p.file),
            "id": self.id(p.file).unwrap_or_default(),
            "here": p.file == 0,
            "definition": definition,
            "line": line,
            "text": source.get(line_start..line_end).unwrap_or_default().trim(),
            "from": map16.to_utf16(start),
            "to": map16.to_utf16(p.span.end as usize),
        })
    }
}

fn analysis_of(doc: &Doc) -> Rc<Analysis> {
    OTHERS.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some((revision, a)) = cache.get(&doc.id) {
            if *revision == doc.revision && a.language == doc.language {
                return a.clone();
            }
        }
        let options = Options {
            without_views: true,
            file_name: doc.name.clone(),
            ..Options::default()
        };
        let a = Rc::new(analyze(&doc.source, doc.language, &options));
        cache.insert(doc.id.clone(), (doc.revision, a.clone()));
        a
    })
}
