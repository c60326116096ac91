//! `vaultwright`: check, compile and render roguelike level files; a
//! drop-in for NetHack's `lev_comp`.
//!
//! Commands: the drop-ins `lev-comp`, `dgn-comp`, `map2c` and
//! `rlg327 print` (through the core's `dropin` door), and `check`,
//! `render`, `compile`, `convert`, `decode`, `decompile`, `tokens` and
//! `lsp`. Every exit status is in the README's table and
//! `tests/integration/cli_exit_codes.rs`. `check` and `compile` ask for no
//! views (`Options::without_views`), `render` for the one entry it draws,
//! so memory follows the text, not its drawings.

mod allocator;
mod decode;
mod decompile;
mod game;
mod output;
mod tokens;

use vaultwright_cli::render;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use vaultwright::convert::Refused;
use vaultwright::lev::LevTarget;
use vaultwright::walk;
use vaultwright::{
    analyze, detect_language, dropin, Analysis, Analyzer, Language, LineIndex, Options, Target,
};

#[derive(Parser)]
#[command(
    name = "vaultwright",
    version,
    about = "Level-design studio for roguelike level formats"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum RlgCommand {
    /// Print every entry the way the course parser does.
    Print {
        file: PathBuf,
        /// s2016, f2017 or y2018 (detected from the file when absent).
        #[arg(long)]
        dialect: Option<String>,
        /// `reference` (the instructor parser's output) or `assignment`.
        #[arg(long, value_enum, default_value = "reference")]
        form: PrintForm,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum PrintForm {
    Reference,
    Assignment,
}

/// When to do something that only helps a person at a terminal.
#[derive(Clone, Copy, ValueEnum)]
enum When {
    /// When standard output is a terminal (colour: and NO_COLOR is unset).
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Human,
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// Drop-in for NetHack's lev_comp: compile .des files into <level>.lev
    /// files in the current directory.
    LevComp {
        /// Extra warnings (the original's -w).
        #[arg(short = 'w')]
        warnings: bool,
        /// nethack-3.4.3 (default), nethack-3.2.3, nethack-3.2.2,
        /// nethack-3.6.6, or nle-0.9 (NLE's build of the 3.6.6 compiler,
        /// which MiniHack runs).
        #[arg(long, default_value = "nethack-3.4.3", value_parser = parse_lev_target)]
        target: LevTarget,
        /// 3.6 targets: the original's -v (a line per level written, and
        /// unused variables).
        #[arg(short = 'v')]
        verbose: bool,
        /// Input files; standard input when none.
        files: Vec<PathBuf>,
    },
    /// Drop-in for NetHack's dgn_comp: compile a dungeon.pdf (or a
    /// dungeon.def, preprocessed like makedefs -e) into the dungeon file.
    DgnComp {
        #[arg(long, default_value = "nethack-3.4.3", value_parser = parse_target)]
        target: Target,
        /// Input file (`*.pdf` or `*.def`); standard input when none, with
        /// the output on standard output.
        file: Option<PathBuf>,
    },
    /// Drop-in for POWDER's map2c: convert a room map into C++.
    Map2c { input: PathBuf, output: PathBuf },
    /// RLG327 monster/object descriptions.
    Rlg327 {
        #[command(subcommand)]
        command: RlgCommand,
    },
    /// Check files and print diagnostics.
    Check {
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
        /// Override the detected language.
        #[arg(long, value_parser = parse_language)]
        language: Option<Language>,
        #[command(flatten)]
        game: game::GameArgs,
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Draw a level's tile map or room layout as text.
    Render {
        file: PathBuf,
        /// Which level, vault, dungeon or entry of the file (default: the
        /// first); `--vault` and `--dungeon` are the same option.
        #[arg(long, visible_aliases = ["vault", "dungeon"])]
        level: Option<String>,
        /// Seed for random placements.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        #[arg(long, value_parser = parse_language)]
        language: Option<Language>,
        #[command(flatten)]
        game: game::GameArgs,
        /// Colour the glyphs as the game does.
        #[arg(long, value_enum, default_value = "auto")]
        color: When,
        /// Print under a tile map what each glyph means and how often it
        /// appears.
        #[arg(long, value_enum, default_value = "auto")]
        legend: When,
        /// DCSS: how many million steps a vault's Lua may run to be drawn
        /// (a loop that never ends is stopped after them).
        #[arg(long, value_name = "MILLIONS", default_value_t = Options::DRAWING_BY_NAME_MILLIONS)]
        lua_steps: u32,
    },
    /// Print a compiled NetHack special level: a 3.4.3 or 3.2 .lev field
    /// by field (offset, size, record, value, meaning), a 3.6 one (or a
    /// variant's) record by record with packed values unpacked. The
    /// dialect is read from the file's version word unless --target says.
    Decode {
        file: PathBuf,
        /// nethack-3.4.3, nethack-3.2.3, nethack-3.2.2, nethack-3.6.6,
        /// nle-0.9 or a variant (evilhack-0.9.3).
        #[arg(long, value_parser = parse_lev_target)]
        target: Option<LevTarget>,
        #[arg(long, value_enum, default_value = "text")]
        format: decode::Format,
    },
    /// Write a NetHack 3.4.3 or 3.2 .lev back as lev_comp source that
    /// compiles to the same bytes (the level is named after the file).
    Decompile {
        file: PathBuf,
        /// nethack-3.4.3, nethack-3.2.3 or nethack-3.2.2 (else the file's
        /// version word decides).
        #[arg(long)]
        target: Option<String>,
    },
    /// Print the checker's tokens of a file as JSON (kind, byte range,
    /// line, column, text), for editor tooling.
    Tokens {
        file: PathBuf,
        #[arg(long, value_parser = parse_language)]
        language: Option<Language>,
    },
    /// Serve the language service (completion, hover, definitions,
    /// references, rename, symbols, folding, quick fixes, findings) to an
    /// editor over the Language Server Protocol on standard input and
    /// output. Settings come as initializationOptions: `target`, `names`
    /// (DCSS names files), `dcssGame`, `noGuidelines`.
    Lsp,
    /// Write a 3.4.3 (or 3.2) special level as NetHack 5.0's Lua: one
    /// `NAME.lua` per level of the file, in the output directory.
    Convert {
        file: PathBuf,
        /// The language to write: `lua` (NetHack 5.0's level scripts).
        #[arg(long, value_parser = ["lua"])]
        to: String,
        #[arg(short = 'o', long = "output", default_value = ".")]
        out_dir: PathBuf,
        #[command(flatten)]
        game: game::GameArgs,
    },
    /// Write every compiled artifact of every file into a directory.
    Compile {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[arg(short = 'o', long = "output", default_value = ".")]
        out_dir: PathBuf,
        #[arg(long, value_parser = parse_language)]
        language: Option<Language>,
        #[command(flatten)]
        game: game::GameArgs,
        /// The seed a NetHack 5.0 Lua level is run with; its realisation is
        /// written as text (`NAME.seed-N.txt`: the 80×21 level, then what
        /// was placed where, with the script's line).
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
}

/// A `lev-comp` or `decode` target: any compiler the core names.
fn parse_lev_target(s: &str) -> Result<LevTarget, String> {
    LevTarget::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = LevTarget::ALL.iter().map(|t| t.name()).collect();
        format!("unknown target `{s}` (one of: {})", names.join(", "))
    })
}

fn parse_target(s: &str) -> Result<Target, String> {
    Target::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Target::ALL.iter().map(|t| t.name()).collect();
        format!("unknown target `{s}` (one of: {})", names.join(", "))
    })
}

