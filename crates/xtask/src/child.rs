//! Waiting for a child process the benchmarks started, and reading its
//! peak memory from the kernel's accounting.

use std::path::Path;

use crate::Result;

/// Waits for the child `pid`; its peak resident memory (bytes), from the
/// kernel's accounting.
pub fn wait_for(pid: u32, cli: &Path, args: &[String]) -> Result<u64> {
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
