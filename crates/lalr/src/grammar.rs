//! The grammar notation: yacc's shape, without C.
//!
//! ```text
//! # a comment
//! %token INTEGER STRING          terminals with names
//! %left '+' '-'                  precedence, lowest first
//! %left '*' '/'
//! %start file
//! file : | items ;               an empty alternative
//! expr : expr '+' expr => add    `=> name` names the rule's action
//!      | INTEGER => number
//!      ;
//! ```
//!
//! A quoted character is a terminal of its own. A rule without `=> name`
//! has no action (yacc's default `$$ = $1`). Mid-rule actions are written
//! as empty nonterminals of their own, as yacc makes them.

use std::collections::HashMap;
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Sym {
    T(usize),
    N(usize),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Assoc {
    Left,
    Right,
    Nonassoc,
}

#[derive(Clone, Debug)]
pub struct Rule {
    pub lhs: usize,
    pub rhs: Vec<Sym>,
    pub action: Option<String>,
    /// The precedence of the rule's last terminal (0: none).
    pub prec: u8,
}

#[derive(Clone, Debug)]
pub struct Grammar {
    /// Terminal names; 0 is `$end`. A character terminal is named as
    /// written, quotes included (`'+'`).
    pub terminals: Vec<String>,
    /// Nonterminal names; 0 is `$accept`.
    pub nonterminals: Vec<String>,
    /// Rule 0 is `$accept : start $end`.
    pub rules: Vec<Rule>,
    /// Per terminal: precedence level (0: none) and associativity.
    pub precedence: Vec<(u8, Assoc)>,
}

#[derive(Debug)]
pub struct GrammarError(pub String);

impl fmt::Display for GrammarError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.split_once('#').map_or(line, |(code, _)| code);
        let mut chars = line.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if c.is_whitespace() {
                continue;
            }
            if c == '\'' {
                // 'x' — a character terminal (no escapes needed: `'|'`).
                let rest = &line[i..];
                let end = rest[1..].find('\'').map_or(rest.len(), |e| e + 2);
                out.push(rest[..end].to_string());
                for _ in 1..rest[..end].chars().count() {
                    chars.next();
                }
                continue;
            }
            if matches!(c, ':' | '|' | ';') {
                out.push(c.to_string());
                continue;
            }
            let mut end = i + c.len_utf8();
            while let Some(&(j, d)) = chars.peek() {
                if d.is_whitespace() || matches!(d, ':' | '|' | ';' | '\'') {
                    break;
                }
                end = j + d.len_utf8();
                chars.next();
            }
            out.push(line[i..end].to_string());
        }
    }
    out
}

fn add_terminal(
    name: &str,
    terminals: &mut Vec<String>,
    ids: &mut HashMap<String, usize>,
    precedence: &mut Vec<(u8, Assoc)>,
) -> usize {
    *ids.entry(name.to_string()).or_insert_with(|| {
        terminals.push(name.to_string());
        precedence.push((0, Assoc::Left));
        terminals.len() - 1
    })
}

/// A grammar's text split into its declarations and its rules.
struct Parts {
    /// (directive, names) in order.
    declarations: Vec<(String, Vec<String>)>,
    rules: Vec<RawRule>,
}

/// One alternative as written: (lhs, symbols, action).
type RawRule = (String, Vec<String>, Option<String>);

/// How a delta's rule block changes the grammar it applies to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Edit {
    /// `lhs : …` — a nonterminal the base does not have.
    New,
    /// `lhs |= …` — alternatives added after the base's last one.
    Append,
    /// `lhs := …` — the base's alternatives replaced where they stood.
    Replace,
}

fn split(text: &str) -> Result<(Parts, Vec<Edit>), GrammarError> {
    let words = words(text);
    let mut declarations = Vec::new();
    let mut i = 0;
    while i < words.len() && words[i].starts_with('%') {
        let directive = words[i].clone();
        i += 1;
        let mut names = Vec::new();
        while i < words.len()
            && !words[i].starts_with('%')
            && words.get(i + 1).map(String::as_str) != Some(":")
            && !(words.get(i + 1).map(String::as_str) == Some("|")
                && words.get(i + 2).map(String::as_str) == Some("="))
        {
            names.push(words[i].clone());
            i += 1;
        }
        declarations.push((directive, names));
    }
    let mut rules = Vec::new();
    let mut edits = Vec::new();
    while i < words.len() {
        let lhs = words[i].clone();
        let edit = match (
            words.get(i + 1).map(String::as_str),
            words.get(i + 2).map(String::as_str),
        ) {
            (Some(":"), Some("=")) => Edit::Replace,
            (Some("|"), Some("=")) => Edit::Append,
            (Some(":"), _) => Edit::New,
            _ => return Err(GrammarError(format!("expected ':' after {lhs}"))),
        };
        i += if edit == Edit::New { 2 } else { 3 };
        let mut rhs = Vec::new();
        let mut action = None;
        loop {
            let Some(w) = words.get(i) else {
                return Err(GrammarError(format!("rule {lhs} is not closed by ';'")));
            };
            i += 1;
            match w.as_str() {
                "|" | ";" => {
                    rules.push((lhs.clone(), std::mem::take(&mut rhs), action.take()));
                    edits.push(edit);
                    if w == ";" {
                        break;
                    }
                }
                "=>" => {
                    action = words.get(i).cloned();
                    i += 1;
                }
                _ => rhs.push(w.clone()),
            }
        }
    }
    Ok((
        Parts {
            declarations,
            rules,
        },
        edits,
    ))
}

