-- Table functions level scripts use that piccolo's core library lacks,
-- with Lua 5.4's behaviour (written for this project).
-- (`table.insert` and `table.remove` are natives: lists.rs.)

-- Lua's `table.concat`, joined by halves: each byte is copied about
-- log2(n) times, not n times as a left-to-right join copies it.
function table.concat(list, sep, i, j)
   sep = sep or ""
   i, j = i or 1, j or #list
   if i > j then
      return ""
   end
   local function piece(k)
      local v = list[k]
      local kind = type(v)
      if kind ~= "string" and kind ~= "number" then
         error("invalid value (at index " .. k .. ") in table for 'concat'")
      end
      return v
   end
   local function join(a, b)
      if a == b then
         return piece(a)
      end
      local mid = (a + b) // 2
      return join(a, mid) .. sep .. join(mid + 1, b)
   end
   return join(i, j) .. ""
end

-- Lua's `table.sort`, as a merge sort: n log n comparisons, as Lua's own
-- quicksort makes (crawl's layouts sort lists of thousands of cells).
-- It keeps equal elements in order, which Lua's does not promise: no
-- script can rely on their order.
function table.sort(list, less)
   less = less or function(a, b) return a < b end
   local n = #list
   local from, to = list, {}
   local width = 1
   while width < n do
      local lo = 1
      while lo <= n do
         local mid = math.min(lo + width, n + 1)
         local hi = math.min(lo + 2 * width, n + 1)
         local a, b, k = lo, mid, lo
         while a < mid and b < hi do
            if less(from[b], from[a]) then
               to[k] = from[b]
               b = b + 1
            else
               to[k] = from[a]
               a = a + 1
            end
            k = k + 1
         end
         for r = a, mid - 1 do
            to[k] = from[r]
            k = k + 1
         end
         for r = b, hi - 1 do
            to[k] = from[r]
            k = k + 1
         end
         lo = hi
      end
      from, to = to, from
      width = width * 2
   end
   if from ~= list then
      for k = 1, n do
         list[k] = from[k]
      end
   end
end

-- getmetatable of a value that is not a table: Lua answers the type's
-- metatable (a string's is the string library's); piccolo refuses. Nil
-- here: no script compares it with anything of its own.
local table_metatable = getmetatable
function getmetatable(v)
   if type(v) == "table" then
      return table_metatable(v)
   end
   return nil
end

-- A long `or` / `and` chain, its terms as functions run in order until one
-- decides (see rewrite.rs): the first true (false) value, else the last.
function __vw_or(terms)
   local n = #terms
   for i = 1, n - 1 do
      local v = terms[i]()
      if v then
         return v
      end
   end
   return terms[n]()
end

function __vw_and(terms)
   local n = #terms
   for i = 1, n - 1 do
      local v = terms[i]()
      if not v then
         return v
      end
   end
   return terms[n]()
end

-- string.gmatch and string.gsub over __vw_scan (strings.rs): the first
-- match at or after a byte offset whose end is not the last match's end,
-- as Lua 5.4's loops take them.
function string.gmatch(s, p, init)
   s = tostring(s)
   local pos = 0
   if init ~= nil then
      pos = init > 0 and init - 1 or math.max(#s + init, 0)
   end
   local last = -1
   return function()
      if pos > #s then
         return nil
      end
      local found = table.pack(__vw_scan(s, p, pos, last, false))
      if found[1] == nil then
         pos = #s + 1
         return nil
      end
      pos, last = found[2], found[2]
      return table.unpack(found, 3, found.n)
   end
end

local function replacement(repl, s, from, to, captures)
   local whole = string.sub(s, from + 1, to)
   local kind = type(repl)
   local value
   if kind == "string" or kind == "number" then
      repl = tostring(repl)
      local out, i = {}, 1
      while i <= #repl do
         local c = string.sub(repl, i, i)
         if c == "%" then
            i = i + 1
            local d = string.sub(repl, i, i)
            if d == "%" then
               out[#out + 1] = "%"
            elseif d == "0" then
               out[#out + 1] = whole
            elseif d >= "1" and d <= "9" and tonumber(d) <= math.max(#captures, 1) then
               out[#out + 1] = tostring(captures[tonumber(d)])
            else
               error("invalid use of '%' in replacement string")
            end
         else
            out[#out + 1] = c
         end
         i = i + 1
      end
      return table.concat(out)
   elseif kind == "table" then
      value = repl[captures[1]]
   elseif kind == "function" then
      value = repl(table.unpack(captures))
   else
      error("bad argument #3 to 'gsub' (string/function/table expected, got " .. kind .. ")")
   end
   if value == nil or value == false then
      return whole
   end
   if type(value) ~= "string" and type(value) ~= "number" then
      error("invalid replacement value (a " .. type(value) .. ")")
   end
   return tostring(value)
end

function string.gsub(s, p, repl, n)
   s, p = tostring(s), tostring(p)
   local anchored = string.sub(p, 1, 1) == "^"
   local out, pos, last, count = {}, 0, -1, 0
   local most = n or math.huge
   while count < most do
      local found = table.pack(__vw_scan(s, p, pos, last, anchored))
      if found[1] == nil then
         break
      end
      local from, to = found[1], found[2]
      out[#out + 1] = string.sub(s, pos + 1, from)
      out[#out + 1] = replacement(repl, s, from, to, table.pack(table.unpack(found, 3, found.n)))
      count = count + 1
      pos, last = to, to
      if anchored then
         break
      end
   end
   out[#out + 1] = string.sub(s, pos + 1)
   return table.concat(out), count
end

-- `o:m(...)`, which the rewritten script calls: piccolo gives strings no
-- metatable, where Lua's is the string library's (`s:sub(2)`).
local string_library, value_type = string, type
function __vw_self(o, name, ...)
   local method
   if value_type(o) == "string" then
      method = string_library[name]
   else
      method = o[name]
   end
   if method == nil then
      error("attempt to call a nil value (method '" .. name .. "')")
   end
   return method(o, ...)
end

-- `o[k]` in a script whose field reads are calls (`string_fields.rs`):
-- a string's fields are the string library's, as Lua's metatable for
-- strings gives them; piccolo gives strings none.
function __vw_index(o, k)
   if value_type(o) == "string" then
      return string_library[k]
   end
   return o[k]
end

-- `string.rep(s, n [, sep])`, which piccolo's library lacks: built by
-- doubling, each `..` measured against the memory cap.
function string.rep(s, n, sep)
   s, n = tostring(s), math.floor(n)
   if n <= 0 then
      return ""
   end
   if sep ~= nil and sep ~= "" then
      return s .. string.rep(sep .. s, n - 1)
   end
   local out, piece = "", s
   while n > 0 do
      if n % 2 == 1 then
         out = out .. piece
      end
      n = n // 2
      if n > 0 then
         piece = piece .. piece
      end
   end
   return out
end

-- `a, b = x, y`: every value made before any is stored, as Lua does
-- (piccolo 0.3.3 stores each as it is made: `a, b = b, a` gave b, b).
function __vw_values(...)
   return ...
end

-- `(f())` and the last operand of `..`: the first of the values, which
-- Lua gives there (piccolo 0.3.3 passes on all of them).
function __vw_one(v)
   return v
end
