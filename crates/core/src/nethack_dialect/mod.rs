//! Which NetHack a special-level file is written for: the 3.4.3/3.2
//! language or 3.6's. Files rarely say; their statements do. A light scan
//! (comments and map rows skipped, strings kept whole) collects the
//! constructs only one of the two languages has, and the file goes to the
//! compiler of the side with the evidence. A file with evidence on both
//! sides gets one diagnostic naming a construct of each.
//!
//! `analyze` runs the compiler of the side picked (`nethack` or `nethack36`)
//! and puts the other side's constructs among that compiler's findings by
//! position (NH0300–NH0304, with rewrites from `fixits`).
//! `Options::explicit_target` (the CLI's `--target`, the studio's selector
//! other than "auto") skips the pick.

mod fixits;

use vaultwright_model::diagnostic::{Diagnostic, Fix};
use vaultwright_model::source::Span;
use vaultwright_model::{LineIndex, Options, Target};

/// Which language a construct belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// 3.4.3 and 3.2.
    Classic,
    V36,
}

/// A construct only one side has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evidence {
    pub side: Side,
    /// What it is, for a message: "a variable (`$place`)".
    pub what: String,
    pub span: Span,
    /// The same in the other language, where there is a direct rewrite:
    /// the text at `.0` becomes `.1`.
    pub rewrite: Option<(Span, String)>,
}

/// The note on the first line saying which compiler was picked, and why.
pub const PICKED: &str = "NH0300";
/// A file with constructs of both languages.
pub const MIXED: &str = "NH0301";
/// A 3.4.3 construct in a file read as 3.6.
pub const CLASSIC_IN_36: &str = "NH0302";
/// A 3.6 construct in a file read as 3.4.3 or 3.2.
pub const V36_IN_CLASSIC: &str = "NH0303";
/// `MAZE: "name"` without the filler both languages want.
pub const MAZE_FILLER: &str = "NH0304";

/// The dialect picked for a file, with the diagnostics that say so.
pub struct Picked {
    pub target: Target,
    pub diagnostics: Vec<Diagnostic>,
}

/// Picks the compiler for `source`: the user's when `options` fixes the
/// target, else by the evidence (the given target when there is none, or
/// the classic side wins).
pub fn pick(source: &str, options: &Options) -> Picked {
    let Scan {
        evidence,
        unfilled_mazes,
    } = scan(source);
    if options.explicit_target {
        let mut diagnostics = Vec::new();
        other_side(source, &evidence, options.target, &mut diagnostics);
        maze_fillers(&unfilled_mazes, &mut diagnostics);
        return Picked {
            target: options.target,
            diagnostics,
        };
    }
    let count = |side| evidence.iter().filter(|e| e.side == side).count();
    let (classic, v36) = (count(Side::Classic), count(Side::V36));
    let fallback = if options.target.is_36() {
        Target::Nethack343
    } else {
        options.target
    };
    let target = if v36 > classic {
        Target::Nethack366
    } else if classic > 0 || v36 == 0 {
        fallback
    } else {
        Target::Nethack366
    };
    let mut diagnostics = Vec::new();
    let side = if target.is_36() {
        Side::V36
    } else {
        Side::Classic
    };
    let index = LineIndex::new(source);
    let line_of = |span: Span| index.line_of(span.start as usize) + 1;
    if let Some(why) = evidence.iter().find(|e| e.side == side) {
        let other = if target.is_36() { "3.4.3" } else { "3.6" };
        diagnostics.push(
            Diagnostic::note_at(
                PICKED,
                format!(
                    "checked as {}: line {} uses {}, which {other} does not have",
                    title(target),
                    line_of(why.span),
                    why.what
                ),
                // At the start of the first line: about the whole file.
                Span::new(0, 0),
            )
            .with_note("`--target` (or the studio's target selector) overrides this"),
        );
    }
    let first = |side| evidence.iter().find(|e| e.side == side);
    if let (Some(a), Some(b)) = (first(Side::Classic), first(Side::V36)) {
        let (later, earlier) = if a.span.start > b.span.start {
            (a, b)
        } else {
            (b, a)
        };
        diagnostics.push(
            Diagnostic::warning(
                MIXED,
                format!(
                    "this file mixes the two NetHack level languages: line {} uses {} ({} only) \
                     and line {} uses {} ({} only)",
                    line_of(a.span),
                    a.what,
                    "3.4.3",
                    line_of(b.span),
                    b.what,
                    "3.6",
                ),
                later.span,
            )
            .with_note(format!(
                "the other construct is on line {}; the file is checked as {}",
                line_of(earlier.span),
                title(target)
            )),
        );
    }
    other_side(source, &evidence, target, &mut diagnostics);
    maze_fillers(&unfilled_mazes, &mut diagnostics);
    Picked {
        target,
        diagnostics,
    }
}