/// The base's rules with a delta's edits applied: replaced nonterminals
/// keep their place, appended alternatives follow the base's last one,
/// new nonterminals come last.
fn apply(
    mut base: Vec<RawRule>,
    delta: Vec<RawRule>,
    edits: &[Edit],
) -> Result<Vec<RawRule>, GrammarError> {
    // Nonterminals the delta added or replaced: their later alternatives
    // follow their first.
    let mut added: Vec<String> = Vec::new();
    let mut replaced: Vec<String> = Vec::new();
    for (rule, &edit) in delta.into_iter().zip(edits) {
        let has = |rules: &[RawRule]| rules.iter().any(|r| r.0 == rule.0);
        match edit {
            Edit::New if has(&base) && !added.contains(&rule.0) => {
                return Err(GrammarError(format!(
                    "{} has rules already: extend it with |= or replace it with :=",
                    rule.0
                )));
            }
            Edit::New => {
                if !added.contains(&rule.0) {
                    added.push(rule.0.clone());
                }
                base.push(rule);
            }
            Edit::Append | Edit::Replace if !has(&base) => {
                return Err(GrammarError(format!("{} has no rules to change", rule.0)));
            }
            Edit::Append => {
                let at = base
                    .iter()
                    .rposition(|r| r.0 == rule.0)
                    .map_or(base.len(), |p| p + 1);
                base.insert(at, rule);
            }
            Edit::Replace => {
                let first = base
                    .iter()
                    .position(|r| r.0 == rule.0)
                    .unwrap_or(base.len());
                if !replaced.contains(&rule.0) {
                    replaced.push(rule.0.clone());
                    base.retain(|r| r.0 != rule.0);
                    base.insert(first, rule);
                } else {
                    let at = base
                        .iter()
                        .rposition(|r| r.0 == rule.0)
                        .map_or(base.len(), |p| p + 1);
                    base.insert(at, rule);
                }
            }
        }
    }
    Ok(base)
}

impl Grammar {
    pub fn parse(text: &str) -> Result<Grammar, GrammarError> {
        Grammar::parse_layered(text, &[], None)
    }

    /// A grammar made of a base and, optionally, one delta — a file in
    /// the same notation whose rule blocks are edits: `lhs : …` adds a
    /// nonterminal, `lhs |= …` adds alternatives, `lhs := …` replaces a
    /// nonterminal's alternatives. Every `%token` of every text in
    /// `token_sources` (the deltas of a family of grammars) is declared
    /// after the base's, in order, so that all the grammars of a family
    /// number their terminals alike and can share one lexer.
    pub fn parse_layered(
        base: &str,
        token_sources: &[&str],
        delta: Option<&str>,
    ) -> Result<Grammar, GrammarError> {
        let (mut parts, base_edits) = split(base)?;
        if base_edits.iter().any(|&e| e != Edit::New) {
            return Err(GrammarError("a base grammar cannot edit rules".into()));
        }
        for source in token_sources {
            let (extra, _) = split(source)?;
            for (directive, names) in extra.declarations {
                if directive != "%token" {
                    return Err(GrammarError(format!(
                        "a delta may declare tokens only, not {directive}"
                    )));
                }
                parts.declarations.push((directive, names));
            }
        }
        if let Some(delta) = delta {
            let (d, edits) = split(delta)?;
            parts.rules = apply(parts.rules, d.rules, &edits)?;
        }
        Grammar::build(parts)
    }

