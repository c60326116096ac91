//! `vaultwright lev-comp --target nethack-3.6.6` against a local original
//! 3.6.6 `lev_comp` on random programs from a seeded generator of our own:
//! every statement, expression, selection and control form of the 3.6
//! language, variables of every type defined before their use, nested
//! blocks, and in a share of the files one mutation (a token dropped,
//! doubled, swapped with its neighbour, a number made huge or negative, a
//! keyword put where it does not belong). Compared: exit status, every
//! output file's bytes, and the whole of stderr.
//!
//! The original is found through `VAULTWRIGHT_NETHACK_366=DIR` (a directory
//! holding `lev_comp` built from NetHack 3.6.6); without it the comparison
//! is skipped with a message.
//!
//! A variant's compiler is checked the same way against its own original:
//! `VAULTWRIGHT_EVILHACK=DIR`, an EvilHack 0.9.3 source tree whose
//! `util/lev_comp` is built. Its shipped `dat/*.des` are compiled one
//! process each and compared with `vaults.dat`, and the generated programs
//! then also use EvilHack's statements (forges, puddles, door materials,
//! dead monsters, affixed gems, random vaults). `VAULTWRIGHT_ORACLE_CASES=N` sets the number
//! of programs (300); `VAULTWRIGHT_ORACLE_KEEP=DIR` keeps those that differ
//! there, with the original's results, to be added to
//! `tests/fixtures/nethack36/oracle/`, which is replayed without the
//! original.

use crate::common;
mod statements;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use vaultwright::dropin::LevComp36;
use vaultwright::lev::LevTarget;

use common::Rng;

const MONSTERS: &[&str] = &[
    "\"jackal\"",
    "'d'",
    "('@', \"wererat\")",
    "random",
    "\"Medusa\"",
    "'D'",
    "\"soldier ant\"",
];
const OBJECTS: &[&str] = &[
    "\"long sword\"",
    "'('",
    "('?', \"teleportation\")",
    "random",
    "\"chest\"",
    "'!'",
    "\"boulder\"",
];
const MAPCHARS: &[&str] = &[
    "'.'",
    "'#'",
    "('-', lit)",
    "'T'",
    "('P', unlit)",
    "'L'",
    "'x'",
    "(' ', random)",
];
const TRAPS: &[&str] = &[
    "\"arrow\"",
    "\"fire\"",
    "\"magic portal\"",
    "random",
    "\"web\"",
    "\"hole\"",
];
const ROOMS: &[&str] = &[
    "\"ordinary\"",
    "\"throne\"",
    "\"temple\"",
    "random",
    "\"shop\"",
    "\"zoo\"",
];

/// A program under construction: the variables defined so far, by type.
struct Gen {
    rng: Rng,
    out: String,
    vars: Vec<(String, &'static str)>,
    depth: usize,
    /// Also write EvilHack's statements.
    variant: bool,
    /// The level has EvilHack's `rndvault` flag.
    rnd_vault: bool,
}

impl Gen {
    fn var_of(&mut self, ty: &str) -> Option<String> {
        let names: Vec<&String> = self
            .vars
            .iter()
            .filter(|(_, t)| *t == ty)
            .map(|(n, _)| n)
            .collect();
        if names.is_empty() {
            return None;
        }
        Some(names[self.rng.below(names.len() as u64) as usize].clone())
    }

    fn int_expr(&mut self, depth: usize) -> String {
        match self.rng.below(if depth > 2 { 3 } else { 8 }) {
            0 => self.rng.range(0, 30).to_string(),
            1 => format!("{}d{}", self.rng.range(1, 4), self.rng.range(1, 8)),
            2 => format!("(-{})", self.rng.range(1, 9)),
            3 => self.var_of("int").unwrap_or_else(|| "7".into()),
            4 => match self.var_of("int[]") {
                Some(v) => format!("{v}[{}]", self.int_expr(depth + 1)),
                None => "3".into(),
            },
            5 => format!("({})", self.int_expr(depth + 1)),
            _ => {
                let op = self.rng.word(&[" + ", " * ", " / ", " % "]);
                format!(
                    "{}{op}{}",
                    self.int_expr(depth + 1),
                    self.int_expr(depth + 1)
                )
            }
        }
    }

