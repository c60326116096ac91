//! Going on after a syntax error, for the analysis only: the drop-in
//! compiler stops at the first one, as `lev_comp` 3.6.6 does, and never
//! comes here ([`Session::recover`](super::Session::recover) is off).
//!
//! The approach is panic mode at statement boundaries, on the tables as
//! they are:
//!
//! 1. the error is reported as the drop-in reports it (the reference's
//!    text, our notes);
//! 2. tokens are read and dropped up to a *resume point*: a token first on
//!    its line that can start a statement (`MONSTER`, `IF`, …, a `CASE`),
//!    a `}` first on its line, `LEVEL`/`MAZE`, or the end of the input;
//!    a `{` dropped on the way makes its block dropped too, up to its `}`;
//! 3. the parser's stack is popped down to the deepest state where a
//!    statement begins (one with a goto on `levstatement`) from which that
//!    token will be shifted (tried on a copy of the stack, reductions
//!    included, no action run), so the statement the error is in is
//!    dropped whole (its start is no complete statement of its own, as
//!    `OBJECT: '['` would be); for `}`, `LEVEL`, `MAZE` and the end, which
//!    also close what no statement state can (a broken level header, a
//!    list), any state will do when no such one does. The parse goes on
//!    from there.
//!
//! Why this and not the alternatives: yacc's own recovery needs `error`
//! rules in the grammar, which would change the automaton the drop-in
//! shares (its states decide when the reference reads its look-ahead,
//! hence the line of every message, and how deep its stack grows).
//! Restarting the parse at the next `LEVEL`/`MAZE` would hide every later
//! mistake of the level. Popping to a statement boundary keeps what was
//! read (the level's header, the blocks around the mistake), so the
//! closing `}`s and the end of the level reduce as usual and the actions
//! only ever see complete rules.
//!
//! The actions keep some bookkeeping outside the stack (the open IFs,
//! loops, SWITCH and containers, the BREAKs to patch). Each stack entry
//! remembers it as it was when the entry was pushed, and popping restores
//! it, so a half-read `IF` leaves no open `IF` behind (nor a BREAK whose
//! record a later level no longer has).
//!
//! Termination: a recovery either drops the look-ahead and reads the next
//! token (the input is finite, and a token that ends the input early is
//! dropped like any other) or resumes where the token is sure to be
//! shifted, so the next error is at a later token; the end of the input
//! either resumes or stops the parse. The trial parse is bounded too.
//! Errors still count towards the reference's 25 per level, after which
//! the run stops with its `Too many errors`.

use super::{action, goto, Compiler, Step};
use crate::nethack36::lexer::Token;
use crate::nethack36::tables::*;

/// Steps of a trial parse before it is given up (the automaton has no
/// reduction loop; this only bounds the work on a broken table).
const TRIAL_STEPS: usize = 4096;

/// The actions' bookkeeping that lives outside the parser's stack.
#[derive(Clone, Debug, Default)]
pub(super) struct Nesting {
    n_if: usize,
    n_for: usize,
    in_switch: i32,
    allow_break: i32,
    in_container: i32,
    breaks: Vec<(i32, usize)>,
    is_inconstant_number: bool,
}

/// What the parse loop does with a token while recovering.
pub(super) enum Skip {
    Drop,
    Resume,
    Stop,
}

/// What recovery keeps while the parse runs.
#[derive(Debug)]
pub(super) struct Recovery {
    /// [`Nesting`] as it was when each entry of the stack was pushed
    /// (parallel to the parser's states).
    nesting: Vec<Nesting>,
    /// Per terminal: it can start a statement (worked out at the first
    /// error).
    starters: Option<Vec<bool>>,
    /// The nonterminal a statement reduces to (`levstatement`), if the
    /// grammar has it: the states with a goto on it are where a statement
    /// begins.
    statement: Option<u16>,
}

impl Recovery {
    pub(super) fn new() -> Self {
        Recovery {
            nesting: vec![Nesting::default()],
            starters: None,
            statement: None,
        }
    }
}

/// A stack for trial parses: the bottom `keep` entries of the real one,
/// then what the trial pushed.
#[derive(Clone)]
struct Trial<'a> {
    base: &'a [u16],
    extra: Vec<u16>,
}

