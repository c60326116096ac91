-- What crawl gives a map's Lua beyond its `dgn` functions, written for
-- this project from crawl's behaviour (dungeon.lua's map environment,
-- the `crawl` and `you` libraries at level creation).

-- crawl's messages and notes: a preview has no player to tell.
for _, name in ipairs({ "mpr", "dpr", "mesclr", "message", "more",
      "flush_prev_message", "delay", "take_note", "mark_milestone",
      "god_speaks", "tutorial_msg", "tutorial_hint", "clear_messages",
      "set_max_runes", "stderr" }) do
   crawl[name] = function() end
end

-- The level's bounds (GXM, GYM) and monster cap, as crawl's constants.
function dgn.max_bounds() return 80, 70 end
dgn.GXM, dgn.GYM = 80, 70
function dgn.max_monsters() return 700 end
-- Flags tags only the game's placement reads.
function dgn.map_register_flag() end

-- crawl's namespaces for the functions markers call back (dungeon.lua
-- makes `callback`; vaults add to it without the library too) and for
-- its marker helpers (`lmark`, made by the game).
callback = {}
lmark = {}
function dgn.mapgrd_table() return __vw_mapgrd end

-- crawl's branches (branch-data.h at the corpus's commit), by the name
-- DEPTH and `you.branch` give: how many levels each has, the absolute
-- depth its first level adds to (`absdepth`, 0-based as crawl keeps it)
-- and, for a branch entered from another, that branch and the first of
-- its levels the entrance may be on.
local branches = {
   D = { 15, 0 }, Temple = { 1, 5, "D", 4 }, Orc = { 2, 10, "D", 9 },
   Elf = { 3, 15, "Orc", 2 }, Lair = { 5, 10, "D", 8 },
   Swamp = { 4, 15, "Lair", 2 }, Shoals = { 4, 15, "Lair", 2 },
   Snake = { 4, 15, "Lair", 2 }, Spider = { 4, 15, "Lair", 2 },
   Slime = { 5, 17, "Lair", 4 }, Vaults = { 5, 19, "D", 13 },
   Crypt = { 3, 19, "Vaults", 2 }, Tomb = { 3, 21, "Crypt", 3 },
   Depths = { 4, 22, "D", 15 }, Hell = { 1, 27 },
   Dis = { 7, 28, "Hell", 1 }, Geh = { 7, 28, "Hell", 1 },
   Coc = { 7, 28, "Hell", 1 }, Tar = { 7, 28, "Hell", 1 },
   Zot = { 5, 27, "Depths", 4 }, Forest = { 5, 19, "Vaults", 2 },
   Blade = { 1, 21, "Vaults", 3 }, Abyss = { 7, 24 }, Pan = { 1, 24 },
   Zig = { 27, 27, "Depths", 1 }, Lab = { 1, 15 }, Bazaar = { 1, 18 },
   Trove = { 1, 18 }, Sewer = { 1, 4 }, Ossuary = { 1, 6 },
   Bailey = { 1, 11 }, Gauntlet = { 1, 15 }, IceCv = { 1, 15 },
   Volcano = { 1, 14 }, WizLab = { 1, 24 }, Desolation = { 1, 20 },
   Arena = { 1, 0 }, Crucible = { 1, 0 }, Necropolis = { 1, 0 },
   Gulch = { 1, 20 },
}
-- The place the map is built for; a depth of 0 is the branch's last
-- level (a vault for `Zot:$`).
local function where()
   local name, depth = __vw_where()
   if depth == 0 then
      depth = (branches[name] or { 1 })[1]
   end
   return name, depth
end
local function branch_of(name)
   local branch = branches[name or (where())]
   if not branch then error("No such branch") end
   return branch
end
function dgn.br_depth(name)
   return branch_of(name)[1]
end
function dgn.br_exists(name) return branches[name] ~= nil end
function dgn.br_parent_branch(name) return branch_of(name)[3] end

