//! Control flow: comparisons, SWITCH, FOR, LOOP, IF/ELSE, chances, BREAK, EXIT.

use super::{op, s};
use crate::nethack36::compile::{Compiler, Pending, MAX_NESTED};
use crate::nethack36::lexer::Sem;
use crate::nethack36::tables::Act;
use crate::nethack36::vars::{kind, Define};

fn reverse_jump(op: i64) -> Option<i32> {
    Some(match op as i32 {
        op::JE => op::JNE,
        op::JNE => op::JE,
        op::JL => op::JGE,
        op::JG => op::JLE,
        op::JLE => op::JG,
        op::JGE => op::JL,
        _ => return None,
    })
}

impl Compiler<'_, '_> {
    /// `$$` of a control-flow rule, or `None` for another family's rule.
    pub(super) fn control_actions(&mut self, act: Act, len: usize) -> Option<Sem> {
        Some(match act {
            // FUNCTION and calls need a token the lexer never returns.
            Act::FunctionBegin | Act::FunctionEnd | Act::FunctionCall => Sem::None,
            Act::Exit => {
                self.op(op::EXIT);
                Sem::None
            }
            Act::ComparePercent => {
                let chance = self.int_at(len, 1);
                self.ints(&[chance, 100]);
                self.op(op::RN2);
                Sem::Int(i64::from(op::JG))
            }
            Act::CompareNonzero => {
                self.int(0);
                Sem::Int(i64::from(op::JNE))
            }
            Act::SwitchBegin => {
                self.is_inconstant_number = false;
                Sem::None
            }
            Act::SwitchCasesBegin => self.switch_cases_begin(),
            Act::SwitchEnd => self.switch_end(),
            Act::CaseBegin => self.case_begin(),
            Act::DefaultBegin => self.default_begin(),
            Act::Break => self.break_statement(),
            Act::ForStart => self.for_start(len),
            Act::BreakLevelBegin => {
                self.break_start();
                Sem::None
            }
            Act::ForEnd => self.for_end(),
            Act::LoopBegin => self.loop_begin(),
            Act::LoopEnd => self.loop_end(),
            Act::ChanceBegin | Act::IfBegin => {
                // `comparestmt ':'` / `IF_ID comparestmt`.
                let compare = if act == Act::ChanceBegin {
                    self.back(1).int()
                } else {
                    self.back(0).int()
                };
                self.if_begin(compare);
                Sem::None
            }
            Act::IfClose => {
                self.if_close("IF: Huh?!  No start address?");
                Sem::None
            }
            Act::ElseBegin => self.else_begin(),
            Act::ElseClose => {
                self.if_close("IF: Huh?! No end address?");
                Sem::None
            }
            _ => return None,
        })
    }

    /// `CASE_ID all_integers ':'`: the case's value and where it starts.
    fn case_begin(&mut self) -> Sem {
        // `CASE_ID all_integers ':'` — the value is two below.
        let value = self.back(1).int();
        if self.switch_cases.len() < MAX_NESTED {
            let at = self.n();
            self.switch_cases.push((
                value,
                Pending {
                    value: at,
                    at: None,
                },
            ));
        } else {
            self.error("Too many cases in a switch.", false);
        }
        Sem::None
    }

    /// `DEFAULT ':'`: where the default starts.
    fn default_begin(&mut self) -> Sem {
        if self.switch_default.is_some() {
            self.error("Switch default case already used.", false);
        }
        self.switch_default = Some(Pending {
            value: self.n(),
            at: None,
        });
        Sem::None
    }

    /// BREAK: a jump to the end of the block, resolved when it closes.
    fn break_statement(&mut self) -> Sem {
        if self.allow_break == 0 {
            self.error("Cannot use BREAK outside a statement block.", false);
        } else {
            let at = self.ops.len();
            self.breaks.push((self.allow_break, at));
            self.int(at as i64);
            self.op(op::JMP);
        }
        Sem::None
    }

    fn switch_cases_begin(&mut self) -> Sem {
        if self.in_switch > 0 {
            self.error("Cannot nest switch-statements.", false);
        }
        self.in_switch += 1;
        self.switch_cases.clear();
        self.switch_default = None;
        if !self.is_inconstant_number {
            self.op(op::RN2);
        }
        self.is_inconstant_number = false;
        let n = self.n();
        self.switch_check_jump = self.push_pending(n + 1);
        self.op(op::JMP);
        self.break_start();
        Sem::None
    }

    fn switch_end(&mut self) -> Sem {
        let n = self.n();
        let mut end = self.push_pending(n + 1);
        self.op(op::JMP);
        let mut check = self.switch_check_jump;
        let v = self.n() - check.value;
        self.set_pending(&mut check, v);
        // The case table and the default are globals the reference does not
        // clear at the end: a SWITCH after a nested one (already an error)
        // still sees the inner one's cases and default.
        let cases = self.switch_cases.clone();
        for (value, mut target) in cases {
            self.op(op::COPY);
            self.int(value);
            self.op(op::CMP);
            target.value -= self.n() + 1;
            self.push_existing(&mut target);
            self.op(op::JE);
        }
        if let Some(mut target) = self.switch_default {
            target.value -= self.n() + 1;
            self.push_existing(&mut target);
            self.op(op::JMP);
        }
        let v = self.n() - end.value;
        self.set_pending(&mut end, v);
        self.break_end();
        self.op(op::POP);
        self.in_switch -= 1;
        Sem::None
    }

