//! `vaultwright decode` and `decompile`: a compiled `.lev` read back
//! field by field or record by record, and written as source that
//! compiles to the same bytes.

use super::*;

#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn decode_prints_a_36_lev_record_by_record() {
    let root = common::shared_dir().unwrap().join("corpus");
    let lev = root.join("nethack-3.6.6/expected/castle.des/castle.lev");
    let out = bin().arg("decode").arg(&lev).output().unwrap();
    assert_succeeded(&out);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "# incarnation 0x03060600");
    assert_eq!(lines[5], "# 1060 records");
    assert_eq!(lines[6], "   0  PUSH int 2");
    assert_eq!(lines[14], "   8  INITLEVEL");
    assert_eq!(lines[19], "  13  PUSH coord (3,3) raw 196611");
    assert_eq!(lines.len(), 6 + 1060);
    // Read as 3.6 on purpose, a 3.4.3 file's first record is no opcode.
    let old = root.join("nethack-3.4.3/expected/castle.des/castle.lev");
    let out = bin()
        .args(["decode", "--target", "nethack-3.6.6"])
        .arg(&old)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("not a NetHack 3.6.6 .lev file: at byte 48: opcode"),
        "{err}"
    );
}

/// A 3.4.3 file, told by its version word: every field with its offset,
/// size, record and meaning; the same as JSON.
#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn decode_prints_a_343_lev_field_by_field() {
    let root = common::shared_dir().unwrap().join("corpus");
    let lev = root.join("nethack-3.4.3/expected/oracle.des/oracle.lev");
    let out = bin().arg("decode").arg(&lev).output().unwrap();
    assert_succeeded(&out);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "# nethack-3.4.3 .lev, 871 bytes, 541 fields");
    assert_eq!(
        lines[2],
        "       0    8  header / version word = 50594560 (0x03040300)"
    );
    assert!(lines.contains(&"      32    1  level / kind = 1 (LEVEL (rooms))"));
    assert!(lines.contains(&"      55    7  room 0 / name = \"central\""));
    assert!(lines.contains(&"     358    1  room 1 / type = 9 (delphi)"));
    assert!(lines.contains(&"     159    2  room 0 / object 0 / object = 428 (statue)"));
    let out = bin()
        .args(["decode", "--format", "json"])
        .arg(&lev)
        .output()
        .unwrap();
    assert_succeeded(&out);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["target"], "nethack-3.4.3");
    let fields = doc["fields"].as_array().unwrap();
    assert_eq!(fields.len(), 541);
    assert_eq!(fields[4]["name"], "kind");
    assert_eq!(fields[4]["offset"], 32);
    assert_eq!(fields[4]["meaning"], "LEVEL (rooms)");
    // Not a level at all: an error at the byte where it stops being one.
    let dir = tempdir("decode-bad");
    let bad = dir.join("bad.lev");
    std::fs::write(&bad, [0u8; 40]).unwrap();
    let out = bin().arg("decode").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("at byte 32: level kind 0"), "{err}");
}

/// A shipped level decompiled, then compiled by the drop-in: the same
/// bytes as the original's.
#[test]
#[cfg_attr(corpus_missing, ignore = "needs ../shared/corpus")]
fn decompile_writes_source_that_compiles_back() {
    let lev = corpus().join("expected/castle.des/castle.lev");
    let out = bin().arg("decompile").arg(&lev).output().unwrap();
    assert_succeeded(&out);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let source = String::from_utf8(out.stdout).unwrap();
    assert!(source.starts_with("MAZE: \"castle\", random\n"), "{source}");
    let dir = tempdir("decompile");
    std::fs::write(dir.join("castle.des"), &source).unwrap();
    let out = bin()
        .arg("lev-comp")
        .arg("castle.des")
        .current_dir(&*dir)
        .output()
        .unwrap();
    assert_succeeded(&out);
    assert_eq!(
        std::fs::read(dir.join("castle.lev")).unwrap(),
        std::fs::read(&lev).unwrap()
    );
    // A 3.6 level is a program: not decompiled here.
    let root = common::shared_dir().unwrap().join("corpus");
    let new = root.join("nethack-3.6.6/expected/castle.des/castle.lev");
    let out = bin().arg("decompile").arg(&new).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
}
