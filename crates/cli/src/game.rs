//! Which game the files are for: the NetHack target, and for DCSS the names
//! files and the trap feature form (`check`, `render`, `compile`).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use vaultwright::{GameNames, Options, Target};

/// The DCSS trap feature names a game reads.
#[derive(Clone, Copy, ValueEnum)]
pub enum TrapForm {
    /// `trap_net`, as crawl trunk reads them since 2026-03.
    Trunk,
    /// `net trap`, `known alarm trap`: releases up to 0.34 and forks.
    Old,
}

/// Which DCSS game the files are for.
#[derive(Clone, Copy, ValueEnum)]
pub enum GameProfile {
    /// crawl trunk: `trap_net`, `primary_name`/`replica_to`.
    Trunk,
    /// Releases up to 0.34 and forks: `net trap`, `master_name`/`slaved_to`.
    Old,
}

/// The game a file is for: a `lev_comp` target, or NetHack 5.0, whose
/// levels are Lua scripts the game runs itself.
#[derive(Clone, Copy)]
pub enum GameTarget {
    LevComp(Target),
    Nethack50,
}

pub fn parse_game_target(s: &str) -> Result<GameTarget, String> {
    if s == "nethack-5.0" {
        return Ok(GameTarget::Nethack50);
    }
    crate::parse_target(s)
        .map(GameTarget::LevComp)
        .map_err(|e| format!("{e}, nethack-5.0"))
}

#[derive(Args)]
pub struct GameArgs {
    /// nethack-3.4.3, nethack-3.2.3, nethack-3.2.2, nethack-3.6.6 or
    /// nethack-5.0 (Lua level scripts). Without it, a special level's
    /// language (3.4.3 or 3.6) is picked from its content, and a note says
    /// which and why; a `.lua` file is a 5.0 level.
    #[arg(long, value_parser = parse_game_target)]
    pub target: Option<GameTarget>,
    /// DCSS: a names file of your game (one `category: name` per line,
    /// categories monster, item, feature, spell, tile, tag, branch, god;
    /// `#` comments); repeatable.
    #[arg(long = "names", value_name = "FILE")]
    pub names: Vec<PathBuf>,
    /// DCSS: which game the files are for (sets the trap feature names
    /// and the triggerables' primary/replica names it reads).
    #[arg(long, value_enum, default_value = "trunk")]
    pub dcss_game: GameProfile,
    /// DCSS: the trap feature names your game reads (default: the game's).
    #[arg(long, value_enum)]
    pub dcss_trap_features: Option<TrapForm>,
    /// DCSS: leave out the notes of the written guidelines.
    #[arg(long)]
    pub no_guidelines: bool,
    /// DCSS: crawl's Lua library folder (`dat/dlua`) the vaults' Lua runs
    /// with (default: the one beside the file, found walking up from it).
    #[arg(long, value_name = "DIR")]
    pub dlua: Option<PathBuf>,
    /// How many more seeds a level is realised with (0: none). DCSS: to
    /// find walkable cells its transforms cut off and markers placed
    /// nowhere; NetHack 5.0 Lua: stops, sealed-off stairs and regions, and
    /// things placed in rock that only some visits meet.
    #[arg(long, value_name = "N", default_value_t = 32)]
    pub reachability_seeds: u32,
}

impl GameArgs {
    /// The language `--target` implies: NetHack 5.0's levels are Lua.
    pub fn language(&self) -> Option<vaultwright::Language> {
        matches!(self.target, Some(GameTarget::Nethack50))
            .then_some(vaultwright::Language::NethackLua)
    }

    fn lev_target(&self) -> Option<Target> {
        match self.target {
            Some(GameTarget::LevComp(t)) => Some(t),
            _ => None,
        }
    }

    /// The options every analysis of the run starts from. A names file that
    /// cannot be read, or has lines that name nothing, is reported with its
    /// findings and ends the run with exit 2.
    pub fn options(&self) -> Result<Options, ExitCode> {
        let old_game = matches!(self.dcss_game, GameProfile::Old);
        let old_traps = self
            .dcss_trap_features
            .map_or(old_game, |t| matches!(t, TrapForm::Old));
        let mut game = GameNames::new(old_traps);
        game.old_replica_names = old_game;
        let mut broken = false;
        for path in &self.names {
            let text = match vaultwright::walk::read_utf8(path) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("error: names file {}: {e}", path.display());
                    broken = true;
                    continue;
                }
            };
            let findings = game.read(&text);
            if !findings.is_empty() {
                let shown = path.to_string_lossy();
                eprint!(
                    "{}",
                    crate::render::diagnostics(&shown, &text, &findings, false)
                );
                broken = true;
            }
        }
        let dcss_library = match &self.dlua {
            Some(dir) => match vaultwright::dlua::read(dir) {
                Ok(library) => Some(library),
                Err(e) => {
                    eprintln!("error: --dlua {e}");
                    return Err(ExitCode::from(2));
                }
            },
            None => None,
        };
        if broken {
            return Err(ExitCode::from(2));
        }
        Ok(Options {
            dcss_library,
            target: self.lev_target().unwrap_or_default(),
            explicit_target: self.lev_target().is_some(),
            dcss_names: game,
            no_guidelines: self.no_guidelines,
            reachability_seeds: Some(self.reachability_seeds),
            ..Options::default()
        })
    }
}
