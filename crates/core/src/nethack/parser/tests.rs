//! The parser's own tests: each statement's tree, the errors and the grammar's order.

use super::*;
use crate::nethack::lexer::lex;
use vaultwright_model::Target;

fn parse_src(src: &str) -> (File, Vec<Diagnostic>) {
    let lexed = lex(src, Target::Nethack343);
    parse(src, &lexed)
}

fn maze(body: &str) -> Vec<StmtKind> {
    let src = format!("MAZE:\"t\",' '\nGEOMETRY:center,center\nMAP\n....\n....\nENDMAP\n{body}");
    let (file, diags) = parse_src(&src);
    assert!(diags.is_empty(), "{diags:#?}");
    file.levels[0].body[1..]
        .iter()
        .map(|s| s.kind.clone())
        .collect()
}

fn rooms(body: &str) -> Vec<StmtKind> {
    let src = format!("LEVEL:\"r\"\n{body}");
    let (file, diags) = parse_src(&src);
    assert!(diags.is_empty(), "{diags:#?}");
    file.levels[0].body.iter().map(|s| s.kind.clone()).collect()
}

fn at(x: i32, y: i32) -> CoordKind {
    CoordKind::At(x, y)
}

#[test]
fn level_header_flags_init_and_messages() {
    let (file, d) = parse_src(
            "MAZE:\"hdr\",random\nFLAGS:noteleport,hardfloor\nINIT_MAP:'.',' ',true,true,random,false\nMESSAGE:\"a\"\nMESSAGE:\"b\"\nNOMAP\n",
        );
    assert!(d.is_empty(), "{d:#?}");
    let l = &file.levels[0];
    assert_eq!(l.name.text, "hdr");
    assert_eq!(l.filling, None);
    assert_eq!(l.flags.as_ref().unwrap().kind, StmtKind::Flags(3));
    assert!(matches!(
        l.init.as_ref().unwrap().kind,
        StmtKind::InitMap(InitMap {
            fg: b'.',
            bg: b' ',
            smoothed: 1,
            joined: 1,
            lit: -1,
            walled: 0
        })
    ));
    assert_eq!(l.messages.len(), 2);
}

#[test]
fn monster_with_every_kind_of_detail() {
    let k = maze("MONSTER[50%]:'D',\"red dragon\",(1,1),\"Smaug\",peaceful,asleep,align[1],m_object \"boulder\"\n");
    let StmtKind::Monster {
        chance,
        class,
        name,
        coord,
        infos,
    } = &k[0]
    else {
        panic!()
    };
    assert_eq!(chance.unwrap().0, 50);
    assert_eq!(class.class, Class::Char(b'D'));
    assert_eq!(name.as_ref().unwrap().text, "red dragon");
    assert_eq!(coord.kind, at(1, 1));
    assert_eq!(infos.len(), 5);
    assert!(matches!(infos[3], MonInfo::Align(Align::Register(1), _)));
}

#[test]
fn object_tails() {
    let k = maze(
        "OBJECT:'(',random,(0,0)\n\
             OBJECT:')',\"long sword\",(1,0),blessed,3,\"Excalibur\"\n\
             OBJECT:'%',\"corpse\",(2,0),\"newt\",random\n\
             OBJECT:'%',\"corpse\",(2,0),random,\"newt\",-1,none\n\
             CONTAINER:'(',\"chest\",place[0]\n\
             OBJECT:object[2],random,contained\n",
    );
    assert!(
        matches!(&k[1], StmtKind::Object(ObjectStmt { curse: Some(1), spe: Some(3), oname: Some(n), .. }) if n.text == "Excalibur")
    );
    assert!(
        matches!(&k[2], StmtKind::Object(ObjectStmt { monster: Some(m), spe: None, .. }) if m.text == "newt")
    );
    assert!(matches!(
        &k[3],
        StmtKind::Object(ObjectStmt {
            curse: None,
            spe: Some(-1),
            oname: None,
            ..
        })
    ));
    assert!(matches!(
        &k[4],
        StmtKind::Object(ObjectStmt {
            container: true,
            coord: Some(Coord {
                kind: CoordKind::Place(0),
                ..
            }),
            ..
        })
    ));
    assert!(matches!(
        &k[5],
        StmtKind::Object(ObjectStmt {
            coord: None,
            class: ClassSpec {
                class: Class::Register(2),
                ..
            },
            ..
        })
    ));
}