-- Level ids (l-dgnlvl.cc): a branch and a depth; named as crawl's
-- `level_id::describe` names them ("Lair:2", a one-level "Temple").
local level_ids = {}
local function level_id(branch, depth)
   return setmetatable({ branch = branch, depth = depth }, level_ids)
end
local function level_name(branch, depth)
   if not branch then return "" end
   local known = branches[branch]
   if known and known[1] == 1 then return branch end
   if depth == 0 then return branch .. ":$" end
   return branch .. ":" .. depth
end
local function as_level_id(v)
   if getmetatable(v) == level_ids then return v end
   if type(v) == "string" then
      local branch, depth = v:match("^([^:]+):?(%d*)$")
      if branch and branches[branch] then return level_id(branch, tonumber(depth) or 1) end
      error("Invalid level id: " .. v)
   end
   error("bad argument #1 (Expected level_id)")
end
function dgn.level_id(v)
   if v == nil then return level_id(where()) end
   return as_level_id(v)
end
function dgn.level_name(v)
   local lid = as_level_id(v)
   return level_name(lid.branch, lid.depth)
end
-- Where a branch's entrance is: crawl picks it within the parent's
-- range when a game starts; a drawing takes the first level allowed.
function dgn.br_entrance(name)
   local branch = branch_of(name)
   return level_id(branch[3], branch[4] or 0)
end
-- The builder's area: half the level in a Hell branch (one entered from
-- the Vestibule) above its end.
function dgn.builder_bounds()
   local name, depth = where()
   local branch = branches[name]
   if branch and branch[3] == "Hell" and depth < branch[1] then return 40, 35 end
   return 80, 70
end
function dgn.in_bounds(x, y) return x > 0 and x < 79 and y > 0 and y < 69 end
function dgn.is_descent() return false end
-- The level holds no vault but this one.
function dgn.in_vault() return false end

-- Monster behaviours by name (the level compiler only keeps the number a
-- name gives, to hand it back): each name its own number.
mons = {}
local behaviours, behaviour_count = {}, 0
function mons.behaviour(name)
   if not behaviours[name] then
      behaviours[name] = behaviour_count
      behaviour_count = behaviour_count + 1
   end
   return behaviours[name]
end
function dgn.uniq_tag_used() return false end

-- Event types by name and back (l-dgnevt.cc): bit i-1 for the i-th name.
local event_names = { "turn", "mons_move", "player_move", "leave_level",
   "entering_level", "entered_level", "player_los", "player_climb",
   "monster_dies", "item_pickup", "item_moved", "feat_change", "unused",
   "door_opened", "door_closed", "hp_warning", "pressure_plate" }
