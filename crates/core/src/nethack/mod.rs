//! NetHack special levels: the `lev_comp` language (3.4.3 and 3.2 dialects).
//!
//! `lex → parse → compile (checks + records) → encode / views`.
//!
//! - `lexer`: flex emulation; `analyze` lexes in its recovering mode
//!   (`lexer::lex_recovering`), which keeps a map row holding a wrong
//!   character as a row, while the drop-in reads it as the original does.
//! - `parser`: the yacc grammar as recursive descent, with recovery; one
//!   reading function per statement, by family in `parser/` (map,
//!   contents, terrain, rooms). It hands out one level at a time
//!   (`Parser::next_level`).
//! - `compile`: the grammar actions, checks and records in source order;
//!   one function per statement, by family in `compile/` (level, maze,
//!   rooms, contents, terrain, the shared value checks, statements a syntax
//!   error cut short).
//! - `encode` (the `.lev` bytes, field by field) and `views`.
//!
//! `pipeline` compiles each level before the next is read, so the drop-in
//! (`compile_files`) encodes and drops every level at once and holds the
//! memory of one level, while `run` keeps them all for the views.
//!
//! `dialect` holds the per-target codes and limits, `tables` the monster,
//! object, trap and room tables, and `colours` the default colour of each
//! monster and object (in the tables' order), both read from
//! `data/nethack-3.4.3/` and `data/nethack-3.2/` (data files headed by
//! their provenance, in the 3.6 profiles' format, read by the core's one
//! loader, `crate::tsv`); `look` is the tty glyph and colour of everything
//! a view draws (the 5.0 Lua levels draw with it too).
//!
//! `decode` reads a 3.4.3/3.2 `.lev` back into the encoder's `LevelFile`,
//! listing every field (offset, size, record path, value; `decode::meaning`
//! names it from the dialect's tables): the binary view's data.
//! `decompile` writes a `LevelFile` as source that compiles to the same
//! bytes. Both reach callers through the `.lev` door (`lev.rs`).

pub mod ast;
mod binary_view;
pub mod catalog;
pub mod colours;
pub mod compile;
pub mod decode;
pub mod decompile;
pub mod dialect;
pub mod encode;
pub mod lexer;
pub mod look;
pub mod parser;
pub mod tables;
pub mod views;

use std::collections::VecDeque;

use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::Span;
use vaultwright_model::{Analysis, Artifact, Language, Options, Symbol, Token, TokenKind};

/// Everything the pipeline produced, before it is flattened into an
/// [`Analysis`].
pub struct Output {
    pub file: ast::File,
    pub lexed: lexer::Lexed,
    pub diagnostics: Vec<Diagnostic>,
    pub compiled: Vec<compile::Compiled>,
}

/// The whole file: every level kept for the views.
/// The lexer keeps map rows with characters that are not map characters
/// (one finding each, the map still drawn); the drop-in's path reads them
/// as the original does.
pub fn run(source: &str, options: &Options) -> Output {
    let lexed = lexer::lex_recovering(source, options.target);
    let mut file = ast::File::default();
    let mut compiled = Vec::new();
    let diagnostics = pipeline(source, &lexed, options, |level, written| {
        file.levels.push(level);
        compiled.append(written);
    });
    Output {
        file,
        lexed,
        diagnostics,
        compiled,
    }
}

/// The `.lev` files only, each encoded as soon as its level is compiled;
/// levels are dropped once checked, so memory stays that of one level
/// (the drop-in's path).
pub fn compile_files(source: &str, options: &Options) -> (Vec<(String, Vec<u8>)>, Vec<Diagnostic>) {
    let lexed = lexer::lex(source, options.target);
    let mut files = Vec::new();
    let diagnostics = pipeline(source, &lexed, options, |_level, written| {
        for c in written.drain(..) {
            files.push((c.file_name(), c.file.encode()));
        }
    });
    (files, diagnostics)
}