impl Trial<'_> {
    fn top(&self) -> Option<usize> {
        self.extra
            .last()
            .or_else(|| self.base.last())
            .map(|&s| s as usize)
    }

    fn pop(&mut self, n: usize) -> bool {
        let from_extra = n.min(self.extra.len());
        self.extra.truncate(self.extra.len() - from_extra);
        let rest = n - from_extra;
        if rest > self.base.len() {
            return false;
        }
        self.base = &self.base[..self.base.len() - rest];
        true
    }

    /// Runs the parser on `terminal` without actions: true when it is
    /// shifted (its state pushed) or accepted.
    fn feed(&mut self, c: &Compiler, terminal: u16) -> bool {
        let a = c.automaton;
        for _ in 0..TRIAL_STEPS {
            let Some(state) = self.top() else {
                return false;
            };
            let rule = match a.default_reduction.get(state) {
                Some(&r) if r != 0 => usize::from(r),
                _ => match action(a, state, terminal).or_else(|| c.bison_default(state)) {
                    Some(Step::Shift(to)) => {
                        self.extra.push(to);
                        return true;
                    }
                    Some(Step::Accept) => return true,
                    Some(Step::Reduce(rule)) => rule,
                    None => return false,
                },
            };
            let (Some(&len), Some(&lhs)) = (a.rule_len.get(rule), a.rule_lhs.get(rule)) else {
                return false;
            };
            if !self.pop(usize::from(len)) {
                return false;
            }
            let Some(to) = self.top().and_then(|top| goto(a, top, lhs)) else {
                return false;
            };
            self.extra.push(to);
        }
        false
    }
}

impl Compiler<'_, '_> {
    /// After a push on the parser's stack: remember the bookkeeping.
    pub(super) fn remember_nesting(&mut self) {
        let Some(mut r) = self.recovery.take() else {
            return;
        };
        r.nesting.truncate(self.states.len().saturating_sub(1));
        r.nesting.push(Nesting {
            n_if: self.n_if,
            n_for: self.n_for,
            in_switch: self.in_switch,
            allow_break: self.allow_break,
            in_container: self.in_container,
            breaks: self.breaks.clone(),
            is_inconstant_number: self.is_inconstant_number,
        });
        self.recovery = Some(r);
    }

    /// Before `LEVEL`/`MAZE` is shifted: a level whose header was dropped
    /// never reached its end, so its errors are counted for it here (the
    /// end of a level sets the count back to 0; a new level never starts
    /// with errors otherwise).
    pub(super) fn close_dropped_level(&mut self, terminal: u16) {
        let starts_level = terminal == T_LEVEL_ID || terminal == T_MAZE_ID;
        if self.recovery.is_some() && starts_level && self.fatal_error > 0 {
            self.fatal_error = 0;
            self.session.got_errors = true;
        }
    }

    /// One token after a syntax error: whether it is dropped, the parse
    /// goes on with it (the stack popped to where it is shifted), or the
    /// file ends here. `dropped_braces` counts the `{` dropped and not yet
    /// closed.
    pub(super) fn skip(&mut self, token: &Token, dropped_braces: &mut usize) -> Skip {
        if self.is_resume_point(token, *dropped_braces) {
            if let Some(keep) = self.resume_depth(token.kind) {
                self.pop_to(keep);
                return Skip::Resume;
            }
        }
        if token.kind == T_END && token.start == token.end {
            // The real end, and nothing on the stack accepts it.
            return Skip::Stop;
        }
        match token.kind {
            T_LBRACE => *dropped_braces += 1,
            T_RBRACE => *dropped_braces = dropped_braces.saturating_sub(1),
            _ => {}
        }
        Skip::Drop
    }

    fn is_resume_point(&self, token: &Token, dropped_braces: usize) -> bool {
        match token.kind {
            // The end of the input (not a byte the lexer reads as one).
            T_END => token.start == token.end,
            T_LEVEL_ID | T_MAZE_ID => self.first_on_line(token.start),
            T_RBRACE => dropped_braces == 0 && self.first_on_line(token.start),
            kind => dropped_braces == 0 && self.first_on_line(token.start) && self.starts(kind),
        }
    }

    /// Only blanks before `at` on its line.
    fn first_on_line(&self, at: usize) -> bool {
        let before = self.lexer.src.get(..at).unwrap_or_default();
        let blanks = before
            .iter()
            .rev()
            .take_while(|c| **c == b' ' || **c == b'\t')
            .count();
        let line_start = before.len() - blanks;
        line_start == 0 || before.get(line_start - 1) == Some(&b'\n')
    }