fn parse_language(s: &str) -> Result<Language, String> {
    Language::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Language::ALL.iter().map(|l| l.name()).collect();
        format!("unknown language `{s}` (one of: {})", names.join(", "))
    })
}

/// A static musl build (the fastest drop-in, see the README) allocates
/// with dlmalloc: musl's own allocator returns every freed small block to
/// the kernel, and a level's compile frees thousands.
#[cfg(target_env = "musl")]
#[global_allocator]
static ALLOCATOR: dlmalloc::GlobalDlmalloc = dlmalloc::GlobalDlmalloc;

/// The stack the tools' work gets: the Lua reader's tree walks recurse
/// once per operator of a chain, and Lua accepts chains of tens of
/// thousands (pages are committed only as they are touched).
const WORK_STACK: usize = 1 << 30;

fn main() -> ExitCode {
    let cli = Cli::parse();
    if matches!(cli.command, Command::Lsp) {
        allocator::one_arena();
    }
    let work = std::thread::Builder::new()
        .name("work".into())
        .stack_size(WORK_STACK)
        .spawn(move || run(cli));
    match work.map(|handle| handle.join()) {
        Ok(Ok(code)) => code,
        Ok(Err(_)) => ExitCode::from(101),
        Err(e) => {
            eprintln!("error: no thread for the work: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::LevComp {
            warnings,
            target,
            verbose,
            files,
        } => match dropin::LevComp36::for_target(target) {
            Some(compiler) => lev_comp36(compiler, verbose, &files),
            None => lev_comp(warnings, target.target(), &files),
        },
        Command::DgnComp { target, file } => dgn_comp(target, file.as_deref()),
        Command::Map2c { input, output } => map2c(&input, &output),
        Command::Rlg327 {
            command:
                RlgCommand::Print {
                    file,
                    dialect,
                    form,
                },
        } => rlg327_print(&file, dialect.as_deref(), form),
        Command::Check {
            format,
            language,
            game,
            files,
        } => match game.options() {
            Ok(base) => check(format, language.or(game.language()), base, &files),
            Err(code) => code,
        },
        Command::Render {
            file,
            level,
            seed,
            language,
            game,
            color,
            legend,
            lua_steps,
        } => {
            let base = match game.options() {
                Ok(base) => Options {
                    lua_drawing_millions: Some(lua_steps),
                    ..vaultwright::dlua::with_library_beside(base, &file)
                },
                Err(code) => return code,
            };
            let tty = std::io::stdout().is_terminal();
            let style = render::Style {
                color: match color {
                    When::Auto => colour_for(tty),
                    When::Always => true,
                    When::Never => false,
                },
                legend: match legend {
                    When::Auto => tty,
                    When::Always => true,
                    When::Never => false,
                },
            };
            render_cmd(
                &file,
                level.as_deref(),
                seed,
                language.or(game.language()),
                base,
                style,
            )
        }
        Command::Decode {
            file,
            target,
            format,
        } => decode::run(&file, target, format),
        Command::Decompile { file, target } => decompile::run(&file, target.as_deref()),
        Command::Tokens { file, language } => tokens::run(&file, language),
        Command::Lsp => match vaultwright_lsp::run_stdio() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: vaultwright lsp: {e}");
                ExitCode::from(1)
            }
        },
        Command::Convert {
            file,
            to: _,
            out_dir,
            game,
        } => match game.options() {
            Ok(base) => convert(&file, &out_dir, base),
            Err(code) => code,
        },
        Command::Compile {
            files,
            out_dir,
            language,
            game,
            seed,
        } => match game.options() {
            Ok(base) => compile(
                &files,
                &out_dir,
                language.or(game.language()),
                Options { seed, ..base },
            ),
            Err(code) => code,
        },
    }
}