#[test]
fn map_door_drawbridge_walk_and_regions() {
    let k = maze(
            "DOOR:locked,(1,1)\nDOOR:random,random\nDRAWBRIDGE:(1,0),south,open\nMAZEWALK:(0,0),east\nWALLIFY\n\
             REGION:(0,0,3,1),lit,\"temple\",unfilled,true\nNON_DIGGABLE:(0,0,3,1)\nNON_PASSWALL:(0,0,3,1)\n",
        );
    assert!(matches!(k[0], StmtKind::Door { state: 8, .. }));
    assert!(matches!(
        k[1],
        StmtKind::Door {
            state: -1,
            coord: Coord {
                kind: CoordKind::Random,
                ..
            }
        }
    ));
    assert!(matches!(
        k[2],
        StmtKind::Drawbridge {
            dir: 2,
            state: 2,
            ..
        }
    ));
    assert!(matches!(k[3], StmtKind::Mazewalk { dir: 4, .. }));
    assert_eq!(k[4], StmtKind::Wallify);
    assert!(matches!(
        &k[5],
        StmtKind::Region {
            prefilled: 3,
            lit: 1,
            ..
        }
    ));
    assert!(matches!(k[6], StmtKind::NonDiggable(_)));
    assert!(matches!(k[7], StmtKind::NonPasswall(_)));
}

#[test]
fn stairs_and_level_regions() {
    let k = maze(
        "STAIR:(1,1),up\nSTAIR:(0,0,1,1),levregion(1,0,79,20),down\nLADDER:(2,1),down\n\
             PORTAL:levregion(1,1,5,5),(0,0,0,0),\"fire\"\nTELEPORT_REGION:(0,0,1,1),(0,0,0,0),up\n\
             TELEPORT_REGION:levregion(1,1,2,2),levregion(0,0,0,0)\nBRANCH:(0,0,1,1),(0,0,0,0)\n",
    );
    assert!(matches!(k[0], StmtKind::Stair { up: 1, .. }));
    assert!(matches!(
        k[1],
        StmtKind::StairRegion {
            up: 0,
            avoid: LevRegion { absolute: true, .. },
            ..
        }
    ));
    assert!(matches!(k[2], StmtKind::Ladder { up: 0, .. }));
    assert!(
        matches!(&k[3], StmtKind::Portal { dest, area: LevRegion { absolute: true, .. }, .. } if dest.text == "fire")
    );
    assert!(matches!(k[4], StmtKind::TeleportRegion { dir: 1, .. }));
    assert!(matches!(k[5], StmtKind::TeleportRegion { dir: -1, .. }));
    assert!(matches!(k[6], StmtKind::BranchRegion { .. }));
}

#[test]
fn registers_altars_gold_engravings_traps() {
    let k = maze(
        "RANDOM_PLACES:(0,0),(1,1)\nRANDOM_OBJECTS:'(','['\nRANDOM_MONSTERS:'a'\n\
             ALTAR:(1,1),align[0],shrine\nGOLD:random,(0,0)\nENGRAVING:(1,0),burn,\"x\"\n\
             TRAP:\"pit\",random\nTRAP[10%]:random,(0,1)\nFOUNTAIN:(3,1)\n",
    );
    assert!(matches!(&k[0], StmtKind::RandomPlaces(p) if p.len() == 2));
    assert!(matches!(&k[1], StmtKind::RandomObjects(p) if p.len() == 2));
    assert!(matches!(
        k[3],
        StmtKind::Altar {
            align: Align::Register(0),
            atype: 1,
            ..
        }
    ));
    assert!(matches!(k[4], StmtKind::Gold { amount: -1, .. }));
    assert!(matches!(k[5], StmtKind::Engraving { etype: 3, .. }));
    assert!(matches!(
        &k[6],
        StmtKind::Trap {
            name: Some(_),
            chance: None,
            ..
        }
    ));
    assert!(matches!(
        &k[7],
        StmtKind::Trap {
            name: None,
            chance: Some((10, _, _)),
            ..
        }
    ));
}

