//! The colours NetHack gives each monster and object by default (the
//! colour field of its monster and object tables), as our own data, in the
//! index order of `tables`. `look` turns them into what the views draw.

use vaultwright_model::view::Rgb;

/// NetHack's sixteen colour numbers (CLR_0 … CLR_15); 8 is "no colour",
/// which the game draws in the default grey, so no table uses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clr {
    Black = 0,
    Red = 1,
    Green = 2,
    Brown = 3,
    Blue = 4,
    Magenta = 5,
    Cyan = 6,
    Gray = 7,
    Orange = 9,
    BrightGreen = 10,
    Yellow = 11,
    BrightBlue = 12,
    BrightMagenta = 13,
    BrightCyan = 14,
    White = 15,
}

impl Clr {
    /// The drawn colour. Black is drawn dark grey: a black glyph on the
    /// terminal's black is invisible, and the tty port avoids drawing it
    /// (3.4.3 falls back to the default colour or bold; later versions
    /// draw it dark grey, which keeps it apart from grey things).
    pub fn rgb(self) -> Rgb {
        match self {
            Clr::Black => Rgb::DARK_GRAY,
            other => Rgb::TTY[other as usize],
        }
    }
}

use Clr::*;

/// Monster colours of 3.4.3, in the order of `tables::MONSTERS_V343`.
pub static MONSTER_COLOURS_V343: &[Clr] = &[
    Brown,       // giant ant
    Yellow,      // killer bee
    Blue,        // soldier ant
    Red,         // fire ant
    Black,       // giant beetle
    Magenta,     // queen bee
    Green,       // acid blob
    White,       // quivering blob
    Cyan,        // gelatinous cube
    Brown,       // chickatrice
    Yellow,      // cockatrice
    Red,         // pyrolisk
    Brown,       // jackal
    Red,         // fox
    Brown,       // coyote
    Brown,       // werejackal
    White,       // little dog
    White,       // dog
    White,       // large dog
    Yellow,      // dingo
    Brown,       // wolf
    Brown,       // werewolf
    Brown,       // warg
    Cyan,        // winter wolf cub
    Cyan,        // winter wolf
    Red,         // hell hound pup
    Red,         // hell hound
    Gray,        // gas spore
    Blue,        // floating eye
    White,       // freezing sphere
    Red,         // flaming sphere
    BrightBlue,  // shocking sphere
    White,       // kitten
    White,       // housecat
    Brown,       // jaguar
    Cyan,        // lynx
    Black,       // panther
    White,       // large cat
    Yellow,      // tiger
    Green,       // gremlin
    Brown,       // gargoyle
    Magenta,     // winged gargoyle
    Green,       // hobbit
    Red,         // dwarf
    Brown,       // bugbear
    Blue,        // dwarf lord
    Magenta,     // dwarf king
    Magenta,     // mind flayer
    Magenta,     // master mind flayer
    Red,         // manes
    Green,       // homunculus
    Red,         // imp
    Brown,       // lemure
    Blue,        // quasit
    Cyan,        // tengu
    Blue,        // blue jelly
    Green,       // spotted jelly
    Brown,       // ochre jelly
    Brown,       // kobold
    Red,         // large kobold
    Magenta,     // kobold lord
    BrightBlue,  // kobold shaman
    Green,       // leprechaun
    Brown,       // small mimic
    Red,         // large mimic
    Magenta,     // giant mimic
    Green,       // wood nymph
    Blue,        // water nymph
    Brown,       // mountain nymph
    Gray,        // goblin
    Brown,       // hobgoblin
    Red,         // orc
    Yellow,      // hill orc
    Blue,        // Mordor orc
    Black,       // Uruk-hai
    BrightBlue,  // orc shaman
    Magenta,     // orc-captain
    Gray,        // rock piercer
    Cyan,        // iron piercer
    White,       // glass piercer
    Brown,       // rothe
    Gray,        // mumak
    Red,         // leocrotta
    Cyan,        // wumpus
    Gray,        // titanothere
    Gray,        // baluchitherium
    Black,       // mastodon
    Brown,       // sewer rat
    Brown,       // giant rat
    Brown,       // rabid rat
    Brown,       // wererat
    Gray,        // rock mole
    Brown,       // woodchuck
    Gray,        // cave spider
    Yellow,      // centipede
    Magenta,     // giant spider
    Red,         // scorpion
    Gray,        // lurker above
    Green,       // trapper
    White,       // white unicorn
    Gray,        // gray unicorn
    Black,       // black unicorn
    Brown,       // pony
    Brown,       // horse
    Brown,       // warhorse
    Gray,        // fog cloud
    Brown,       // dust vortex
    Cyan,        // ice vortex
    BrightBlue,  // energy vortex
    Blue,        // steam vortex
    Yellow,      // fire vortex
    Brown,       // baby long worm
    Magenta,     // baby purple worm
    Brown,       // long worm
    Magenta,     // purple worm
    Magenta,     // grid bug
    Red,         // xan
    Yellow,      // yellow light
    Black,       // black light
    Brown,       // zruty
    Green,       // couatl
    Yellow,      // Aleax
    White,       // Angel
    Yellow,      // ki-rin
    Magenta,     // Archon
    Brown,       // bat
    Red,         // giant bat
    Black,       // raven
    Black,       // vampire bat
    Brown,       // plains centaur
    Green,       // forest centaur
    Cyan,        // mountain centaur
    Gray,        // baby gray dragon
    BrightCyan,  // baby silver dragon
    Red,         // baby red dragon
    White,       // baby white dragon
    Orange,      // baby orange dragon
    Black,       // baby black dragon
    Blue,        // baby blue dragon
    Green,       // baby green dragon
    Yellow,      // baby yellow dragon
    Gray,        // gray dragon
    BrightCyan,  // silver dragon
    Red,         // red dragon
    White,       // white dragon
    Orange,      // orange dragon
    Black,       // black dragon
    Blue,        // blue dragon
    Green,       // green dragon
    Yellow,      // yellow dragon
    White,       // stalker
    Cyan,        // air elemental
    Yellow,      // fire elemental
    Brown,       // earth elemental
    Blue,        // water elemental
    BrightGreen, // lichen
    Brown,       // brown mold
    Yellow,      // yellow mold
    Green,       // green mold
    Red,         // red mold
    Magenta,     // shrieker
    Magenta,     // violet fungus
    Brown,       // gnome
    Blue,        // gnome lord
    BrightBlue,  // gnomish wizard
    Magenta,     // gnome king
    Red,         // giant
    Gray,        // stone giant
    Cyan,        // hill giant
    Yellow,      // fire giant
    White,       // frost giant
    Blue,        // storm giant
    Brown,       // ettin
    Magenta,     // titan
    Brown,       // minotaur
    Orange,      // jabberwock
    Blue,        // Keystone Kop
    Blue,        // Kop Sergeant
    Cyan,        // Kop Lieutenant
    Magenta,     // Kop Kaptain
    Brown,       // lich
    Red,         // demilich
    Magenta,     // master lich
    Magenta,     // arch-lich
    Brown,       // kobold mummy
    Red,         // gnome mummy
    Gray,        // orc mummy
    Red,         // dwarf mummy
    Green,       // elf mummy
    Gray,        // human mummy
    Blue,        // ettin mummy
    Cyan,        // giant mummy
    Red,         // red naga hatchling
    Black,       // black naga hatchling
    Yellow,      // golden naga hatchling
    Green,       // guardian naga hatchling
    Red,         // red naga
    Black,       // black naga
    Yellow,      // golden naga
    Green,       // guardian naga
    Brown,       // ogre
    Red,         // ogre lord
    Magenta,     // ogre king
    Gray,        // gray ooze
    Brown,       // brown pudding
    Black,       // black pudding
    Green,       // green slime
    Cyan,        // quantum mechanic
    Brown,       // rust monster
    Blue,        // disenchanter
    Green,       // garter snake
    Brown,       // snake
    Red,         // water moccasin
    Blue,        // pit viper
    Magenta,     // python
    Blue,        // cobra
    Brown,       // troll
    White,       // ice troll
    Cyan,        // rock troll
    Blue,        // water troll
    Magenta,     // Olog-hai
    Brown,       // umber hulk
    Red,         // vampire
    Blue,        // vampire lord
    Magenta,     // Vlad the Impaler
    Gray,        // barrow wight
    Black,       // wraith
    Magenta,     // Nazgul
    Brown,       // xorn
    Gray,        // monkey
    Brown,       // ape
    Brown,       // owlbear
    White,       // yeti
    Black,       // carnivorous ape
    Gray,        // sasquatch
    Brown,       // kobold zombie
    Brown,       // gnome zombie
    Gray,        // orc zombie
    Red,         // dwarf zombie
    Green,       // elf zombie
    White,       // human zombie
    Blue,        // ettin zombie
    Cyan,        // giant zombie
    Black,       // ghoul
    White,       // skeleton
    Yellow,      // straw golem
    White,       // paper golem
    Brown,       // rope golem
    Yellow,      // gold golem
    Brown,       // leather golem
    Brown,       // wood golem
    Red,         // flesh golem
    Brown,       // clay golem
    Gray,        // stone golem
    Cyan,        // glass golem
    Cyan,        // iron golem
    White,       // human
    Brown,       // wererat
    Red,         // werejackal
    Orange,      // werewolf
    White,       // elf
    Green,       // Woodland-elf
    BrightGreen, // Green-elf
    Gray,        // Grey-elf
    BrightBlue,  // elf-lord
    Magenta,     // Elvenking
    White,       // doppelganger
    White,       // nurse
    White,       // shopkeeper
    Blue,        // guard
    White,       // prisoner
    BrightBlue,  // Oracle
    White,       // aligned priest
    White,       // high priest
    Gray,        // soldier
    Red,         // sergeant
    Green,       // lieutenant
    Blue,        // captain
    Gray,        // watchman
    Green,       // watch captain
    BrightGreen, // Medusa
    Magenta,     // Wizard of Yendor
    Magenta,     // Croesus
    Gray,        // ghost
    Black,       // shade
    Blue,        // water demon
    Brown,       // horned devil
    Gray,        // succubus
    Gray,        // incubus
    Red,         // erinys
    Red,         // barbed devil
    Red,         // marilith
    Red,         // vrock
    Red,         // hezrou
    Gray,        // bone devil
    White,       // ice devil
    Red,         // nalfeshnee
    Red,         // pit fiend
    Red,         // balrog
    BrightGreen, // Juiblex
    Magenta,     // Yeenoghu
    Magenta,     // Orcus
    Magenta,     // Geryon
    Magenta,     // Dispater
    Magenta,     // Baalzebub
    Magenta,     // Asmodeus
    Magenta,     // Demogorgon
    Magenta,     // Death
    Magenta,     // Pestilence
    Magenta,     // Famine
    BrightBlue,  // mail daemon
    Yellow,      // djinni
    Gray,        // sandestin
    Blue,        // jellyfish
    Red,         // piranha
    Gray,        // shark
    Cyan,        // giant eel
    BrightBlue,  // electric eel
    Red,         // kraken
    Yellow,      // newt
    Green,       // gecko
    Brown,       // iguana
    Brown,       // baby crocodile
    Green,       // lizard
    Brown,       // chameleon
    Brown,       // crocodile
    Orange,      // salamander
    Brown,       // long worm tail
    White,       // archeologist
    White,       // barbarian
    White,       // caveman
    White,       // cavewoman
    White,       // healer
    White,       // knight
    White,       // monk
    White,       // priest
    White,       // priestess
    White,       // ranger
    White,       // rogue
    White,       // samurai
    White,       // tourist
    White,       // valkyrie
    White,       // wizard
    Magenta,     // Lord Carnarvon
    Magenta,     // Pelias
    Magenta,     // Shaman Karnov
    Magenta,     // Hippocrates
    Magenta,     // King Arthur
    Black,       // Grand Master
    White,       // Arch Priest
    Magenta,     // Orion
    Magenta,     // Master of Thieves
    Magenta,     // Lord Sato
    White,       // Twoflower
    Magenta,     // Norn
    Green,       // Neferet the Green
    Red,         // Minion of Huhetotl
    Magenta,     // Thoth Amon
    Magenta,     // Chromatic Dragon
    Gray,        // Cyclops
    Red,         // Ixoth
    Magenta,     // Master Kaen
    Red,         // Nalzok
    Magenta,     // Scorpius
    Magenta,     // Master Assassin
    Magenta,     // Ashikaga Takauji
    Magenta,     // Lord Surtur
    Black,       // Dark One
    White,       // student
    White,       // chieftain
    White,       // neanderthal
    White,       // attendant
    White,       // page
    White,       // abbot
    White,       // acolyte
    White,       // hunter
    White,       // thug
    White,       // ninja
    White,       // roshi
    White,       // guide
    White,       // warrior
    White,       // apprentice
];

