//! Measuring a child process's peak memory from the kernel's accounting.
//!
//! Linux counts in a program's peak resident memory the memory of the
//! process that `exec`ed it, as it was then: a command spawned by an xtask
//! that has itself grown (the language-server case reads a 50 MB file)
//! would be charged the xtask's size. So the measured command is started
//! by a fresh, small copy of the xtask (`xtask __peak CLI ARGS…`), which
//! waits for it and reports the peak on its standard error.

use std::io::Read;
use std::path::Path;
use std::process::{Child, Command, ExitCode, Stdio};

use crate::Result;

/// The hidden subcommand the small copy runs.
pub const PEAK: &str = "__peak";

/// A command that runs `cli args` through the small copy (standard input
/// and output are the command's; its standard error is dropped).
pub fn measured(cli: &Path, args: &[String]) -> Result<Command> {
    let me = std::env::current_exe().map_err(|e| format!("the xtask's own path: {e}"))?;
    let mut command = Command::new(me);
    command.arg(PEAK).arg(cli).args(args).stderr(Stdio::piped());
    Ok(command)
}

/// Waits for a child started from [`measured`]; the command's peak
/// resident memory (bytes).
pub fn peak_of(mut child: Child, cli: &Path, args: &[String]) -> Result<u64> {
    let mut report = String::new();
    if let Some(mut err) = child.stderr.take() {
        err.read_to_string(&mut report)
            .map_err(|e| format!("reading the peak of {}: {e}", cli.display()))?;
    }
    child
        .wait()
        .map_err(|e| format!("waiting for {}: {e}", cli.display()))?;
    report
        .lines()
        .find_map(|l| l.strip_prefix("peak ")?.trim().parse().ok())
        .ok_or_else(|| {
            format!(
                "{} {}: no peak reported: {}",
                cli.display(),
                args.join(" "),
                report.trim()
            )
        })
}

/// `xtask __peak CLI ARGS…`: runs the command (its standard input and
/// output inherited, standard error dropped), then writes `peak BYTES`
/// on standard error.
pub fn report_peak(args: &[String]) -> ExitCode {
    let Some((cli, rest)) = args.split_first() else {
        eprintln!("usage: xtask {PEAK} CLI ARGS…");
        return ExitCode::from(2);
    };
    let child = Command::new(cli).args(rest).stderr(Stdio::null()).spawn();
    let child = match child {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{cli}: {e}");
            return ExitCode::FAILURE;
        }
    };
    match wait_for(child.id(), Path::new(cli), rest) {
        Ok(peak) => {
            eprintln!("peak {peak}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// Waits for the child `pid`; its peak resident memory (bytes), from the
/// kernel's accounting.
fn wait_for(pid: u32, cli: &Path, args: &[String]) -> Result<u64> {
    let pid = pid as libc::pid_t;
    let mut status = 0;
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our own child, not yet waited for; `status` and
    // `usage` are valid for writes.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    if waited != pid {
        return Err(format!(
            "waiting for {}: {}",
            cli.display(),
            std::io::Error::last_os_error()
        ));
    }
    if libc::WIFSIGNALED(status) {
        return Err(format!(
            "{} {} was killed by signal {}",
            cli.display(),
            args.join(" "),
            libc::WTERMSIG(status)
        ));
    }
    // `ru_maxrss` is in kilobytes on Linux.
    Ok(usage.ru_maxrss as u64 * 1024)
}
