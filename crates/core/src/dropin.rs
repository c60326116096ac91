//! The drop-in door: each function does what one of the original tools
//! does with one input (the files it writes, what it prints, whether it
//! fails), computing only that. No views, tokens or outline are built, so
//! the command-line drop-ins stay faster than the originals; the studio and
//! `check` go through [`crate::analyze`] instead.
//!
//! Nothing here touches the file system: the caller writes [`Run::files`]
//! (by bare name, where the original would) and prints the rest.

use crate::lev::LevTarget;
use crate::{dungeon, nethack, nethack36, powder, rlg327};
use vaultwright_model::diagnostic::Diagnostic;
use vaultwright_model::{Options, Target};

/// What an original tool does with one input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Run {
    /// Files it writes, by bare name, in the order written.
    pub files: Vec<OutputFile>,
    /// What it prints on standard output.
    pub stdout: Vec<u8>,
    /// The lines it prints on standard error, in its own words.
    pub stderr: Vec<String>,
    /// Its exit status.
    pub exit: u8,
    /// Every finding, ours included, for callers that render their own
    /// report (`rlg327 print`).
    pub diagnostics: Vec<Diagnostic>,
}

/// One output file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputFile {
    pub name: String,
    pub bytes: Vec<u8>,
}

impl Run {
    pub fn failed(&self) -> bool {
        self.exit != 0
    }
}

/// `lev_comp FILE`: one `<level>.lev` per level that compiled, the
/// original's messages (its text and line numbers), exit 1 on any error.
/// `shown_name` is the name the messages start with (the path as given,
/// or `(stdin)`); `extra_warnings` is the original's `-w`.
pub fn lev_comp(shown_name: &str, source: &str, target: Target, extra_warnings: bool) -> Run {
    let options = Options {
        target,
        extra_warnings,
        ..Options::default()
    };
    let (files, diagnostics) = nethack::compile_files(source, &options);
    let files = files
        .into_iter()
        .map(|(name, bytes)| OutputFile { name, bytes })
        .collect();
    let failed = diagnostics.iter().any(Diagnostic::is_error);
    Run {
        files,
        stdout: Vec::new(),
        stderr: nethack::lev_comp_messages(shown_name, source, &diagnostics),
        exit: u8::from(failed),
        diagnostics,
    }
}

/// `lev_comp` of NetHack 3.6.6 (or NLE 0.9's build of it) over the files
/// of one process: a few things carry from one file to the next there (the
/// map bound, and after a level with errors no later level is written), so
/// the files go through one `LevComp36` in the order given.
pub struct LevComp36 {
    session: nethack36::Session,
    /// What each file name holds so far in this process.
    written: std::collections::HashMap<String, Vec<u8>>,
    /// What the last file appends to other files (a variant's
    /// `vaults.dat`), in order.
    appends: Vec<OutputFile>,
}

impl Default for LevComp36 {
    fn default() -> Self {
        LevComp36::new()
    }
}

impl LevComp36 {
    /// NetHack 3.6.6's `lev_comp`.
    pub fn new() -> Self {
        LevComp36::with_profile(
            nethack36::Build::Nethack366,
            &nethack36::profile::NETHACK_366,
        )
    }

    /// The `lev_comp` of a 3.6 target: 3.6.6's, NLE's build, a variant's
    /// (none for a classic target, whose compiler is [`lev_comp`]).
    pub fn for_target(target: LevTarget) -> Option<Self> {
        let (build, profile) = target.build()?;
        Some(LevComp36::with_profile(build, profile))
    }

    fn with_profile(build: nethack36::Build, profile: &'static nethack36::Profile) -> Self {
        LevComp36 {
            session: nethack36::Session::with_profile(build, profile),
            written: Default::default(),
            appends: Vec::new(),
        }
    }

    /// What the last [`LevComp36::compile`] appends to other files, in
    /// order (EvilHack lists its random vaults in `vaults.dat`).
    pub fn take_appends(&mut self) -> Vec<OutputFile> {
        std::mem::take(&mut self.appends)
    }

    /// The reference's `-v`: a line per written level on standard output,
    /// and warnings for unused variables.
    pub fn set_verbose(&mut self, on: bool) {
        self.session.verbose = on;
    }