    fn for_start(&mut self, len: usize) -> Sem {
        if self.n_for >= MAX_NESTED {
            self.error("FOR: Too deeply nested loops.", false);
            self.n_for = MAX_NESTED - 1;
        }
        let name = self.text_at(len, 2);
        let end = [&name[..], b" end"].concat();
        let step = [&name[..], b" step"].concat();
        self.int(0);
        self.string(&end);
        self.op(op::VAR_INIT);
        if let Define::Other(old) = self.vars.define(&name, kind::INT) {
            let old_name = self.type_name_or_error(old);
            self.error(
                format!(
                    "Trying to redefine variable '{}' as integer, when it is {old_name}.",
                    s(&name)
                ),
                true,
            );
        }
        self.int(0);
        self.string(&name);
        self.op(op::VAR_INIT);
        self.var(&end);
        self.var(&name);
        self.op(op::MATH_SUB);
        self.op(op::MATH_SIGN);
        self.int(0);
        self.string(&step);
        self.op(op::VAR_INIT);
        let at = self.n();
        self.for_list[self.n_for] = (name, at);
        self.n_for += 1;
        Sem::None
    }

    fn for_end(&mut self) -> Sem {
        let Some(n_for) = self.n_for.checked_sub(1) else {
            self.nesting_crash("FOR");
            return Sem::None;
        };
        self.n_for = n_for;
        let (name, jump) = self.for_list[n_for].clone();
        let step = [&name[..], b" step"].concat();
        let end = [&name[..], b" end"].concat();
        self.var(&name);
        self.var(&end);
        self.op(op::CMP);
        self.var(&step);
        self.var(&name);
        self.op(op::MATH_ADD);
        self.int(0);
        self.string(&name);
        self.op(op::VAR_INIT);
        let back = jump - self.n() - 1;
        self.int(back);
        self.op(op::JNE);
        self.break_end();
        Sem::None
    }

    /// The reference reads before the start of its table of open loops and
    /// crashes (more than 21 nested): a clean error instead.
    fn nesting_crash(&mut self, what: &str) {
        self.limit(
            "NH3602",
            format!(
                "{what} blocks nested more than {} deep; lev_comp 3.6.6 loses track of them and crashes",
                MAX_NESTED + 1
            ),
        );
    }

    fn loop_begin(&mut self) -> Sem {
        if self.n_if >= MAX_NESTED {
            self.error("LOOP: Too deeply nested conditionals.", false);
            self.n_if = MAX_NESTED - 1;
        }
        self.if_list[self.n_if] = Pending {
            value: self.n(),
            at: None,
        };
        self.n_if += 1;
        self.op(op::DEC);
        self.break_start();
        Sem::None
    }

    fn loop_end(&mut self) -> Sem {
        self.op(op::COPY);
        self.int(0);
        self.op(op::CMP);
        let Some(n_if) = self.n_if.checked_sub(1) else {
            self.nesting_crash("LOOP");
            return Sem::None;
        };
        self.n_if = n_if;
        let mut target = self.if_list[n_if];
        target.value -= self.n() + 1;
        self.push_existing(&mut target);
        self.op(op::JG);
        self.op(op::POP);
        self.break_end();
        Sem::None
    }

    fn if_begin(&mut self, compare: i64) {
        if self.n_if >= MAX_NESTED {
            self.error("IF: Too deeply nested conditionals.", false);
            self.n_if = MAX_NESTED - 1;
        }
        self.op(op::CMP);
        let n = self.n();
        let pending = self.push_pending(n + 1);
        self.if_list[self.n_if] = pending;
        self.n_if += 1;
        match reverse_jump(compare) {
            Some(j) => self.op(j),
            None => {
                self.error(
                    format!("Cannot reverse comparison jmp opcode {compare}."),
                    true,
                );
                self.op(0);
            }
        }
    }

    fn if_close(&mut self, huh: &str) {
        if self.n_if > 0 {
            self.n_if -= 1;
            let mut target = self.if_list[self.n_if];
            let v = self.n() - target.value;
            self.set_pending(&mut target, v);
        } else {
            self.error(huh.to_string(), false);
        }
    }

    fn else_begin(&mut self) -> Sem {
        if self.n_if > 0 {
            let n = self.n();
            let jump = self.push_pending(n + 1);
            self.op(op::JMP);
            self.n_if -= 1;
            let mut target = self.if_list[self.n_if];
            let v = self.n() - target.value;
            self.set_pending(&mut target, v);
            self.if_list[self.n_if] = jump;
            self.n_if += 1;
        } else {
            self.error("IF: Huh?!  No else-part address?", false);
        }
        Sem::None
    }
}
