//! The conditional filter NetHack 3.6's `makedefs` runs over `dungeon.def`
//! before `-e` drops its comments (`grep0` in `util/makedefs.c`). A line
//! whose first byte is `^` is a control line:
//!
//! | line      | meaning                                            |
//! |-----------|----------------------------------------------------|
//! | `^?ID`    | if the build defines ID                            |
//! | `^!ID`    | if it does not                                     |
//! | `^:`      | else                                               |
//! | `^.`      | end if                                             |
//! | `^#…`     | a comment                                          |
//! | `^^…`     | a line that starts with one `^`                    |
//! | `^ …`     | (a blank after the caret) the whole line, caret kept |
//!
//! Other lines are copied while the current condition holds. Mistakes are
//! counted and reported together at the end, except a nesting deeper than
//! the original's stack, which stops at once.

use vaultwright_model::source::Span;

/// The identifiers the reference build knows and whether its configuration
/// (the Linux hints of 3.6.6) defines them (`makedefs --grep-showvars`).
const DEFINED: &[(&str, bool)] = &[
    ("0", false),
    ("1", true),
    ("ALLDOCS", false),
    ("AMIGA", false),
    ("AMII_GRAPHICS", false),
    ("ASCIIGRAPH", true),
    ("BETA", false),
    ("BSD_JOB_CONTROL", false),
    ("CLIPPING", true),
    ("COMPRESS", true),
    ("DLB", true),
    ("FALSE", false),
    ("GEM_GRAPHICS", false),
    ("GNOME_GRAPHICS", false),
    ("HANGUPHANDLING", true),
    ("INSURANCE", true),
    ("LIFE", false),
    ("MAC", false),
    ("MAC_GRAPHICS", false),
    ("MAIL", true),
    ("MFLOPPY", false),
    ("MSDOS", false),
    ("MSWIN_GRAPHICS", false),
    ("NOCWD_ASSUMPTIONS", false),
    ("NOSAVEONHANGUP", false),
    ("OS2", false),
    ("POSIX_JOB_CONTROL", true),
    ("QT_GRAPHICS", false),
    ("RANDOM", false),
    ("SAFERHANGUP", true),
    ("SECURE", false),
    ("SHELL", true),
    ("SUSPEND", true),
    ("TEXTCOLOR", true),
    ("TOS", false),
    ("TRUE", true),
    ("TTY_GRAPHICS", true),
    ("UNICODE_DRAWING", false),
    ("UNICODE_PLAYERTEXT", false),
    ("UNICODE_WIDEWINPORT", false),
    ("UNIX", true),
    ("USER_SOUNDS", false),
    ("USE_TILES", false),
    ("VAR_PLAYGROUND", false),
    ("VMS", false),
    ("WIN32", false),
    ("WIN32_PLATFORM_HPCPRO", false),
    ("WIN32_PLATFORM_WFSP", false),
    ("WINNT", false),
    ("WIN_CE", false),
    ("WIN_CE_POCKETPC", false),
    ("WIN_CE_PS2xx", false),
    ("WIN_CE_SMARTPHONE", false),
    ("WIZARD", true),
    ("X11_GRAPHICS", false),
    ("ZEROCOMP", false),
    ("ZLIB_COMP", false),
    ("__BEOS__", false),
];

/// The original reads with a buffer of this size: a longer line comes out
/// as several lines.
const LINE_BUFFER: usize = 16_383;
/// Conditionals nest at most this deep (`GREP_STACK_SIZE - 2`).
const MAX_DEPTH: usize = 98;

/// A line that passed the filter, and where it came from.
pub struct Kept {
    pub text: String,
    pub origin: Span,
}

/// One mistake, at the control line that made it.
pub struct Mistake {
    pub message: String,
    pub span: Span,
}

pub struct Filtered {
    pub lines: Vec<Kept>,
    pub mistakes: Vec<Mistake>,
    /// What the original prints on standard error, byte for byte (some of
    /// its messages lack a newline and run into the next).
    pub stderr: String,
    /// False when the original stops: a mistake, or nesting too deep.
    pub complete: bool,
}

/// One entry of the conditional stack: the writing state outside it, what
/// `^:` switches to, and whether `^:` was seen.
#[derive(Clone, Copy)]
struct Frame {
    outer: bool,
    otherwise: bool,
    had_else: bool,
}

struct Filter {
    writing: bool,
    // The bottom frame is the original's `ST_LD(1, 0)`: a stray `^:` at
    // the top level turns writing off, as it does there.
    stack: Vec<Frame>,
    out: Filtered,
}

