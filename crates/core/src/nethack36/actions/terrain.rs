//! Terrain and regions: TERRAIN, diggability, REGION blocks, and stair, portal and branch regions.

use super::op;
use crate::nethack36::compile::Compiler;
use crate::nethack36::lexer::Sem;
use crate::nethack36::tables::Act;

impl Compiler<'_, '_> {
    /// `$$` of a terrain or region rule, or `None` for another family's rule.
    pub(super) fn terrain_actions(&mut self, act: Act, len: usize) -> Option<Sem> {
        Some(match act {
            Act::StairRegion => {
                let kind = if self.int_at(len, 7) != 0 { 1 } else { 0 };
                self.level_region_statement(len, kind, None)
            }
            Act::PortalRegion => {
                let dest = self.text_at(len, 7);
                self.level_region_statement(len, 2, Some(dest))
            }
            Act::TeleportRegion => {
                let kind = match self.int_at(len, 6) {
                    -1 => 4,
                    0 => 6,
                    1 => 5,
                    _ => 0,
                };
                self.level_region_statement(len, kind, None)
            }
            Act::BranchRegion => self.level_region_statement(len, 3, None),
            Act::ReplaceTerrain => self.emit_int_op(self.int_at(len, 9), op::REPLACETERRAIN),
            Act::Terrain => self.emit_op(op::TERRAIN),
            Act::NonDiggable => self.emit_op(op::NON_DIGGABLE),
            Act::NonPasswall => self.emit_op(op::NON_PASSWALL),
            Act::RegionBegin => {
                // REGION_ID ':' region ',' light ',' room_type flags .
                let mut rtype = self.back(1).int();
                let flags = self.back(0).int();
                let flags = if flags == -1 { 1 } else { flags };
                if flags & 1 == 0 {
                    rtype += self.profile.facts().terrain.unfilled_region;
                }
                let irregular = flags & 2 != 0;
                let light = self.back(3).int();
                self.ints(&[light, rtype, flags]);
                self.op(op::REGION);
                self.break_start();
                Sem::Int(i64::from(irregular || flags & 1 != 0 || rtype != 0))
            }
            Act::RegionEnd => {
                self.break_end();
                if self.int_at(len, 9) != 0 {
                    self.op(op::ENDROOM);
                } else if self.int_at(len, 10) != 0 {
                    self.error("Cannot use lev statements in non-permanent REGION", false);
                }
                Sem::None
            }
            _ => return None,
        })
    }

    fn lev_region(&self, len: usize, k: usize) -> ([i64; 4], i64) {
        match self.v(len, k) {
            Sem::LevRegion(r, area) => (*r, *area),
            _ => ([0; 4], 0),
        }
    }

    fn level_region_statement(&mut self, len: usize, kind: i64, name: Option<Vec<u8>>) -> Sem {
        let (a, area_a) = self.lev_region(len, 3);
        let (b, area_b) = self.lev_region(len, 5);
        self.ints(&a);
        self.int(area_a);
        self.ints(&b);
        self.int(area_b);
        self.ints(&[kind, 0]);
        self.string(name.as_deref().unwrap_or(b""));
        self.op(op::LEVREGION);
        Sem::None
    }
}
