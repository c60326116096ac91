//! What the caller asks of an analysis.

use serde::{Deserialize, Serialize};

use crate::game_names::GameNames;
use crate::target::Target;

/// Options for the core's `analyze`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub target: Target,
    /// The user chose `target` (`--target`, the studio's selector): a
    /// NetHack special level is compiled for it as it is. When false, its
    /// language (3.4.3/3.2 or 3.6) is picked from its content, `target`
    /// being the choice among the classic ones.
    #[serde(default)]
    pub explicit_target: bool,
    /// Seed for views with random parts.
    pub seed: u64,
    /// The original's `-w`: extra warnings.
    pub extra_warnings: bool,
    /// Name of the file analysed, if any: some formats derive output names
    /// from it (`dgn_comp`: `x.pdf` → `x`) or choose a dialect by it
    /// (`.def` is preprocessed, `.pdf` is not).
    #[serde(default)]
    pub file_name: String,
    /// RLG327 dialect (`s2016`, `f2017`, `y2018`); detected when absent.
    #[serde(default)]
    pub dialect: Option<String>,
    /// Only build the views of this outline entry (files with hundreds of
    /// entries stay fast to re-analyse while typing); all when absent.
    #[serde(default)]
    pub focus: Option<usize>,
    /// Build no views at all: `check` and `compile` want findings and
    /// files, and a file of thousands of levels then costs memory in
    /// proportion to its text, not to its drawings.
    #[serde(default)]
    pub without_views: bool,
    /// DCSS: what the user's game knows beyond the checker's tables (names
    /// files, the old trap feature names).
    #[serde(default)]
    pub dcss_names: GameNames,
    /// DCSS: leave out the notes of the written guidelines (header order,
    /// arrival names, simple.des, ghost vault sizes).
    #[serde(default)]
    pub no_guidelines: bool,
    /// DCSS: how many seeds each vault is realised with to find cells its
    /// transforms cut off and markers placed nowhere (the default when
    /// absent; none when 0).
    #[serde(default)]
    pub reachability_seeds: Option<u32>,
    /// DCSS: crawl's own Lua library (`dat/dlua`), its files' texts by the
    /// path `crawl_require` names them (`dlua/vault.lua`), which a vault's
    /// Lua runs with. Loaded beside the options, never carried in a link
    /// or a message: shared, not copied, by every analysis.
    #[serde(skip)]
    pub dcss_library: Option<DcssLibrary>,
    /// DCSS: how many million steps a vault's Lua may run to be drawn
    /// (the studio's preview budget when absent). One drawing asked for
    /// by name (`render`) affords crawl's heaviest layouts what a view
    /// redrawn on every keystroke cannot.
    #[serde(default)]
    pub lua_drawing_millions: Option<u32>,
}

/// The texts of crawl's Lua library files by path (cheap to clone).
pub type DcssLibrary = std::sync::Arc<std::collections::BTreeMap<String, String>>;

impl Options {
    /// `lua_drawing_millions` for one drawing asked for by name: every
    /// layout of crawl's fits. The heaviest, the Vaults' chaotic city,
    /// runs some 500 million steps (about a second in crawl itself, four
    /// here); a loop that never ends is stopped within ten seconds.
    pub const DRAWING_BY_NAME_MILLIONS: u32 = 1000;

    /// Whether the views of outline entry `symbol` are wanted.
    pub fn wants_views_of(&self, symbol: usize) -> bool {
        !self.without_views && self.focus.is_none_or(|f| f == symbol)
    }
}