pub fn filter(src: &str) -> Filtered {
    let mut f = Filter {
        writing: true,
        stack: vec![Frame {
            outer: true,
            otherwise: false,
            had_else: false,
        }],
        out: Filtered {
            lines: Vec::new(),
            mistakes: Vec::new(),
            stderr: String::new(),
            complete: true,
        },
    };
    let mut line_no = 0;
    for (start, piece) in pieces(src) {
        line_no += 1;
        let span = Span::new(start, start + piece.len());
        if !f.line(piece, line_no, span) {
            f.out.complete = false;
            return f.out;
        }
    }
    f.finish();
    f.out
}

/// The lines as the original's `fgets` sees them: split at newlines, cut
/// at a NUL (`%s` prints up to it), and longer ones in buffer-sized parts
/// (at a character boundary here, where the original cuts at a byte).
fn pieces(src: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut at = 0;
    for line in src.split_inclusive('\n') {
        // `fgets` takes at most a buffer's worth, newline included: a line
        // of exactly that length leaves its newline for the next read.
        let mut rest = line;
        while !rest.is_empty() {
            let cut = vaultwright_model::source::floor_char_boundary(rest, LINE_BUFFER);
            let (part, tail) = rest.split_at(cut);
            let body = part.strip_suffix('\n').unwrap_or(part);
            let visible = body.split('\0').next().unwrap_or("");
            out.push((at, visible));
            at += part.len();
            rest = tail;
        }
    }
    out
}

/// C's `isspace`: also the vertical tab, which Rust's ASCII test leaves out.
fn is_c_space(c: char) -> bool {
    c.is_ascii_whitespace() || c == '\x0b'
}

impl Filter {
    /// Handles one line; false when the original would stop right here.
    fn line(&mut self, line: &str, line_no: usize, span: Span) -> bool {
        let Some(control) = line.strip_prefix('^') else {
            self.keep(line, span);
            return true;
        };
        let mut chars = control.chars();
        match chars.next() {
            // "^ x": a blank right after the caret is not a control line.
            Some(c) if is_c_space(c) => self.keep(line, span),
            Some('#') => {}
            Some('.') => self.end_if(line_no, span),
            Some(c @ ('?' | '!')) => return self.begin_if(c == '?', chars.as_str(), line_no, span),
            Some(':') => self.otherwise(line_no, span),
            Some('^') => {
                let at = span.start as usize + 1;
                self.keep(control, Span::new(at, span.end as usize));
            }
            other => {
                let shown = match other {
                    Some(c) if c.is_ascii_graphic() => c.to_string(),
                    // A byte above 127 is a negative `char` in C, printed
                    // with `%02x` as an int.
                    Some(_) => match control.as_bytes().first() {
                        Some(&b) if b >= 0x80 => format!("0x{:02x}", b as i8 as i32 as u32),
                        Some(&b) => format!("0x{b:02x}"),
                        None => "0x00".to_string(),
                    },
                    None => "0x00".to_string(),
                };
                self.mistake(
                    format!("unknown control ^{shown} at line {line_no}.\n"),
                    span,
                );
            }
        }
        true
    }

    fn keep(&mut self, text: &str, origin: Span) {
        if self.writing {
            self.out.lines.push(Kept {
                text: text.to_string(),
                origin,
            });
        }
    }

    fn mistake(&mut self, stderr: String, span: Span) {
        self.out.stderr.push_str(&stderr);
        self.out.mistakes.push(Mistake {
            message: stderr.trim_end().to_string(),
            span,
        });
    }

    fn begin_if(&mut self, positive: bool, id: &str, line_no: usize, span: Span) -> bool {
        if self.stack.len() - 1 == MAX_DEPTH {
            self.mistake(format!("stack overflow at line {line_no}."), span);
            return false;
        }
        if !self.writing {
            self.stack.push(Frame {
                outer: false,
                otherwise: false,
                had_else: false,
            });
            return true;
        }
        let holds = match self.is_defined(id, line_no, span) {
            Some(defined) => defined == positive,
            // Unknown: counted as a mistake, and taken as true so the
            // rest can still be checked.
            None => positive,
        };
        self.stack.push(Frame {
            outer: true,
            otherwise: !holds,
            had_else: false,
        });
        self.writing = holds;
        true
    }

