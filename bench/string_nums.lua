-- Lua twin of string_nums.as: integers and doubles (printed as %g, as AngelScript does) joined
-- to strings; the pieces are joined with table.concat (repeated .. would be quadratic).
local total = 0
local s
for rep = 1, 20 do
  local t = {}
  for i = 0, 50000 - 1 do t[#t + 1] = (i * 37) .. ":" .. string.format("%g", i * 0.25) .. ";" end
  s = table.concat(t)
  total = total + #s
end
print(string.format("%d", total) .. " " .. s:sub(-24))