/// An error per construct of the other language, with its rewrite.
fn other_side(source: &str, evidence: &[Evidence], target: Target, out: &mut Vec<Diagnostic>) {
    let (side, code, there) = if target.is_36() {
        (Side::Classic, CLASSIC_IN_36, "3.6")
    } else {
        (Side::V36, V36_IN_CLASSIC, "3.4.3")
    };
    for e in evidence.iter().filter(|e| e.side == side) {
        let d = match &e.rewrite {
            Some((span, text)) => Diagnostic::error(
                code,
                format!(
                    "this is {}; in {there} write `{}`",
                    e.what,
                    rewritten_line(source, *span, text)
                ),
                e.span,
            )
            .with_fix(Fix {
                title: format!("rewrite in the {there} form"),
                span: *span,
                replacement: text.clone(),
            }),
            None => Diagnostic::error(
                code,
                format!("this is {}; {} does not have it", e.what, title(target)),
                e.span,
            ),
        };
        out.push(d);
    }
}

/// The line holding `span`, with `span` replaced (a rewrite of several
/// lines is shown on one, its lines joined by "` then `").
fn rewritten_line(source: &str, span: Span, text: &str) -> String {
    let (start, end) = (span.start as usize, span.end as usize);
    let line_start = source
        .get(..start)
        .and_then(|s| s.rfind('\n'))
        .map_or(0, |i| i + 1);
    let line_end = source
        .get(end..)
        .and_then(|s| s.find('\n'))
        .map_or(source.len(), |i| end + i);
    let before = source.get(line_start..start).unwrap_or("");
    let after = source
        .get(end..line_end)
        .unwrap_or("")
        .trim_end_matches('\r');
    format!("{before}{text}{after}")
        .trim()
        .replace('\n', "` then `")
}

/// `MAZE: "name"` alone: rejected by every lev_comp; a note with the fix.
fn maze_fillers(unfilled: &[UnfilledMaze], out: &mut Vec<Diagnostic>) {
    for maze in unfilled {
        let end = maze.statement.end as usize;
        out.push(
            Diagnostic::note_at(
                MAZE_FILLER,
                format!(
                    "a `MAZE` needs a filler character after its name: write `{}, ' '`",
                    maze.line
                ),
                maze.statement,
            )
            .with_fix(Fix {
                title: "add the filler ' '".into(),
                span: Span::new(end, end),
                replacement: ", ' '".into(),
            }),
        );
    }
}

fn title(target: Target) -> &'static str {
    match target {
        Target::Nethack343 => "NetHack 3.4.3",
        Target::Nethack323 => "NetHack 3.2.3",
        Target::Nethack322 => "NetHack 3.2.2",
        Target::Nethack366 => "NetHack 3.6.6",
    }
}

