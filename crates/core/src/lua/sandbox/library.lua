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