    fn string_expr(&mut self) -> String {
        match self.rng.below(4) {
            0 => self.var_of("str").unwrap_or_else(|| "\"x\"".into()),
            1 => format!(
                "\"{}\" . \"{}\"",
                self.rng.word(&["a", "bc", ""]),
                self.rng.word(&["d", "ef"])
            ),
            _ => format!("\"{}\"", self.rng.word(&["hello", "Elbereth", "a b c", ""])),
        }
    }

    fn coord(&mut self) -> String {
        match self.rng.below(7) {
            0 => "random".into(),
            1 => format!(
                "random[{}]",
                self.rng
                    .word(&["dry", "wet", "dry,hot", "solid,any", "wet,wet"])
            ),
            2 => self.var_of("coord").unwrap_or_else(|| "(2,2)".into()),
            3 if self.depth < 3 => {
                self.depth += 1;
                let s = format!("rndcoord({})", self.selection(1));
                self.depth -= 1;
                s
            }
            _ => format!("({},{})", self.rng.range(0, 30), self.rng.range(0, 15)),
        }
    }

    fn region(&mut self) -> String {
        if let (true, Some(v)) = (self.rng.chance(20), self.var_of("region")) {
            return v;
        }
        let (x1, y1) = (self.rng.range(0, 10), self.rng.range(0, 8));
        format!(
            "({x1},{y1},{},{})",
            x1 + self.rng.range(0, 10),
            y1 + self.rng.range(0, 6)
        )
    }

    fn mapchar(&mut self) -> String {
        if let (true, Some(v)) = (self.rng.chance(20), self.var_of("mapchar")) {
            return v;
        }
        self.rng.word(MAPCHARS).to_string()
    }

    fn selection(&mut self, depth: usize) -> String {
        let deep = depth > 2;
        let one = match self.rng.below(if deep { 4 } else { 15 }) {
            0 => self.coord(),
            1 => format!("rect {}", self.region()),
            2 => format!("fillrect {}", self.region()),
            3 => self.var_of("sel").unwrap_or_else(|| "(1,1)".into()),
            4 => format!("line {}, {}", self.coord(), self.coord()),
            5 => format!(
                "randline {}, {}, {}",
                self.coord(),
                self.coord(),
                self.int_expr(2)
            ),
            6 => format!("grow({})", self.selection(depth + 1)),
            7 => format!("grow(north|west, {})", self.selection(depth + 1)),
            8 => format!(
                "filter({}%, {})",
                self.rng.range(0, 100),
                self.selection(depth + 1)
            ),
            9 => format!(
                "filter({}, {})",
                self.selection(depth + 1),
                self.selection(depth + 1)
            ),
            10 => format!("filter({}, {})", self.mapchar(), self.selection(depth + 1)),
            11 => format!("floodfill {}", self.coord()),
            12 => format!(
                "circle({}, {}{})",
                self.coord(),
                self.int_expr(2),
                self.rng.word(&["", ", filled", ", unfilled"])
            ),
            13 => format!(
                "ellipse({}, {}, {}{})",
                self.coord(),
                self.int_expr(2),
                self.int_expr(2),
                self.rng.word(&["", ", filled"])
            ),
            _ => format!("complement {}", self.selection(depth + 1)),
        };
        if !deep && self.rng.chance(15) {
            format!("{one} & {}", self.selection(depth + 1))
        } else if !deep && self.rng.chance(10) {
            format!("({one})")
        } else {
            one
        }
    }

    fn monster(&mut self) -> String {
        if let (true, Some(v)) = (self.rng.chance(20), self.var_of("monster")) {
            return v;
        }
        self.rng.word(MONSTERS).to_string()
    }

    fn object(&mut self) -> String {
        if let (true, Some(v)) = (self.rng.chance(20), self.var_of("object")) {
            return v;
        }
        self.rng.word(OBJECTS).to_string()
    }