/// A token of the light scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok<'a> {
    Word(&'a str),
    Var(&'a str),
    Str,
    Char,
    Number,
    Punct(char),
}

/// Tokens of one line, with their byte ranges; a `#` outside a string
/// ends the line (3.4.3 reads comments anywhere).
fn tokenize(line: &str, at: usize) -> Vec<(Tok<'_>, Span)> {
    let mut out = Vec::new();
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let start = i;
        let tok = match b {
            b' ' | b'\t' | b'\r' => {
                i += 1;
                continue;
            }
            b'#' => break,
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += 1;
                }
                i = (i + 1).min(bytes.len());
                Tok::Str
            }
            b'\'' => {
                // 'x' or '\x'; anything else is punctuation.
                let len = if bytes.get(i + 1) == Some(&b'\\') {
                    4
                } else {
                    3
                };
                if bytes.get(i + len - 1) == Some(&b'\'') {
                    i += len;
                    Tok::Char
                } else {
                    i += 1;
                    Tok::Punct('\'')
                }
            }
            b'$' => {
                i += 1;
                while i < bytes.len() && (bytes[i].is_ascii_alphabetic() || bytes[i] == b'_') {
                    i += 1;
                }
                Tok::Var(line.get(start..i).unwrap_or(""))
            }
            b'0'..=b'9' | b'-' | b'+'
                if b.is_ascii_digit() || bytes.get(i + 1).is_some_and(u8::is_ascii_digit) =>
            {
                i += 1;
                while i < bytes.len() && bytes[i].is_ascii_alphanumeric() {
                    i += 1;
                }
                Tok::Number
            }
            _ if b.is_ascii_alphabetic() || b == b'_' => {
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                Tok::Word(line.get(start..i).unwrap_or(""))
            }
            _ => {
                let c = line.get(i..).and_then(|r| r.chars().next()).unwrap_or('?');
                i += c.len_utf8();
                Tok::Punct(c)
            }
        };
        out.push((tok, Span::new(at + start, at + i)));
    }
    out
}

/// Statement keywords only 3.6 has.
const STATEMENTS_36: &[&str] = &[
    "IF",
    "ELSE",
    "LOOP",
    "FOR",
    "SWITCH",
    "CASE",
    "BREAK",
    "DEFAULT",
    "FUNCTION",
    "EXIT",
    "SHUFFLE",
    "TERRAIN",
    "REPLACE_TERRAIN",
    "GRAVE",
    "MINERALIZE",
    "ROOMDOOR",
];
/// Selection functions (3.6), when followed by `(`.
const SELECTIONS_36: &[&str] = &[
    "rect",
    "fillrect",
    "line",
    "randline",
    "grow",
    "floodfill",
    "rndcoord",
    "circle",
    "ellipse",
    "filter",
    "gradient",
    "complement",
    "selection",
];
/// Value words only 3.6 reads.
const WORDS_36: &[&str] = &[
    "solidfill",
    "mazegrid",
    "premapped",
    "shroud",
    "graveyard",
    "icedpools",
    "solidify",
    "corrmaze",
    "inaccessibles",
    "joined",
    "unjoined",
    "irregular",
    "limited",
    "unlimited",
];
/// The 3.4.3 registers.
const REGISTERS_343: &[&str] = &["RANDOM_PLACES", "RANDOM_MONSTERS", "RANDOM_OBJECTS"];

/// What one pass over a file finds.
pub struct Scan {
    /// Every construct of one side, in order.
    pub evidence: Vec<Evidence>,
    unfilled_mazes: Vec<UnfilledMaze>,
}

/// A `MAZE: "name"` statement with no filler, and its line as written.
struct UnfilledMaze {
    statement: Span,
    line: String,
}

/// Reads `source` once, statement by statement (comments and map rows
/// skipped).
pub fn scan(source: &str) -> Scan {
    let mut out = Vec::new();
    let mut unfilled_mazes = Vec::new();
    let mut at = 0;
    let mut in_map = false;
    for line in source.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let trimmed = body.trim();
        if in_map {
            in_map = !trimmed.starts_with("ENDMAP");
        } else if trimmed == "MAP" {
            in_map = true;
        } else if !trimmed.starts_with('#') {
            let toks = tokenize(body, at);
            if maze_without_filler(&toks) {
                let end = toks.last().map_or(at, |t| t.1.end as usize);
                // The statement's own text: a trailing comment stays out
                // of the rewrite the message quotes.
                unfilled_mazes.push(UnfilledMaze {
                    statement: Span::new(at, end),
                    line: source.get(at..end).unwrap_or(body).trim().to_string(),
                });
            }
            statement(source, &toks, &mut out);
        }
        at += line.len();
    }
    Scan {
        evidence: out,
        unfilled_mazes,
    }
}

fn found(out: &mut Vec<Evidence>, side: Side, what: String, span: Span) {
    out.push(Evidence {
        side,
        what,
        span,
        rewrite: None,
    });
}

fn found_with(
    out: &mut Vec<Evidence>,
    side: Side,
    what: String,
    span: Span,
    rewrite: Option<(Span, String)>,
) {
    out.push(Evidence {
        side,
        what,
        span,
        rewrite,
    });
}

