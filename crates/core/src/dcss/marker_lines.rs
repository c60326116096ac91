//! `MARKER:` lines read as the game reads them: a one-glyph key, then
//! `feat:<feature>`, `lua:<expr>` or `lua_mapless:<expr>`. A feature the
//! game does not know and a form it cannot parse stop the vault when it is
//! placed; a Lua constructor no table or file defines fails then too.

use super::{tables, File, Kw};
use crate::lua::scan::Kind;
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::game_names::{GameNames, NameKind};
use vaultwright_model::source::Span;

/// A MARKER line the game cannot make a marker of.
pub const MARKER_FORM: &str = "DC0313";

/// The findings about the file's MARKER lines.
pub fn check(f: &File, game: &GameNames, diags: &mut Vec<Diagnostic>) {
    let mut defined: Option<Vec<String>> = None;
    for v in f.vaults.iter().filter(|v| v.has(Kw::Marker)) {
        for d in v.directives("MARKER") {
            for ((_, span), sel) in d.selectors() {
                let Some((key, _, value)) = sel else {
                    continue;
                };
                if key.chars().count() != 1 {
                    diags.push(Diagnostic::error(
                        MARKER_FORM,
                        format!("selector '{key}' must be <= 1 characters"),
                        *span,
                    ));
                    continue;
                }
                if let Some(feat) = value.strip_prefix("feat:") {
                    feature(value, feat.trim(), *span, game, diags);
                } else if let Some(expr) = value
                    .strip_prefix("lua:")
                    .or_else(|| value.strip_prefix("lua_mapless:"))
                {
                    let defined = defined.get_or_insert_with(|| defined_names(f));
                    constructor(expr, *span, defined, diags);
                } else {
                    diags.push(
                        Diagnostic::error(
                            MARKER_FORM,
                            format!("Unable to parse marker from {value}"),
                            *span,
                        )
                        .with_note("a marker is `feat:<feature>`, `lua:<expression>` or `lua_mapless:<expression>`; the game stops when it places the vault"),
                    );
                }
            }
        }
    }
}

fn feature(value: &str, name: &str, span: Span, game: &GameNames, diags: &mut Vec<Diagnostic>) {
    if tables::FEATURES.binary_search(&name).is_ok() || game.knows(NameKind::Feature, name) {
        return;
    }
    diags.push(
        Diagnostic::error(
            MARKER_FORM,
            format!("Bad feature marker: {value} (unknown feature '{name}')"),
            span,
        )
        .with_note(format!(
            "the game stops when it loads the vault; names as {} knows them",
            tables::TABLES_FROM
        )),
    );
}

/// The name a Lua marker expression calls: `fog_machine { … }`,
/// `MonPropsMarker:new{…}`, `tutorial1.msg("x")`.
fn callee(expr: &str) -> Option<&str> {
    let expr = expr.trim_start();
    let end = expr
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | ':')))
        .unwrap_or(expr.len());
    let name = expr[..end].trim_end_matches([':', '.']);
    (!name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit())).then_some(name)
}

fn constructor(expr: &str, span: Span, defined: &[String], diags: &mut Vec<Diagnostic>) {
    let Some(name) = callee(expr) else { return };
    let bare = name.strip_suffix(":new").unwrap_or(name);
    let root = bare.split(['.', ':']).next().unwrap_or(bare);
    let known = tables::MARKER_CONSTRUCTORS.iter().any(|(c, _)| *c == bare)
        || defined.iter().any(|d| d == bare || d == root)
        || matches!(root, "lmark" | "dgn" | "crawl");
    if !known {
        let near =
            super::lint::nearest(bare, tables::MARKER_CONSTRUCTORS.iter().map(|(c, _)| *c), 3);
        let mut d = Diagnostic::warning(
            MARKER_FORM,
            format!("no marker constructor `{bare}`: the game fails when it places the vault"),
            span,
        )
        .with_note("one defined in the game's own Lua library (dat/dlua) and not in this file is not seen here");
        if let Some(n) = near {
            d.notes.push(format!("did you mean `{n}`?"));
        }
        diags.push(d);
    }
}

/// The names the file's Lua gives a value: `function a.b(`, `a = …`,
/// `local a = …` (whole dotted names and their roots).
fn defined_names(f: &File) -> Vec<String> {
    let mut out = Vec::new();
    for l in f.lua() {
        let code = &*l.text;
        let toks = l.tokens();
        for (i, t) in toks.iter().enumerate() {
            if t.kind != Kind::Word {
                continue;
            }
            let after_function = i > 0 && toks[i - 1].text(code) == "function";
            let assigned = toks.get(i + 1).is_some_and(|n| n.text(code) == "=");
            if after_function || assigned {
                out.push(t.text(code).to_string());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn findings(src: &str) -> Vec<String> {
        let f = crate::dcss::parse(src);
        let mut diags = Vec::new();
        check(&f, &GameNames::default(), &mut diags);
        diags.into_iter().map(|d| d.message).collect()
    }

    #[test]
    fn marker_lines_are_read_as_the_game_reads_them() {
        let src = "{{\ntutorial1 = {}\nfunction tutorial1.msg(x) end\n}}\n\
                   NAME: m\nMARKER: A = feat:stone_arch\nMARKER: B = feat: stone_stairs_up_i\n\
                   MARKER: C = feat:stone_archway\nMARKER: DE = feat:stone_arch\n\
                   MARKER: F = lau:fog_machine { }\nMARKER: G = lua:fogmachine { pow_max = 1 }\n\
                   MARKER: H = lua:MonPropsMarker:new{ x = 1 }\nMARKER: I = lua:tutorial1.msg(\"x\")\n\
                   MAP\nABCDEFGHI\nENDMAP\n";
        assert_eq!(
            findings(src),
            [
                "Bad feature marker: feat:stone_archway (unknown feature 'stone_archway')",
                "selector 'DE' must be <= 1 characters",
                "Unable to parse marker from lau:fog_machine { }",
                "no marker constructor `fogmachine`: the game fails when it places the vault",
            ]
        );
    }
}