    /// Whether the build defines `id`; `None` when it does not know it.
    fn is_defined(&mut self, id: &str, line_no: usize, span: Span) -> Option<bool> {
        let id = id.trim_start_matches(is_c_space);
        if id.is_empty() {
            // No newline in the original's message; an empty name is
            // "not defined".
            self.mistake(format!("missing identifier in line {line_no}"), span);
            return Some(false);
        }
        match DEFINED.iter().find(|(name, _)| *name == id) {
            Some(&(_, defined)) => Some(defined),
            None => {
                self.mistake(
                    format!("unknown identifier '{id}' in line {line_no}.\n"),
                    span,
                );
                None
            }
        }
    }

    fn otherwise(&mut self, line_no: usize, span: Span) {
        let had_else = self.top().had_else;
        if had_else {
            self.mistake(
                format!("multiple : for same conditional at line {line_no}.\n"),
                span,
            );
        }
        let top = self.top();
        top.had_else = true;
        let otherwise = top.otherwise;
        self.writing = otherwise;
    }

    fn end_if(&mut self, line_no: usize, span: Span) {
        if self.stack.len() == 1 {
            self.mistake(format!("unmatched ^. (endif) at line {line_no}.\n"), span);
            return;
        }
        if let Some(frame) = self.stack.pop() {
            self.writing = frame.outer;
        }
    }

    fn top(&mut self) -> &mut Frame {
        let last = self.stack.len() - 1;
        &mut self.stack[last]
    }

    fn finish(&mut self) {
        let open = self.stack.len() - 1;
        if open > 0 {
            let s = if open == 1 { "" } else { "s" };
            let end = Span::new(
                self.out.lines.last().map_or(0, |l| l.origin.end as usize),
                self.out.lines.last().map_or(0, |l| l.origin.end as usize),
            );
            self.mistake(format!("{open} unterminated conditional level{s}\n"), end);
        }
        let n = self.out.mistakes.len();
        if n > 0 {
            let s = if n == 1 { "" } else { "s" };
            self.out
                .stderr
                .push_str(&format!("{n} error{s} detected.\n"));
            self.out.complete = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(src: &str) -> Vec<String> {
        filter(src).lines.into_iter().map(|l| l.text).collect()
    }

    #[test]
    fn conditionals_follow_the_build_configuration() {
        let src = "a\n^?MAIL\nmail\n^:\nno mail\n^.\n^!VMS\nnot vms\n^.\n^?AMIGA\n^?MAIL\nx\n^.\n^:\ny\n^.\n";
        assert_eq!(kept(src), ["a", "mail", "not vms", "y"]);
    }

    #[test]
    fn carets_comments_and_blanks() {
        assert_eq!(kept("^#gone\n^^kept\n^ whole\n"), ["^kept", "^ whole"]);
    }

    #[test]
    fn mistakes_are_counted_and_stop_at_the_end() {
        let f = filter("^?NOPE\nx\n^.\n^.\n^:\n^:\n^");
        assert!(!f.complete);
        assert_eq!(
            f.stderr,
            "unknown identifier 'NOPE' in line 1.\nunmatched ^. (endif) at line 4.\n\
             multiple : for same conditional at line 6.\nunknown control ^0x00 at line 7.\n\
             4 errors detected.\n"
        );
    }

    #[test]
    fn a_stray_else_at_the_top_turns_writing_off() {
        assert_eq!(kept("a\n^:\nb\n"), ["a"]);
    }

    #[test]
    fn unterminated_levels_and_deep_nesting() {
        let f = filter("^?MAIL\n^?UNIX\n");
        assert_eq!(
            f.stderr,
            "2 unterminated conditional levels\n1 error detected.\n"
        );
        let deep = "^?MAIL\n".repeat(99);
        let f = filter(&deep);
        assert_eq!(f.stderr, "stack overflow at line 99.");
        assert!(!f.complete);
    }

    #[test]
    fn a_long_line_comes_out_in_parts() {
        let src = format!("{}\n", "x".repeat(LINE_BUFFER + 5));
        let lines = kept(&src);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[1], "xxxxx");
        // Exactly a buffer's worth: the newline is read as an empty line.
        let src = format!("{}\nb\n", "x".repeat(LINE_BUFFER));
        assert_eq!(kept(&src).len(), 3);
    }

    #[test]
    fn odd_control_bytes_are_shown_as_the_original_prints_them() {
        assert_eq!(
            filter("^\u{7}\n^\u{e9}\n").stderr,
            "unknown control ^0x07 at line 1.\nunknown control ^0xffffffc3 at line 2.\n2 errors detected.\n"
        );
    }
}
