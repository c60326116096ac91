//! NetHack dungeon descriptions: `makedefs -e` (`dungeon.def` →
//! `dungeon.pdf`), `dgn_comp` (→ the `dungeon` binary, byte-identical), the
//! branch graph, and a seeded "roll" of one concrete layout.
//!
//! `makedefs` (`makedefs -e`, with a map from `.pdf` offsets back to `.def`
//! offsets; 3.6's conditional lines through `mdgrep`) → `lexer` →
//! `compile` (one pass doing the grammar actions, with the original's
//! look-ahead line numbers and its wrong-slot checks; `compile/statements.rs`
//! has one function per statement) → `encode` (the `dungeon` file). Then
//! `graph` (possible ranges on one absolute depth axis: `depths` places each
//! dungeon where the branch into it leads, as the game's `init_dungeons`
//! does), `roll` (one seeded layout) and `binary_view` (the `dungeon` file
//! read back field by field, each record tied to its statement).
//!
//! NetHack 5.0's `dungeon.lua` is read into this module's model
//! (`compile::Model`) by `nethack_lua`, for the same branch graph and roll.

mod binary_view;
pub mod compile;
mod depths;
pub mod lexer;
pub mod makedefs;
mod mdgrep;
pub mod roll;

use compile::Model;
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::source::Span;
use vaultwright_model::view::{BranchEdge, BranchGraph, DungeonNode, LevelNode, View};
use vaultwright_model::{
    Analysis, Artifact, Language, Options, Symbol, SymbolView, Token, TokenKind,
};

/// Whether a source is a `dungeon.def` (to preprocess) or already a
/// `dungeon.pdf`.
pub fn is_def(file_name: &str, src: &str) -> bool {
    let lower = file_name.to_ascii_lowercase();
    if lower.ends_with(".pdf") {
        return false;
    }
    lower.ends_with(".def") || src.lines().any(|l| l.starts_with('%'))
}

/// Output file name of `dgn_comp` for an input name: minus `.pdf`, or
/// `dungeon` for a `.def` and for standard input.
pub fn output_name(file_name: &str) -> String {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    match base.strip_suffix(".pdf") {
        Some(stem) if !stem.is_empty() => stem.to_string(),
        _ => "dungeon".to_string(),
    }
}

pub struct Output {
    pub diagnostics: Vec<Diagnostic>,
    pub model: Model,
    /// `dungeon.pdf` text when the input was a `.def`.
    pub pdf: Option<String>,
    /// The `dungeon` bytes, when there is no error.
    pub binary: Option<Vec<u8>>,
    /// What the original `dgn_comp` leaves in its output file, errors or
    /// not; `None` where one of our own errors stops the drop-in from
    /// writing (the original would crash or write a file the game cannot
    /// load).
    pub original_output: Option<Vec<u8>>,
    pub tokens: Vec<Token>,
    /// What 3.6's `makedefs -e` printed, byte for byte (empty otherwise).
    pub makedefs_stderr: String,
}