/// The evidence in one statement (a line).
fn statement(source: &str, toks: &[(Tok, Span)], out: &mut Vec<Evidence>) {
    let whole = match (toks.first(), toks.last()) {
        (Some(a), Some(b)) => Span::new(a.1.start as usize, b.1.end as usize),
        _ => return,
    };
    if let Some(&(Tok::Word(w), span)) = toks.first() {
        if STATEMENTS_36.contains(&w) {
            found(out, Side::V36, format!("`{w}`"), span);
        }
        if REGISTERS_343.contains(&w) {
            let rewrite = fixits::register_to_36(source, w, toks, whole);
            found_with(
                out,
                Side::Classic,
                format!("the 3.4.3 register `{w}`"),
                span,
                rewrite,
            );
        }
        if w == "MONSTER" || w == "OBJECT" || w == "CONTAINER" {
            creature_form(source, w, toks, whole, out);
        }
        if w == "INIT_MAP" {
            if let Some(&(Tok::Word(style @ ("mines" | "rogue")), span)) = toks.get(2) {
                found(out, Side::V36, format!("`INIT_MAP: {style}`"), span);
            }
        }
    }
    for (i, &(tok, span)) in toks.iter().enumerate() {
        let next = toks.get(i + 1).map(|t| t.0);
        match tok {
            Tok::Var(name) => {
                found(out, Side::V36, format!("a variable (`{name}`)"), span);
                return;
            }
            Tok::Punct('{') | Tok::Punct('}') if i == 0 || i == toks.len() - 1 => {
                found(out, Side::V36, "a `{ … }` block".into(), span);
            }
            Tok::Word(w) if SELECTIONS_36.contains(&w) && next == Some(Tok::Punct('(')) => {
                found(out, Side::V36, format!("the selection `{w}(…)`"), span);
            }
            Tok::Word(w) if WORDS_36.contains(&w) => {
                found(out, Side::V36, format!("`{w}`"), span);
            }
            Tok::Word(w @ ("place" | "monster" | "object"))
                if next == Some(Tok::Punct('[')) && i > 0 =>
            {
                let at = Span::new(span.start as usize, span.start as usize);
                found_with(
                    out,
                    Side::Classic,
                    format!("the 3.4.3 register `{w}[…]`"),
                    span,
                    Some((at, "$".into())),
                );
            }
            _ => {}
        }
    }
}

/// `MONSTER: 'c', "name", place` (3.4.3) against `MONSTER: ('c', "name"),
/// place` or `MONSTER: "name", place` (3.6); likewise OBJECT.
fn creature_form(
    source: &str,
    keyword: &str,
    toks: &[(Tok, Span)],
    whole: Span,
    out: &mut Vec<Evidence>,
) {
    let args: Vec<Tok> = toks.iter().skip(2).map(|t| t.0).collect();
    if toks.get(1).map(|t| t.0) != Some(Tok::Punct(':')) {
        return;
    }
    // A name string after the class is 3.4.3's; `random` there is too
    // when a coordinate follows (in 3.6 it would be the place).
    let classic = matches!(args.first(), Some(Tok::Char | Tok::Word("random")))
        && args.get(1) == Some(&Tok::Punct(','))
        && args.get(3) == Some(&Tok::Punct(','))
        && match args.get(2) {
            Some(Tok::Str) => true,
            Some(Tok::Word("random")) => {
                matches!(args.get(4), Some(Tok::Punct('(') | Tok::Word("place")))
            }
            _ => false,
        };
    // A place right after the class is 3.6's (3.4.3 wants a name there).
    let class_then_place = matches!(args.first(), Some(Tok::Char))
        && args.get(1) == Some(&Tok::Punct(','))
        && args.get(2) == Some(&Tok::Punct('('));
    let v36 = matches!(args.first(), Some(Tok::Punct('(') | Tok::Str)) || class_then_place;
    if v36 {
        found_with(
            out,
            Side::V36,
            format!("the 3.6 form of `{keyword}`"),
            whole,
            fixits::head_to_classic(source, keyword, &toks[2..]),
        );
    } else if classic {
        found_with(
            out,
            Side::Classic,
            format!("the 3.4.3 form of `{keyword}` (class, name, place)"),
            whole,
            fixits::head_to_36(source, &toks[2..]),
        );
    }
}

