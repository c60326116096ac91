//! Selections: shapes, growth, filters, floods, gradients, their unions and random coordinates.

use super::op;
use crate::nethack36::compile::Compiler;
use crate::nethack36::lexer::Sem;
use crate::nethack36::tables::Act;

impl Compiler<'_, '_> {
    /// `$$` of a selection rule, or `None` for another family's rule.
    pub(super) fn selection_actions(&mut self, act: Act, len: usize) -> Option<Sem> {
        Some(match act {
            Act::Rndcoord => self.emit_op(op::SEL_RNDCOORD),
            Act::SelPoint => self.emit_op(op::SEL_POINT),
            Act::SelRect => self.emit_op(op::SEL_RECT),
            Act::SelFillrect => self.emit_op(op::SEL_FILLRECT),
            Act::SelLine => self.emit_op(op::SEL_LINE),
            Act::SelRandline => self.emit_op(op::SEL_RNDLINE),
            Act::SelGrow => self.emit_int_op(15, op::SEL_GROW),
            Act::SelGrowDirs => self.emit_int_op(self.int_at(len, 3), op::SEL_GROW),
            Act::SelFilterPercent => {
                let n = self.int_at(len, 3);
                self.ints(&[n, 0]);
                self.op(op::SEL_FILTER);
                Sem::None
            }
            Act::SelFilterSelection => self.emit_int_op(1, op::SEL_FILTER),
            Act::SelFilterMapchar => self.emit_int_op(2, op::SEL_FILTER),
            Act::SelFlood => self.emit_op(op::SEL_FLOOD),
            Act::SelCircle | Act::SelCircleFilling => {
                let filled = if act == Act::SelCircle {
                    1
                } else {
                    self.int_at(len, 7)
                };
                self.op(op::COPY);
                self.emit_int_op(filled, op::SEL_ELLIPSE)
            }
            Act::SelEllipse => self.emit_int_op(1, op::SEL_ELLIPSE),
            Act::SelEllipseFilling => self.emit_int_op(self.int_at(len, 9), op::SEL_ELLIPSE),
            Act::SelGradient => {
                let (limited, kind) = (self.int_at(len, 9), self.int_at(len, 3));
                self.ints(&[limited, kind]);
                self.op(op::SEL_GRADIENT);
                Sem::None
            }
            Act::SelComplement => self.emit_op(op::SEL_COMPLEMENT),
            Act::SelAdd => self.emit_op(op::SEL_ADD),
            _ => return None,
        })
    }
}
