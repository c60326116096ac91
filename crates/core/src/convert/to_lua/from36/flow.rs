//! The jumps of a 3.6 stream read back as the blocks the compiler made
//! them from (`actions/control.rs` of the 3.6 compiler says how):
//! - IF and a chance: `CMP`, the reversed jump over the block, and for an
//!   ELSE a `JMP` over the other block at the end of the first;
//! - LOOP: the count on the stack, `DEC` at the top, `COPY 0 CMP JG` back
//!   at the bottom, `POP`;
//! - SWITCH: the value, a `JMP` to a table of `COPY v CMP JE` after the
//!   cases (each case runs on into the next unless a BREAK jumps to the
//!   end), an optional default `JMP`, `POP`;
//! - FOR: the bounds kept in variables `"NAME end"`, `NAME` and
//!   `"NAME step"` (the sign of end − start), the body, then `NAME` and
//!   its end compared, the step added, and `JNE` back while they differed.

use crate::nethack36::opcodes::{
    self, CMP, COPY, DEC, JE, JG, JGE, JL, JLE, JMP, JNE, MATH_ADD, MATH_SIGN, MATH_SUB, POP,
    VAR_INIT,
};
use crate::nethack36::{Record, Value};

use super::values::{Int, Sym};
use super::Decompiler;

/// How deep recovered blocks may nest (3.6 stops at 21 IFs and LOOPs).
const MAX_BLOCKS: usize = 64;

/// What reading one record did to the block it is in.
pub(super) enum Step {
    /// Go on at this record.
    Next(usize),
    /// The block ends here (a BREAK out of the SWITCH being read).
    Break,
}