    fn define(&mut self) {
        let name = format!(
            "${}",
            self.rng
                .word(&["a", "b", "sel", "place", "mon", "obj", "t", "r", "s", "n"])
        );
        let (value, ty): (String, &'static str) = match self.rng.below(13) {
            0 => (self.int_expr(0), "int"),
            1 => (self.string_expr(), "str"),
            2 => (self.coord(), "coord"),
            3 => (self.region(), "region"),
            4 => (format!("selection: {}", self.selection(0)), "sel"),
            5 => (format!("terrain: {}", self.mapchar()), "mapchar"),
            6 => (format!("monster: {}", self.monster()), "monster"),
            7 => (format!("object: {}", self.object()), "object"),
            8 => (
                format!("{{ {}, {} }}", self.int_expr(1), self.int_expr(1)),
                "int[]",
            ),
            9 => (
                format!("{{ \"{}\", \"b\" }}", self.rng.word(&["a", "c"])),
                "str[]",
            ),
            10 => (
                format!(
                    "{{ ({},{}), random }}",
                    self.rng.range(0, 9),
                    self.rng.range(0, 9)
                ),
                "coord[]",
            ),
            11 => (
                format!("monster: {{ {}, 'a' }}", self.rng.word(MONSTERS)),
                "monster[]",
            ),
            _ => (
                format!("object: {{ {}, '(' }}", self.rng.word(OBJECTS)),
                "object[]",
            ),
        };
        self.line(&format!("{name} = {value}"));
        if !self.vars.iter().any(|(n, _)| *n == name) {
            self.vars.push((name, ty));
        }
    }

    fn line(&mut self, text: &str) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn block(&mut self, head: &str, statements: usize) {
        self.line(&format!("{head} {{"));
        self.depth += 1;
        for _ in 0..statements {
            self.statement();
        }
        self.depth -= 1;
        self.line("}");
    }

    fn condition(&mut self) -> String {
        match self.rng.below(3) {
            0 => format!("[{}%]", self.rng.range(0, 100)),
            1 => format!(
                "[{} {} {}]",
                self.int_expr(1),
                self.rng.word(&["==", "!=", "<", "<=", ">", ">=", "<>"]),
                self.int_expr(1)
            ),
            _ => format!("[{}]", self.int_expr(1)),
        }
    }

    fn monster_infos(&mut self) -> String {
        let mut s = String::new();
        for _ in 0..self.rng.below(3) {
            s.push_str(", ");
            s.push_str(&match self.rng.below(10) {
                0 => self.string_expr(),
                1 => self
                    .rng
                    .word(&["peaceful", "hostile", "asleep", "awake"])
                    .to_string(),
                2 => self
                    .rng
                    .word(&["law", "chaos", "noalign", "align[1]", "align:random"])
                    .to_string(),
                3 => format!("m_object {}", self.string_expr()),
                4 => self
                    .rng
                    .word(&[
                        "female",
                        "invisible",
                        "cancelled",
                        "revived",
                        "avenge",
                        "stunned",
                        "confused",
                    ])
                    .to_string(),
                5 => format!("fleeing: {}", self.int_expr(1)),
                6 => format!("paralyzed: {}", self.int_expr(1)),
                7 => "seen_traps: \"fire\" | \"arrow\"".to_string(),
                8 => "seen_traps: all".to_string(),
                _ => format!("blinded: {}", self.int_expr(1)),
            });
        }
        s
    }

    fn object_infos(&mut self, with_coord: bool) -> String {
        let mut items: Vec<String> = Vec::new();
        for _ in 0..self.rng.below(3) {
            items.push(match self.rng.below(12) {
                0 => self
                    .rng
                    .word(&["blessed", "cursed", "uncursed"])
                    .to_string(),
                1 => format!("montype: {}", self.monster()),
                2 => self.rng.word(&["+2", "-1", "3", "1d4"]).to_string(),
                3 => format!("name: {}", self.string_expr()),
                4 => format!("quantity: {}", self.int_expr(1)),
                5 => self
                    .rng
                    .word(&[
                        "buried",
                        "lit",
                        "unlit",
                        "erodeproof",
                        "locked",
                        "broken",
                        "trapped",
                        "greased",
                        "invisible",
                    ])
                    .to_string(),
                6 => format!("eroded: {}", self.int_expr(1)),
                7 => format!("recharged: {}", self.int_expr(1)),
                _ => "uncursed".to_string(),
            });
        }
        if with_coord {
            let at = self.rng.below(items.len() as u64 + 1) as usize;
            let c = self.coord();
            items.insert(at, c);
        }
        items.iter().map(|i| format!(", {i}")).collect()
    }

