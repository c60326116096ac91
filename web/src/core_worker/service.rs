//! The editor's questions to the core's language service, answered in
//! the core's worker from its latest analysis: completion, hover cards,
//! definitions, references and renames, in UTF-16 offsets, as JSON for
//! the editor. A question about a text the analysis has not caught up
//! with (another length) is answered `{"stale": true}`: the editor asks
//! again a moment later. What the page must do besides (move, switch
//! documents, change the other documents a rename reached, say what was
//! done) comes back as [`Effect`]s.
//!
//! The documents open in the studio are one set: a DCSS tag defined in
//! another open file is found there, and a rename reaches it.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use serde_json::{json, Value};
use vaultwright::service::{self, Document, Entry, Place};
use vaultwright::{Analysis, Analyzer, Language, Options};

use super::protocol::{Effect, OpenDoc, OtherText, ServiceAnswer, ServiceCall};
use crate::codec::Utf16Map;

/// The document the worker analysed last, which the questions are about.
pub struct Shown {
    pub name: String,
    pub source: String,
    pub analysis: Analysis,
    pub map16: Utf16Map,
}

/// The other open documents and their analyses (findings and outline, no
/// views), kept per document until it changes.
#[derive(Default)]
pub struct Others {
    docs: Vec<OpenDoc>,
    analyses: HashMap<String, (u64, Rc<Analysis>)>,
}

impl Others {
    /// The open documents are now `docs`; analyses of the gone ones go.
    pub fn set(&mut self, docs: Vec<OpenDoc>) {
        self.analyses
            .retain(|id, _| docs.iter().any(|d| d.id == *id));
        self.docs = docs;
    }

    fn analysis_of(&mut self, doc: &OpenDoc) -> Rc<Analysis> {
        if let Some((revision, a)) = self.analyses.get(&doc.id) {
            if *revision == doc.revision && a.language == doc.language {
                return a.clone();
            }
        }
        let options = Options {
            without_views: true,
            file_name: doc.name.clone(),
            ..Options::default()
        };
        let a = Rc::new(Analyzer::new().analyze(&doc.source, doc.language, &options));
        self.analyses
            .insert(doc.id.clone(), (doc.revision, a.clone()));
        a
    }
}

/// What an answer needs: the analysis shown, the other open documents,
/// and where the page's effects go.
struct Context<'a> {
    shown: &'a Shown,
    others: Vec<(&'a OpenDoc, Rc<Analysis>)>,
    effects: RefCell<Vec<Effect>>,
}

/// Answers one question of the editor about `shown`.
pub fn answer(call: &ServiceCall, shown: Option<&Shown>, others: &mut Others) -> ServiceAnswer {
    let Some(shown) = shown else {
        return stale();
    };
    if shown.map16.to_utf16(shown.source.len()) != call.length {
        return stale();
    }
    let cx = Context {
        others: set_of(shown, others),
        shown,
        effects: RefCell::new(Vec::new()),
    };
    let offset = shown.map16.to_byte(call.offset);
    let doc = Document {
        source: &shown.source,
        analysis: &shown.analysis,
    };
    let d = shown;
    let value = match call.kind.as_str() {
        "complete" => complete(&cx, doc, offset),
        "hover" => service::hover(doc, offset).map(|card| {
            let mut v = entry_json(&card.entry);
            v["from"] = json!(d.map16.to_utf16(card.span.start as usize));
            v["to"] = json!(d.map16.to_utf16(card.span.end as usize));
            v["lines"] = json!(card.lines);
            v
        }),
        "definition" => definition(&cx, offset),
        "references" => references(&cx, offset),
        "prepare-rename" => prepare_rename(&cx, offset),
        "rename" => Some(rename(&cx, offset, &call.arg)),
        _ => None,
    };
    ServiceAnswer {
        json: value.map(|v| v.to_string()).unwrap_or_default(),
        effects: cx.effects.into_inner(),
    }
}

fn stale() -> ServiceAnswer {
    ServiceAnswer {
        json: json!({ "stale": true }).to_string(),
        effects: Vec::new(),
    }
}