impl Decompiler<'_> {
    /// Writes the records `start..end` as statements.
    pub(super) fn block(&mut self, start: usize, end: usize) {
        // 3.6 nests blocks at most 21 deep; a stream that seems to nest
        // deeper is one jumped into oddly, and is not followed.
        if self.depth >= MAX_BLOCKS {
            self.note("blocks nested deeper than 3.6 nests them".into());
            return;
        }
        self.depth += 1;
        let saved = self.stack.len();
        let mut pc = start;
        while pc < end {
            match self.step(pc, end) {
                Step::Next(next) if next > pc => pc = next,
                Step::Next(_) => pc += 1,
                Step::Break => break,
            }
        }
        self.stack.truncate(saved.min(self.stack.len()));
        self.depth -= 1;
    }

    fn step(&mut self, pc: usize, end: usize) -> Step {
        let op = match &self.records[pc] {
            Record::Push(Value::Var(name)) => {
                let v = self.read_variable(name);
                self.push(v);
                return Step::Next(pc + 1);
            }
            Record::Push(v) => {
                self.push(Sym::from_pushed(v));
                return Step::Next(pc + 1);
            }
            Record::Op(op) => *op,
        };
        match op {
            CMP => {
                let (b, a) = (self.pop(), self.pop());
                self.push(Sym::Compared(a.lua(), b.lua()));
            }
            JL..=JNE => return self.conditional(pc, op, end),
            JMP => return self.jump(pc),
            DEC => return self.loop_or_decrement(pc, end),
            VAR_INIT => {
                if let Some(step) = self.for_loop(pc, end) {
                    return step;
                }
                self.statement(pc, op);
            }
            _ => self.statement(pc, op),
        }
        Step::Next(pc + 1)
    }

    /// The offset a jump popped, as the record it continues at.
    fn target(&mut self, pc: usize) -> Option<usize> {
        let offset = self.int().lit?;
        usize::try_from(pc as i64 + offset).ok()
    }

    /// A conditional jump forward: an IF (with its ELSE when the block
    /// ends in a jump over one).
    fn conditional(&mut self, pc: usize, op: i32, end: usize) -> Step {
        let target = self.target(pc);
        let condition = match self.pop() {
            Sym::Compared(a, b) => condition(op, &a, &b),
            other => other.lua(),
        };
        let Some(target) = target.filter(|&t| t > pc && t <= end) else {
            self.note("a jump that is not an IF, LOOP or SWITCH".into());
            return Step::Next(pc + 1);
        };
        let else_end = self.else_part(pc, target, end);
        self.w.line(&format!("if {condition} then"));
        self.w.depth += 1;
        let then_end = if else_end.is_some() {
            target - 2
        } else {
            target
        };
        self.block(pc + 1, then_end);
        self.w.depth -= 1;
        let next = match else_end {
            Some(e) => {
                self.w.line("else");
                self.w.depth += 1;
                self.block(target, e);
                self.w.depth -= 1;
                e
            }
            None => target,
        };
        self.w.line("end");
        Step::Next(next)
    }

    /// Where an ELSE block ends: the block `pc+1..target` ends with a
    /// `JMP` forward past `target`, within the enclosing block.
    fn else_part(&self, pc: usize, target: usize, end: usize) -> Option<usize> {
        let jump_at = target.checked_sub(1).filter(|&j| j > pc + 1)?;
        if !matches!(self.records.get(jump_at), Some(Record::Op(JMP))) {
            return None;
        }
        let Some(Record::Push(Value::Int(o))) = self.records.get(jump_at - 1) else {
            return None;
        };
        let e = usize::try_from(jump_at as i64 + o).ok()?;
        let breaks_out = self.closes_more_than_opens(target, e);
        (e > target && e <= end && Some(e) != self.switch_end && !breaks_out).then_some(e)
    }

    /// `JMP`: a SWITCH's jump to its table, or a BREAK.
    fn jump(&mut self, pc: usize) -> Step {
        let Some(target) = self.target(pc) else {
            return Step::Next(pc + 1);
        };
        if Some(target) == self.switch_end {
            // Out of the case's `repeat … until true`.
            self.w.line("break");
            return Step::Break;
        }
        // 3.6 cannot nest switches, and a switch's cases lie between its
        // jump and its table.
        let table = self
            .switch_table(target)
            .filter(|t| self.switch_end.is_none() && t.starts_within(pc, target));
        if let Some(table) = table {
            return self.switch(pc, target, table);
        }
        if self.loop_exit.is_some() && self.loop_exit == Some(target) {
            self.w.line("break");
        } else if !self.open.is_empty() && self.is_closer(target) {
            // A BREAK out of a room's, a region's, an inventory's or a
            // container's block: the end of its `contents` function.
            self.w.line("do return end");
        } else {
            self.note("a BREAK outside a LOOP or SWITCH".into());
        }
        Step::Next(pc + 1)
    }

    /// DEC at the top of a LOOP, or a decrement.
    fn loop_or_decrement(&mut self, pc: usize, end: usize) -> Step {
        let count = self.int();
        let Some(back) = self.loop_bottom(pc, end) else {
            self.push(Sym::Int(Int::expr(format!("({} - 1)", count.lua))));
            return Step::Next(pc + 1);
        };
        let times = match count.lit {
            Some(n) => n.max(1).to_string(),
            None => format!("math.max(1, {})", count.lua),
        };
        let i = self.fresh("i");
        self.w.line(&format!("for {i} = 1, {times} do"));
        self.w.depth += 1;
        // Past the `JG` and the `POP` of the count, where a BREAK goes.
        let after_pop = matches!(self.records.get(back + 1), Some(Record::Op(POP)));
        let exit = back + 1 + usize::from(after_pop);
        let outer = self.loop_exit.replace(exit);
        self.block(pc + 1, back - 4);
        self.loop_exit = outer;
        self.w.depth -= 1;
        self.w.line("end");
        Step::Next(exit)
    }

    /// `FOR $i = a TO b { … }`, when the VAR_INIT at `pc` sets its
    /// `"i end"`: a Lua numeric `for` (its variable is the body's `$i`).
    fn for_loop(&mut self, pc: usize, end: usize) -> Option<Step> {
        let r = self.records;
        let Some(Record::Push(Value::Str(end_name))) = pc.checked_sub(1).and_then(|j| r.get(j))
        else {
            return None;
        };
        let name = end_name.strip_suffix(b" end")?.to_vec();
        let step_name = [&name[..], b" step"].concat();
        // The head: NAME set, its step set from the sign of end − start.
        let head = [
            Some(VAR_INIT),
            None,
            None,
            Some(MATH_SUB),
            Some(MATH_SIGN),
            None,
            None,
            Some(VAR_INIT),
        ];
        let fits = head
            .iter()
            .enumerate()
            .all(|(k, op)| match (op, r.get(pc + 3 + k)) {
                (Some(op), Some(Record::Op(o))) => op == o,
                (None, Some(Record::Push(_))) => true,
                _ => false,
            });
        let step_set =
            matches!(r.get(pc + 9), Some(Record::Push(Value::Str(s))) if *s == step_name);
        if !fits || !step_set {
            return None;
        }
        let body = pc + 11;
        // The bottom: `PUSH back; JNE` to the body's first record.
        let bottom = (body + 9..end.min(r.len())).find(|&j| {
            matches!(r[j], Record::Op(JNE))
                && matches!(&r[j - 1], Record::Push(Value::Int(o)) if j as i64 + o == body as i64)
                && matches!(r[j - 5], Record::Op(MATH_ADD))
        })?;
        let (_end_name, _count, last) = (self.pop(), self.pop(), self.int());
        let first = self.int();
        let lua = super::lua_name(&name);
        self.vars.retain(|v| v.name != name);
        self.vars.push(super::Variable {
            name,
            lua: lua.clone(),
            sample: Sym::Int(Int::lit(0)),
            array: None,
        });
        // Bounds that are not literals are evaluated once (a die rolled
        // for the start must not be rolled again for the direction).
        let literal = first.lit.is_some() && last.lit.is_some();
        if !literal {
            self.w.line("do");
            self.w.depth += 1;
            self.w
                .line(&format!("local first, last = {}, {}", first.lua, last.lua));
        }
        let line = match (first.lit, last.lit) {
            (Some(a), Some(b)) if a <= b => format!("for {lua} = {a}, {b} do"),
            (Some(a), Some(b)) => format!("for {lua} = {a}, {b}, -1 do"),
            _ => format!("for {lua} = first, last, (first <= last) and 1 or -1 do"),
        };
        self.w.line(&line);
        self.w.depth += 1;
        let outer = self.loop_exit.replace(bottom + 1);
        self.block(body, bottom - 10);
        self.loop_exit = outer;
        self.w.depth -= 1;
        self.w.line("end");
        if !literal {
            self.w.depth -= 1;
            self.w.line("end");
        }
        Some(Step::Next(bottom + 1))
    }

    /// The `JG` that jumps back to the DEC at `top`.
    fn loop_bottom(&self, top: usize, end: usize) -> Option<usize> {
        (top + 5..end.min(self.records.len())).find(|&j| {
            matches!(self.records[j], Record::Op(JG))
                && matches!(&self.records[j - 1], Record::Push(Value::Int(o)) if j as i64 + o == top as i64)
                && matches!(self.records[j - 4], Record::Op(COPY))
        })
    }

    /// A SWITCH's table at `at`: its cases (value, first record), its
    /// default, and where it ends (the `POP`).
    fn switch_table(&self, at: usize) -> Option<SwitchTable> {
        let r = self.records;
        let int_at = |i: usize| match r.get(i) {
            Some(Record::Push(Value::Int(v))) => Some(*v),
            _ => None,
        };
        let op_at = |i: usize, op: i32| matches!(r.get(i), Some(Record::Op(o)) if *o == op);
        let mut k = at;
        let mut cases = Vec::new();
        while op_at(k, COPY) && op_at(k + 2, CMP) && op_at(k + 4, JE) {
            let (v, o) = (int_at(k + 1)?, int_at(k + 3)?);
            cases.push((v, usize::try_from((k + 4) as i64 + o).ok()?));
            k += 5;
        }
        let mut default = None;
        if op_at(k + 1, JMP) {
            default = Some(usize::try_from((k + 1) as i64 + int_at(k)?).ok()?);
            k += 2;
        }
        (op_at(k, POP) && (!cases.is_empty() || default.is_some())).then_some(SwitchTable {
            cases,
            default,
            end: k,
        })
    }

    fn switch(&mut self, pc: usize, table_at: usize, table: SwitchTable) -> Step {
        let value = self.pop();
        let name = self.fresh("case");
        self.w.line(&format!("local {name} = {}", value.lua()));
        // The cases' blocks lie between the jump and the jump over the
        // table; each runs on until a BREAK.
        let cases_end = table_at.saturating_sub(2).max(pc + 1);
        let outer = self.switch_end.replace(table.end);
        let mut first = true;
        for (v, start) in &table.cases {
            let word = if first { "if" } else { "elseif" };
            first = false;
            self.w.line(&format!("{word} {name} == {v} then"));
            self.case_body(*start, cases_end);
        }
        if let Some(start) = table.default.filter(|&s| s < cases_end) {
            if first {
                self.w.line("do");
            } else {
                self.w.line("else");
            }
            self.case_body(start, cases_end);
        }
        self.w.line("end");
        self.switch_end = outer;
        Step::Next(table.end + 1)
    }

    /// A case runs on into the next until a BREAK: its statements from
    /// `start`, in a `repeat … until true` that a BREAK leaves (at any
    /// depth of IFs inside the case).
    fn case_body(&mut self, start: usize, end: usize) {
        self.w.depth += 1;
        self.w.line("repeat");
        self.w.depth += 1;
        self.stack.push(Sym::Int(Int::lit(0)));
        self.block(start, end);
        self.stack.pop();
        self.w.depth -= 1;
        self.w.line("until true");
        self.w.depth -= 1;
    }
}