pub fn run(src: &str, options: &Options) -> Output {
    let def = is_def(&options.file_name, src);
    let mut makedefs_stderr = String::new();
    let (text, map): (String, Option<Vec<(usize, usize)>>) = if def {
        let file = if options.file_name.is_empty() {
            "dungeon.def".to_string()
        } else {
            options
                .file_name
                .rsplit(['/', '\\'])
                .next()
                .unwrap_or("dungeon.def")
                .to_string()
        };
        let pre = makedefs::preprocess_for(src, &file, options.target);
        if !pre.complete {
            return Output {
                diagnostics: pre.diagnostics,
                model: Model::default(),
                pdf: None,
                binary: None,
                original_output: None,
                tokens: Vec::new(),
                makedefs_stderr: pre.stderr,
            };
        }
        makedefs_stderr = pre.stderr;
        // pdf offset of each line start → source offset of its first byte.
        let mut map = Vec::new();
        let mut at = makedefs::HEADER.len();
        for l in &pre.lines {
            let src_line_len = l.origin.len();
            let kept = l.text.trim_end_matches(['\n', '\r']).len();
            map.push((at, l.origin.start as usize + src_line_len - kept));
            at += l.text.len();
        }
        (pre.text, Some(map))
    } else {
        (src.to_string(), None)
    };
    let lexed = lexer::lex(&text);
    let mut out = compile::compile(&text, &lexed.toks, options.target);
    let to_src = |span: Span| -> Span {
        match &map {
            None => span,
            Some(m) => {
                let f = |o: usize| {
                    let i = m.partition_point(|&(p, _)| p <= o);
                    if i == 0 {
                        0
                    } else {
                        let (p, s) = m[i - 1];
                        (s + (o - p)).min(src.len())
                    }
                };
                Span::new(f(span.start as usize), f(span.end as usize))
            }
        }
    };
    let mut tokens = Vec::new();
    for t in &lexed.toks {
        let kind = match t.tok {
            lexer::Tok::Kw(_) => TokenKind::Keyword,
            lexer::Tok::UpOrDown(_) | lexer::Tok::BranchType(_) | lexer::Tok::Descriptor(_) => {
                TokenKind::Constant
            }
            lexer::Tok::Integer(_) => TokenKind::Number,
            lexer::Tok::Str => TokenKind::String,
            lexer::Tok::Punct(b':' | b'(' | b')' | b',' | b'@' | b'+') => TokenKind::Punctuation,
            lexer::Tok::Punct(_) => TokenKind::Invalid,
            lexer::Tok::Eof => continue,
        };
        tokens.push(Token {
            kind,
            span: to_src(t.span),
        });
    }
    if def {
        // Comments of the .def are dropped by makedefs: highlight them from
        // the source itself.
        let mut pos = 0;
        for line in src.split_inclusive('\n') {
            if line.starts_with('#') {
                tokens.push(Token {
                    kind: TokenKind::Comment,
                    span: Span::new(pos, pos + line.trim_end_matches(['\n', '\r']).len()),
                });
            } else if let Some(rest) = line.strip_prefix('%') {
                let end = pos + 1 + rest.find([' ', '\t', '\n']).unwrap_or(rest.len());
                tokens.push(Token {
                    kind: TokenKind::Keyword,
                    span: Span::new(pos, end.min(src.len())),
                });
            }
            pos += line.len();
        }
    } else {
        for c in &lexed.comments {
            let end = if text.as_bytes().get(c.end as usize - 1) == Some(&b'\n') {
                c.end as usize - 1
            } else {
                c.end as usize
            };
            tokens.push(Token {
                kind: TokenKind::Comment,
                span: Span::new(c.start as usize, end),
            });
        }
    }
    vaultwright_model::sorting::sort_by_key(&mut tokens, |t| (t.span.start, t.span.end));
    for d in &mut out.diagnostics {
        d.span = to_src(d.span);
        if def {
            // Lines of the .def, not of the generated .pdf.
            d.compat_line = None;
        }
    }
    let m = &mut out.model;
    for d in &mut m.dungeons {
        d.span = to_src(d.span);
        d.name_span = to_src(d.name_span);
    }
    for l in &mut m.levels {
        l.span = to_src(l.span);
    }
    for b in &mut m.branches {
        b.span = to_src(b.span);
    }
    let mut diagnostics = out.diagnostics;
    let has_error = diagnostics.iter().any(Diagnostic::is_error);
    if !has_error && out.model.dungeons.is_empty() && !out.model.levels.is_empty() {
        let mut d = Diagnostic::error(
            compile::NO_DUNGEONS,
            "FATAL - no dungeons were defined.",
            Span::default(),
        );
        d.original = true;
        diagnostics.push(d);
    }
    if !diagnostics.iter().any(Diagnostic::is_error)
        && out.model.dungeons.is_empty()
        && !out.syntax_error
    {
        diagnostics.push(Diagnostic::warning(
            compile::EMPTY,
            "no DUNGEON defined: the output is empty",
            Span::default(),
        ));
    }
    let binary =
        (!diagnostics.iter().any(Diagnostic::is_error)).then(|| encode(&out.model, options.target));
    let original_output = original_output(&diagnostics, &out.model, options.target);
    Output {
        diagnostics,
        pdf: def.then_some(text),
        binary,
        original_output,
        model: out.model,
        tokens,
        makedefs_stderr,
    }
}