/// Object colours of 3.4.3, in the order of `tables::OBJECTS_V343`.
pub static OBJECT_COLOURS_V343: &[Clr] = &[
    Black,         // strange object
    Cyan,          // arrow
    Brown,         // elven arrow
    Black,         // orcish arrow
    Gray,          // silver arrow
    Cyan,          // ya
    Cyan,          // crossbow bolt
    Cyan,          // dart
    Cyan,          // shuriken
    Brown,         // boomerang
    Cyan,          // spear
    Brown,         // elven spear
    Black,         // orcish spear
    Cyan,          // dwarvish spear
    Gray,          // silver spear
    Cyan,          // javelin
    Cyan,          // trident
    Cyan,          // dagger
    Brown,         // elven dagger
    Black,         // orcish dagger
    Gray,          // silver dagger
    Cyan,          // athame
    Cyan,          // scalpel
    Cyan,          // knife
    Cyan,          // stiletto
    White,         // worm tooth
    White,         // crysknife
    Cyan,          // axe
    Cyan,          // battle-axe
    Cyan,          // short sword
    Brown,         // elven short sword
    Black,         // orcish short sword
    Cyan,          // dwarvish short sword
    Cyan,          // scimitar
    Gray,          // silver saber
    Cyan,          // broadsword
    Brown,         // elven broadsword
    Cyan,          // long sword
    Cyan,          // two-handed sword
    Cyan,          // katana
    Cyan,          // tsurugi
    Black,         // runesword
    Cyan,          // partisan
    Cyan,          // ranseur
    Cyan,          // spetum
    Cyan,          // glaive
    Cyan,          // lance
    Cyan,          // halberd
    Cyan,          // bardiche
    Cyan,          // voulge
    Cyan,          // dwarvish mattock
    Cyan,          // fauchard
    Cyan,          // guisarme
    Cyan,          // bill-guisarme
    Cyan,          // lucern hammer
    Cyan,          // bec de corbin
    Cyan,          // mace
    Cyan,          // morning star
    Cyan,          // war hammer
    Brown,         // club
    Brown,         // rubber hose
    Brown,         // quarterstaff
    Cyan,          // aklys
    Cyan,          // flail
    Brown,         // bullwhip
    Brown,         // bow
    Brown,         // elven bow
    Black,         // orcish bow
    Brown,         // yumi
    Brown,         // sling
    Brown,         // crossbow
    Brown,         // elven leather helm
    Black,         // orcish helm
    Cyan,          // dwarvish iron helm
    Brown,         // fedora
    Blue,          // cornuthaum
    Blue,          // dunce cap
    Black,         // dented pot
    Cyan,          // helmet
    Green,         // helm of brilliance
    Cyan,          // helm of opposite alignment
    Cyan,          // helm of telepathy
    Gray,          // gray dragon scale mail
    BrightCyan,    // silver dragon scale mail
    Red,           // red dragon scale mail
    White,         // white dragon scale mail
    Orange,        // orange dragon scale mail
    Black,         // black dragon scale mail
    Blue,          // blue dragon scale mail
    Green,         // green dragon scale mail
    Yellow,        // yellow dragon scale mail
    Gray,          // gray dragon scales
    BrightCyan,    // silver dragon scales
    Red,           // red dragon scales
    White,         // white dragon scales
    Orange,        // orange dragon scales
    Black,         // black dragon scales
    Blue,          // blue dragon scales
    Green,         // green dragon scales
    Yellow,        // yellow dragon scales
    Cyan,          // plate mail
    White,         // crystal plate mail
    Yellow,        // bronze plate mail
    Cyan,          // splint mail
    Cyan,          // banded mail
    Cyan,          // dwarvish mithril-coat
    Cyan,          // elven mithril-coat
    Cyan,          // chain mail
    Black,         // orcish chain mail
    Cyan,          // scale mail
    Brown,         // studded leather armor
    Cyan,          // ring mail
    Black,         // orcish ring mail
    Brown,         // leather armor
    Black,         // leather jacket
    Magenta,       // Hawaiian shirt
    White,         // T-shirt
    Gray,          // mummy wrapping
    Black,         // elven cloak
    Black,         // orcish cloak
    Brown,         // dwarvish cloak
    Brown,         // oilskin cloak
    Red,           // robe
    White,         // alchemy smock
    Brown,         // leather cloak
    Brown,         // cloak of protection
    BrightMagenta, // cloak of invisibility
    White,         // cloak of magic resistance
    Brown,         // cloak of displacement
    Brown,         // small shield
    Green,         // elven shield
    Cyan,          // Uruk-hai shield
    Red,           // orcish shield
    Cyan,          // large shield
    Cyan,          // dwarvish roundshield
    Gray,          // shield of reflection
    Brown,         // leather gloves
    Brown,         // gauntlets of fumbling
    Brown,         // gauntlets of power
    Brown,         // gauntlets of dexterity
    Brown,         // low boots
    Cyan,          // iron shoes
    Brown,         // high boots
    Brown,         // speed boots
    Brown,         // water walking boots
    Brown,         // jumping boots
    Brown,         // elven boots
    Brown,         // kicking boots
    Brown,         // fumble boots
    Brown,         // levitation boots
    Brown,         // adornment
    Gray,          // gain strength
    Gray,          // gain constitution
    Red,           // increase accuracy
    Orange,        // increase damage
    Black,         // protection
    Gray,          // regeneration
    Brown,         // searching
    Green,         // stealth
    Yellow,        // sustain ability
    Red,           // levitation
    Cyan,          // hunger
    Blue,          // aggravate monster
    Red,           // conflict
    White,         // warning
    White,         // poison resistance
    Cyan,          // fire resistance
    Yellow,        // cold resistance
    Yellow,        // shock resistance
    Cyan,          // free action
    Cyan,          // slow digestion
    Gray,          // teleportation
    Yellow,        // teleport control
    White,         // polymorph
    BrightGreen,   // polymorph control
    Cyan,          // invisibility
    Cyan,          // see invisible
    BrightCyan,    // protection from shape changers
    Cyan,          // amulet of ESP
    Cyan,          // amulet of life saving
    Cyan,          // amulet of strangulation
    Cyan,          // amulet of restful sleep
    Cyan,          // amulet versus poison
    Cyan,          // amulet of change
    Cyan,          // amulet of unchanging
    Cyan,          // amulet of reflection
    Cyan,          // amulet of magical breathing
    Cyan,          // cheap plastic imitation of the Amulet of Yendor
    Cyan,          // Amulet of Yendor
    Brown,         // large box
    Brown,         // chest
    White,         // ice box
    Brown,         // sack
    Brown,         // oilskin sack
    Brown,         // bag of holding
    Brown,         // bag of tricks
    Cyan,          // skeleton key
    Cyan,          // lock pick
    White,         // credit card
    White,         // tallow candle
    White,         // wax candle
    Yellow,        // brass lantern
    Yellow,        // oil lamp
    Yellow,        // magic lamp
    Black,         // expensive camera
    Gray,          // mirror
    BrightCyan,    // crystal ball
    BrightCyan,    // lenses
    Black,         // blindfold
    Magenta,       // towel
    Brown,         // saddle
    Brown,         // leash
    Cyan,          // stethoscope
    Cyan,          // tinning kit
    Cyan,          // tin opener
    Cyan,          // can of grease
    Gray,          // figurine
    Red,           // magic marker
    Red,           // land mine
    Cyan,          // beartrap
    Cyan,          // tin whistle
    Cyan,          // magic whistle
    Brown,         // wooden flute
    Brown,         // magic flute
    White,         // tooled horn
    White,         // frost horn
    White,         // fire horn
    White,         // horn of plenty
    Brown,         // wooden harp
    Brown,         // magic harp
    Yellow,        // bell
    Yellow,        // bugle
    Brown,         // leather drum
    Brown,         // drum of earthquake
    Cyan,          // pick-axe
    Cyan,          // grappling hook
    White,         // unicorn horn
    Yellow,        // Candelabrum of Invocation
    Gray,          // Bell of Opening
    Brown,         // tripe ration
    Brown,         // corpse
    White,         // egg
    Brown,         // meatball
    Brown,         // meat stick
    Brown,         // huge chunk of meat
    Brown,         // meat ring
    Green,         // kelp frond
    Green,         // eucalyptus leaf
    Red,           // apple
    Orange,        // orange
    BrightGreen,   // pear
    BrightGreen,   // melon
    Yellow,        // banana
    Orange,        // carrot
    Green,         // sprig of wolfsbane
    White,         // clove of garlic
    Brown,         // slime mold
    Yellow,        // lump of royal jelly
    White,         // cream pie
    Brown,         // candy bar
    Yellow,        // fortune cookie
    Yellow,        // pancake
    White,         // lembas wafer
    Brown,         // cram ration
    Brown,         // food ration
    Brown,         // K-ration
    Brown,         // C-ration
    Cyan,          // tin
    Red,           // gain ability
    BrightMagenta, // restore ability
    Orange,        // confusion
    Yellow,        // blindness
    BrightGreen,   // paralysis
    Green,         // speed
    Cyan,          // levitation
    Cyan,          // hallucination
    BrightBlue,    // invisibility
    Magenta,       // see invisible
    Magenta,       // healing
    Red,           // extra healing
    White,         // gain level
    Brown,         // enlightenment
    White,         // monster detection
    Gray,          // object detection
    White,         // gain energy
    Gray,          // sleeping
    Black,         // full healing
    Yellow,        // polymorph
    Brown,         // booze
    Cyan,          // sickness
    Black,         // fruit juice
    White,         // acid
    Brown,         // oil
    Cyan,          // water
    White,         // enchant armor
    White,         // destroy armor
    White,         // confuse monster
    White,         // scare monster
    White,         // remove curse
    White,         // enchant weapon
    White,         // create monster
    White,         // taming
    White,         // genocide
    White,         // light
    White,         // teleportation
    White,         // gold detection
    White,         // food detection
    White,         // identify
    White,         // magic mapping
    White,         // amnesia
    White,         // fire
    White,         // earth
    White,         // punishment
    White,         // charging
    White,         // stinking cloud
    White,         // (no name: scroll)
    White,         // (no name: scroll)
    White,         // (no name: scroll)
    White,         // (no name: scroll)
    White,         // mail
    White,         // blank paper
    White,         // dig
    White,         // magic missile
    White,         // fireball
    White,         // cone of cold
    White,         // sleep
    White,         // finger of death
    Brown,         // light
    Brown,         // detect monsters
    White,         // healing
    BrightMagenta, // knock
    Red,           // force bolt
    Orange,        // confuse monster
    Yellow,        // cure blindness
    Magenta,       // drain life
    BrightGreen,   // slow monster
    Green,         // wizard lock
    BrightCyan,    // create monster
    Cyan,          // detect food
    BrightBlue,    // cause fear
    Blue,          // clairvoyance
    Blue,          // cure sickness
    Magenta,       // charm monster
    Magenta,       // haste self
    Magenta,       // detect unseen
    Brown,         // levitation
    Green,         // extra healing
    Brown,         // restore ability
    Brown,         // invisibility
    Gray,          // detect treasure
    White,         // remove curse
    White,         // magic mapping
    Yellow,        // identify
    Yellow,        // turn undead
    Gray,          // polymorph
    Yellow,        // teleport away
    White,         // create familiar
    White,         // cancellation
    White,         // protection
    White,         // jumping
    White,         // stone to flesh
    White,         // blank paper
    White,         // Book of the Dead
    BrightCyan,    // light
    Brown,         // secret door detection
    BrightCyan,    // enlightenment
    Brown,         // create monster
    Brown,         // wishing
    Brown,         // nothing
    Brown,         // striking
    Gray,          // make invisible
    Cyan,          // slow monster
    Yellow,        // speed monster
    Yellow,        // undead turning
    Gray,          // polymorph
    White,         // cancellation
    BrightCyan,    // teleportation
    Cyan,          // opening
    Cyan,          // locking
    Cyan,          // probing
    Cyan,          // digging
    Cyan,          // magic missile
    Cyan,          // fire
    Cyan,          // cold
    Cyan,          // sleep
    Cyan,          // death
    Cyan,          // lightning
    Brown,         // (no name: wand)
    Cyan,          // (no name: wand)
    Gray,          // (no name: wand)
    Yellow,        // gold piece
    White,         // dilithium crystal
    White,         // diamond
    Red,           // ruby
    Orange,        // jacinth
    Blue,          // sapphire
    Black,         // black opal
    Green,         // emerald
    Green,         // turquoise
    Yellow,        // citrine
    Green,         // aquamarine
    Brown,         // amber
    Brown,         // topaz
    Black,         // jet
    White,         // opal
    Yellow,        // chrysoberyl
    Red,           // garnet
    Magenta,       // amethyst
    Red,           // jasper
    Magenta,       // fluorite
    Black,         // obsidian
    Orange,        // agate
    Green,         // jade
    White,         // worthless piece of white glass
    Blue,          // worthless piece of blue glass
    Red,           // worthless piece of red glass
    Brown,         // worthless piece of yellowish brown glass
    Orange,        // worthless piece of orange glass
    Yellow,        // worthless piece of yellow glass
    Black,         // worthless piece of black glass
    Green,         // worthless piece of green glass
    Magenta,       // worthless piece of violet glass
    Gray,          // luckstone
    Gray,          // loadstone
    Gray,          // touchstone
    Gray,          // flint
    Gray,          // rock
    Gray,          // boulder
    White,         // statue
    Cyan,          // heavy iron ball
    Cyan,          // iron chain
    Brown,         // blinding venom
    Brown,         // acid venom
];

