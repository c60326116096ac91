//! `check DIR` over a folder that fights back: links to itself, a
//! `.des` link to `/dev/zero`, a FIFO named `.des`. The walk must end,
//! report the ordinary file and say why the others were not read.

use crate::common::tempdir;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// Waits for `child` at most `limit`; killed and `None` past it.
fn wait_at_most(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if let Ok(Some(status)) = child.try_wait() {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

/// The folder: two links to `.`, `x.des` → /dev/zero, FIFO `y.des`, and
/// `ok.des`, a valid level.
fn hostile_folder(dir: &Path) {
    let level = "MAZE:\"ok\",' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n";
    std::fs::write(dir.join("ok.des"), level).expect("written");
    for (target, link) in [(".", "a"), (".", "b"), ("/dev/zero", "x.des")] {
        std::os::unix::fs::symlink(target, dir.join(link)).expect("a link");
    }
    let made = Command::new("mkfifo").arg(dir.join("y.des")).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
}

#[test]
fn check_dir_ends_over_link_loops_devices_and_fifos() {
    let tmp = tempdir("hostile-folder");
    let dir = tmp.join("levels");
    std::fs::create_dir_all(&dir).expect("a folder");
    hostile_folder(&dir);
    let stderr_path = tmp.join("stderr");
    let stderr = std::fs::File::create(&stderr_path).expect("created");
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_vaultwright"))
        .arg("check")
        .arg(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .expect("started");
    let status = wait_at_most(&mut child, Duration::from_secs(20));
    let elapsed = started.elapsed();
    let said = std::fs::read_to_string(&stderr_path).unwrap_or_default();
    let status = status.unwrap_or_else(|| panic!("check DIR did not end in 20 s:\n{said}"));
    let shown = |name: &str| dir.join(name).display().to_string();
    assert!(
        said.contains(&format!("{}: 0 error(s)", shown("ok.des"))),
        "{said}"
    );
    assert!(
        said.contains(&format!(
            "error: {}: a character device, not a regular file; not read",
            shown("x.des")
        )),
        "{said}"
    );
    assert!(
        said.contains(&format!(
            "error: {}: a FIFO, not a regular file; not read",
            shown("y.des")
        )),
        "{said}"
    );
    // The looped folder is walked once: `ok.des` is reported once.
    assert_eq!(said.matches("ok.des").count(), 1, "{said}");
    // A file that cannot be read is exit 2, as before.
    assert_eq!(status.code(), Some(2), "{said}");
    assert!(elapsed < Duration::from_secs(20));
}

#[test]
fn a_fifo_or_device_named_on_the_command_line_is_refused_not_read() {
    let tmp = tempdir("hostile-args");
    hostile_folder(&tmp);
    for (name, kind) in [("y.des", "a FIFO"), ("x.des", "a character device")] {
        for command in ["check", "compile", "lev-comp"] {
            let out = tmp.join(format!("{command}.{name}.stderr"));
            let mut child = Command::new(env!("CARGO_BIN_EXE_vaultwright"))
                .current_dir(&*tmp)
                .args([command, name])
                .args(if command == "compile" {
                    &["-o", "out"][..]
                } else {
                    &[]
                })
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(std::fs::File::create(&out).expect("created"))
                .spawn()
                .expect("started");
            let status = wait_at_most(&mut child, Duration::from_secs(20));
            let said = std::fs::read_to_string(&out).unwrap_or_default();
            assert!(status.is_some(), "{command} {name} did not end:\n{said}");
            assert!(
                said.contains(&format!("{name}: {kind}, not a regular file; not read")),
                "{command} {name}: {said}"
            );
        }
    }
}
