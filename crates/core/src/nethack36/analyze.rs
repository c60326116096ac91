//! A 3.6 special-level file through the core's one door: the compiler's
//! messages as diagnostics (the reference's text kept, our explanation in
//! the notes), the `.lev` files as artifacts, an outline entry per level
//! and per room, and tokens for highlighting. Unlike the drop-in, the
//! compiler goes on after a syntax error (`compile/recovery.rs`), and the
//! levels an earlier error keeps from being written are still drawn.

use super::compile::{Build, FileRun, Message, Session};
use super::tables::*;
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::Span;
use vaultwright_model::view::View;
use vaultwright_model::{
    Analysis, Artifact, Language, Options, Symbol, SymbolView, Token, TokenKind,
};

/// An error the reference prints (its text verbatim).
pub const ORIGINAL_ERROR: &str = "NH3600";
/// A warning the reference prints.
pub const ORIGINAL_WARNING: &str = "NH3603";
/// The reference gave up on the file (`Too many errors, good bye!`).
pub const GAVE_UP: &str = "NH3604";

pub fn analyze(source: &str, options: &Options) -> Analysis {
    let mut session = Session::new(Build::Nethack366);
    session.record_tokens = true;
    // A syntax error costs its statement, not the rest of the file.
    session.recover = true;
    let run = session.compile(source.as_bytes());
    let mut analysis = Analysis::empty(Language::NethackDes);
    analysis.diagnostics = diagnostics(source, &run);
    let read: Vec<(u16, usize, usize)> = run
        .tokens
        .iter()
        .map(|&(kind, start, end)| {
            let span = span_in(source, (start, end));
            (kind, span.start as usize, span.end as usize)
        })
        .collect();
    analysis.outline = outline(source, &read);
    analysis.tokens = tokens(source, &read);
    analysis.artifacts = artifacts(&run, &analysis.outline);
    let variables: Vec<Span> = read
        .iter()
        .filter(|&&(_, start, end)| source.get(start..end).is_some_and(|t| t.starts_with('$')))
        .map(|&(_, start, end)| Span::new(start, end))
        .collect();
    analysis.views = previews(
        source,
        &run,
        &analysis.artifacts,
        &analysis.outline,
        &variables,
        options,
    );
    analysis
}

/// A tile map per level written, and per level an earlier level's error
/// kept from being written: its program run with the seed.
fn previews(
    source: &str,
    run: &FileRun,
    artifacts: &[Artifact],
    outline: &[Symbol],
    variables: &[Span],
    options: &Options,
) -> Vec<SymbolView> {
    let mut out = Vec::new();
    for (i, (name, bytes)) in run.files.iter().enumerate() {
        let Some(symbol) = artifacts
            .iter()
            .find(|a| &a.name == name)
            .and_then(|a| a.symbol)
        else {
            continue;
        };
        // A later level of the same name replaced this one's file.
        if artifacts
            .iter()
            .any(|a| &a.name == name && a.bytes != *bytes)
        {
            continue;
        }
        let level = Compiled {
            name,
            bytes,
            op_spans: run.op_spans.get(i).map_or(&[], Vec::as_slice),
        };
        out.extend(preview(source, &level, symbol, outline, variables, options));
    }
    for unwritten in &run.unwritten {
        // Each level where its `LEVEL`/`MAZE` is.
        let start = span_in(source, (unwritten.start, unwritten.start)).start;
        let Some(symbol) = outline
            .iter()
            .position(|s| s.kind.ends_with("level") && s.span.start == start)
        else {
            continue;
        };
        let level = Compiled {
            name: &unwritten.name,
            bytes: &unwritten.bytes,
            op_spans: &unwritten.op_spans,
        };
        out.extend(preview(source, &level, symbol, outline, variables, options));
    }
    out
}

/// A level's `.lev` file and where its records came from.
struct Compiled<'a> {
    name: &'a str,
    bytes: &'a [u8],
    op_spans: &'a [(usize, usize)],
}

/// The tile map and the binary dump of one level, drawn for `symbol`.
fn preview(
    source: &str,
    compiled: &Compiled,
    symbol: usize,
    outline: &[Symbol],
    variables: &[Span],
    options: &Options,
) -> Vec<SymbolView> {
    if !options.wants_views_of(symbol) {
        return Vec::new();
    }
    let Ok(lev) = super::decode(compiled.bytes) else {
        return Vec::new();
    };
    let level = super::preview::realise(&lev, options.seed);
    let span_of = |op: usize| compiled.op_spans.get(op).map(|&span| span_in(source, span));
    let origin_of = |op: usize| span_of(op).unwrap_or_default();
    let mut map = super::preview::tile_map(&level, options.seed, &origin_of);
    // Only the level's own stretch of the file: another level's
    // `$name` tokens are not this run's.
    let own: Vec<Span> = match outline.get(symbol) {
        Some(s) => variables
            .iter()
            .copied()
            .filter(|v| s.span.start <= v.start && v.end <= s.span.end)
            .collect(),
        None => Vec::new(),
    };
    map.trace = super::run_trace::run_trace(source, &lev, &level, &span_of, &own);
    vec![
        SymbolView {
            symbol,
            view: View::TileMap(map),
        },
        SymbolView {
            symbol,
            view: super::binary_view::binary_dump(compiled.name, compiled.bytes, &lev, &span_of),
        },
    ]
}