/// The original's `MAX_ERRORS`: the 26th error ends the run.
const MAX_ERRORS: usize = 25;

/// Errors the original prints itself (a syntax error, its checks, its
/// fatal end), as opposed to ours.
fn is_original_error(d: &Diagnostic) -> bool {
    d.is_error() && (d.original || d.code == compile::SYNTAX)
}

/// The original writes its output even after its own errors (what was
/// rejected is missing); a syntax error, "no dungeons" and too many errors
/// leave the file it opened empty.
fn original_output(
    diags: &[Diagnostic],
    m: &Model,
    target: vaultwright_model::Target,
) -> Option<Vec<u8>> {
    let aborted = diags
        .iter()
        .any(|d| d.code == compile::SYNTAX || d.code == compile::NO_DUNGEONS);
    if aborted {
        // The file was opened before parsing; the original stops at its
        // first syntax error and never writes.
        return Some(Vec::new());
    }
    if diags.iter().any(|d| d.is_error() && !is_original_error(d)) {
        return None;
    }
    let errors = diags.iter().filter(|d| is_original_error(d)).count();
    Some(if errors > MAX_ERRORS {
        Vec::new()
    } else {
        encode(m, target)
    })
}

fn name_field(out: &mut Vec<u8>, name: &str) {
    let mut field = [0u8; 24];
    for (i, b) in name.bytes().take(23).enumerate() {
        field[i] = b;
    }
    out.extend_from_slice(&field);
}

/// The version words `dgn_comp` writes first: the same `version_info` as
/// the target's `lev_comp` (four words up to 3.4.3, five in 3.6).
fn version_header(target: vaultwright_model::Target) -> &'static [u64] {
    use crate::nethack_common::version;
    use vaultwright_model::Target;
    match target {
        Target::Nethack366 => &crate::nethack36::profile::NETHACK_366.facts().header,
        Target::Nethack343 => &version::V343,
        Target::Nethack323 => &version::V323,
        Target::Nethack322 => &version::V322,
    }
}