    /// One file: `shown_name` starts its messages. [`Run::exit`] is 1 when
    /// the file had an error; `fatal` runs stop the process (the reference's
    /// `Too many errors`, or an input the reference crashes on).
    ///
    /// The reference opens its output without truncating it, so a level
    /// written over a longer one of the same name earlier in the process
    /// keeps that one's tail; each file here is what the name holds after
    /// the write (a file that existed before the process is not read: it
    /// is replaced whole).
    pub fn compile(&mut self, shown_name: &str, source: &[u8]) -> (Run, bool) {
        let out = self.session.compile(source);
        self.appends = out
            .appends
            .into_iter()
            .map(|(name, bytes)| OutputFile { name, bytes })
            .collect();
        let files = out
            .files
            .into_iter()
            .map(|(name, mut bytes)| {
                let before = self.written.entry(name.clone()).or_default();
                if before.len() > bytes.len() {
                    bytes.extend_from_slice(&before[bytes.len()..]);
                }
                before.clone_from(&bytes);
                OutputFile { name, bytes }
            })
            .collect();
        let run = Run {
            files,
            stdout: out.stdout.into_bytes(),
            stderr: out.messages.iter().map(|m| m.render(shown_name)).collect(),
            exit: u8::from(out.failed),
            diagnostics: Vec::new(),
        };
        (run, out.fatal)
    }
}

/// `dgn_comp FILE.pdf` (or a `dungeon.def`, preprocessed as `makedefs -e`
/// does): the output file named after the input (`x.pdf` → `x`), written
/// even after the original's own errors as the original does, empty after
/// a syntax error; nothing where one of our own errors says the original
/// would crash or write a file the game cannot load. `file_name` is the
/// input's bare name (empty for standard input).
pub fn dgn_comp(shown_name: &str, file_name: &str, source: &str, target: Target) -> Run {
    let options = Options {
        target,
        file_name: file_name.to_string(),
        ..Options::default()
    };
    let out = dungeon::run(source, &options);
    let failed = out.diagnostics.iter().any(Diagnostic::is_error);
    let files = out
        .original_output
        .map(|bytes| OutputFile {
            name: dungeon::output_name(file_name),
            bytes,
        })
        .into_iter()
        .collect();
    Run {
        files,
        stdout: Vec::new(),
        stderr: out
            .makedefs_stderr
            .lines()
            .map(str::to_string)
            .chain(dungeon::dgn_comp_messages(
                shown_name,
                source,
                &out.diagnostics,
            ))
            .collect(),
        exit: u8::from(failed),
        diagnostics: out.diagnostics,
    }
}

/// `map2c IN.map OUT.cpp`: the C++ text (as the file `output_name`), the
/// original's warnings; exit 255 on its fatal errors, 1 on ours.
pub fn map2c(shown_name: &str, source: &str, output_name: &str) -> Run {
    let prefix = powder::prefix_of(output_name);
    let (mut diagnostics, text) = powder::convert(source, shown_name, &prefix);
    let mut stderr = powder::map2c_messages(&diagnostics);
    if let Some(finding) = powder::file_name_finding(output_name) {
        stderr.push(format!("warning: {} [{}]", finding.message, finding.code));
        diagnostics.push(finding);
    }
    let exit = match &text {
        Some(_) => 0,
        None if diagnostics.iter().any(|d| d.code == powder::ORIGINAL_FATAL) => 255,
        None => 1,
    };
    Run {
        files: text
            .map(|t| OutputFile {
                name: output_name.to_string(),
                bytes: t.into_bytes(),
            })
            .into_iter()
            .collect(),
        stdout: Vec::new(),
        stderr,
        exit,
        diagnostics,
    }
}

/// The RLG327 instructor parser: every entry printed on standard output in
/// the chosen form; exit 1 when an entry had an error.
pub fn rlg327_print(
    source: &str,
    kind: rlg327::Kind,
    dialect: Option<rlg327::Dialect>,
    form: rlg327::Form,
) -> Run {
    let dialect = dialect.unwrap_or_else(|| rlg327::detect_dialect(source));
    let parsed = rlg327::parse(source, kind, dialect);
    let stdout = rlg327::print(&parsed, form).into_bytes();
    let failed = parsed.diagnostics.iter().any(Diagnostic::is_error);
    Run {
        files: Vec::new(),
        stdout,
        stderr: Vec::new(),
        exit: u8::from(failed),
        diagnostics: parsed.diagnostics,
    }
}
