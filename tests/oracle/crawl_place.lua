-- Places vaults on an empty level of crawl and dumps what it built, for
-- the comparison with crawl in tests/integration/dcss_crawl_oracle.rs.
-- Written for this project; it only calls crawl's own Lua API. crawl runs
-- scripts from its `scripts` folder, so the test copies it there:
--
--   cd crawl-ref/source && ./crawl -script vaultwright_place.lua OUT RUNS NAME@PLACE...
--
-- Each vault is placed on a level of PLACE (`Geh:1`), the place the
-- project draws it for (the first its DEPTH allows), since its Lua may
-- ask where it is. For each vault and run it writes crawl's own map
-- dump (80 by 70 glyphs) to OUT/NAME.RUN.txt and prints `PLACED NAME RUN x y w h`: where the
-- vault lies, unturned (the whole level for a layout that paints it); or `FAILED NAME RUN` when crawl placed nothing,
-- `NOMAP NAME` when it has no such vault.

local args = crawl.script_args()
local out, runs = args[1], tonumber(args[2])

-- The placement of the vault named `name` among those on the level (a
-- layout may place rooms of its own before it is recorded).
local function placement_of(name)
   local used = dgn.maps_used_here()
   for _, placed in ipairs(used) do
      if dgn.name(placed:map()) == name then
         return placed
      end
   end
   return used[1]
end

local function place(map, name, where, run)
   debug.goto_place(where)
   debug.reset_rng(run)
   debug.reset_player_data()
   dgn.reset_level()
   -- An empty level: floor inside its border of rock.
   dgn.fill_grd_area(1, 1, 78, 68, "floor")
   local layout = dgn.has_tag(map, "layout")
   -- As its author wrote it: neither turned nor mirrored.
   dgn.tags(map, "no_rotate no_vmirror no_hmirror no_pool_fixup")
   if not dgn.place_map(map, false, true) then
      print("FAILED " .. name .. " " .. run)
      return
   end
   local placed = placement_of(name)
   -- Points, as crawl gives them: tables of x and y.
   local pos, size = placed:pos(), placed:size()
   -- A layout that paints the level and leaves its own map empty (the
   -- game's C++ levels, the Vaults' rooms): the whole level is what it
   -- built.
   if layout and (size.x == 0 or size.y == 0) then
      pos, size = { x = 0, y = 0 }, { x = 80, y = 70 }
   end
   debug.dump_map(out .. "/" .. name .. "." .. run .. ".txt")
   print(("PLACED %s %d %d %d %d %d"):format(name, run, pos.x, pos.y, size.x, size.y))
end

for i = 3, #args do
   local name, where = args[i]:match("^(.*)@(.*)$")
   local map = dgn.map_by_name(name)
   if not map then
      print("NOMAP " .. name)
   else
      for run = 1, runs do
         -- A vault whose Lua fails stops this run, not the others.
         local ok, err = pcall(place, map, name, where, run)
         if not ok then
            print("FAILED " .. name .. " " .. run .. " " .. tostring(err))
         end
      end
   end
end