    /// What recovery reads off the grammar, at its first error.
    pub(super) fn learn_grammar(&mut self) {
        if self.recovery.as_ref().is_some_and(|r| r.starters.is_none()) {
            let starters = self.statement_starters();
            let statement = self
                .automaton
                .nonterminal_names
                .iter()
                .position(|n| *n == "levstatement")
                .and_then(|i| u16::try_from(i).ok());
            if let Some(r) = self.recovery.as_mut() {
                r.starters = Some(starters);
                r.statement = statement;
            }
        }
    }

    /// `terminal` can start a statement.
    fn starts(&self, terminal: u16) -> bool {
        self.recovery
            .as_ref()
            .and_then(|r| r.starters.as_ref())
            .and_then(|s| s.get(usize::from(terminal)).copied())
            .unwrap_or(false)
    }

    /// The terminals read in a level's statement list (after
    /// `LEVEL: "x"`), and `CASE`/`DEFAULT`, which start a switch's case.
    /// Should the dialect's grammar not begin so, every terminal is tried.
    fn statement_starters(&self) -> Vec<bool> {
        let mut head = Trial {
            base: &[0],
            extra: Vec::new(),
        };
        let ok = [T_LEVEL_ID, T_COLON, T_STRING]
            .into_iter()
            .all(|t| head.feed(self, t));
        (0..TERMINAL_NAMES.len())
            .map(|t| {
                let t = t as u16;
                !ok || t == T_CASE_ID || t == T_DEFAULT_ID || head.clone().feed(self, t)
            })
            .collect()
    }

    /// The most entries of the stack to keep for `terminal` to be
    /// shifted: down to a state where a statement begins, or, for what
    /// closes more than a statement, down to any.
    fn resume_depth(&self, terminal: u16) -> Option<usize> {
        let statement = self.recovery.as_ref().and_then(|r| r.statement);
        let begins_statement = |keep: &usize| {
            let state = self.states[keep - 1] as usize;
            statement.is_none_or(|s| goto(self.automaton, state, s).is_some())
        };
        let shifts = |keep: &usize| {
            let mut trial = Trial {
                base: &self.states[..*keep],
                extra: Vec::new(),
            };
            trial.feed(self, terminal)
        };
        let closes = matches!(terminal, T_END | T_LEVEL_ID | T_MAZE_ID | T_RBRACE);
        (1..=self.states.len())
            .rev()
            .filter(begins_statement)
            .find(shifts)
            .or_else(|| {
                closes
                    .then(|| (1..=self.states.len()).rev().find(shifts))
                    .flatten()
            })
    }

    /// Drops the stack above its first `keep` entries, and the
    /// bookkeeping of what they held.
    fn pop_to(&mut self, keep: usize) {
        self.states.truncate(keep);
        self.values.truncate(keep);
        self.spans.truncate(keep);
        let Some(r) = self.recovery.as_mut() else {
            return;
        };
        r.nesting.truncate(keep);
        let Some(n) = r.nesting.last().cloned() else {
            return;
        };
        self.n_if = n.n_if;
        self.n_for = n.n_for;
        self.in_switch = n.in_switch;
        self.allow_break = n.allow_break;
        self.in_container = n.in_container;
        self.breaks = n.breaks;
        self.is_inconstant_number = n.is_inconstant_number;
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Build, FileRun, Message, Session};

    fn analyse(src: &[u8]) -> FileRun {
        let mut session = Session::new(Build::Nethack366);
        session.record_tokens = true;
        session.recover = true;
        session.compile(src)
    }

    fn errors(run: &FileRun) -> Vec<String> {
        run.messages
            .iter()
            .filter(|m| !matches!(m, Message::Summary { .. }))
            .map(|m| m.render("f"))
            .collect()
    }