/// `decode`: the file's records as text on standard output; a file that
/// is not a 3.6 `.lev` is an error at its byte offset (exit 1).
/// Colour on a terminal, unless the user asks for none by setting
/// NO_COLOR to anything but the empty string (no-color.org).
fn colour_for(is_terminal: bool) -> bool {
    is_terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Reads a file as text; invalid UTF-8 is replaced (and reported by the
/// caller's diagnostics as stray characters), never a panic. A FIFO, a
/// device or a file over the cap is an error, not a read that never ends
/// (see `vaultwright::walk`).
fn read_source(path: &Path) -> std::io::Result<String> {
    walk::read(path).map(text_of)
}

/// The bytes as text, a byte that is not UTF-8 replaced.
fn text_of(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// What `lev-comp` reads: each named file, or standard input (shown as
/// `(stdin)`) when none is named; a file that cannot be read is reported
/// in its turn.
fn lev_comp_inputs(files: &[PathBuf]) -> Vec<(String, std::io::Result<Vec<u8>>)> {
    if files.is_empty() {
        let read = walk::read_capped(std::io::stdin().lock(), 0);
        return vec![("(stdin)".into(), read)];
    }
    files
        .iter()
        .map(|f| (f.to_string_lossy().into_owned(), walk::read(f)))
        .collect()
}

fn language_of(path: &Path, text: &str, forced: Option<Language>) -> Result<Language, String> {
    if let Some(l) = forced {
        return Ok(l);
    }
    detect_language(&path.to_string_lossy(), text).ok_or_else(|| {
        format!(
            "{}: cannot tell the language; pass --language",
            path.display()
        )
    })
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn map2c(input: &Path, output: &Path) -> ExitCode {
    let shown = input.to_string_lossy().into_owned();
    let text = match read_source(input) {
        Ok(t) => t,
        Err(_) => {
            eprintln!("Could not open to read {shown}");
            return ExitCode::from(255);
        }
    };
    let run = dropin::map2c(&shown, &text, &output.to_string_lossy());
    output::stderr_lines(&run.stderr);
    let inputs = output::Inputs::new([input]);
    for out in &run.files {
        match output::write_file(output, &out.bytes, &inputs) {
            Ok(()) => {}
            Err(output::WriteFailure::Refused(why)) => {
                eprintln!("{why}");
                return ExitCode::from(2);
            }
            // map2c's own words, which say nothing of why.
            Err(output::WriteFailure::Io(_)) => {
                eprintln!("Could not open for write {}", output.display());
                return ExitCode::from(255);
            }
        }
    }
    ExitCode::from(run.exit)
}

fn rlg327_print(path: &Path, dialect: Option<&str>, form: PrintForm) -> ExitCode {
    use vaultwright::{Rlg327Dialect as Dialect, Rlg327Form as Form, Rlg327Kind as Kind};
    let text = match read_source(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    // No dialect named: the drop-in detects it from the text.
    let dialect = match dialect {
        None => None,
        Some(d) => match Dialect::from_name(d) {
            Some(d) => Some(d),
            None => {
                eprintln!("error: unknown dialect `{d}` (s2016, f2017 or y2018)");
                return ExitCode::from(2);
            }
        },
    };
    let kind = match detect_language(&path.to_string_lossy(), &text) {
        Some(Language::Rlg327Objects) => Kind::Object,
        _ => Kind::Monster,
    };
    let form = match form {
        PrintForm::Reference => Form::Reference,
        PrintForm::Assignment => Form::Assignment,
    };
    let run = dropin::rlg327_print(&text, kind, dialect, form);
    if let Err(code) = output::stdout(&run.stdout) {
        return code;
    }
    let color = colour_for(std::io::stderr().is_terminal());
    eprint!(
        "{}",
        render::diagnostics(&path.to_string_lossy(), &text, &run.diagnostics, color)
    );
    ExitCode::from(run.exit)
}

fn dgn_comp(target: Target, file: Option<&Path>) -> ExitCode {
    let (name, text) = match file {
        None => {
            let bytes = match walk::read_capped(std::io::stdin().lock(), 0) {
                Ok(bytes) => bytes,
                Err(e) => {
                    eprintln!("(stdin): {e}");
                    return ExitCode::from(1);
                }
            };
            (
                "(stdin)".to_string(),
                String::from_utf8_lossy(&bytes).into_owned(),
            )
        }
        Some(path) => {
            let shown = path.to_string_lossy().into_owned();
            let lower = shown.to_ascii_lowercase();
            if !lower.ends_with(".pdf") && !lower.ends_with(".def") {
                eprintln!("Error - file name \"{shown}\" in wrong format.");
                return ExitCode::from(1);
            }
            match read_source(path) {
                Ok(t) => (shown, t),
                Err(e) => {
                    eprintln!("Can't open \"{shown}\" for input.\n{shown}: {e}");
                    return ExitCode::from(1);
                }
            }
        }
    };
    let run = dropin::dgn_comp(
        &name,
        &file.map(file_name).unwrap_or_default(),
        &text,
        target,
    );
    output::stderr_lines(&run.stderr);
    for out in &run.files {
        if file.is_none() {
            if let Err(e) = output::stdout(&out.bytes) {
                return e;
            }
            continue;
        }
        // Like the original: the output goes beside the input when a path
        // is given (`dgn_comp dat/dungeon.pdf` writes `dat/dungeon`).
        let dir = file.and_then(|p| p.parent()).unwrap_or(Path::new(""));
        let inputs = output::Inputs::new(file);
        let written = output::write_or_exit(&inputs, dir, &out.name, &out.bytes, |e| {
            let dest = dir.join(&out.name);
            eprintln!("{name}: Can't open output file {}: {e}", dest.display());
            ExitCode::from(1)
        });
        if let Err(code) = written {
            return code;
        }
    }
    ExitCode::from(run.exit)
}

fn lev_comp(warnings: bool, target: Target, files: &[PathBuf]) -> ExitCode {
    let inputs = output::Inputs::new(files.iter().map(PathBuf::as_path));
    let mut failed = false;
    for (name, bytes) in lev_comp_inputs(files) {
        let text = match bytes {
            Ok(b) => text_of(b),
            Err(e) => {
                eprintln!("Can't open \"{name}\" for input.\n{name}: {e}");
                failed = true;
                continue;
            }
        };
        let run = dropin::lev_comp(&name, &text, target, warnings);
        output::stderr_lines(&run.stderr);
        failed |= run.failed();
        if let Err(code) = write_levels(
            &inputs,
            &name,
            output::last_of_each_name(&run.files, |f| &f.name),
        ) {
            return code;
        }
    }
    ExitCode::from(u8::from(failed))
}

/// A drop-in's `.lev` files, into the current folder as the original
/// writes them: a failure is the original's message and exit 1, a refused
/// name or an input in the way exit 2.
fn write_levels<'a>(
    inputs: &output::Inputs,
    source: &str,
    files: impl IntoIterator<Item = &'a dropin::OutputFile>,
) -> Result<(), ExitCode> {
    for out in files {
        output::write_or_exit(inputs, Path::new(""), &out.name, &out.bytes, |e| {
            eprintln!("{source}: Can't write output file {}: {e}", out.name);
            ExitCode::from(1)
        })?;
    }
    Ok(())
}

/// `lev_comp` 3.6.6: the files in order through one process's state; each
/// level's file as the original leaves it (see `LevComp36::compile`).
fn lev_comp36(mut compiler: dropin::LevComp36, verbose: bool, files: &[PathBuf]) -> ExitCode {
    compiler.set_verbose(verbose);
    let inputs = output::Inputs::new(files.iter().map(PathBuf::as_path));
    let mut failed = false;
    for (name, bytes) in lev_comp_inputs(files) {
        let bytes = match bytes {
            Ok(b) => b,
            Err(e) => {
                eprintln!("Can't open \"{name}\" for input.\n\n{name}: {e}");
                failed = true;
                continue;
            }
        };
        let (run, fatal) = compiler.compile(&name, &bytes);
        if let Err(code) = write_levels(&inputs, &name, &run.files) {
            return code;
        }
        for out in compiler.take_appends() {
            if let Err(refused) = inputs.refuse_path(Path::new(&out.name)) {
                eprintln!("{refused}");
                return ExitCode::from(2);
            }
            if let Err(e) = output::append(Path::new(&out.name), &out.bytes) {
                eprintln!("{name}: Can't append to {}: {e}", out.name);
                return ExitCode::from(1);
            }
        }
        let _ = output::stdout(&run.stdout);
        output::stderr_lines(&run.stderr);
        failed |= run.failed();
        if fatal {
            return ExitCode::from(1);
        }
    }
    ExitCode::from(u8::from(failed))
}

/// Files named on the command line, with directories expanded to the files
/// below them whose language is known (sorted). The walk is the shared
/// one (`vaultwright::walk`): a link loop is walked once, and a FIFO or
/// device among the names is kept in its place for the read to refuse.
fn expand(paths: &[PathBuf]) -> Vec<PathBuf> {
    let known = |p: &Path| {
        p.extension().is_some_and(|x| {
            ["des", "def", "pdf", "map", "txt"].contains(&x.to_string_lossy().as_ref())
        })
    };
    let rules = walk::Rules {
        wanted: &known,
        skipped: &|_| false,
        max_depth: usize::MAX,
        max_files: usize::MAX,
    };
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let walked = walk::walk(p, &rules);
            let mut found = walked.files;
            found.extend(walked.refused.into_iter().map(|r| r.path));
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    out
}

/// DCSS files checked together: names unique across them, selectors and
/// requested tags resolved across them, and a summary.
fn check_dcss_set(format: Format, files: &[(PathBuf, String)], options: &Options) -> ExitCode {
    let names: Vec<String> = files
        .iter()
        .map(|(p, _)| p.to_string_lossy().into_owned())
        .collect();
    let set: Vec<(&str, &str)> = names
        .iter()
        .zip(files)
        .map(|(n, (_, src))| (n.as_str(), src.as_str()))
        .collect();
    let analyses = Analyzer::new().analyze_set(&set, Language::DcssDes, options);
    let color = colour_for(std::io::stderr().is_terminal());
    let mut vaults = 0;
    let mut errors = 0;
    let mut by_code: std::collections::BTreeMap<&str, usize> = Default::default();
    // Each file's report is written on the workers (a large set's report
    // is a megabyte of text), then printed in the files' order.
    let jobs: Vec<_> = files.iter().zip(&analyses).collect();
    let reports = vaultwright::parallel::each(&jobs, |((path, src), a)| match format {
        Format::Json => format!("{}\n", json_report(path, src, a)),
        Format::Human => render::diagnostics(&path.to_string_lossy(), src, &a.diagnostics, color),
    });
    for (a, report) in analyses.iter().zip(reports) {
        vaults += a.outline.len();
        for d in &a.diagnostics {
            if d.is_error() {
                errors += 1;
            } else {
                *by_code.entry(&d.code).or_default() += 1;
            }
        }
        match format {
            Format::Json => {
                if let Err(code) = output::stdout(report.as_bytes()) {
                    return code;
                }
            }
            Format::Human => eprint!("{report}"),
        }
    }
    let warnings: Vec<String> = by_code.iter().map(|(c, n)| format!("{c} {n}")).collect();
    eprintln!(
        "{} file(s), {vaults} vault(s), {errors} error(s), warnings by code: {}",
        files.len(),
        if warnings.is_empty() {
            "none".to_string()
        } else {
            warnings.join(", ")
        }
    );
    if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// A file's text and its language (or why it has none).
type ReadFile = (String, Result<Language, String>);

fn check(format: Format, forced: Option<Language>, base: Options, files: &[PathBuf]) -> ExitCode {
    let options = Options {
        without_views: true,
        ..base
    };
    let files = &expand(files)[..];
    // Every file read and its language told once, on the workers (a set of
    // vault files is megabytes of text).
    let read: Vec<Result<ReadFile, String>> = vaultwright::parallel::each(files, |f| {
        let text = read_source(f).map_err(|e| format!("{}: {e}", f.display()))?;
        let language = language_of(f, &text, forced);
        Ok((text, language))
    });
    let joins_a_dcss_set = |r: &Result<ReadFile, String>| {
        r.as_ref().is_ok_and(|(text, language)| {
            *language == Ok(Language::DcssDes)
                || text
                    .lines()
                    .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
        })
    };
    if files.len() > 1 && read.iter().all(joins_a_dcss_set) {
        let texts = read.into_iter().flatten().map(|(text, _)| text);
        let dcss: Vec<(PathBuf, String)> = files.iter().cloned().zip(texts).collect();
        // One game's files: the library beside the first is theirs.
        let options = match files.first() {
            Some(first) => vaultwright::dlua::with_library_beside(options, first),
            None => options,
        };
        return check_dcss_set(format, &dcss, &options);
    }
    let mut any_error = false;
    let mut usage_error = false;
    let color = colour_for(std::io::stderr().is_terminal());
    // The files are analysed on the workers (a Lua level is run for 32
    // seeds), then reported in their order.
    let jobs: Vec<_> = files
        .iter()
        .zip(read)
        .map(|(path, read)| {
            (
                path,
                read.and_then(|(text, language)| language.map(|l| (text, l))),
            )
        })
        .collect();
    let analysed = vaultwright::parallel::each(&jobs, |(path, read)| {
        let (text, language) = read.as_ref().ok()?;
        let options = Options {
            file_name: file_name(path),
            ..options.clone()
        };
        let options = match language {
            Language::DcssDes => vaultwright::dlua::with_library_beside(options, path),
            _ => options,
        };
        Some(analyze(text, *language, &options))
    });
    for ((path, read), analysis) in jobs.into_iter().zip(analysed) {
        let (text, analysis) = match (read, analysis) {
            (Ok((text, _)), Some(analysis)) => (text, analysis),
            (Ok(_), None) => continue,
            (Err(message), _) => {
                // One finding for the file, in its place among the others.
                usage_error = true;
                eprintln!("error: {message}");
                if let Format::Json = format {
                    if let Err(code) = output::stdout(json_unread(path, &message).as_bytes()) {
                        return code;
                    }
                }
                continue;
            }
        };
        any_error |= analysis.has_errors();
        match format {
            Format::Json => {
                let line = format!("{}\n", json_report(path, &text, &analysis));
                if let Err(code) = output::stdout(line.as_bytes()) {
                    return code;
                }
            }
            Format::Human => {
                let rendered = render::diagnostics(
                    &path.to_string_lossy(),
                    &text,
                    &analysis.diagnostics,
                    color,
                );
                eprint!("{rendered}");
                let errors = analysis.diagnostics.iter().filter(|d| d.is_error()).count();
                let warnings = analysis.diagnostics.len() - errors;
                eprintln!(
                    "{}: {} error(s), {} other finding(s), {} artifact(s)",
                    path.display(),
                    errors,
                    warnings,
                    analysis.artifacts.len()
                );
            }
        }
    }
    if usage_error {
        ExitCode::from(2)
    } else if any_error {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The JSON line of a file that could not be read or whose language is
/// unknown: no language, one error without a position.
fn json_unread(path: &Path, message: &str) -> String {
    let line = serde_json::json!({
        "path": path.to_string_lossy(),
        "language": null,
        "diagnostics": [{
            "severity": "error",
            "code": "IO0001",
            "message": message,
            "line": null,
            "column": null,
            "end_line": null,
            "end_column": null,
            "notes": [],
        }],
    });
    format!("{line}\n")
}

fn json_report(path: &Path, text: &str, analysis: &Analysis) -> String {
    let index = LineIndex::new(text);
    let diags: Vec<serde_json::Value> = analysis
        .diagnostics
        .iter()
        .map(|d| {
            let a = index.line_col(text, d.span.start as usize);
            let b = index.line_col(text, d.span.end as usize);
            serde_json::json!({
                "severity": d.severity.as_str(),
                "code": d.code,
                "message": d.message,
                "line": a.line,
                "column": a.column,
                "end_line": b.line,
                "end_column": b.column,
                "notes": d.notes,
            })
        })
        .collect();
    serde_json::json!({
        "path": path.to_string_lossy(),
        "language": analysis.language.name(),
        "diagnostics": diags,
    })
    .to_string()
}

fn render_cmd(
    path: &Path,
    level: Option<&str>,
    seed: u64,
    forced: Option<Language>,
    base: Options,
    style: render::Style,
) -> ExitCode {
    let text = match read_source(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let language = match language_of(path, &text, forced) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let options = Options {
        seed,
        file_name: file_name(path),
        ..base
    };
    // Only the entry shown is drawn, so a file of thousands of levels draws
    // one: the first, or the one named, found in an outline read without
    // drawing anything.
    let focus = |symbol: usize| Options {
        focus: Some(symbol),
        ..options.clone()
    };
    let (analysis, symbol) = match level {
        None => {
            let a = analyze(&text, language, &focus(0));
            let first = (!a.outline.is_empty()).then_some(0);
            (a, first)
        }
        Some(name) => {
            let outline = analyze(
                &text,
                language,
                &Options {
                    without_views: true,
                    ..options.clone()
                },
            );
            match outline.outline.iter().position(|s| s.name == name) {
                Some(s) => (analyze(&text, language, &focus(s)), Some(s)),
                None => (outline, None),
            }
        }
    };
    let Some(symbol) = symbol else {
        let names: Vec<&str> = analysis.outline.iter().map(|s| s.name.as_str()).collect();
        eprintln!(
            "error: no such level{}; the file has: {}",
            level.map(|l| format!(" `{l}`")).unwrap_or_default(),
            names.join(", ")
        );
        return ExitCode::from(2);
    };
    let sym = &analysis.outline[symbol];
    let mut shown = format!("{} ({}) {}\n", sym.name, sym.kind, sym.detail);
    // The binary view is `decode`'s to print.
    let drawn = |v: &&vaultwright::SymbolView| !matches!(v.view, vaultwright::View::Binary(_));
    for v in analysis
        .views
        .iter()
        .filter(|v| v.symbol == symbol)
        .filter(drawn)
    {
        shown.push_str(&render::view(&v.view, style));
    }
    if let Err(code) = output::stdout(shown.as_bytes()) {
        return code;
    }
    if analysis.has_errors() {
        eprintln!("note: the file has errors; run `vaultwright check` for details");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// `convert --to lua`: each level of a `lev_comp` source as a Lua script;
/// a file with errors is refused (exit 1) with its findings.
fn convert(file: &Path, out_dir: &Path, base: Options) -> ExitCode {
    let text = match read_source(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    if !matches!(language_of(file, &text, None), Ok(Language::NethackDes)) {
        eprintln!(
            "error: {}: convert reads lev_comp sources (3.6, 3.4.3 or 3.2)",
            file.display()
        );
        return ExitCode::from(2);
    }
    let levels = match vaultwright::convert::des_to_lua(&text, &base) {
        Ok(converted) => converted.levels,
        Err(Refused::Errors(errors)) => {
            let colour = colour_for(std::io::stderr().is_terminal());
            let name = file.to_string_lossy();
            eprint!("{}", render::diagnostics(&name, &text, &errors, colour));
            return ExitCode::from(1);
        }
        Err(Refused::NoLevel) => {
            eprintln!("error: {}: no level to convert", file.display());
            return ExitCode::from(1);
        }
    };
    if let Err(e) = std::fs::create_dir_all(out_dir) {
        eprintln!("error: {}: {e}", out_dir.display());
        return ExitCode::from(2);
    }
    // Named by the level: written as `compile` writes (a name that would
    // leave the folder, or an input's own path, is refused).
    let inputs = output::Inputs::new(std::iter::once(file));
    let names: Vec<String> = levels.iter().map(|l| format!("{}.lua", l.name)).collect();
    if let Some(clash) = output::clashing_name(names.iter().map(String::as_str)) {
        eprintln!("{}", output::clash_message(file, clash));
        return ExitCode::from(1);
    }
    for level in levels {
        let name = format!("{}.lua", level.name);
        let written = output::write_or_exit(&inputs, out_dir, &name, level.lua.as_bytes(), |e| {
            eprintln!("error: {}: {e}", out_dir.join(&name).display());
            ExitCode::from(2)
        });
        match written {
            Ok(dest) => println!("{}", dest.display()),
            Err(code) => return code,
        }
    }
    ExitCode::SUCCESS
}

fn compile(files: &[PathBuf], out_dir: &Path, forced: Option<Language>, base: Options) -> ExitCode {
    let options = Options {
        without_views: true,
        ..base
    };
    if let Err(e) = std::fs::create_dir_all(out_dir) {
        eprintln!("error: {}: {e}", out_dir.display());
        return ExitCode::from(2);
    }
    let inputs = output::Inputs::new(files.iter().map(PathBuf::as_path));
    let mut code = ExitCode::SUCCESS;
    let mut unreadable = false;
    let (mut listing, mut listing_failed) = (true, None);
    for path in files {
        // A file that cannot be read or told apart is reported and the
        // others still compile; the run ends with exit 2.
        let text = match read_source(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                unreadable = true;
                continue;
            }
        };
        let language = match language_of(path, &text, forced) {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: {e}");
                unreadable = true;
                continue;
            }
        };
        let options = Options {
            file_name: file_name(path),
            ..options.clone()
        };
        let analysis = analyze(&text, language, &options);
        let errors: Vec<_> = analysis
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .cloned()
            .collect();
        if !errors.is_empty() {
            eprint!(
                "{}",
                render::diagnostics(
                    &path.to_string_lossy(),
                    &text,
                    &errors,
                    colour_for(std::io::stderr().is_terminal())
                )
            );
            code = ExitCode::from(1);
        }
        if let Some(clash) =
            output::clashing_name(analysis.artifacts.iter().map(|a| a.name.as_str()))
        {
            eprintln!("{}", output::clash_message(path, clash));
            code = ExitCode::from(1);
            continue;
        }
        for a in output::last_of_each_name(&analysis.artifacts, |a| &a.name) {
            let written = output::write_or_exit(&inputs, out_dir, &a.name, &a.bytes, |e| {
                eprintln!("error: {}: {e}", out_dir.join(&a.name).display());
                ExitCode::from(2)
            });
            let dest = match written {
                Ok(dest) => dest,
                Err(code) => return code,
            };
            // The listing is a courtesy: when it cannot be written the
            // files still are, and a failure other than a closed pipe
            // still ends in exit 2.
            if listing {
                if let Err(failed) = output::stdout(format!("{}\n", dest.display()).as_bytes()) {
                    listing = false;
                    if failed != ExitCode::SUCCESS {
                        listing_failed = Some(failed);
                    }
                }
            }
        }
    }
    if unreadable {
        return ExitCode::from(2);
    }
    listing_failed.unwrap_or(code)
}