/// Monster colours of 3.2.x, in the order of `tables::MONSTERS_V32`.
pub static MONSTER_COLOURS_V32: &[Clr] = &[
    Brown,       // giant ant
    Yellow,      // killer bee
    Blue,        // soldier ant
    Red,         // fire ant
    Black,       // giant beetle
    Magenta,     // queen bee
    Green,       // acid blob
    White,       // quivering blob
    Cyan,        // gelatinous cube
    Yellow,      // cockatrice
    Brown,       // jackal
    Brown,       // werejackal
    White,       // little dog
    White,       // dog
    White,       // large dog
    Brown,       // wolf
    Brown,       // werewolf
    Brown,       // warg
    Cyan,        // winter wolf
    Red,         // hell hound pup
    Red,         // hell hound
    Blue,        // floating eye
    White,       // freezing sphere
    White,       // kitten
    White,       // housecat
    Brown,       // jaguar
    White,       // large cat
    Yellow,      // tiger
    Green,       // gremlin
    Brown,       // gargoyle
    Magenta,     // winged gargoyle
    Green,       // hobbit
    Red,         // dwarf
    Brown,       // bugbear
    Blue,        // dwarf lord
    Magenta,     // dwarf king
    Magenta,     // mind flayer
    Red,         // manes
    Green,       // homunculus
    Red,         // imp
    Brown,       // lemure
    Blue,        // quasit
    Cyan,        // tengu
    Blue,        // blue jelly
    Green,       // spotted jelly
    Brown,       // ochre jelly
    Brown,       // kobold
    Red,         // large kobold
    Magenta,     // kobold lord
    BrightBlue,  // kobold shaman
    Green,       // leprechaun
    Brown,       // small mimic
    Red,         // large mimic
    Magenta,     // giant mimic
    Green,       // wood nymph
    Blue,        // water nymph
    Brown,       // mountain nymph
    Gray,        // goblin
    Brown,       // hobgoblin
    Red,         // orc
    Yellow,      // hill orc
    Blue,        // Mordor orc
    Black,       // Uruk-hai
    BrightBlue,  // orc shaman
    Magenta,     // orc-captain
    Gray,        // rock piercer
    Cyan,        // iron piercer
    Gray,        // rothe
    Gray,        // mumak
    Red,         // leocrotta
    Cyan,        // wumpus
    Gray,        // titanothere
    Gray,        // baluchitherium
    Brown,       // sewer rat
    Brown,       // giant rat
    Brown,       // rabid rat
    Brown,       // wererat
    Gray,        // rock mole
    Gray,        // cave spider
    Magenta,     // giant spider
    Red,         // scorpion
    Gray,        // lurker above
    Green,       // trapper
    White,       // white unicorn
    Gray,        // gray unicorn
    Black,       // black unicorn
    Gray,        // fog cloud
    Brown,       // dust vortex
    Cyan,        // ice vortex
    BrightBlue,  // energy vortex
    Blue,        // steam vortex
    Yellow,      // fire vortex
    Brown,       // baby long worm
    Magenta,     // baby purple worm
    Brown,       // long worm
    Magenta,     // purple worm
    Magenta,     // grid bug
    Red,         // xan
    Yellow,      // yellow light
    Black,       // black light
    Brown,       // zruty
    Green,       // couatl
    Yellow,      // Aleax
    White,       // Angel
    Yellow,      // ki-rin
    Magenta,     // Archon
    Brown,       // bat
    Red,         // giant bat
    Black,       // vampire bat
    Brown,       // plains centaur
    Green,       // forest centaur
    Cyan,        // mountain centaur
    Gray,        // baby gray dragon
    Red,         // baby red dragon
    White,       // baby white dragon
    Orange,      // baby orange dragon
    Black,       // baby black dragon
    Blue,        // baby blue dragon
    Green,       // baby green dragon
    Yellow,      // baby yellow dragon
    Gray,        // gray dragon
    Red,         // red dragon
    White,       // white dragon
    Orange,      // orange dragon
    Black,       // black dragon
    Blue,        // blue dragon
    Green,       // green dragon
    Yellow,      // yellow dragon
    Cyan,        // air elemental
    Yellow,      // fire elemental
    Brown,       // earth elemental
    Blue,        // water elemental
    Brown,       // brown mold
    Yellow,      // yellow mold
    Green,       // green mold
    Red,         // red mold
    Magenta,     // shrieker
    Magenta,     // violet fungus
    Brown,       // gnome
    Blue,        // gnome lord
    BrightBlue,  // gnomish wizard
    Magenta,     // gnome king
    Red,         // giant
    Gray,        // stone giant
    Cyan,        // hill giant
    Yellow,      // fire giant
    White,       // frost giant
    Brown,       // ettin
    Magenta,     // titan
    Brown,       // minotaur
    White,       // stalker
    Orange,      // jabberwock
    Blue,        // Keystone Kop
    Blue,        // Kop Sergeant
    Cyan,        // Kop Lieutenant
    Magenta,     // Kop Kaptain
    Brown,       // lich
    Red,         // demilich
    Magenta,     // master lich
    Brown,       // kobold mummy
    Red,         // gnome mummy
    Gray,        // orc mummy
    Green,       // elf mummy
    Gray,        // human mummy
    Blue,        // ettin mummy
    Cyan,        // giant mummy
    Red,         // red naga hatchling
    Black,       // black naga hatchling
    Yellow,      // golden naga hatchling
    Green,       // guardian naga hatchling
    Red,         // red naga
    Black,       // black naga
    Yellow,      // golden naga
    Green,       // guardian naga
    Brown,       // ogre
    Red,         // ogre lord
    Magenta,     // ogre king
    Gray,        // gray ooze
    Brown,       // brown pudding
    Black,       // black pudding
    Cyan,        // quantum mechanic
    Brown,       // rust monster
    Green,       // garter snake
    Brown,       // snake
    Red,         // water moccasin
    Blue,        // pit viper
    Magenta,     // python
    Blue,        // cobra
    Brown,       // troll
    White,       // ice troll
    Cyan,        // rock troll
    Blue,        // water troll
    Magenta,     // Olog-hai
    Brown,       // umber hulk
    Red,         // vampire
    Blue,        // vampire lord
    Magenta,     // Vlad the Impaler
    Gray,        // barrow wight
    Black,       // wraith
    Magenta,     // Nazgul
    Brown,       // xorn
    Brown,       // ape
    Brown,       // owlbear
    White,       // yeti
    Black,       // carnivorous ape
    Gray,        // sasquatch
    Brown,       // kobold zombie
    Brown,       // gnome zombie
    Gray,        // orc zombie
    Green,       // elf zombie
    White,       // human zombie
    Blue,        // ettin zombie
    Cyan,        // giant zombie
    White,       // skeleton
    Yellow,      // straw golem
    Brown,       // rope golem
    Brown,       // leather golem
    Brown,       // wood golem
    Red,         // flesh golem
    Brown,       // clay golem
    Gray,        // stone golem
    Cyan,        // iron golem
    White,       // human
    Brown,       // wererat
    Red,         // werejackal
    Orange,      // werewolf
    Green,       // Woodland-elf
    BrightGreen, // Green-elf
    Gray,        // Grey-elf
    BrightBlue,  // elf-lord
    Magenta,     // Elvenking
    White,       // nurse
    White,       // shopkeeper
    Blue,        // guard
    BrightBlue,  // Oracle
    White,       // aligned priest
    White,       // high priest
    Gray,        // soldier
    Red,         // sergeant
    Green,       // lieutenant
    Blue,        // captain
    Gray,        // watchman
    Green,       // watch captain
    BrightGreen, // Medusa
    Magenta,     // Wizard of Yendor
    Magenta,     // Croesus
    Gray,        // ghost
    Black,       // shade
    Blue,        // water demon
    Brown,       // horned devil
    Gray,        // succubus
    Gray,        // incubus
    Red,         // erinys
    Red,         // barbed devil
    Red,         // marilith
    Red,         // vrock
    Red,         // hezrou
    Gray,        // bone devil
    White,       // ice devil
    Red,         // nalfeshnee
    Red,         // pit fiend
    Red,         // balrog
    BrightGreen, // Juiblex
    Magenta,     // Yeenoghu
    Magenta,     // Orcus
    Magenta,     // Geryon
    Magenta,     // Dispater
    Magenta,     // Baalzebub
    Magenta,     // Asmodeus
    Magenta,     // Demogorgon
    Magenta,     // Death
    Magenta,     // Pestilence
    Magenta,     // Famine
    BrightBlue,  // mail daemon
    Yellow,      // djinni
    Cyan,        // giant eel
    Blue,        // electric eel
    Red,         // kraken
    Yellow,      // newt
    Green,       // gecko
    Brown,       // iguana
    Brown,       // baby crocodile
    Green,       // lizard
    Brown,       // chameleon
    Brown,       // crocodile
    Orange,      // salamander
    Brown,       // long worm tail
    White,       // archeologist
    White,       // barbarian
    White,       // caveman
    White,       // cavewoman
    White,       // elf
    White,       // healer
    White,       // knight
    White,       // priest
    White,       // priestess
    White,       // rogue
    White,       // samurai
    White,       // tourist
    White,       // valkyrie
    White,       // wizard
    Magenta,     // Lord Carnarvon
    Magenta,     // Pelias
    Magenta,     // Shaman Karnov
    Magenta,     // Earendil
    Magenta,     // Elwing
    Magenta,     // Hippocrates
    Magenta,     // King Arthur
    White,       // Arch Priest
    Magenta,     // Master of Thieves
    Magenta,     // Lord Sato
    White,       // Twoflower
    Magenta,     // Norn
    Magenta,     // Wizard of Balance
    Red,         // Minion of Huhetotl
    Magenta,     // Thoth Amon
    Magenta,     // Chromatic Dragon
    Magenta,     // Goblin King
    Gray,        // Cyclops
    Red,         // Ixoth
    Red,         // Nalzok
    Magenta,     // Master Assassin
    Magenta,     // Ashikaga Takauji
    Magenta,     // Lord Surtur
    Black,       // Dark One
    White,       // student
    White,       // chieftain
    White,       // neanderthal
    White,       // High-elf
    White,       // attendant
    White,       // page
    White,       // acolyte
    White,       // thug
    White,       // ninja
    White,       // roshi
    White,       // guide
    White,       // warrior
    White,       // apprentice
];

