//! What goes on the level's stack: strings, coordinates, typed values, integers, sums, dice.

use super::op;
use crate::nethack36::compile::Compiler;
use crate::nethack36::lev::Value;
use crate::nethack36::lexer::Sem;
use crate::nethack36::tables::Act;

impl Compiler<'_, '_> {
    /// `$$` of a push or arithmetic rule, or `None` for another family's rule.
    pub(super) fn expression_actions(&mut self, act: Act, len: usize) -> Option<Sem> {
        Some(match act {
            Act::OptCoordCopy => {
                self.op(op::COPY);
                Sem::Int(0)
            }
            Act::PushString => {
                let text = self.text_at(len, 1);
                self.string(&text);
                Sem::None
            }
            Act::PushCoord => {
                let c = self.int_at(len, 1);
                self.push(Value::Coord(c));
                Sem::None
            }
            Act::PushMapchar => {
                let m = self.int_at(len, 1);
                self.push(Value::MapChar(m));
                Sem::None
            }
            Act::PushMonster => {
                let m = self.int_at(len, 1);
                self.push(Value::Monst(m));
                Sem::None
            }
            Act::PushObject => {
                let o = self.int_at(len, 1);
                self.push(Value::Obj(o));
                Sem::None
            }
            Act::MathAdd => self.emit_op(op::MATH_ADD),
            Act::MathSub => self.emit_op(op::MATH_SUB),
            Act::MathMul => self.emit_op(op::MATH_MUL),
            Act::MathDiv => self.emit_op(op::MATH_DIV),
            Act::MathMod => self.emit_op(op::MATH_MOD),
            Act::PushInteger => {
                let n = self.int_at(len, 1);
                self.int(n);
                Sem::None
            }
            Act::PushInteger2 => {
                let n = self.int_at(len, 2);
                self.int(n);
                Sem::None
            }
            Act::Inconstant => {
                self.is_inconstant_number = true;
                Sem::None
            }
            Act::Dice => {
                let (num, die) = match self.v(len, 1) {
                    Sem::Dice(n, d) => (*n, *d),
                    _ => (1, 1),
                };
                self.ints(&[num, die]);
                self.op(op::DICE);
                Sem::None
            }
            _ => return None,
        })
    }
}
