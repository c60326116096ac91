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
function dgn.max_monsters() return 700 end
-- Flags tags only the game's placement reads.
function dgn.map_register_flag() end

-- crawl's namespaces for the functions markers call back (dungeon.lua
-- makes `callback`; vaults add to it without the library too) and for
-- its marker helpers (`lmark`, made by the game).
callback = {}
lmark = {}
function dgn.mapgrd_table() return __vw_mapgrd end

-- Levels are made before the game is under way.
function crawl.game_started() return false end
function crawl.err_trace(f, ...) return f(...) end

-- The place the map is built for (see `Place` in mod.rs).
you = {}
function you.in_branch(b) return string.lower(b) == string.lower((__vw_where())) end
function you.branch() return (__vw_where()) end
function you.depth() local _, depth = __vw_where() return depth end
function you.absdepth() local _, _, absdepth = __vw_where() return absdepth end
function you.where() local branch, depth = __vw_where() return branch .. ":" .. depth end
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