/// Object colours of 3.2.x, in the order of `tables::OBJECTS_V32`.
pub static OBJECT_COLOURS_V32: &[Clr] = &[
    Black,         // strange object
    Cyan,          // arrow
    Cyan,          // elven arrow
    Black,         // orcish arrow
    Gray,          // silver arrow
    Cyan,          // ya
    Cyan,          // crossbow bolt
    Cyan,          // dart
    Cyan,          // shuriken
    Brown,         // boomerang
    Cyan,          // spear
    Cyan,          // elven spear
    Black,         // orcish spear
    Cyan,          // dwarvish spear
    Cyan,          // javelin
    Cyan,          // trident
    Cyan,          // dagger
    Cyan,          // elven dagger
    Black,         // orcish dagger
    Cyan,          // athame
    Cyan,          // scalpel
    Cyan,          // knife
    Cyan,          // stiletto
    White,         // worm tooth
    White,         // crysknife
    Cyan,          // axe
    Cyan,          // battle-axe
    Cyan,          // short sword
    Cyan,          // elven short sword
    Black,         // orcish short sword
    Cyan,          // dwarvish short sword
    Cyan,          // scimitar
    Gray,          // silver saber
    Cyan,          // broadsword
    Cyan,          // elven broadsword
    Cyan,          // long sword
    Cyan,          // two-handed sword
    Cyan,          // katana
    Cyan,          // tsurugi
    Black,         // runesword
    Cyan,          // partisan
    Cyan,          // ranseur
    Cyan,          // spetum
    Cyan,          // glaive
    Cyan,          // lance
    Cyan,          // halberd
    Cyan,          // bardiche
    Cyan,          // voulge
    Cyan,          // dwarvish mattock
    Cyan,          // fauchard
    Cyan,          // guisarme
    Cyan,          // bill-guisarme
    Cyan,          // lucern hammer
    Cyan,          // bec de corbin
    Cyan,          // mace
    Cyan,          // morning star
    Cyan,          // war hammer
    Brown,         // club
    Brown,         // rubber hose
    Brown,         // quarterstaff
    Cyan,          // aklys
    Cyan,          // flail
    Brown,         // bullwhip
    Brown,         // bow
    Brown,         // elven bow
    Black,         // orcish bow
    Brown,         // yumi
    Brown,         // sling
    Brown,         // crossbow
    Brown,         // elven leather helm
    Black,         // orcish helm
    Cyan,          // dwarvish iron helm
    Brown,         // fedora
    Blue,          // cornuthaum
    Blue,          // dunce cap
    Black,         // dented pot
    Cyan,          // helmet
    Green,         // helm of brilliance
    Cyan,          // helm of opposite alignment
    Cyan,          // helm of telepathy
    Gray,          // gray dragon scale mail
    Red,           // red dragon scale mail
    White,         // white dragon scale mail
    Orange,        // orange dragon scale mail
    Black,         // black dragon scale mail
    Blue,          // blue dragon scale mail
    Green,         // green dragon scale mail
    Yellow,        // yellow dragon scale mail
    Gray,          // gray dragon scales
    Red,           // red dragon scales
    White,         // white dragon scales
    Orange,        // orange dragon scales
    Black,         // black dragon scales
    Blue,          // blue dragon scales
    Green,         // green dragon scales
    Yellow,        // yellow dragon scales
    Cyan,          // plate mail
    White,         // crystal plate mail
    Yellow,        // bronze plate mail
    Cyan,          // splint mail
    Cyan,          // banded mail
    Cyan,          // dwarvish mithril-coat
    Cyan,          // elven mithril-coat
    Cyan,          // chain mail
    Black,         // orcish chain mail
    Cyan,          // scale mail
    Brown,         // studded leather armor
    Cyan,          // ring mail
    Black,         // orcish ring mail
    Brown,         // leather armor
    Black,         // leather jacket
    Magenta,       // Hawaiian shirt
    White,         // T-shirt
    Gray,          // mummy wrapping
    Black,         // elven cloak
    Black,         // orcish cloak
    Brown,         // dwarvish cloak
    Brown,         // oilskin cloak
    Brown,         // cloak of protection
    BrightMagenta, // cloak of invisibility
    White,         // cloak of magic resistance
    Brown,         // cloak of displacement
    Brown,         // small shield
    Green,         // elven shield
    Cyan,          // Uruk-hai shield
    Red,           // orcish shield
    Cyan,          // large shield
    Cyan,          // dwarvish roundshield
    Gray,          // shield of reflection
    Brown,         // leather gloves
    Brown,         // gauntlets of fumbling
    Brown,         // gauntlets of power
    Brown,         // gauntlets of dexterity
    Brown,         // low boots
    Cyan,          // iron shoes
    Brown,         // high boots
    Brown,         // speed boots
    Brown,         // water walking boots
    Brown,         // jumping boots
    Brown,         // elven boots
    Brown,         // fumble boots
    Brown,         // levitation boots
    Brown,         // adornment
    Gray,          // gain strength
    Orange,        // increase damage
    Black,         // protection
    Gray,          // regeneration
    Brown,         // searching
    Green,         // stealth
    Red,           // levitation
    Cyan,          // hunger
    Blue,          // aggravate monster
    Red,           // conflict
    White,         // warning
    White,         // poison resistance
    Cyan,          // fire resistance
    Yellow,        // cold resistance
    Yellow,        // shock resistance
    Gray,          // teleportation
    Yellow,        // teleport control
    White,         // polymorph
    BrightGreen,   // polymorph control
    Cyan,          // invisibility
    Cyan,          // see invisible
    BrightCyan,    // protection from shape changers
    Cyan,          // amulet of ESP
    Cyan,          // amulet of life saving
    Cyan,          // amulet of strangulation
    Cyan,          // amulet of restful sleep
    Cyan,          // amulet versus poison
    Cyan,          // amulet of change
    Cyan,          // amulet of reflection
    Cyan,          // amulet of magical breathing
    Cyan,          // cheap plastic imitation of the Amulet of Yendor
    Cyan,          // Amulet of Yendor
    Brown,         // large box
    Brown,         // chest
    White,         // ice box
    Brown,         // sack
    Brown,         // oilskin sack
    Brown,         // bag of holding
    Brown,         // bag of tricks
    Cyan,          // skeleton key
    Cyan,          // lock pick
    White,         // credit card
    White,         // tallow candle
    White,         // wax candle
    Yellow,        // brass lantern
    Yellow,        // oil lamp
    Yellow,        // magic lamp
    Black,         // expensive camera
    Gray,          // mirror
    BrightCyan,    // crystal ball
    Black,         // blindfold
    Magenta,       // towel
    Brown,         // leash
    Cyan,          // stethoscope
    Cyan,          // tinning kit
    Cyan,          // tin opener
    Cyan,          // can of grease
    Gray,          // figurine
    Red,           // magic marker
    Red,           // land mine
    Cyan,          // beartrap
    Cyan,          // tin whistle
    Cyan,          // magic whistle
    Brown,         // wooden flute
    Brown,         // magic flute
    White,         // tooled horn
    White,         // frost horn
    White,         // fire horn
    White,         // horn of plenty
    Brown,         // wooden harp
    Brown,         // magic harp
    Yellow,        // bell
    Yellow,        // bugle
    Brown,         // leather drum
    Brown,         // drum of earthquake
    Cyan,          // pick-axe
    White,         // unicorn horn
    Yellow,        // Candelabrum of Invocation
    Gray,          // Bell of Opening
    Brown,         // tripe ration
    Brown,         // corpse
    White,         // egg
    Red,           // apple
    Orange,        // orange
    BrightGreen,   // pear
    BrightGreen,   // melon
    Yellow,        // banana
    Orange,        // carrot
    Green,         // sprig of wolfsbane
    White,         // clove of garlic
    Brown,         // slime mold
    Yellow,        // lump of royal jelly
    White,         // cream pie
    Brown,         // candy bar
    Yellow,        // fortune cookie
    Yellow,        // pancake
    White,         // lembas wafer
    Brown,         // cram ration
    Brown,         // food ration
    Brown,         // K-ration
    Brown,         // C-ration
    Cyan,          // tin
    Red,           // gain ability
    BrightMagenta, // restore ability
    Orange,        // confusion
    Yellow,        // blindness
    BrightGreen,   // paralysis
    Green,         // speed
    Cyan,          // levitation
    Cyan,          // hallucination
    BrightBlue,    // invisibility
    Magenta,       // see invisible
    Magenta,       // healing
    Red,           // extra healing
    White,         // gain level
    Brown,         // enlightenment
    White,         // monster detection
    Gray,          // object detection
    White,         // gain energy
    Brown,         // booze
    Cyan,          // sickness
    Black,         // fruit juice
    Brown,         // oil
    Cyan,          // water
    White,         // enchant armor
    White,         // destroy armor
    White,         // confuse monster
    White,         // scare monster
    White,         // remove curse
    White,         // enchant weapon
    White,         // create monster
    White,         // taming
    White,         // genocide
    White,         // light
    White,         // teleportation
    White,         // gold detection
    White,         // food detection
    White,         // identify
    White,         // magic mapping
    White,         // amnesia
    White,         // fire
    White,         // punishment
    White,         // charging
    White,         // (no name: scroll)
    White,         // (no name: scroll)
    White,         // (no name: scroll)
    White,         // (no name: scroll)
    White,         // (no name: scroll)
    White,         // (no name: scroll)
    White,         // mail
    White,         // blank paper
    White,         // dig
    White,         // magic missile
    White,         // fireball
    White,         // cone of cold
    White,         // sleep
    White,         // finger of death
    Brown,         // light
    Brown,         // detect monsters
    White,         // healing
    BrightMagenta, // knock
    Red,           // force bolt
    Orange,        // confuse monster
    Yellow,        // cure blindness
    BrightGreen,   // slow monster
    Green,         // wizard lock
    BrightCyan,    // create monster
    Cyan,          // detect food
    BrightBlue,    // cause fear
    Blue,          // clairvoyance
    Blue,          // cure sickness
    Magenta,       // charm monster
    Magenta,       // haste self
    Magenta,       // detect unseen
    Brown,         // levitation
    Green,         // extra healing
    Brown,         // restore ability
    Brown,         // invisibility
    Gray,          // detect treasure
    White,         // remove curse
    White,         // magic mapping
    Yellow,        // identify
    Yellow,        // turn undead
    Gray,          // polymorph
    Yellow,        // teleport away
    White,         // create familiar
    White,         // cancellation
    White,         // (no name: spbook)
    White,         // (no name: spbook)
    White,         // (no name: spbook)
    White,         // blank paper
    White,         // Book of the Dead
    BrightCyan,    // light
    Brown,         // secret door detection
    Brown,         // create monster
    Brown,         // wishing
    Brown,         // nothing
    Brown,         // striking
    Gray,          // make invisible
    Cyan,          // slow monster
    Yellow,        // speed monster
    Yellow,        // undead turning
    Gray,          // polymorph
    White,         // cancellation
    BrightCyan,    // teleportation
    Cyan,          // opening
    Cyan,          // locking
    Cyan,          // probing
    Cyan,          // digging
    Cyan,          // magic missile
    Cyan,          // fire
    Cyan,          // cold
    Cyan,          // sleep
    Cyan,          // death
    Cyan,          // lightning
    Brown,         // (no name: wand)
    Cyan,          // (no name: wand)
    Gray,          // (no name: wand)
    Yellow,        // gold piece
    White,         // dilithium crystal
    White,         // diamond
    Red,           // ruby
    Blue,          // sapphire
    Green,         // emerald
    Green,         // turquoise
    Green,         // aquamarine
    Brown,         // amber
    Brown,         // topaz
    White,         // opal
    Red,           // garnet
    Magenta,       // amethyst
    Red,           // jasper
    Magenta,       // fluorite
    Green,         // jade
    White,         // worthless piece of white glass
    Blue,          // worthless piece of blue glass
    Red,           // worthless piece of red glass
    Brown,         // worthless piece of yellowish brown glass
    Green,         // worthless piece of green glass
    Magenta,       // worthless piece of violet glass
    Gray,          // luckstone
    Gray,          // loadstone
    Gray,          // flint
    Gray,          // rock
    Gray,          // boulder
    White,         // statue
    Cyan,          // heavy iron ball
    Cyan,          // iron chain
    Brown,         // blinding venom
    Brown,         // acid venom
];