    fn statement(&mut self) {
        if self.depth > 3 {
            let m = self.string_expr();
            self.line(&format!("MESSAGE: {m}"));
            return;
        }
        if self.variant && self.rng.chance(20) {
            self.variant_statement();
            return;
        }
        match self.rng.below(34) {
            0 => self.define(),
            1 => self.message(),
            2 => self.monster_statement(),
            3 => self.object_statement(),
            4 => self.container(),
            5 => self.trap(),
            6 => self.terrain(),
            7 => self.replace_terrain(),
            8 => self.if_block(),
            9 => self.loop_block(),
            10 => self.for_block(),
            11 => self.switch_block(),
            12 => self.conditional_message(),
            13 => self.altar(),
            14 => self.grave(),
            15 => self.gold(),
            16 => self.engraving(),
            17 => self.stair(),
            18 => self.feature(),
            19 => self.door(),
            20 => self.drawbridge(),
            21 => self.mazewalk(),
            22 => self.non_diggable(),
            23 => self.level_region(),
            24 => self.region_statement(),
            25 => self.room(),
            26 => self.corridors(),
            27 => self.level_setup(),
            28 | 29 => self.map(),
            30 => self.shuffle(),
            31 => self.break_out(),
            _ => self.define(),
        }
    }

    /// EvilHack's additions: new terrain statements, door materials, dead
    /// monsters, gem and quality fields, random vault settings, and the
    /// new map characters.
    fn variant_statement(&mut self) {
        const MATERIALS: &[&str] = &[
            "iron, ", "wooden, ", "steel, ", "bronze, ", "gold, ", "stone, ", "",
        ];
        match self.rng.below(8) {
            0 => {
                let (what, sel) = (
                    self.rng.word(&["FORGE", "MAGIC_CHEST", "PUDDLE", "SEWAGE"]),
                    self.selection(0),
                );
                self.line(&format!("{what}: {sel}"));
            }
            1 => {
                let (m, state, sel) = (
                    self.rng.word(MATERIALS),
                    self.rng
                        .word(&["open", "closed", "locked", "random", "nodoor"]),
                    self.selection(0),
                );
                self.line(&format!("DOOR: {m}{state}, {sel}"));
            }
            2 => {
                let (m, secret, wall, pos) = (
                    self.rng.word(MATERIALS),
                    self.rng.word(&["true", "false", "random"]),
                    self.rng.word(&["north", "south|west", "random"]),
                    self.rng.word(&["random", "1", "3"]),
                );
                self.line("ROOM: \"ordinary\", random, random, random, random {");
                self.line(&format!("  ROOMDOOR: {m}{secret}, closed, {wall}, {pos}"));
                self.line("}");
            }
            3 => {
                let (m, c) = (self.monster(), self.coord());
                let extra = self
                    .rng
                    .word(&[", dead", ", dead, asleep", ", peaceful, dead"]);
                self.line(&format!("MONSTER: {m}, {c}{extra}"));
            }
            4 => {
                let (o, c, n) = (self.object(), self.coord(), self.int_expr(0));
                let field = self.rng.word(&["affixed_gem", "forged_qual"]);
                self.line(&format!("OBJECT: {o}, {c}, {field}: {n}"));
            }
            5 if self.rnd_vault || self.rng.chance(20) => {
                let (what, n) = (
                    self.rng.word(&["VAULTGEN", "MINDEPTH"]),
                    self.rng.word(&["1", "5", "0", "20"]),
                );
                self.line(&format!("{what}: {n}"));
            }
            6 => {
                let (sel, c) = (
                    self.selection(0),
                    self.rng
                        .word(&["'g'", "'a'", "'t'", "'U'", "'Z'", "'w'", "'s'"]),
                );
                self.line(&format!("TERRAIN: {sel}, {c}"));
            }
            _ => {
                self.out.push_str("GEOMETRY: center, center\nMAP\n");
                for _ in 0..self.rng.range(1, 5) {
                    let row: String = (0..self.rng.range(1, 12))
                        .map(|_| {
                            self.rng
                                .word(&["g", "a", "s", "t", "w", "U", ".", "-", "|"])
                        })
                        .collect();
                    self.out.push_str(&row);
                    self.out.push('\n');
                }
                self.out.push_str("ENDMAP\n");
            }
        }
    }