/// Parses and compiles one level at a time, as the original does, and
/// hands each level to `each` with the levels written so far (which `each`
/// may take). Returns every diagnostic in the original's order.
fn pipeline(
    source: &str,
    lexed: &lexer::Lexed,
    options: &Options,
    mut each: impl FnMut(ast::Level, &mut Vec<compile::Compiled>),
) -> Vec<Diagnostic> {
    let dialect = dialect::Dialect::for_target(options.target);
    let mut parser = parser::Parser::new(source, lexed, options.target);
    let mut compiler = compile::Compiler::new(dialect, &lexed.maps, options.extra_warnings);
    // Syntax errors the parser has found and the compiler not yet taken.
    let mut syntax: VecDeque<Diagnostic> = VecDeque::new();
    let mut names = Vec::new();
    let mut index = 0;
    while let Some(level) = parser.next_level() {
        // The parser never looks back: once it has read a level, every
        // syntax error before that level's end is known.
        syntax.extend(parser.diagnostics.drain(..));
        // Syntax errors before the level's start come first, as the
        // original reports them while parsing.
        while let Some(d) = syntax.pop_front_if(|d| d.span.start <= level.span.start) {
            compiler.add_syntax_error(d);
        }
        let before = compiler.diagnostics.len();
        compiler.level(index, &level, &mut names);
        // Interleave the level's own syntax errors by position (one at
        // the token right after the level comes after the level's end).
        let mut own: Vec<Diagnostic> = Vec::new();
        while let Some(d) = syntax.pop_front_if(|d| d.span.start < level.span.end) {
            own.push(d);
        }
        if !own.is_empty() {
            merge_syntax_errors(&mut compiler, before, own);
        }
        each(level, &mut compiler.levels);
        index += 1;
    }
    syntax.extend(parser.diagnostics.drain(..));
    for d in syntax {
        compiler.add_syntax_error(d);
    }
    for &(span, what) in &lexed.notes {
        compiler
            .diagnostics
            .push(Diagnostic::note_at("NH0002", what, span));
    }
    compiler.diagnostics
}

/// Puts a level's syntax errors among the compiler's findings for that
/// level (those from `before` on), by position.
fn merge_syntax_errors(compiler: &mut compile::Compiler, before: usize, own: Vec<Diagnostic>) {
    let tail = compiler.diagnostics.split_off(before);
    let mut merged: Vec<Diagnostic> = Vec::with_capacity(tail.len() + own.len());
    let mut own = own.into_iter().peekable();
    for d in tail {
        while let Some(s) = own.next_if(|s| s.span.start <= d.span.start) {
            merged.push(s);
        }
        merged.push(d);
    }
    merged.extend(own);
    for d in merged {
        if parser::is_parse_error(&d) {
            compiler.add_syntax_error(d);
        } else {
            compiler.diagnostics.push(d);
        }
    }
}

pub fn analyze(source: &str, options: &Options) -> Analysis {
    let out = run(source, options);
    let mut analysis = Analysis::empty(Language::NethackDes);
    analysis.tokens = tokens(source, &out.lexed);
    for (i, level) in out.file.levels.iter().enumerate() {
        let kind = match level.kind {
            ast::LevelKind::Maze => "maze level",
            ast::LevelKind::Room => "room level",
        };
        analysis.outline.push(Symbol {
            name: level.name.text.clone(),
            kind: kind.into(),
            span: level.span,
            name_span: level.name.span,
            detail: views::detail(level, &out.lexed),
        });
        if options.wants_views_of(i) {
            analysis.views.push(vaultwright_model::SymbolView {
                symbol: i,
                view: views::view(level, &out.lexed, options),
            });
            let compiled = out.compiled.iter().find(|c| c.level_index == i);
            let d = dialect::Dialect::for_target(options.target);
            if let Some(view) = compiled
                .and_then(|c| binary_view::binary_view(level, &c.file_name(), c.file.encode(), d))
            {
                analysis
                    .views
                    .push(vaultwright_model::SymbolView { symbol: i, view });
            }
        }
    }
    for c in &out.compiled {
        analysis.artifacts.push(Artifact {
            name: c.file_name(),
            symbol: Some(c.level_index),
            bytes: c.file.encode(),
        });
    }
    analysis.diagnostics = out.diagnostics;
    analysis
}