#[test]
fn rooms_subrooms_details_and_corridors() {
    let k = rooms(
            "RANDOM_MONSTERS:'a','b'\nROOM:\"shop\",lit,(1,2),(left,top),(4,4),false\nNAME:\"shop\"\nCHANCE:50\n\
             DOOR:true,random,north,random\nSINK:(0,0)\nPOOL:(1,1)\nSTAIR:(2,2),down\n\
             SUBROOM:\"ordinary\",random,random,random,\"shop\"\nCORRIDOR:(0,east,1),(1,west,random)\nCORRIDOR:(1,north,0),3\n",
        );
    assert!(matches!(
        &k[1],
        StmtKind::Room {
            pos: Some((1, 2)),
            align: Some((1, 1)),
            size: Some((4, 4)),
            filled: 0,
            ..
        }
    ));
    assert!(matches!(
        k[4],
        StmtKind::RoomDoor {
            secret: 1,
            state: -1,
            wall: 1,
            pos: -1
        }
    ));
    assert!(matches!(k[5], StmtKind::Sink(_)));
    assert!(matches!(k[7], StmtKind::Stair { up: 0, .. }));
    assert!(matches!(
        &k[8],
        StmtKind::Subroom {
            pos: None,
            size: None,
            filled: 1,
            ..
        }
    ));
    assert!(matches!(
        k[9],
        StmtKind::Corridor {
            dest: CorrDest::Room(CorrSpec { door: -1, .. }),
            ..
        }
    ));
    assert!(matches!(
        k[10],
        StmtKind::Corridor {
            dest: CorrDest::Nxcor(3),
            ..
        }
    ));
    let k = rooms("ROOM:\"ordinary\",random,random,random,random\nRANDOM_CORRIDORS\n");
    assert_eq!(k[1], StmtKind::RandomCorridors);
}

#[test]
fn syntax_errors_are_all_reported_with_the_originals_line() {
    let (file, d) = parse_src(
            "MAZE:\"e\",' '\nGEOMETRY:center,center\nMAP\n..\nENDMAP\nMONSTER 'a',random,(0,0)\nSINK:(0,0)\nOBJECT:'(',random,(0,0)\nTRAP:\"pit\" (0,0)\n",
        );
    let lines: Vec<u32> = d.iter().map(|d| d.compat_line.unwrap()).collect();
    assert_eq!(lines, vec![6, 7, 9]);
    assert!(d.iter().all(|d| d.message == "syntax error" && d.original));
    // The statements around the errors are still there for the views.
    let l = &file.levels[0];
    assert!(l.broken);
    assert!(l.body.iter().any(|s| matches!(s.kind, StmtKind::Object(_))));
    assert!(l.body.iter().any(|s| matches!(s.kind, StmtKind::Sink(_))));
}

#[test]
fn statement_order_is_part_of_the_grammar() {
    for src in [
        "MAZE:\"a\",' '\nNOMAP\nFLAGS:noteleport\n",
        "MAZE:\"a\",' '\nNOMAP\nMONSTER:'a',random,random\nRANDOM_MONSTERS:'a'\n",
        "MAZE:\"a\",' '\nMONSTER:'a',random,random\n",
        "MAZE:\"a\",' '\n",
        "LEVEL:\"a\"\nRANDOM_CORRIDORS\nCORRIDOR:(0,north,0),(0,south,0)\n",
        "LEVEL:\"a\"\nROOM:\"ordinary\",lit,random,random,random\nDRAWBRIDGE:(0,0),north,open\n",
        "MAZE:\"a\",' '\nNOMAP\nSINK:(0,0)\n",
    ] {
        let (_, d) = parse_src(src);
        assert_eq!(d.len(), 1, "{src}: {d:#?}");
    }
}

#[test]
fn dialect_differences_in_the_lexer_reach_the_parser() {
    let src = "MAZE:\"a\",' '\nFLAGS:arboreal\nNOMAP\n";
    let l343 = lex(src, Target::Nethack343);
    assert!(parse(src, &l343).1.is_empty());
    let l32 = lex(src, Target::Nethack323);
    assert_eq!(parse(src, &l32).1.len(), 1);
}