    fn map(&mut self) {
        let head = match self.rng.below(3) {
            0 => format!(
                "GEOMETRY: {}, {}",
                self.rng
                    .word(&["left", "center", "right", "half-left", "half-right"]),
                self.rng.word(&["top", "center", "bottom"])
            ),
            1 => format!("GEOMETRY: {}", self.coord()),
            _ => format!(
                "GEOMETRY: center, center, {}",
                self.rng.word(&["true", "false"])
            ),
        };
        self.out.push_str(&head);
        self.out.push_str("\nMAP\n");
        let (w, h) = (
            self.rng.range(1, 20) as usize,
            self.rng.range(1, 8) as usize,
        );
        for _ in 0..h {
            let row: String = (0..self.rng.range(1, w as i64))
                .map(|_| {
                    self.rng.word(&[
                        "-", "|", ".", "#", " ", "+", "T", "}", "{", "x", "L", "P", "S", "1",
                    ])
                })
                .collect();
            self.out.push_str(&row);
            self.out.push('\n');
        }
        self.out.push_str("ENDMAP\n");
    }
}

fn program(seed: u64) -> String {
    generate(seed, false)
}

/// A random program; `variant` adds EvilHack's statements.
fn generate(seed: u64, variant: bool) -> String {
    let mut g = Gen {
        rng: Rng::for_seed(seed),
        out: String::new(),
        vars: Vec::new(),
        depth: 0,
        variant,
        rnd_vault: false,
    };
    for level in 0..1 + g.rng.below(3) {
        g.vars.clear();
        g.rnd_vault = false;
        let name = format!("o{seed}l{level}");
        if g.rng.chance(50) {
            let fill = g.rng.word(&["' '", "'.'", "random", "'I'", "'C'"]);
            g.out.push_str(&format!("MAZE: \"{name}\", {fill}\n"));
        } else {
            g.out.push_str(&format!("LEVEL: \"{name}\"\n"));
        }
        if g.rng.chance(30) {
            let f = if variant && g.rng.chance(50) {
                g.rng
                    .word(&["rndvault", "rndvault, noteleport", "inaccessibles"])
            } else {
                g.rng.word(&[
                    "noteleport",
                    "hardfloor, premapped",
                    "shortsighted,arboreal",
                    "mazelevel",
                    "graveyard, icedpools, solidify",
                ])
            };
            g.rnd_vault = f.contains("rndvault");
            g.out.push_str(&format!("FLAGS: {f}\n"));
        }
        for _ in 0..2 + g.rng.below(12) {
            g.statement();
        }
    }
    if g.rng.chance(35) {
        mutate(&mut g.rng, &g.out)
    } else {
        g.out
    }
}

/// One small change to a valid program, at a token boundary.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let words: Vec<&str> = text.split_inclusive([' ', '\n', ',']).collect();
    if words.len() < 3 {
        return text.to_string();
    }
    let at = 1 + rng.below(words.len() as u64 - 1) as usize;
    let mut out: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    match rng.below(6) {
        0 => {
            out.remove(at);
        }
        1 => out.insert(at, words[at].to_string()),
        2 if at + 1 < out.len() => out.swap(at, at + 1),
        3 => out.insert(
            at,
            format!(
                "{} ",
                rng.word(&[
                    "MONSTER:",
                    "{",
                    "}",
                    "[",
                    "]",
                    "(",
                    "random",
                    "$zz",
                    "99999999999",
                    "-5",
                    "ENDMAP",
                    "BREAK"
                ])
            ),
        ),
        4 => out[at] = out[at].replace(|c: char| c.is_ascii_digit(), "9"),
        _ => {
            out[at] = format!(
                "{} ",
                rng.word(&[
                    "81",
                    "(-1)",
                    "\"no such thing\"",
                    "'@'",
                    "200%",
                    "[101%]",
                    "align[5]"
                ])
            )
        }
    }
    out.concat()
}

struct Result {
    exit: i32,
    files: BTreeMap<String, Vec<u8>>,
    stderr: String,
}

fn ours(name: &str, src: &[u8]) -> Result {
    ours_as(LevTarget::Nethack366, name, src)
}

