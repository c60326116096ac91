-- Table functions level scripts use that piccolo's core library lacks,
-- with Lua 5.4's behaviour (written for this project).
function table.insert(list, a, b)
   if b == nil then
      list[#list + 1] = a
      return
   end
   local i = #list
   while i >= a do
      list[i + 1] = list[i]
      i = i - 1
   end
   list[a] = b
end

function table.remove(list, at)
   local n = #list
   at = at or n
   local gone = list[at]
   for i = at, n - 1 do
      list[i] = list[i + 1]
   end
   if n > 0 then
      list[n] = nil
   end
   return gone
end

function table.concat(list, sep, i, j)
   sep = sep or ""
   local out = ""
   for k = i or 1, j or #list do
      out = out .. (k > (i or 1) and sep or "") .. list[k]
   end
   return out
end

function table.sort(list, less)
   less = less or function(a, b) return a < b end
   for i = 2, #list do
      local v = list[i]
      local j = i - 1
      while j >= 1 and less(v, list[j]) do
         list[j + 1] = list[j]
         j = j - 1
      end
      list[j + 1] = v
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
