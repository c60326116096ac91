//! From 3.6's `lev_comp` to NetHack 5.0: each level's opcode stream (the
//! one our compiler writes, byte for byte lev_comp 3.6.6's) read back as
//! the Lua script the game runs.
//!
//! The stream is the truth of what a 3.6 level does, so it is read rather
//! than the source: a symbolic run of the stack machine (`values`) where
//! every value is a Lua expression, the jumps recovered as the blocks the
//! compiler made of IF/ELSE, chances, LOOP and SWITCH (`flow`), and each
//! statement opcode written as the `des.*` call that does the same in 5.0
//! (`statements`).

mod flow;
mod selections;
mod statements;
mod values;

use crate::nethack36::{Build, Record, Session, Value};

use super::{Converted, Writer};
use values::{Int, Sym};

/// Every level of a 3.6 `lev_comp` source that compiles without errors.
pub fn from_des36(source: &str) -> Vec<Converted> {
    let mut session = Session::new(Build::Nethack366);
    let run = session.compile(source.as_bytes());
    run.files
        .iter()
        .filter_map(|(file, bytes)| {
            let lev = crate::nethack36::decode(bytes).ok()?;
            let name = file.strip_suffix(".lev").unwrap_or(file).to_string();
            let lua = script(&name, &lev.records);
            Some(Converted { name, lua })
        })
        .collect()
}

/// One level's records as a Lua script.
fn script(name: &str, records: &[Record]) -> String {
    let mut d = Decompiler::new(records);
    d.w.line(&format!(
        "-- {name}: converted from lev_comp 3.6 source to NetHack 5.0's Lua"
    ));
    d.w.line("");
    if !records
        .iter()
        .any(|r| matches!(r, Record::Op(OP_INITLEVEL)))
    {
        d.w.line("des.level_init({ style = \"solidfill\", fg = \" \" })");
    }
    let names = d.variable_names();
    if !names.is_empty() {
        d.w.line(&format!("local {}", names.join(", ")));
    }
    d.block(0, records.len());
    d.close_all();
    for note in std::mem::take(&mut d.notes) {
        d.w.line(&format!("-- not converted: {note}"));
    }
    d.w.text
}

const OP_INITLEVEL: i32 = 58;
/// The frame before any map part: the level (`xsize`, `ysize`).
const WHOLE_LEVEL: (i64, i64) = (79, 21);
const OP_VAR_INIT: i32 = 60;

/// A 3.6 variable as the script keeps it.
struct Variable {
    /// Its name in the stream (`$` dropped).
    name: Vec<u8>,
    /// Its Lua name.
    lua: String,
    /// A value of its type, to read it back as one.
    sample: Sym,
    /// An array's length when known.
    array: Option<usize>,
}

/// What a block left open that a later record closes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Open {
    /// A room's, subroom's or region's `contents` (closed by ENDROOM).
    Room,
    /// A monster's `inventory` (END_MONINVENT).
    Inventory,
    /// A container's `contents` (POP_CONTAINER).
    Container,
}

struct Decompiler<'a> {
    records: &'a [Record],
    stack: Vec<Sym>,
    vars: Vec<Variable>,
    w: Writer,
    /// The blocks open: what, where the text stood after the line that
    /// opened it, and the length of that line's opening suffix.
    open: Vec<(Open, usize, usize)>,
    /// Where a BREAK of the innermost LOOP jumps to.
    loop_exit: Option<usize>,
    /// How many recovered blocks enclose the record being read.
    depth: usize,
    /// Where a BREAK of the innermost SWITCH jumps to.
    switch_end: Option<usize>,
    /// Fresh local names made so far.
    fresh: usize,
    /// The size of the frame coordinates count from: the last map part's.
    frame: (i64, i64),
    /// What was left out, said at the end of the script.
    notes: Vec<String>,
}

impl<'a> Decompiler<'a> {
    fn new(records: &'a [Record]) -> Self {
        Decompiler {
            records,
            stack: Vec::new(),
            vars: Vec::new(),
            w: Writer::default(),
            open: Vec::new(),
            loop_exit: None,
            depth: 0,
            switch_end: None,
            fresh: 0,
            notes: Vec::new(),
            frame: WHOLE_LEVEL,
        }
    }

