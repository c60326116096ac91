//! The service on small files of every language it serves: what is
//! offered, explained, found and renamed.

use super::*;
use crate::analyze;
use vaultwright_model::{Options, Target};

fn analysed(source: &str, language: Language) -> Analysis {
    analyze(source, language, &Options::default())
}

/// Completion at the `|` of `marked` (the bar removed), names offered.
fn offered(marked: &str, language: Language) -> (Vec<String>, String) {
    let at = marked.find('|').expect("a | marks the cursor");
    let source = marked.replacen('|', "", 1);
    let analysis = analysed(&source, language);
    let doc = Document {
        source: &source,
        analysis: &analysis,
    };
    let c = complete(doc, at, &[doc]).expect("a completion");
    let replaced = source[c.replace.range()].to_string();
    (c.items.into_iter().map(|e| e.name).collect(), replaced)
}

fn card(marked: &str, language: Language) -> Option<HoverCard> {
    let at = marked.find('|').expect("a | marks the cursor");
    let source = marked.replacen('|', "", 1);
    let analysis = analysed(&source, language);
    hover(
        Document {
            source: &source,
            analysis: &analysis,
        },
        at,
    )
}

const LEVEL_343: &str = "MAZE:\"test\",' '\nGEOMETRY:center,center\nMAP\n.....\n.....\nENDMAP\n";

#[test]
fn a_monster_name_is_offered_within_its_class() {
    let src = format!("{LEVEL_343}MONSTER:'d',\"ja|\",(1,1)\n");
    let (names, replaced) = offered(&src, Language::NethackDes);
    assert_eq!(replaced, "ja");
    assert_eq!(names.first().map(String::as_str), Some("jackal"));
    assert!(names.iter().all(|n| n != "newt"), "a newt is no 'd'");
}

#[test]
fn statements_are_offered_at_a_line_start_and_values_after_the_colon() {
    let (names, _) = offered(&format!("{LEVEL_343}MONS|"), Language::NethackDes);
    assert_eq!(names, ["MONSTER:", "RANDOM_MONSTERS:"]);
    let (names, replaced) = offered(&format!("{LEVEL_343}DOOR:lo|"), Language::NethackDes);
    assert_eq!((names[0].as_str(), replaced.as_str()), ("locked", "lo"));
}

#[test]
fn hover_tells_what_a_name_and_a_map_character_are() {
    let src = format!("{LEVEL_343}OBJECT:')',\"long s|word\",(1,1)\n");
    let c = card(&src, Language::NethackDes).expect("a card");
    assert_eq!(
        (c.entry.name.as_str(), c.entry.glyph),
        ("long sword", Some(')'))
    );
    let map = LEVEL_343.replacen("MAP\n..", "MAP\n.|.", 1);
    let c = card(&map, Language::NethackDes).expect("a card");
    assert_eq!(c.entry.detail, "floor");
}

const LEVEL_36: &str = "MAZE:\"t\",' '\n$place = { (1,1), (2,2) }\nMAP\n...\nENDMAP\n";

#[test]
fn a_36_variable_is_offered_found_and_renamed() {
    let src = format!("{LEVEL_36}SHUFFLE: $pl|\n");
    let (names, _) = offered(&src, Language::NethackDes);
    assert_eq!(names, ["$place"]);
    let source = format!("{LEVEL_36}OBJECT:'(',\"chest\",$place[0]\n");
    let analysis = analysed(&source, Language::NethackDes);
    assert_eq!(analysis.target, Some(Target::Nethack366));
    let doc = Document {
        source: &source,
        analysis: &analysis,
    };
    let at = source.rfind("place").unwrap_or(0);
    let found = occurrences(&[doc], 0, at).expect("occurrences");
    assert_eq!((found.definitions.len(), found.uses.len()), (1, 1));
    let edits = rename(&[doc], 0, at, "$spot").expect("renamed");
    let mut renamed = source.clone();
    for (place, text) in edits.iter().rev() {
        renamed.replace_range(place.span.range(), text);
    }
    assert!(renamed.contains("$spot = {") && renamed.contains("$spot[0]"));
    assert!(rename(&[doc], 0, at, "no good").is_err());
}

const VAULT: &str =
    "NAME: cage\nTAGS: cage_tag transparent\nKMONS: O = orc warrior\nMAP\n.O.\nxOx\nENDMAP\n";

#[test]
fn dcss_directives_offer_the_game_names() {
    let src = VAULT.replace("orc warrior", "orc war|");
    let (names, replaced) = offered(&src, Language::DcssDes);
    assert_eq!(replaced, "orc war");
    assert_eq!(names[..2], ["orc warlord", "orc warrior"]);
    let src = VAULT.replace("TAGS: cage_tag", "TAGS: cage_tag no_mons|");
    let (names, _) = offered(&src, Language::DcssDes);
    assert!(names.iter().any(|n| n == "no_monster_gen"), "{names:?}");
}

