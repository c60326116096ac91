//! Our explanation of the reference's terse "syntax error": what the parser
//! could have read at that point (the terminals the state has an action
//! for), the statement it was reading (found on the parser's stack), and,
//! for a word that is no keyword, the closest keyword.

use super::profile::Profile;
use super::tables::*;

/// The symbol a state is entered by: a terminal shifted, or a nonterminal
/// reduced to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Entered {
    Start,
    Terminal(u16),
    Nonterminal(u16),
}

/// Per state, the symbol it is entered by (worked out at each syntax
/// error: a pass over the tables, cheaper than keeping one per dialect).
fn entered_by(a: &Automaton) -> Vec<Entered> {
    let mut table = vec![Entered::Start; a.states];
    for state in 0..a.states {
        let (from, to) = (
            a.action_start[state] as usize,
            a.action_start[state + 1] as usize,
        );
        for i in from..to {
            let v = a.action_value[i];
            if v >= 0 && v != i16::MIN {
                table[v as usize] = Entered::Terminal(a.action_terminal[i]);
            }
        }
        let (from, to) = (
            a.goto_start[state] as usize,
            a.goto_start[state + 1] as usize,
        );
        for i in from..to {
            table[a.goto_state[i] as usize] = Entered::Nonterminal(a.goto_nonterminal[i]);
        }
    }
    table
}

/// Where the parser stood at a syntax error.
pub struct At<'a> {
    /// The dialect: its tables and keywords.
    pub profile: &'static Profile,
    pub states: &'a [u16],
    /// The source span of each stack entry (same length as `states`).
    pub spans: &'a [(usize, usize)],
    pub src: &'a [u8],
    /// The token that could not be read, and its text.
    pub token: u16,
    pub text: &'a [u8],
}

/// Notes for a syntax error: expected, statement, closest keyword.
pub fn explain(at: &At) -> Vec<String> {
    let mut notes = Vec::new();
    let state = at.states.last().copied().unwrap_or(0) as usize;
    let expected = expected_terminals(at.profile.automaton, state);
    if let Some(statement) = statement_being_read(at) {
        notes.push(format!("while reading the statement `{statement}`"));
    }
    notes.push(format!(
        "found {}; expected {}",
        describe_found(at.token, at.text),
        describe_expected(at.profile, &expected)
    ));
    if let Some(keyword) = closest_keyword(at, &expected) {
        notes.push(format!("did you mean `{keyword}`?"));
    }
    if at.token == T_MAP_ID && expected.contains(&T_GEOMETRY_ID) {
        notes.push("in 3.6 a `MAP` needs a `GEOMETRY: h, v` statement right before it".into());
    }
    notes
}

/// The terminals `state` has an action for.
fn expected_terminals(a: &Automaton, state: usize) -> Vec<u16> {
    let (from, to) = (
        a.action_start[state] as usize,
        a.action_start[state + 1] as usize,
    );
    a.action_terminal[from..to].to_vec()
}

/// The source text of the innermost statement on the stack, up to the
/// error: it starts above the nearest entry that ends a statement or opens
/// a block.
fn statement_being_read(at: &At) -> Option<String> {
    let automaton = at.profile.automaton;
    let entered = entered_by(automaton);
    let boundary = |state: u16| match entered[state as usize] {
        Entered::Start => true,
        Entered::Terminal(t) => t == T_LBRACE,
        Entered::Nonterminal(n) => {
            let name = automaton.nonterminal_names[n as usize];
            matches!(name, "levstatement" | "flags" | "level" | "level_def")
        }
    };
    let from = at.states.iter().rposition(|&s| boundary(s))? + 1;
    let first = at.spans.get(from)?;
    let last = at.spans.last()?;
    let text = at.src.get(first.0..last.1.max(first.0))?;
    let text = String::from_utf8_lossy(text);
    let one_line: Vec<&str> = text.split_whitespace().collect();
    let mut shown = one_line.join(" ");
    // Nothing read yet, or a block just closed: the statement is whole
    // (the parser only looks for an ELSE before it says so).
    if shown.is_empty() || shown.ends_with('}') {
        return None;
    }
    if shown.len() > 60 {
        let cut = vaultwright_model::source::floor_char_boundary(&shown, 57);
        shown.truncate(cut);
        shown.push('…');
    }
    Some(shown)
}

fn describe_found(token: u16, text: &[u8]) -> String {
    if token == T_END {
        return "the end of the file".into();
    }
    if token == T_MAP_ID {
        return "a `MAP` … `ENDMAP` block".into();
    }
    let text = String::from_utf8_lossy(text);
    let text = text.trim_end_matches(['\r', '\n']);
    if text.is_empty() {
        describe_terminal(None, token).unwrap_or_else(|| "a token".into())
    } else {
        format!("`{text}`")
    }
}

/// At most this many alternatives are listed by name.
const LISTED: usize = 8;

/// A statement keyword: an upper-case word the lexer reads as a `…_ID`.
fn starts_statement(p: &Profile, t: u16) -> bool {
    TERMINAL_NAMES[t as usize].ends_with("_ID")
        && p.keywords()
            .any(|(w, token)| token == t && w.iter().all(|b| !b.is_ascii_lowercase()))
}

