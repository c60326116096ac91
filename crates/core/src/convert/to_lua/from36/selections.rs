//! Selection opcodes (SEL_*) as `selection.*` expressions: 3.6 builds a
//! selection on the stack; 5.0 calls the same shapes by name.

use super::statements::unpack4;
use super::values::{Place, Sym};
use super::Decompiler;
use crate::nethack36::opcodes;

impl Decompiler<'_> {
    /// A SEL_* opcode: the selection (or, for `rndcoord`, the spot) it
    /// leaves on the stack.
    pub(super) fn selection(&mut self, op: i32) {
        let made = match op {
            opcodes::SEL_ADD => {
                let (b, a) = (self.pop(), self.pop());
                format!("({} | {})", a.lua(), b.lua())
            }
            opcodes::SEL_POINT => {
                let at = self.place();
                let point = match at {
                    Place::At(x, y) => Some((x, y)),
                    _ => None,
                };
                let lua = match at {
                    Place::Random => "selection.set(selection.new())".to_string(),
                    _ => format!("selection.set(selection.new(), {})", at.args()),
                };
                self.push(Sym::Sel(lua, point));
                return;
            }
            opcodes::SEL_RECT | opcodes::SEL_FILLRECT => {
                let r = self.region_sym();
                let f = if op == opcodes::SEL_RECT {
                    "rect"
                } else {
                    "fillrect"
                };
                format!("selection.{f}({})", unpack4(&r))
            }
            opcodes::SEL_LINE | opcodes::SEL_RNDLINE => {
                let roughness = (op == opcodes::SEL_RNDLINE).then(|| self.int());
                let (b, a) = (self.place(), self.place());
                match roughness {
                    Some(r) => format!("selection.randline({}, {}, {})", a.args(), b.args(), r.lua),
                    None => format!("selection.line({}, {})", a.args(), b.args()),
                }
            }
            opcodes::SEL_GROW => {
                let _dirs = self.int();
                format!("selection.grow({})", self.pop().lua())
            }
            opcodes::SEL_FLOOD => format!("selection.floodfill({})", self.place().args()),
            opcodes::SEL_RNDCOORD => {
                let sel = self.pop().lua();
                self.push(Sym::Coord(Place::Expr(
                    format!("selection.rndcoord({sel})"),
                    true,
                )));
                return;
            }
            opcodes::SEL_ELLIPSE => {
                let (filled, b, a) = (self.int(), self.int(), self.int());
                let at = self.place();
                format!(
                    "selection.ellipse({}, {}, {}, {})",
                    at.args(),
                    a.lua,
                    b.lua,
                    filled.lua
                )
            }
            opcodes::SEL_FILTER => self.filter(),
            opcodes::SEL_GRADIENT => {
                for _ in 0..6 {
                    self.pop();
                }
                self.note("a selection gradient (an empty selection stands in)".into());
                "selection.new()".into()
            }
            _ => format!("selection.negate({})", self.pop().lua()),
        };
        self.push(Sym::Sel(made, None));
    }

    fn filter(&mut self) -> String {
        match self.int().or(0) {
            0 => {
                let percent = self.int();
                format!(
                    "selection.percentage({}, {})",
                    self.pop().lua(),
                    percent.lua
                )
            }
            1 => {
                let (a, b) = (self.pop(), self.pop());
                format!("({} & {})", b.lua(), a.lua())
            }
            _ => {
                let (b, a) = (self.pop(), self.pop());
                let (terrain, sel) = if matches!(a, Sym::MapChar(..)) {
                    (a, b)
                } else {
                    (b, a)
                };
                format!("selection.filter_mapchar({}, {})", sel.lua(), terrain.lua())
            }
        }
    }
}