/// `MAZE: "name"` and nothing after: both languages want `, filler` (the
/// 3.4.3 grammar too, whatever is said of it).
fn maze_without_filler(toks: &[(Tok, Span)]) -> bool {
    matches!(
        toks,
        [(Tok::Word("MAZE"), _), (Tok::Punct(':'), _), (Tok::Str, _)]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sides(src: &str) -> Vec<(Side, String)> {
        scan(src)
            .evidence
            .into_iter()
            .map(|e| (e.side, e.what))
            .collect()
    }

    #[test]
    fn constructs_of_each_side_are_found() {
        assert_eq!(
            sides("MAZE: \"x\"\nRANDOM_PLACES: (1,1)\nMONSTER: 'd', \"jackal\", place[0]\n"),
            [
                (
                    Side::Classic,
                    "the 3.4.3 register `RANDOM_PLACES`".to_string()
                ),
                (
                    Side::Classic,
                    "the 3.4.3 form of `MONSTER` (class, name, place)".to_string()
                ),
                (Side::Classic, "the 3.4.3 register `place[…]`".to_string()),
            ]
        );
        assert_eq!(
            sides("$x = 1\nIF [50%] {\nMONSTER: ('d', \"jackal\"), $x\n}\n# IF in a comment\nMAP\nIF\nENDMAP\nTERRAIN: floodfill(1,1), '.'\n"),
            [
                (Side::V36, "a variable (`$x`)".to_string()),
                (Side::V36, "`IF`".to_string()),
                (Side::V36, "a `{ … }` block".to_string()),
                (Side::V36, "the 3.6 form of `MONSTER`".to_string()),
                (Side::V36, "a variable (`$x`)".to_string()),
                (Side::V36, "a `{ … }` block".to_string()),
                (Side::V36, "`TERRAIN`".to_string()),
                (Side::V36, "the selection `floodfill(…)`".to_string()),
            ]
        );
    }

    #[test]
    fn a_maze_without_filler_is_quoted_without_its_comment() {
        let src = "MAZE: \"x\"   # the old form\n";
        let p = pick(src, &Options::default());
        let note = p
            .diagnostics
            .iter()
            .find(|d| d.code == MAZE_FILLER)
            .expect("a filler note");
        assert_eq!(
            note.message,
            "a `MAZE` needs a filler character after its name: write `MAZE: \"x\", ' '`"
        );
        assert_eq!(note.span, Span::new(0, 9));
    }

    #[test]
    fn ambiguous_files_stay_with_the_given_target() {
        let p = pick("MAZE: \"x\", ' '\n", &Options::default());
        assert_eq!(p.target, Target::Nethack343);
        assert!(p.diagnostics.is_empty());
    }

    #[test]
    fn the_pick_is_noted_on_the_first_line_and_mixing_is_named() {
        let src = "LEVEL: \"x\"\nRANDOM_PLACES: (1,1)\n$a = 1\nIF [5%] { EXIT }\n";
        let p = pick(src, &Options::default());
        assert_eq!(p.target, Target::Nethack366);
        assert_eq!(p.diagnostics[0].code, PICKED);
        assert_eq!(
            p.diagnostics[0].message,
            "checked as NetHack 3.6.6: line 3 uses a variable (`$a`), which 3.4.3 does not have"
        );
        assert_eq!(p.diagnostics[0].span, Span::new(0, 0));
        assert_eq!(p.diagnostics[1].code, MIXED);
        assert_eq!(
            p.diagnostics[1].message,
            "this file mixes the two NetHack level languages: line 2 uses the 3.4.3 register \
             `RANDOM_PLACES` (3.4.3 only) and line 3 uses a variable (`$a`) (3.6 only)"
        );
        let fixed = Options {
            explicit_target: true,
            ..Options::default()
        };
        let p = pick(src, &fixed);
        assert_eq!(p.target, Target::Nethack343);
        let codes: Vec<&str> = p.diagnostics.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(codes, [V36_IN_CLASSIC, V36_IN_CLASSIC, V36_IN_CLASSIC]);
        assert_eq!(
            p.diagnostics[0].message,
            "this is a variable (`$a`); NetHack 3.4.3 does not have it"
        );
    }
}