fn describe_expected(p: &'static Profile, expected: &[u16]) -> String {
    let starts_statement = |t| starts_statement(p, t);
    let statements = expected.iter().filter(|&&t| starts_statement(t)).count();
    let many_statements = statements > 4;
    let mut names: Vec<String> = Vec::new();
    for &t in expected {
        if many_statements && starts_statement(t) {
            continue;
        }
        if let Some(name) = describe_terminal(Some(p), t) {
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    if many_statements {
        names.push("a new statement (`MONSTER`, `OBJECT`, `IF` …)".into());
    }
    match names.len() {
        0 => "nothing more here".into(),
        1 => names.remove(0),
        n if n <= LISTED => {
            let last = names.pop().unwrap_or_default();
            format!("{} or {last}", names.join(", "))
        }
        n => format!(
            "{}, or one of {} other things",
            names[..LISTED].join(", "),
            n - LISTED
        ),
    }
}

/// A reader's name for a terminal; `None` for the parser's internal ones.
/// Keyword terminals are named by their words in the dialect given
/// (3.6.6's without one).
fn describe_terminal(p: Option<&'static Profile>, t: u16) -> Option<String> {
    let name = TERMINAL_NAMES[t as usize];
    let plain = match name {
        "$end" => "the end of the file",
        "STRING" => "a string",
        "CHAR" => "a character such as 'x'",
        "INTEGER" | "MINUS_INTEGER" | "PLUS_INTEGER" => "a number",
        "PERCENT" | "SPERCENT" => "a percentage",
        "DICE" => "dice such as 2d6",
        "BOOLEAN" => "`true` or `false`",
        "COMPARE_TYPE" => "a comparison (`==`, `<` …)",
        "NQSTRING" | "UNKNOWN_TYPE" | "ILLEGAL" | "MSG_OUTPUT_TYPE" => return None,
        _ if name.starts_with("VARSTRING") => "a variable",
        _ if name.starts_with("METHOD_") || name.starts_with("CFUNC") => return None,
        _ if name.starts_with('\'') => {
            return Some(format!("`{}`", name.trim_matches('\'')));
        }
        _ => return Some(keyword_words(p.unwrap_or(&super::profile::NETHACK_366), t)),
    };
    Some(plain.to_string())
}

/// The keywords the lexer reads as terminal `t`: one for a statement
/// keyword, a few for a value class.
fn keyword_words(p: &Profile, t: u16) -> String {
    let mut words: Vec<String> = p
        .keywords()
        .filter(|&(_, token)| token == t)
        .map(|(w, _)| String::from_utf8_lossy(w).into_owned())
        .collect();
    vaultwright_model::sorting::sort(&mut words);
    match words.len() {
        0 => TERMINAL_NAMES[t as usize]
            .to_ascii_lowercase()
            .replace('_', " "),
        1 => format!("`{}`", words[0]),
        2 => format!("`{}` or `{}`", words[0], words[1]),
        _ => format!("`{}`, `{}` …", words[0], words[1]),
    }
}

/// For a word that is no keyword, the keyword nearest to it (at most two
/// edits, case ignored), preferring ones the parser could read here.
fn closest_keyword(at: &At, expected: &[u16]) -> Option<String> {
    if at.token != T_UNKNOWN_TYPE && at.token != T_NQSTRING {
        return None;
    }
    let word = String::from_utf8_lossy(at.text).to_ascii_uppercase();
    if word.len() < 3 {
        return None;
    }
    let mut best: Option<(usize, bool, &[u8])> = None;
    let mut keywords: Vec<(&[u8], u16)> = at.profile.keywords().collect();
    vaultwright_model::sorting::sort(&mut keywords);
    for (kw, token) in keywords {
        let kw_upper = String::from_utf8_lossy(kw).to_ascii_uppercase();
        let distance = crate::suggest::bounded_distance(&word, &kw_upper, 2);
        if distance > 2 {
            continue;
        }
        let wanted = expected.contains(&token);
        let better = match best {
            None => true,
            Some((d, w, _)) => (wanted, std::cmp::Reverse(distance)) > (w, std::cmp::Reverse(d)),
        };
        if better {
            best = Some((distance, wanted, kw));
        }
    }
    best.map(|(_, _, kw)| String::from_utf8_lossy(kw).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keyword suggested for `text` read as an unknown word.
    fn suggestion(text: &[u8]) -> Option<String> {
        let at = At {
            profile: &crate::nethack36::profile::NETHACK_366,
            states: &[0],
            spans: &[(0, 0)],
            src: text,
            token: T_UNKNOWN_TYPE,
            text,
        };
        closest_keyword(&at, &[])
    }

    /// Suggestions: Levenshtein over bytes, case ignored, two edits at most.
    #[test]
    fn closest_keywords() {
        assert_eq!(suggestion(b"MONSTR").as_deref(), Some("MONSTER"));
        assert_eq!(suggestion(b"monstr").as_deref(), Some("MONSTER"));
        assert_eq!(suggestion(b"MONSTRR").as_deref(), Some("MONSTER"));
        // A swap is two edits, not one.
        assert_eq!(suggestion(b"MNOSTER").as_deref(), Some("MONSTER"));
        assert_eq!(suggestion(b"MNOSTRE"), None);
        // Edits are of characters: "Ö" (two bytes) is one.
        assert_eq!(suggestion("MÖNSTR".as_bytes()).as_deref(), Some("MONSTER"));
        assert_eq!(suggestion("MÖNSTÖR".as_bytes()).as_deref(), Some("MONSTER"));
        assert_eq!(suggestion("MÖNSTÖÖ".as_bytes()), None);
        assert_eq!(suggestion(b"XYZZY"), None);
    }

    #[test]
    fn terminals_have_readable_names() {
        assert_eq!(describe_terminal(None, T_COMMA).as_deref(), Some("`,`"));
        assert_eq!(
            describe_terminal(None, T_MONSTER_ID).as_deref(),
            Some("`MONSTER`")
        );
        assert_eq!(
            describe_terminal(None, T_STRING).as_deref(),
            Some("a string")
        );
        assert_eq!(describe_terminal(None, T_METHOD_INT), None);
    }
}