/// A span of the compiler's byte offsets, widened to whole characters
/// (its lexer stops inside a character of several bytes).
fn span_in(source: &str, (start, end): (usize, usize)) -> Span {
    let start = vaultwright_model::source::floor_char_boundary(source, start);
    let mut end = end.max(start).min(source.len());
    while !source.is_char_boundary(end) {
        end += 1;
    }
    Span::new(start, end)
}

fn diagnostics(source: &str, run: &FileRun) -> Vec<Diagnostic> {
    let span_of = |span| span_in(source, span);
    let mut out = Vec::new();
    for (i, m) in run.messages.iter().enumerate() {
        let mut d = match m {
            Message::Error {
                line, text, span, ..
            } => {
                let mut d = Diagnostic::error(ORIGINAL_ERROR, text.clone(), span_of(*span));
                d.compat_line = u32::try_from(*line).ok();
                d.original = true;
                d
            }
            Message::Warning { line, text, span } => {
                let mut d = Diagnostic::warning(ORIGINAL_WARNING, text.clone(), span_of(*span));
                d.compat_line = u32::try_from(*line).ok();
                d.original = true;
                d
            }
            Message::Limit {
                code, text, span, ..
            } => Diagnostic::error(code, text.clone(), span_of(*span)),
            Message::TooMany => Diagnostic::note_at(
                GAVE_UP,
                "lev_comp 3.6.6 stops after 25 errors in a level: Too many errors, good bye!",
                out.last().map_or(Span::default(), |d: &Diagnostic| d.span),
            ),
            // The count of a level's errors adds nothing to the errors.
            Message::Summary { .. } => continue,
        };
        if let Some((_, notes)) = run.explanations.iter().find(|(at, _)| *at == i) {
            d.notes.extend(notes.iter().cloned());
        }
        out.push(d);
    }
    out
}

/// The level each `.lev` file came from (by name; a later level of the
/// same name overwrites the file, as on disk).
fn artifacts(run: &FileRun, outline: &[Symbol]) -> Vec<Artifact> {
    let mut out: Vec<Artifact> = Vec::new();
    for (name, bytes) in &run.files {
        out.retain(|a| &a.name != name);
        let level = name.strip_suffix(".lev").unwrap_or(name);
        let symbol = outline
            .iter()
            .rposition(|s| s.kind.ends_with("level") && s.name == level);
        out.push(Artifact {
            name: name.clone(),
            symbol,
            bytes: bytes.clone(),
        });
    }
    out
}

fn text_of(source: &str, start: usize, end: usize) -> &str {
    source.get(start..end).unwrap_or("")
}

/// A string token's text without its quotes.
fn unquoted(source: &str, start: usize, end: usize) -> String {
    text_of(source, start, end).trim_matches('"').to_string()
}

/// A level per `LEVEL:`/`MAZE:`, named by its string, running to the next
/// level; a room per `ROOM:`/`SUBROOM:`, named by its type, running to
/// the end of its block.
fn outline(source: &str, tokens: &[(u16, usize, usize)]) -> Vec<Symbol> {
    let mut out = Vec::new();
    let mut level_at: Option<usize> = None;
    for (i, &(kind, start, _)) in tokens.iter().enumerate() {
        let is_level = kind == T_LEVEL_ID || kind == T_MAZE_ID;
        let is_room = kind == T_ROOM_ID || kind == T_SUBROOM_ID;
        if !is_level && !is_room {
            continue;
        }
        let name = tokens[i..]
            .iter()
            .take(4)
            .find(|t| t.0 == T_STRING)
            .map(|&(_, s, e)| (unquoted(source, s, e), Span::new(s, e)));
        let Some((name, name_span)) = name else {
            continue;
        };
        if is_level {
            if let Some(prev) = level_at {
                close(&mut out, prev, start, source);
            }
            level_at = Some(out.len());
            out.push(Symbol {
                name,
                kind: if kind == T_MAZE_ID {
                    "maze level".into()
                } else {
                    "level".into()
                },
                span: Span::new(start, source.len()),
                name_span,
                detail: "NetHack 3.6".into(),
            });
        } else {
            let end = block_end(tokens, i).unwrap_or(source.len());
            out.push(Symbol {
                name,
                kind: if kind == T_SUBROOM_ID {
                    "subroom".into()
                } else {
                    "room".into()
                },
                span: Span::new(start, end),
                name_span,
                detail: String::new(),
            });
        }
    }
    out
}

/// Ends the level at `at` where the next one starts (trailing blank lines
/// and comments stay with the next).
fn close(out: &mut [Symbol], at: usize, next: usize, source: &str) {
    let start = out[at].span.start as usize;
    let end = text_of(source, start, next).trim_end().len() + start;
    out[at].span = Span::new(start, end);
}