function dgn.dgn_event_type(...)
   local out = {}
   for i = 1, select("#", ...) do
      local v = select(i, ...)
      if type(v) == "string" then
         local n = 0
         for k, name in ipairs(event_names) do
            if name == v then n = 1 << (k - 1) end
         end
         out[#out + 1] = n
      elseif type(v) == "number" then
         local name = "none"
         for k = #event_names, 1, -1 do
            if v & (1 << (k - 1)) ~= 0 then name = event_names[k] end
         end
         out[#out + 1] = name
      end
   end
   return table.unpack(out)
end

-- crawl's averaged roll (random.cc): the first roll below `max`, the
-- others up to it, their sum divided by the rolls.
function crawl.random2avg(max, rolls)
   local sum = crawl.random2(max)
   for _ = 2, rolls do sum = sum + crawl.random2(max + 1) end
   return sum // rolls
end
-- One generator serves every stream here: the function simply runs.
function crawl.rng_wrap(f, _) return f() end
-- A made-up name, as the game's name maker gives (letters of the seed).
function crawl.make_name()
   local first = { "Ba", "Ko", "Zu", "Mel", "Tha", "Ri", "Gor", "Va" }
   local rest = { "rak", "lin", "dos", "mith", "zar", "nel", "go", "ur" }
   return first[crawl.random2(#first) + 1] .. rest[crawl.random2(#rest) + 1]
end

-- crawl's colour library (l-colour.cc): element colours a file defines
-- for the game's display, which a drawing does not animate.
colour = { add_colour = function() end }

-- Answers of a game that has just begun (the placement script's): every
-- item pickable (item sets are not modelled), the first of the Orbs of
-- Zot a new game may choose (and `you.monster()` answers "program bug"
-- as before a game, below).
items = { pickable = function() return true end }
function dgn.zot_orb_type() return "orb of fire" end

-- Features' properties (l-feat.cc, by terrain.cc's rules): asked of a
-- feature's name or number, or of a cell (the map's glyph there stands
-- for the level being made; off the map, the level: rock until painted).
local function feature_of(a, b)
   if b ~= nil then
      local g = __vw_glyph(a, b)
      return g and __vw_map_feature(g) or __vw_level_feature(a, b)
   end
   if type(a) == "number" then return dgn.feature_name(a) or "unseen" end
   return tostring(a)
end
local solid = { tree = true, mangrove = true, demonic_tree = true,
   petrified_tree = true, granite_statue = true, orcish_idol = true,
   metal_statue = true, iron_grate = true, open_sea = true, lava_sea = true,
   endless_salt = true }
local water = { shallow_water = true, deep_water = true, open_sea = true,
   mangrove = true, toxic_bog = true }
local function is_wall(f) return f:find("_wall$") ~= nil end
local function is_door(f) return f:find("door$") ~= nil end
local function is_closed_door(f)
   return is_door(f) and not f:find("^open") and not f:find("^broken")
end
local function is_solid(f) return is_wall(f) or solid[f] == true or is_closed_door(f) end
local properties = {
   is_wall = is_wall, is_solid = is_solid, is_door = is_door,
   is_closed_door = is_closed_door,
   has_solid_floor = function(f) return not is_solid(f) and f ~= "deep_water" and f ~= "lava" end,
   is_water = function(f) return water[f] == true end,
   is_lava = function(f) return f == "lava" or f == "lava_sea" end,
   is_trap = function(f) return f:find("^trap_") ~= nil end,
   is_altar = function(f) return f:find("^altar_") ~= nil end,
   is_stair = function(f) return f:find("stair") ~= nil or f:find("hatch") ~= nil end,
   is_stone_stair = function(f) return f:find("^stone_stairs_") ~= nil end,
   is_escape_hatch = function(f) return f:find("^escape_hatch_") ~= nil end,
   is_permarock = function(f) return f:find("permarock") ~= nil end,
   is_statue_or_idol = function(f) return f == "granite_statue" or f == "orcish_idol" or f == "metal_statue" end,
}
feat = {}
for name, test in pairs(properties) do
   feat[name] = function(a, b) return test(feature_of(a, b)) end
end
-- Whether travel may cross a cell (dungeon.cc's `dgn_square_travel_ok`):
-- not solid save a door, no deep water or lava, no trap that sends away.
function dgn.is_passable(x, y)
   local f = feature_of(x, y)
   return (is_door(f) or not is_solid(f)) and f ~= "deep_water" and f ~= "lava"
      and f ~= "trap_teleport_permanent" and f ~= "trap_dispersal"
end

-- The level's floor and rock colours (env.floor_colour, rock_colour):
-- black while vaults are built (the branch's are set after them) unless
-- a vault changes them; `__vw_make_env` sets them back for each map.
local colours = {}
function __vw_reset_colours() colours.floor, colours.rock = "black", "black" end
__vw_reset_colours()
function dgn.change_floor_colour(colour)
   if type(colour) == "string" then colours.floor = colour end
end
function dgn.change_rock_colour(colour)
   if type(colour) == "string" then colours.rock = colour end
end
function dgn.get_floor_colour() return colours.floor end
function dgn.get_rock_colour() return colours.rock end

-- The whole levels crawl's C++ builds (levels/): given what the game
-- knows of the place.
function dgn.layout_swamp() __vw_layout_swamp(you.depth()) end
function dgn.layout_shoals() __vw_layout_shoals(you.depth()) end
function dgn.layout_basic() __vw_layout_basic(you.absdepth() - 1) end
function dgn.layout_bigger_room() __vw_layout_bigger_room() end
function dgn.layout_chaotic_city(_, wall) __vw_layout_chaotic_city(wall) end


-- A monster list read for later creation (l-dgnmon.cc): kept as given;
-- the monsters are made only in a game under way.
function dgn.monster_spec(spec) return { spec = spec } end
-- Maps the game chooses from its index of every vault by depth are not
-- modelled: none is found, as when no map fits, and the view says so.
for _, name in ipairs({ "map_in_depth", "map_by_place" }) do
   dgn[name] = function() __vw_unmodelled("dgn." .. name) return nil end
end

-- Maps chosen from the game's index by tag or name (resolve.rs). A map
-- is a handle, the same one each time the run chooses that map, whose
-- tags Lua may change as it may change a map of crawl's index.
__vw_indexed = {}
local function indexed(i)
   if i == nil then return nil end
   local m = __vw_indexed[i]
   if not m then
      local name, tags = __vw_index_entry(i)
      m = { __vw_index = i, __vw_name = name, __vw_tags = {} }
      for t in string.gmatch(tags or "", "%S+") do m.__vw_tags[t] = true end
      __vw_indexed[i] = m
   end
   return m
end
local function from_index(m) return type(m) == "table" and m.__vw_index ~= nil end
-- crawl's `tags_string`: sorted, joined by spaces.
local function tag_string(set)
   local list = {}
   for t in pairs(set) do list[#list + 1] = t end
   table.sort(list)
   return table.concat(list, " ")
end
function dgn.map_by_tag(tag, check_depth)
   return indexed(__vw_index_map("tag", tag, check_depth ~= false))
end
function dgn.map_by_name(name) return indexed(__vw_index_map("name", name)) end

local own = { tags = dgn.tags, tags_remove = dgn.tags_remove, has_tag = dgn.has_tag,
              name = dgn.name, mapsize = dgn.mapsize }
function dgn.tags(m, ...)
   if not from_index(m) then return own.tags(m, ...) end
   if select("#", ...) > 0 then
      local given = ...
      if given == nil then
         m.__vw_tags = {}
      else
         for t in string.gmatch(given, "%S+") do m.__vw_tags[t] = true end
      end
   end
   return tag_string(m.__vw_tags)
end
function dgn.tags_remove(m, ...)
   if not from_index(m) then return own.tags_remove(m, ...) end
   for _, given in ipairs({ ... }) do
      for t in string.gmatch(given, "%S+") do m.__vw_tags[t] = nil end
   end
   return tag_string(m.__vw_tags)
end
function dgn.has_tag(m, tag)
   if not from_index(m) then return own.has_tag(m, tag) end
   return m.__vw_tags[tag] == true
end
function dgn.name(m)
   if not from_index(m) then return own.name(m) end
   return m.__vw_name
end
function dgn.mapsize(m)
   if not from_index(m) then return own.mapsize(m) end
   return m.__vw_width or 0, m.__vw_height or 0
end
-- The map built for this level: a map of its own (its size and tags as
-- built) and its placement, which `inspect_map` and `reuse_map` take.
function dgn.resolve_map(m)
   if not from_index(m) then return nil, nil end
   local slot, width, height, tags = __vw_resolve(m.__vw_index, tag_string(m.__vw_tags))
   if slot == nil then return nil, nil end
   local map = { __vw_index = m.__vw_index, __vw_name = m.__vw_name, __vw_tags = {},
                 __vw_width = width, __vw_height = height }
   for t in string.gmatch(tags, "%S+") do map.__vw_tags[t] = true end
   return map, { __vw_slot = slot, __vw_map = map }
end
function dgn.inspect_map(placement, x, y)
   return __vw_inspect(placement.__vw_slot, x, y)
end
function dgn.reuse_map(placement, x, y, hflip, vflip, rotate)
   local map = placement.__vw_map
   map.__vw_width, map.__vw_height =
      __vw_reuse(placement.__vw_slot, x, y, hflip, vflip, rotate or 0)
end
-- Built and drawn at once: at `(x, y)` when given, else where it fits.
function dgn.place_map(m, check_collision, no_exits, x, y)
   local map, placement = dgn.resolve_map(m)
   if not placement then return nil end
   if type(x) ~= "number" or type(y) ~= "number" then
      x = crawl.random_range(1, math.max(1, dgn.GXM - map.__vw_width - 1))
      y = crawl.random_range(1, math.max(1, dgn.GYM - map.__vw_height - 1))
   end
   dgn.reuse_map(placement, x, y)
   return placement
end
-- A map's parameters come from a placer (`dgn.place_maps`): none here.
function dgn.map_parameters() return {} end
-- crawl's byte-wise comparison of two strings: -1, 0 or 1.
function crawl.string_compare(a, b)
   if a < b then return -1 elseif a > b then return 1 end
   return 0
end

-- Levels are made before the game is under way.
function crawl.game_started() return false end
function crawl.err_trace(f, ...) return f(...) end

-- The place the map is built for (see `Place` in mod.rs).
you = {}
function you.in_branch(b) return string.lower(b) == string.lower((where())) end
function you.branch() return (where()) end
function you.depth() local _, depth = where() return depth end
-- crawl's absolute depth, 1-based (`env.absdepth0 + 1`).
function you.absdepth()
   local branch, depth = where()
   return (branches[branch] or { 0, 0 })[2] + depth
end
function you.where() return level_name(where()) end
function you.depth_fraction() return 0 end
function you.at_branch_bottom() return false end
function you.zigs_completed() return 0 end
function you.uniques() return false end
function you.unrands() return false end
function you.have_rune() return false end
function you.turns() return 0 end
function you.race() return "Human" end
function you.god() return "" end
function you.see_cell() return false end
function you.monster() return "program bug" end
function you.name() return "Adventurer" end
-- A new character: a silent human with no mutations and no skill.
function you.silenced() return false end
function you.genus() return "human" end
function you.species() return "Human" end
function you.get_base_mutation_level() return 0 end
function you.mutation() return 0 end
function you.base_skill() return 0 end

-- `mapgrd[x][y]`: the map's glyph at column x, row y (from 0).
__vw_mapgrd = setmetatable({}, { __index = function(_, x)
   return setmetatable({}, {
      __index = function(_, y) return __vw_glyph(x, y) end,
      __newindex = function(_, y, glyph) __vw_set_glyph(x, y, glyph) end,
   })
end })

-- The map's environment (dungeon.lua's dgn_map_meta_wrap): reads fall
-- through to the globals, each `dgn` function is bound to the map, and
-- `_G` is the environment itself (`helper(_G)` hands the map over).
function __vw_make_env()
   -- Each map is built as on a new level of a new game: no environment
   -- or persistent data is kept from an earlier run (see kept.rs).
   dgn._map_envs = {}
   dgn.persist = {}
   __vw_indexed = {}
   __vw_reset_colours()
   -- crawl's own wrapper when its library is loaded (dungeon.lua).
   if rawget(_G, "dgn_map_meta_wrap") then
      return dgn_map_meta_wrap(__vw_map, dgn)
   end
   local env = setmetatable({}, { __index = _G })
   for name, f in pairs(dgn) do
      if type(f) == "function" then
         env[name] = function(...) return f(__vw_map, ...) end
      end
   end
   env.mapgrd = __vw_mapgrd
   env._G = env
   env.wrapped_instance = __vw_map
   return env
end

-- A global read that finds nothing is noted, so a run stopped by a call
-- of nil can name what was missing.
setmetatable(_G, { __index = function(_, name) __vw_missing(name) end })
for _, table_name in ipairs({ "dgn", "crawl", "you" }) do
   setmetatable(_G[table_name], {
      __index = function(_, name) __vw_missing(table_name .. "." .. tostring(name)) end,
   })
end