    fn build(parts: Parts) -> Result<Grammar, GrammarError> {
        let mut terminals = vec!["$end".to_string()];
        let mut term_ids: HashMap<String, usize> = HashMap::new();
        let mut precedence = vec![(0u8, Assoc::Left)];
        let mut level = 0u8;
        let mut start = None;
        for (directive, names) in parts.declarations {
            match directive.as_str() {
                "%token" => {
                    for n in names {
                        add_terminal(&n, &mut terminals, &mut term_ids, &mut precedence);
                    }
                }
                "%left" | "%right" | "%nonassoc" => {
                    level += 1;
                    let assoc = match directive.as_str() {
                        "%left" => Assoc::Left,
                        "%right" => Assoc::Right,
                        _ => Assoc::Nonassoc,
                    };
                    for n in names {
                        let t = add_terminal(&n, &mut terminals, &mut term_ids, &mut precedence);
                        precedence[t] = (level, assoc);
                    }
                }
                "%start" => start = names.into_iter().next(),
                other => return Err(GrammarError(format!("unknown directive {other}"))),
            }
        }
        let raw = parts.rules;
        let mut nonterminals = vec!["$accept".to_string()];
        let mut nt_ids: HashMap<String, usize> = HashMap::new();
        for (lhs, _, _) in &raw {
            if term_ids.contains_key(lhs) {
                return Err(GrammarError(format!("{lhs} is a token and has rules")));
            }
            nt_ids.entry(lhs.clone()).or_insert_with(|| {
                nonterminals.push(lhs.clone());
                nonterminals.len() - 1
            });
        }
        let start = start.or_else(|| raw.first().map(|r| r.0.clone()));
        let start = start.ok_or_else(|| GrammarError("no rules".into()))?;
        let start_id = *nt_ids
            .get(&start)
            .ok_or_else(|| GrammarError(format!("start symbol {start} has no rules")))?;
        let mut rules = vec![Rule {
            lhs: 0,
            rhs: vec![Sym::N(start_id), Sym::T(0)],
            action: None,
            prec: 0,
        }];
        for (lhs, rhs, action) in raw {
            let mut syms = Vec::new();
            let mut prec = 0;
            for w in rhs {
                let sym = if let Some(&n) = nt_ids.get(&w) {
                    Sym::N(n)
                } else if w.starts_with('\'') {
                    Sym::T(add_terminal(
                        &w,
                        &mut terminals,
                        &mut term_ids,
                        &mut precedence,
                    ))
                } else if let Some(&t) = term_ids.get(&w) {
                    Sym::T(t)
                } else {
                    return Err(GrammarError(format!(
                        "{w} (in a rule of {lhs}) is neither a token nor has rules"
                    )));
                };
                if let Sym::T(t) = sym {
                    prec = precedence[t].0;
                }
                syms.push(sym);
            }
            rules.push(Rule {
                lhs: nt_ids[&lhs],
                rhs: syms,
                action,
                prec,
            });
        }
        Ok(Grammar {
            terminals,
            nonterminals,
            rules,
            precedence,
        })
    }

    pub fn terminal(&self, name: &str) -> Option<usize> {
        self.terminals.iter().position(|t| t == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alternatives(g: &Grammar, lhs: &str) -> Vec<String> {
        let n = g.nonterminals.iter().position(|x| x == lhs).expect(lhs);
        g.rules
            .iter()
            .filter(|r| r.lhs == n)
            .map(|r| {
                r.rhs
                    .iter()
                    .map(|s| match *s {
                        Sym::T(t) => g.terminals[t].clone(),
                        Sym::N(x) => g.nonterminals[x].clone(),
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    const BASE: &str = "%token A B C\ns : x | y ;\nx : A => a ;\ny : B ;\n";

    /// A delta adds, extends and replaces; the base's terminals keep their
    /// numbers and every delta's tokens follow them.
    #[test]
    fn a_delta_edits_the_base() {
        let delta = "%token D\ns |= z ;\nx := A D => ad | D ;\nz : C | D ;\n";
        let other = "%token E\n";
        let g = Grammar::parse_layered(BASE, &[delta, other], Some(delta)).expect("grammar");
        assert_eq!(g.terminals, ["$end", "A", "B", "C", "D", "E"]);
        assert_eq!(alternatives(&g, "s"), ["x", "y", "z"]);
        assert_eq!(alternatives(&g, "x"), ["A D", "D"]);
        assert_eq!(alternatives(&g, "z"), ["C", "D"]);
        let base = Grammar::parse_layered(BASE, &[delta, other], None).expect("base");
        assert_eq!(base.terminals, g.terminals);
        assert_eq!(alternatives(&base, "x"), ["A"]);
    }

    #[test]
    fn a_delta_cannot_redefine_or_edit_what_is_not_there() {
        let err = |d: &str| {
            Grammar::parse_layered(BASE, &[d], Some(d))
                .err()
                .map(|e| e.0)
                .unwrap_or_default()
        };
        assert!(err("x : C ;").contains("has rules already"));
        assert!(err("w |= C ;").contains("has no rules"));
        assert!(err("%left C\n").contains("tokens only"));
    }
}