/// The end of the `{ … }` block after token `from`, matched by depth.
fn block_end(tokens: &[(u16, usize, usize)], from: usize) -> Option<usize> {
    let mut depth = 0;
    for &(kind, _, end) in &tokens[from..] {
        if kind == T_LBRACE {
            depth += 1;
        } else if kind == T_RBRACE {
            depth -= 1;
            if depth == 0 {
                return Some(end);
            }
        } else if depth == 0 && (kind == T_LEVEL_ID || kind == T_MAZE_ID) {
            return None;
        }
    }
    None
}

fn token_kind(kind: u16) -> Option<TokenKind> {
    let name = TERMINAL_NAMES[kind as usize];
    Some(match name {
        "$end" | "MAP_ID" => return None,
        "STRING" => TokenKind::String,
        "CHAR" => TokenKind::Char,
        "INTEGER" | "MINUS_INTEGER" | "PLUS_INTEGER" | "PERCENT" | "SPERCENT" | "DICE" => {
            TokenKind::Number
        }
        "ILLEGAL" | "UNKNOWN_TYPE" | "NQSTRING" => TokenKind::Invalid,
        _ if name.starts_with('\'') => TokenKind::Punctuation,
        _ if name.ends_with("_ID") => TokenKind::Keyword,
        _ => TokenKind::Constant,
    })
}

/// The tokens read, plus what the lexer skips or reads as one: comment
/// lines, map rows, and `ENDMAP`.
fn tokens(source: &str, read: &[(u16, usize, usize)]) -> Vec<Token> {
    let mut out: Vec<Token> = read
        .iter()
        .filter_map(|&(kind, start, end)| {
            Some(Token {
                kind: token_kind(kind)?,
                span: Span::new(start, end),
            })
        })
        .collect();
    let mut at = 0;
    let mut in_map = false;
    for line in source.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let trimmed = body.trim_start_matches([' ', '\t']);
        let span = Span::new(at, at + body.len());
        if in_map {
            if trimmed.starts_with("ENDMAP") {
                in_map = false;
                out.push(Token {
                    kind: TokenKind::Keyword,
                    span: Span::new(at, at + body.len()),
                });
            } else {
                out.push(Token {
                    kind: TokenKind::MapRow,
                    span,
                });
            }
        } else if body == "MAP" {
            in_map = true;
            out.push(Token {
                kind: TokenKind::Keyword,
                span,
            });
        } else if trimmed.starts_with('#') {
            out.push(Token {
                kind: TokenKind::Comment,
                span,
            });
        }
        at += line.len();
    }
    vaultwright_model::sorting::sort_by_key(&mut out, |t| (t.span.start, t.span.end));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO_LEVELS: &str = "# two levels\nLEVEL: \"one\"\nROOM: \"ordinary\", random, random, random, random {\n  OBJECT: '[', random\n}\n\nMAZE: \"two\", ' '\nGEOMETRY: center, center\nMAP\n...\nENDMAP\n";

    #[test]
    fn levels_and_rooms_are_outlined_and_compiled() {
        let a = analyze(TWO_LEVELS, &Options::default());
        assert!(a.diagnostics.is_empty(), "{:?}", a.diagnostics);
        let names: Vec<(&str, &str)> = a
            .outline
            .iter()
            .map(|s| (s.kind.as_str(), s.name.as_str()))
            .collect();
        assert_eq!(
            names,
            [
                ("level", "one"),
                ("room", "ordinary"),
                ("maze level", "two")
            ]
        );
        let room = &a.outline[1];
        assert!(TWO_LEVELS[room.span.start as usize..room.span.end as usize].ends_with('}'));
        let files: Vec<(&str, Option<usize>)> = a
            .artifacts
            .iter()
            .map(|x| (x.name.as_str(), x.symbol))
            .collect();
        assert_eq!(files, [("one.lev", Some(0)), ("two.lev", Some(2))]);
    }

    #[test]
    fn a_syntax_error_keeps_the_reference_text_and_explains_it() {
        let a = analyze("LEVEL: \"x\"\nMONSTR: 'd', random\n", &Options::default());
        let d = &a.diagnostics[0];
        assert_eq!(d.code, ORIGINAL_ERROR);
        assert_eq!(d.message, "syntax error at \"MONSTR\"");
        assert_eq!(d.compat_line, Some(2));
        assert!(
            d.notes.iter().any(|n| n == "did you mean `MONSTER`?"),
            "{:?}",
            d.notes
        );
    }

    #[test]
    fn a_map_without_geometry_is_explained() {
        let a = analyze("MAZE: \"x\", ' '\nMAP\n...\nENDMAP\n", &Options::default());
        let d = &a.diagnostics[0];
        assert_eq!(d.message, "syntax error at \"ENDMAP\"");
        assert_eq!(
            d.notes,
            [
                "found a `MAP` … `ENDMAP` block; expected the end of the file, a percentage, \
                 `[`, a variable or a new statement (`MONSTER`, `OBJECT`, `IF` …)",
                "in 3.6 a `MAP` needs a `GEOMETRY: h, v` statement right before it"
            ]
        );
    }
}
