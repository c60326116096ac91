-- Vaultwright's stand-ins for the helpers NetHack's nhlib.lua gives every
-- level script (same names and behaviour; written for this project). The
-- game's own nhlib.lua is loaded instead whenever it is at hand.

math.random = function(...)
   local n = select("#", ...)
   local a, b = ...
   if n == 1 then
      return 1 + nh.rn2(a)
   elseif n == 2 then
      return nh.random(a, b + 1 - a)
   end
   return nil .. "math.random needs one or two numbers"
end

function shuffle(list)
   local i = #list
   while i > 1 do
      local j = math.random(i)
      list[i], list[j] = list[j], list[i]
      i = i - 1
   end
end

align = { "law", "neutral", "chaos" }
shuffle(align)

function d(dice, faces)
   if faces == nil then
      return math.random(1, dice)
   end
   local total = 0
   for _ = 1, dice do
      total = total + math.random(1, faces)
   end
   return total
end

function percent(chance)
   return math.random(0, 99) < chance
end

function monkfoodshop()
   if u.role == "Monk" then
      return "health food shop"
   end
   return "food shop"
end

function hell_tweaks(protected_area)
end

function pline(fmt, ...)
   nh.pline(string.format(fmt, ...))
end