fn tokens(source: &str, lexed: &lexer::Lexed) -> Vec<Token> {
    use lexer::Tok;
    let mut out = Vec::with_capacity(lexed.toks.len() + lexed.comments.len());
    for t in &lexed.toks {
        let kind = match t.tok {
            Tok::Kw(_) => TokenKind::Keyword,
            Tok::Val(..) => TokenKind::Constant,
            Tok::Percent(_) | Tok::Integer(_) => TokenKind::Number,
            Tok::Str => TokenKind::String,
            Tok::Char(_) => TokenKind::Char,
            Tok::Punct(b',' | b':' | b'(' | b')' | b'[' | b']') => TokenKind::Punctuation,
            Tok::Punct(_) => TokenKind::Invalid,
            Tok::Map(i) => {
                let m = &lexed.maps[i as usize];
                out.push(Token {
                    kind: TokenKind::Keyword,
                    span: m.open,
                });
                for (span, _) in &m.rows {
                    out.push(Token {
                        kind: TokenKind::MapRow,
                        span: *span,
                    });
                }
                TokenKind::Keyword
            }
            Tok::Eof => continue,
        };
        out.push(Token { kind, span: t.span });
    }
    for c in &lexed.comments {
        let end = if source.as_bytes().get(c.end as usize - 1) == Some(&b'\n') {
            c.end as usize - 1
        } else {
            c.end as usize
        };
        out.push(Token {
            kind: TokenKind::Comment,
            span: Span::new(c.start as usize, end),
        });
    }
    vaultwright_model::sorting::sort_by_key(&mut out, |t| (t.span.start, t.span.end));
    out
}

/// Renders diagnostics the way `lev_comp` prints them on stderr:
/// `file: line N : message`, `file: line N : WARNING : message`,
/// `file : N errors detected. No output created!`. Stops after
/// "Too many errors, good bye!" as the original does. Our own findings use
/// the same shape with the line of their span; only errors of ours are
/// shown (our extra warnings are for `vaultwright check`).
pub fn lev_comp_messages(fname: &str, source: &str, diags: &[Diagnostic]) -> Vec<String> {
    // Built only for a finding of ours (one without the original's line):
    // indexing the whole source is most of the cost of a clean run's
    // messages.
    let mut index: Option<vaultwright_model::LineIndex> = None;
    let mut out = Vec::new();
    for d in diags {
        // Our own warnings are not printed: they never need the index.
        let printed = d.is_error() || d.original;
        if !printed {
            continue;
        }
        let line = d.compat_line.unwrap_or_else(|| {
            let index = index.get_or_insert_with(|| vaultwright_model::LineIndex::new(source));
            index.line_of(d.span.start as usize) as u32 + 1
        });
        match (d.code.as_str(), d.severity) {
            (compile::code::ERRORS_DETECTED, _) => out.push(format!("{fname} : {}", d.message)),
            (compile::code::TOO_MANY_ERRORS, _) => {
                out.push(d.message.clone());
                break;
            }
            (parser::BAD_MAP_CHAR, _) => {
                // The original's words for it; it stops there.
                out.push(format!("{fname}: line {line} : syntax error"));
                break;
            }
            (_, vaultwright_model::Severity::Error) => {
                out.push(format!("{fname}: line {line} : {}", d.message));
                if d.code == parser::SYNTAX {
                    // The original stops at its first syntax error.
                    break;
                }
            }
            (_, vaultwright_model::Severity::Warning) if d.original => {
                out.push(format!("{fname}: line {line} : WARNING : {}", d.message))
            }
            _ => {}
        }
    }
    out
}
