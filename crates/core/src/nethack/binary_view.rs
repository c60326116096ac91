//! The binary view of a compiled 3.4.3/3.2 level: its `.lev` decoded field
//! by field, each field tied to the statement that wrote it.
//!
//! The compiler keeps each kind of record of a part (or a room) in a list
//! in source order, so the `k`-th monster record of part `n` was written
//! by the `k`-th `MONSTER` statement of that part: the record paths the
//! decoder gives (`part 0 / monster 2`) are enough to find every field's
//! statement, without the compiler recording anything. A level is only
//! written when it compiles without errors, so every statement of a kind
//! gave its record.

use super::ast::{Level, LevelKind, Stmt, StmtKind as S};
use super::decode::{self, Field};
use super::dialect::Dialect;
use vaultwright_model::source::Span;
use vaultwright_model::view::{BinaryDump, BinaryField, View};

/// The binary view of `bytes`, the file `file` that `level` compiled to.
pub fn binary_view(level: &Level, file: &str, bytes: Vec<u8>, d: &Dialect) -> Option<View> {
    let decoded = decode::decode(&bytes).ok()?;
    let groups = Groups::of(level);
    let meanings = decode::Meanings::new(d);
    let fields = decoded
        .fields
        .iter()
        .map(|f| {
            let meaning = meanings.of(f);
            // A map row reads best as its characters (its codes are in
            // the hex column).
            let (value, meaning) = match (&f.text, meaning) {
                (Some(_), Some(row)) if f.name == "map row" => (row, None),
                (Some(t), meaning) => (format!("\"{t}\""), meaning),
                (None, meaning) => (f.value.to_string(), meaning),
            };
            BinaryField {
                offset: f.offset as u32,
                len: f.len as u32,
                label: format!("{} / {}", f.record, f.name),
                value,
                meaning,
                origin: origin(level, &groups, f),
            }
        })
        .collect();
    Some(View::Binary(BinaryDump {
        file: file.to_string(),
        bytes,
        fields,
    }))
}

/// A level's statements by the record that holds what they write: one
/// group per map part (maze) or per room, and the level's own; in each,
/// the statements of every kind in source order.
struct Groups<'a> {
    level: Kinds<'a>,
    parts: Vec<(&'a Stmt, Kinds<'a>)>,
}

/// The statements of a group by the kind of record they write.
#[derive(Default)]
struct Kinds<'a>(Vec<(&'static str, Vec<&'a Stmt>)>);

impl<'a> Kinds<'a> {
    fn push(&mut self, s: &'a Stmt) {
        let Some(kind) = kind_of(&s.kind) else {
            return;
        };
        match self.0.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, list)) => list.push(s),
            None => self.0.push((kind, vec![s])),
        }
    }

    /// The `n`-th statement writing records of the decoder's kind `kind`.
    fn nth(&self, kind: &str, n: usize) -> Option<&'a Stmt> {
        let kind = canonical(kind)?;
        let (_, list) = self.0.iter().find(|(k, _)| *k == kind)?;
        list.get(n).copied()
    }
}