    /// Blocks of every kind (a room, a container, LOOP, SWITCH, IF/ELSE,
    /// FOR, chance) over three levels, for the mutations below.
    const SAMPLE: &str = "\
LEVEL: \"one\"
ROOM: \"ordinary\", unlit, (2,5), (half-right, bottom), (3,6) {
  CONTAINER: \"ice box\", (1, 1) {
    OBJECT: \"can of grease\", quantity: 12
  }
  FOUNTAIN: (1, 2)
  $place = (3,1,70,2)
}
SWITCH [5] {
  CASE 1:
    BREAK
  DEFAULT:
    MONSTER: 'd', random
}
MAZE: \"two\", '|'
INIT_MAP: mazegrid, '\\H'
[79%]: FOUNTAIN: (2,9)
LOOP [3] {
  IF [50%] {
    OBJECT: '[', random
    BREAK
  } ELSE {
    MONSTER: ('d', \"jackal\"), random
  }
}
FOR $i = 1 TO 3 {
  TRAP: random, random
}
MAZE: \"three\", ' '
GEOMETRY: center, center
MAP
-----
|...|
-----
ENDMAP
STAIR: (3,1), up
";

    /// Parsing goes on after an error and always ends: every prefix of
    /// the sample, and the sample with one byte deleted or replaced by
    /// something that opens or closes a block, a string or a line. Each
    /// token read is further on than the last (recovery reads on, it does
    /// not go round), and the run ends before the input does.
    #[test]
    fn recovery_ends_on_cut_and_mutated_inputs() {
        let src = SAMPLE.as_bytes();
        let mut inputs: Vec<Vec<u8>> = (0..=src.len()).map(|n| src[..n].to_vec()).collect();
        for at in 0..src.len() {
            let mut deleted = src.to_vec();
            deleted.remove(at);
            inputs.push(deleted);
            for b in [b'{', b'}', b'"', b'\n', b':', b'x', 0xc3] {
                if at % 3 == 0 || b == b'"' || b == b'}' {
                    let mut replaced = src.to_vec();
                    replaced[at] = b;
                    inputs.push(replaced);
                }
            }
        }
        for input in &inputs {
            let run = analyse(input);
            let mut last_end = 0;
            for &(_, start, end) in &run.tokens {
                assert!(
                    start >= last_end && (end > start || end == input.len() || end == start),
                    "a token read again in {:?}",
                    String::from_utf8_lossy(input)
                );
                last_end = end;
            }
            let empty = run.tokens.iter().filter(|t| t.1 == t.2).count();
            assert!(empty <= 1, "{:?}", String::from_utf8_lossy(input));
            assert!(run.messages.len() <= input.len() + 2);
        }
    }

    /// A file is read with recovery's bookkeeping only once a reading
    /// without it met a syntax error: the result is the one reading with
    /// it from the start gives, in a session that read another file first
    /// too (its map size and errors are put back before the second
    /// reading).
    #[test]
    fn reading_again_to_recover_is_reading_once_with_the_bookkeeping() {
        let src = SAMPLE.as_bytes();
        let before = b"MAZE: \"zero\", ' '\nGEOMETRY: center, center\nMAP\n---\nENDMAP\n";
        for at in (0..src.len()).step_by(7) {
            let mut input = src.to_vec();
            input[at] = b'}';
            let read = |lazily: bool| {
                let mut session = Session::new(Build::Nethack366);
                session.record_tokens = true;
                session.recover = true;
                let first = session.compile(before);
                let run = if lazily {
                    session.compile(&input)
                } else {
                    session.compile_pass(&input, true).0
                };
                format!("{first:?}\n{run:?}")
            };
            assert_eq!(
                read(true),
                read(false),
                "{}",
                String::from_utf8_lossy(&input)
            );
        }
    }

    #[test]
    fn the_unmutated_sample_compiles() {
        let run = analyse(SAMPLE.as_bytes());
        assert_eq!(errors(&run), Vec::<String>::new());
        assert_eq!(run.files.len(), 3);
    }

    /// A level left inside a container, a loop, and with a BREAK pending
    /// leaves none of them open for the next: its OBJECT without a place
    /// is still an error there (in no container), and its records are
    /// those it has alone.
    #[test]
    fn a_dropped_block_leaves_nothing_open() {
        let second = "MAZE: \"two\", ' '\nLOOP [2] {\n  BREAK\n}\nOBJECT: '['\nFOUNTAIN: (1,1)\n";
        let first = "LEVEL: \"one\"\nROOM: \"ordinary\", random, random, random, random {\n  \
                     CONTAINER: \"ice box\", (1, 1) {\n    LOOP [2] {\n      BREAK\n      IF [50%] {\n";
        let alone = analyse(second.as_bytes());
        let both = analyse(format!("{first}{second}").as_bytes());
        let need_coord = "Object needs a coord when not contained.";
        assert_eq!(errors(&alone), [format!("f: line 6, pos 0: {need_coord}")]);
        assert_eq!(
            errors(&both),
            [
                "f: line 7, pos 0: syntax error at \"MAZE\"".to_string(),
                format!("f: line 12, pos 0: {need_coord}"),
            ]
        );
        // The second level has an error too: compile it without one.
        let second = second.replace("OBJECT: '['\n", "");
        let alone = analyse(second.as_bytes());
        let both = analyse(format!("{first}{second}").as_bytes());
        assert_eq!(both.unwritten.len(), 1);
        assert_eq!(both.unwritten[0].bytes, alone.files[0].1);
    }
}