/// The shown document first, then the other open documents of its
/// language (DCSS only: the other languages' names live in one file).
fn set_of<'a>(shown: &Shown, others: &'a mut Others) -> Vec<(&'a OpenDoc, Rc<Analysis>)> {
    let language = shown.analysis.language;
    if language != Language::DcssDes {
        return Vec::new();
    }
    let wanted: Vec<OpenDoc> = others
        .docs
        .iter()
        .filter(|d| d.language == language)
        .cloned()
        .collect();
    let analyses: Vec<Rc<Analysis>> = wanted.iter().map(|d| others.analysis_of(d)).collect();
    others
        .docs
        .iter()
        .filter(|d| d.language == language)
        .zip(analyses)
        .collect()
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
    let found = service::complete(doc, offset, &cx.documents())?;
    let map16 = &cx.shown.map16;
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
    let found = service::occurrences(&cx.documents(), 0, offset)?;
    let place = found
        .definitions
        .iter()
        .find(|p| !(p.file == 0 && p.span.contains(offset)))
        .or(found.definitions.first())?;
    cx.effects.borrow_mut().push(match cx.id(place.file) {
        None => Effect::Jump(place.span.start as usize),
        Some(id) => Effect::GoTo {
            id,
            offset: place.span.start as usize,
        },
    });
    Some(json!({ "found": found.definitions.len() }))
}

fn references(cx: &Context, offset: usize) -> Option<Value> {
    let found = service::occurrences(&cx.documents(), 0, offset)?;
    let defs = found.definitions.iter().map(|p| (p, true));
    let places: Vec<Value> = defs
        .chain(found.uses.iter().map(|p| (p, false)))
        .map(|(p, definition)| cx.place_json(p, definition))
        .collect();
    Some(json!({ "name": found.name, "places": places }))
}

/// The place of the shown document at `offset` (or just after it) among
/// the occurrences of the name there.
fn place_here<'p>(all: &[&'p Place], offset: usize) -> Option<&'p Place> {
    all.iter()
        .copied()
        .find(|p| p.file == 0 && (p.span.contains(offset) || p.span.end as usize == offset))
}

fn prepare_rename(cx: &Context, offset: usize) -> Option<Value> {
    let found = service::occurrences(&cx.documents(), 0, offset)?;
    let all: Vec<&Place> = found.definitions.iter().chain(&found.uses).collect();
    let here = place_here(&all, offset)?;
    let files = {
        let mut f: Vec<usize> = all.iter().map(|p| p.file).collect();
        f.sort_unstable();
        f.dedup();
        f.len()
    };
    let map16 = &cx.shown.map16;
    let name = cx.shown.source.get(here.span.range()).unwrap_or_default();
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
    let old = name_at(cx, offset).unwrap_or_default();
    let edits = match service::rename(&cx.documents(), 0, offset, new_name) {
        Ok(e) => e,
        Err(why) => return json!({ "error": why }),
    };
    let map16 = &cx.shown.map16;
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
        let (Some(id), Some(source)) = (cx.id(file), cx.source(file)) else {
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
        cx.effects
            .borrow_mut()
            .push(Effect::ReplaceOtherDoc { id, text });
    }
    let mut effects = cx.effects.borrow_mut();
    effects.push(Effect::Renamed(group));
    effects.push(Effect::Message(rename_message(
        &old, new_name, places, count,
    )));
    json!({ "edits": here, "others": count, "places": places })
}

/// The name at `offset` of the shown document, as the rename finds it.
fn name_at(cx: &Context, offset: usize) -> Option<String> {
    let found = service::occurrences(&cx.documents(), 0, offset)?;
    let all: Vec<&Place> = found.definitions.iter().chain(&found.uses).collect();
    let here = place_here(&all, offset)?;
    cx.shown.source.get(here.span.range()).map(str::to_string)
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

impl Context<'_> {
    fn documents(&self) -> Vec<Document<'_>> {
        let shown = Document {
            source: &self.shown.source,
            analysis: &self.shown.analysis,
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
            0 => Some(&self.shown.source),
            _ => self.others.get(i - 1).map(|(d, _)| d.source.as_str()),
        }
    }

    fn name(&self, i: usize) -> String {
        match i.checked_sub(1).and_then(|k| self.others.get(k)) {
            Some((d, _)) => d.name.clone(),
            None => self.shown.name.clone(),
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