/// Ours as a dialect's compiler; what it appends (`vaults.dat`) is one
/// more file.
fn ours_as(target: LevTarget, name: &str, src: &[u8]) -> Result {
    let mut compiler = LevComp36::for_target(target).expect("a 3.6 target");
    let (run, _) = compiler.compile(name, src);
    let stderr = run.stderr.iter().map(|l| format!("{l}\n")).collect();
    let mut files: BTreeMap<String, Vec<u8>> =
        run.files.into_iter().map(|f| (f.name, f.bytes)).collect();
    for a in compiler.take_appends() {
        files.entry(a.name).or_default().extend_from_slice(&a.bytes);
    }
    Result {
        exit: i32::from(run.exit),
        files,
        stderr,
    }
}

fn original(lev_comp: &Path, name: &str, src: &[u8]) -> Result {
    let dir = std::env::temp_dir().join(format!("vw-lc36-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join(name), src).expect("write input");
    let out = Command::new(lev_comp)
        .arg(name)
        .current_dir(&dir)
        .output()
        .expect("run the original");
    let mut files = BTreeMap::new();
    for e in std::fs::read_dir(&dir).expect("read temp dir").flatten() {
        let n = e.file_name().to_string_lossy().into_owned();
        if n.ends_with(".lev") || n == "vaults.dat" {
            files.insert(n, std::fs::read(e.path()).unwrap_or_default());
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    let exit = out.status.code().unwrap_or(139);
    Result {
        exit,
        files,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The reference crashing (139) must be a clean rejection of ours.
fn differs(a: &Result, b: &Result) -> Option<String> {
    if b.exit == 139 {
        return (a.exit != 1).then(|| format!("the original crashed; ours exited {}", a.exit));
    }
    if a.exit != b.exit {
        return Some(format!(
            "exit {} vs original {}\n{}\n---\n{}",
            a.exit, b.exit, a.stderr, b.stderr
        ));
    }
    if a.files != b.files {
        return Some(format!(
            "files {:?} vs original {:?}",
            a.files.keys(),
            b.files.keys()
        ));
    }
    (a.stderr != b.stderr).then(|| format!("stderr:\n{}---\noriginal:\n{}", a.stderr, b.stderr))
}

#[test]
fn generated_programs_against_the_original() {
    let Some(dir) = std::env::var_os("VAULTWRIGHT_NETHACK_366") else {
        eprintln!("skipped: set VAULTWRIGHT_NETHACK_366 to a directory holding lev_comp built from NetHack 3.6.6");
        return;
    };
    let lev_comp = PathBuf::from(dir).join("lev_comp");
    let cases: u64 = std::env::var("VAULTWRIGHT_ORACLE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let keep = std::env::var_os("VAULTWRIGHT_ORACLE_KEEP").map(PathBuf::from);
    let mut failures = Vec::new();
    for seed in 1..=cases {
        let name = format!("g{seed:05}.des");
        let src = program(seed);
        let (a, b) = (
            ours(&name, src.as_bytes()),
            original(&lev_comp, &name, src.as_bytes()),
        );
        if let Some(why) = differs(&a, &b) {
            if let Some(k) = &keep {
                keep_fixture(k, &name, src.as_bytes(), &b);
            }
            failures.push(format!("{name}: {why}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {cases} differ:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// The EvilHack tree `VAULTWRIGHT_EVILHACK` names, or why not.
fn evilhack() -> Option<PathBuf> {
    let Some(dir) = std::env::var_os("VAULTWRIGHT_EVILHACK") else {
        eprintln!("skipped: set VAULTWRIGHT_EVILHACK to an EvilHack 0.9.3 source tree whose util/lev_comp is built");
        return None;
    };
    Some(PathBuf::from(dir))
}

/// Every `.des` file EvilHack ships, one process each as its build runs
/// them: every `.lev` byte for byte, and `vaults.dat`.
#[test]
fn evilhack_shipped_levels_against_the_original() {
    let Some(tree) = evilhack() else { return };
    let lev_comp = tree.join("util/lev_comp");
    let mut des: Vec<PathBuf> = std::fs::read_dir(tree.join("dat"))
        .expect("the tree's dat/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "des"))
        .collect();
    des.sort();
    assert!(!des.is_empty(), "no .des files in {}", tree.display());
    let mut failures = Vec::new();
    let mut levels = 0;
    for path in &des {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let src = std::fs::read(path).expect("read a shipped level");
        let (a, b) = (
            ours_as(LevTarget::EvilHack093, &name, &src),
            original(&lev_comp, &name, &src),
        );
        levels += b.files.len();
        if let Some(why) = differs(&a, &b) {
            failures.push(format!("{name}: {why}"));
        }
    }
    eprintln!("{} files, {levels} outputs compared", des.len());
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The generator with EvilHack's statements, against EvilHack's original.
#[test]
fn evilhack_generated_programs_against_the_original() {
    let Some(tree) = evilhack() else { return };
    let lev_comp = tree.join("util/lev_comp");
    let cases: u64 = std::env::var("VAULTWRIGHT_ORACLE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let keep = std::env::var_os("VAULTWRIGHT_ORACLE_KEEP").map(PathBuf::from);
    let mut failures = Vec::new();
    let mut accepted = 0;
    for seed in 1..=cases {
        let name = format!("e{seed:05}.des");
        let src = generate(seed, true);
        let (a, b) = (
            ours_as(LevTarget::EvilHack093, &name, src.as_bytes()),
            original(&lev_comp, &name, src.as_bytes()),
        );
        accepted += usize::from(b.exit == 0);
        if let Some(why) = differs(&a, &b) {
            if let Some(k) = &keep {
                keep_fixture(k, &name, src.as_bytes(), &b);
            }
            failures.push(format!("{name}: {why}"));
        }
    }
    eprintln!("{cases} programs, {accepted} accepted by the original");
    assert!(
        failures.is_empty(),
        "{} of {cases} differ:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// `NAME.des`, `NAME.exit`, `NAME.stderr` and `NAME/<level>.lev`.
fn keep_fixture(dir: &Path, name: &str, src: &[u8], original: &Result) {
    let stem = name.trim_end_matches(".des");
    let _ = std::fs::create_dir_all(dir.join(stem));
    let _ = std::fs::write(dir.join(name), src);
    let _ = std::fs::write(
        dir.join(format!("{stem}.exit")),
        format!("{}\n", original.exit),
    );
    let _ = std::fs::write(dir.join(format!("{stem}.stderr")), &original.stderr);
    for (n, bytes) in &original.files {
        let _ = std::fs::write(dir.join(stem).join(n), bytes);
    }
}

/// Inputs that once differed, with the original's results: checked
/// without the original.
#[test]
fn kept_fixtures() {
    replay("tests/fixtures/nethack36/oracle", LevTarget::Nethack366);
}

/// EvilHack programs (ours and generated) with EvilHack's original's
/// results — `.lev` files and `vaults.dat`: the variant checked in CI,
/// where its original is not built.
#[test]
fn evilhack_fixtures() {
    let checked = replay("tests/fixtures/nethack36/evilhack", LevTarget::EvilHack093);
    assert!(checked >= 20, "only {checked} EvilHack fixtures");
}

/// Replays the fixtures of `dir` (from the repository's root) through
/// `target`'s compiler; how many there were.
fn replay(dir: &str, target: LevTarget) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(dir);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return 0;
    };
    let mut failures = Vec::new();
    let mut checked = 0;
    for e in entries.flatten() {
        let path = e.path();
        if path.extension().is_none_or(|x| x != "des") {
            continue;
        }
        checked += 1;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let stem = name.trim_end_matches(".des").to_string();
        let src = std::fs::read(&path).unwrap_or_default();
        let exit = std::fs::read_to_string(dir.join(format!("{stem}.exit")))
            .unwrap_or_default()
            .trim()
            .parse()
            .unwrap_or(-1);
        let stderr =
            std::fs::read_to_string(dir.join(format!("{stem}.stderr"))).unwrap_or_default();
        let mut files = BTreeMap::new();
        for f in std::fs::read_dir(dir.join(&stem))
            .into_iter()
            .flatten()
            .flatten()
        {
            files.insert(
                f.file_name().to_string_lossy().into_owned(),
                std::fs::read(f.path()).unwrap_or_default(),
            );
        }
        let original = Result {
            exit,
            files,
            stderr,
        };
        if let Some(why) = differs(&ours_as(target, &name, &src), &original) {
            failures.push(format!("{name}: {why}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    checked
}

#[test]
fn the_generator_is_deterministic_and_varied() {
    assert_eq!(program(7), program(7));
    assert_ne!(program(7), program(8));
}
