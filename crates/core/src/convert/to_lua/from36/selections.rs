//! Selection opcodes (SEL_*) as `selection.*` expressions: 3.6 builds a
//! selection on the stack; 5.0 calls the same shapes by name.

use super::statements::unpack4;
use super::values::{Place, Sym};
use super::Decompiler;

impl Decompiler<'_> {
    /// A SEL_* opcode: the selection (or, for `rndcoord`, the spot) it
    /// leaves on the stack.
    pub(super) fn selection(&mut self, op: i32) {
        let made = match op {
            63 => {
                let (b, a) = (self.pop(), self.pop());
                format!("({} | {})", a.lua(), b.lua())
            }
            64 => {
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
            65 | 66 => {
                let r = self.region_sym();
                let f = if op == 65 { "rect" } else { "fillrect" };
                format!("selection.{f}({})", unpack4(&r))
            }
            67 | 68 => {
                let roughness = (op == 68).then(|| self.int());
                let (b, a) = (self.place(), self.place());
                match roughness {
                    Some(r) => format!("selection.randline({}, {}, {})", a.args(), b.args(), r.lua),
                    None => format!("selection.line({}, {})", a.args(), b.args()),
                }
            }
            69 => {
                let _dirs = self.int();
                format!("selection.grow({})", self.pop().lua())
            }
            70 => format!("selection.floodfill({})", self.place().args()),
            71 => {
                let sel = self.pop().lua();
                self.push(Sym::Coord(Place::Expr(
                    format!("selection.rndcoord({sel})"),
                    true,
                )));
                return;
            }
            72 => {
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
            73 => self.filter(),
            74 => {
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