#[test]
fn a_dcss_glyph_says_what_it_becomes() {
    let src = VAULT.replace(".O.", ".|O.");
    let c = card(&src, Language::DcssDes).expect("a card");
    assert_eq!(c.lines, ["line 3: KMONS: O = orc warrior"]);
    let src = VAULT.replace("KMONS: O = orc warrior", "KMONS: O = orc wa|rrior");
    let c = card(&src, Language::DcssDes).expect("a card");
    assert_eq!(
        (c.entry.name.as_str(), c.entry.glyph),
        ("orc warrior", Some('o'))
    );
}

#[test]
fn a_dcss_glyph_renames_in_its_keys_and_its_map() {
    let analysis = analysed(VAULT, Language::DcssDes);
    let doc = Document {
        source: VAULT,
        analysis: &analysis,
    };
    let at = VAULT.find(".O.").unwrap_or(0) + 1;
    let edits = rename(&[doc], 0, at, "P").expect("renamed");
    let mut renamed = VAULT.to_string();
    for (place, text) in edits.iter().rev() {
        renamed.replace_range(place.span.range(), text);
    }
    assert!(
        renamed.contains("KMONS: P = orc warrior\nMAP\n.P.\nxPx"),
        "{renamed}"
    );
    assert!(rename(&[doc], 0, at, "PQ").is_err());
}

#[test]
fn a_subvault_tag_is_found_across_the_files_of_a_set() {
    let main = "NAME: main\nSUBVAULT: X : cage_tag\nMAP\nXXX\nENDMAP\n";
    let (a, b) = (
        analysed(main, Language::DcssDes),
        analysed(VAULT, Language::DcssDes),
    );
    let set = [
        Document {
            source: main,
            analysis: &a,
        },
        Document {
            source: VAULT,
            analysis: &b,
        },
    ];
    let at = main.find("cage_tag").unwrap_or(0) + 2;
    let found = occurrences(&set, 0, at).expect("occurrences");
    assert_eq!(found.definitions.len(), 1);
    assert_eq!(found.definitions[0].file, 1);
    assert_eq!(found.uses.len(), 1);
    // SUBVAULT reads a name as one word: a vault name with a blank would
    // break the links that name it.
    let at = VAULT.find("cage\n").unwrap_or(0) + 1;
    assert!(rename(&set, 1, at, "big cage").is_err());
    assert!(rename(&set, 1, at, "big_cage").is_ok());
}

#[test]
fn a_dungeon_level_name_links_its_chains() {
    let src = "DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)\nLEVEL: \"oracle\" \"O\" @ (5, 5)\nCHAINLEVEL: \"bigrm\" \"oracle\" + (2, 3) 40\n";
    let analysis = analysed(src, Language::NethackDungeon);
    let doc = Document {
        source: src,
        analysis: &analysis,
    };
    let at = src.rfind("oracle").unwrap_or(0) + 1;
    let found = occurrences(&[doc], 0, at).expect("occurrences");
    assert_eq!((found.definitions.len(), found.uses.len()), (1, 1));
    let marked = format!("{src}CHAINLEVEL: \"x\" \"or|\" + (1, 0)\n");
    let (names, _) = offered(&marked, Language::NethackDungeon);
    assert!(names.contains(&"oracle".to_string()));
}

#[test]
fn maps_and_entries_fold() {
    let analysis = analysed(VAULT, Language::DcssDes);
    let f = folds(Document {
        source: VAULT,
        analysis: &analysis,
    });
    let kinds: Vec<FoldKind> = f.iter().map(|f| f.kind).collect();
    assert!(
        kinds.contains(&FoldKind::Entry) && kinds.contains(&FoldKind::Map),
        "{f:?}"
    );
}

#[test]
fn findings_get_fixes_from_the_nearest_name() {
    let source = format!("{LEVEL_343}MONSTER:'d',\"jackle\",(1,1)\n");
    let analysis = analysed(&source, Language::NethackDes);
    let doc = Document {
        source: &source,
        analysis: &analysis,
    };
    let found = fixes(doc);
    assert_eq!(found.len(), 1, "{:?}", analysis.diagnostics);
    assert_eq!(found[0].1.replacement, "jackal");
    assert_eq!(&source[found[0].1.span.range()], "jackle");
    let vault = VAULT.replace("orc warrior", "orc warior");
    let analysis = analysed(&vault, Language::DcssDes);
    let found = fixes(Document {
        source: &vault,
        analysis: &analysis,
    });
    assert_eq!(found.len(), 1, "{:?}", analysis.diagnostics);
    assert_eq!(found[0].1.replacement, "orc warrior");
    assert_eq!(&vault[found[0].1.span.range()], "orc warior");
}

#[test]
fn a_powder_legend_line_offers_the_game_names_and_a_cell_says_what_it_is() {
    // The map's walls are `|`: the cursor is given as an offset here.
    let room = "+---+\n|.k.|\n+---+\n\n.: SQUARE_FLOOR\nk: SQUARE_FLOOR, MOB_KOB\n";
    let analysis = analysed(room, Language::PowderMap);
    let doc = Document {
        source: room,
        analysis: &analysis,
    };
    let at = room.find("MOB_KOB").unwrap_or(0) + 7;
    let c = complete(doc, at, &[doc]).expect("a completion");
    assert_eq!(&room[c.replace.range()], "MOB_KOB");
    assert_eq!(c.items.first().map(|e| e.name.as_str()), Some("MOB_KOBOLD"));
    let cell = hover(doc, room.find(".k.").unwrap_or(0) + 1).expect("a card");
    assert_eq!(cell.entry.detail, "SQUARE_FLOOR, MOB_KOB");
    assert_eq!(cell.lines, ["line 6: k: SQUARE_FLOOR, MOB_KOB"]);
}