/// The `dungeon` file: version header, dungeon count, then each dungeon's
/// record (76 bytes), its levels (48 bytes each), its branches (40 each).
pub fn encode(m: &Model, target: vaultwright_model::Target) -> Vec<u8> {
    if m.dungeons.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for v in version_header(target) {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&(m.dungeons.len() as i32).to_le_bytes());
    for d in &m.dungeons {
        // 0 name[24], 24 protofile[24], 48 base i16, 50 rand i16, 52 flags,
        // 56 chance, 60 level count, 64 branch count, 68 entry, 72 bones,
        // 73 padding.
        name_field(&mut out, &d.name);
        name_field(&mut out, &d.protofile);
        out.extend_from_slice(&(d.base as i16).to_le_bytes());
        out.extend_from_slice(&(d.rand as i16).to_le_bytes());
        for v in [
            d.flags,
            d.chance,
            d.levels.len() as i32,
            d.branches.len() as i32,
            d.entry,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&[d.bones, 0, 0, 0]);
        for &i in &d.levels {
            let l = &m.levels[i];
            // 0 name[24], 24 base, 26 rand, 28 chance, 32 rndlevs, 36 chain,
            // 40 flags, 44 bones, 45 padding.
            out.extend_from_slice(&l.name_field);
            out.extend_from_slice(&(l.base as i16).to_le_bytes());
            out.extend_from_slice(&(l.rand as i16).to_le_bytes());
            for v in [l.chance, l.rndlevs, l.chain, l.flags] {
                out.extend_from_slice(&v.to_le_bytes());
            }
            out.extend_from_slice(&[l.bones, 0, 0, 0]);
        }
        for &i in &d.branches {
            let b = &m.branches[i];
            // 0 name[24], 24 base, 26 rand, 28 chain, 32 type, 36 up.
            out.extend_from_slice(&b.name_field);
            out.extend_from_slice(&(b.base as i16).to_le_bytes());
            out.extend_from_slice(&(b.rand as i16).to_le_bytes());
            for v in [b.chain, b.btype, b.up] {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
    }
    out
}

pub fn branch_type_name(t: i32) -> &'static str {
    match t {
        1 => "no_up",
        2 => "no_down",
        3 => "portal",
        _ => "stair",
    }
}

/// Where a placement `@ (base, rand)` can land in a dungeon of `lmax`
/// levels, before any clamping: `base` after the level it is chained to
/// (`chained`: that level's range), from the bottom when negative, and
/// over `rand` levels from there (-1: down to the bottom). Levels and
/// branches are placed by the same rule.
pub fn placement(base: i32, rand: i32, chained: Option<(i32, i32)>, lmax: i32) -> (i32, i32) {
    let (lo, hi) = match chained {
        Some((a, z)) => (a + base, z + base),
        None if base < 0 => (lmax + base + 1, lmax + base + 1),
        None => (base, base),
    };
    let hi = match rand {
        -1 => lmax,
        r if r > 0 => hi + r - 1,
        _ => hi,
    };
    (lo, hi)
}

/// Possible 1-based placement of a level inside its dungeon, given the
/// dungeon's largest level count (`lmax`).
pub fn level_range(m: &Model, i: usize, lmax: i32, depth: u32) -> (i32, i32) {
    let l = &m.levels[i];
    let chained = (l.chain >= 0 && (l.chain as usize) < m.levels.len() && depth < 16)
        .then(|| level_range(m, l.chain as usize, lmax, depth + 1));
    let (base_lo, hi) = placement(l.base, l.rand, chained, lmax);
    (
        base_lo.clamp(1, lmax.max(1)),
        hi.clamp(1, lmax.max(1)).max(base_lo.clamp(1, lmax.max(1))),
    )
}

/// The possible layout on one depth axis: every dungeon, level and branch
/// at the absolute depths the game may give it (see `depths`).
pub fn graph(m: &Model) -> BranchGraph {
    let mut g = BranchGraph::default();
    let starts = depths::dungeon_starts(m);
    let mut unplaced = Vec::new();
    for (di, d) in m.dungeons.iter().enumerate() {
        let (fewest, most) = depths::level_count(d);
        let start = starts[di].unwrap_or_else(|| {
            unplaced.push(d.name.clone());
            (1, 1)
        });
        let mut detail = Vec::new();
        if !d.protofile.is_empty() {
            detail.push(format!("protofile {}", d.protofile));
        }
        if d.flags & 2 != 0 {
            detail.push("hellish".into());
        }
        if d.flags & 4 != 0 {
            detail.push("mazelike".into());
        }
        if d.flags & 8 != 0 {
            detail.push("roguelike".into());
        }
        match d.flags & 0x70 {
            16 => detail.push("chaotic".into()),
            32 => detail.push("neutral".into()),
            64 => detail.push("lawful".into()),
            _ => {}
        }
        if d.chance != 0 {
            detail.push(format!("{}% chance", d.chance));
        }
        if d.entry != 0 {
            detail.push(format!("entry level {}", d.entry));
        }
        if d.bones != 0 {
            detail.push(format!("bones \"{}\"", d.bones as char));
        }
        let levels = d
            .levels
            .iter()
            .map(|&i| {
                let l = &m.levels[i];
                let mut det = Vec::new();
                if l.chance != 100 {
                    det.push(format!("{}% chance", l.chance));
                }
                if l.rndlevs > 0 {
                    det.push(format!("{} variants", l.rndlevs));
                }
                if l.chain >= 0 {
                    if let Some(p) = m.levels.get(l.chain as usize) {
                        det.push(format!("{:+} from {}", l.base, p.name));
                    }
                }
                if l.bones != 0 {
                    det.push(format!("bones \"{}\"", l.bones as char));
                }
                if l.flags & 1 != 0 {
                    det.push("town".into());
                }
                let (lo, hi) = depths::level_in_dungeon(m, i, d);
                LevelNode {
                    name: l.name.clone(),
                    depth_range: (start.0 + lo - 1, start.1 + hi - 1),
                    detail: det.join(", "),
                    origin: l.span,
                }
            })
            .collect();
        detail.push(if fewest == most {
            format!("{most} levels")
        } else {
            format!("{fewest}–{most} levels")
        });
        g.dungeons.push(DungeonNode {
            name: d.name.clone(),
            depth_range: (start.0, start.1 + most - 1),
            levels,
            detail: detail.join(", "),
            origin: d.span,
        });
    }
    for (bi, b) in m.branches.iter().enumerate() {
        let Some(to) = m.dungeons.iter().position(|d| d.name == b.name) else {
            continue;
        };
        let start = starts.get(b.dungeon).copied().flatten().unwrap_or((1, 1));
        let (lo, hi) = depths::branch_in_dungeon(m, bi);
        g.branches.push(BranchEdge {
            from: b.dungeon,
            to,
            kind: branch_type_name(b.btype).into(),
            dir: if b.up != 0 { "up" } else { "down" }.into(),
            depth_range: (start.0 + lo - 1, start.1 + hi - 1),
            origin: b.span,
        });
    }
    g.notes.push("depths are the game's dungeon levels (1 = the top of the first dungeon); a band is every depth the game may choose".into());
    if !unplaced.is_empty() {
        g.notes.push(format!(
            "no earlier dungeon branches to {}: drawn from depth 1",
            unplaced.join(", ")
        ));
    }
    g
}

/// The branch graph and the seeded roll of a model (read from any
/// source: `dungeon.def`, or 5.0's `dungeon.lua`), and the dungeons whose
/// special levels the roll could not place.
pub fn views(m: &Model, seed: u64) -> (BranchGraph, BranchGraph, Vec<usize>) {
    let read = as_the_game_reads(m);
    let (rolled, gave_up) = roll::roll(&read, seed);
    (graph(&read), rolled, gave_up)
}

/// The model as the game reads it from the `dungeon` file: bases and
/// spreads are 16-bit fields there (a larger number keeps its low bits)
/// and the entry level a `char` of the game's dungeon record. The branch
/// graph and the roll work on these, so they show what the game does and
/// their arithmetic stays well inside `i32` whatever the source says.
fn as_the_game_reads(m: &Model) -> Model {
    let mut m = m.clone();
    let short = |v: &mut i32| *v = i32::from(*v as i16);
    for d in &mut m.dungeons {
        short(&mut d.base);
        short(&mut d.rand);
        d.entry = i32::from(d.entry as i8);
    }
    for l in &mut m.levels {
        short(&mut l.base);
        short(&mut l.rand);
    }
    for b in &mut m.branches {
        short(&mut b.base);
        short(&mut b.rand);
    }
    m
}

pub fn analyze(src: &str, options: &Options) -> Analysis {
    let out = run(src, options);
    let mut analysis = Analysis::empty(Language::NethackDungeon);
    analysis.tokens = out.tokens;
    let read = as_the_game_reads(&out.model);
    let graph = graph(&read);
    let (rolled, gave_up) = roll::roll(&read, options.seed);
    let mut roll_findings = Vec::new();
    for d in gave_up.iter().filter_map(|&i| out.model.dungeons.get(i)) {
        roll_findings.push(
            Diagnostic::warning(
                compile::ROLL_GAVE_UP,
                format!(
                    "the seeded layout could not place {}'s special levels in {} steps",
                    d.name,
                    roll::STEP_BUDGET
                ),
                d.name_span,
            )
            .with_note("their ranges leave few free levels; the rolled layout leaves out the ones it could not place"),
        );
    }
    for d in &out.model.dungeons {
        analysis.outline.push(Symbol {
            name: d.name.clone(),
            kind: "dungeon".into(),
            span: d.span,
            name_span: d.name_span,
            detail: format!(
                "{} level(s){}, {} special, {} branch(es)",
                if d.rand > 0 {
                    format!("{}–{}", d.base, i64::from(d.base) + i64::from(d.rand))
                } else {
                    d.base.to_string()
                },
                if d.chance != 0 {
                    format!(" ({}%)", d.chance)
                } else {
                    String::new()
                },
                d.levels.len(),
                d.branches.len()
            ),
        });
    }
    // The graph and the roll show the whole file whichever dungeon is
    // chosen, so they are given once, to the focused dungeon (the first
    // without a focus): a copy per dungeon made memory grow with the
    // square of the dungeon count.
    let n = analysis.outline.len();
    if n > 0 && !options.without_views {
        let symbol = options.focus.filter(|&f| f < n).unwrap_or(0);
        analysis.views.push(SymbolView {
            symbol,
            view: View::BranchGraph(graph),
        });
        analysis.views.push(SymbolView {
            symbol,
            view: View::BranchGraph(rolled),
        });
        if let Some(bytes) = out.binary.as_ref().filter(|b| !b.is_empty()) {
            analysis.views.push(SymbolView {
                symbol,
                view: binary_view::binary_view(
                    &output_name(&options.file_name),
                    bytes.clone(),
                    &out.model,
                    version_header(options.target).len(),
                ),
            });
        }
    }
    let pdf_symbol = (!analysis.outline.is_empty()).then_some(0);
    if let Some(pdf) = &out.pdf {
        analysis.artifacts.push(Artifact {
            name: "dungeon.pdf".into(),
            symbol: pdf_symbol,
            bytes: pdf.as_bytes().to_vec(),
        });
    }
    if let Some(bytes) = out.binary {
        analysis.artifacts.push(Artifact {
            name: output_name(&options.file_name),
            symbol: pdf_symbol,
            bytes,
        });
    }
    analysis.diagnostics = out.diagnostics;
    analysis.diagnostics.extend(roll_findings);
    analysis
}

/// Renders diagnostics as `dgn_comp` prints them: `file : line N : text`.
pub fn dgn_comp_messages(fname: &str, source: &str, diags: &[Diagnostic]) -> Vec<String> {
    let index = vaultwright_model::LineIndex::new(source);
    let mut out = Vec::new();
    let mut errors = 0;
    for d in diags {
        if d.code == compile::NO_DUNGEONS {
            out.push(format!(
                "{fname} : line {} : {}",
                index.line_count(),
                d.message
            ));
            continue;
        }
        if d.code == "DG0002" {
            out.push(d.message.clone());
            continue;
        }
        if d.code == makedefs::MDGREP {
            // Printed as makedefs printed them (`Output::makedefs_stderr`).
            continue;
        }
        if !d.is_error() {
            continue;
        }
        let line = d
            .compat_line
            .unwrap_or_else(|| index.line_of(d.span.start as usize) as u32 + 1);
        out.push(format!("{fname} : line {line} : {}", d.message));
        if d.code == compile::SYNTAX {
            break;
        }
        if is_original_error(d) {
            errors += 1;
            if errors > MAX_ERRORS {
                out.push("Too many errors, good bye!".into());
                break;
            }
        }
    }
    out
}
