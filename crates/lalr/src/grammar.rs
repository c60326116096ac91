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

impl Grammar {
    pub fn parse(text: &str) -> Result<Grammar, GrammarError> {
        let words = words(text);
        let mut terminals = vec!["$end".to_string()];
        let mut term_ids: HashMap<String, usize> = HashMap::new();
        let mut precedence = vec![(0u8, Assoc::Left)];
        let mut level = 0u8;
        let mut start = None;
        let mut i = 0;
        // Declarations first.
        while i < words.len() && words[i].starts_with('%') {
            let directive = words[i].clone();
            i += 1;
            let mut names = Vec::new();
            while i < words.len()
                && !words[i].starts_with('%')
                && words.get(i + 1).map(String::as_str) != Some(":")
            {
                names.push(words[i].clone());
                i += 1;
            }
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
        // Rules: collect (lhs, alternatives) in order.
        let mut raw: Vec<(String, Vec<String>, Option<String>)> = Vec::new();
        while i < words.len() {
            let lhs = words[i].clone();
            if words.get(i + 1).map(String::as_str) != Some(":") {
                return Err(GrammarError(format!("expected ':' after {lhs}")));
            }
            i += 2;
            let mut rhs = Vec::new();
            let mut action = None;
            loop {
                let Some(w) = words.get(i) else {
                    return Err(GrammarError(format!("rule {lhs} is not closed by ';'")));
                };
                i += 1;
                match w.as_str() {
                    "|" | ";" => {
                        raw.push((lhs.clone(), std::mem::take(&mut rhs), action.take()));
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