pub(super) struct SwitchTable {
    cases: Vec<(i64, usize)>,
    default: Option<usize>,
    end: usize,
}

impl SwitchTable {
    /// Whether every case and the default start after the jump at `pc`
    /// and before the jump over the table at `table_at`.
    fn starts_within(&self, pc: usize, table_at: usize) -> bool {
        let inside = |s: usize| s > pc && s + 2 <= table_at;
        self.cases.iter().all(|&(_, s)| inside(s)) && self.default.is_none_or(inside)
    }
}

impl Decompiler<'_> {
    /// Whether record `i` closes a block (ENDROOM, POP_CONTAINER,
    /// END_MONINVENT).
    pub(super) fn is_closer(&self, i: usize) -> bool {
        matches!(
            self.records.get(i),
            Some(Record::Op(
                opcodes::ENDROOM | opcodes::POP_CONTAINER | opcodes::END_MONINVENT
            ))
        )
    }

    /// Whether `start..end` closes blocks it did not open: a jump there is
    /// a BREAK out of the block around it, not an ELSE.
    fn closes_more_than_opens(&self, start: usize, end: usize) -> bool {
        let (mut opens, mut closes) = (0usize, 0usize);
        for i in start..end.min(self.records.len()) {
            if self.is_closer(i) {
                closes += 1;
            }
            let flag = |i: usize| match i.checked_sub(1).and_then(|j| self.records.get(j)) {
                Some(Record::Push(Value::Int(v))) => *v,
                _ => 0,
            };
            match self.records[i] {
                Record::Op(opcodes::ROOM | opcodes::SUBROOM) => opens += 1,
                Record::Op(opcodes::MONSTER) if flag(i) == 1 => opens += 1,
                Record::Op(opcodes::OBJECT) if flag(i) & 2 != 0 => opens += 1,
                // A REGION that is a room of its own opens one too; its
                // ENDROOM is in the same range when the range holds it.
                Record::Op(opcodes::REGION) => opens += 1,
                _ => {}
            }
        }
        closes > opens
    }
}

/// The condition under which the block after a jump `op` over it runs:
/// the jump's own test, negated; a chance (`rn2(100)` below the number)
/// as `percent(n)`.
fn condition(op: i32, a: &str, b: &str) -> String {
    if op == JLE && b == "math.random(0, 99)" && a.parse::<i64>().is_ok() {
        return format!("percent({a})");
    }
    let relation = match op {
        JL => ">=",
        JLE => ">",
        JG => "<=",
        JGE => "<",
        JE => "~=",
        _ => "==",
    };
    format!("{a} {relation} {b}")
}