impl<'a> Groups<'a> {
    fn of(level: &'a Level) -> Groups<'a> {
        let mut g = Groups {
            level: Kinds::default(),
            parts: Vec::new(),
        };
        for s in &level.body {
            let starts = match level.kind {
                LevelKind::Maze => matches!(s.kind, S::MapPart { .. }),
                LevelKind::Room => matches!(s.kind, S::Room { .. } | S::Subroom { .. }),
            };
            let level_wide = level.kind == LevelKind::Room
                && (matches!(s.kind, S::Corridor { .. } | S::RandomCorridors)
                    || g.parts.is_empty());
            if starts {
                g.parts.push((s, Kinds::default()));
            } else if level_wide {
                g.level.push(s);
            } else if let Some((_, kinds)) = g.parts.last_mut() {
                kinds.push(s);
            }
        }
        g
    }
}

/// The kind of record a statement writes, as the decoder names it.
fn kind_of(s: &S) -> Option<&'static str> {
    Some(match s {
        S::StairRegion { .. }
        | S::Portal { .. }
        | S::TeleportRegion { .. }
        | S::BranchRegion { .. } => "level region",
        S::Region { .. } => "region",
        S::Door { .. } | S::RoomDoor { .. } => "door",
        S::Drawbridge { .. } => "drawbridge",
        S::Mazewalk { .. } => "mazewalk",
        S::NonDiggable(_) => "non-diggable",
        S::NonPasswall(_) => "non-passwall",
        S::Ladder { .. } => "ladder",
        S::Stair { .. } => "stair",
        S::Altar { .. } => "altar",
        S::Fountain(_) => "fountain",
        S::Sink(_) => "sink",
        S::Pool(_) => "pool",
        S::Trap { .. } => "trap",
        S::Monster { .. } => "monster",
        S::Object { .. } => "object",
        S::Gold { .. } => "gold",
        S::Engraving { .. } => "engraving",
        S::Corridor { .. } | S::RandomCorridors => "corridor",
        S::RandomObjects(_) => "random object class",
        S::RandomMonsters(_) => "random monster class",
        S::RandomPlaces(_) => "random places",
        S::Name(_) => "name",
        S::Chance(_) => "chance",
        _ => return None,
    })
}

/// The kind a decoder's record or field name belongs to.
fn canonical(name: &str) -> Option<&'static str> {
    Some(match name {
        "random object class" | "random object classes" => "random object class",
        "random monster class" | "random monster classes" => "random monster class",
        "random places" | "random place x" | "random place y" => "random places",
        "name length" | "name" => "name",
        "chance" => "chance",
        other => [
            "level region",
            "region",
            "door",
            "drawbridge",
            "mazewalk",
            "non-diggable",
            "non-passwall",
            "ladder",
            "stair",
            "altar",
            "fountain",
            "sink",
            "pool",
            "trap",
            "monster",
            "object",
            "gold",
            "engraving",
            "corridor",
        ]
        .into_iter()
        .find(|k| *k == other)?,
    })
}

/// `"monster 2"` → `("monster", 2)`.
fn indexed(segment: &str) -> Option<(&str, usize)> {
    let (kind, n) = segment.rsplit_once(' ')?;
    Some((kind, n.parse().ok()?))
}

fn origin(level: &Level, g: &Groups, f: &Field) -> Option<Span> {
    let header = Span::new(level.span.start as usize, level.name.span.end as usize);
    let segments: Vec<&str> = f.record.split(" / ").collect();
    match segments.as_slice() {
        ["header"] => Some(header),
        ["level"] => match f.name {
            "kind" | "filling" => Some(header),
            "flags" => level.flags.as_ref().map(|s| s.span),
            n if n.starts_with("init") => level.init.as_ref().map(|s| s.span),
            "message length" | "message" => {
                let first = level.messages.first()?.span;
                let last = level.messages.last()?.span;
                Some(Span::new(first.start as usize, last.end as usize))
            }
            name => g.level.nth(name, 0).map(|s| s.span),
        },
        ["level", item] => {
            let (kind, n) = indexed(item)?;
            let n = if kind.starts_with("random") { 0 } else { n };
            g.level.nth(kind, n).map(|s| s.span)
        }
        [group] => {
            let (_, n) = indexed(group)?;
            let (head, stmts) = g.parts.get(n)?;
            match f.name {
                "name length" | "name" | "chance" => {
                    stmts.nth(f.name, 0).map(|s| s.span).or(Some(head.span))
                }
                name if name.starts_with("random") => stmts.nth(name, 0).map(|s| s.span),
                // The count of a list: no one statement wrote it.
                name if name.ends_with('s') && !name.ends_with("size") => None,
                _ => Some(head.span),
            }
        }
        [group, item, ..] => {
            let (_, n) = indexed(group)?;
            let (_, stmts) = g.parts.get(n)?;
            let (kind, k) = indexed(item)?;
            let k = if kind.starts_with("random") { 0 } else { k };
            stmts.nth(kind, k).map(|s| s.span)
        }
        _ => None,
    }
}