    /// Every variable the level sets, as Lua names, declared once at the
    /// top (3.6's variables live for the whole level, whatever block sets
    /// them).
    fn variable_names(&mut self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for (i, r) in self.records.iter().enumerate() {
            if !matches!(r, Record::Op(OP_VAR_INIT)) {
                continue;
            }
            let Some(Record::Push(Value::Str(raw))) =
                i.checked_sub(1).and_then(|j| self.records.get(j))
            else {
                continue;
            };
            // A FOR's own bounds ("i end", "i step") are not the script's.
            if raw.contains(&b' ') {
                continue;
            }
            let lua = lua_name(raw);
            if !names.contains(&lua) {
                names.push(lua);
            }
        }
        names
    }

    /// A local name not used yet.
    fn fresh(&mut self, stem: &str) -> String {
        self.fresh += 1;
        format!("{stem}{}", self.fresh)
    }

    fn note(&mut self, what: String) {
        if !self.notes.contains(&what) {
            self.notes.push(what);
        }
    }

    // ---- the symbolic stack ----------------------------------------------

    fn push(&mut self, s: Sym) {
        self.stack.push(s);
    }

    fn pop(&mut self) -> Sym {
        self.stack.pop().unwrap_or(Sym::Int(Int::lit(0)))
    }

    fn int(&mut self) -> Int {
        match self.pop() {
            Sym::Int(i) => i,
            other => Int::expr(other.lua()),
        }
    }

    fn string(&mut self) -> String {
        self.pop().lua()
    }

    /// A variable read: its value, an array's element by the index below
    /// it (taken modulo the length, as the game does).
    fn read_variable(&mut self, name: &[u8]) -> Sym {
        let Some(v) = self.vars.iter().find(|v| v.name == name) else {
            return Sym::Int(Int::expr(lua_name(name)));
        };
        let (lua, sample, array) = (v.lua.clone(), v.sample.clone(), v.array);
        let Some(len) = array else {
            return sample.like(lua);
        };
        let index = self.int();
        let element = match index.lit {
            Some(i) if len > 0 => format!("{lua}[{}]", i.rem_euclid(len as i64) + 1),
            _ => format!("{lua}[({}) % #{lua} + 1]", index.lua),
        };
        sample.like(element)
    }

    /// VAR_INIT: `name = value` or `name = { values }`.
    fn define(&mut self, at: usize) {
        let raw = match at.checked_sub(1).and_then(|j| self.records.get(j)) {
            Some(Record::Push(Value::Str(raw))) => raw.clone(),
            _ => Vec::new(),
        };
        let _name = self.pop();
        let count = self.int().or(0);
        let lua = lua_name(&raw);
        let (value, sample, array) = if count <= 0 {
            let v = self.pop();
            (v.lua(), v, None)
        } else {
            let n = (count as usize).min(self.stack.len());
            let items = self.stack.split_off(self.stack.len() - n);
            let sample = items.first().cloned().unwrap_or(Sym::Int(Int::lit(0)));
            let list: Vec<String> = items.iter().map(Sym::lua).collect();
            (format!("{{ {} }}", list.join(", ")), sample, Some(n))
        };
        self.w.line(&format!("{lua} = {value}"));
        match self.vars.iter_mut().find(|v| v.name == raw) {
            Some(v) => {
                v.sample = sample;
                v.array = array;
            }
            None => self.vars.push(Variable {
                name: raw,
                lua,
                sample,
                array,
            }),
        }
    }

    /// Closes what is still open at the end of the level.
    fn close_all(&mut self) {
        while let Some(&(what, _, _)) = self.open.last() {
            self.close(what);
        }
    }
}

/// A 3.6 variable's name as a Lua name: letters, digits and `_`, kept
/// clear of Lua's words and the globals a level script uses.
fn lua_name(raw: &[u8]) -> String {
    let mut s: String = String::from_utf8_lossy(raw)
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    const TAKEN: &[&str] = &[
        "and",
        "break",
        "do",
        "else",
        "elseif",
        "end",
        "false",
        "for",
        "function",
        "goto",
        "if",
        "in",
        "local",
        "nil",
        "not",
        "or",
        "repeat",
        "return",
        "then",
        "true",
        "until",
        "while",
        "des",
        "selection",
        "nh",
        "u",
        "math",
        "string",
        "table",
        "percent",
        "shuffle",
        "d",
        "align",
        "obj",
        "nhc",
    ];
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) || TAKEN.contains(&s.as_str()) {
        s.insert_str(0, "v_");
    }
    s
}