#[test]
fn an_rlg327_file_offers_fields_then_their_values() {
    let monsters = "RLG327 MONSTER DESCRIPTION 1\n\nBEGIN MONSTER\nNAME x\nCOLOR RE|\n";
    let (names, _) = offered(monsters, Language::Rlg327Monsters);
    assert_eq!(names.first().map(String::as_str), Some("RED"));
    let (names, _) = offered(
        "RLG327 MONSTER DESCRIPTION 1\n\nBEGIN MONSTER\nSP|",
        Language::Rlg327Monsters,
    );
    assert_eq!(names, ["SPEED"]);
    let c = card(
        "RLG327 OBJECT DESCRIPTION 1\n\nBEGIN OBJECT\nTYPE WEA|PON\n",
        Language::Rlg327Objects,
    )
    .expect("a card");
    assert_eq!(c.entry.detail, "object type");
}

/// Every question at every offset of texts of every language, with
/// multi-byte characters, lines being typed and unclosed strings: an
/// answer or none, never a panic.
#[test]
fn a_lua_level_offers_functions_keys_and_the_game_names() {
    let (names, replaced) = offered("des.mon|", Language::NethackLua);
    assert_eq!((names[0].as_str(), replaced.as_str()), ("monster", "mon"));
    let (names, replaced) = offered("des.monster(\"ja|\")", Language::NethackLua);
    assert_eq!((names[0].as_str(), replaced.as_str()), ("jackal", "ja"));
    let (names, _) = offered(
        "des.monster({ id = \"jackal\", asl| })",
        Language::NethackLua,
    );
    assert_eq!(names[0], "asleep");
    let (names, _) = offered("des.object({ id = \"luck|\" })", Language::NethackLua);
    assert_eq!(names[0], "luckstone");
    let (names, _) = offered("des.room({ type = \"thr|\" })", Language::NethackLua);
    assert_eq!(names[0], "throne");
    let c = card("des.monster({ id = \"jac|kal\" })", Language::NethackLua).expect("a card");
    assert_eq!(
        (c.entry.name.as_str(), c.entry.glyph),
        ("jackal", Some('d'))
    );
    assert!(c.entry.detail.contains("level 0"), "{}", c.entry.detail);
    let c = card("des.obj|ect(\"luckstone\")", Language::NethackLua).expect("a card");
    assert!(
        c.entry.detail.contains("keys: id, class"),
        "{}",
        c.entry.detail
    );
}

#[test]
fn every_offset_of_every_language_answers_without_panicking() {
    let texts = [
        (Language::NethackDes, "MAZE:\"é\",' '\nMAP\n.é.\nENDMAP\nMONSTER:'d',\"ja\n$v = 1\n$v\n# ü\n"),
        (Language::NethackDes, "LEVEL:\"x\"\n$place = { (1,1) }\nIF [50%] {\n  OBJECT:('(',\"chest\"),$place[0]\n}\n"),
        (Language::DcssDes, "NAME: ñ\nTAGS: t_ü x\nKMONS: ✓ = orc\nSUBST: ✓ = .:5 x\nNSUBST: ✓ = 1:x / *:.\nSUBVAULT: X : t_ü\nMAP\nx✓X\nENDMAP\n{{ x = \"ü\" }}\n"),
        (Language::NethackDungeon, "DUNGEON: \"Dé\" \"D\" (25, 5)\nLEVEL: \"ö\" \"O\" @ (5, 5)\nCHAINLEVEL: \"x\" \"ö"),
        (Language::PowderMap, "+--+\n|é✓|\n+--+\n\né: SQUARE_FLOOR\n✓: MOB_\n"),
        (Language::Rlg327Monsters, "RLG327 MONSTER DESCRIPTION 1\n\nBEGIN MONSTER\nNAME é\nCOLOR RED ✓\nABIL \n"),
        (Language::Rlg327Objects, "RLG327 OBJECT DESCRIPTION 1\n\nBEGIN OBJECT\nTYPE WEA\n"),
        (Language::NethackLua, "des.monster({ id = \"é\", x = 1 })\ndes.object(\"✓\nlocal t = { [\"x\"] = des.\ndes.room({ type = 'ü', contents = function() des.trap(\"\") end })"),
    ];
    for (language, text) in texts {
        let analysis = analysed(text, language);
        let doc = Document {
            source: text,
            analysis: &analysis,
        };
        for offset in 0..=text.len() + 2 {
            let _ = complete(doc, offset, &[doc]);
            let _ = hover(doc, offset);
            let _ = occurrences(&[doc], 0, offset);
            let _ = rename(&[doc], 0, offset, "n");
        }
        let _ = folds(doc);
        let _ = fixes(doc);
    }
}
